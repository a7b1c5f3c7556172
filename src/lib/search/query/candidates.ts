/**
 * The candidates of one index's search (engine.ts): every document a query's postings, exact
 * lookups or filters name, once, with its part, tier, facet code word, and per query term and
 * token what matched; in growable typed arrays.
 */
import { doubled } from '../index/typed-arrays.ts';
import type { IndexRuntime } from './runtime.ts';

/** Growable candidate table for one index, in typed arrays. */
export class Candidates {
  readonly of: Int32Array;
  size = 0;
  doc: Uint32Array;
  part: Int32Array;
  local: Uint32Array;
  tier: Uint8Array;
  word: Float64Array;
  /** Per candidate: a bit per prefix word found. */
  prefix: Uint32Array;
  /** Per candidate, per query term: field code, or -1. */
  fields: Int32Array;
  /** Per candidate, per token: exact score. */
  exact: Float64Array;
  readonly terms: number;
  readonly tokens: number;
  private readonly ix: IndexRuntime;
  private readonly where = { part: -1, tier: 0, local: 0 };
  /** `of`: the index's shared candidate map (all -1); {@link release} resets what was set. */
  /** `capacity`: how many candidates to make room for at once (growing later costs copies). */
  constructor(ix: IndexRuntime, terms: number, tokens: number, capacity = 1024) {
    this.ix = ix;
    this.of = ix.candidateOf;
    this.terms = terms;
    this.tokens = tokens;
    const n = Math.max(1024, capacity);
    this.doc = new Uint32Array(n);
    this.part = new Int32Array(n);
    this.local = new Uint32Array(n);
    this.tier = new Uint8Array(n);
    this.word = new Float64Array(n);
    this.prefix = new Uint32Array(n);
    this.fields = new Int32Array(n * Math.max(1, terms)).fill(-1);
    this.exact = new Float64Array(n * Math.max(1, tokens));
  }
  /** Room for `n` candidates (default: twice as many as now). */
  private grow(n = this.doc.length * 2): void {
    const terms = Math.max(1, this.terms);
    const tokens = Math.max(1, this.tokens);
    this.doc = doubled(this.doc, (n) => new Uint32Array(n), undefined, n);
    this.part = doubled(this.part, (n) => new Int32Array(n), undefined, n);
    this.local = doubled(this.local, (n) => new Uint32Array(n), undefined, n);
    this.tier = doubled(this.tier, (n) => new Uint8Array(n), undefined, n);
    this.word = doubled(this.word, (n) => new Float64Array(n), undefined, n);
    this.prefix = doubled(this.prefix, (n) => new Uint32Array(n), undefined, n);
    this.fields = doubled(this.fields, (n) => new Int32Array(n), -1, n * terms);
    this.exact = doubled(this.exact, (n) => new Float64Array(n), undefined, n * tokens);
  }
  /** Makes room for `n` candidates in all at once (a filter's records: one copy, not one per doubling). */
  reserve(n: number): void {
    if (n > this.doc.length) this.grow(n);
  }
  /** The candidate of a live document (added if new), or -1 for a document of a stale or unknown part. */
  add(doc: number, word: number): number {
    let c = this.of[doc] as number;
    if (c >= 0) return c;
    this.ix.locate(doc, this.where);
    const part = this.where.part;
    if (part < 0 || (this.ix.rank[part] as number) < 0) return -1;
    if (this.size === this.doc.length) this.grow();
    c = this.size++;
    this.of[doc] = c;
    this.doc[c] = doc;
    this.part[c] = part;
    this.local[c] = this.where.local;
    this.tier[c] = this.where.tier;
    this.word[c] = word;
    return c;
  }
  /** Resets the shared map for the next search. */
  release(): void {
    for (let c = 0; c < this.size; c++) this.of[this.doc[c] as number] = -1;
  }
}
