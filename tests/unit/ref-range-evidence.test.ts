/**
 * Ranges and revisions named by refs other than a SHA (trust15, fault-injecting review). Each was
 * prose, a medium `evidence/prose` "evidence must be a pointer, not prose", on real evidence:
 * - a range between tags, or with a tag whose name holds a dot on the left (`v1.0..v2.0`,
 *   `v1.0...v2.0`, `v1.0..<sha>`): now resolved as a range whose ref ends are read in the
 *   repository (as `<sha>..HEAD` is), VERIFIED when both are there, and a missing tag end is the
 *   tag's own high `evidence/commit-not-found`;
 * - a range between two branches (`main..feat`): both ends move, so it is INCONCLUSIVE, as
 *   `origin/main..HEAD` is;
 * - a reflog entry (`stash@{0}`, `HEAD@{1}`, `main@{2}`): it moves with its ref and lives in one
 *   clone only: INCONCLUSIVE, saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
let second: string;
const short = (sha: string): string => sha.slice(0, 7);
const verdicts = (): string[][][] => model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']));
const MOVES = 'names a commit by a ref that moves (HEAD or a branch): which commit it named when the row was written is not known; not checked';
const REFLOG = 'names a commit by a reflog entry (`@{…}`), which moves with its ref and is kept by one clone only: which commit it named when the row was written is not known; not checked';

beforeAll(async () => {
  dir = await fixtureDir('ref-range-evidence');
  await initRepo(dir);
  await writeFiles(dir, { 'a.ts': '1\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  git(dir, ['tag', 'v1.0']);
  await writeFiles(dir, { 'a.ts': '1\n2\n' });
  second = commitAll(dir, 'Second', '2026-03-01T08:10:00Z');
  git(dir, ['tag', '-a', 'v2.0', '-m', 'Release 2.0'], '2026-03-01T08:10:00Z');
  git(dir, ['branch', 'feat']);
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'a.ts:1', 'start'),
      row('2026-03-01T09:01:00Z', 'Two tags', 'v1.0..v2.0'),
      row('2026-03-01T09:02:00Z', 'Two tags, three dots', 'v1.0...v2.0'),
      row('2026-03-01T09:03:00Z', 'A dotted tag and a SHA', `v1.0..${short(second)}`),
      row('2026-03-01T09:04:00Z', 'A missing tag end', 'v1.0..v9.9'),
      row('2026-03-01T09:05:00Z', 'Two branches', 'main..feat'),
      row('2026-03-01T09:06:00Z', 'A stash entry', 'stash@{0}'),
      row('2026-03-01T09:07:00Z', 'A reflog entry of HEAD', 'HEAD@{1}'),
      row('2026-03-01T09:08:00Z', 'A reflog entry of a branch', 'main@{2}'),
      row('2026-03-01T09:09:00Z', 'Words that are no refs', 'step..done'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a range named by refs', () => {
  it('resolves a range between tags, VERIFIED with the commits each names', () => {
    const both = `commits v1.0 (${short(first)}) and v2.0 (${short(second)}) exist: “First” … “Second”`;
    expect(verdicts().slice(1, 4)).toEqual([
      [['v1.0..v2.0', 'commit', 'VERIFIED', both, '']],
      [['v1.0...v2.0', 'commit', 'VERIFIED', both, '']],
      [[`v1.0..${short(second)}`, 'commit', 'VERIFIED', `commits v1.0 (${short(first)}) and ${short(second)} exist: “First” … “Second”`, '']],
    ]);
    const t = model.rows[1]?.evidence[0];
    expect([t?.target, t?.ends]).toEqual([{ type: 'commit', oid: second }, [{ oid: first }, { oid: second }]]);
  });

  it('says a missing tag end is missing, the high flag a missing tag gets', () => {
    expect(verdicts()[4]).toEqual([['v1.0..v9.9', 'commit', 'NOT_VERIFIED', `no tag v9.9 in ${dir.split('/').pop()}`, 'evidence/commit-not-found']]);
  });

  it('leaves a range of two branches not checked, as both ends move', () => {
    expect(verdicts()[5]).toEqual([['main..feat', 'commit', 'INCONCLUSIVE', `main..feat ${MOVES}`, '']]);
  });

  it('leaves a reflog entry not checked, saying why', () => {
    expect(verdicts().slice(6, 9)).toEqual([
      [['stash@{0}', 'commit', 'INCONCLUSIVE', `stash@{0} ${REFLOG}`, '']],
      [['HEAD@{1}', 'commit', 'INCONCLUSIVE', `HEAD@{1} ${REFLOG}`, '']],
      [['main@{2}', 'commit', 'INCONCLUSIVE', `main@{2} ${REFLOG}`, '']],
    ]);
  });

  it('keeps words joined by dots that name no ref as prose', () => {
    expect(verdicts()[9]).toEqual([['step..done', 'prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose', 'evidence/prose']]);
  });

  it('raises no prose flag on any of them', () => {
    expect(model.flags.filter((f) => f.kind.startsWith('evidence/')).map((f) => [f.kind, model.rows.findIndex((r) => r.id === f.rows[0])])).toEqual([
      ['evidence/commit-not-found', 4],
      ['evidence/prose', 9],
    ]);
  });
});
