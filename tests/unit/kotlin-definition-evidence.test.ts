/**
 * Kotlin's `fun` defines (trust13): `src/k.kt parseRow` landed on the call
 * `val r = parseRow("x")` above `fun parseRow(…)`, as `fun` was no defining word, and
 * `src/k.kt:6 parseRow` (a line inside the function) was "not on line 6". Scala's `def` and
 * Swift's `func` already defined; they are kept so here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { definitionLine } from '../../src/lib/evidence/definition-span.ts';
import { removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const K_KT = ['fun main() {', '    val r = parseRow("x")', '}', '', 'fun parseRow(s: String): Int {', '    return s.length', '}', ''].join('\n');
const CELLS = ['src/k.kt parseRow', 'src/k.kt:6 parseRow', 'src/s.scala parseRow', 'src/w.swift parseRow'];

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('kotlin-definition', {
    'src/k.kt': K_KT,
    'src/s.scala': 'object S {\n  val r = parseRow("x")\n  def parseRow(s: String): Int = s.length\n}\n',
    'src/w.swift': 'let r = parseRow("x")\nfunc parseRow(_ s: String) -> Int {\n  return s.count\n}\n',
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:0${i}:00Z`, `decision ${i}`, c))),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe("a name cited in a Kotlin file lands on its fun", () => {
  it('not on the call above it', () => {
    const v = pointerVerdicts(model);
    expect(v[0]).toEqual([['src/k.kt parseRow', 'VERIFIED', 'name found in src/k.kt at line 5']]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/k.kt', origin: 'repository', from: 5, to: 5 });
    expect(v[1]).toEqual([['src/k.kt:6 parseRow', 'VERIFIED', 'line 6 of src/k.kt lies inside the definition of “parseRow” (lines 5–7)']]);
    expect(v[2]).toEqual([['src/s.scala parseRow', 'VERIFIED', 'name found in src/s.scala at line 3']]);
    expect(v[3]).toEqual([['src/w.swift parseRow', 'VERIFIED', 'name found in src/w.swift at line 2']]);
  });

  it('reads Kotlin definitions with their modifiers, and a call as none', () => {
    expect(definitionLine('class P {\n    private suspend fun parse(raw: String) {\n    }\n}\n', 'parse')).toBe(2);
    expect(definitionLine('fun String.parseRow(): Int = length\n', 'parseRow')).toBe(1);
    expect(definitionLine('fun main() { parseRow("x") }\n', 'parseRow')).toBeNull();
  });
});
