/**
 * The pointers in one list item of an evidence cell that is not a command, read word by word
 * (spec/input.md section 3; issue 13, items 1 and 2): SHAs and ranges, URLs, paths (with
 * lines, line lists, a revision, the names cited in them), test names, references and the ids
 * of agents' own records. Words that are none of these are the note of the item's first
 * pointer (kept and shown); an item with no pointer at all is prose (null).
 *
 * The same reading gives the pointers inside a command's words and inside a note
 * ({@link tokenPointer}). Pure; linear in the text (every pattern is, see
 * tests/unit/regex-linearity.test.ts, and each word is looked at a bounded number of times).
 */
import type { ClassifiedPointer } from './classified-pointer.ts';
import { COMMIT_WORDS, ID_NOUNS, looksLikeSha, rangeFields, shaRange } from './hex-shape.ts';
import { backslashPath, EXTENSIONS, hasFileName, isGlob, isTestFile, isTestStem, looksLikePath, splitLineSuffix } from './path-shape.ts';
import { isScpRemote, isSchemelessUrl, unsafeScheme, URL_RE } from './url-shape.ts';
import { trimChars, trimEndChars } from '../text/trim-chars.ts';

/** What the items of one cell share, in order: the folder of the last path, and whether its hex words are ids. */
export interface CellContext {
  /** Folders of the paths written so far, nearest last; absolute when the path was. */
  folders: string[];
  /** The list being read names agents' records (`delegates 12578e1d 3bd279fa, 66fda898 1a0d9b0a`). */
  ids: boolean;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** `PaletteKind::Continuous`, `a::tests::b`. */
const RUST_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+$/;
const RUBRIC_RE = /^(?:(?:\.\/)?design\/rubric\.md|rubric)(?:#|:)(.+)$/i;
/**
 * A line claim written in words after a path (`src/a.ts line 9`, `lines 9-12`, `@ line 40`,
 * `(L9-L12)`): it is checked like `src/a.ts:9-12`, never left as a note beside a path that
 * would then show VERIFIED for the file alone.
 */
const LINE_AFTER = /^(?:(?:@|at|on)\s*)?(?:lines?|l\.)\s*(\d{1,9})(?:\s*(?:-|–|to|\.\.)\s*(\d{1,9}))?(?=$|[\s,;:)])|^\(?#?L(\d{1,9})(?:\s*[-–]\s*L?(\d{1,9}))?\)?(?=$|[\s,;:])/i;
/** The same claim written before the path: `line 40 of src/a.ts`, `lines 3-4 in src/a.ts`. */
const LINE_BEFORE = /(?:^|\s)(?:(?:at|on)\s+)?lines?\s+(\d{1,9})(?:\s*(?:-|–|to)\s*(\d{1,9}))?\s+(?:of|in)$/i;
/** A snake_case name of three or more words: a test function (`pinned_vulkan_runtime_archive_installs`). */
const SNAKE_TEST = /^[a-z][a-z0-9]*(?:_[a-z0-9]+){2,}$/;
/** Words after which a path is inside an archive, not in the repository. */
const ARCHIVE_WORDS: ReadonlySet<string> = new Set(['jar', 'zip', 'archive', 'tarball', 'wheel', 'war']);
/** Words written with a slash that are not paths. */
const SLASH_WORDS: ReadonlySet<string> = new Set('n/a w/o i/o and/or yes/no on/off r/w y/n a/b pass/fail true/false read/write input/output before/after'.split(' '));
/** Extensionless file names (`Makefile`, `justfile`). */
const KNOWN_FILES: ReadonlySet<string> = new Set('makefile dockerfile containerfile justfile rakefile gemfile procfile vagrantfile jenkinsfile brewfile caddyfile taskfile codeowners license'.split(' '));

/** Most words of one item read as possible pointers; the rest are kept in the note as written. */
export const MAX_WORDS_PER_ITEM = 65_536;
/** A word longer than this is no pointer (a path is at most 1,024 characters): it is kept as written. */
const MAX_POINTER_CHARS = 4096;
/**
 * Words of letters only that can start or be a pointer; any other word of letters only is
 * prose, and is kept in the note without further tests.
 */
const LETTER_WORDS: ReadonlySet<string> = new Set(['commit', 'commits', 'sha', 'pr', 'issue', 'mr', 'finding', 'findings', 'unit', 'test', 'tests', 'spec', ...KNOWN_FILES]);

/** Sentence punctuation and quotes after a token, quotes before it. */
const TRAIL_MARKS = '"\'`.,:;!?';
const LEAD_MARKS = '"\'`';
/** `[notes](docs/a.md)`, or the last word of `[the notes](docs/a.md)`: a markdown link; its target is the token. */
const MARKDOWN_LINK = /^\[?[^[\]\s]*\]\(([^()\s]+)\)$/;

/**
 * For each bracket of a token, the index of the bracket it pairs with (-1 when none): `(` with
 * `)`, `[` with `]`, properly nested. One pass.
 */
function bracketPairs(token: string): Int32Array {
  const pair = new Int32Array(token.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === '(' || c === '[') stack.push(i);
    else if (c === ')' || c === ']') {
      const top = stack[stack.length - 1];
      if (top !== undefined && token[top] === (c === ')' ? '(' : '[')) {
        stack.pop();
        pair[top] = i;
        pair[i] = top;
      }
    }
  }
  return pair;
}

/**
 * Quotes, brackets and sentence punctuation around a token are not part of it, but brackets
 * inside a name are (`app/(auth)/login/page.tsx`, `app/[id]`): a bracket at either end is
 * dropped only when it pairs with nothing left in the token, or when the pair wraps the whole
 * token (`(src/a.ts)`). A markdown link gives its target. Linear: each end moves inwards once.
 */
export function trimToken(token: string): string {
  const link = MARKDOWN_LINK.exec(token);
  if (link) return trimToken(link[1] as string);
  if (!/[()[\]]/.test(token)) return trimChars(token, LEAD_MARKS + '([', TRAIL_MARKS + ')]');
  const pair = bracketPairs(token);
  let start = 0;
  let end = token.length;
  for (;;) {
    const first = token[start];
    const last = token[end - 1];
    if (start >= end) break;
    if (LEAD_MARKS.includes(first as string)) start++;
    else if (TRAIL_MARKS.includes(last as string)) end--;
    else if ((last === ')' || last === ']') && ((pair[end - 1] as number) < start)) end--;
    else if ((first === '(' || first === '[') && ((pair[start] as number) === -1 || (pair[start] as number) >= end - 1)) {
      if (pair[start] === end - 1) end--;
      start++;
    } else break;
  }
  return token.slice(start, end);
}

/** `$HOME/x.sh`, `${TMPDIR}/out.json`: a path under a shell variable, outside the repository. */
const isVariablePath = (t: string): boolean => /^\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)\/./.test(t);

const isHexId = (t: string): boolean => /^[0-9a-f]{7,40}$/i.test(t);

/** `abc1234.jsonl`: an agent's session file named by its id (a transcript), outside the repository. */
const isSessionFile = (t: string): boolean => /^[0-9a-f]{8,40}\.(?:jsonl|json|log|txt|md)$/i.test(t);

/** `.tsv`, `.md` alone: a format named by its extension, not a file (`.env` is a file). */
const isExtensionMention = (t: string): boolean => /^\.[a-z0-9]+$/i.test(t) && EXTENSIONS.has(t.slice(1).toLowerCase()) && t.toLowerCase() !== '.env';

/** Whether a token is shaped like a path (and is not a word that merely holds a slash). */
function pathToken(token: string): boolean {
  if (SLASH_WORDS.has(token.toLowerCase()) || isExtensionMention(token)) return false;
  if (KNOWN_FILES.has(token.toLowerCase()) || KNOWN_FILES.has(splitLineSuffix(token).path.toLowerCase())) return true;
  return looksLikePath(token);
}

/** The folder part of a path (`docs/a.md` → `docs`), or null for a bare name. */
const folderOf = (path: string): string | null => {
  const clean = trimEndChars(path, '/');
  const slash = clean.lastIndexOf('/');
  return slash > 0 ? clean.slice(0, slash) : null;
};

/** The folder a bare or partial name is looked for in first: the cell's last relative folder. */
const nearOf = (ctx: CellContext): string | undefined => ctx.folders.filter((f) => !f.startsWith('/') && !f.startsWith('~')).pop();

/** A path pointer for `token` (already a path shape), with its lines and the cell's folders. */
function pathPointer(raw: string, token: string, ctx: CellContext): ClassifiedPointer {
  const suffix = splitLineSuffix(token);
  const p: ClassifiedPointer = { raw, kind: 'path', path: suffix.path };
  if (suffix.from !== undefined) {
    p.from = suffix.from;
    p.to = suffix.to ?? suffix.from;
  }
  if (suffix.lines) p.lines = suffix.lines;
  const bare = !suffix.path.includes('/');
  const lastFolder = ctx.folders[ctx.folders.length - 1];
  // A bare sibling of an absolute path (`/tmp/arena/a.md; b.md`) is in that folder too; a name with a line is source code.
  if (bare && lastFolder !== undefined && (lastFolder.startsWith('/') || lastFolder.startsWith('~')) && suffix.from === undefined) {
    return { raw, kind: 'ephemeral', path: `${lastFolder}/${suffix.path}` };
  }
  const near = nearOf(ctx);
  if (near !== undefined && !suffix.path.startsWith('./') && !suffix.path.startsWith('../') && !suffix.path.startsWith(`${near}/`)) p.near = near;
  const folder = folderOf(suffix.path);
  if (folder !== null) ctx.folders.push(folder);
  return p;
}

/** `src\a.ts`: a path written with Windows separators, read as `src/a.ts` (its raw text kept). */
function backslashPointer(raw: string, slashed: string, ctx: CellContext): ClassifiedPointer {
  const p = pathPointer(raw, slashed, ctx);
  return p.kind === 'path' ? { ...p, backslashes: true } : p;
}

/**
 * The pointer one word is on its own, or null: a SHA, a range, a URL, an absolute path, a
 * path. Used for the words inside a command and inside a note. `pathsWithoutFile`: accept a
 * folder or extensionless path (a `cd` target); otherwise a path must name a file
 * (an extension, a line, a dotfile), since command arguments are often branch or package
 * names (`feat/scaling-mcp`, `@scope/pkg`).
 */
export function tokenPointer(word: string, ctx: CellContext, pathsWithoutFile = false): ClassifiedPointer | null {
  const token = trimToken(word);
  if (token === '') return null;
  const range = shaRange(token);
  if (range) return { raw: token, kind: 'commit', ...rangeFields(range) };
  if (looksLikeSha(token)) return { raw: token, kind: 'commit', hex: token.toLowerCase() };
  if (URL_RE.test(token)) return { raw: token, kind: 'url', href: token };
  if (isScpRemote(token)) return { raw: token, kind: 'url', href: token, remote: true };
  const scheme = unsafeScheme(token);
  if (scheme) return { raw: token, kind: 'url', href: token, unsafe: scheme };
  if (((token.startsWith('/') || token.startsWith('~/')) && token.length > 2) || isVariablePath(token)) return { raw: token, kind: 'ephemeral', path: token };
  if (isSessionFile(token)) return { raw: token, kind: 'ephemeral', path: token };
  const slashed = backslashPath(token);
  if (slashed !== null) return backslashPointer(token, slashed, ctx);
  if (!pathToken(token)) return null;
  const { path, from } = splitLineSuffix(token);
  if (!pathsWithoutFile && from === undefined && !hasFileName(path) && !(isGlob(path) && hasFileName(path.replace(/\*/g, 'x')))) return null;
  return pathPointer(token, token, ctx);
}

/** A reference to a record elsewhere (`#13`, `PR 225`, `box/spout#53`, `A#2`, `finding F2`), or null. */
function referenceAt(words: readonly string[], i: number): { raw: string; taken: number } | null {
  const token = trimToken(words[i] as string);
  const next = words[i + 1] === undefined ? undefined : trimToken(words[i + 1] as string);
  if (/^(?:pr|issue|mr)$/i.test(token) && next !== undefined && /^[#!]?\d+$/.test(next)) return { raw: `${token} ${next}`, taken: 2 };
  if (/^findings?$/i.test(token) && next !== undefined && /^[A-Z]{1,3}-?\d{1,4}$/.test(next)) return { raw: `${token} ${next}`, taken: 2 };
  if (/^#\d+$/.test(token) || /^[\w.-]+\/[\w.-]+#\d+$/.test(token) || /^[A-Z]#\d+$/.test(token)) return { raw: token, taken: 1 };
  return null;
}

/** Whether the words hold a colour (`#f3ead9`): then `#121212` beside it is one too, not an issue. */
const hasColour = (words: readonly string[]): boolean => words.some((w) => w.includes('#') && /^#[0-9a-f]{6}$/i.test(trimToken(w)) && /[a-f]/i.test(trimToken(w)));

/**
 * Classifies one list item that is not a command. Returns its pointers (the item's other
 * words as the note of the first), or null when it holds none (prose). At most `budget`
 * pointers are made; later words go to the note.
 */
export function classifySegment(segment: string, ctx: CellContext, budget = Number.POSITIVE_INFINITY): ClassifiedPointer[] | null {
  const scheme = unsafeScheme(segment);
  if (scheme) return [{ raw: segment, kind: 'url', href: segment, unsafe: scheme }];
  if (URL_RE.test(segment)) return [{ raw: segment, kind: 'url', href: segment }];
  const gt = segment.indexOf(' > ');
  if (gt > 0) {
    const file = segment.slice(0, gt).trim();
    if (!file.includes(' ') && pathToken(file)) return [{ raw: segment, kind: 'test', path: splitLineSuffix(file).path, name: segment.slice(gt + 3).trim() }];
  }
  const words = segment.split(/\s+/).filter((w) => w !== '');
  const colours = hasColour(words);
  const pointers: ClassifiedPointer[] = [];
  const leftover: string[] = [];
  let parens = 0;
  let parensOwner: number | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (pointers.length >= budget || i >= MAX_WORDS_PER_ITEM || word.length > MAX_POINTER_CHARS) {
      // Enough pointers for one cell, or a word no pointer is as long as: the rest stays as written, in the note.
      leftover.push(word);
      continue;
    }
    const token = trimToken(word);
    const lower = token.toLowerCase();
    const bracketed = word.includes('(') || word.includes(')');
    // A plain word (`checked`, `the`) is prose: kept in the note without the tests below.
    if (!bracketed && words.length > 1 && /^[A-Za-z]{1,40}$/.test(token) && !LETTER_WORDS.has(lower) && !/^[a-f]{7,}$/i.test(token)) {
      leftover.push(word);
      continue;
    }
    const prev = i > 0 ? trimToken(words[i - 1] as string).toLowerCase() : '';
    const nextWord = words[i + 1] === undefined ? undefined : trimToken(words[i + 1] as string);
    // Words in brackets after a pointer are its note; files and SHAs in them are pointers inside it.
    const opens = bracketed ? (word.match(/\(/g) ?? []).length : 0;
    const closes = bracketed ? (word.match(/\)/g) ?? []).length : 0;
    if (parens === 0 && word.startsWith('(') && pointers.length > 0 && !/^\(?#?L\d/.test(word)) {
      parensOwner = pointers.length - 1;
      parens = opens;
    } else if (parens > 0) parens += opens;
    if (parens > 0) {
      parens = Math.max(0, parens - closes);
      leftover.push(word);
      const inner = tokenPointer(word, ctx);
      if (inner && parensOwner !== null) pointers.push({ ...inner, within: parensOwner });
      if (parens === 0) parensOwner = null;
      continue;
    }
    if (COMMIT_WORDS.has(lower) && nextWord !== undefined && /^[0-9a-f]{4,40}$/i.test(nextWord)) {
      pointers.push({ raw: `${token} ${nextWord}`, kind: 'commit', hex: nextWord.toLowerCase() });
      i++;
      continue;
    }
    const rubric = RUBRIC_RE.exec(token);
    if (rubric) {
      pointers.push({ raw: token, kind: 'rubric', path: 'design/rubric.md', criterion: rubric[1] as string });
      continue;
    }
    const reference = colours && /^#\d{6}$/.test(token) ? null : referenceAt(words, i);
    if (reference) {
      pointers.push({ raw: reference.raw, kind: 'reference' });
      i += reference.taken - 1;
      continue;
    }
    if (URL_RE.test(token)) {
      pointers.push({ raw: token, kind: 'url', href: token });
      continue;
    }
    if (isScpRemote(token)) {
      pointers.push({ raw: token, kind: 'url', href: token, remote: true });
      continue;
    }
    const unsafe = unsafeScheme(token);
    if (unsafe) {
      pointers.push({ raw: token, kind: 'url', href: token, unsafe });
      continue;
    }
    const range = shaRange(token);
    if (range) {
      pointers.push({ raw: token, kind: 'commit', ...rangeFields(range) });
      continue;
    }
    if (isHexId(token)) {
      // A hex word beside a word naming an agent's record is that record's id (`delegate 66fda898`, `e8a6404a transcript`).
      const nextLower = nextWord?.toLowerCase() ?? '';
      const afterIds = prev !== '' && pointers.length > 0 && pointers[pointers.length - 1]?.kind === 'reference' && isHexId(prev);
      if (ID_NOUNS.has(prev) || ID_NOUNS.has(nextLower) || afterIds || (ctx.ids && prev === '')) {
        ctx.ids = true;
        pointers.push({ raw: token, kind: 'reference' });
        continue;
      }
      if (prev === 'at' || looksLikeSha(token, words.length === 1)) {
        pointers.push({ raw: token, kind: 'commit', hex: lower });
        continue;
      }
    }
    if (RUST_PATH.test(token)) {
      pointers.push({ raw: token, kind: 'test', name: token.split('::').pop() as string });
      continue;
    }
    if (isSessionFile(token) || isVariablePath(token)) {
      pointers.push({ raw: token, kind: 'ephemeral', path: token });
      continue;
    }
    if ((token.startsWith('/') || token.startsWith('~/')) && token.length > 1 && (pathToken(token.slice(1)) || /^~?\/[\p{L}\p{N}_.+~-]+\/?$/u.test(token) || token.startsWith('~/'))) {
      const dir = trimEndChars(token, '/');
      // `/tmp/t3ref/t3code apps/server/x.ts`: the path after a folder written absolute is inside it.
      const inside = !hasFileName(dir) && nextWord !== undefined && !nextWord.startsWith('/') && nextWord.includes('/') && pathToken(nextWord) ? nextWord : null;
      pointers.push({ raw: token, kind: 'ephemeral', path: token });
      if (inside) {
        pointers.push({ raw: inside, kind: 'ephemeral', path: `${dir}/${splitLineSuffix(inside).path}` });
        ctx.folders.push(folderOf(`${dir}/${inside}`) ?? dir);
        i++;
      } else ctx.folders.push(folderOf(token) ?? dir);
      continue;
    }
    // A test function named alone at the start (`pinned_vulkan_runtime_archive_installs`), or before the word `test` (`crash_mid_turn test fails`).
    if ((i === 0 && SNAKE_TEST.test(token)) || (/^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(token) && nextWord?.toLowerCase() === 'test')) {
      pointers.push({ raw: token, kind: 'test', name: token });
      continue;
    }
    if (isTestStem(token)) {
      // `excel.test 'SINGLE_COLUMN only when…'`: a test named in that file.
      const quoted = /^'([^']+)'/.exec(words.slice(i + 1, i + 41).join(' '));
      const p: ClassifiedPointer = { raw: token, kind: 'path', path: token, stem: true };
      if (quoted) {
        const name = trimChars(quoted[1] as string, '.…').trim();
        pointers.push({ ...p, raw: `${token} '${quoted[1]}'`, kind: 'test', name });
        i += (quoted[1] as string).split(/\s+/).length;
      } else pointers.push(p);
      continue;
    }
    const quotedAfter = /^(?:e2e|unit|test|tests|spec)$/i.test(token) ? /^'([^']+)'/.exec(words.slice(i + 1, i + 41).join(' ')) : null;
    if (quotedAfter) {
      const quoted = quotedAfter;
      pointers.push({ raw: `${token} '${quoted[1]}'`, kind: 'test', name: trimChars(quoted[1] as string, '.…').trim() });
      i += (quoted[1] as string).split(/\s+/).length;
      continue;
    }
    if (!token.includes('/') || token.split('/')[0]?.includes('.')) {
      if (isSchemelessUrl(token)) {
        pointers.push({ raw: token, kind: 'url', href: token, schemeless: true });
        continue;
      }
    }
    const slashed = backslashPath(token);
    if (slashed !== null) {
      pointers.push(backslashPointer(token, slashed, ctx));
      continue;
    }
    if (pathToken(token)) {
      const archive = ARCHIVE_WORDS.has(prev) || token.startsWith('META-INF/');
      if (archive) {
        pointers.push({ raw: token, kind: 'path', path: splitLineSuffix(token).path, archive: true });
        continue;
      }
      const p = pathPointer(token, token, ctx);
      if (p.kind === 'ephemeral') {
        pointers.push(p);
        continue;
      }
      let raw = token;
      if (p.from === undefined) {
        const before = LINE_BEFORE.exec(leftover.slice(-6).join(' '));
        const after = LINE_AFTER.exec(words.slice(i + 1, i + 6).join(' '));
        if (before) {
          p.from = Number(before[1]);
          p.to = before[2] === undefined ? p.from : Number(before[2]);
          const taken = before[0].trim().split(/\s+/).length;
          raw = `${leftover.splice(leftover.length - taken, taken).join(' ')} ${token}`;
        } else if (after) {
          p.from = Number(after[1] ?? after[3]);
          p.to = after[2] ?? after[4] ? Number(after[2] ?? after[4]) : p.from;
          const taken = after[0].trim().split(/\s+/).length;
          raw = [token, ...words.slice(i + 1, i + 1 + taken)].join(' ');
          i += taken;
        }
      }
      p.raw = raw;
      // `path in <sha>`, `path at <sha>`: the path at that commit.
      const revWord = words[i + 1] === undefined ? '' : trimToken(words[i + 1] as string).toLowerCase();
      const rev = words[i + 2] === undefined ? '' : trimToken(words[i + 2] as string);
      if ((revWord === 'in' || revWord === 'at') && /^[0-9a-f]{7,40}$/i.test(rev)) {
        p.rev = rev.toLowerCase();
        p.raw = `${raw} ${words[i + 1]} ${rev}`;
        i += 2;
      }
      const kind = isTestFile(p.path as string) ? 'test' : 'symbol';
      // `classifyStageGesture in src/stage-model.js`: a name cited in the file.
      const preposition = leftover[leftover.length - 1] ?? '';
      const cited = leftover.length >= 2 && /^(?:in|of)$/i.test(preposition) ? trimToken(leftover[leftover.length - 2] as string) : '';
      if (cited !== '' && isCitedName(cited) && !isGlob(p.path as string)) {
        leftover.splice(leftover.length - 2, 2);
        pointers.push({ ...p, raw: `${cited} ${preposition} ${p.raw}`, kind, name: cited });
        continue;
      }
      pointers.push(p);
      // Names cited in the file: `src/a.ts parseRow`, `src/canvas.rs empty_if_then_click empty_if_else_click`,
      // `src/mod.rs PaletteKind::Continuous`, `index.html #prev #next`, `overview.md PR 18.6`.
      let first = true;
      while (i + 1 < words.length && !isGlob(p.path as string)) {
        const nextToken = trimToken(words[i + 1] as string);
        const html = /^#[A-Za-z][\w-]*$/.test(nextToken) && /\.(?:html?|css|scss|vue|svelte|astro|jsx|tsx)$/i.test(p.path as string);
        if (!html && !isCitedName(nextToken)) break;
        let name = html ? nextToken.slice(1) : nextToken;
        let raw = nextToken;
        const number = words[i + 2] === undefined ? '' : trimToken(words[i + 2] as string);
        if (!html && /^\d+(?:\.\d+)*$/.test(number)) {
          name = `${nextToken} ${number}`;
          raw = name;
          i++;
        }
        if (first) pointers[pointers.length - 1] = { ...p, raw: `${p.raw} ${raw}`, kind, name };
        else pointers.push({ ...p, raw: `${p.path} ${raw}`, kind, name });
        first = false;
        i++;
      }
      continue;
    }
    leftover.push(word);
  }
  if (pointers.length === 0) return null;
  // Words beside the pointers are the agent's note on them: kept, never dropped.
  const head = pointers.find((p) => p.within === undefined) as ClassifiedPointer;
  if (leftover.length > 0) head.note = leftover.join(' ');
  return pointers;
}

/** A name cited in a file: an identifier with a capital, an underscore or a digit after a letter (`parseRow`, `MAX_ROW`, `Q5`), or a Rust path (`FlowEdit::Action`). */
function isCitedName(token: string): boolean {
  return (IDENTIFIER.test(token) && /[A-Z_]|[a-z][0-9]/.test(token)) || RUST_PATH.test(token);
}
