/**
 * A name cited at lines of a file that changed after the row was recorded (trust14's
 * fault-injecting trial). `src/p.ts:2 parseRow`, committed when line 2 lay inside parseRow, was
 * looked for at line 2 of the landed head after two lines were added at the file's top, and said
 * `name “parseRow” is not on line 2 of src/p.ts (first found at line 3)`, while the same line cited
 * alone was followed to line 4. The cited lines are now followed first when they are all there
 * unchanged, and the name is looked for where they are now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let recorded: string;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('name-lines-history');
  await initRepo(dir);
  await writeFiles(dir, { 'src/p.ts': 'function parseRow() {\n  return 1;\n}\nconst other = 2;\n' });
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'start', 'src/p.ts:2 parseRow', 'start'),
      row('2026-03-01T10:01:00Z', 'Its first line', 'src/p.ts:1 parseRow'),
      row('2026-03-01T10:02:00Z', 'A line changed since', 'src/p.ts:4 other()'),
    ]),
  });
  recorded = commitAll(dir, 'Trail', '2026-03-01T11:00:00Z');
  await writeFiles(dir, { 'src/p.ts': '// header\n// more\nfunction parseRow() {\n  return 1;\n}\nconst other = 3;\n' });
  head = commitAll(dir, 'Later', '2026-03-02T11:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a name cited at lines that moved since', () => {
  it('is looked for where the cited lines are now', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    expect(pointerVerdicts(model).slice(0, 2)).toEqual([
      [['src/p.ts:2 parseRow', 'VERIFIED', `cited line 2 at ${r}; now line 4 at the landed head ${h}, as src/p.ts changed since: line 4 of src/p.ts lies inside the definition of “parseRow” (lines 3–5)`]],
      [['src/p.ts:1 parseRow', 'VERIFIED', `cited line 1 at ${r}; now line 3 at the landed head ${h}, as src/p.ts changed since: name found in src/p.ts at line 3`]],
    ]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/p.ts', origin: 'repository', from: 4, to: 4 });
    expect(evidenceFlags(model)).toEqual([]);
  });

  it('leaves a line changed since to the head, as written', () => {
    expect(pointerVerdicts(model)[2]).toEqual([['src/p.ts:4 other()', 'INCONCLUSIVE', 'name “other” is not on line 4 of src/p.ts (first found at line 6)']]);
  });
});
