/**
 * Line ranges written with other dashes (trust13): `src/a.ts:2‑3` (a non-breaking hyphen,
 * U+2011), `:2‒3` (figure dash), `:2—3` (em dash) and `:2−3` (minus sign) were prose, a medium
 * `evidence/prose` flag on real evidence, where `:2–3` (en dash) and `:2-3` are lines 2 to 3
 * of the file. Each now reads as that range, in every form a range is written in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { evidenceFlags, removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const DASHES = ['-', '\u2013', '\u2011', '\u2012', '\u2014', '\u2212'];
const lines = (n: number): string => Array.from({ length: n }, (_, i) => `const l${i + 1} = ${i};`).join('\n') + '\n';
const FORMS = (d: string): string[] => [`src/a.ts:2${d}3`, `src/a.ts:L2${d}L3`, `src/a.ts lines 2${d}3`, `lines 2${d}3 of src/a.ts`, `src/a.ts:2${d}99`];
const CELLS = DASHES.flatMap(FORMS);

let dir = '';
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('range-dashes', {
    'src/a.ts': lines(20),
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:${String(i).padStart(2, '0')}:00Z`, `decision ${i}`, c))),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);
afterAll(() => removeFixture(dir));

describe('a line range written with any dash', () => {
  it('reads as the range the hyphen and en dash give', () => {
    const verdicts = pointerVerdicts(model, 'fault');
    const hyphen = verdicts.slice(0, FORMS('-').length).map((r) => r.map(([, status, reason, fault]) => [status, reason, fault]));
    const ok = ['VERIFIED', 'lines 2–3 of 20 exist at landed head', ''];
    expect(hyphen).toEqual([[ok], [ok], [ok], [ok], [['NOT_VERIFIED', 'lines 2–99 run past the end of src/a.ts (20 lines at landed head): lines 21–99 are not there', 'evidence/line-out-of-range']]]);
    DASHES.forEach((d, k) => {
      const mine = verdicts.slice(k * hyphen.length, (k + 1) * hyphen.length).map((r) => r.map(([, status, reason, fault]) => [status, reason, fault]));
      expect([d, mine]).toEqual([d, hyphen]);
    });
  });

  it('raises no prose flag: only the line-out-of-range of each dash’s range past the end', () => {
    const flags = evidenceFlags(model).map(([kind, severity, rows]) => [kind, severity, rows.length]);
    expect(flags).toEqual(DASHES.map(() => ['evidence/line-out-of-range', 'high', 1]));
  });
});
