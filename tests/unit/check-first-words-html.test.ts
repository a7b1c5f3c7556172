/**
 * Check first's folded group on the recap page (src/components/html/check-first.ts, issue 30
 * output size): a reason of the agent's words with more than 20 rows is its count and a search
 * link naming its filters, not a list; a shorter reason still lists its rows; the single-file
 * recap.html (no search) lists every row.
 */
import { describe, expect, it } from 'vitest';
import { checkFirstHtml, checkFirstWordsFilters } from '../../src/components/html/check-first.ts';
import { checkFirst, checkFirstGroupPlace, checkFirstGroups, checkFirstPlace } from '../../src/lib/projections/check-first.ts';
import type { EvidencePointer, ResultClass, TrailRow } from '../../src/lib/model/types.ts';

const row = (n: number, result: string, resultClass: ResultClass, evidence: EvidencePointer[] = []): TrailRow => ({
  id: `r${String(n).padStart(7, '0')}`,
  computedId: `r${String(n).padStart(7, '0')}`,
  anchor: `row-r${String(n).padStart(7, '0')}`,
  format: 'bbs-trail',
  file: 'decisions.jsonl',
  line: n,
  index: n - 1,
  ts: '',
  time: null,
  phase: '',
  ticket: '',
  actor: '',
  decision: `Decision ${n}`,
  why: 'because',
  evidenceText: '',
  evidence,
  result,
  resultClass,
  supersededBy: [],
  bytes: 10,
  extra: {},
});
const notCheckable: EvidencePointer = { raw: 'PR #4', kind: 'reference', status: 'INCONCLUSIVE', reason: 'reference recorded, not checked' };
// 21 rows reported done (one past the fold), 3 notes, 2 verified on evidence that could not be checked.
const rows = [
  ...Array.from({ length: 21 }, (_, i) => row(i + 1, 'tests green', 'reported-done', [notCheckable])),
  ...Array.from({ length: 3 }, (_, i) => row(30 + i, 'noted', 'note', [notCheckable])),
  row(40, 'verified', 'verified', [notCheckable]),
  row(41, 'verified, see the PR', 'verified', [notCheckable]),
];
const groups = checkFirstGroups(checkFirst(rows));
const search = { base: '/', project: 'corpus/projects/p 1' };

describe("Check first's folded group on the recap page", () => {
  it('gives a reason of more than 20 rows as its count and a search link naming its filters, and lists a shorter one', () => {
    const markup = checkFirstHtml(groups, () => [], null, 26, search).value;
    expect(markup).toContain(
      '<p class="cf-group cf-result cf-linked" id="check-first-1"><span class="status status-unknown">result</span> <span class="cf-reason">reported done: the agent&#39;s word, not a check</span> <span class="cf-count">21 rows</span> <a class="cf-search" href="/search/?project=corpus%2Fprojects%2Fp+1&amp;check=agent%27s+words%3A+reported+done">list these 21 rows in search</a></p>',
    );
    expect(markup).not.toContain('#row-r0000001');
    // The notes and the verified rows: listed, each with its result as written.
    expect(markup).toContain('<li><a href="#row-r0000030">Decision 30</a> <small>result <q>noted</q></small>');
    // `verified` under "result verified; …" is said once, on the group; another wording is shown as written.
    expect(markup).toContain('<summary><span class="status status-unknown">not checkable</span> <span class="cf-reason">result verified; reference recorded, not checked</span> <span class="cf-count">2 rows</span></summary>');
    expect(markup).toContain('<li><a href="#row-r0000040">Decision 40</a> <code>PR #4</code><li><a href="#row-r0000041">Decision 41</a> <code>PR #4</code> <small>result <q>verified, see the PR</q></small></ul>');
    expect(markup).toContain(
      '<p class="meta">21 reported done; 3 notes; 2 verified, with evidence that could not be checked. These are the agent&#39;s own words, not checks Trailbook made: each row&#39;s card under Decisions shows its result as written; a reason of more than 20 rows links to search instead of listing them here.</p>',
    );
  });

  it('lists every row without search (the single-file recap.html)', () => {
    const markup = checkFirstHtml(groups, () => [], null, 26).value;
    expect(markup).toContain('<li><a href="#row-r0000001">Decision 1</a> <small>result <q>tests green</q></small>');
    expect(markup).not.toContain('cf-linked');
    expect(markup).toContain('These are the agent&#39;s own words, not checks Trailbook made: each row shows its result as written.</p>');
  });

  it("names the search filter of each kind of reason: the group's place under Check first", () => {
    expect(checkFirstWordsFilters({ band: 'words', outcome: 'result', reason: 'note' })).toEqual({ check: ["agent's words: note"] });
    expect(checkFirstWordsFilters({ band: 'words', outcome: 'prose', reason: '' })).toEqual({ check: ["agent's words: verified, prose"] });
    expect(checkFirstWordsFilters({ band: 'words', outcome: 'not-checkable', reason: 'no repository' })).toEqual({ check: ["agent's words: verified, not checkable"] });
    expect(checkFirstWordsFilters({ band: 'words', outcome: 'no-evidence', reason: '' })).toEqual({ check: ["agent's words: verified, no evidence"] });
  });
});

describe('a folded group links to a search of exactly its rows (use10: "12 rows" linked to a search of 30)', () => {
  const failed: EvidencePointer = { raw: 'deadbeef', kind: 'commit', status: 'NOT_VERIFIED', reason: 'no such commit', fault: 'evidence/commit-not-found' };
  const otherReason: EvidencePointer = { raw: 'PR #5', kind: 'reference', status: 'INCONCLUSIVE', reason: 'a shallow clone' };
  // 21 reported done in the agent's words, and 9 more reported done whose commit did not resolve
  // (the open group): search's old `result=reported done` listed 30.
  const mixed = [
    ...Array.from({ length: 21 }, (_, i) => row(i + 1, 'tests green', 'reported-done', [notCheckable])),
    ...Array.from({ length: 9 }, (_, i) => row(100 + i, 'tests green', 'reported-done', [failed])),
  ];
  const entries = checkFirst(mixed);

  it('files each row under its place, so the filter selects the group alone, and the link says its count', () => {
    const g = checkFirstGroups(entries).find((x) => x.band === 'words') as (typeof groups)[number];
    expect(g.entries.length).toBe(21);
    const places = entries.map(checkFirstPlace);
    expect(places.filter((p) => p === checkFirstGroupPlace(g)).length).toBe(21);
    expect(places.filter((p) => p === 'needs a look').length).toBe(9);
    const markup = checkFirstHtml(checkFirstGroups(entries), () => [], null, 21, search).value;
    expect(markup).toContain('<span class="cf-count">every row here (21 rows)</span> <a class="cf-search" href="/search/?project=corpus%2Fprojects%2Fp+1&amp;check=agent%27s+words%3A+reported+done">list these 21 rows in search</a>');
  });

  it('lists a group that shares its search value with another group of the project instead of linking it', () => {
    // 21 verified rows not checkable for one reason, 2 for another: one search value, 23 rows.
    const twoReasons = [...Array.from({ length: 21 }, (_, i) => row(i + 1, 'verified', 'verified', [notCheckable])), row(50, 'verified', 'verified', [otherReason]), row(51, 'verified', 'verified', [otherReason])];
    const markup = checkFirstHtml(checkFirstGroups(checkFirst(twoReasons)), () => [], null, 23, search).value;
    expect(markup).not.toContain('cf-search');
    expect(markup).toContain('<li><a href="#row-r0000021">Decision 21</a>');
  });
});

describe("Check first's sentence adds up (use10: '4 need a look: 4 with evidence that did not resolve; 1 failed' read as 5)", () => {
  it('says how many rows are under two reasons when the reasons add up to more than the rows', async () => {
    const { checkFirstSentence } = await import('../../src/lib/site/words.ts');
    expect(checkFirstSentence(4, 4, 11, [['failed', 4], ['result:failed', 1]])).toBe(
      "4 of 11 rows need a look: 4 with evidence that did not resolve; 1 failed; 1 of them is counted twice, for its evidence and its result. 4 more are results in the agent's words (reported done or notes, or evidence not checked), folded below.",
    );
    expect(checkFirstSentence(2, 0, 5, [['failed', 2], ['result:open', 2]])).toBe('2 of 5 rows need a look: 2 with evidence that did not resolve; 2 open; both are counted twice, for their evidence and their result.');
    expect(checkFirstSentence(1, 0, 5, [['failed', 1], ['result:open', 1]])).toBe('1 of 5 rows needs a look: 1 with evidence that did not resolve; 1 open; it is counted twice, for its evidence and its result.');
    expect(checkFirstSentence(3, 0, 5, [['failed', 1], ['result:open', 2]])).toBe('3 of 5 rows need a look: 1 with evidence that did not resolve; 2 open.');
  });

  it('says how many rows are listed under more than one reason their evidence did not resolve (count14)', async () => {
    // Before: '3 of 3 rows need a look: 3 with evidence that did not resolve.' above 'commit not found 2 rows',
    // 'path not found 2 rows', 'cited lines beyond the end of the file 1 row': 5 listed for 3.
    const { checkFirstSentence } = await import('../../src/lib/site/words.ts');
    const { checkFirstReasonRows, checkFirstRepeats } = await import('../../src/lib/projections/check-first.ts');
    const commit: EvidencePointer = { raw: 'commit deadbee1', kind: 'commit', status: 'NOT_VERIFIED', reason: 'no commit deadbee1', fault: 'evidence/commit-not-found' };
    const commit2: EvidencePointer = { ...commit, raw: 'commit cafebabe9' };
    const path: EvidencePointer = { raw: 'src/gone.ts', kind: 'path', status: 'NOT_VERIFIED', reason: 'src/gone.ts not found', fault: 'evidence/path-not-found' };
    const lines: EvidencePointer = { raw: 'src/a.ts:99', kind: 'path', status: 'NOT_VERIFIED', reason: 'line 99 is past the end', fault: 'evidence/line-out-of-range' };
    const groups = checkFirstGroups(checkFirst([row(1, 'verified', 'verified', [commit, path]), row(2, 'verified', 'verified', [commit, commit2, path]), row(3, 'verified', 'verified', [lines])]));
    expect(groups.filter((g) => g.band === 'open').map((g) => g.entries.length)).toEqual([2, 2, 1]);
    expect(checkFirstRepeats(groups, 'open')).toBe(2);
    expect(checkFirstSentence(3, 0, 3, checkFirstReasonRows(groups, 'open'), checkFirstRepeats(groups, 'open'))).toBe(
      '3 of 3 rows need a look: 3 with evidence that did not resolve; 2 of them are listed under each of the reasons their evidence did not resolve.',
    );
    expect(checkFirstSentence(2, 0, 5, [['failed', 2], ['result:open', 2]], 1)).toBe('2 of 5 rows need a look: 2 with evidence that did not resolve; 2 open; both are counted twice, for their evidence and their result; 1 of them is listed under each of the reasons its evidence did not resolve.');
  });
});

describe("the verdict strip's 'not checkable' lands on the groups that hold them all, or on Check first", () => {
  it('holds every pointer that could not be checked only when each is on a verified row', async () => {
    const { checkFirstHoldsNotCheckable } = await import('../../src/lib/projections/check-first.ts');
    // Two verified rows whose evidence could not be checked: the group holds both pointers.
    const verifiedOnly = [row(1, 'verified', 'verified', [notCheckable]), row(2, 'verified', 'verified', [notCheckable])];
    expect(checkFirstHoldsNotCheckable(checkFirstGroups(checkFirst(verifiedOnly)), 2)).toBe(true);
    // A third such pointer on a row reported done is listed under its result: the group holds 2 of 3.
    const mixed = [...verifiedOnly, row(3, 'tests green', 'reported-done', [notCheckable])];
    expect(checkFirstHoldsNotCheckable(checkFirstGroups(checkFirst(mixed)), 3)).toBe(false);
    expect(checkFirstHoldsNotCheckable(checkFirstGroups(checkFirst([])), 0)).toBe(false);
  });
});

describe("Check first's figures say 'need a look', not 'open' (a result those rows may have)", () => {
  // A new user's trial (use9) on a real trail: the recap's figure said '5 of 9 rows open' above
  // '5 of 9 rows need a look: 1 failed; 4 open', and the home's '9 rows open' while ?result=open
  // listed 7.
  it('says it on the home, the recap strip, the command line and the feed alike', async () => {
    const { checkFirstNeedText, checkFirstCountsText } = await import('../../src/lib/site/words.ts');
    const { verdictFigures } = await import('../../src/lib/projections/verdict-figures.ts');
    expect(checkFirstNeedText(9)).toBe('9 rows need a look');
    expect(checkFirstNeedText(1)).toBe('1 row needs a look');
    expect(checkFirstNeedText(1234)).toBe('1,234 rows need a look');
    expect(checkFirstCountsText({ checkFirst: 43, checkFirstOpen: 9, checkFirstWords: 34 })).toBe("43 rows under Check first: 9 need a look, 34 in the agent's words");
    expect(checkFirstCountsText({ checkFirst: 3, checkFirstOpen: 1, checkFirstWords: 2 })).toBe("3 rows under Check first: 1 needs a look, 2 in the agent's words");
    const counts = { rows: 9, checkFirstOpen: 5, checkFirstWords: 4, flagLayers: { layer1: { high: 0, medium: 0, low: 0 }, layer2: { high: 0, medium: 0, low: 0 } }, pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: 9 }, openBlockers: 0, invalid: 0 } as never;
    const audit = { present: false } as never;
    expect(verdictFigures(counts, audit, true).checkFirst).toBe('5 of 9 need a look');
    expect(verdictFigures({ ...(counts as object), checkFirstOpen: 1 } as never, audit, true).checkFirst).toBe('1 of 9 needs a look');
    expect(verdictFigures({ ...(counts as object), checkFirstOpen: 0 } as never, audit, true).checkFirst).toBe('no row needs a look');
  });
});

describe("Check first's sentence: its parts add up to the rows that need a look", () => {
  // count10: tickets-faults said "7 of 15 rows need a look: 4 with evidence that did not resolve;
  // 1 failed; 1 reverted; 2 open; 2 inconclusive": parts summing to 10, as 3 rows are under both.
  it('says how many rows are counted under both their evidence and their result, and groups every count', async () => {
    const { checkFirstSentence } = await import('../../src/lib/site/words.ts');
    const { checkFirstReasonRows } = await import('../../src/lib/projections/check-first.ts');
    const missing: EvidencePointer = { raw: 'src/gone.ts', kind: 'path', status: 'NOT_VERIFIED', reason: 'path not found at the landed head' };
    const set = [row(1, 'failed', 'failed', [missing]), row(2, 'open', 'open', [missing]), row(3, 'verified', 'verified', [missing]), row(4, 'open', 'open'), row(5, 'verified', 'verified')];
    const g = checkFirstGroups(checkFirst(set));
    const open = new Set(g.filter((x) => x.band === 'open').flatMap((x) => x.entries.map((e) => e.row))).size;
    expect(open).toBe(4);
    expect(checkFirstSentence(open, 0, 5, checkFirstReasonRows(g, 'open'))).toBe('4 of 5 rows need a look: 3 with evidence that did not resolve; 1 failed; 2 open; 2 of them are counted twice, for their evidence and their result.');
    expect(checkFirstSentence(2, 0, 5, [['failed', 2], ['result:open', 1]])).toBe('2 of 5 rows need a look: 2 with evidence that did not resolve; 1 open; 1 of them is counted twice, for its evidence and its result.');
    expect(checkFirstSentence(1234, 5, 2000, [['result:open', 1234]])).toBe("1,234 of 2,000 rows need a look: 1,234 open. 5 more are results in the agent's words (reported done or notes, or evidence not checked), folded below.");
  });
});

describe('figures of a thousand or more are grouped (count10)', () => {
  it('the recap strip, flag counts in words and the feed', async () => {
    const { severityCountsText } = await import('../../src/lib/site/words.ts');
    const { verdictFigures } = await import('../../src/lib/projections/verdict-figures.ts');
    expect(severityCountsText({ high: 1234, medium: 0, low: 12345 })).toBe('1,234 high, 0 medium, 12,345 low');
    const counts = { rows: 1299, checkFirstOpen: 1047, checkFirstWords: 1100, flagLayers: { layer1: { high: 0, medium: 0, low: 0 }, layer2: { high: 0, medium: 0, low: 0 } }, pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: 9 }, openBlockers: 0, invalid: 0 } as never;
    const f = verdictFigures(counts, { present: false } as never, true);
    expect([f.checkFirst, f.checkFirstWords]).toEqual(['1,047 of 1,299 need a look', "+ 1,100 in the agent's words"]);
  });
});
