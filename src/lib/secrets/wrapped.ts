/**
 * A token wrapped over two lines (sec10): a pasted key cut by a terminal or an editor at its
 * width, a token a markdown cell broke with `<br>`, a JSON string holding `\n` in the middle of
 * a token. No rule reads a token across a line break, so each half was published as written.
 * {@link joinWrapped} makes the text with such breaks taken out; the token rules run on it, and
 * a token found across a break is mapped back to the text, break included (a value holding a
 * line break is replaced line by line: src/lib/secrets/redaction.ts `secretLines`).
 *
 * Only breaks between two runs of token characters are taken out, the run before being 8
 * characters or more; only the rules that read a token by its own shape use the joined text
 * ({@link WRAP_RULES}: not an assignment, a URL's password or a header, whose value would run
 * into the next line's first word), and a token found across a break is kept only where the
 * text's own scan found nothing (a whole token on the first line is not extended into the
 * second). One pass; each character is read a bounded number of times.
 */

/** Characters of a token body (base64 and base64url). */
const isTokenChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 43 || c === 47;

/** The shortest run of token characters before a break that may be a token's first half. */
export const MIN_WRAPPED_RUN = 8;

/**
 * Whether a hit reads a token by its own shape ({@link isWrapRule}), or is a JSON Web Token
 * (`trailbook/bearer-token`'s `eyJ….eyJ….…`; rel12: a JWT wrapped at a terminal's width was
 * published as written, line by line). The same rule's `Bearer ` header value is read on its
 * line only.
 */
export function isWrapHit(hit: { rule: string; kind: string }): boolean {
  return isWrapRule(hit.rule) || (hit.rule === JWT_RULE && hit.kind === 'JSON Web Token');
}

/**
 * The end of a token found across line breaks at `[start, end)` of `text` whose length is not
 * fixed (a JWT's signature): wrapping at a width makes every line of the token as long as its
 * first but the last, so the token ends with the first line shorter than the first; the joined
 * text ran it into the next line's first word (`…Gvg-dn⏎then` read as one signature). `end`
 * when no line of the hit is shorter. Reads each character of the hit at most twice.
 */
export function endAtShortLine(text: string, start: number, end: number): number {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0 || lineEnd >= end) return end;
  const width = lineEnd - lineStart;
  for (;;) {
    const next = lineEnd + 1;
    const e = text.indexOf('\n', next);
    if (e < 0 || e >= end) return end;
    if (e - next < width) return e;
    lineEnd = e;
  }
}

/** The own rule that reads JSON Web Tokens (among others: {@link isWrapHit}). */
export const JWT_RULE = 'trailbook/bearer-token';

/** Rules that read a token by its own shape: a token they find across a break is one token. */
export function isWrapRule(rule: string): boolean {
  if (rule === 'trailbook/prefixed-token' || rule === 'trailbook/vendor-token' || rule === 'trailbook/google-api-key') return true;
  return rule.startsWith('@secretlint/') && !/basicauth|database-connection-string|privatekey/.test(rule);
}

/** A text with wrapping breaks taken out: `map[i]` is the offset in the text of the joined text's character `i`. */
export interface Joined {
  text: string;
  map: Int32Array;
}

/** The length of the break at `i` (a line end with the next line's indentation, a literal `\n`, a `<br>`), or 0. */
function breakAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  let e = i;
  if (c === 13 && text.charCodeAt(i + 1) === 10) e = i + 2;
  else if (c === 10) e = i + 1;
  else if (c === 92 && text.charCodeAt(i + 1) === 110) e = i + 2;
  else if (c === 60 && (text.startsWith('<br>', i) || text.startsWith('<br/>', i) || text.startsWith('<br />', i))) e = text.indexOf('>', i) + 1;
  else return 0;
  // The next line's indentation (a YAML block, a quoted reply), up to 16 spaces.
  while (e < text.length && e - i < 24 && (text.charCodeAt(e) === 32 || text.charCodeAt(e) === 9)) e++;
  return e - i;
}

/**
 * `text` with each break between two runs of token characters (the first of
 * {@link MIN_WRAPPED_RUN} or more) taken out, or null when it holds none.
 */
export function joinWrapped(text: string): Joined | null {
  let run = 0;
  let found = false;
  // A first pass finds whether there is any such break, without allocating.
  for (let i = 0; i < text.length && !found; i++) {
    if (run >= MIN_WRAPPED_RUN) {
      const b = breakAt(text, i);
      if (b > 0 && isTokenChar(text.charCodeAt(i + b))) found = true;
    }
    run = isTokenChar(text.charCodeAt(i)) ? run + 1 : 0;
  }
  if (!found) return null;
  const map = new Int32Array(text.length);
  let out = '';
  let n = 0;
  let from = 0;
  run = 0;
  for (let i = 0; i < text.length; ) {
    if (run >= MIN_WRAPPED_RUN) {
      const b = breakAt(text, i);
      if (b > 0 && isTokenChar(text.charCodeAt(i + b))) {
        out += text.slice(from, i);
        i += b;
        from = i;
        continue;
      }
    }
    map[n++] = i;
    run = isTokenChar(text.charCodeAt(i)) ? run + 1 : 0;
    i++;
  }
  out += text.slice(from);
  return { text: out, map: map.subarray(0, n) };
}

/** The longest part of a run read on either side of a break for {@link wrappedPairs}. */
const MAX_PAIR_RUN = 256;

/** What stands between two pairs in {@link wrappedPairs}' text: no token character, no break. */
const PAIR_SEPARATOR = ' \u0001 ';

/**
 * For each wrapping break of `text`, the run before it and the run after it, joined (a token
 * cut once, whose second half ends its line: `…wY6\nnB3…M4q\nend` — the whole text joined would
 * run it into `end`); the pairs in one text, apart ({@link PAIR_SEPARATOR}, mapped to -1). Each
 * run is read at most {@link MAX_PAIR_RUN} characters from its break, so the text is at most
 * about twice `text`. Null when `text` has no such break.
 */
export function wrappedPairs(text: string): Joined | null {
  const parts: string[] = [];
  const offsets: number[] = [];
  let run = 0;
  for (let i = 0; i < text.length; ) {
    if (run >= MIN_WRAPPED_RUN) {
      const b = breakAt(text, i);
      if (b > 0 && isTokenChar(text.charCodeAt(i + b))) {
        const before = Math.max(i - run, i - MAX_PAIR_RUN);
        let after = i + b;
        while (after < text.length && after - (i + b) < MAX_PAIR_RUN && isTokenChar(text.charCodeAt(after))) after++;
        if (parts.length > 0) {
          parts.push(PAIR_SEPARATOR);
          for (let k = 0; k < PAIR_SEPARATOR.length; k++) offsets.push(-1);
        }
        parts.push(text.slice(before, i), text.slice(i + b, after));
        for (let k = before; k < i; k++) offsets.push(k);
        for (let k = i + b; k < after; k++) offsets.push(k);
        // On from the break's end: the run after it is the next break's run before.
        run = 0;
        i += b;
        continue;
      }
    }
    run = isTokenChar(text.charCodeAt(i)) ? run + 1 : 0;
    i++;
  }
  return parts.length === 0 ? null : { text: parts.join(''), map: Int32Array.from(offsets) };
}

/** The range in the text of the joined range `[start, end)`, and whether it spans a break taken out. */
export function unjoined(joined: Joined, start: number, end: number): { start: number; end: number; spans: boolean } {
  // A range across two pairs of wrappedPairs' text is none of the text's.
  for (let k = start; k < end; k++) if ((joined.map[k] as number) < 0) return { start: 0, end: 0, spans: false };
  const s = joined.map[start] as number;
  const e = (joined.map[end - 1] as number) + 1;
  return { start: s, end: e, spans: e - s !== end - start };
}
