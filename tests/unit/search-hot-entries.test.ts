/**
 * A hot key's entries by column (issue 30, output size; index format 11, format.ts
 * HotEntries): documents as gaps, each distinct path once. Decoded, they are the entries the
 * merge listed, value for value, in order.
 */
import { describe, expect, it } from 'vitest';
import { decodeHotEntries, encodeHotEntries, type ExactEntry } from '../../src/lib/search/index/format.ts';

describe('hot keys’ entries by column (format 11)', () => {
  it('writes a path once and a document as its gap from the one before', () => {
    const entries: ExactEntry[] = [
      [10, 3, 0, 'internal/content/queue-0.go'],
      [12, 2, 7, 'internal/content/queue-0.go', 5, 10],
      [12, 2, 7, 'internal/content/queue-0.go', 40, 40],
      [900, 2, 1, 'vendor/queue-0.go'],
      [1005, 2, 4, 'internal/content/queue-0.go', 3, 3],
    ];
    const columns = encodeHotEntries(entries);
    expect(columns).toEqual([
      [10, 2, 0, 888, 105],
      [3, 2, 2, 2, 2],
      [0, 7, 7, 1, 4],
      ['internal/content/queue-0.go', 'vendor/queue-0.go'],
      [0, 0, 0, 1, 0],
      [-1, 5, 40, -1, 3],
      [-1, 10, 40, -1, 3],
    ]);
    expect(decodeHotEntries(columns)).toEqual(entries);
  });

  it('leaves the path columns out for a SHA, an id or a flag kind', () => {
    const entries: ExactEntry[] = [
      [0, 3, 0],
      [4, 2, 130],
      [4_000_000, 2, 2 ** 40],
    ];
    expect(encodeHotEntries(entries)).toEqual([[0, 4, 3_999_996], [3, 2, 2], [0, 130, 2 ** 40]]);
    expect(decodeHotEntries(encodeHotEntries(entries))).toEqual(entries);
    expect(decodeHotEntries(encodeHotEntries([]))).toEqual([]);
  });
});
