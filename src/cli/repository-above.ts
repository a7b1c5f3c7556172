/**
 * What `build` and `check` say when an input folder lies inside a git repository that they do
 * not read (use12). A project's repository is looked for from its folder up to its input folder,
 * never above it (src/lib/project/canonical-repository.ts; docs/security.md), so
 * `trailbook check services` run at the root of the repository holding `services/` found no
 * repository: every pointer was "not checkable: no repository", its missing paths and commits
 * raised no flag, and nothing said why or what to run instead.
 */
import { stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { ProjectSummary } from '../lib/archive/summary.ts';
import { grouped } from '../lib/text/grouped.ts';
import { fromCwd } from './paths.ts';
import { plural } from './output.ts';
import { shellWord } from './summary.ts';

const hasGit = (dir: string): Promise<boolean> => stat(join(dir, '.git')).then(
  () => true,
  () => false,
);

/** The nearest folder strictly above `dir` holding a `.git`, or null (none up to the file-system root). */
export async function repositoryAbove(dir: string): Promise<string | null> {
  for (let current = dirname(dir); ; current = dirname(current)) {
    if (await hasGit(current)) return current;
    if (dirname(current) === current) return null;
  }
}

/**
 * One line per input folder (absolute, in `roots`) that is no work tree itself but lies inside
 * one, and holds projects (their folders in `projectDirs`, by id) that found no repository
 * while they cite evidence: the repository, what was not checked, and the command that checks
 * it (`verb`: the command that ran, `check`, `build` or `dev`). Empty when there is none.
 *
 * @example `note: services lies inside the git repository at ., which is not read (a repository is looked for only inside the input folders): 9 evidence pointers of 1 project are not checkable. To check them against it, give its folder: trailbook check .`
 */
export async function repositoryAboveLines(roots: readonly string[], projects: readonly ProjectSummary[], projectDirs: ReadonlyMap<string, string>, verb: 'check' | 'build' | 'dev'): Promise<string[]> {
  const lines: string[] = [];
  for (const root of roots) {
    const inside = (dir: string): boolean => dir === root || dir.startsWith(root.endsWith(sep) ? root : root + sep);
    const unchecked = projects.filter((p) => p.repository.problem === 'no repository' && p.counts.pointers.notCheckable > 0 && inside(projectDirs.get(p.id) ?? ''));
    if (unchecked.length === 0 || (await hasGit(root))) continue;
    const repository = await repositoryAbove(root);
    if (repository === null) continue;
    // The pointers reading the repository would check: not prose (no pointer), which nothing checks (count14).
    const pointers = unchecked.reduce((n, p) => n + p.counts.pointers.notCheckable, 0);
    lines.push(
      `note: ${fromCwd(root)} lies inside the git repository at ${fromCwd(repository)}, which is not read (a repository is looked for only inside the input folders): ${grouped(pointers)} evidence pointer${pointers === 1 ? '' : 's'} of ${plural(unchecked.length, 'project')} ${pointers === 1 ? 'is' : 'are'} not checkable. To check them against it, give its folder: trailbook ${verb} ${shellWord(fromCwd(repository))}`,
    );
  }
  return lines;
}
