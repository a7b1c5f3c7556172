/**
 * The whole search's first result told before the search ends (issue 30; leading-hit.ts):
 * across indexes (main and delta) an index's early first hit is told only once every other
 * index has ended with a first hit ranking after it (score higher first, then document order
 * lower first), or with none; at most once, and never after the search ends.
 */
import { describe, expect, it } from 'vitest';
import { LeadingHit } from '../../src/lib/search/query/leading-hit.ts';
import type { Hit, IndexHits } from '../../src/lib/search/query/hit-list.ts';

const hit = (index: number, doc: number, score: number): Hit => ({ index, doc, part: 0, local: doc, word: 0, coverage: 8, score });

/** An index's ranked hits, one per `[score, order]`. */
function ended(index: number, ranked: Array<[number, number]>): IndexHits {
  const n = ranked.length;
  return {
    index,
    doc: Uint32Array.from(ranked, (_, i) => i),
    word: new Float64Array(n),
    coverage: new Uint8Array(n),
    score: Float64Array.from(ranked, ([s]) => s),
    order: Float64Array.from(ranked, ([, o]) => o),
    part: new Int32Array(n),
    local: new Uint32Array(n),
  };
}

/** A LeadingHit over `indexes` indexes and what it told. */
function leading(indexes: number) {
  const told: Hit[] = [];
  return { told, lead: new LeadingHit(indexes, (h) => told.push(h)) };
}

describe('the leading hit across indexes', () => {
  it('one index: its early hit is told at once, and once', () => {
    const { told, lead } = leading(1);
    lead.early(0, hit(0, 7, 100), 70);
    lead.early(0, hit(0, 9, 100), 90);
    lead.ended(0, ended(0, [[100, 70]]));
    expect(told).toEqual([hit(0, 7, 100)]);
  });

  it('two indexes: told only once the other has ended, and only when the other’s first ranks after it', () => {
    // The delta ends later with a first hit of a lower score: the main index's early hit is first.
    const a = leading(2);
    a.lead.early(0, hit(0, 7, 100), 70);
    expect(a.told).toEqual([]);
    a.lead.ended(1, ended(1, [[90, 5]]));
    expect(a.told).toEqual([hit(0, 7, 100)]);
    // The same score, later in document order: still first.
    const b = leading(2);
    b.lead.ended(1, ended(1, [[100, 71]]));
    b.lead.early(0, hit(0, 7, 100), 70);
    expect(b.told).toEqual([hit(0, 7, 100)]);
    // The same score, earlier in document order, or a higher score: the other index's hit is first, and nothing is told.
    for (const first of [[100, 69], [101, 900]] as Array<[number, number]>) {
      const c = leading(2);
      c.lead.early(0, hit(0, 7, 100), 70);
      c.lead.ended(1, ended(1, [first]));
      expect(c.told).toEqual([]);
    }
    // The other index found nothing: told.
    const d = leading(2);
    d.lead.early(1, hit(1, 3, 100), 10);
    d.lead.ended(0, ended(0, []));
    expect(d.told).toEqual([hit(1, 3, 100)]);
    // Both early: the better of the two, once both are known.
    const e = leading(2);
    e.lead.early(1, hit(1, 3, 100), 80);
    expect(e.told).toEqual([]);
    e.lead.early(0, hit(0, 7, 100), 70);
    expect(e.told).toEqual([hit(0, 7, 100)]);
  });

  it('nothing is told after the search ends, nor for an index that only ended', () => {
    const a = leading(2);
    a.lead.early(0, hit(0, 7, 100), 70);
    a.lead.close();
    a.lead.ended(1, ended(1, []));
    expect(a.told).toEqual([]);
    const b = leading(1);
    b.lead.ended(0, ended(0, [[100, 1]]));
    expect(b.told).toEqual([]);
  });
});
