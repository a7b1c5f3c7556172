/** Every file below a folder, as sorted `/`-separated relative paths (for comparing built archives). */
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else out.push(p);
  }
  return out;
}

/** The files below `dir` for which `keep` holds (default: all), sorted. */
export async function listing(dir: string, keep: (rel: string) => boolean = () => true): Promise<string[]> {
  return (await files(dir)).map((f) => relative(dir, f).split(sep).join('/')).filter(keep).sort();
}
