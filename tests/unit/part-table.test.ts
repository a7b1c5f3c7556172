/**
 * The search index's parts table (src/lib/search/index/part-table.ts): what the page decodes is
 * what the writer had, for any parts, and a broken table is an error, not a wrong answer.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TIERS, type IndexPart } from '../../src/lib/search/index/format.ts';
import { PartTable, encodePartTable } from '../../src/lib/search/index/part-table.ts';

const FACETS = 5;

/** Parts with contiguous ranges (tier first, then part), as merge.ts numbers them. */
const partsArb = fc
  .array(
    fc.record({
      key: fc.string({ minLength: 1, maxLength: 12 }).map((s) => `p/${s}`),
      counts: fc.array(fc.nat(40), { minLength: TIERS, maxLength: TIERS }),
      facets: fc.uniqueArray(fc.nat(FACETS - 1), { maxLength: FACETS }),
      sets: fc.array(fc.array(fc.uniqueArray(fc.nat(6), { maxLength: 3 }), { maxLength: 4 }), { minLength: FACETS, maxLength: FACETS }),
      combos: fc.option(fc.array(fc.array(fc.nat(3), { minLength: FACETS, maxLength: FACETS }), { minLength: 1, maxLength: 4 }), { nil: undefined }),
    }),
    { maxLength: 8 },
  )
  .map((raw) => {
    let next = 0;
    const ranges = raw.map(() => [] as Array<[number, number]>);
    for (let t = 0; t < TIERS; t++)
      raw.forEach((r, i) => {
        ranges[i]?.push([next, r.counts[t] as number]);
        next += r.counts[t] as number;
      });
    return raw.map((r, i): IndexPart => ({
      key: r.key,
      ranges: ranges[i] as Array<[number, number]>,
      facets: r.facets,
      sets: r.facets.map((_, k) => r.sets[k] as number[][]),
      ...(r.combos ? { combos: r.combos.map((c) => c.slice(0, r.facets.length)) } : {}),
    }));
  });

/** The value set of a document with code word `word` for the part's `k`-th facet, read from the part itself. */
function expectedSet(p: IndexPart, k: number, word: number): number[] | null {
  const sets = p.sets[k] as number[][];
  let code: number;
  if (p.combos) code = p.combos[word]?.[k] ?? 0;
  else {
    let mult = 1;
    for (let g = 0; g < k; g++) mult *= Math.max(1, (p.sets[g] as number[][]).length);
    code = Math.floor(word / mult) % Math.max(1, sets.length);
  }
  return code < Math.max(1, sets.length) ? (sets[code] ?? []) : null;
}

describe('the parts table', () => {
  it('decodes what was encoded: keys, ranges, facets and every code word’s value sets', () => {
    fc.assert(
      fc.property(partsArb, fc.array(fc.nat(200), { minLength: 1, maxLength: 6 }), (parts, words) => {
        const table = new PartTable(encodePartTable(parts), FACETS);
        expect(table.size).toBe(parts.length);
        expect(table.keys).toEqual(parts.map((p) => p.key));
        parts.forEach((p, part) => {
          for (let t = 0; t < TIERS; t++) {
            const [start, count] = p.ranges[t] as [number, number];
            expect(table.count[part * TIERS + t]).toBe(count);
            if (count > 0) expect(table.start[part * TIERS + t]).toBe(start);
          }
          expect(table.docs(part)).toBe(p.ranges.reduce((s, [, n]) => s + n, 0));
          expect(table.facetCount(part)).toBe(p.facets.length);
          for (let f = 0; f < FACETS; f++) expect(table.slotOf(part, f)).toBe(p.facets.indexOf(f));
          p.facets.forEach((f, k) => {
            expect(table.facetOf(part, k)).toBe(f);
            for (const word of words) {
              const set = table.setOf(part, k, word);
              const want = expectedSet(p, k, word);
              if (want === null) expect(set).toBe(-1);
              else expect(Array.from(table.setValues(set))).toEqual(want);
            }
          });
        });
      }),
    );
  });

  it('a part with no value sets for a facet has one empty set (a record without the value)', () => {
    const part: IndexPart = { key: 'p/a', ranges: [[0, 2], [2, 0], [2, 0], [2, 0]], facets: [0, 3], sets: [[], [[1, 2], [0]]] };
    const table = new PartTable(encodePartTable([part]), 4);
    expect(table.setsOf(0, 0)).toEqual([0, 1]);
    expect(Array.from(table.setValues(table.setOf(0, 0, 1)))).toEqual([]);
    // Word 1: facet 0 has radix 1, so facet 3's code is 1 → its second set.
    expect(Array.from(table.setValues(table.setOf(0, 1, 1)))).toEqual([0]);
    expect(Array.from(table.firstValue)).toEqual([0, 2, 1]);
  });

  it('parts with the same value sets for a facet share them; different ones do not', () => {
    const part = (key: string, sets: number[][]): IndexPart => ({ key, ranges: [[0, 0], [0, 0], [0, 0], [0, 0]], facets: [1], sets: [sets] });
    const table = new PartTable(encodePartTable([part('p/a', [[0], [1]]), part('p/b', [[0], [1]]), part('p/c', [[1], [0]])]), 2);
    expect(table.setsOf(0, 0)).toEqual([0, 2]);
    expect(table.setsOf(1, 0)).toEqual([0, 2]);
    expect(table.setsOf(2, 0)).toEqual([2, 4]);
    expect(Array.from(table.setFacet)).toEqual([1, 1, 1, 1]);
    expect(Array.from(table.setValues(table.setOf(2, 0, 0)))).toEqual([1]);
  });

  it('refuses ranges that are not where the numbering puts them', () => {
    const parts: IndexPart[] = [
      { key: 'p/a', ranges: [[0, 2], [4, 1], [5, 0], [5, 0]], facets: [], sets: [] },
      { key: 'p/b', ranges: [[2, 1], [5, 0], [5, 0], [5, 0]], facets: [], sets: [] },
    ];
    expect(() => encodePartTable(parts)).toThrow('part p/a: tier 1 starts at 4, not 3');
  });

  it('a table cut short, or naming a facet the index lacks, is an error', () => {
    const bytes = encodePartTable([{ key: 'p/a', ranges: [[0, 1], [1, 0], [1, 0], [1, 0]], facets: [2], sets: [[[0]]] }]);
    expect(() => new PartTable(bytes.subarray(0, bytes.length - 2), 3)).toThrow(RangeError);
    expect(() => new PartTable(bytes, 2)).toThrow('set list 0: facet 2 of 2');
    expect(() => new PartTable(new TextEncoder().encode('\u0002{}'), 2)).toThrow('the parts table does not start with its keys');
  });
});
