/**
 * The excerpt of a search result (issue 11 scope 4): a window of about {@link EXCERPT_WORDS}
 * words from the record's body, evidence or meta — the field holding the most query words,
 * around the first of them — with the query's words marked. A result of filters only shows
 * the start of its first non-empty field. A SHA or a path the query names (matched exactly, so
 * giving no words) is marked where the text writes it. Segments are plain text; the page inserts
 * them as text nodes (never as HTML).
 */
import { tokenize, type Token } from '../tokenize.ts';

/** Words in an excerpt. */
export const EXCERPT_WORDS = 28;
/** A run of text that may be a SHA, written whole or shortened. */
const SHA_WORD = /^[0-9a-f]{7,40}$/;
/** Words kept before the first match. */
const LEAD = 6;

/** A piece of excerpt text, marked when it is a query word. */
export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Characters of a title sure to be in view on a phone: the page clamps a title to three lines,
 * which on a 390-px screen hold about 90 characters.
 */
export const TITLE_IN_VIEW = 80;

/**
 * For a title whose first query word starts only past its first {@link TITLE_IN_VIEW}
 * characters (a flag's long message naming the path searched for), the excerpt of the title
 * around that word, so a phone, which clamps the title, still shows why the record matched;
 * otherwise empty. The page shows it on narrow screens only.
 */
export function lateTitleExcerpt(title: string, terms: ReadonlySet<string>, prefix: string | null, hexes: readonly string[] = [], paths: readonly string[] = []): Segment[] {
  if (title.length <= TITLE_IN_VIEW) return [];
  let before = 0;
  for (const s of marked(title, terms, prefix, hexes, paths)) {
    if (s.mark) return before >= TITLE_IN_VIEW ? excerpt([title], terms, prefix, hexes, paths) : [];
    before += s.text.length;
  }
  return [];
}

/** A character that continues a path's segment: before a path, it is not where the path starts. */
const PATH_CHAR = /[\p{L}\p{N}\p{M}_.-]/u;
/** A character that continues a file name after it (`a.rs` in `a.rsx`, `a.rs-old`, `a.rs/x`). */
const NAME_CHAR = /[\p{L}\p{N}\p{M}_/-]/u;

/**
 * Where `text` writes one of `paths` (lower case, as exact-keys.ts reads a query's path), case
 * aside: as a whole path or as its last segments, so `admission.rs` is found in
 * `crates/src/admission.rs:141-162` but not in `myadmission.rs` or `admission.rsx`.
 */
function pathRanges(text: string, paths: readonly string[]): Array<{ start: number; end: number }> {
  const lower = text.toLowerCase();
  // Lower case of the same length only: then an index of one is an index of the other.
  if (lower.length !== text.length) return [];
  const out: Array<{ start: number; end: number }> = [];
  for (const path of paths) {
    if (path === '') continue;
    for (let at = lower.indexOf(path); at >= 0; at = lower.indexOf(path, at + 1)) {
      const end = at + path.length;
      const before = at === 0 ? '' : lower.charAt(at - 1);
      const after = lower.charAt(end);
      if (before !== '' && PATH_CHAR.test(before)) continue;
      if (after !== '' && (NAME_CHAR.test(after) || (after === '.' && PATH_CHAR.test(lower.charAt(end + 1)) && lower.charAt(end + 1) !== '.'))) continue;
      out.push({ start: at, end });
    }
  }
  return out;
}

/**
 * The words of `text`, each marked when the query names it: one of `terms`, a word `prefix`
 * begins, a hex id (a SHA, which the tokenizer leaves out of the words) that one of the
 * query's `hexes` (lower case, 4 to 40 hex digits) begins or that begins one of them, or one
 * of the query's `paths` (lower case), marked whole where the text writes it.
 */
function markedTokens(text: string, terms: ReadonlySet<string>, prefix: string | null, hexes: readonly string[], paths: readonly string[] = []): { tokens: Token[]; marks: boolean[] } {
  const all = tokenize(text).map((t) => ({ t, mark: terms.has(t.term) || (prefix !== null && text.slice(t.start, t.end).toLowerCase().startsWith(prefix)) }));
  // The parts of an identifier that changes case (tokenize.ts caseParts) lie inside it: kept
  // only when marked, so the excerpt's window still counts words as written.
  let outer: Token | null = null;
  const words = all.filter((w) => {
    const inside = outer !== null && w.t.start >= outer.start && w.t.end <= outer.end;
    if (!inside) outer = w.t;
    return !inside || w.mark;
  });
  if (hexes.length > 0) {
    const at = new Map(words.map((w) => [w.t.start, w]));
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = m[0].toLowerCase();
      // A SHA the query begins, or one written shorter that begins the query (`8879725` cited, `8879725e` searched).
      if (!SHA_WORD.test(word) || !hexes.some((h) => word.startsWith(h) || h.startsWith(word))) continue;
      // All digits, it is a word of the text too (`8879725`): that word is marked.
      const same = at.get(m.index);
      if (same && same.t.end === m.index + m[0].length) same.mark = true;
      else words.push({ t: { term: word, start: m.index, end: m.index + m[0].length }, mark: true });
    }
    words.sort((a, b) => a.t.start - b.t.start);
  }
  const ranges = paths.length > 0 ? pathRanges(text, paths) : [];
  if (ranges.length > 0) {
    // A path is one mark: the words inside it give way to one token spanning it.
    const inside = (t: Token): boolean => ranges.some((r) => t.start >= r.start && t.end <= r.end);
    const kept = words.filter((w) => !inside(w.t));
    for (const r of ranges) kept.push({ t: { term: lowerPath(text, r), start: r.start, end: r.end }, mark: true });
    kept.sort((a, b) => a.t.start - b.t.start || b.t.end - a.t.end);
    return { tokens: kept.map((w) => w.t), marks: kept.map((w) => w.mark) };
  }
  return { tokens: words.map((w) => w.t), marks: words.map((w) => w.mark) };
}

/** A path range's text, lower case (the token's term). */
function lowerPath(text: string, r: { start: number; end: number }): string {
  return text.slice(r.start, r.end).toLowerCase();
}

/** The excerpt of `fields` (body, evidence, meta) for the query `terms`, `prefix`, SHA prefixes `hexes` and `paths`. */
export function excerpt(fields: readonly string[], terms: ReadonlySet<string>, prefix: string | null, hexes: readonly string[] = [], paths: readonly string[] = []): Segment[] {
  let best: { text: string; tokens: Token[]; marks: boolean[]; n: number } | null = null;
  for (const text of fields) {
    if (text.trim() === '') continue;
    const { tokens, marks } = markedTokens(text, terms, prefix, hexes, paths);
    const n = marks.filter(Boolean).length;
    if (!best || n > best.n) best = { text, tokens, marks, n };
  }
  if (!best) return [];
  const { text, tokens, marks } = best;
  const first = Math.max(0, marks.indexOf(true));
  const from = Math.max(0, first - LEAD);
  const to = Math.min(tokens.length, from + EXCERPT_WORDS);
  const start = from === 0 ? 0 : (tokens[from]?.start ?? 0);
  const end = to >= tokens.length ? text.length : (tokens[to - 1]?.end ?? text.length);
  const out: Segment[] = [];
  const push = (s: string, mark: boolean): void => {
    if (s === '') return;
    const lastSeg = out[out.length - 1];
    if (lastSeg && lastSeg.mark === mark) lastSeg.text += s;
    else out.push({ text: s, mark });
  };
  if (start > 0) push('… ', false);
  let at = start;
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    // Tokens may overlap (CJK bigrams: 승인, 인된): a character is marked once.
    if (!t || !marks[i] || t.end <= at) continue;
    const begin = Math.max(t.start, at);
    push(text.slice(at, begin), false);
    push(text.slice(begin, t.end), true);
    at = t.end;
  }
  push(text.slice(at, end), false);
  if (end < text.length) push(' …', false);
  return out;
}

/** All of `text`, with the query's words, SHAs and paths marked (for a result's title). */
export function marked(text: string, terms: ReadonlySet<string>, prefix: string | null, hexes: readonly string[] = [], paths: readonly string[] = []): Segment[] {
  const out: Segment[] = [];
  const push = (s: string, mark: boolean): void => {
    if (s === '') return;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += s;
    else out.push({ text: s, mark });
  };
  let at = 0;
  const { tokens, marks } = markedTokens(text, terms, prefix, hexes, paths);
  for (const [i, t] of tokens.entries()) {
    if (!marks[i]) continue;
    // Tokens may overlap (CJK bigrams: 승인, 인된): a character is marked once, and touching marks are one.
    if (t.end <= at) continue;
    const begin = Math.max(t.start, at);
    push(text.slice(at, begin), false);
    push(text.slice(begin, t.end), true);
    at = t.end;
  }
  push(text.slice(at), false);
  return out;
}
