/**
 * Trailbook's search index (issue 11), from records to ranked results, in memory: the
 * tokenizer, exact tokens, parts, the merge, the manifest and the engine the search page runs.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { deserialize, serialize } from 'node:v8';
import { hexTokens, isHexToken, MAX_TERM, termsOf, tokenize } from '../../src/lib/search/tokenize.ts';
import { pathMatch, queryExactKeys } from '../../src/lib/search/exact-keys.ts';
import { buildPart, type SearchPart } from '../../src/lib/search/index/part.ts';
import { mergeParts } from '../../src/lib/search/index/merge.ts';
import { deserializePart } from '../../src/lib/search/write-search-index.ts';
import { SearchEngine, type Filters, type Hit } from '../../src/lib/search/query/engine.ts';
import { readSearchState, searchQuery } from '../../src/lib/search/query/url-state.ts';
import { countsText } from '../../src/lib/search/facets.ts';
import { parseQuery } from '../../src/lib/search/query/parse.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';
import { memorySite } from './search-memory-site.ts';

const terms = (text: string): string[] => tokenize(text).map((t) => t.term);

describe('tokenize', () => {
  it('stems Latin words, drops stop words and hex ids, keeps numbers', () => {
    expect(terms('Caching the cached caches for step 14 of project 3')).toEqual(['cach', 'cach', 'cach', 'step', '14', 'project', '3']);
    expect(terms('src/parser.ts:12 commit 2842af7')).toEqual(['src', 'parser', 'ts', '12', 'commit']);
    expect(terms('Café NAÏVE façade')).toEqual(['cafe', 'naiv', 'facad']);
    expect(terms('Проверка данных')).toEqual(['проверка', 'данных']);
  });

  it('cuts space-less scripts into pairs of characters', () => {
    expect(terms('文字列')).toEqual(['文字', '字列']);
    expect(terms('自動 column')).toEqual(['自動', 'column']);
    expect(terms('검색을 복원')).toEqual(['검색', '색을', '복원']);
    expect(terms('約4秒')).toEqual(['約', '4', '秒']);
    expect(terms('检索功能很快')).toEqual(['检索', '索功', '功能', '能很', '很快']);
    // Offsets point into the original text.
    expect(tokenize('a 文字列').map((t) => [t.term, t.start, t.end])).toEqual([['文字', 2, 4], ['字列', 3, 5]]);
  });

  it('tells hex ids from words', () => {
    expect(isHexToken('8635af1e')).toBe(true);
    expect(isHexToken('deadbeef')).toBe(false);
    expect(isHexToken('1234567')).toBe(false);
    expect(hexTokens('see 8635AF1E and 6b8467766823b30e559d624defde1c57a594bda6, not cafe')).toEqual(['8635af1e', '6b8467766823b30e559d624defde1c57a594bda6']);
  });

  it('never throws and keeps every term short, on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        for (const t of tokenize(text)) {
          expect(t.term.length).toBeGreaterThan(0);
          expect(t.term.length).toBeLessThanOrEqual(MAX_TERM * 2);
          expect(t.start).toBeLessThan(t.end);
        }
      }),
    );
  });
});

describe('exact tokens of a query', () => {
  it('classifies SHAs, ids, flag kinds and paths', () => {
    expect(queryExactKeys('6B84')).toEqual([{ type: 'hex', prefix: '6b84' }, { type: 'key', key: 'id:6b84' }, { type: 'key', key: 'kind:6b84' }]);
    expect(queryExactKeys('commit-not-found')).toEqual([{ type: 'key', key: 'id:commit-not-found' }, { type: 'key', key: 'kind:commit-not-found' }]);
    expect(queryExactKeys('src/a.ts:12')).toEqual([
      { type: 'key', key: 'id:src/a.ts:12' },
      { type: 'key', key: 'kind:src/a.ts:12' },
      { type: 'path', key: 'path:a.ts', path: 'src/a.ts', line: 12 },
    ]);
    expect(queryExactKeys('README.md')).toContainEqual({ type: 'path', key: 'path:readme.md', path: 'readme.md' });
    expect(queryExactKeys('hotfix')).toEqual([]);
    // A row's anchor, as a permalink shows it: its id too (a duplicate's `-L<line>` suffix off).
    expect(queryExactKeys('row-0BADC0DE')).toEqual([
      { type: 'key', key: 'id:row-0badc0de' },
      { type: 'key', key: 'kind:row-0badc0de' },
      { type: 'key', key: 'id:0badc0de' },
    ]);
    expect(queryExactKeys('#row-0badc0de').filter((e) => e.type === 'key' && e.key === 'id:0badc0de')).toHaveLength(1);
    expect(queryExactKeys('https://archive.example/p/tickets-faults/#row-8635af1e')).toContainEqual({ type: 'key', key: 'id:8635af1e' });
    expect(queryExactKeys('row-t-22-L7-2')).toEqual(expect.arrayContaining([{ type: 'key', key: 'id:t-22-l7-2' }, { type: 'key', key: 'id:t-22' }]));
    expect(queryExactKeys('row-L12').filter((e) => e.type === 'key' && e.key.startsWith('id:'))).toEqual([{ type: 'key', key: 'id:row-l12' }, { type: 'key', key: 'id:l12' }]);
    expect(queryExactKeys('narrow-band').filter((e) => e.type === 'key' && e.key === 'id:band')).toEqual([]);
  });

  it('scores a path entry against a path query', () => {
    const page = { path: 'src/a.ts', quality: 3 as const };
    const cites12 = { path: 'src/a.ts', quality: 2 as const, from: 12, to: 12 };
    const cites10to20 = { path: 'src/a.ts', quality: 2 as const, from: 10, to: 20 };
    const cites40 = { path: 'src/a.ts', quality: 2 as const, from: 40, to: 40 };
    expect([page, cites12, cites10to20, cites40].map((e) => pathMatch(e, { path: 'a.ts', line: 12 }))).toEqual([20, 30, 25, 10]);
    expect([page, cites12].map((e) => pathMatch(e, { path: 'src/a.ts' }))).toEqual([30, 20]);
    expect(pathMatch(page, { path: 'b/a.ts' })).toBeNull();
    expect(pathMatch({ path: 'lib/data.ts', quality: 3 }, { path: 'a.ts' })).toBeNull();
  });

  it('a git range is its two commits: each SHA found, the records citing both first', async () => {
    expect(parseQuery('3f2a9c1..8E01B4D').tokens.map((t) => t.raw)).toEqual(['3f2a9c1', '8E01B4D']);
    expect(parseQuery('"a1b2...c3d4"').tokens.map((t) => t.raw)).toEqual(['a1b2', 'c3d4']);
    // Not a range: a path with dots, and a range of non-SHAs, stay one token.
    expect(parseQuery('../src/a.ts').tokens.map((t) => t.raw)).toEqual(['../src/a.ts']);
    expect(parseQuery('v1.2..v1.3').tokens.map((t) => t.raw)).toEqual(['v1.2..v1.3']);
    const cites = (id: string, ...shas: string[]) => row(id, `row ${id}`, { exact: [{ key: `id:${id}`, quality: 3 }, ...shas.map((sha) => ({ key: `hex:${sha}`, quality: 2 as const }))] });
    const { engine } = await index({ x: { records: [cites('00000001', '3f2a9c1aa'), cites('00000002', '3f2a9c1aa', '8e01b4dbb'), cites('00000003', '8e01b4dbb')] } });
    expect(await hrefs(engine, '3f2a9c1..8e01b4d')).toEqual(['/p/x/#row-00000002', '/p/x/#row-00000001', '/p/x/#row-00000003']);
  });

  it('a SHA after a field name is that SHA, as after the word (find16: `commit:<sha>` was read as words)', async () => {
    expect(parseQuery('commit:3f2a9c1').tokens.map((t) => t.raw)).toEqual(['commit', '3f2a9c1']);
    expect(parseQuery('SHA=8E01B4D').tokens.map((t) => t.raw)).toEqual(['SHA', '8E01B4D']);
    // Not a SHA after a field name: stays one token.
    expect(parseQuery('commit:fixes').tokens.map((t) => t.raw)).toEqual(['commit:fixes']);
    const cites = (id: string, ...shas: string[]) => row(id, `row ${id}`, { exact: [{ key: `id:${id}`, quality: 3 }, ...shas.map((sha) => ({ key: `hex:${sha}`, quality: 2 as const }))] });
    const { engine } = await index({ x: { records: [cites('00000001', '3f2a9c1aa'), cites('00000002', '8e01b4dbb')] } });
    expect(await hrefs(engine, 'commit:3f2a9c1')).toEqual(await hrefs(engine, 'commit 3f2a9c1'));
    expect(await hrefs(engine, 'commit:3f2a9c1')).toContain('/p/x/#row-00000001');
  });
});

/** A row record as search-records.ts makes them. */
function row(id: string, title: string, extra: Partial<SearchRecord> = {}, facets: Record<string, string[]> = {}): SearchRecord {
  return { anchor: `row-${id}`, title, body: '', facets: { type: ['decision'], phase: ['design'], result: ['verified'], ...facets }, exact: [{ key: `id:${id}`, quality: 3 }], severity: null, time: null, ...extra };
}

interface Built {
  engine: SearchEngine;
  files: Map<string, Uint8Array>;
  parts: SearchPart[];
}

/** Builds parts, merges them (main, and a delta of `changed`), and an engine over the files. */
async function index(projects: Record<string, { latest?: string; records: SearchRecord[] }>, changed: Record<string, { latest?: string; records: SearchRecord[] }> = {}): Promise<Built> {
  const spec = ([key, p]: [string, { latest?: string; records: SearchRecord[] }]) => ({ key: `p/${key}`, latest: p.latest ?? null, records: p.records });
  const site = await memorySite(Object.entries(projects).map(spec), { changed: Object.entries(changed).map(spec) });
  return { engine: site.engine(), files: site.files, parts: site.parts };
}

async function hrefs(engine: SearchEngine, q: string, filters: Filters = {}): Promise<string[]> {
  const out = await engine.search(q, filters);
  return (await engine.show(out.hits.slice(), out)).map((h) => h.href);
}

describe('ranking', () => {
  // Rows sharing most of their words (issue 11: "ledger choice number 14" listed 0, 1, 2 … first).
  const ledger = Array.from({ length: 30 }, (_, i) => row(`a${String(i).padStart(7, '0')}`, `Ledger choice number ${i}`, { body: `the ledger had ${(i * 7) % 30} choices` }));

  it('puts the row holding every word first, not the first rows of a project', async () => {
    const { engine } = await index({ x: { records: ledger } });
    const top = (await hrefs(engine, 'ledger choice number 14')).slice(0, 3);
    expect(top[0]).toBe('/p/x/#row-a0000014');
    const out = await engine.search('ledger choice number 14', {});
    expect(out.hits.length).toBe(30);
    // Row 2 holds every word too, in its title and its reason (“had 14 choices”); row 14 holds the phrase.
    expect(out.complete).toBe(2);
    expect(top[1]).toBe('/p/x/#row-a0000002');
  });

  it('ranks rows with every word above rows with some, then phrase, then field, then severity', async () => {
    const records = [
      row('00000001', 'Keep the cache warm', { body: 'retry later' }),
      row('00000002', 'Retry the cache warmup', { body: 'keep it' }),
      row('00000003', 'Use a warm cache', { severity: 'high' }),
      row('00000004', 'Unrelated', { body: 'cache warm' }),
      row('00000005', 'Cache only'),
      row('00000006', 'Unrelated too', { evidence: 'cache warm' }),
    ];
    const { engine } = await index({ x: { records } });
    // Every word (cache, warm): 1, 3, 4, 6; then "cache" alone: 2 (warmup is another word), 5.
    // Among those: the phrase "cache warm" (1 in its title, 4 in its body, 6 in its evidence,
    // in that order of field) before the words reversed and high severity (3).
    expect(await hrefs(engine, 'cache warm')).toEqual(['/p/x/#row-00000001', '/p/x/#row-00000004', '/p/x/#row-00000006', '/p/x/#row-00000003', '/p/x/#row-00000002', '/p/x/#row-00000005']);
    // Severity then breaks ties: both titles hold "cache" alone.
    expect((await hrefs(engine, 'cache')).slice(0, 2)).toEqual(['/p/x/#row-00000003', '/p/x/#row-00000001']);
    // The last word also matches words it begins, below whole words.
    expect((await hrefs(engine, 'cache warmu'))[0]).toBe('/p/x/#row-00000002');
  });

  it('puts a decision row holding the word in its decision before the flags quoting it, whatever their severity', async () => {
    // The example corpus's “parser” (tests/e2e/search.test.ts): high-severity flags quote the
    // row's decision or a path in their summaries (their titles) and came first by severity.
    const flag = (n: number, title: string): SearchRecord => ({ anchor: `flag-${n}`, title, body: '', facets: { type: ['flag'], 'flag severity': ['high'] }, severity: 'high', time: null });
    const records = [
      flag(1, 'evidence/prose: row 0a1f7f7c “Skip the parser tests for the hotfix” — checked it manually: evidence must be a pointer'),
      flag(2, 'evidence/line-out-of-range: src/parser.ts:999 is past the end of src/parser.ts'),
      row('0a1f7f7c', 'Skip the parser tests for the hotfix', { severity: 'medium' }),
      row('0a1f7f7d', 'Ship it', { body: 'the parser is fine', severity: 'high' }),
    ];
    const { engine } = await index({ x: { records } });
    // Field first (the decision, then the flags' titles, then a row's reason), then severity.
    expect(await hrefs(engine, 'parser')).toEqual(['/p/x/#row-0a1f7f7c', '/p/x/#flag-1', '/p/x/#flag-2', '/p/x/#row-0a1f7f7d']);
  });

  it('puts a beads issue holding the word in its title before the flags whose summaries hold it in a path', async () => {
    // Real corpus (45ck__prompt-language), “backup”: 13 beads/history-gap flags citing
    // .beads/backup/events.jsonl came before the 4 issues about backups.
    const flag = (n: number): SearchRecord => ({ anchor: `flag-${n}`, title: `beads/history-gap: issue p-${n}: 2 gaps in its history; first at .beads/backup/events.jsonl:${1950 + n}`, body: '', facets: { type: ['flag'], 'flag severity': ['medium'] }, severity: 'medium', time: null });
    const issue: SearchRecord = { anchor: '', page: 'issue/p-bfkj/', title: 'p-bfkj: [MAJOR] Backup/recovery not atomic', body: 'closed: fixed', facets: { type: ['beads issue'], status: ['closed'] }, exact: [{ key: 'id:p-bfkj', quality: 3 }], severity: null, time: null };
    const { engine } = await index({ x: { records: [flag(1), flag(2), issue] } });
    expect(await hrefs(engine, 'backup')).toEqual(['/p/x/issue/p-bfkj/', '/p/x/#flag-1', '/p/x/#flag-2']);
  });

  it('matches ids, SHA prefixes, paths with lines and flag kinds exactly, before words', async () => {
    const records: SearchRecord[] = [
      row('8635af1e', 'Ship the hotfix', { exact: [{ key: 'id:8635af1e', quality: 3 }, { key: 'hex:6b8467766823b30e559d624defde1c57a594bda6', quality: 2 }, { key: 'kind:evidence/commit-not-found', quality: 2 }, { key: 'kind:commit-not-found', quality: 2 }] }),
      row('11111111', 'Cite src/a.ts line 12', { exact: [{ key: 'id:11111111', quality: 3 }, { key: 'path:a.ts', quality: 2, path: 'src/a.ts', from: 12, to: 12 }] }),
      row('22222222', 'Cite a range', { exact: [{ key: 'id:22222222', quality: 3 }, { key: 'path:a.ts', quality: 2, path: 'src/a.ts', from: 10, to: 20 }] }),
      row('33333333', 'Mentions commit not found and 8635af1e in words', { body: 'commit not found' }),
      { anchor: 'flag-1', title: 'evidence/commit-not-found: row 8635af1e', body: '', facets: { type: ['flag'], severity: ['high'], 'flag kind': ['evidence/commit-not-found'] }, exact: [{ key: 'kind:evidence/commit-not-found', quality: 3 }, { key: 'kind:commit-not-found', quality: 3 }, { key: 'id:8635af1e', quality: 2 }], severity: 'high' },
    ];
    const { engine } = await index({ x: { records } });
    expect(await hrefs(engine, '8635af1e')).toEqual(['/p/x/#row-8635af1e', '/p/x/#flag-1']);
    expect(await hrefs(engine, '6b84')).toEqual(['/p/x/#row-8635af1e']);
    expect(await hrefs(engine, 'commit-not-found')).toEqual(['/p/x/#flag-1', '/p/x/#row-8635af1e']);
    expect(await hrefs(engine, 'evidence/commit-not-found')).toEqual(['/p/x/#flag-1', '/p/x/#row-8635af1e']);
    expect(await hrefs(engine, 'src/a.ts:12')).toEqual(['/p/x/#row-11111111', '/p/x/#row-22222222']);
    expect(await hrefs(engine, 'a.ts:15')).toEqual(['/p/x/#row-22222222', '/p/x/#row-11111111']);
    // A prefix of a row id is not a row id.
    expect(await hrefs(engine, '8635')).toEqual([]);
  });
});

describe('counts and filters', () => {
  const records: SearchRecord[] = [
    row('00000001', 'parser one', { severity: 'high' }, { phase: ['design'], severity: ['high'] }),
    row('00000002', 'parser two', {}, { phase: ['build'], severity: ['none'] }),
    row('00000003', 'parser three', { severity: 'high' }, { phase: ['build'], severity: ['high'], type: ['superseded decision'] }),
    { anchor: 'flag-1', title: 'parser flag', body: '', facets: { type: ['flag'], severity: ['high'] }, severity: 'high' },
    row('00000004', 'other', {}, { phase: ['design'], severity: ['none'] }),
  ];

  it('counts per filter value can come after the results (countsLater), and are the same', async () => {
    const { engine } = await index({ x: { records } });
    for (const [q, filters] of [['parser', { phase: ['build'] }], ['', { severity: ['high'] }], ['', { severity: ['high'], phase: ['design'] }]] as const) {
      const now = await engine.search(q, filters);
      const later = await engine.search(q, filters, { countsLater: true });
      // The results and the totals per type at once; the counts per value when asked.
      expect(later.hits.slice().map((h) => h.doc)).toEqual(now.hits.slice().map((h) => h.doc));
      expect(later.totals).toEqual(now.totals);
      expect(later.counts).toEqual({});
      engine.finishCounts(later);
      expect(later.counts).toEqual(now.counts);
      expect(Object.keys(now.counts).length).toBeGreaterThan(1);
      engine.finishCounts(later);
      expect(later.counts).toEqual(now.counts);
    }
  });

  it('counts results per type, and per filter value with that filter set aside', async () => {
    const { engine } = await index({ x: { records } });
    const out = await engine.search('parser', { phase: ['build'] });
    expect({ ...out.totals }).toEqual({ decision: 1, 'superseded decision': 1 });
    expect(countsText(out.totals)).toBe('2 rows');
    expect(JSON.parse(JSON.stringify(out.counts))).toEqual({
      project: { 'content/x': { decision: 1, 'superseded decision': 1 } },
      type: { decision: { decision: 1 }, 'superseded decision': { 'superseded decision': 1 } },
      phase: { build: { decision: 1, 'superseded decision': 1 }, design: { decision: 1 } },
      result: { verified: { decision: 1, 'superseded decision': 1 } },
      severity: { high: { 'superseded decision': 1 }, none: { decision: 1 } },
    });
    expect(countsText({ flag: 1, decision: 2, 'superseded decision': 1 })).toBe('3 rows, 1 flag');
  });

  it('filters without words, with one filter and with two', async () => {
    const { engine, parts } = await index({ x: { records } });
    expect(await hrefs(engine, '', { severity: ['high'] })).toEqual(['/p/x/#row-00000001', '/p/x/#row-00000003', '/p/x/#flag-1']);
    const two = await engine.search('', { severity: ['high'], phase: ['build'] });
    expect(two.hits.length).toBe(1);
    expect(JSON.parse(JSON.stringify(two.counts.phase))).toEqual({ build: { 'superseded decision': 1 }, design: { decision: 1 } });
    expect(JSON.parse(JSON.stringify(two.counts.severity))).toEqual({ high: { 'superseded decision': 1 }, none: { decision: 1 } });
    // One filter alone: its own counts are the archive's.
    const one = await engine.search('', { phase: ['design'] });
    expect(JSON.parse(JSON.stringify(one.counts.phase))).toEqual(JSON.parse(JSON.stringify(parts[0]?.counts['phase'])));
    expect(await hrefs(engine, '', { project: ['content/x'], phase: ['design'] })).toEqual(['/p/x/#row-00000001', '/p/x/#row-00000004']);
  });

  it('filters alone find the records with a wanted value of every filter, counted per value with its own filter set aside (property)', async () => {
    const PHASES = ['design', 'build', 'qa'];
    const SEVERITIES = ['high', 'low', 'none'];
    const PROJECTS = ['x', 'y', 'z'];
    const recordArb = fc.record({ project: fc.constantFrom(...PROJECTS), phases: fc.subarray(PHASES, { minLength: 1 }), severity: fc.constantFrom(...SEVERITIES), flag: fc.boolean() });
    const filterArb = fc.record({ phase: fc.option(fc.subarray(PHASES, { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 2 }), severity: fc.option(fc.subarray(SEVERITIES, { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 2 }), project: fc.option(fc.subarray(PROJECTS.map((p) => `content/${p}`), { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 2 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(recordArb, { minLength: 1, maxLength: 60 }), filterArb, fc.boolean(), async (specs, rawFilters, delta) => {
        const filters: Filters = Object.fromEntries(Object.entries(rawFilters).filter(([, v]) => v !== undefined)) as Filters;
        fc.pre(Object.keys(filters).length > 0);
        const byProject: Record<string, { records: SearchRecord[] }> = {};
        const all = specs.map((r, i) => {
          const type = r.flag ? 'flag' : 'decision';
          const id = String(i).padStart(8, '0');
          const record: SearchRecord = { ...row(id, `record ${i}`, { severity: r.severity === 'none' ? null : (r.severity as 'high' | 'low') }, { type: [type], phase: r.phases, severity: [r.severity] }), anchor: `r-${id}` };
          (byProject[r.project] ??= { records: [] }).records.push(record);
          return { href: `/p/${r.project}/#r-${id}`, type, facets: { project: [`content/${r.project}`], phase: r.phases, severity: [r.severity], type: [type], result: ['verified'] } as Record<string, string[]> };
        });
        // With `delta`, project z changed since main was merged: main's copy is stale, the delta index's counts.
        const { engine } = await index(byProject, delta && byProject['z'] ? { z: byProject['z'] } : {});
        const passes = (rec: (typeof all)[number], except: string | null): boolean => Object.entries(filters).every(([k, wanted]) => k === except || (rec.facets[k] ?? []).some((v) => wanted.includes(v)));
        const out = await engine.search('', filters, { countsLater: true });
        // The records, each once, in document order (filters alone rank nothing).
        const shown = (await engine.show(out.hits.slice(), out)).map((h) => h.href);
        expect([...shown].sort()).toEqual(all.filter((r) => passes(r, null)).map((r) => r.href).sort());
        // (Document numbers are per index: with a delta index, its hits interleave with main's.)
        const docs = out.hits.slice().map((h) => h.doc);
        if (!delta) expect(docs).toEqual([...docs].sort((a, b) => a - b));
        const totals: Record<string, number> = {};
        for (const r of all) if (passes(r, null)) totals[r.type] = (totals[r.type] ?? 0) + 1;
        expect({ ...out.totals }).toEqual(totals);
        expect(out.complete).toBe(shown.length);
        // Per filter value: the records passing every other filter that have it.
        engine.finishCounts(out);
        const counts: Record<string, Record<string, Record<string, number>>> = {};
        for (const key of ['project', 'phase', 'severity', 'type', 'result'])
          for (const r of all)
            if (passes(r, key))
              for (const v of r.facets[key] ?? []) {
                const byType = ((counts[key] ??= {})[v] ??= {});
                byType[r.type] = (byType[r.type] ?? 0) + 1;
              }
        expect(JSON.parse(JSON.stringify(out.counts))).toEqual(counts);
      }),
      { numRuns: 60 },
    );
  });

  it('ranks by key, then in document order, whatever the words (property)', async () => {
    const WORDS = ['cache', 'ledger', 'parser', 'retry'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 40 }), fc.subarray(WORDS, { minLength: 1, maxLength: 3 }), async (titles, query) => {
        const records = titles.map((t, i) => row(String(i).padStart(8, '0'), t.join(' '), { severity: i % 4 === 0 ? 'high' : null }));
        const { engine } = await index({ x: { records: records.slice(0, 20) }, y: { records: records.slice(20) } });
        const hits = (await engine.search(query.join(' '), {})).hits.slice();
        for (let i = 1; i < hits.length; i++) {
          const [a, b] = [hits[i - 1], hits[i]] as [Hit, Hit];
          expect(a.score > b.score || (a.score === b.score && a.doc < b.doc)).toBe(true);
        }
        expect(hits.length).toBe(records.filter((r) => query.some((w) => r.title.split(' ').includes(w))).length);
      }),
      { numRuns: 40 },
    );
  });

  it('takes facet values named like prototype members as plain values', async () => {
    const { engine } = await index({ x: { records: [row('00000001', 'odd values', {}, { phase: ['constructor'], actor: ['__proto__'] })] } });
    expect(await hrefs(engine, '', { phase: ['constructor'] })).toEqual(['/p/x/#row-00000001']);
    const out = await engine.search('odd', {});
    expect(out.counts['actor']?.['__proto__']).toEqual({ decision: 1 });
  });
});

describe('index files', () => {
  it('are the same bytes for the same parts, also after the parts went through the cache', async () => {
    const records = Array.from({ length: 300 }, (_, i) => row(`b${String(i).padStart(7, '0')}`, `decision ${i} about ${i % 5 === 0 ? 'cache' : 'ledger'}`, { severity: i % 17 === 0 ? 'medium' : null, time: `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00Z` }));
    const a = await index({ x: { records, latest: '2026-02-01' }, y: { records: records.slice(0, 50), latest: '2026-03-01' } });
    const b = await index({ y: { records: records.slice(0, 50), latest: '2026-03-01' }, x: { records, latest: '2026-02-01' } });
    expect([...a.files.keys()].sort()).toEqual([...b.files.keys()].sort());
    for (const [path, data] of a.files) expect(Buffer.compare(Buffer.from(data), Buffer.from(b.files.get(path) as Uint8Array))).toBe(0);
    const again = a.parts.map((p) => deserialize(serialize(p)) as SearchPart);
    const files = new Map<string, Uint8Array>();
    await mergeParts('main', again, (path, data) => void files.set(`main/${path}`, data));
    for (const [path, data] of files) expect(Buffer.compare(Buffer.from(data), Buffer.from(a.files.get(path) as Uint8Array))).toBe(0);
  });

  it('a part read back from its file holds its typed arrays in buffers of their own, and merges into the same bytes (issue 30)', async () => {
    const records = Array.from({ length: 120 }, (_, i) => row(`c${String(i).padStart(7, '0')}`, `decision ${i} about ${i % 3 === 0 ? 'cache' : 'ledger'}`, { severity: i % 7 === 0 ? 'high' : null, exact: [{ key: `hex:${(i % 4).toString(16).repeat(8)}`, quality: 2 }] }));
    const a = await index({ x: { records, latest: '2026-02-01' }, y: { records: records.slice(0, 30), latest: '2026-03-01' } });
    const data = a.parts.map((p) => serialize(p));
    // Read with a pool of strings shared by the parts (terms, types and paths): one entry per distinct string.
    const pool = new Map<string, string>();
    const again = data.map((d) => deserializePart(d, pool) as SearchPart);
    expect(pool.size).toBe(new Set(a.parts.flatMap((p) => [...p.terms, ...p.types, ...p.exactPaths])).size);
    expect(again.map((p) => p.terms)).toEqual(a.parts.map((p) => p.terms));
    // v8.deserialize alone returns views into the file's bytes (the whole file kept alive by each part).
    const views = Object.values(deserialize(data[0] as Buffer) as Record<string, unknown>).filter((v) => ArrayBuffer.isView(v) && v.buffer.byteLength !== v.byteLength);
    expect(views.length).toBeGreaterThan(0);
    again.forEach((p, i) => {
      for (const [name, value] of Object.entries(p)) {
        if (!ArrayBuffer.isView(value)) continue;
        expect({ name, own: value.byteOffset === 0 && value.buffer.byteLength === value.byteLength }).toEqual({ name, own: true });
        expect([...(value as Uint32Array)]).toEqual([...((a.parts[i] as unknown as Record<string, Uint32Array>)[name] as Uint32Array)]);
      }
    });
    const files = new Map<string, Uint8Array>();
    await mergeParts('main', again, (path, data) => void files.set(`main/${path}`, data));
    expect([...files.keys()].sort()).toEqual([...a.files.keys()].filter((k) => k.startsWith('main/')).sort());
    for (const [path, bytes] of files) expect(Buffer.compare(Buffer.from(bytes), Buffer.from(a.files.get(path) as Uint8Array))).toBe(0);
  });

  it('a delta index replaces the main index’s entries of a changed project', async () => {
    const before = { x: { records: [row('00000001', 'quokka first'), row('00000002', 'wombat')] }, y: { records: [row('00000009', 'quokka elsewhere')] } };
    const { engine } = await index(before, { x: { records: [row('00000002', 'wombat'), row('00000003', 'quokka second')] } });
    expect((await hrefs(engine, 'quokka')).sort()).toEqual(['/p/x/#row-00000003', '/p/y/#row-00000009']);
    expect(await hrefs(engine, '00000001')).toEqual([]);
    const out = await engine.search('', { phase: ['design'] });
    expect(out.hits.length).toBe(3);
  });

  it('a parts table fetched before the manifest is used only when its digest is the manifest’s', async () => {
    const current = await index({ x: { records: [row('00000001', 'quokka')] }, y: { records: [row('00000002', 'wombat')] } });
    // The build before: project y had one row more, in another phase.
    const older = await index({ x: { records: [row('00000001', 'quokka')] }, y: { records: [row('00000002', 'wombat'), row('00000003', 'emu', {}, { phase: ['build'] })] } });
    const manifest = current.engine.manifest;
    const run = async (early: Uint8Array) => {
      const read: string[] = [];
      const engine = new SearchEngine(manifest, async (path) => {
        read.push(path);
        return gunzipSync(current.files.get(path) as Uint8Array);
      }, '/', { 'main/parts.bin': Promise.resolve(gunzipSync(early)) });
      const found = (await engine.show((await engine.search('quokka', {})).hits.slice(), { terms: ['quokka'], prefix: null, line: null })).map((h) => h.href);
      return { found, fetchedTable: read.includes('main/parts.bin') };
    };
    // This build's table: not fetched again.
    expect(await run(current.files.get('main/parts.bin') as Uint8Array)).toEqual({ found: ['/p/x/#row-00000001'], fetchedTable: false });
    // An older build's (a cache, a host mid-upload): set aside, and this generation's fetched.
    const stale = older.files.get('main/parts.bin') as Uint8Array;
    expect(Buffer.compare(Buffer.from(gunzipSync(stale)), Buffer.from(gunzipSync(current.files.get('main/parts.bin') as Uint8Array)))).not.toBe(0);
    expect(await run(stale)).toEqual({ found: ['/p/x/#row-00000001'], fetchedTable: true });
    // A table the manifest does not name is an error, not a wrong answer.
    const wrong = new SearchEngine(manifest, async (path) => gunzipSync((path === 'main/parts.bin' ? older : current).files.get(path) as Uint8Array));
    await expect(wrong.search('quokka', {})).rejects.toThrow(`main/parts.bin: table ${older.engine.manifest.indexes[0]?.table}, the manifest names ${manifest.indexes[0]?.table}`);
  });

  it('the dictionary and the exact map list every term and key once, in order, with every part’s records (property)', async () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'kappa', 'omega'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.tuple(fc.subarray(words, { minLength: 1 }), fc.constantFrom('0000aaaa', '1111bbbb', '2222cccc')), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }), async (projects) => {
        const records: Record<string, { records: SearchRecord[] }> = {};
        projects.forEach((rows, p) => {
          // Each row's id is unique; its SHA is shared between projects (an exact key of several parts).
          records[`p${p}`] = { records: rows.map(([ws, sha], r) => row(`${p}${r}`.padStart(8, '0'), ws.join(' '), { exact: [{ key: `id:${`${p}${r}`.padStart(8, '0')}`, quality: 3 }, { key: `hex:${sha}`, quality: 2 }] })) };
        });
        const { files } = await index(records);
        const pages = (folder: string) => [...files.keys()].filter((k) => k.startsWith(`main/${folder}/`)).sort((a, b) => Number(a.split('/')[2]?.split('.')[0]) - Number(b.split('/')[2]?.split('.')[0])).flatMap((k) => JSON.parse(gunzipSync(files.get(k) as Uint8Array).toString('utf8')) as Array<[string, ...unknown[]]>);
        const dict = pages('dict').map((e) => e[0]);
        expect(dict).toEqual([...new Set(dict)].sort());
        for (const w of words) {
          const entry = pages('dict').find((e) => e[0] === terms(w)[0]);
          const n = projects.flat().filter(([ws]) => ws.includes(w)).length;
          expect(entry?.[1] ?? 0).toBe(n);
        }
        const exact = pages('exact') as Array<[string, Array<[number, number]>]>;
        expect(exact.map((e) => e[0])).toEqual([...new Set(exact.map((e) => e[0]))].sort());
        for (const sha of ['0000aaaa', '1111bbbb', '2222cccc']) {
          const docs = exact.find((e) => e[0] === `hex:${sha}`)?.[1].map((d) => d[0]) ?? [];
          expect(docs.length).toBe(projects.flat().filter(([, s]) => s === sha).length);
          expect(docs).toEqual([...docs].sort((a, b) => a - b));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('finds every record by its id, whatever the records (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.stringMatching(/^[0-9a-f]{8}$/), { minLength: 1, maxLength: 40 }), fc.array(fc.string({ maxLength: 30 }), { minLength: 40, maxLength: 40 }), async (ids, titles) => {
        const records = ids.map((id, i) => row(id, titles[i] ?? '', { severity: i % 3 === 0 ? 'low' : null }));
        const { engine } = await index({ x: { records: records.slice(0, 20) }, y: { records: records.slice(20) } });
        for (const id of ids) expect((await hrefs(engine, id))[0]).toMatch(new RegExp(`#row-${id}$`));
      }),
      { numRuns: 15 },
    );
  });
});

describe('the URL', () => {
  const facets = [
    { key: 'type', name: 'type', values: ['decision', 'flag'] },
    { key: 'severity', name: 'flag severity', values: ['high', 'none'] },
    { key: 'cites', name: 'evidence kind', values: ['commit'] },
  ];

  it('reads short names and old ones, and says what it ignores', () => {
    const state = readSearchState(new URLSearchParams('q=hot+fix&flag+severity=high&cites=commit&colour=red&type=rumour&severity=high'), facets);
    expect(state.q).toBe('hot fix');
    expect({ ...state.filters }).toEqual({ severity: ['high'], cites: ['commit'] });
    expect(state.notices).toEqual(['Unknown filter “colour” ignored.', 'No record has type “rumour”: that filter is ignored.']);
    expect(searchQuery(state)).toBe('q=hot+fix&severity=high&cites=commit');
    // A filter the archive has no record of is still a filter, with its value reported.
    expect(readSearchState(new URLSearchParams('verdict=PASS'), facets).notices).toEqual(['No record has verdict “PASS”: that filter is ignored.']);
  });

  // A new-user trial: README's own example, `?project=tickets-faults` (the id in the recap's
  // URL, /p/tickets-faults/), was ignored: the project filter's values are folders
  // (`content/tickets/faults`). A value that names exactly one of a filter's values by its
  // last or first words now means it, said in a notice; several are offered, none is guessed.
  it('reads a value naming exactly one known value by its last or first words as that value, and says so', () => {
    const known = [
      { key: 'project', name: 'project', values: ['content/tickets/faults', 'content/coordination/faults', 'content/tickets/clean'] },
      { key: 'format', name: 'source format', values: ['bbs decisions.jsonl', 'pstack TSV'] },
    ];
    const state = readSearchState(new URLSearchParams('project=tickets-faults&format=pstack'), known);
    expect({ ...state.filters }).toEqual({ project: ['content/tickets/faults'], format: ['pstack TSV'] });
    expect(state.notices).toEqual(['The project “tickets-faults” is read as “content/tickets/faults”.', 'The source format “pstack” is read as “pstack TSV”.']);
    expect(searchQuery(state)).toBe('project=content%2Ftickets%2Ffaults&format=pstack+TSV');
    const several = readSearchState(new URLSearchParams('project=faults&project=ticket'), known);
    expect({ ...several.filters }).toEqual({});
    expect(several.notices).toEqual([
      'No record has project “faults”: that filter is ignored; did you mean “content/tickets/faults” or “content/coordination/faults”?',
      'No record has project “ticket”: that filter is ignored.',
    ]);
  });

  it('parses a query into tokens, leaving out what cannot be searched', () => {
    const parsed = parseQuery('the "Ledger" choice 14 pars');
    expect(parsed.tokens.map((t) => [t.raw, t.terms, t.prefix])).toEqual([
      ['Ledger', ['ledger'], null],
      ['choice', ['choic'], null],
      ['14', ['14'], null],
      ['pars', ['par'], 'pars'],
    ]);
    expect(parsed.ignored).toEqual(['the']);
  });
});

describe('search counts are the counts of src/lib/projections/counts.ts', () => {
  it('rows, superseded rows and flags by severity, for every project of the example corpus', async () => {
    const { analyseArchive } = await import('../../src/lib/archive/analyse-archive.ts');
    const { flagTotal, SEVERITIES } = await import('../../src/lib/projections/counts.ts');
    const { searchRecords } = await import('../../src/lib/search/search-records.ts');
    const { artifactRecords } = await import('../../src/lib/search/evidence-records.ts');
    const { fileURLToPath } = await import('node:url');
    const models: Array<import('../../src/lib/model/types.ts').ProjectModel> = [];
    await analyseArchive({ roots: [fileURLToPath(new URL('../../content', import.meta.url))], cacheDir: null, onModel: (m) => void models.push(m) });
    expect(models.length).toBe(14);
    for (const m of models) {
      const { part } = buildPart({ key: `p/${m.id}`, title: m.title, project: m.root, latest: null, records: [...searchRecords(m), ...artifactRecords(m.cited.files, m.root)] });
      const t = part.totals;
      expect([(t['decision'] ?? 0) + (t['superseded decision'] ?? 0), t['superseded decision'] ?? 0, t['flag'] ?? 0], m.id).toEqual([m.counts.rows, m.counts.superseded, flagTotal(m.counts)]);
      for (const s of SEVERITIES) expect(part.counts['severity']?.[s]?.['flag'] ?? 0, `${m.id} ${s}`).toBe(m.counts.flags[s]);
    }
  });
});

describe('termsOf', () => {
  it('gives the terms tokenize gives, on any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.constantFrom('', 'the Cache of 文字列 8635af1e café'), (a, b) => {
        const text = `${a} ${b}`;
        expect(termsOf(text)).toEqual(tokenize(text).map((t) => t.term));
      }),
    );
  });
});
