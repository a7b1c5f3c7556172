/**
 * How an evidence cell lists its pointers, as agents write them (issue 13, item 1; seen in
 * the real trails of ../shared/corpus/real): parts split on `;` and line breaks, and each part
 * into items on `,` (with or without a space), ` and `, ` + ` and ` plus `. Nothing inside
 * quotes, backticks or brackets is split (`apps/web/src/* (FeedbackDialog, Sidebar)`), nor a
 * comma between two digits (`route.ts:34,47`, `20,001 columns`), nor anything inside a URL.
 * An opening quote or bracket that is never closed is read as a plain character.
 *
 * Pure and linear in the cell's length: every character is visited a bounded number of times.
 */

/** One item of a part, with the separator written before it (`''` for the first). */
export interface ListItem {
  text: string;
  sep: string;
  /** Where the item's text starts and ends in the part (UTF-16 offsets). */
  start: number;
  end: number;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const QUOTES = new Set(['"', '`', "'"]);

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/**
 * For each position of an opener (bracket or quote) that is closed later, the position of its
 * closer. Brackets nest: a closer closes the nearest open bracket of its kind, and brackets of
 * other kinds opened after that one were never closed. A quote closes at the next same quote;
 * `'` opens only at the start of a word and closes only at the end of one (`don't` holds none).
 * Linear: each opener is pushed and popped once, and the next closing quote is precomputed.
 */
function matchedPairs(text: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: Record<string, number[]> = { ')': [], ']': [], '}': [] };
  // For each quote character: its positions, and for each, the index of the next one that may close.
  const positions: Record<string, number[]> = { '"': [], '`': [], "'": [] };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (QUOTES.has(c)) (positions[c] as number[]).push(i);
  }
  const nextCloser: Record<string, Int32Array> = {};
  for (const [c, list] of Object.entries(positions)) {
    const next = new Int32Array(list.length + 1).fill(-1);
    for (let k = list.length - 1; k >= 0; k--) next[k] = c !== "'" || !isWordChar(text[(list[k] as number) + 1]) ? (list[k] as number) : (next[k + 1] as number);
    nextCloser[c] = next;
  }
  const seen: Record<string, number> = { '"': 0, '`': 0, "'": 0 };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (QUOTES.has(c)) {
      const list = positions[c] as number[];
      let k = seen[c] as number;
      while (k < list.length && (list[k] as number) <= i) k++;
      seen[c] = k;
      if (c === "'" && isWordChar(text[i - 1])) continue;
      const close = (nextCloser[c] as Int32Array)[k] as number;
      if (close !== -1) {
        pairs.set(i, close);
        i = close;
      }
      continue;
    }
    const closer = OPENERS[c];
    if (closer !== undefined) (open[closer] as number[]).push(i);
    else if (c === ')' || c === ']' || c === '}') {
      const at = (open[c] as number[]).pop();
      if (at === undefined) continue;
      pairs.set(at, i);
      for (const list of Object.values(open)) while (list.length > 0 && (list[list.length - 1] as number) > at) list.pop();
    }
  }
  return pairs;
}

/**
 * Splits `text` at depth zero wherever `separatorAt(i)` gives a separator's length, keeping
 * each separator as written.
 */
function splitAtDepthZero(text: string, separatorAt: (i: number, wordStart: number) => number): ListItem[] {
  const pairs = matchedPairs(text);
  const items: Array<{ text: string; sep: string; start: number }> = [];
  let start = 0;
  let sep = '';
  let wordStart = 0;
  for (let i = 0; i < text.length; i++) {
    const close = pairs.get(i);
    if (close !== undefined) {
      i = close;
      continue;
    }
    if (isSpace(text[i])) wordStart = i + 1;
    const length = separatorAt(i, wordStart);
    if (length > 0) {
      items.push({ text: text.slice(start, i), sep, start });
      sep = text.slice(i, i + length);
      start = i + length;
      i += length - 1;
      wordStart = start;
    }
  }
  items.push({ text: text.slice(start), sep, start });
  return items
    .map((it) => {
      const lead = it.text.length - it.text.trimStart().length;
      const trimmed = it.text.trim();
      return { text: trimmed, sep: it.sep, start: it.start + lead, end: it.start + lead + trimmed.length };
    })
    .filter((it) => it.text !== '');
}

/** The parts of a cell: split on `;` and line breaks (outside quotes and brackets), trimmed, blank ones left out. */
export function splitParts(cell: string): string[] {
  return splitAtDepthZero(cell, (i) => (cell[i] === ';' || cell[i] === '\n' ? 1 : cell[i] === '\r' ? (cell[i + 1] === '\n' ? 2 : 1) : 0)).map((it) => it.text);
}

/** Whether the word that starts at `wordStart` is a URL (`https://…`, `data:text/html,…`): nothing inside it separates. */
function inUrl(text: string, wordStart: number, i: number): boolean {
  const head = text.slice(wordStart, Math.min(i, wordStart + 24));
  return /^(?:[a-z][a-z0-9+.-]*:\/\/|(?:javascript|vbscript|data|file|mailto):\S)/i.test(head);
}

const WORD_SEPARATORS = [' and ', ' plus ', ' + '];

/** Whether the letters and digits right before `i` are digits only (a number, not a hex word). */
function numberBefore(text: string, i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const c = text[k] as string;
    if (isDigit(c)) continue;
    return !/[A-Za-z]/.test(c);
  }
  return true;
}

/** The items of a part: split on `,`, ` and `, ` plus ` and ` + ` (see the module comment). */
export function splitItems(part: string): ListItem[] {
  return splitAtDepthZero(part, (i, wordStart) => {
    const c = part[i];
    if (c === ',') {
      // `route.ts:34,47`, `20,001`: a comma inside a number; not after a SHA (`2b3fed3f4,a8b5d322`).
      if (isDigit(part[i - 1]) && isDigit(part[i + 1]) && numberBefore(part, i)) return 0;
      // Inside a URL a comma is part of it (`data:text/html,x`), unless a space follows (`https://x/pull/1, a.md`).
      if (inUrl(part, wordStart, i) && !isSpace(part[i + 1]) && part[i + 1] !== undefined) return 0;
      return 1;
    }
    if (c === ' ') {
      for (const sep of WORD_SEPARATORS) if (part.startsWith(sep, i) || part.slice(i, i + sep.length).toLowerCase() === sep) return sep.length;
    }
    return 0;
  });
}
