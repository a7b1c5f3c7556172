/**
 * A search's results (engine.ts): each index's ranked hits in columns, and the list that
 * merges them (score, then document order) and makes Hit objects only for what is shown.
 */

/** A record's document order across indexes (hit-list.ts `IndexHits.order`): (tier × parts + part rank) × docs + place in the part. */
export const documentOrder = (scale: { parts: number; docs: number }, tier: number, rank: number, local: number): number => (tier * scale.parts + rank) * scale.docs + local;

/** One result. */
export interface Hit {
  /** Which index (0 main, 1 delta) and its document. */
  index: number;
  doc: number;
  /** The part (an index into the manifest's parts) and the record's place in it. */
  part: number;
  local: number;
  /** The record's facet code word (format.ts). */
  word: number;
  /** Query tokens covered (2 each; 1 for a word only begun). */
  coverage: number;
  /** The ranking keys before document order, packed (higher first; see primaryKey). */
  score: number;
}

/** One index's ranked hits, in columns (a million hits stay cheap). */
export interface IndexHits {
  index: number;
  doc: Uint32Array;
  word: Float64Array;
  coverage: Uint8Array;
  score: Float64Array;
  /** Document order across indexes (tier, part rank, place in the part). */
  order: Float64Array;
  part: Int32Array;
  local: Uint32Array;
}

/** Every result of a search, best first; `slice` makes Hit objects only for what is shown. */
export class HitList {
  readonly length: number;
  private readonly lists: IndexHits[];
  /** For merged lists: which list and where, per position. */
  private readonly which: Uint8Array | null;
  private readonly at: Uint32Array | null;

  constructor(lists: IndexHits[]) {
    this.lists = lists;
    this.length = lists.reduce((n, l) => n + l.doc.length, 0);
    if (lists.length <= 1) {
      this.which = null;
      this.at = null;
      return;
    }
    // Merge by (score desc, order asc).
    this.which = new Uint8Array(this.length);
    this.at = new Uint32Array(this.length);
    const pos = lists.map(() => 0);
    for (let i = 0; i < this.length; i++) {
      let best = -1;
      for (let l = 0; l < lists.length; l++) {
        const list = lists[l] as IndexHits;
        const p = pos[l] as number;
        if (p >= list.doc.length) continue;
        if (best < 0) {
          best = l;
          continue;
        }
        const b = lists[best] as IndexHits;
        const bp = pos[best] as number;
        const d = (list.score[p] as number) - (b.score[bp] as number);
        if (d > 0 || (d === 0 && (list.order[p] as number) < (b.order[bp] as number))) best = l;
      }
      this.which[i] = best;
      this.at[i] = pos[best] as number;
      pos[best] = (pos[best] as number) + 1;
    }
  }

  /** The hit at a position. */
  hit(i: number): Hit {
    const l = this.which ? (this.which[i] as number) : 0;
    const j = this.at ? (this.at[i] as number) : i;
    const list = this.lists[l] as IndexHits;
    return { index: list.index, doc: list.doc[j] as number, part: list.part[j] as number, local: list.local[j] as number, word: list.word[j] as number, coverage: list.coverage[j] as number, score: list.score[j] as number };
  }

  /** Hits from `from` up to (not including) `to`. */
  slice(from = 0, to = this.length): Hit[] {
    const out: Hit[] = [];
    for (let i = Math.max(0, from); i < Math.min(this.length, to); i++) out.push(this.hit(i));
    return out;
  }
}
