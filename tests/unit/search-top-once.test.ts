/**
 * A word's top block holds postings its list's blocks do not (issue 30, output size; index
 * format 11, format.ts DictEntry): at 1,000 x 1,000 on the real-shaped corpus the top blocks
 * were 19.8 MB of postings listed twice. The engine reads a word's whole list, and each block of
 * it, with the top block's postings merged in (query/runtime.ts `postings`, `block`): the same
 * documents, field codes and facet words, in the same order, as an index without top blocks.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { buildPart, type SearchPart } from '../../src/lib/search/index/part.ts';
import { mergeParts } from '../../src/lib/search/index/merge.ts';
import { buildManifest, byRecency, partHeader } from '../../src/lib/search/index/manifest.ts';
import type { DictEntry, IndexInfo } from '../../src/lib/search/index/format.ts';
import { IndexRuntime, mergePostings } from '../../src/lib/search/query/runtime.ts';
import type { Postings } from '../../src/lib/search/query/postings.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

/** Record i: `cache` in every title or body, `ledger` in every second, `open` in the meta of every fifth; severities mixed. */
function record(i: number): SearchRecord {
  const id = i.toString(16).padStart(8, '0');
  return {
    anchor: `row-${id}`,
    title: `Row ${i}${i % 3 === 0 ? ' cache' : ''}${i % 2 === 0 ? ' ledger' : ''} step`,
    body: `${i % 3 === 0 ? '' : 'the cache'} matters${i % 2 === 0 ? '' : ' for the ledger'}`,
    meta: i % 5 === 0 ? 'open' : 'verified',
    facets: { type: ['decision'], result: [i % 5 === 0 ? 'open' : 'verified'], phase: [`phase-${i % 7}`] },
    exact: [{ key: `id:${id}`, quality: 3 }],
    severity: i % 11 === 0 ? 'high' : i % 13 === 0 ? 'low' : null,
    time: `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00Z`,
  };
}

async function index(top: { min: number; postings: number }): Promise<{ runtime: IndexRuntime; entries: DictEntry[]; info: IndexInfo }> {
  const files = new Map<string, Uint8Array>();
  const parts: SearchPart[] = [0, 1, 2]
    .map((p) => buildPart({ key: `p/p${p}`, title: `Project ${p}`, project: `content/p${p}`, latest: `2026-02-1${p}`, records: Array.from({ length: 120 }, (_, k) => record(p * 120 + k)) }).part)
    .sort(byRecency);
  const info = await mergeParts('main', parts, (path, data) => void files.set(`main/${path}`, data), { top, wordBlock: 50 });
  const manifest = buildManifest(parts.map((p) => partHeader(p, 'd', `p/${p.key.slice(2)}/`)), info, null, []);
  const load = async (path: string): Promise<Uint8Array> => gunzipSync(files.get(path) as Uint8Array);
  const runtime = new IndexRuntime(info, load, manifest);
  await runtime.ready;
  const entries = [...files].filter(([p]) => p.startsWith('main/dict/')).flatMap(([, d]) => JSON.parse(gunzipSync(d).toString('utf8')) as DictEntry[]);
  return { runtime, entries, info };
}

const plain = (p: Postings) => ({ docs: Array.from(p.docs), fields: p.fields ? Array.from(p.fields) : null, words: Array.from(p.words) });

describe('a word’s postings listed once (format 11)', () => {
  it('its whole list and its blocks, read with the top block, are an index’s without top blocks', async () => {
    const withTop = await index({ min: 100, postings: 40 });
    const without = await index({ min: 1_000_000, postings: 40 });
    const tops = withTop.entries.filter((e) => e[3] !== undefined);
    expect(tops.map((e) => [e[0], e[1], e[2].length, e[3]?.[3]])).toEqual([
      ['cach', 360, 8, 40],
      ['ledger', 360, 8, 40],
      ['matter', 360, 8, 40],
      ['row', 360, 8, 40],
      ['step', 360, 8, 40],
      ['verifi', 288, 6, 40],
    ]);
    for (const entry of withTop.entries) {
      const other = without.entries.find((e) => e[0] === entry[0]) as DictEntry;
      const whole = plain(await without.runtime.postings(other));
      expect(plain(await withTop.runtime.postings(entry)), entry[0]).toEqual(whole);
      // Block by block, as a phrase's first page reads them: each the list up to its range's last document.
      const read: Postings[] = [];
      for (let i = 0; i < entry[2].length; i++) read.push(await withTop.runtime.block(entry, i));
      expect(read.flatMap((b) => Array.from(b.docs)), entry[0]).toEqual(whole.docs);
      expect(read.flatMap((b) => Array.from(b.fields as Uint32Array)), entry[0]).toEqual(whole.fields);
      expect(read.flatMap((b) => Array.from(b.words)), entry[0]).toEqual(whole.words);
      for (let i = 0; i < read.length - 1; i++) expect((read[i] as Postings).docs.at(-1), `${entry[0]} block ${i}`).toBe(whole.docs[(i + 1) * 50 - 1]);
    }
    // Each posting once: a top block's postings are not in its list's blocks.
    for (const entry of tops) {
      const top = await withTop.runtime.topPostings(entry);
      const blocks = await Promise.all(entry[2].map((_, i) => withTop.runtime.block(entry, i)));
      expect(blocks.reduce((n, b) => n + b.docs.length, 0)).toBe(entry[1]);
      expect(top.docs.length).toBe(40);
    }
  });

  it('merges a block with the top postings of its range only', () => {
    const rest: Postings = { docs: Uint32Array.of(2, 5, 9), fields: Uint32Array.of(20, 50, 90), words: Float64Array.of(0, 1, 2) };
    const top: Postings = { docs: Uint32Array.of(1, 4, 9.5, 10, 12), fields: Uint32Array.of(10, 40, 95, 100, 120), words: Float64Array.of(7, 7, 7, 8, 8) };
    expect(plain(mergePostings(rest, top, 1, 10))).toEqual({ docs: [2, 4, 5, 9, 9, 10], fields: [20, 40, 50, 90, 95, 100], words: [0, 7, 1, 2, 7, 8] });
    expect(plain(mergePostings(rest, top, -1, Infinity)).docs).toEqual([1, 2, 4, 5, 9, 9, 10, 12]);
  });
});
