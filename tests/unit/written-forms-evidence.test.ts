/**
 * Pointer forms agents write that were misread (trust11):
 * 1. `src/a.ts:12, 40` checked line 12 and dropped 40 (as `src/a.ts lines 12 and 40` did not);
 *    and either form marked line 12 alone on the file's page.
 * 2. `src/a.ts:parseRow` was prose (a medium `evidence/prose`); it is the file and a name looked
 *    for in it, as `src/a.ts#parseRow` is. URLs, drive letters, `file:line:col`, `host:port`
 *    and `key:value` prose are not read so.
 * 3. `L40 of src/a.ts` looked for a name “L40” in the file; it is line 40 of it.
 * 4. `tests/a.test.ts "title"` showed the file VERIFIED with the title as its note; it is that
 *    test in that file, checked as `tests/a.test.ts > title` is.
 * Found trying to fool the checks with forms agents write:
 * 5. A name written as a call: `src/a.ts#parseRow()` was a high `evidence/path-not-found` for a
 *    file and a name that are there; `src/a.ts parseRow()` dropped the name into the note.
 * 6. Markdown bold, `**src/a.ts:12**`, was prose (a medium `evidence/prose`), so a line past
 *    the end raised the same flag as real evidence.
 * 7. Jest's `tests/a.test.ts › title` dropped the title into the file's note.
 * 9. A second quoted title after a test file was the first one's note; a test id in backquotes
 *    (`` `tests/a.test.ts > title` ``) was a command, never checked.
 * 10. A pointer and its words in backquotes (`` `docs/missing.md section 3` ``) was a command,
 *    INCONCLUSIVE with no flag: a missing file or line written so was never checked.
 * 11. A title in double quotes after a test file's stem or a suite word (`a.test "title"`,
 *    `e2e "title"`) was dropped or prose; single quotes were read.
 * 12. A member named by its owner (`src/p.ts#Parser.parse`, `src/p.ts Parser.parse()`) was
 *    "not found" (the text never holds `Parser.parse` so) or the path's note; it is found
 *    inside the owner's definition, and shown at the member's line.
 * 13. `` `npm test` passes `` was prose, a medium `evidence/prose`, where `npm test passes`
 *    is a command (INCONCLUSIVE, no flag): the same claim, two severities.
 * 8. Line claims the file alone answered: `[src/a.ts:99](src/a.ts)` (a link whose text cites
 *    lines of the file it opens), `lines 12 and 99 of src/a.ts` (a list before the path: a
 *    remark), `src/a.ts — line 99` (after a dash) and `src/a.ts [L99]` (a name “L99”).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { pointerKeys } from '../../src/lib/search/exact-keys.ts';
import { evidenceFlags, removeFixture, rowIdOf, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `const l${i + 1} = ${i};`).join('\n') + '\n';
const CELLS = [
  'src/a.ts:12, 40', // 0
  'src/short.ts:12, 40', // 1
  'src/short.ts lines 12 and 40', // 2
  'src/a.ts:12-14, 40 and 45', // 3
  'src/a.ts:12, 40 tests pass', // 4
  'src/a.ts:parseRow', // 5
  'src/a.ts:nope', // 6
  'tests/a.test.ts:reads', // 7
  'L40 of src/a.ts', // 8
  'L40 of src/short.ts', // 9
  'tests/a.test.ts "reads a row"', // 10
  'tests/a.test.ts "no such title"', // 11
  "tests/a.test.ts 'reads a row' passes", // 12
  'http://localhost:8080/a.ts', // 13
  'C:\\src\\a.ts', // 14
  'src/a.ts:12:5', // 15
  'localhost:8080', // 16
  'status:ok', // 17
  'package.json:scripts', // 18
  'src/a.ts:b.ts', // 19
  'src/a.ts#parseRow()', // 20
  'src/a.ts parseRow()', // 21
  'parseRow() in src/a.ts', // 22
  '**src/short.ts:99**', // 23
  '**src/a.ts:12**', // 24
  'tests/a.test.ts › reads a row', // 25
  'tests/a.test.ts › no such title', // 26
  'src/**', // 27
  '[src/short.ts:99](src/short.ts)', // 28
  '[src/a.ts:12](src/a.ts)', // 29
  'lines 12 and 99 of src/short.ts', // 30
  'at lines 12-14 and 40 in src/a.ts', // 31
  'src/short.ts — line 99', // 32
  'src/short.ts [L99]', // 33
  'src/a.ts - the parser', // 34
  'tests/a.test.ts "reads a row" and "no such title"', // 35
  '`tests/a.test.ts > no such title`', // 36
  '`tests/a.test.ts > reads a row`', // 37
  '`node x.js > out.txt`', // 38
  '`src/short.ts:99 parseRow`', // 39
  '`docs/missing.md section 3`', // 40
  '`src/a.ts parseRow`', // 41
  'http://x', // 42
  'C:/src/a.ts', // 43
  'example.com:8080', // 44
  'mode:strict in src/a.ts', // 45
  'a.test "no such title"', // 46
  'e2e "reads a row"', // 47
  'src/p.ts#Parser.parse', // 48
  'src/p.ts Parser.parse()', // 49
  'src/p.ts:Parser.nope', // 50
  'tests/test_p.py:TestP.test_b', // 51
  'src/p.ts Other.parse', // 52
  'npm test passes', // 53
  '`npm test` passes', // 54
  '`the parser` is fixed', // 55
  '(src/short.ts:12, 40)', // 56
];

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('written-forms', {
    'src/a.ts': lines(50) + 'export function parseRow() {}\n',
    'src/short.ts': lines(20),
    'tests/a.test.ts': "import { it } from 'vitest';\nit('reads a row', () => {});\nfunction reads() {}\n",
    'package.json': '{}\n',
    'src/p.ts': 'export class Parser {\n  parse() {}\n}\nexport class Other {}\n',
    'tests/test_p.py': 'class TestP:\n    def test_b(self):\n        pass\n',
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:${String(i).padStart(2, '0')}:00Z`, `decision ${i}`, c))),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

const PROSE = 'evidence must be a pointer, not prose';

describe('pointer forms agents write', () => {
  it('checks every line of a comma list after one path, and marks each on the file page', () => {
    const v = pointerVerdicts(model, 'fault');
    expect(v[0]).toEqual([['src/a.ts:12, 40', 'VERIFIED', 'lines 12, 40 of 51 exist at landed head', '']]);
    expect(v[1]).toEqual([['src/short.ts:12, 40', 'NOT_VERIFIED', 'line 40 is past the end of src/short.ts (20 lines at landed head)', 'evidence/line-out-of-range']]);
    // The same weakness written in words is the same fault.
    expect(v[2]).toEqual([['src/short.ts lines 12 and 40', 'NOT_VERIFIED', 'line 40 is past the end of src/short.ts (20 lines at landed head)', 'evidence/line-out-of-range']]);
    expect(v[3]).toEqual([['src/a.ts:12-14, 40 and 45', 'VERIFIED', 'lines 12–14, 40, 45 of 51 exist at landed head', '']]);
    // In brackets, the list is the pointer's and the closing bracket the sentence's.
    expect(v[56]).toEqual([['src/short.ts:12, 40', 'NOT_VERIFIED', 'line 40 is past the end of src/short.ts (20 lines at landed head)', 'evidence/line-out-of-range']]);
    // Words after the numbers: the list is a note, as before.
    expect(v[4]).toEqual([['src/a.ts:12', 'VERIFIED', 'line 12 of 51 exists at landed head', '']]);
    expect(model.rows[4]?.evidence[0]?.note).toBe('40 tests pass');
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 12, to: 12, more: [{ from: 40, to: 40 }] });
    // A search for either line finds the row.
    expect(pointerKeys(model.rows[0]?.evidence[0] as never)).toEqual([
      { key: 'path:a.ts', quality: 2, path: 'src/a.ts', from: 12, to: 12 },
      { key: 'path:a.ts', quality: 2, path: 'src/a.ts', from: 40, to: 40 },
    ]);
    const page = model.cited.files.find((f) => f.path === 'src/a.ts');
    expect(page?.ranges).toEqual([
      { from: 12, to: 12 },
      { from: 12, to: 14 },
      { from: 40, to: 40 },
      { from: 45, to: 45 },
      { from: 51, to: 51 },
    ]);
    const high = evidenceFlags(model).filter(([kind]) => kind === 'evidence/line-out-of-range');
    expect(high).toEqual([1, 2, 9, 23, 28, 30, 32, 33, 39, 56].map((n) => ['evidence/line-out-of-range', 'high', [rowIdOf(model, n)]]));
  });

  it('reads path:name as the file and a name looked for in it', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[5]).toEqual([['src/a.ts:parseRow', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 51']]);
    expect(v[6]).toEqual([['src/a.ts:nope', 'symbol', 'INCONCLUSIVE', 'name “nope” not found in src/a.ts']]);
    expect(v[7]).toEqual([['tests/a.test.ts:reads', 'test', 'VERIFIED', 'test found in tests/a.test.ts at line 3']]);
  });

  it('reads L40 of a path as its line 40', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[8]).toEqual([['L40 of src/a.ts', 'path', 'VERIFIED', 'line 40 of 51 exists at landed head']]);
    expect(v[9]).toEqual([['L40 of src/short.ts', 'path', 'NOT_VERIFIED', 'line 40 is past the end of src/short.ts (20 lines at landed head)']]);
  });

  it('reads a quoted title after a test file as that test in that file', () => {
    const v = pointerVerdicts(model, 'fault');
    expect(v[10]).toEqual([['tests/a.test.ts "reads a row"', 'VERIFIED', 'test found in tests/a.test.ts at line 2', '']]);
    expect(v[11]).toEqual([['tests/a.test.ts "no such title"', 'NOT_VERIFIED', 'test “no such title” not found in tests/a.test.ts at landed head', 'evidence/test-not-found']]);
    expect(v[12]).toEqual([["tests/a.test.ts 'reads a row'", 'VERIFIED', 'test found in tests/a.test.ts at line 2', '']]);
    expect(evidenceFlags(model).filter(([kind]) => kind === 'evidence/test-not-found')).toEqual([11, 26, 35, 36, 46].map((n) => ['evidence/test-not-found', 'medium', [rowIdOf(model, n)]]));
  });

  it('does not read a URL, a drive letter, file:line:col, host:port or key:value as path:name', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[13]).toEqual([['http://localhost:8080/a.ts', 'url', 'INCONCLUSIVE', 'URL recorded, not fetched']]);
    expect(v[14]).toEqual([['C:\\src\\a.ts', 'prose', 'NOT_VERIFIED', PROSE]]);
    expect(v[42]).toEqual([['http://x', 'url', 'INCONCLUSIVE', 'URL recorded, not fetched']]);
    expect(v[43]).toEqual([['C:/src/a.ts', 'prose', 'NOT_VERIFIED', PROSE]]);
    expect(v[44]).toEqual([['example.com:8080', 'prose', 'NOT_VERIFIED', PROSE]]);
    // `key:value` before a path is prose naming the path, not a name cited in it.
    expect(v[45]?.map((p) => p.slice(0, 2))).toEqual([['mode:strict in src/a.ts', 'prose'], ['src/a.ts', 'path']]);
    expect(v[15]).toEqual([['src/a.ts:12:5', 'path', 'VERIFIED', 'line 12 of 51 exists at landed head']]);
    expect(v[16]).toEqual([['localhost:8080', 'prose', 'NOT_VERIFIED', PROSE]]);
    expect(v[17]).toEqual([['status:ok', 'prose', 'NOT_VERIFIED', PROSE]]);
    // A data file's key is no name defined in it; a file name after the colon is no name either.
    expect(v[18]).toEqual([['package.json:scripts', 'prose', 'NOT_VERIFIED', PROSE]]);
    expect(v[19]?.[0]?.[1]).not.toBe('symbol');
  });

  it('reads a name written as a call as that name', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[20]).toEqual([['src/a.ts#parseRow()', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 51']]);
    expect(v[21]).toEqual([['src/a.ts parseRow()', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 51']]);
    expect(v[22]).toEqual([['parseRow() in src/a.ts', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 51']]);
    expect(model.rows[20]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 51, to: 51 });
  });

  it('reads a pointer in markdown bold as the pointer, a glob keeping its stars', () => {
    const v = pointerVerdicts(model, 'fault');
    expect(v[23]).toEqual([['src/short.ts:99', 'NOT_VERIFIED', 'line 99 is past the end of src/short.ts (20 lines at landed head)', 'evidence/line-out-of-range']]);
    expect(v[24]).toEqual([['src/a.ts:12', 'VERIFIED', 'line 12 of 51 exists at landed head', '']]);
    expect(v[27]).toEqual([['src/**', 'NOT_VERIFIED', PROSE, 'evidence/prose']]);
  });

  it("reads Jest's › between a test file and its title as >", () => {
    const v = pointerVerdicts(model, 'fault');
    expect(v[25]).toEqual([['tests/a.test.ts › reads a row', 'VERIFIED', 'test found in tests/a.test.ts at line 2', '']]);
    expect(v[26]).toEqual([['tests/a.test.ts › no such title', 'NOT_VERIFIED', 'test “no such title” not found in tests/a.test.ts at landed head', 'evidence/test-not-found']]);
  });

  it('checks the lines a link text, a list before the path, a dash or square brackets cite', () => {
    const v = pointerVerdicts(model, 'fault');
    const past = (raw: string): string[] => [raw, 'NOT_VERIFIED', 'line 99 is past the end of src/short.ts (20 lines at landed head)', 'evidence/line-out-of-range'];
    expect(v[28]).toEqual([past('src/short.ts:99')]);
    expect(v[29]).toEqual([['src/a.ts:12', 'VERIFIED', 'line 12 of 51 exists at landed head', '']]);
    expect(v[30]).toEqual([past('lines 12 and 99 of src/short.ts')]);
    expect(v[31]).toEqual([['at lines 12-14 and 40 in src/a.ts', 'VERIFIED', 'lines 12–14, 40 of 51 exist at landed head', '']]);
    expect(v[32]).toEqual([past('src/short.ts — line 99')]);
    expect(v[33]).toEqual([past('src/short.ts [L99]')]);
    // A dash before words is a note, as before.
    expect(v[34]).toEqual([['src/a.ts', 'VERIFIED', 'file exists at landed head; 51 lines', '']]);
  });

  it('checks every quoted title after a test file, and a test id in backquotes', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[35]).toEqual([
      ['tests/a.test.ts "reads a row"', 'test', 'VERIFIED', 'test found in tests/a.test.ts at line 2'],
      ['tests/a.test.ts "no such title"', 'test', 'NOT_VERIFIED', 'test “no such title” not found in tests/a.test.ts at landed head'],
    ]);
    expect(v[36]).toEqual([['tests/a.test.ts > no such title', 'test', 'NOT_VERIFIED', 'test “no such title” not found in tests/a.test.ts at landed head']]);
    expect(v[37]).toEqual([['tests/a.test.ts > reads a row', 'test', 'VERIFIED', 'test found in tests/a.test.ts at line 2']]);
    // A backquoted command with a redirection stays a command.
    expect(v[38]?.[0]?.slice(0, 3)).toEqual(['`node x.js > out.txt`', 'command', 'INCONCLUSIVE']);
  });

  it('reads a pointer and its words in backquotes as the pointer, not a command', () => {
    const v = pointerVerdicts(model, 'fault');
    expect(v[39]).toEqual([['src/short.ts:99 parseRow', 'NOT_VERIFIED', 'line 99 is past the end of src/short.ts (20 lines at landed head)', 'evidence/line-out-of-range']]);
    expect(v[40]?.[0]?.slice(1, 2)).toEqual(['NOT_VERIFIED']);
    expect(v[40]?.[0]?.[3]).toBe('evidence/path-not-found');
    expect(v[41]).toEqual([['src/a.ts parseRow', 'VERIFIED', 'name found in src/a.ts at line 51', '']]);
    expect(evidenceFlags(model).filter(([kind]) => kind === 'evidence/path-not-found')).toEqual([['evidence/path-not-found', 'high', [rowIdOf(model, 40)]]]);
  });

  it('reads a title in double quotes after a test stem or a suite word as single quotes are read', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[46]).toEqual([['a.test "no such title"', 'test', 'NOT_VERIFIED', 'test “no such title” not found in tests/a.test.ts at landed head']]);
    expect(v[47]).toEqual([['e2e "reads a row"', 'test', 'VERIFIED', 'test found in tests/a.test.ts at line 2']]);
  });

  it('finds a member named by its owner inside the owner, at the member', () => {
    const v = pointerVerdicts(model, 'kind');
    const found = 'name found in src/p.ts at line 2: parse inside the definition of Parser (lines 1–3)';
    expect(v[48]).toEqual([['src/p.ts#Parser.parse', 'symbol', 'VERIFIED', found]]);
    expect(v[49]).toEqual([['src/p.ts Parser.parse()', 'symbol', 'VERIFIED', found]]);
    expect(model.rows[48]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/p.ts', origin: 'repository', from: 2, to: 2 });
    expect(v[50]).toEqual([['src/p.ts:Parser.nope', 'symbol', 'INCONCLUSIVE', 'name “Parser.nope” not found in src/p.ts']]);
    expect(v[51]).toEqual([['tests/test_p.py:TestP.test_b', 'test', 'VERIFIED', 'test found in tests/test_p.py at line 2, in class TestP']]);
    // A member of another class is not found in this one.
    expect(v[52]).toEqual([['src/p.ts Other.parse', 'symbol', 'INCONCLUSIVE', 'name “Other.parse” not found in src/p.ts']]);
  });

  it('reads a backquoted command and a report of its run as the command, as without backquotes', () => {
    const v = pointerVerdicts(model, 'fault');
    expect(v[53]).toEqual([['npm test passes', 'INCONCLUSIVE', 'a command is not evidence of its result', '']]);
    expect(v[54]).toEqual([['`npm test` passes', 'INCONCLUSIVE', 'a command is not evidence of its result', '']]);
    // Backquoted words that are no command by their shape stay prose.
    expect(v[55]).toEqual([['`the parser` is fixed', 'NOT_VERIFIED', PROSE, 'evidence/prose']]);
  });
});
