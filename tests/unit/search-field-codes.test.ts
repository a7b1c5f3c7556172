/**
 * Field codes of a posting block (issue 30, output size; index format 11, format.ts): a block
 * stores the term's best field and its first position there, `best | position << 2`, not every
 * field holding it (`mask | position << 4`, format 10). The engine reads the code back as
 * `1 << best | position << 4`: what it ranks by (the best field and the position) is the same,
 * and a position of 8 to 31 costs one byte instead of two.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { buildPart } from '../../src/lib/search/index/part.ts';
import { mergeParts, storedFieldCode } from '../../src/lib/search/index/merge.ts';
import { decodePostings } from '../../src/lib/search/query/postings.ts';
import { ByteReader } from '../../src/lib/search/index/varint.ts';
import type { DictEntry } from '../../src/lib/search/index/format.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

const filler = (n: number, word: string): string => Array.from({ length: n }, (_, i) => `${word}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ');

/** Three records: `ledger` at title position 20 (and in the body), in the body alone at position 3, in the meta alone at position 0. */
const records: SearchRecord[] = [
  { anchor: 'row-1', title: `${filler(20, 'w')} ledger`, body: 'ledger again', meta: 'ledger', facets: { type: ['decision'] } },
  { anchor: 'row-2', title: 'nothing here', body: `${filler(3, 'q')} ledger`, facets: { type: ['decision'] } },
  { anchor: 'row-3', title: 'nothing there', body: 'none', meta: 'ledger', facets: { type: ['decision'] } },
];

async function ledgerBlock(): Promise<{ block: Uint8Array; entry: DictEntry }> {
  const { part } = buildPart({ key: 'p/a', title: 'A', project: 'content/a', latest: null, records });
  const files = new Map<string, Uint8Array>();
  await mergeParts('main', [part], (path, data) => void files.set(path, gunzipSync(data)));
  const entry = [...files].filter(([p]) => p.startsWith('dict/')).flatMap(([, d]) => JSON.parse(Buffer.from(d).toString('utf8')) as DictEntry[]).find((e) => e[0] === 'ledger') as DictEntry;
  const [file, offset, length] = entry[2][0] as [number, number, number];
  return { block: (files.get(`post/${file}.bin`) as Uint8Array).subarray(offset, offset + length), entry };
}

describe('field codes of a posting block (format 11)', () => {
  it('stores the best field and the first position there, in one byte below position 32', () => {
    expect(storedFieldCode(0b1011 | (20 << 4))).toBe(80);
    expect(storedFieldCode(0b0010 | (3 << 4))).toBe(13);
    expect(storedFieldCode(0b1000)).toBe(3);
    expect(storedFieldCode(0b0100 | (31 << 4))).toBe(126);
    expect(storedFieldCode(0b0001 | (32 << 4))).toBe(128);
  });

  it('writes `best | position << 2` and reads it back as `1 << best | position << 4`', async () => {
    const { block, entry } = await ledgerBlock();
    expect(entry[1]).toBe(3);
    // n, flags, three document gaps, three field codes (one byte each), three facet words.
    const r = new ByteReader(block);
    const read = (k: number): number[] => Array.from({ length: k }, () => r.varint());
    expect(read(2)).toEqual([3, 1]);
    expect(read(3)).toEqual([0, 1, 1]);
    expect(read(3)).toEqual([80, 13, 3]);
    expect(block.length).toBe(11);
    const postings = decodePostings([block], 3);
    expect(Array.from(postings.docs)).toEqual([0, 1, 2]);
    expect(Array.from(postings.fields as Uint32Array)).toEqual([1 | (20 << 4), 2 | (3 << 4), 8]);
  });
});
