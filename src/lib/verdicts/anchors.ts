/**
 * Unique recap anchors for quality records. Every anchor is prefixed by its record kind
 * (`qa-`, `finding-`, `loop-`, ...) so it never meets a row (`row-`), flag (`flag-`) or
 * invalid-record (`invalid-…-L<line>`) anchor.
 */
import { slugify } from '../text/slug.ts';

/** Hands out anchors, adding `-2`, `-3` to a repeated one. */
export class AnchorSet {
  #used = new Set<string>();

  /** `prefix-slug(parts...)`, unique within this set. */
  take(prefix: string, ...parts: string[]): string {
    const base = [prefix, ...parts.map((p) => slugify(p))].join('-');
    let anchor = base;
    for (let n = 2; this.#used.has(anchor); n++) anchor = `${base}-${n}`;
    this.#used.add(anchor);
    return anchor;
  }
}
