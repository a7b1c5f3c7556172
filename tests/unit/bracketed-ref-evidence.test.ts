/**
 * A path cited at a tag in brackets, and a name cited in a path at a commit (trust16,
 * fault-injecting review):
 * - `src/a.ts:2 (v1)` was read as the name “v1” looked for in the landed head's file (INCONCLUSIVE
 *   “name “v1” not found in src/a.ts”, and `src/a.ts:9 (v1)` a line-out-of-range at the head), while
 *   `src/a.ts:2 in v1` was the path at that tag. Now a word in brackets after a path that names a
 *   ref of the repository is where the path is cited; one that names none stays a name
 *   (`src/hash.ts (sha256)`).
 * - `src/p.ts:2 parseRow in <sha>` cut the commit off as a pointer of its own, and `… in v1` left
 *   the tag in the note: the name was looked for in the landed head's file (“not on line 2”), the
 *   link landing on the head. Now the name is looked for in the file at that commit, linked there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, evidenceFlags, fixtureDir, initRepo, pointerVerdicts, removeFixture, rowIdOf, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let tagged: string;
let side: string;
const s = (sha: string): string => sha.slice(0, 7);
const targetOf = (n: number): unknown => {
  const t = model.rows[n]?.evidence[0]?.target;
  return t?.type === 'file' ? [t.path, t.at ?? 'head', t.from, t.to] : t;
};

beforeAll(async () => {
  dir = await fixtureDir('bracketed-ref-evidence');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'one\ntwo\nthree\n', 'src/p.ts': '// p\nexport function parseRow() {}\n', 'src/hash.ts': 'export function sha256() {}\n' });
  tagged = commitAll(dir, 'Tagged', '2026-03-01T08:00:00Z');
  git(dir, ['tag', 'v1']);
  git(dir, ['checkout', '-q', '-b', 'side']);
  await writeFiles(dir, { 'src/side.ts': 'export const sideName = 1;\n' });
  side = commitAll(dir, 'Side', '2026-03-01T08:10:00Z');
  git(dir, ['checkout', '-q', 'main']);
  await writeFiles(dir, { 'src/a.ts': 'zero\none\nTWO\nthree\nfour\n', 'src/p.ts': '// p\n// moved\n// down\nexport function parseRow() {}\n' });
  commitAll(dir, 'Changed', '2026-03-01T08:30:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:2 (v1)', 'start'),
      row('2026-03-01T09:01:00Z', 'Past the end at the tag', 'src/a.ts:5 (v1)'),
      row('2026-03-01T09:02:00Z', 'A name in brackets', 'src/hash.ts (sha256)'),
      row('2026-03-01T09:03:00Z', 'A name at a commit', `src/p.ts:2 parseRow in ${s(tagged)}`),
      row('2026-03-01T09:04:00Z', 'A name at a tag', 'src/p.ts:2 parseRow in v1'),
      row('2026-03-01T09:05:00Z', 'A name at a commit not landed', `src/side.ts:1 sideName in ${s(side)}`),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a tag in brackets after a path', () => {
  it('is where the path is cited: checked and linked at the commit the tag names', () => {
    expect(pointerVerdicts(model, 'kind')[0]).toEqual([['src/a.ts:2 (v1)', 'path', 'VERIFIED', `line 2 of 3 exists at commit ${s(tagged)}`]]);
    expect(targetOf(0)).toEqual(['src/a.ts', tagged, 2, 2]);
  });

  it('flags a line past the end of the file at that tag (5 lines at the head)', () => {
    expect(pointerVerdicts(model, 'fault')[1]).toEqual([['src/a.ts:5 (v1)', 'NOT_VERIFIED', `line 5 is past the end of src/a.ts (3 lines at commit ${s(tagged)})`, 'evidence/line-out-of-range']]);
    expect(evidenceFlags(model).filter(([kind]) => kind !== 'evidence/commit-not-landed')).toEqual([['evidence/line-out-of-range', 'high', [rowIdOf(model, 1)]]]);
  });

  it('stays a name when the word names no ref', () => {
    expect(pointerVerdicts(model, 'kind')[2]).toEqual([['src/hash.ts (sha256)', 'symbol', 'VERIFIED', 'name found in src/hash.ts at line 1']]);
  });
});

describe('a name cited in a path at a commit or tag', () => {
  it('is looked for in the file at that commit, and linked there', () => {
    expect(pointerVerdicts(model, 'kind').slice(3, 5)).toEqual([
      [[`src/p.ts:2 parseRow in ${s(tagged)}`, 'symbol', 'VERIFIED', `name found in src/p.ts at line 2, at commit ${s(tagged)}`]],
      [['src/p.ts:2 parseRow in v1', 'symbol', 'VERIFIED', `name found in src/p.ts at line 2, at commit ${s(tagged)}`]],
    ]);
    expect([targetOf(3), targetOf(4)]).toEqual([
      ['src/p.ts', tagged, 2, 2],
      ['src/p.ts', tagged, 2, 2],
    ]);
  });

  it('keeps the notice of a commit the landed head does not reach', () => {
    const p = model.rows[5]?.evidence[0];
    expect([p?.raw, p?.status, p?.notLanded]).toEqual([`src/side.ts:1 sideName in ${s(side)}`, 'VERIFIED', true]);
    expect(p?.reason).toMatch(new RegExp(`^name found in src/side\\.ts at line 1, at commit ${s(side)}; commit ${s(side)} is not an ancestor of the landed head `));
    expect(targetOf(5)).toEqual(['src/side.ts', side, 1, 1]);
    expect(model.flags.filter((f) => f.kind === 'evidence/commit-not-landed').map((f) => f.rows)).toEqual([[rowIdOf(model, 5)]]);
  });
});
