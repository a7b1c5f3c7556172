/**
 * The whole search's first result, told before the search ends (issue 30: a phrase's first
 * page reads up to 25 stored titles (engine.ts FIRST_PAGE), one doc-store file each, and a browser
 * fetches six at a time from one host over HTTP/1.1; the first result need not wait for the
 * other twenty-four).
 *
 * An index's search may know its first hit early (phrase-page.ts `phrasePage`: the first
 * phrase-holder in document order has the best key there is, and every record before it that
 * could have that key was read and lacks it). Across indexes (main and delta) that hit is the
 * search's first only once every other index has either ended, its first hit ranking after it,
 * or told an early first hit of its own ranking after it: ranking is the score (higher first),
 * then document order (`order`, lower first), as {@link HitList} merges.
 */
import type { Hit, IndexHits } from './hit-list.ts';

/** An index's first hit and its document order across indexes (hit-list.ts `IndexHits.order`). */
interface Ranked {
  hit: Hit | null;
  score: number;
  order: number;
}

/** Collects what each index knows of its first hit; calls `tell` once, when an early hit is the search's first. */
export class LeadingHit {
  private readonly known: Array<Ranked | null | undefined>;
  private readonly tell: (hit: Hit) => void;
  private done = false;

  /** `indexes`: how many indexes the search reads; `tell`: receives the first hit, at most once. */
  constructor(indexes: number, tell: (hit: Hit) => void) {
    this.known = Array.from({ length: indexes }, () => undefined);
    this.tell = tell;
  }

  /** Index `i` knows its first hit before its search ends; `order`: its document order across indexes. */
  early(i: number, hit: Hit, order: number): void {
    if (this.done || this.known[i] !== undefined) return;
    this.known[i] = { hit, score: hit.score, order };
    this.check();
  }

  /** Index `i`'s search ended with `hits` (ranked; its first, if any, is what the others are set against). */
  ended(i: number, hits: IndexHits): void {
    if (this.done) return;
    const early = this.known[i];
    // An index that told an early hit keeps it: its search ending adds nothing another index needs.
    if (early?.hit) return;
    this.known[i] = hits.doc.length === 0 ? null : { hit: null, score: hits.score[0] as number, order: hits.order[0] as number };
    this.check();
  }

  /** The search has ended: nothing more is told. */
  close(): void {
    this.done = true;
  }

  private check(): void {
    let best: Ranked | null = null;
    for (const k of this.known) {
      if (k === undefined) return;
      if (k !== null && (best === null || k.score > best.score || (k.score === best.score && k.order < best.order))) best = k;
    }
    // Only an early hit is told: an ended index's first hit is listed as soon as the search returns.
    if (best?.hit) {
      this.done = true;
      this.tell(best.hit);
    }
  }
}
