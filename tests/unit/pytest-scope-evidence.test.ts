/**
 * A pytest node id checked by scope (trust10, finding 4): `tests/test_x.py::TestA::test_b` was
 * VERIFIED when a `def test_b` stood anywhere after `class TestA`, even inside another class
 * `TestB` — the link landed on a test the row never named. Now the method must be inside the
 * class, by indentation (or in a class of the file it inherits from), and the reason says where
 * it was found; one found only elsewhere is the medium `evidence/test-not-found` a missing test
 * title is, saying where it is instead; a class inheriting from one the file does not define is
 * INCONCLUSIVE (the test may be inherited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { pytestNodePlace } from '../../src/lib/evidence/python-scope.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

const SOURCE = [
  'import unittest', // 1
  '', // 2
  'class TestA:', // 3
  '    def test_a(self):', // 4
  '        pass', // 5
  '', // 6
  '    class TestInner:', // 7
  '        def test_deep(self):', // 8
  '            pass', // 9
  '', // 10
  'class TestB:', // 11
  '    def test_b(self):', // 12
  '        def test_c():', // 13
  '            pass', // 14
  '', // 15
  'class Base:', // 16
  '    def test_shared(self):', // 17
  '        pass', // 18
  '', // 19
  'class TestChild(Base):', // 20
  '    pass', // 21
  '', // 22
  'class TestCase(unittest.TestCase):', // 23
  '    pass', // 24
  '', // 25
].join('\n');

/** A class whose docstring's lines sit at column 0, a comment at column 0, and a `class` written inside a string (trust11, item 5). */
const DOCSTRING = [
  'class TestA:', // 1
  '    """Tests of A.', // 2
  'class TestFake:', // 3
  "Text at column 0 ''' and a quote inside.", // 4
  '    """', // 5
  '# a comment at column 0', // 6
  `    s = '"""'  # a triple quote inside a string opens nothing`, // 7
  '    def test_b(self):', // 8
  "        x = '''", // 9
  'def test_b():', // 10
  "'''", // 11
  '        pass', // 12
  '', // 13
].join('\n');

/** A class header wrapped as black wraps it (`):` at column 0), a call wrapped the same way, and a backslash continuation (trust11). */
const WRAPPED = [
  'import unittest', // 1
  '', // 2
  'class TestWrapped(', // 3
  '    unittest.TestCase,', // 4
  '):', // 5
  '    def test_b(self):', // 6
  '        x = dict(', // 7
  'a=1,', // 8
  '        )', // 9
  '        y = 1 + \\', // 10
  '2', // 11
  '', // 12
  '    def test_c(self):', // 13
  '        pass', // 14
  '', // 15
].join('\n');

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('pytest-scope', {
    'tests/test_x.py': SOURCE,
    'tests/test_doc.py': DOCSTRING,
    'tests/test_wrap.py': WRAPPED,
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'tests/test_x.py::TestA::test_a', 'start'),
      row('2026-03-01T09:01:00Z', 'Other class', 'tests/test_x.py::TestA::test_b'),
      row('2026-03-01T09:02:00Z', 'Nested', 'tests/test_x.py::TestA::TestInner::test_deep'),
      row('2026-03-01T09:03:00Z', 'Inherited here', 'tests/test_x.py::TestChild::test_shared'),
      row('2026-03-01T09:04:00Z', 'Inherited elsewhere', 'tests/test_x.py::TestCase::test_b'),
      row('2026-03-01T09:05:00Z', 'A method is no module function', 'tests/test_x.py::test_b'),
      row('2026-03-01T09:06:00Z', 'After a shallow docstring', 'tests/test_doc.py::TestA::test_b'),
      row('2026-03-01T09:07:00Z', 'A class named inside a string is none', 'tests/test_doc.py::TestFake::test_b'),
      row('2026-03-01T09:08:00Z', 'A wrapped class header', 'tests/test_wrap.py::TestWrapped::test_b'),
      row('2026-03-01T09:09:00Z', 'Wrapped bases from elsewhere', 'tests/test_wrap.py::TestWrapped::test_inherited'),
      row('2026-03-01T09:10:00Z', 'After a wrapped call', 'tests/test_wrap.py::TestWrapped::test_c'),
    ]),
  }, 'Tests and trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a pytest node id', () => {
  it('is found only inside the class it names, and the reason says where', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['tests/test_x.py::TestA::test_a', 'VERIFIED', 'test found in tests/test_x.py at line 4, in class TestA', '']],
      [['tests/test_x.py::TestA::test_b', 'NOT_VERIFIED', 'test “TestA > test_b” not found in tests/test_x.py at landed head: test_b is defined at line 12, in class TestB, not where the id names it', 'evidence/test-not-found']],
      [['tests/test_x.py::TestA::TestInner::test_deep', 'VERIFIED', 'test found in tests/test_x.py at line 8, in class TestInner', '']],
      [['tests/test_x.py::TestChild::test_shared', 'VERIFIED', 'test found in tests/test_x.py at line 17, in class Base, which class TestChild inherits from', '']],
      [['tests/test_x.py::TestCase::test_b', 'INCONCLUSIVE', 'test_b is not defined in class TestCase of tests/test_x.py, which inherits from unittest.TestCase, not defined in this file: the test may be inherited (a test_b is defined at line 12); not checked', '']],
      [['tests/test_x.py::test_b', 'NOT_VERIFIED', 'test “test_b” not found in tests/test_x.py at landed head: test_b is defined at line 12, in class TestB, not where the id names it', 'evidence/test-not-found']],
      // trust11: the docstring's line at column 0 ended class TestA, so its test_b was a medium test-not-found.
      [['tests/test_doc.py::TestA::test_b', 'VERIFIED', 'test found in tests/test_doc.py at line 8, in class TestA', '']],
      [['tests/test_doc.py::TestFake::test_b', 'NOT_VERIFIED', 'test “TestFake > test_b” not found in tests/test_doc.py at landed head: test_b is defined at line 8, in class TestA, not where the id names it', 'evidence/test-not-found']],
      // trust11: the wrapped header's `):` at column 0 ended the class, so its own test_b was a medium test-not-found.
      [['tests/test_wrap.py::TestWrapped::test_b', 'VERIFIED', 'test found in tests/test_wrap.py at line 6, in class TestWrapped', '']],
      [['tests/test_wrap.py::TestWrapped::test_inherited', 'INCONCLUSIVE', 'test_inherited is not defined in class TestWrapped of tests/test_wrap.py, which inherits from unittest.TestCase, not defined in this file: the test may be inherited; not checked', '']],
      [['tests/test_wrap.py::TestWrapped::test_c', 'VERIFIED', 'test found in tests/test_wrap.py at line 13, in class TestWrapped', '']],
    ]);
    expect(model.rows[1]?.evidence[0]?.target).toBeUndefined();
    expect(model.flags.filter((f) => f.kind === 'evidence/test-not-found').map((f) => [f.severity, f.rows])).toEqual([
      ['medium', [model.rows[1]?.id]],
      ['medium', [model.rows[5]?.id]],
      ['medium', [model.rows[7]?.id]],
    ]);
  });

  it('reads scopes by indentation, with CRLF or \\r line ends too', () => {
    expect(pytestNodePlace(SOURCE.replaceAll('\n', '\r'), ['TestB', 'test_b'])).toEqual({ status: 'found', line: 12, where: 'in class TestB' });
    // A function nested in a method is not a method of the class.
    expect(pytestNodePlace(SOURCE, ['TestB', 'test_c'])).toEqual({ status: 'missing', elsewhere: 'line 13, in function test_b' });
  });
});
