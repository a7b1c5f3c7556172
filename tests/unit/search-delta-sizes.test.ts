/**
 * A delta index's files are closed at sizes of their own (index/merge.ts DELTA_SIZES; issue
 * 30): every search reads the delta beside main, and a query's word in a delta of a few
 * projects is a few hundred postings, so main's 64 KB posting files and 24 KB dictionary pages
 * would be bytes read for nothing (a two-word query after a one-row rebuild of the real-shaped
 * archive read 504 KB, 38 KB of them the delta's page and file; 475 KB with these sizes).
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { DELTA_SIZES, PACK_BYTES, PAGE_CHARS, mergeParts } from '../../src/lib/search/index/merge.ts';
import { byRecency } from '../../src/lib/search/index/manifest.ts';
import { memorySite, writePart } from './search-memory-site.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

const WORDS = ['cache', 'ledger', 'writer', 'queue', 'retry', 'parser', 'render', 'index', 'merge', 'delta', 'token', 'schema'];

/** Record `i`: a title of four words and a body of twelve, from {@link WORDS} and numbers, so the dictionary holds some thousands of words. */
function record(i: number): SearchRecord {
  const w = (k: number): string => `${WORDS[(i * 7 + k * 5) % WORDS.length]}${(i * 13 + k) % 400}`;
  return {
    anchor: `row-${i.toString(16).padStart(8, '0')}`,
    title: [0, 1, 2, 3].map(w).join(' '),
    body: Array.from({ length: 12 }, (_, k) => w(k + 4)).join(' '),
    evidence: '',
    facets: { type: ['decision'], result: [i % 3 === 0 ? 'open' : 'verified'] },
    severity: null,
    time: null,
  };
}

describe('a delta index’s file sizes', () => {
  it('closes posting files at an eighth of main’s and dictionary pages at a quarter: more, smaller files, the same entries', async () => {
    const files = new Map<string, Uint8Array>();
    const parts = [0, 1].map((p) => writePart(files, { key: `p/p${p}`, latest: `2026-02-1${p}`, records: Array.from({ length: 1500 }, (_, k) => record(p * 1500 + k)) })).sort(byRecency);
    const mainSized = new Map<string, Uint8Array>();
    const deltaSized = new Map<string, Uint8Array>();
    const big = await mergeParts('delta', parts, (path, data) => void mainSized.set(path, data));
    const small = await mergeParts('delta', parts, (path, data) => void deltaSized.set(path, data), { sizes: DELTA_SIZES });
    expect(DELTA_SIZES).toEqual({ packBytes: PACK_BYTES / 8, pageChars: PAGE_CHARS / 4 });
    const raw = (m: Map<string, Uint8Array>, folder: string): number[] => [...m].filter(([p]) => p.startsWith(`${folder}/`)).map(([, d]) => gunzipSync(d).length);
    // Posting files: each within the delta's size (no block here is larger), and more of them.
    expect(Math.max(...raw(deltaSized, 'post'))).toBeLessThanOrEqual(DELTA_SIZES.packBytes);
    expect(Math.max(...raw(mainSized, 'post'))).toBeGreaterThan(DELTA_SIZES.packBytes);
    expect([raw(mainSized, 'post').length, raw(deltaSized, 'post').length]).toEqual([5, 27]);
    // Dictionary pages: closed once past the delta's characters (the last entry added passes it by less than an entry).
    expect(Math.max(...raw(deltaSized, 'dict'))).toBeLessThan(DELTA_SIZES.pageChars + 1024);
    expect([raw(mainSized, 'dict').length, raw(deltaSized, 'dict').length]).toEqual([4, 12]);
    // The same words and counts, in more pages.
    expect(small.docs).toBe(big.docs);
    const entries = (m: Map<string, Uint8Array>): unknown[] => [...m].filter(([p]) => p.startsWith('dict/')).sort(([a], [b]) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0])).flatMap(([, d]) => (JSON.parse(gunzipSync(d).toString('utf8')) as Array<[string, number]>).map((e) => [e[0], e[1]]));
    expect(entries(deltaSized)).toEqual(entries(mainSized));
  });

  it('a search over main and such a delta finds what a search over one index of the same parts finds', async () => {
    const specs = [0, 1, 2].map((p) => ({ key: `p/p${p}`, latest: `2026-02-1${p}`, records: Array.from({ length: 600 }, (_, k) => record(p * 600 + k)) }));
    const changed = [{ key: 'p/p1', latest: '2026-02-20', records: Array.from({ length: 700 }, (_, k) => record(5000 + k)) }];
    const withDelta = await memorySite(specs, { changed });
    const oneIndex = await memorySite([specs[0], specs[2], changed[0]] as typeof specs);
    expect(withDelta.delta).not.toBeNull();
    // Words a last word begins are the index's commonest such words (engine.ts, PREFIX_TERMS): queries of words no other word begins.
    for (const q of ['ledger99', 'writer104 index105', 'cache388 parser389', 'retry396']) {
      const [a, b] = [withDelta.engine(), oneIndex.engine()];
      const [found, expected] = [await a.search(q, {}), await b.search(q, {})];
      expect(found.hits.length).toBeGreaterThan(0);
      const shown = (await a.show(found.hits.slice(), found)).map((h) => `${h.href} ${h.title}`);
      expect(shown).toEqual((await b.show(expected.hits.slice(), expected)).map((h) => `${h.href} ${h.title}`));
    }
  });
});
