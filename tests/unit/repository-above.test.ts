/**
 * use12: `trailbook check services` at the root of the git repository holding `services/`
 * found no repository (one is looked for only inside the input folders) and said only
 * "git checks inconclusive: no repository": every pointer not checkable, its missing paths
 * unflagged, and no word of why or what to run. Now a note names the repository and the command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryAbove, repositoryAboveLines } from '../../src/cli/repository-above.ts';
import type { ProjectSummary } from '../../src/lib/archive/summary.ts';

let dir: string;
let cwd: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-repo-above-'));
  await mkdir(join(dir, 'mono', '.git'), { recursive: true });
  await mkdir(join(dir, 'mono', 'services', 'api'), { recursive: true });
  await mkdir(join(dir, 'mono', 'vendor', 'lib', '.git'), { recursive: true });
  await mkdir(join(dir, 'loose', 'trails'), { recursive: true });
  cwd = process.cwd();
  process.chdir(join(dir, 'mono'));
});

afterAll(async () => {
  process.chdir(cwd);
  await rm(dir, { recursive: true, force: true });
});

const project = (id: string, problem: string | null, pointers: number): ProjectSummary =>
  ({ id, repository: { problem }, counts: { pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: pointers } } }) as unknown as ProjectSummary;

describe('an input folder inside a git repository that is not read', () => {
  it('finds the nearest repository above a folder, and none above one outside any', async () => {
    expect(await repositoryAbove(join(dir, 'mono', 'services'))).toBe(join(dir, 'mono'));
    expect(await repositoryAbove(join(dir, 'loose', 'trails'))).toBeNull();
  });

  it('names the repository, what was not checked, and the command that checks it', async () => {
    const api = join(dir, 'mono', 'services', 'api');
    const lines = await repositoryAboveLines([join(dir, 'mono', 'services')], [project('api', 'no repository', 9)], new Map([['api', api]]), 'check');
    expect(lines).toEqual([
      'note: services lies inside the git repository at ., which is not read (a repository is looked for only inside the input folders): 9 evidence pointers of 1 project are not checkable. To check them against it, give its folder: trailbook check .',
    ]);
    expect(await repositoryAboveLines([join(dir, 'mono', 'services')], [project('api', 'no repository', 1)], new Map([['api', api]]), 'build')).toEqual([
      'note: services lies inside the git repository at ., which is not read (a repository is looked for only inside the input folders): 1 evidence pointer of 1 project is not checkable. To check them against it, give its folder: trailbook build .',
    ]);
    // `dev` builds through the same code: it names itself.
    expect((await repositoryAboveLines([join(dir, 'mono', 'services')], [project('api', 'no repository', 2)], new Map([['api', api]]), 'dev'))[0]).toMatch(/give its folder: trailbook dev \.$/);
  });

  it('counts the pointers that could not be checked, not the cells of prose beside them (count14)', async () => {
    // Before: '3 evidence pointers of 1 project are not checkable' under 'evidence: 3 pointers: 0 verified, 0 did not
    // resolve, 2 prose (no pointer), 1 not checkable': prose is no pointer, and reading the repository checks none of it.
    const api = join(dir, 'mono', 'services', 'api');
    const withProse = (prose: number, notCheckable: number): ProjectSummary =>
      ({ id: 'api', repository: { problem: 'no repository' }, counts: { pointers: { verified: 0, failed: prose, unresolved: 0, prose, notCheckable } } }) as unknown as ProjectSummary;
    expect(await repositoryAboveLines([join(dir, 'mono', 'services')], [withProse(2, 1)], new Map([['api', api]]), 'check')).toEqual([
      'note: services lies inside the git repository at ., which is not read (a repository is looked for only inside the input folders): 1 evidence pointer of 1 project is not checkable. To check them against it, give its folder: trailbook check .',
    ]);
    expect(await repositoryAboveLines([join(dir, 'mono', 'services')], [withProse(2, 0)], new Map([['api', api]]), 'check')).toEqual([]);
  });

  it('says nothing when the input is a work tree, the project found its repository, cites nothing, or no repository encloses the input', async () => {
    const lib = join(dir, 'mono', 'vendor', 'lib');
    expect(await repositoryAboveLines([lib], [project('lib', 'no repository', 3)], new Map([['lib', lib]]), 'check')).toEqual([]);
    const api = join(dir, 'mono', 'services', 'api');
    const services = join(dir, 'mono', 'services');
    expect(await repositoryAboveLines([services], [project('api', null, 9)], new Map([['api', api]]), 'check')).toEqual([]);
    expect(await repositoryAboveLines([services], [project('api', 'no repository', 0)], new Map([['api', api]]), 'check')).toEqual([]);
    const loose = join(dir, 'loose', 'trails');
    expect(await repositoryAboveLines([loose], [project('t', 'no repository', 4)], new Map([['t', loose]]), 'check')).toEqual([]);
  });
});
