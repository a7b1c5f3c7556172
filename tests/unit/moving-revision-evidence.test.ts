/**
 * Revisions named relative to a ref that moves (trust9's fault-injecting trial): `HEAD~2`,
 * `HEAD^`, `main~1`, `HEAD~2..HEAD` were read as prose, a medium `evidence/prose` ("evidence must
 * be a pointer, not prose") — they name commits, only not ones the repository can tell today:
 * HEAD has moved since the row was written. INCONCLUSIVE with that reason, no flag; a word that
 * only looks so (`x^2`) stays what it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => pointerVerdicts(model, 'kind');
const moving = (raw: string): string[] => [raw, 'commit', 'INCONCLUSIVE', `${raw} names a commit by a ref that moves (HEAD or a branch): which commit it named when the row was written is not known; not checked`];

beforeAll(async () => {
  dir = await fixtureDir('moving-revision');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': '1\n' });
  commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(dir, { 'src/a.ts': '1\n2\n' });
  commitAll(dir, 'Second', '2026-03-01T09:00:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'start', 'HEAD~2'),
      row('2026-03-01T10:01:00Z', 'Parent', 'HEAD^'),
      row('2026-03-01T10:02:00Z', 'Branch', 'main~1'),
      row('2026-03-01T10:03:00Z', 'Range', 'HEAD~2..HEAD'),
      row('2026-03-01T10:04:00Z', 'Remote range', 'origin/main..HEAD'),
      row('2026-03-01T10:05:00Z', 'HEAD alone', 'HEAD'),
      row('2026-03-01T10:06:00Z', 'Math', 'x^2'),
    ]),
  });
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a revision relative to a moving ref', () => {
  it('is a commit pointer, INCONCLUSIVE, never prose', () => {
    expect(verdicts().slice(0, 6)).toEqual([[moving('HEAD~2')], [moving('HEAD^')], [moving('main~1')], [moving('HEAD~2..HEAD')], [moving('origin/main..HEAD')], [moving('HEAD')]]);
    expect(model.flags.filter((f) => f.kind === 'evidence/prose').map((f) => f.rows)).toEqual([[model.rows[6]?.id]]);
  });

  it('leaves a word that only looks like one as it was', () => {
    expect(verdicts()[6]).toEqual([['x^2', 'prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose']]);
  });
});
