/**
 * Hostile but realistic line citations (trust10, hunt):
 * - a compiler's place, `src/a.ts(12,5)` (tsc, MSBuild and C# print errors so, and agents paste
 *   them): `src/a.ts(12)` was a high `evidence/path-not-found` for a file that is there, and
 *   `src/a.ts(12,5)` a medium `evidence/prose`. Now each is line 12 of the file.
 * - a second line after a claim in words, `src/a.ts lines 12 and 40`: line 40 of a 30-line file
 *   was dropped, so the row showed VERIFIED for line 12 alone. Now both are checked.
 * - a path in backticks and its line after them, `` `src/a.ts`:12 `` (markdown writers): it was
 *   prose, a medium `evidence/prose`. Now it is `src/a.ts:12`; a word that is no path stays prose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']));

beforeAll(async () => {
  ({ dir, model } = await committedProject('compiler-place', {
    'src/a.ts': Array.from({ length: 30 }, (_, i) => `const x${i + 1} = ${i + 1};\n`).join(''),
    'app/(12)/page.tsx': 'export default 1;\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'tsc', 'src/a.ts(12,5): error TS2322: Type string is not assignable'),
      row('2026-03-01T10:01:00Z', 'line alone', 'src/a.ts(12)'),
      row('2026-03-01T10:02:00Z', 'past', 'src/a.ts(40,1)'),
      row('2026-03-01T10:03:00Z', 'route group', 'app/(12)/page.tsx'),
      row('2026-03-01T10:04:00Z', 'two lines', 'src/a.ts lines 12 and 40'),
      row('2026-03-01T10:05:00Z', 'two held', 'src/a.ts (lines 12 & 20-22)'),
      row('2026-03-01T10:06:00Z', 'a count after', 'src/a.ts line 12 and 3 other files'),
      row('2026-03-01T10:07:00Z', 'backticks', 'see `src/a.ts`:12-14; `src/a.ts`:40'),
      row('2026-03-01T10:08:00Z', 'a word in backticks', '`step`:2'),
    ]),
  }, 'Files and trail', '2026-03-01T11:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('lines cited as compilers and people write them', () => {
  it('are checked, never a missing file, never dropped', () => {
    expect(verdicts()).toEqual([
      [['src/a.ts(12,5)', 'path', 'VERIFIED', 'line 12 of 30 exists at landed head', '']],
      [['src/a.ts(12)', 'path', 'VERIFIED', 'line 12 of 30 exists at landed head', '']],
      [['src/a.ts(40,1)', 'path', 'NOT_VERIFIED', 'line 40 is past the end of src/a.ts (30 lines at landed head)', 'evidence/line-out-of-range']],
      [['app/(12)/page.tsx', 'path', 'VERIFIED', 'file exists at landed head; 1 line', '']],
      [['src/a.ts lines 12 and 40', 'path', 'NOT_VERIFIED', 'line 40 is past the end of src/a.ts (30 lines at landed head)', 'evidence/line-out-of-range']],
      [['src/a.ts (lines 12 & 20-22)', 'path', 'VERIFIED', 'lines 12, 20–22 of 30 exist at landed head', '']],
      [['src/a.ts line 12', 'path', 'VERIFIED', 'line 12 of 30 exists at landed head', '']],
      [
        ['src/a.ts:12-14', 'path', 'VERIFIED', 'lines 12–14 of 30 exist at landed head', ''],
        ['src/a.ts:40', 'path', 'NOT_VERIFIED', 'line 40 is past the end of src/a.ts (30 lines at landed head)', 'evidence/line-out-of-range'],
      ],
      [['`step`:2', 'prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose', 'evidence/prose']],
    ]);
    expect(model.rows[0]?.evidence[0]?.note).toBe('error TS2322: Type string is not assignable');
  });
});
