/**
 * A committed path holding a space, cited without backticks, is that one path (tryout, round 7:
 * Xcode projects name folders `Fuji Recipes/`; `Fuji Recipes/App.swift:3` was prose, flagged
 * "evidence must be a pointer, not prose", and `docs/Design Notes.md` was two missing paths,
 * `docs/Design` and `Notes.md`, two high flags: real evidence called fake). Only a text that is
 * a path committed at the landed head (or the row's commit), spaces and all, is read so; words
 * around a path stay as they were. A quoted one with lines after its closing quote is the path
 * cited, committed or not (trust13: `"docs/Other Notes.md":3` was "docs/Other not found", and
 * `“docs/Other Notes.md”:3` prose, a medium flag where the straight quotes raised a high one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, fixtureDir, removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => pointerVerdicts(model);
const nine = Array.from({ length: 9 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

beforeAll(async () => {
  ({ dir, model } = await committedProject('spaced-paths', {
    'Fuji Recipes/App.swift': nine,
    'Fuji Recipes/Views/Recipe List.swift': nine,
    'docs/Design Notes.md': nine,
    'src/a.ts': nine,
    'runs/decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'folder with a space', 'Fuji Recipes/App.swift:3'),
      row('2026-03-01T09:01:00Z', 'folder and file with spaces', 'Fuji Recipes/Views/Recipe List.swift:4'),
      row('2026-03-01T09:02:00Z', 'file with a space', 'docs/Design Notes.md'),
      row('2026-03-01T09:03:00Z', 'quoted', '"docs/Design Notes.md"'),
      row('2026-03-01T09:04:00Z', 'beside another path', 'src/a.ts:2, docs/Design Notes.md:5'),
      row('2026-03-01T09:05:00Z', 'not a committed path', 'docs/Other Notes.md'),
      row('2026-03-01T09:06:00Z', 'past the end', 'docs/Design Notes.md:40'),
      row('2026-03-01T09:07:00Z', 'quoted, missing', '"docs/Other Notes.md":3'),
      row('2026-03-01T09:08:00Z', 'curly quoted, missing', '“docs/Other Notes.md”:3'),
      row('2026-03-01T09:09:00Z', 'quoted beside another path, missing', 'src/a.ts:2, `docs/Other Notes.md`:3'),
    ]),
  }, 'Trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a committed path with a space, cited without backticks', () => {
  it('is one path when its folder has a space', () => {
    expect(verdicts()[0]).toEqual([['Fuji Recipes/App.swift:3', 'VERIFIED', 'line 3 of 9 exists at landed head']]);
    expect(verdicts()[1]).toEqual([['Fuji Recipes/Views/Recipe List.swift:4', 'VERIFIED', 'line 4 of 9 exists at landed head']]);
  });

  it('is one path when its file name has a space, quoted or not', () => {
    expect(verdicts()[2]).toEqual([['docs/Design Notes.md', 'VERIFIED', 'file exists at landed head; 9 lines']]);
    expect(verdicts()[3]).toEqual([['docs/Design Notes.md', 'VERIFIED', 'file exists at landed head; 9 lines']]);
  });

  it('is one path beside another pointer of the cell', () => {
    expect(verdicts()[4]).toEqual([
      ['src/a.ts:2', 'VERIFIED', 'line 2 of 9 exists at landed head'],
      ['docs/Design Notes.md:5', 'VERIFIED', 'line 5 of 9 exists at landed head'],
    ]);
  });

  it('leaves a text that is no committed path as it was, and checks the lines of one that is', () => {
    expect(verdicts()[5]?.map(([raw, status]) => [raw, status])).toEqual([
      ['docs/Other', 'NOT_VERIFIED'],
      ['Notes.md', 'NOT_VERIFIED'],
    ]);
    expect(verdicts()[6]).toEqual([['docs/Design Notes.md:40', 'NOT_VERIFIED', 'line 40 is past the end of docs/Design Notes.md (9 lines at landed head)']]);
  });

  it('names a quoted path with lines that is not committed whole, whatever its quotes', () => {
    const missing = ['docs/Other Notes.md:3', 'NOT_VERIFIED', `docs/Other Notes.md not found at landed head ${model.repository.head?.slice(0, 7)} nor in the project folder`];
    expect(verdicts()[7]).toEqual([missing]);
    expect(verdicts()[8]).toEqual([missing]);
    expect(verdicts()[9]).toEqual([['src/a.ts:2', 'VERIFIED', 'line 2 of 9 exists at landed head'], missing]);
    expect(model.flags.filter((f) => f.rows.includes(model.rows[7]?.id as string)).map((f) => [f.severity, f.kind, f.summary])).toEqual([
      ['high', 'evidence/path-not-found', `row ${model.rows[7]?.id} “quoted, missing” — docs/Other Notes.md:3: ${missing[2]}`],
    ]);
  });
});

describe('a quoted path with lines, no repository', () => {
  it('is the whole path, not checkable', async () => {
    const bare = await fixtureDir('spaced-bare');
    try {
      await writeFiles(bare, { 'decisions.jsonl': trailText([row('2026-03-01T09:00:00Z', 'quoted', '"docs/Other Notes.md":3')]) });
      const m = await analyseProject(bare);
      expect(pointerVerdicts(m)[0]?.map(([raw, status]) => [raw, status])).toEqual([['docs/Other Notes.md:3', 'INCONCLUSIVE']]);
    } finally {
      await removeFixture(bare);
    }
  });
});
