/**
 * A name cited in a file that the file holds only in a comment (trust11, found trying to fool
 * the checks): `src/c.ts parseRow` was VERIFIED, "name found in src/c.ts at line 1", for a file
 * whose only `parseRow` is `// parseRow was removed` — the same weakness trust10 closed for test
 * titles. It is INCONCLUSIVE now, saying so; a name in the code (a string's `//` opens no
 * comment), a cited line that holds it, and a document's text are as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { commentSpans } from '../../src/lib/evidence/comment-spans.ts';
import { evidenceFlags, removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const CELLS = [
  'src/c.ts parseRow', // 0
  'src/c.ts#parseRow', // 1
  'src/c.ts:1 parseRow', // 2
  'src/c.ts readAll', // 3
  'src/c.ts loadRows', // 4
  'tools/gone.py parse_row', // 5
  'docs/plan.md parseRow', // 6
  'src/c.ts missingName', // 7
];

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('comment-name', {
    'src/c.ts': ['// parseRow was removed', '/* readAll too', '   was removed */', 'const url = "http://x"; export const loadRows = () => url;', 'export const readAll = 1;', ''].join('\n'),
    'tools/gone.py': ['# parse_row was removed', 'def other():', '    pass', ''].join('\n'),
    'docs/plan.md': 'We keep parseRow.\n',
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:0${i}:00Z`, `decision ${i}`, c))),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a name cited in a file', () => {
  it('is not found where the file holds it only in a comment', () => {
    const v = pointerVerdicts(model, 'fault');
    expect(v[0]).toEqual([['src/c.ts parseRow', 'INCONCLUSIVE', 'name “parseRow” is in src/c.ts only in a comment (line 1), not in its code', '']]);
    expect(v[1]).toEqual([['src/c.ts#parseRow', 'INCONCLUSIVE', 'name “parseRow” is in src/c.ts only in a comment (line 1), not in its code', '']]);
    expect(v[5]).toEqual([['tools/gone.py parse_row', 'INCONCLUSIVE', 'name “parse_row” is in tools/gone.py only in a comment (line 1), not in its code', '']]);
    expect(v[7]).toEqual([['src/c.ts missingName', 'INCONCLUSIVE', 'name “missingName” not found in src/c.ts', '']]);
    // Not found is never a flag for a name, in a comment or nowhere.
    expect(evidenceFlags(model)).toEqual([]);
  });

  it('is found in the code past a comment or a string holding //, on a cited line, and in a document', () => {
    const v = pointerVerdicts(model);
    expect(v[2]).toEqual([['src/c.ts:1 parseRow', 'VERIFIED', 'name found in src/c.ts at line 1']]);
    expect(v[3]).toEqual([['src/c.ts readAll', 'VERIFIED', 'name found in src/c.ts at line 5']]);
    expect(v[4]).toEqual([['src/c.ts loadRows', 'VERIFIED', 'name found in src/c.ts at line 4']]);
    expect(v[6]).toEqual([['docs/plan.md parseRow', 'VERIFIED', 'name found in docs/plan.md at line 1']]);
  });

  it('tells comments by the language', () => {
    expect(commentSpans('a.ts', 'x = "//no"; // yes\ny')).toEqual([[12, 18]]);
    expect(commentSpans('a.ts', "a /* b */ c\r// d\re")).toEqual([[2, 9], [12, 16]]);
    expect(commentSpans('a.rs', "fn f<'a>(x: &'a str) {} // c")).toEqual([[24, 28]]);
    expect(commentSpans('a.sh', 'echo $# ${#list} # c')).toEqual([[17, 20]]);
    expect(commentSpans('a.py', "s = '#'  # c")).toEqual([[9, 12]]);
    expect(commentSpans('a.css', 'a { color: #fff } /* c */')).toEqual([[18, 25]]);
    expect(commentSpans('a.md', '# Heading // not a comment')).toEqual([]);
  });
});
