/**
 * Line ranges as agents write them (trust9's fault-injecting trial):
 * - `src/a.ts:3 to 50` was VERIFIED "line 3 of 10": the end of the range was left as a note, so
 *   a range past the end of the file showed clean and the link marked one line;
 * - `src/a.ts:3..5` (a Rust-style range) and `src/a.ts:3:1-5:2` (line:column to line:column)
 *   were prose, a medium `evidence/prose`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => pointerVerdicts(model, 'kind');
const lines = (n: number): unknown => {
  const t = model.rows[n]?.evidence[0]?.target;
  return t?.type === 'file' ? [t.from, t.to] : t;
};

beforeAll(async () => {
  ({ dir, model } = await committedProject('line-range-forms', {
    'src/a.ts': '1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T07:00:00Z', 'start', 'src/a.ts:3 to 5'),
      row('2026-03-01T07:01:00Z', 'Past the end', 'src/a.ts:3 to 50'),
      row('2026-03-01T07:02:00Z', 'Dots', 'src/a.ts:3..5'),
      row('2026-03-01T07:03:00Z', 'Dots past the end', 'src/a.ts:3..50'),
      row('2026-03-01T07:04:00Z', 'Columns', 'src/a.ts:3:1-5:2'),
      row('2026-03-01T07:05:00Z', 'A count after a line', 'src/a.ts:3 - 5 tests pass'),
      row('2026-03-01T07:06:00Z', 'One past the end', 'src/a.ts:1-11'),
      row('2026-03-01T07:07:00Z', 'All past the end', 'src/a.ts:11-12'),
    ]),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('line ranges as agents write them', () => {
  it('reads `path:a to b` as the range', () => {
    expect(verdicts()[0]).toEqual([['src/a.ts:3 to 5', 'path', 'VERIFIED', 'lines 3–5 of 10 exist at landed head']]);
    expect(lines(0)).toEqual([3, 5]);
    expect(verdicts()[1]).toEqual([['src/a.ts:3 to 50', 'path', 'NOT_VERIFIED', 'lines 3–50 run past the end of src/a.ts (10 lines at landed head): lines 11–50 are not there']]);
  });

  it('reads `path:a..b` as the range', () => {
    expect(verdicts()[2]).toEqual([['src/a.ts:3..5', 'path', 'VERIFIED', 'lines 3–5 of 10 exist at landed head']]);
    expect(lines(2)).toEqual([3, 5]);
    expect(verdicts()[3]).toEqual([['src/a.ts:3..50', 'path', 'NOT_VERIFIED', 'lines 3–50 run past the end of src/a.ts (10 lines at landed head): lines 11–50 are not there']]);
  });

  it('reads `path:line:col-line:col` as the lines', () => {
    expect(verdicts()[4]).toEqual([['src/a.ts:3:1-5:2', 'path', 'VERIFIED', 'lines 3–5 of 10 exist at landed head']]);
    expect(lines(4)).toEqual([3, 5]);
  });

  it('names the lines not there when a range runs past the end', () => {
    expect(verdicts()[6]).toEqual([['src/a.ts:1-11', 'path', 'NOT_VERIFIED', 'lines 1–11 run past the end of src/a.ts (10 lines at landed head): line 11 is not there']]);
    expect(verdicts()[7]).toEqual([['src/a.ts:11-12', 'path', 'NOT_VERIFIED', 'lines 11–12 are past the end of src/a.ts (10 lines at landed head)']]);
  });

  it('leaves a number that goes on into a sentence as it was', () => {
    expect(verdicts()[5]?.[0]).toEqual(['src/a.ts:3', 'path', 'VERIFIED', 'line 3 of 10 exists at landed head']);
  });
});
