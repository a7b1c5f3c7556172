/**
 * Where a VERIFIED name lands (trust12's fault-injecting review): a name cited in a file is shown
 * where it is defined, but a line using the name after a defining word for something else was
 * taken for its definition — `const x = parseRow(1);` above `export function parseRow` — and so
 * was a call on a line of its own (`loadRows(rows);`, Python's `handle_row(1)`), a Rust body on
 * the line of `fn main() { parse_row(); }` and Go's `var handler = Handle`. The mark linked to
 * the call, not the function; and `src/a.ts:2 parseRow` was VERIFIED, "line 2 of src/a.ts lies
 * inside the definition of “parseRow” (lines 1–6)", for `const y = 2;`, a line of no function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { definitionLine } from '../../src/lib/evidence/definition-span.ts';
import { removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const A_TS = ['const x = parseRow(1);', 'const y = 2;', '', 'export function parseRow(n: number) {', '  return n;', '}', ''].join('\n');
const CELLS = [
  'src/a.ts parseRow', // 0
  'src/b.ts loadRows', // 1
  'src/c.py handle_row', // 2
  'src/d.rs parse_row', // 3
  'src/e.go Handle', // 4
  'src/a.ts:2 parseRow', // 5
  'src/a.ts:5 parseRow', // 6
];

let dir: string;
let model: ProjectModel;
const target = (n: number): unknown => model.rows[n]?.evidence[0]?.target;

beforeAll(async () => {
  ({ dir, model } = await committedProject('definition-line', {
    'src/a.ts': A_TS,
    'src/b.ts': 'export function main() {\n  loadRows(rows);\n}\nexport function loadRows(r: number[]) {\n  return r;\n}\n',
    'src/c.py': 'def main():\n    handle_row(1)\n\ndef handle_row(n):\n    return n\n',
    'src/d.rs': 'fn main() { parse_row(); }\nfn parse_row() {}\n',
    'src/e.go': 'package e\n\nvar handler = Handle\n\nfunc (s *Server) Handle(w int) {\n}\n',
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:0${i}:00Z`, `decision ${i}`, c))),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a name cited in a file is shown where it is defined', () => {
  it('not on a line that uses it', () => {
    const v = pointerVerdicts(model);
    expect(v[0]).toEqual([['src/a.ts parseRow', 'VERIFIED', 'name found in src/a.ts at line 4']]);
    expect(target(0)).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 4, to: 4 });
    expect(v[1]).toEqual([['src/b.ts loadRows', 'VERIFIED', 'name found in src/b.ts at line 4']]);
    expect(v[2]).toEqual([['src/c.py handle_row', 'VERIFIED', 'name found in src/c.py at line 4']]);
    expect(v[3]).toEqual([['src/d.rs parse_row', 'VERIFIED', 'name found in src/d.rs at line 2']]);
    expect(v[4]).toEqual([['src/e.go Handle', 'VERIFIED', 'name found in src/e.go at line 5']]);
    expect(target(4)).toEqual({ type: 'file', path: 'src/e.go', origin: 'repository', from: 5, to: 5 });
  });

  it('says a cited line outside the definition is not the name', () => {
    const v = pointerVerdicts(model);
    expect(v[5]).toEqual([['src/a.ts:2 parseRow', 'INCONCLUSIVE', 'name “parseRow” is not on line 2 of src/a.ts (first found at line 1)']]);
    expect(v[6]).toEqual([['src/a.ts:5 parseRow', 'VERIFIED', 'line 5 of src/a.ts lies inside the definition of “parseRow” (lines 4–6)']]);
  });

  it('reads definitions, and a call on a line of its own as none', () => {
    expect(definitionLine('class P {\n  async parse<T>(raw: T) {\n  }\n}\n', 'parse')).toBe(2);
    expect(definitionLine('pub(crate) fn parse_row() {}\n', 'parse_row')).toBe(1);
    expect(definitionLine('export const parseRow = (s: string) => s;\n', 'parseRow')).toBe(1);
    expect(definitionLine('interface Row {\n  parse(raw: string): Row;\n}\n', 'Row')).toBe(1);
    expect(definitionLine('parseRow(rows)\n', 'parseRow')).toBeNull();
  });
});
