/**
 * A line number past what a JavaScript number holds exactly (new-user trial, round 8):
 * `src/a.ts:12345678901234567890` was quoted as line 12345678901234567000. The digits are kept
 * as written (`LineRange.written`, src/lib/evidence/path-shape.ts) and said in the reason, and
 * the line is past the end: the high `evidence/line-out-of-range`, as for any line past the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { lineRange } from '../../src/lib/evidence/path-shape.ts';
import { decisionRowHtml, type RowContext } from '../../src/components/html/decision-row.ts';
import type { ProjectModel, TrailRow } from '../../src/lib/model/types.ts';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const HUGE = '12345678901234567890';
const cells = [`src/a.ts:${HUGE}`, `src/a.ts:2-${HUGE}`, `src/a.ts#L${HUGE}`, `line ${HUGE} of src/a.ts`, `src/a.ts:3,${HUGE}`, `src/a.ts:${HUGE}1-${HUGE}`, 'src/a.ts:2'];

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => pointerVerdicts(model, 'fault');

beforeAll(async () => {
  ({ dir, model } = await committedProject('huge-lines', {
    'src/a.ts': 'one\ntwo\nthree\n',
    'runs/decisions.jsonl': trailText(cells.map((c, i) => row(`2026-03-01T09:0${i}:00Z`, `cites line ${i}`, c))),
  }, 'Trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a line number of 20 digits', () => {
  it('keeps its digits as written', () => {
    expect(lineRange(HUGE)).toEqual({ from: Number(HUGE), to: Number(HUGE), written: HUGE });
    expect(lineRange('12', '40')).toEqual({ from: 12, to: 40 });
    // Backwards, though both numbers round to one value.
    expect(lineRange(`${HUGE}1`, HUGE)).toMatchObject({ to: 0, written: `${HUGE}1–${HUGE}` });
    expect(classifyEvidence(`src/a.ts:${HUGE}`)).toEqual([{ raw: `src/a.ts:${HUGE}`, kind: 'path', path: 'src/a.ts', from: Number(HUGE), to: Number(HUGE), lines: [{ from: Number(HUGE), to: Number(HUGE), written: HUGE }] }]);
  });

  it('says the digits as written and flags the line past the end', () => {
    const past = (lines: string, verb = 'is'): string => `${lines} ${verb} past the end of src/a.ts (3 lines at landed head)`;
    expect(verdicts()).toEqual([
      [[`src/a.ts:${HUGE}`, 'NOT_VERIFIED', past(`line ${HUGE}`), 'evidence/line-out-of-range']],
      [[`src/a.ts:2-${HUGE}`, 'NOT_VERIFIED', past(`lines 2–${HUGE}`, 'are'), 'evidence/line-out-of-range']],
      [[`src/a.ts#L${HUGE}`, 'NOT_VERIFIED', past(`line ${HUGE}`), 'evidence/line-out-of-range']],
      [[`line ${HUGE} of src/a.ts`, 'NOT_VERIFIED', past(`line ${HUGE}`), 'evidence/line-out-of-range']],
      [[`src/a.ts:3,${HUGE}`, 'NOT_VERIFIED', past(`line ${HUGE}`), 'evidence/line-out-of-range']],
      [[`src/a.ts:${HUGE}1-${HUGE}`, 'NOT_VERIFIED', `lines ${HUGE}1–${HUGE} are not a valid line range`, 'evidence/line-out-of-range']],
      [['src/a.ts:2', 'VERIFIED', 'line 2 of 3 exists at landed head', '']],
    ]);
  });

  it('is said as written by check and on the row card', async () => {
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    expect(await main(['check', '--quiet', dir], out)).toBe(0);
    const first = results.find((l) => l.includes(`src/a.ts:${HUGE}`));
    expect(first).toBe(`  high   evidence/line-out-of-range  decisions.jsonl:1  row ${model.rows[0]?.id} “cites line 0” — src/a.ts:${HUGE}: line ${HUGE} is past the end of src/a.ts (3 lines at landed head)`);
    expect(results.join('\n')).not.toContain('12345678901234567000');
    const ctx: RowContext = { base: '/', projectId: model.id, repoId: 'r1', anchorOf: () => undefined, chainOf: () => [] };
    expect(decisionRowHtml(model.rows[0] as TrailRow, ctx).value).toContain(`<small>line ${HUGE} is past the end of src/a.ts (3 lines at landed head)</small>`);
  });
});
