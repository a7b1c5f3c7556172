/**
 * A trail moved (`git mv`) after its rows were committed (trust14's fault-injecting trial). Its
 * history stopped at the move, so every row was "recorded" by the commit that moved it: a
 * `src/a.ts:3-4` written before two lines were added at the file's top was read at the move
 * commit, where lines 3–4 were already two other lines, and followed to the head as those — a
 * VERIFIED mark on lines the row never cited. The history now goes on at the path the trail was
 * moved from, as `git log --follow` does for an exact rename, and past a move that appended a
 * row in the same commit (the old text a prefix of the new).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let recorded: string;
let head: string;
const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

beforeAll(async () => {
  dir = await fixtureDir('moved-trail');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': lines(10) });
  commitAll(dir, 'Files', '2026-03-01T09:00:00Z');
  await writeFiles(dir, { 'old/decisions.jsonl': trailText([row('2026-03-01T10:00:00Z', 'start', 'src/a.ts:3-4', 'start')]) });
  recorded = commitAll(dir, 'Trail', '2026-03-01T11:00:00Z');
  await writeFiles(dir, { 'src/a.ts': 'new\nnewer\n' + lines(10) });
  commitAll(dir, 'Later', '2026-03-02T11:00:00Z');
  git(dir, ['mv', 'old', 'trail']);
  commitAll(dir, 'Move the trail', '2026-03-03T11:00:00Z');
  // Moved again, a row appended in the same commit.
  git(dir, ['mv', 'trail', 'records']);
  await writeFiles(dir, { 'records/decisions.jsonl': trailText([row('2026-03-01T10:00:00Z', 'start', 'src/a.ts:3-4', 'start'), row('2026-03-03T12:00:00Z', 'Appended as it moved', 'src/a.ts:1')]) });
  commitAll(dir, 'Move the trail again, with a row', '2026-03-03T12:00:00Z');
  await writeFiles(dir, { 'src/a.ts': 'x\nnew\nnewer\n' + lines(10) });
  head = commitAll(dir, 'Later still', '2026-03-04T11:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a trail moved since its rows were committed', () => {
  it('reads each row at the commit that recorded it, before the move', () => {
    // Before: `cited 3–4 at <the move>; now 4–5 at the landed head …`, lines 4–5 being `line 1` and `line 2`.
    expect(pointerVerdicts(model)[0]).toEqual([['src/a.ts:3-4', 'VERIFIED', `cited 3–4 at ${recorded.slice(0, 7)}; now 6–7 at the landed head ${head.slice(0, 7)}, as src/a.ts changed since`]]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 3, to: 4, at: recorded });
  });

  it('raises nothing for the move itself', () => {
    expect(model.flags.map((f) => f.kind)).toEqual([]);
  });
});
