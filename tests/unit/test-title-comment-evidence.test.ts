/**
 * A test title found only in a comment (trust10, hunt): `tests/a.test.ts > handles empty input`
 * was VERIFIED, "test found … at line 1", where line 1 was `// TODO: handles empty input` and no
 * test had that title — a test that does not exist, shown clean. A title holding white space is
 * a string's text, so it is found only where it opens a string literal; a one-word title (a Go
 * `TestFoo`) may be a function's name and is found as a whole name, as before — shown where it is
 * defined (`func TestFoo`), not at its first mention (the comment above it, where it landed before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('test-title-comment', {
    'tests/a.test.ts': '// TODO: handles empty input\ndescribe("parse", () => {\n  it("keeps order", () => {});\n});\n',
    'src/foo_test.go': 'package foo\n\n// TestFoo checks foo.\nfunc TestFoo(t *testing.T) {}\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'tests/a.test.ts > handles empty input', 'start'),
      row('2026-03-01T09:01:00Z', 'Double quotes', 'tests/a.test.ts > parse > keeps order'),
      row('2026-03-01T09:02:00Z', 'Go', 'src/foo_test.go > TestFoo'),
    ]),
  }, 'Tests and trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a test title', () => {
  it('is found where it opens a string, never in a comment', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['tests/a.test.ts > handles empty input', 'NOT_VERIFIED', 'test “handles empty input” not found in tests/a.test.ts at landed head', 'evidence/test-not-found']],
      [['tests/a.test.ts > parse > keeps order', 'VERIFIED', 'test found in tests/a.test.ts at line 3', '']],
      [['src/foo_test.go > TestFoo', 'VERIFIED', 'test found in src/foo_test.go at line 4', '']],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/test-not-found').map((f) => [f.severity, f.rows])).toEqual([['medium', [model.rows[0]?.id]]]);
  });
});
