/**
 * A quoted path holding a space with its line written after the closing quote (trust12's
 * fault-injecting review), as markdown writers type `` `src/a.ts`:12 ``: `` `docs/Design
 * Notes.md`:3 `` and `"docs/Design Notes.md":3` were the path `docs/Design`, a high
 * `evidence/path-not-found` ("docs/Design not found at landed head …") for a committed file whose
 * line 3 is there; `` `Fuji Recipes/Views/Recipe List.swift`:4 `` was prose (a medium
 * `evidence/prose`) and `` `my dir/ü file.ts`:2 `` a command naming a missing `file.ts`. Each is
 * that path with its lines, checked and linked to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { evidenceFlags, removeFixture, rowIdOf, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

const CELLS = [
  '`docs/Design Notes.md`:3', // 0
  '"docs/Design Notes.md":2-3.', // 1
  '`Fuji Recipes/Views/Recipe List.swift`:4', // 2
  '`my dir/ü file.ts`:2', // 3
  'src/a.ts:2, `docs/Design Notes.md`:3', // 4
  '`docs/Design Notes.md`:40', // 5
];

let dir: string;
let model: ProjectModel;
const nine = Array.from({ length: 9 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

beforeAll(async () => {
  ({ dir, model } = await committedProject('quoted-spaced-lines', {
    'docs/Design Notes.md': nine,
    'Fuji Recipes/Views/Recipe List.swift': nine,
    'my dir/ü file.ts': nine,
    'src/a.ts': nine,
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:0${i}:00Z`, `decision ${i}`, c))),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a quoted path with a space, its lines after the closing quote', () => {
  it('is that path with those lines', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[0]).toEqual([['docs/Design Notes.md:3', 'path', 'VERIFIED', 'line 3 of 9 exists at landed head']]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'docs/Design Notes.md', origin: 'repository', from: 3, to: 3 });
    expect(v[1]).toEqual([['docs/Design Notes.md:2-3', 'path', 'VERIFIED', 'lines 2–3 of 9 exist at landed head']]);
    expect(v[2]).toEqual([['Fuji Recipes/Views/Recipe List.swift:4', 'path', 'VERIFIED', 'line 4 of 9 exists at landed head']]);
    expect(v[3]).toEqual([['my dir/ü file.ts:2', 'path', 'VERIFIED', 'line 2 of 9 exists at landed head']]);
    expect(v[4]).toEqual([
      ['src/a.ts:2', 'path', 'VERIFIED', 'line 2 of 9 exists at landed head'],
      ['docs/Design Notes.md:3', 'path', 'VERIFIED', 'line 3 of 9 exists at landed head'],
    ]);
  });

  it('raises only the fault of lines that are not there', () => {
    expect(pointerVerdicts(model, 'kind')[5]).toEqual([['docs/Design Notes.md:40', 'path', 'NOT_VERIFIED', 'line 40 is past the end of docs/Design Notes.md (9 lines at landed head)']]);
    expect(evidenceFlags(model)).toEqual([['evidence/line-out-of-range', 'high', [rowIdOf(model, 5)]]]);
  });
});
