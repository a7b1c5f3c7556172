/**
 * A path cited at a tag or branch in words, `src/a.ts:2 in v1`, `src/a.ts:2 at v1`
 * (trust15, fault-injecting review): the ref was left in the path's note, so the
 * lines were checked and linked at the landed head — VERIFIED on lines the row never cited once
 * the file changed after the tag, and a line past the tag's end was never flagged. `in <sha>` and
 * `src/a.ts@v1:2` were already read at their commit; a ref named so now is too, when the
 * repository has it (a word naming no ref stays the note).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let tagged: string;
const s = (sha: string): string => sha.slice(0, 7);
const verdicts = (): string[][][] => model.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason]));
const targetOf = (n: number): unknown => {
  const t = model.rows[n]?.evidence[0]?.target;
  return t?.type === 'file' ? [t.path, t.at ?? 'head', t.from, t.to] : t;
};

beforeAll(async () => {
  dir = await fixtureDir('path-in-ref-evidence');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'one\ntwo\nthree\n' });
  tagged = commitAll(dir, 'Tagged', '2026-03-01T08:00:00Z');
  git(dir, ['tag', 'v1']);
  await writeFiles(dir, { 'src/a.ts': 'zero\none\nTWO\nthree\nfour\n' });
  commitAll(dir, 'Changed', '2026-03-01T08:30:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:2 in v1', 'start'),
      row('2026-03-01T09:01:00Z', 'At, with a remark', 'src/a.ts:2 at v1, reviewed'),
      row('2026-03-01T09:03:00Z', 'Past the end at the tag', 'src/a.ts:5 in v1'),
      row('2026-03-01T09:04:00Z', 'Words that name no ref', 'src/a.ts:2 in the parser'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path cited at a ref in words', () => {
  it('is checked and linked at the commit the ref names', () => {
    expect(verdicts().slice(0, 2)).toEqual([
      [['src/a.ts:2 in v1', 'VERIFIED', `line 2 of 3 exists at commit ${s(tagged)}`]],
      [['src/a.ts:2 at v1', 'VERIFIED', `line 2 of 3 exists at commit ${s(tagged)}`]],
    ]);
    expect([targetOf(0), targetOf(1)]).toEqual([
      ['src/a.ts', tagged, 2, 2],
      ['src/a.ts', tagged, 2, 2],
    ]);
  });

  it('flags a line past the end of the file at that ref', () => {
    expect(verdicts()[2]).toEqual([['src/a.ts:5 in v1', 'NOT_VERIFIED', `line 5 is past the end of src/a.ts (3 lines at commit ${s(tagged)})`]]);
  });

  it('leaves words that name no ref as the note, checked at the landed head', () => {
    expect(verdicts()[3]).toEqual([['src/a.ts:2', 'VERIFIED', 'line 2 of 5 exists at landed head']]);
  });
});
