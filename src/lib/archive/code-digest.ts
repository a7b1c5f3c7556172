/**
 * A digest of Trailbook's own core code (every file under src/lib), so cached models are
 * rebuilt when the rules that made them change.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { buildContextOrNull } from '../config/build-context.ts';

let cached: Promise<string> | null = null;

async function listTs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listTs(path)));
    else if (e.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Hex digest of src/lib (computed once per process). */
export function codeDigest(): Promise<string> {
  cached ??= (async () => {
    const root = buildContextOrNull()?.root;
    const lib = root ? join(root, 'src', 'lib') : dirname(dirname(fileURLToPath(import.meta.url)));
    const hash = createHash('sha256');
    for (const file of await listTs(lib)) hash.update(file.slice(lib.length)).update('\0').update(await readFile(file)).update('\0');
    return hash.digest('hex').slice(0, 16);
  })();
  return cached;
}
