/**
 * A nested test title (`describe > test`, as reporters join them) must name a test inside the
 * describe block it names (trust15, fault-injecting review): `tests/a.test.ts > rows > keeps
 * order` was VERIFIED "test found … at line 5" where `keeps order` sits beside the `rows` block,
 * not in it — a test path no runner would print, shown clean because the titles were only looked
 * for in order. Each part is now looked for inside the block (its braces) of the part before.
 * Jest's full name of a test (`parser rows reads a row`: its describe titles and its own joined by
 * spaces, as `--json` and `-t` name it) was the medium `evidence/test-not-found` for a test the file
 * holds — real evidence called missing; it is found as such a chain of blocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;

const SPEC = [
  "describe('parser', () => {",
  "  describe('rows', () => {",
  "    it('reads a row', () => {});",
  '  });',
  "  it('keeps order', () => {});",
  '});',
  "describe('writer', function () {",
  "  it('keeps order', () => {});",
  '});',
  '',
].join('\n');

beforeAll(async () => {
  ({ dir, model } = await committedProject('nested-title-scope', {
    'tests/a.test.ts': SPEC,
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'tests/a.test.ts > parser > rows > reads a row', 'start'),
      row('2026-03-01T09:01:00Z', 'Inside its describe', 'tests/a.test.ts > parser > keeps order'),
      row('2026-03-01T09:02:00Z', 'Beside the block it names', 'tests/a.test.ts > rows > keeps order'),
      row('2026-03-01T09:03:00Z', 'A later describe of the same test title', 'tests/a.test.ts > writer > keeps order'),
      row('2026-03-01T09:04:00Z', 'Outer and inner swapped', 'tests/a.test.ts > rows > parser > reads a row'),
      row('2026-03-01T09:05:00Z', "Jest's full name", 'tests/a.test.ts "parser rows reads a row"'),
      row('2026-03-01T09:06:00Z', "Jest's full name after >", 'tests/a.test.ts > parser keeps order'),
      row('2026-03-01T09:07:00Z', 'A full name of no test', 'tests/a.test.ts "rows keeps order"'),
    ]),
  }, 'Tests and trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a nested test title', () => {
  it('is VERIFIED only where each part lies inside the block of the part before', () => {
    expect(model.rows.slice(0, 5).map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['tests/a.test.ts > parser > rows > reads a row', 'VERIFIED', 'test found in tests/a.test.ts at line 3', '']],
      [['tests/a.test.ts > parser > keeps order', 'VERIFIED', 'test found in tests/a.test.ts at line 5', '']],
      [['tests/a.test.ts > rows > keeps order', 'NOT_VERIFIED', 'test “rows > keeps order” not found in tests/a.test.ts at landed head', 'evidence/test-not-found']],
      [['tests/a.test.ts > writer > keeps order', 'VERIFIED', 'test found in tests/a.test.ts at line 8', '']],
      [['tests/a.test.ts > rows > parser > reads a row', 'NOT_VERIFIED', 'test “rows > parser > reads a row” not found in tests/a.test.ts at landed head', 'evidence/test-not-found']],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/test-not-found').map((f) => [f.severity, f.rows])).toEqual([
      ['medium', [model.rows[2]?.id]],
      ['medium', [model.rows[4]?.id]],
      ['medium', [model.rows[7]?.id]],
    ]);
  });

  it("finds a test by the full name Jest gives it (its describe titles and its own, joined by spaces)", () => {
    expect(model.rows.slice(5).map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['tests/a.test.ts "parser rows reads a row"', 'VERIFIED', 'test found in tests/a.test.ts at line 3', '']],
      [['tests/a.test.ts > parser keeps order', 'VERIFIED', 'test found in tests/a.test.ts at line 5', '']],
      [['tests/a.test.ts "rows keeps order"', 'NOT_VERIFIED', 'test “rows keeps order” not found in tests/a.test.ts at landed head', 'evidence/test-not-found']],
    ]);
  });

  it('links a VERIFIED nested title to the test the row names, not to an earlier one of that title', () => {
    const t = model.rows[3]?.evidence[0]?.target;
    expect(t?.type === 'file' ? [t.path, t.from, t.to] : t).toEqual(['tests/a.test.ts', 8, 8]);
  });
});
