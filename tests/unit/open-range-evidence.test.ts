/**
 * An open line range (trust10, finding 2): `src/a.ts:10-` ("from line 10 on") was read as prose,
 * a medium `evidence/prose`, though it names a file and where in it to look. Now it is that file
 * from line 10 to its end, VERIFIED with the reason saying how it was read and linked to those
 * lines; a start past the end is the high `evidence/line-out-of-range` any cited line past the
 * end is. A word and a dash that name no file (`step 10-`) stay prose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']));

beforeAll(async () => {
  ({ dir, model } = await committedProject('open-range', {
    'src/a.ts': Array.from({ length: 30 }, (_, i) => `const x${i + 1} = ${i + 1};\n`).join(''),
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'Open', 'src/a.ts:10-'),
      row('2026-03-01T10:01:00Z', 'Open L', 'see src/a.ts:L30–'),
      row('2026-03-01T10:02:00Z', 'Past', 'src/a.ts:31-'),
      row('2026-03-01T10:03:00Z', 'Word', 'step 10-'),
    ]),
  }, 'File and trail', '2026-03-01T11:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a line range with no end', () => {
  it('is the file from that line to its end, said so; past the end, a high line-out-of-range', () => {
    expect(verdicts()).toEqual([
      [['src/a.ts:10-', 'path', 'VERIFIED', 'lines 10–30 of 30 exist at landed head; cited as 10-, from line 10 on: read to the end of the file', '']],
      [['src/a.ts:L30–', 'path', 'VERIFIED', 'line 30 of 30 exists at landed head; cited as L30–, from line 30 on: read to the end of the file', '']],
      [['src/a.ts:31-', 'path', 'NOT_VERIFIED', 'line 31 is past the end of src/a.ts (30 lines at landed head)', 'evidence/line-out-of-range']],
      [['step 10-', 'prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose', 'evidence/prose']],
    ]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 10, to: 30 });
    expect(model.flags.filter((f) => f.kind === 'evidence/line-out-of-range').map((f) => [f.severity, f.rows])).toEqual([['high', [model.rows[2]?.id]]]);
  });
});
