/** Turns the command line's input folders into absolute paths, with usable errors. */
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { EXAMPLE_CORPUS } from './paths.ts';
import { UsageError } from './output.ts';

/**
 * Resolves input folders against `cwd`; with none, `cwd` itself (a bare `trailbook build` reads
 * the folder it runs in); with `example`, the bundled example corpus. Throws {@link UsageError}.
 */
export async function resolveInputs(dirs: string[], cwd: string = process.cwd(), example = false): Promise<string[]> {
  if (example && dirs.length > 0) throw new UsageError(`--example and the folder${dirs.length > 1 ? 's' : ''} ${dirs.join(' ')} exclude each other`, 'pass --example alone to build the bundled example corpus, or the folders without --example');
  const given = example ? [EXAMPLE_CORPUS] : dirs.length > 0 ? dirs : [cwd];
  const out: string[] = [];
  for (const dir of given) {
    const abs = resolve(cwd, dir);
    const info = await stat(abs).catch(() => null);
    if (!info) throw new UsageError(`input folder ${dir} does not exist`, 'check the path, or run with --example to try the bundled example corpus');
    // A record file given where its folder was meant (use16: `trailbook check api/decisions.jsonl`): the fix names that folder.
    if (!info.isDirectory()) throw new UsageError(`input ${dir} is not a folder`, `pass the folder that holds the records (decisions.jsonl, decisions.tsv, audit.json, .beads/), here ${dirname(dir) === '.' ? 'the working folder, .' : dirname(dir)}`);
    if (!out.includes(abs)) out.push(abs);
  }
  return out;
}
