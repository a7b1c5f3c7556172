/**
 * Evidence in a shallow clone (trial7). A row written when `src/old.ts` existed, the file moved
 * since (`git mv`): in the full repository the row is VERIFIED at the new path (the trail's
 * history says which commit recorded it: tests/unit/fresh-trial-evidence.test.ts); in a
 * depth-1 clone (`git clone --depth 1`, what CI checkouts make by default) the history stops at
 * the head, so the same real evidence was a high `evidence/path-not-found`. A row first seen where
 * the history stops may have been written before, when what it cites was there: INCONCLUSIVE,
 * saying so, as a commit missing from a shallow clone already is. A line range that is no range
 * (`:0`) stays the fault it is at any commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let full: ProjectModel;
let shallow: ProjectModel;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('shallow-clone');
  const origin = join(dir, 'origin');
  await initRepo(origin);
  await writeFiles(origin, {
    'src/old.ts': 'alpha\nbeta\ngamma\n',
    'src/a.ts': 'one\n',
    'decisions.jsonl': trailText([row('2026-03-01T09:00:00Z', 'start', 'src/old.ts:2', 'start'), row('2026-03-01T09:01:00Z', 'Not a range', 'src/a.ts:0')]),
  });
  commitAll(origin, 'Trail', '2026-03-01T10:00:00Z');
  git(origin, ['mv', 'src/old.ts', 'src/new.ts']);
  commitAll(origin, 'Move', '2026-03-01T11:00:00Z');
  git(dir, ['clone', '-q', '--depth', '1', `file://${origin}`, 'clone']);
  head = git(join(dir, 'clone'), ['rev-parse', '--short=7', 'HEAD']).trim();
  full = await analyseProject(origin);
  shallow = await analyseProject(join(dir, 'clone'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('evidence in a shallow clone', () => {
  it('is VERIFIED at the new path in the full repository', () => {
    expect(full.rows[0]?.evidence.map((p) => p.status)).toEqual(['VERIFIED']);
  });

  it('a path the head lacks, on a row first seen where the history stops, is INCONCLUSIVE with no flag', () => {
    expect(git(join(dir, 'clone'), ['rev-parse', '--is-shallow-repository']).trim()).toBe('true');
    expect(shallow.rows[0]?.evidence.map((p) => [p.status, p.reason, p.fault ?? ''])).toEqual([
      [
        'INCONCLUSIVE',
        `src/old.ts not found at landed head ${head} nor in the project folder; the repository is a shallow clone whose history stops at ${head}, where this row is first seen: it may have been written earlier, when that was there (\`git fetch --unshallow\` would tell)`,
        '',
      ],
    ]);
    expect(shallow.flags.filter((f) => f.kind === 'evidence/path-not-found')).toEqual([]);
  });

  it('the project says once, as a medium flag, that the shallow clone left pointers unjudged, and how to fetch the history; the full repository does not', () => {
    const cut = git(join(dir, 'clone'), ['rev-parse', 'HEAD']).trim();
    expect(shallow.rows[0]?.evidence[0]?.reasonKind).toEqual({ kind: 'history-cut', at: cut });
    expect(shallow.flags.filter((f) => f.kind === 'repository/shallow-history').map((f) => [f.severity, f.summary, f.rows, f.at])).toEqual([
      [
        'medium',
        `${shallow.repository.path} is a shallow clone whose history stops at ${head}: 1 pointer of 1 row first seen there could not be judged (what the head lacks may have been there when the row was written, or never); fetch the whole history (\`git fetch --unshallow\`, or \`fetch-depth: 0\` in CI) and build again`,
        [shallow.rows[0]?.id],
        [{ file: 'decisions.jsonl', line: 1 }],
      ],
    ]);
    expect(full.flags.filter((f) => f.kind === 'repository/shallow-history')).toEqual([]);
  });

  it('a line range that is no range stays the high fault it is', () => {
    expect(shallow.rows[1]?.evidence.map((p) => [p.status, p.reason, p.fault])).toEqual([['NOT_VERIFIED', 'line 0 is not a valid line range', 'evidence/line-out-of-range']]);
    expect(shallow.flags.filter((f) => f.kind === 'evidence/line-out-of-range').map((f) => f.severity)).toEqual(['high']);
  });
});
