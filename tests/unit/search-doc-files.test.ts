/**
 * The doc store's files (issue 30, format 9): a part's first 128 records are in files of 32,
 * 32 and 64, every later file holds 128 (format.ts, HEAD_DOC_FILES), so a first page whose
 * records are each among a part's first few dozen reads a file of 32 records per part, not one
 * of 128.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { buildPart } from '../../src/lib/search/index/part.ts';
import { docFileOf, docFileRanges, type StoredDoc } from '../../src/lib/search/index/format.ts';
import { memorySite } from './search-memory-site.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

/** Record i: newer with i (so a part's local order is 299 − i), a word of its own. */
function record(i: number): SearchRecord {
  return {
    anchor: `row-${i.toString(16).padStart(8, '0')}`,
    title: `Row ${i} quokka${i}`,
    body: 'the body',
    evidence: '',
    facets: { type: ['decision'] },
    exact: [],
    severity: null,
    time: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  };
}

describe('doc-store files of 32, 32, 64, then 128 records (format 9)', () => {
  it('places a part’s records: file and place in it', () => {
    const at = (local: number) => {
      const { file, at: place } = docFileOf(local);
      return [file, place];
    };
    expect([0, 31, 32, 63, 64, 127, 128, 255, 256, 300].map(at)).toEqual([
      [0, 0],
      [0, 31],
      [1, 0],
      [1, 31],
      [2, 0],
      [2, 63],
      [3, 0],
      [3, 127],
      [4, 0],
      [4, 44],
    ]);
  });

  it('cuts a part of n records into files: [start, count] each', () => {
    expect(docFileRanges(0)).toEqual([]);
    expect(docFileRanges(1)).toEqual([[0, 1]]);
    expect(docFileRanges(32)).toEqual([[0, 32]]);
    expect(docFileRanges(33)).toEqual([
      [0, 32],
      [32, 1],
    ]);
    expect(docFileRanges(128)).toEqual([
      [0, 32],
      [32, 32],
      [64, 64],
    ]);
    expect(docFileRanges(300)).toEqual([
      [0, 32],
      [32, 32],
      [64, 64],
      [128, 128],
      [256, 44],
    ]);
  });

  it('a part’s doc store is written so, and a result is read from the file docFileOf names', async () => {
    const records = Array.from({ length: 300 }, (_, i) => record(i));
    const { files: out } = buildPart({ key: 'p/p0', title: 'Project 0', project: 'content/p0', latest: '2026-02-10', records });
    const stored = out.docs.map((d) => JSON.parse(gunzipSync(d).toString('utf8')) as StoredDoc[]);
    expect(stored.map((f) => f.length)).toEqual([32, 32, 64, 128, 44]);
    // Newest first: local 0 is record 299, local 199 (file 3, place 71) record 100.
    expect(stored[0]?.[0]?.[2]).toBe('Row 299 quokka299');
    expect(stored[3]?.[71]?.[2]).toBe('Row 100 quokka100');
    expect(stored[4]?.[43]?.[2]).toBe('Row 0 quokka0');

    const site = await memorySite([{ key: 'p/p0', latest: '2026-02-10', records }]);
    const { read } = site;
    const engine = site.engine();
    for (const [q, file, href] of [
      ['quokka299', 'docs/p/p0/0.bin', '/p/p0/#row-0000012b'],
      ['quokka250', 'docs/p/p0/1.bin', '/p/p0/#row-000000fa'],
      ['quokka200', 'docs/p/p0/2.bin', '/p/p0/#row-000000c8'],
      ['quokka100', 'docs/p/p0/3.bin', '/p/p0/#row-00000064'],
    ] as const) {
      read.length = 0;
      const outcome = await engine.search(q, {});
      const shown = await engine.show(outcome.hits.slice(0, 1), outcome);
      expect(shown.map((h) => [h.href, h.title])).toEqual([[href, `Row ${q.slice(6)} ${q}`]]);
      expect(read.filter((p) => p.startsWith('docs/'))).toEqual([file]);
    }
  });
});
