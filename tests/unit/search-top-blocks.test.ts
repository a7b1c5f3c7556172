/**
 * Common words' top blocks (issue 30, format 8): a word in more records than TOP_MIN has a
 * block of its postings where it stands best (title first, then document order), and a search
 * with `firstPage` reads those blocks instead of the whole lists when they hold a page of
 * records with every word; else it reads the lists as a search without it (format.ts, TOP_MIN;
 * engine.ts, `firstPage`). The limits are lowered here, so a few hundred records show it.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { FACET_FIRST, FACET_FIRST_MIN, type DictEntry } from '../../src/lib/search/index/format.ts';
import { FIRST_PAGE, WHOLE_LISTS_TOP_BLOCKS, type SearchEngine, type Filters } from '../../src/lib/search/query/engine.ts';
import { memorySite } from './search-memory-site.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

/** Record i of 300 in 3 projects: `cache` in every record (the title of every third), `ledger` in the title of every second, `open` for every fifth. */
function record(i: number): SearchRecord {
  const id = i.toString(16).padStart(8, '0');
  const title = `Row ${i}${i % 3 === 0 ? ' cache' : ''}${i % 2 === 0 ? ' ledger' : ''} step`;
  return {
    anchor: `row-${id}`,
    title,
    body: `${i % 3 === 0 ? '' : 'the cache'} matters${i % 2 === 0 ? '' : ' for the ledger'}`,
    evidence: '',
    facets: { type: ['decision'], result: [i % 5 === 0 ? 'open' : 'verified'] },
    exact: [{ key: `id:${id}`, quality: 3 }],
    severity: null,
    time: `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00Z`,
  };
}

async function site(top: { min: number; postings: number; terms?: number }, perProject = 100) {
  const specs = [0, 1, 2].map((p) => ({ key: `p/p${p}`, latest: `2026-02-1${p}`, records: Array.from({ length: perProject }, (_, k) => record(p * perProject + k)) }));
  const built = await memorySite(specs, { merge: { top } });
  const entries = (): DictEntry[] => [...built.files].filter(([p]) => p.startsWith('main/dict/')).flatMap(([, d]) => JSON.parse(gunzipSync(d).toString('utf8')) as DictEntry[]);
  return { engine: built.engine, read: built.read, entries, manifest: built.manifest };
}

/** What a person sees of the first page: links and titles in order, and whether it is a first page. */
async function firstPage(engine: SearchEngine, q: string, filters: Filters, options: { firstPage?: boolean }) {
  const out = await engine.search(q, filters, options);
  const shown = await engine.show(out.hits.slice(0, FIRST_PAGE), out);
  return { firstPage: out.firstPage, shown: shown.map((h) => `${h.href} ${h.title}`), n: out.hits.length, complete: out.complete };
}

describe('common words’ top blocks (format 8)', () => {
  it('a word in more than `min` records has a top block of its best `postings`, title first; a rarer word has none', async () => {
    const { entries } = await site({ min: 120, postings: 80 });
    const byTerm = new Map(entries().map((e) => [e[0], e]));
    // cache: 300 records, 100 with it in the title: the block takes the 80 first of them.
    expect(byTerm.get('cach')?.[1]).toBe(300);
    expect(byTerm.get('cach')?.[3]?.[3]).toBe(80);
    // ledger: 300 records (150 titles); step: 300 titles.
    expect(byTerm.get('ledger')?.[3]?.[3]).toBe(80);
    // A word in 100 records (`matters` is in every body: 300) — `row` is in every title; a row's number is in one.
    expect(byTerm.get('7')?.[3]).toBeUndefined();
  });

  it('the manifest lists the common words’ entries (the commonest `terms`, by term): a first page of them reads no dictionary page', async () => {
    const { engine, read, entries, manifest } = await site({ min: 120, postings: 80 });
    const withTop = entries().filter((e) => e[3] !== undefined);
    expect(manifest.indexes[0]?.topTerms).toEqual(withTop);
    expect(manifest.indexes[0]?.topTerms?.map((e) => e[0])).toEqual(['cach', 'ledger', 'matter', 'row', 'step']);
    read.length = 0;
    const top = await firstPage(engine(), 'cache ledger', {}, { firstPage: true });
    expect(top.firstPage).toBe(true);
    expect(read.filter((p) => p.includes('/dict/'))).toEqual([]);
    // A word without a top block is still looked up in its page.
    read.length = 0;
    await engine().search('7', {}, { firstPage: true });
    expect(read.filter((p) => p.includes('/dict/')).length).toBeGreaterThan(0);
    // At most `terms` of them, the commonest (ties by term), listed by term.
    const capped = await site({ min: 120, postings: 80, terms: 2 });
    expect(capped.manifest.indexes[0]?.topTerms?.map((e) => e[0])).toEqual(['cach', 'ledger']);
  });

  it('a delta index lists its entries of the words main lists: a first page reads no dictionary page for them', async () => {
    const specs = [0, 1, 2].map((p) => ({ key: `p/p${p}`, latest: `2026-02-1${p}`, records: Array.from({ length: 200 }, (_, k) => record(p * 200 + k)) }));
    const changed = [{ key: 'p/p1', latest: '2026-02-20', records: Array.from({ length: 40 }, (_, k) => record(200 + k)) }];
    const built = await memorySite(specs, { merge: { top: { min: 120, postings: 80 } }, changed });
    const delta = built.manifest.indexes.find((ix) => ix.name === 'delta');
    // 40 records: no word has a top block in the delta, yet main's five are listed with the delta's own counts.
    expect(delta?.topTerms?.map((e) => [e[0], e[1], e[3]])).toEqual([
      ['cach', 40, undefined],
      ['ledger', 40, undefined],
      ['matter', 40, undefined],
      ['row', 40, undefined],
      ['step', 40, undefined],
    ]);
    built.read.length = 0;
    const out = await built.engine().search('cache ledger', {}, { firstPage: true });
    expect(out.firstPage).toBe(true);
    // Main reads no page; the delta reads its page for the words the last word only begins
    // (main's first page needs none: its records hold the whole word), and none for the words.
    expect(built.read.filter((p) => p.includes('/dict/'))).toEqual(['delta/dict/0.bin']);
    // The same first page as the one read through the dictionary pages.
    const whole = await built.engine().search('cache ledger', {}, {});
    expect(out.hits.slice(0, FIRST_PAGE).map((h) => `${h.index}:${h.doc}`)).toEqual(whole.hits.slice(0, FIRST_PAGE).map((h) => `${h.index}:${h.doc}`));
  });

  it('one common word: the first page from its top block is the whole search’s first page', async () => {
    // 450 records hold `cache`: more than four top blocks of 80 (WHOLE_LISTS_TOP_BLOCKS).
    const { engine, read } = await site({ min: 120, postings: 80 }, 150);
    const whole = await firstPage(engine(), 'cache', {}, {});
    read.length = 0;
    const top = await firstPage(engine(), 'cache', {}, { firstPage: true });
    expect(top.firstPage).toBe(true);
    expect(whole.firstPage).toBe(false);
    expect(top.shown).toEqual(whole.shown);
    // It reads the block's postings only: 80 records, all with the word in their title.
    expect(top.n).toBe(80);
    expect(top.shown.every((s) => s.includes(' cache'))).toBe(true);
  });

  it('one common word and a filter: the first result is told as soon as it is scored, and it is the whole search’s first (issue 30)', async () => {
    const { engine } = await site({ min: 120, postings: 80 }, 150);
    const cases: Array<[string, Filters]> = [
      ['cache', { result: ['open'] }],
      ['cache', { result: ['verified'] }],
      ['cache', {}],
      ['ledger', { result: ['open'] }],
      ['step', { result: ['open'], project: ['content/p2'] }],
    ];
    const told: string[] = [];
    for (const [q, filters] of cases) {
      const early: string[] = [];
      const top = await engine().search(q, filters, { firstPage: true, onLeading: (h) => early.push(`${h.index}:${h.doc}`) });
      const again = engine();
      const whole = await again.search(q, filters, {});
      // Told once, before the search ended, and it is what the whole search lists first.
      expect(early, `${q} ${JSON.stringify(filters)}`).toEqual([`${whole.hits.hit(0).index}:${whole.hits.hit(0).doc}`]);
      expect(`${top.hits.hit(0).index}:${top.hits.hit(0).doc}`).toBe(early[0]);
      told.push(`${q} ${JSON.stringify(filters)} ${(await again.show([whole.hits.hit(0)], whole))[0]?.title}`);
    }
    // The newest project's records come first; the word in a decision's title ranks them.
    expect(told).toEqual([
      'cache {"result":["open"]} Row 345 cache step',
      'cache {"result":["verified"]} Row 357 cache step',
      'cache {} Row 357 cache step',
      'ledger {"result":["open"]} Row 350 ledger step',
      'step {"result":["open"],"project":["content/p2"]} Row 355 step',
    ]);
    // Two words: nothing is told early (their first result needs every record's phrase and proximity).
    const early: string[] = [];
    await engine().search('cache ledger', { result: ['open'] }, { firstPage: true, onLeading: (h) => early.push(String(h.doc)) });
    expect(early).toEqual([]);
  });

  it('words of at most four top blocks’ postings in all are read whole: the first page is the whole search (a new-user trial’s `step 14`)', async () => {
    expect(WHOLE_LISTS_TOP_BLOCKS).toBe(4);
    // 300 records hold `cache`, its top block 80: read whole, every result ranked and counted.
    const { engine } = await site({ min: 120, postings: 80 });
    const first = await firstPage(engine(), 'cache', {}, { firstPage: true });
    const whole = await firstPage(engine(), 'cache', {}, {});
    expect(first).toEqual(whole);
    expect(first.firstPage).toBe(false);
    expect(first.n).toBe(300);
    // Past four blocks' worth (a top block of 70: 280 < 300), the top block, as before.
    const bigger = await site({ min: 120, postings: 70 });
    expect((await firstPage(bigger.engine(), 'cache', {}, { firstPage: true })).firstPage).toBe(true);
  });

  it('two common words: the first page holds every word, best where they stand out; its count is a floor', async () => {
    const { engine } = await site({ min: 120, postings: 80 });
    const top = await firstPage(engine(), 'cache ledger', {}, { firstPage: true });
    const whole = await firstPage(engine(), 'cache ledger', {}, {});
    expect(top.firstPage).toBe(true);
    // Records 0, 6, 12, …: both words in the title.
    expect(top.shown[0]).toMatch(/ Row \d+ cache ledger step$/);
    expect(top.shown.every((s) => / cache ledger step$/.test(s))).toBe(true);
    expect(whole.shown.slice(0, FIRST_PAGE).every((s) => / cache ledger step$/.test(s))).toBe(true);
    expect(top.complete).toBeGreaterThanOrEqual(FIRST_PAGE);
    expect(top.complete).toBeLessThanOrEqual(whole.complete);
    // It lists only records holding both words (the top blocks intersected), each once.
    expect(top.n).toBe(top.complete);
    expect(top.n).toBe(25);
  });

  it('too few records with every word in the top blocks: the whole search, as without the option', async () => {
    const { engine } = await site({ min: 120, postings: 80 });
    for (const [q, filters] of [['cache ledger', { result: ['open'] }], ['7', {}], ['cache 0000001f', {}]] as Array<[string, Filters]>) {
      const whole = await firstPage(engine(), q, filters, {});
      const top = await firstPage(engine(), q, filters, { firstPage: true });
      expect(top).toEqual(whole);
      expect(top.firstPage).toBe(false);
    }
  });

  it('one filter value of many records: its first block gives the whole search’s first page, and its counts are the manifest’s', async () => {
    // 1,500 records: `verified` in 1,200 (more than FACET_FIRST_MIN), `open` in 300.
    const { engine, manifest } = await site({ min: 100_000, postings: 10 }, 500);
    expect(FACET_FIRST_MIN).toBeLessThan(1200);
    const verified = manifest.indexes[0]?.facetTerms.find((e) => e[0] === '\u0000result=verified');
    expect(verified?.[1]).toBe(1200);
    expect(verified?.[3]?.[3]).toBe(FACET_FIRST);
    expect(manifest.indexes[0]?.facetTerms.find((e) => e[0] === '\u0000result=open')?.[3]).toBeUndefined();
    const top = await engine().search('', { result: ['verified'] }, { firstPage: true });
    const whole = await engine().search('', { result: ['verified'] }, {});
    expect(top.firstPage).toBe(true);
    expect(top.hits.length).toBe(FACET_FIRST);
    expect(top.hits.slice(0, FIRST_PAGE).map((h) => h.doc)).toEqual(whole.hits.slice(0, FIRST_PAGE).map((h) => h.doc));
    expect({ ...top.totals }).toEqual({ decision: 1200 });
    expect({ ...top.totals }).toEqual({ ...whole.totals });
    expect(top.complete).toBe(whole.complete);
    const open = await engine().search('', { result: ['open'] }, { firstPage: true });
    expect(open.firstPage).toBe(false);
    expect(open.hits.length).toBe(300);
  });

  it('one filter value’s entry names the doc-store file of the record it lists first, read beside its first block (one round trip less to the first result)', async () => {
    const { engine, manifest, read } = await site({ min: 100_000, postings: 10 }, 500);
    const verified = manifest.indexes[0]?.facetTerms.find((e) => e[0] === '\u0000result=verified');
    // The newest project's records come first (p2), the newest of them first: minute 59's.
    expect(verified?.[3]?.[4]).toBe('p/p2/0');
    read.length = 0;
    const search = engine();
    const outcome = await search.search('', { result: ['verified'] }, { firstPage: true });
    // The hint's file is asked for with the first block's postings, not after them.
    expect(read.slice(0, 3)).toEqual(['main/parts.bin', `main/post/${verified?.[3]?.[0]}.bin`, 'docs/p/p2/0.bin']);
    const [first] = await search.show(outcome.hits.slice(0, 1), outcome);
    expect(first?.title).toBe('Row 1019 step');
    // Read once: listing the first result reads no file again.
    expect(read.filter((p) => p === 'docs/p/p2/0.bin')).toEqual(['docs/p/p2/0.bin']);
  });
});
