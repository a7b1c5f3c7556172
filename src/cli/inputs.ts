/** Turns the command line's input folders into absolute paths, with usable errors. */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXAMPLE_CORPUS } from './paths.ts';
import { UsageError } from './output.ts';

/** Resolves input folders; with none, the bundled example corpus. Throws {@link UsageError}. */
export async function resolveInputs(dirs: string[]): Promise<string[]> {
  const given = dirs.length > 0 ? dirs : [EXAMPLE_CORPUS];
  const out: string[] = [];
  for (const dir of given) {
    const abs = resolve(dir);
    const info = await stat(abs).catch(() => null);
    if (!info) throw new UsageError(`input folder ${dir} does not exist`, 'check the path, or run without a folder to use the bundled example corpus');
    if (!info.isDirectory()) throw new UsageError(`input ${dir} is not a folder`, 'pass the folder that holds the records (decisions.jsonl, decisions.tsv, audit.json, .beads/)');
    if (!out.includes(abs)) out.push(abs);
  }
  return out;
}
