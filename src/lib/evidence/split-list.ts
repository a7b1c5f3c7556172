/**
 * How an evidence cell lists its pointers, as agents write them (issue 13, item 1; seen in
 * the real trails of ../shared/corpus/real): parts split on `;` and line breaks, and each part
 * into items on `,` (with or without a space), ` and `, ` + ` and ` plus `. Nothing inside
 * quotes, backticks or brackets is split (`apps/web/src/* (FeedbackDialog, Sidebar)`), nor a
 * comma inside a number (`route.ts:34,47`, `20,001 columns`), nor a comma inside a URL
 * (`data:text/html,x`) unless a space follows it. An opening quote or bracket that is never
 * closed is read as a plain character.
 *
 * Pure and linear in the cell's length, with a small constant (a 4 MiB cell splits in tens of
 * milliseconds: scripts/bench-text.ts): only the positions of separators and of quotes and
 * brackets are visited, each a bounded number of times.
 */

/** One item of a part, with the separator written before it (`''` for the first). */
export interface ListItem {
  text: string;
  sep: string;
  /** Where the item's text starts and ends in the part (UTF-16 offsets). */
  start: number;
  end: number;
}

/** JavaScript's white space (what `String.prototype.trim` removes), by code unit. */
export const isSpaceCode = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;
/** A letter, digit or `_` (ASCII fast; other code units by their Unicode class). */
function isWordAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return /[\p{L}\p{N}_]/u.test(text[i] as string);
}

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * The regions protected from splitting: from each opener (bracket or quote) that is closed
 * later to its closer, outermost only, in order. Brackets nest: a closer closes the nearest
 * open bracket of its kind, and brackets of other kinds opened after that one were never
 * closed. A quote closes at the next same quote; `'` opens only at the start of a word and
 * closes only at the end of one (`don't` holds none). Linear: only quote and bracket
 * positions are visited; each opener is pushed and popped once.
 */
function protectedRegions(text: string): Array<[number, number]> {
  const marks: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // ( ) [ ] { } " ' `
    if (c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125 || c === 34 || c === 39 || c === 96) marks.push(i);
  }
  if (marks.length < 2) return [];
  // For each quote mark, the index (into `marks`) of the next mark of the same quote that may close it.
  const nextCloser = new Int32Array(marks.length).fill(-1);
  const following: Record<string, number> = { '"': -1, '`': -1, "'": -1 };
  for (let k = marks.length - 1; k >= 0; k--) {
    const at = marks[k] as number;
    const c = text[at] as string;
    if (!(c in following)) continue;
    nextCloser[k] = following[c] as number;
    if (c !== "'" || !isWordAt(text, at + 1)) following[c] = k;
  }
  const pairs: Array<[number, number]> = [];
  const open: Record<string, number[]> = { ')': [], ']': [], '}': [] };
  for (let k = 0; k < marks.length; k++) {
    const at = marks[k] as number;
    const c = text[at] as string;
    if (c === '"' || c === '`' || c === "'") {
      if (c === "'" && isWordAt(text, at - 1)) continue;
      const close = nextCloser[k] as number;
      if (close === -1) continue;
      pairs.push([at, marks[close] as number]);
      // Nothing inside a quote opens or closes anything.
      k = close;
      continue;
    }
    const closer = CLOSER[c];
    if (closer !== undefined) (open[closer] as number[]).push(at);
    else {
      const from = (open[c] as number[]).pop();
      if (from === undefined) continue;
      pairs.push([from, at]);
      for (const list of Object.values(open)) while (list.length > 0 && (list[list.length - 1] as number) > from) list.pop();
    }
  }
  // Outermost regions only, in order of their start.
  pairs.sort((a, b) => a[0] - b[0]);
  const regions: Array<[number, number]> = [];
  for (const pair of pairs) {
    const last = regions[regions.length - 1];
    if (last && pair[0] <= last[1]) continue;
    regions.push(pair);
  }
  return regions;
}

/** Separator candidates: positions and lengths, side by side (no object per separator: a cell may hold millions). */
interface Candidates {
  at: number[];
  length: number[];
  /** Where the separator written last in the span is (`,` of `, ,`): the item after it keeps it. */
  last: number[];
}

/**
 * Splits `text` at the separators `find` reports, except inside a protected region, keeping
 * each separator as written; blank items are left out.
 */
function splitAt(text: string, find: (text: string, out: Candidates) => void): ListItem[] {
  const candidates: Candidates = { at: [], length: [], last: [] };
  find(text, candidates);
  const items: ListItem[] = [];
  const push = (from: number, to: number, sepAt: number, sepLength: number): void => {
    let a = from;
    let b = to;
    while (a < b && isSpaceCode(text.charCodeAt(a))) a++;
    while (b > a && isSpaceCode(text.charCodeAt(b - 1))) b--;
    if (a < b) items.push({ text: text.slice(a, b), sep: text.slice(sepAt, sepAt + sepLength), start: a, end: b });
  };
  if (candidates.at.length === 0) {
    push(0, text.length, 0, 0);
    return items;
  }
  const regions = protectedRegions(text);
  let region = 0;
  let start = 0;
  let sepAt = 0;
  let sepLength = 0;
  for (let k = 0; k < candidates.at.length; k++) {
    const at = candidates.at[k] as number;
    if (at < start) continue;
    while (region < regions.length && (regions[region] as [number, number])[1] < at) region++;
    const r = regions[region];
    if (r && r[0] < at && at <= r[1]) continue;
    push(start, at, sepAt, sepLength);
    const end = at + (candidates.length[k] as number);
    sepAt = candidates.last[k] as number;
    sepLength = end - sepAt;
    start = end;
  }
  push(start, text.length, sepAt, sepLength);
  return items;
}

/** The parts of a cell: split on `;` and line breaks (outside quotes and brackets), trimmed, blank ones left out. */
export function splitParts(cell: string): string[] {
  return splitAt(cell, (text, out) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 59 && c !== 10 && c !== 13) continue;
      const length = c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      out.at.push(i);
      out.length.push(length);
      out.last.push(i);
      i += length - 1;
    }
  }).map((it) => it.text);
}

/** Whether the letters and digits right before `i` are digits only (a number, not a hex word). */
function numberBefore(text: string, i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (isDigitCode(c)) continue;
    return !((c >= 65 && c <= 90) || (c >= 97 && c <= 122));
  }
  return true;
}

/** Whether the word starting at `start` is a URL (`https://…`, `data:text/html,…`): its first characters decide. */
function isUrlWord(text: string, start: number, i: number): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/|(?:javascript|vbscript|data|file|mailto):\S)/i.test(text.slice(start, Math.min(i, start + 24)));
}

const WORD_SEPARATOR = /^ (?:and|plus|\+) /i;

/** The items of a part: split on `,`, ` and `, ` plus ` and ` + ` (see the module comment). */
export function splitItems(part: string): ListItem[] {
  return splitAt(part, (text, out) => {
    // A run of separators with nothing between them (`,,,,`) keeps only its last: the items between are blank.
    let content = true;
    const add = (at: number, length: number): void => {
      const k = out.at.length - 1;
      if (!content && k >= 0) {
        // One span from the run's first separator to the end of this one.
        out.length[k] = at + length - (out.at[k] as number);
        out.last[k] = at;
      } else {
        out.at.push(at);
        out.length.push(length);
        out.last.push(at);
      }
      content = false;
    };
    // The start of the word each comma is in, kept while scanning forward (never looking back).
    let wordStart = 0;
    let urlStart = -1;
    let wordIsUrl = false;
    for (let at = 0; at < text.length; at++) {
      const c = text.charCodeAt(at);
      if (c === 32) {
        wordStart = at + 1;
        // ` and `, ` plus `, ` + ` (ending on the space that starts the next word).
        const word = WORD_SEPARATOR.exec(text.slice(at, at + 6));
        if (word) {
          add(at, word[0].length);
          at += word[0].length - 2;
        }
        continue;
      }
      if (isSpaceCode(c)) {
        wordStart = at + 1;
        continue;
      }
      if (c !== 44) {
        content = true;
        continue;
      }
      const next = text.charCodeAt(at + 1);
      // `route.ts:34,47`, `20,001`: a comma inside a number; not after a SHA (`2b3fed3f4,a8b5d322`).
      if (isDigitCode(text.charCodeAt(at - 1)) && isDigitCode(next) && numberBefore(text, at)) continue;
      // Inside a URL a comma is part of it (`data:text/html,x`), unless a space follows (`https://x/pull/1, a.md`).
      if (!isSpaceCode(next) && at + 1 < text.length) {
        if (urlStart !== wordStart) {
          urlStart = wordStart;
          wordIsUrl = isUrlWord(text, wordStart, at);
        }
        if (wordIsUrl) continue;
      }
      add(at, 1);
    }
  });
}
