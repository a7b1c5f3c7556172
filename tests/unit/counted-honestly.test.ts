/**
 * Issue 27 on a fixture of each case (tests/counted-honestly-fixture.ts), through the whole
 * core: results read as written, Check first's two groups, prose apart from pointers that did
 * not resolve, one problem for 25 flags of one cause, projects ordered by problems with
 * evidence citing what does not exist first, invalid rows searchable and their cited files
 * given pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { checkFirst, checkFirstGroups } from '../../src/lib/projections/check-first.ts';
import { problems } from '../../src/lib/projections/problems.ts';
import { worstProject } from '../../src/lib/projections/needs-a-person.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { problemSentence } from '../../src/lib/site/words.ts';
import { FABRICATED_RESULTS, INVALID_FAILED, makeCountedFixture, ONLY_IN_AN_INVALID_ROW } from '../counted-honestly-fixture.ts';

let dir: string;
const models = new Map<string, ProjectModel>();
const model = (id: string): ProjectModel => models.get(id) as ProjectModel;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-counted-'));
  await makeCountedFixture(join(dir, 'in'));
  await analyseArchive({ roots: [join(dir, 'in')], cacheDir: null, onModel: (m) => void models.set(m.id, m) });
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('counted honestly (issue 27)', () => {
  it('reads each result as written and lists the open ones first under Check first, reported done apart', () => {
    const m = model('fabricated');
    expect(m.rows.map((r) => [r.result, r.resultClass])).toEqual(FABRICATED_RESULTS.map(([text, state]) => [text, state]));
    const groups = checkFirstGroups(checkFirst(m.rows));
    const open = new Set(groups.filter((g) => g.band === 'open').flatMap((g) => g.entries.map((e) => e.row.result)));
    // `tests green` is in the first group because the commit it cites does not exist; `10 passed,
    // 0 failed` (its file resolves) and `verified` on prose are the agent's words, folded apart.
    expect([...open].sort()).toEqual(['FAIL 4 High', 'failed; retry pending', 'open', 'reverted', 'tests green']);
    const words = groups.filter((g) => g.band === 'words').map((g) => [g.outcome, g.reason, g.entries.map((e) => e.row.result).join(' | ')]);
    expect(words).toEqual([['result', 'reported-done', '10 passed, 0 failed'], ['prose', '', 'verified']]);
    expect([m.counts.checkFirst, m.counts.checkFirstOpen, m.counts.checkFirstWords]).toEqual([7, 5, 2]);
  });

  it('counts a pointer that did not resolve apart from a cell of prose', () => {
    // The malformed row's evidence (src/main.ts) is checked and counted like a row's.
    expect(model('fabricated').counts.pointers).toEqual({ verified: 4, failed: 4, unresolved: 3, prose: 1, notCheckable: 0 });
    expect(model('fabricated').counts.problems).toEqual({ high: 2, medium: 1, low: 0, citesMissing: 1 });
  });

  it('makes the 25 flags of a missing `why` column one problem, and orders the project citing what does not exist above it', () => {
    const m = model('missing-why');
    expect(m.flags).toHaveLength(25);
    const list = problems(m.flags);
    expect(list.map((p) => [p.kind, p.flags.length, problemSentence(p)])).toEqual([['trail/tsv-cell-count', 25, '25 lines: expected 6 tab-separated cells, found 5 — read in order, the “why” column is missing']]);
    // count14: lines, not rows: the same recap says 'Decisions 0 rows' and '25 lines could not be read as records'.
    expect(m.counts.problems).toEqual({ high: 1, medium: 0, low: 0, citesMissing: 0 });
    expect(worstProject([...models.values()])?.project.id).toBe('fabricated');
  });

  it('finds a word found only in an invalid row, and builds a page for every file an invalid row cites', () => {
    const m = model('missing-why');
    const found = searchRecords(m).filter((r) => `${r.title} ${r.body}`.includes(ONLY_IN_AN_INVALID_ROW));
    expect(found.map((r) => [r.anchor, r.facets['type'], r.facets['result']])).toEqual([['invalid-decisions-tsv-L14', ['invalid record'], ['reported done']]]);
    // A malformed row whose result failed is found by `result=failed`.
    expect(searchRecords(model('fabricated')).filter((r) => r.facets['result']?.includes('failed')).map((r) => [r.anchor, r.facets['type']?.[0], r.meta])).toEqual([
      ['row-457a81b7', 'decision', 'FAIL 4 High · ship'],
      ['row-c82a5bef', 'decision', 'failed; retry pending · ship'],
      ['invalid-decisions-tsv-L9', 'invalid record', `invalid record decisions.tsv:9 · expected 6 tab-separated cells, found 5 — read in order, the “why” column is missing · ${INVALID_FAILED}`],
    ]);
    expect(m.cited.files.map((f) => [f.path, f.by.length])).toEqual(Array.from({ length: 8 }, (_, i) => [`src/part-${i + 1}.ts`, i < 1 ? 4 : 3]));
  });
});
