/**
 * The pairs of projects the archive compares (issue 15, scope 6): given by the configuration's
 * `compare` (e.g. two runs of one ticket), each side a project id or its folder as the archive
 * shows it. Resolved against the archive after analysis; a side that names no project, or a
 * pair of one project with itself, is reported (and skipped), never fatal. Stored in the cache
 * for the compare pages, tagged with the run rendering them.
 */
import { readFile } from 'node:fs/promises';
import { writeAtomic } from '../fs/cache-files.ts';
import { join } from 'node:path';
import { buildContextOrNull } from '../config/build-context.ts';

/** A resolved pair: archive ids and titles. */
export interface ComparePair {
  a: { id: string; title: string };
  b: { id: string; title: string };
}

/** `name` without its trailing slashes, in one pass from the end (no backtracking pattern). */
function withoutTrailingSlashes(name: string): string {
  let end = name.length;
  while (end > 0 && name.charCodeAt(end - 1) === 0x2f) end--;
  return name.slice(0, end);
}

/** Resolves configured pairs against the archive's projects. */
export function resolvePairs(wanted: ReadonlyArray<{ a: string; b: string }>, projects: ReadonlyArray<{ id: string; title: string; root: string }>): { pairs: ComparePair[]; problems: string[] } {
  const find = (name: string) => projects.find((p) => p.id === name) ?? projects.find((p) => p.root === withoutTrailingSlashes(name));
  const pairs: ComparePair[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  wanted.forEach((w, i) => {
    const a = find(w.a);
    const b = find(w.b);
    if (!a || !b) {
      for (const [side, name, found] of [['a', w.a, a], ['b', w.b, b]] as const) if (!found) problems.push(`compare[${i}].${side}: no project "${name}" in this archive (give a project id or its folder as the home lists it)`);
      return;
    }
    if (a.id === b.id) {
      problems.push(`compare[${i}]: a and b are the same project (${a.id})`);
      return;
    }
    const key = `${a.id}\u0000${b.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push({ a: { id: a.id, title: a.title }, b: { id: b.id, title: b.title } });
  });
  return { pairs, problems };
}

const pairsFile = (cacheDir: string): string => join(cacheDir, 'compare', 'pairs.json');

/** Stores this build's pairs. */
export async function writePairs(cacheDir: string, run: string, pairs: readonly ComparePair[]): Promise<void> {
  await writeAtomic(pairsFile(cacheDir), JSON.stringify({ run, pairs }));
}

/** The pairs stored by the run now rendering (the build context's `run`), or none. */
export async function readPairs(cacheDir: string, run: string | undefined = buildContextOrNull()?.run ?? undefined): Promise<ComparePair[]> {
  if (!run) return [];
  try {
    const stored = JSON.parse(await readFile(pairsFile(cacheDir), 'utf8')) as { run: string; pairs: ComparePair[] };
    return stored.run === run ? stored.pairs : [];
  } catch {
    return [];
  }
}
