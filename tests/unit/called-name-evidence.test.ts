/**
 * A name written as a call after a path, in lower case alone (trust12's fault-injecting review):
 * `src/a.ts nope()` dropped the name, so the file alone showed VERIFIED ("file exists at landed
 * head") for a function the file does not hold, and the link opened the whole file, not the
 * function; `pkg/b.py foo()` and `run() in src/a.ts` did the same for names that are there (the
 * second showed a remark beside the file). A Python, Go or C function is often one lower-case
 * word: written with `()` it is a name, checked in the file as `parseRow()` is. A plain word
 * after a path (`src/a.ts works`) stays the path's note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { evidenceFlags, removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const CELLS = [
  'src/a.ts nope()', // 0
  'src/a.ts run()', // 1
  'pkg/b.py foo()', // 2
  'run() in src/a.ts', // 3
  'nope() in src/a.ts', // 4
  'src/a.ts works', // 5
  'src/a.ts#run()', // 6
];

let dir: string;
let model: ProjectModel;
const target = (n: number): unknown => model.rows[n]?.evidence[0]?.target;

beforeAll(async () => {
  ({ dir, model } = await committedProject('called-name', {
    'src/a.ts': 'export const x = 1;\nexport function run() {\n  return x;\n}\n',
    'pkg/b.py': 'X = 1\n\ndef foo():\n    return X\n',
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:0${i}:00Z`, `decision ${i}`, c))),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a lower-case name written as a call after a path', () => {
  it('is looked for in the file: one it does not hold is not shown verified', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[0]).toEqual([['src/a.ts nope()', 'symbol', 'INCONCLUSIVE', 'name “nope” not found in src/a.ts']]);
    expect(v[4]).toEqual([['nope() in src/a.ts', 'symbol', 'INCONCLUSIVE', 'name “nope” not found in src/a.ts']]);
    // A name not found is listed under Check first, never a flag (docs/checks.md).
    expect(evidenceFlags(model)).toEqual([]);
  });

  it('lands on the line that defines the name', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[1]).toEqual([['src/a.ts run()', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 2']]);
    expect(target(1)).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 2, to: 2 });
    expect(v[2]).toEqual([['pkg/b.py foo()', 'symbol', 'VERIFIED', 'name found in pkg/b.py at line 3']]);
    expect(target(2)).toEqual({ type: 'file', path: 'pkg/b.py', origin: 'repository', from: 3, to: 3 });
    expect(v[3]).toEqual([['run() in src/a.ts', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 2']]);
    expect(v[6]).toEqual([['src/a.ts#run()', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 2']]);
  });

  it('leaves a plain word after a path as its note', () => {
    expect(pointerVerdicts(model, 'kind')[5]).toEqual([['src/a.ts', 'path', 'VERIFIED', 'file exists at landed head; 4 lines']]);
  });
});
