/** Every file of a built archive as text, for searching what it publishes (tests/e2e/secrets*.test.ts). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Every file under `root` as text, by its path under `root`; gzip files (`.gz`, the search index's `.bin`) unpacked. */
export async function outputFiles(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else {
        let data = await readFile(p);
        if (data[0] === 0x1f && data[1] === 0x8b) data = gunzipSync(data);
        out.set(p.slice(root.length + 1), data.toString('utf8'));
      }
    }
  };
  await walk(root);
  return out;
}
