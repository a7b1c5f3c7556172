/**
 * A Python test cited by its pytest node id (trust8): `tests/test_auth.py::test_login`,
 * `tests/test_auth.py::TestAuth::test_logout`, `tests/test_auth.py::test_sum[1-2]` — the form
 * pytest prints and takes on its command line, and so the form agents paste. It was a medium
 * `evidence/prose` ("evidence must be a pointer, not prose") on a real test. Now it is a test
 * named in that file, checked as `tests/a.test.ts > title` is: VERIFIED at the line the test is
 * defined on (a class's method after the class); a name the file does not hold is the medium
 * `evidence/test-not-found`; a file the tree lacks is the high `evidence/path-not-found`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('pytest-node', {
    'tests/test_auth.py': [
      'import pytest',
      '',
      'def test_login():',
      '    pass',
      '',
      'class TestAuth:',
      '    def test_logout(self):',
      '        pass',
      '',
      '@pytest.mark.parametrize("a,b", [(1, 2)])',
      'def test_sum(a, b):',
      '    pass',
      '',
    ].join('\n'),
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'tests/test_auth.py::test_login', 'start'),
      row('2026-03-01T09:01:00Z', 'A method of a class', 'tests/test_auth.py::TestAuth::test_logout'),
      row('2026-03-01T09:02:00Z', 'A parametrized case', 'tests/test_auth.py::test_sum[1-2]'),
      row('2026-03-01T09:03:00Z', 'Two, and a note', 'tests/test_auth.py::test_login; tests/test_auth.py::test_sum passed'),
      row('2026-03-01T09:04:00Z', 'A test the file lacks', 'tests/test_auth.py::test_nothing'),
      row('2026-03-01T09:05:00Z', 'A file the tree lacks', 'tests/test_gone.py::test_login'),
    ]),
  }, 'Tests and trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a pytest node id', () => {
  it('is a test named in that file, checked there', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['tests/test_auth.py::test_login', 'test', 'VERIFIED', 'test found in tests/test_auth.py at line 3, at module level', '']],
      [['tests/test_auth.py::TestAuth::test_logout', 'test', 'VERIFIED', 'test found in tests/test_auth.py at line 7, in class TestAuth', '']],
      [['tests/test_auth.py::test_sum[1-2]', 'test', 'VERIFIED', 'test found in tests/test_auth.py at line 11, at module level', '']],
      [
        ['tests/test_auth.py::test_login', 'test', 'VERIFIED', 'test found in tests/test_auth.py at line 3, at module level', ''],
        ['tests/test_auth.py::test_sum', 'test', 'VERIFIED', 'test found in tests/test_auth.py at line 11, at module level', ''],
      ],
      [['tests/test_auth.py::test_nothing', 'test', 'NOT_VERIFIED', 'test “test_nothing” not found in tests/test_auth.py at landed head', 'evidence/test-not-found']],
      [['tests/test_gone.py::test_login', 'test', 'NOT_VERIFIED', expect.stringMatching(/^tests\/test_gone\.py not found at landed head [0-9a-f]{7} nor in the project folder$/), 'evidence/path-not-found']],
    ]);
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'file', path: 'tests/test_auth.py', origin: 'repository', from: 7, to: 7 });
    expect(model.flags.filter((f) => f.kind === 'evidence/prose')).toEqual([]);
  });
});
