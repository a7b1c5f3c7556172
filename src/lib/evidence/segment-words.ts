/**
 * The pointers in one list item of an evidence cell that is not a command, read word by word
 * (spec/input.md section 3; issue 13, items 1 and 2) by the rules of word-rules.ts: SHAs and
 * ranges, URLs, paths (with lines, line lists, a revision, the names cited in them), test
 * names, references and the ids of agents' own records. Words that are none of these are the
 * note of the item's first pointer (kept and shown); an item with no pointer at all is prose
 * (null).
 *
 * Where a pointer stands decides how much it claims (issue 26, scope 5): a pointer read before
 * any word of prose (`src/a.ts:12 parseRow keeps …`, `see 1b48d2e`) stands as the item; one
 * read after words of prose, or inside a quoted phrase of several words, is only named in the
 * text (`rendered by console.log alone`, `'impl_x.md, re-impl_x.md must not match'`): it is
 * marked `mention` and, when it does not resolve, is shown with at most a low notice.
 *
 * Pure; linear in the text (every pattern is, see tests/unit/regex-linearity.test.ts, and each
 * word is looked at a bounded number of times).
 */
import type { ClassifiedPointer } from './classified-pointer.ts';
import { COMMIT_WORDS } from './hex-shape.ts';
import { splitLineSuffix } from './path-shape.ts';
import { tagShape } from './tag-shape.ts';
import { trimEndChars } from '../text/trim-chars.ts';
import { unsafeScheme, URL_RE } from './url-shape.ts';
import { WORD_RULES, type WordScan } from './word-rules.ts';
import { ARCHIVE_WORDS, fileUrlPointer, hasColour, MAX_POINTER_CHARS, MAX_WORDS_PER_ITEM, pathToken, trimToken, type CellContext } from './word-tokens.ts';

export { MAX_WORDS_PER_ITEM, tokenPointer, trimToken, type CellContext } from './word-tokens.ts';

/**
 * Words before a pointer that still leave it standing: `see src/a.ts`, `cf. 1b48d2e`, `7 commits
 * fd4f3f4..331919e`, `jar META-INF/…`, `tree 60d60f7` (a number, a word naming what the pointer is:
 * issue 26, item 6).
 */
const LEAD_INS: ReadonlySet<string> = new Set(['see', 'cf', 'cf.', 'tree', 'blob', ...COMMIT_WORDS, ...ARCHIVE_WORDS]);
const isLeadIn = (word: string): boolean => {
  const token = trimToken(word).toLowerCase();
  return LEAD_INS.has(token) || /^\d+$/.test(token);
};

/** A slash list of plain words (`worktree new/list/prune`): prose, not a folder, when it is only named in a sentence. */
const SLASH_LIST = /^[A-Za-z]+(?:\/[A-Za-z]+){2,}$/;

/** Sentence marks and closing brackets after a closing quote. */
const CLOSING_MARKS = '.,:;!?)]';

/**
 * For each word, whether it lies inside a quoted phrase of two or more words (`'a b'`,
 * `"a b"`, `` `a b` ``): a description or an output, whose names are only mentioned. One pass.
 */
function quotedWords(words: readonly string[]): boolean[] {
  const inside = new Array<boolean>(words.length).fill(false);
  // Each word's last character once its sentence marks are trimmed, and for each word the next
  // word after it ending in each quote: read once per word, from the end (linear).
  const last = words.map((w) => trimEndChars(w, CLOSING_MARKS).slice(-1));
  const nextClose: Record<string, Int32Array> = { "'": new Int32Array(words.length), '"': new Int32Array(words.length), '`': new Int32Array(words.length) };
  const seen: Record<string, number> = { "'": -1, '"': -1, '`': -1 };
  for (let k = words.length - 1; k >= 0; k--) {
    for (const q of ["'", '"', '`']) (nextClose[q] as Int32Array)[k] = seen[q] as number;
    const c = last[k] as string;
    if (c in seen) seen[c] = k;
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const open = word[0] as string;
    if (open !== "'" && open !== '"' && open !== '`') continue;
    // A quote closed in the same word is one quoted token (`'src/a.ts'`), not a phrase.
    if (word.length > 1 && last[i] === open && trimEndChars(word, CLOSING_MARKS).length > 1) continue;
    const end = (nextClose[open] as Int32Array)[i] as number;
    if (end === -1 || end - i > 200) continue;
    for (let k = i; k <= end; k++) inside[k] = true;
    i = end;
  }
  return inside;
}

/**
 * Classifies one list item that is not a command. Returns its pointers (the item's other
 * words as the note of the first), or null when it holds none (prose). A pointer read after
 * words of prose, or inside a quoted phrase, has `mention` set. At most `budget` pointers are
 * made; later words go to the note.
 */
export function classifySegment(segment: string, ctx: CellContext, budget = Number.POSITIVE_INFINITY): ClassifiedPointer[] | null {
  const local = fileUrlPointer(segment);
  if (local !== null) return [local];
  const scheme = unsafeScheme(segment);
  if (scheme) return [{ raw: segment, kind: 'url', href: segment, unsafe: scheme }];
  if (URL_RE.test(segment)) return [{ raw: segment, kind: 'url', href: segment }];
  // A tag alone (`v1.0`, `` `release-2.3.0` ``): a ref pointer. A bare version (`2.3.0`) stays prose here; committed-readings.ts reads it as a tag the repository has.
  const tag = tagShape(segment);
  if (tag?.sure) return [{ raw: tag.name, kind: 'commit', tag: tag.name }];
  // An item wholly in backquotes that is no command (`` `src/a.ts:99 parseRow` ``, `` `tests/a.test.ts > title` ``) is
  // read as its words (trust11: it was a command, never checked).
  if (segment.length > 2 && segment.startsWith('`') && segment.endsWith('`') && segment.indexOf('`', 1) === segment.length - 1) segment = segment.slice(1, -1).trim();
  // `tests/a.test.ts > title`, and as Jest prints it, `tests/a.test.ts › title` (trust11: the title was the file's note).
  const arrow = segment.indexOf(' > ');
  const chevron = segment.indexOf(' › ');
  const gt = arrow > 0 && (chevron <= 0 || arrow < chevron) ? arrow : chevron;
  if (gt > 0) {
    const file = segment.slice(0, gt).trim();
    if (!file.includes(' ') && pathToken(file)) return [{ raw: segment, kind: 'test', path: splitLineSuffix(file).path, name: segment.slice(gt + 3).trim().replaceAll(' › ', ' > '), titled: true }];
  }
  const words = segment.split(/\s+/).filter((w) => w !== '');
  const quoted = words.some((w) => /^['"`]/.test(w)) ? quotedWords(words) : null;
  // The words of a markdown link's text (`[the notes](docs/a.md)`): the link stands for its target.
  const linkText = new Set<string>();
  for (let k = 0; k < words.length && k < 64; k++) {
    if (!(words[k] as string).startsWith('[') || (words[k] as string).includes(']')) continue;
    let end = k + 1;
    while (end < words.length && end < k + 16 && !(words[end] as string).includes('](')) end++;
    if (end < words.length && (words[end] as string).includes('](')) for (let j = k; j < end; j++) linkText.add(words[j] as string);
  }
  const scan: WordScan = { words, i: 0, word: '', token: '', lower: '', prev: '', nextWord: undefined, bracketed: false, pointers: [], leftover: [], ctx, colours: hasColour(words), parens: 0, parensOwner: null };
  const { pointers, leftover } = scan;
  let marked = 0;
  /** A standing pointer ended with `:`: the words after it describe it, and name what they name. */
  let described = false;
  for (; scan.i < words.length; scan.i++) {
    const at = scan.i;
    const word = words[at] as string;
    if (pointers.length >= budget || at >= MAX_WORDS_PER_ITEM || word.length > MAX_POINTER_CHARS) {
      // Enough pointers for one cell, or a word no pointer is as long as: the rest stays as written, in the note.
      leftover.push(word);
      continue;
    }
    scan.word = word;
    scan.token = trimToken(word);
    scan.lower = scan.token.toLowerCase();
    scan.bracketed = word.includes('(') || word.includes(')');
    scan.prev = at > 0 ? trimToken(words[at - 1] as string).toLowerCase() : '';
    scan.nextWord = words[at + 1] === undefined ? undefined : trimToken(words[at + 1] as string);
    if (!WORD_RULES.some((rule) => rule.read(scan))) leftover.push(word);
    if (pointers.length === marked) continue;
    // The pointers these words made stand as the item only when no word of prose came before them.
    if (!described && leftover.every((w) => isLeadIn(w) || linkText.has(w)) && !quoted?.[at]) {
      marked = pointers.length;
      // `tests/roles.test.ts: impl_x.md, …`: after a pointer written with a colon comes its description.
      described = (words[scan.i] as string).endsWith(':');
      continue;
    }
    const made = pointers.splice(marked);
    let named = false;
    for (const p of made) {
      // A reference is one kind wherever it is written (`challenger run #13`, `judge report 766d24f7`): it is never checked.
      if (p.within !== undefined || p.kind === 'reference') pointers.push(p);
      // A slash list of words in a sentence (`worktree new/list/prune`) is prose.
      else if (p.kind === 'path' && p.from === undefined && p.name === undefined && SLASH_LIST.test(p.path as string)) continue;
      else {
        pointers.push({ ...p, mention: true });
        named = true;
      }
    }
    // The words stay in the text as written (a pointer named in it is listed under it as well).
    if (named || pointers.length === marked) leftover.push(...words.slice(at, scan.i + 1));
    marked = pointers.length;
  }
  if (pointers.length === 0) return null;
  // Words beside the pointers are the agent's note on them: kept, never dropped.
  const head = pointers.find((p) => p.within === undefined) as ClassifiedPointer;
  if (leftover.length > 0) head.note = leftover.join(' ');
  return pointers;
}
