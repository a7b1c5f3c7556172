/**
 * `<remote>/<branch>` read against the repository's remotes (trust9) read `.git/config` afresh for
 * every not-found `<remote>/<x>` path of every row (trust11, item 6). The remote names are read
 * once per repository within a build, and afresh by the next build: a remote renamed between two
 * builds is seen by the second (no memo outlives the build that made it).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

const reads = vi.hoisted(() => [] as string[]);
vi.mock('../../src/lib/git/origin-remote.ts', async (original) => {
  const real = await original<typeof import('../../src/lib/git/origin-remote.ts')>();
  return {
    ...real,
    remoteNames: async (gitdir: string): Promise<string[]> => {
      reads.push(gitdir);
      return real.remoteNames(gitdir);
    },
  };
});

let dir: string;
const CITED = ['upstream/feature-a', 'upstream/feature-b', 'upstream/feature-c'];
const branch = (path: string): string[] => [
  path,
  'INCONCLUSIVE',
  `${path} names branch ${path.slice('upstream/'.length)} of the remote upstream, which this clone holds no ref of (fetched without it, or deleted after a merge), not a file: a branch moves, so it names no fixed commit; not checked`,
];

beforeAll(async () => {
  dir = await fixtureDir('remote-names-memo');
  await initRepo(dir);
  git(dir, ['remote', 'add', 'upstream', 'https://example.invalid/acme/proj.git']);
  await writeFiles(dir, {
    'src/a.ts': '1\n',
    'decisions.jsonl': trailText(CITED.map((c, i) => row(`2026-03-01T07:0${i}:00Z`, `d${i}`, c))),
  });
  commitAll(dir, 'First', '2026-03-01T08:00:00Z');
}, 60_000);

afterAll(() => removeFixture(dir));

describe('the remote names of a repository', () => {
  it('are read once in a build, however many rows cite a branch of a remote', async () => {
    reads.length = 0;
    const model: ProjectModel = await analyseProject(dir);
    expect(pointerVerdicts(model)).toEqual(CITED.map((c) => [branch(c)]));
    expect(reads).toHaveLength(1);
  });

  it('are read afresh by the next build', async () => {
    git(dir, ['remote', 'rename', 'upstream', 'fork']);
    reads.length = 0;
    const model: ProjectModel = await analyseProject(dir);
    expect(pointerVerdicts(model).map((r) => r.map((p) => [p[0], p[1]]))).toEqual(CITED.map((c) => [[c, 'NOT_VERIFIED']]));
    expect(reads).toHaveLength(1);
  });
});
