/**
 * The words of an evidence cell as pointers, one token at a time (spec/input.md section 3;
 * issue 13, items 1 and 2): the shapes a single word can have — a SHA or range, a URL, an
 * absolute or session path, a path with its lines, a reference — and the context a cell's
 * items share (the folder of the last path). Used by the word rules (word-rules.ts) and for
 * the words inside a command ({@link tokenPointer}). Pure; every pattern is linear
 * (tests/unit/regex-linearity.test.ts).
 */
import type { ClassifiedPointer } from './classified-pointer.ts';
import { looksLikeSha, movingRevision, rangeFields, shaRange } from './hex-shape.ts';
import { backslashPath, EXTENSIONS, extensionOf, hasFileName, isGlob, isTestFile, looksLikePath, splitLineSuffix } from './path-shape.ts';
import { fileUrlPath, isScpRemote, unsafeScheme, URL_RE } from './url-shape.ts';
import { trimChars, trimEndChars } from '../text/trim-chars.ts';

/** What the items of one cell share, in order: the folder of the last path, and whether its hex words are ids. */
export interface CellContext {
  /** Folders of the paths written so far, nearest last; absolute when the path was. */
  folders: string[];
  /** The list being read names agents' records (`delegates 12578e1d 3bd279fa, 66fda898 1a0d9b0a`). */
  ids: boolean;
}

export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** `PaletteKind::Continuous`, `a::tests::b`. */
export const RUST_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+$/;
export const RUBRIC_RE = /^(?:(?:\.\/)?design\/rubric\.md|rubric)(?:#|:)(.+)$/i;
/**
 * A line claim written in words after a path (`src/a.ts line 9`, `lines 9-12`, `@ line 40`,
 * `(L9-L12)`, `(lines 9-12)`, and after a dash or in square brackets, `— line 9`, `[L9]`: trust11,
 * those were a note and a name “L9”): it is checked like `src/a.ts:9-12`, never left as a note
 * beside a path that would then show VERIFIED for the file alone.
 */
export const LINE_AFTER = /^(?:[—–-]\s+)?[([]?(?:(?:@|at|on)\s*)?(?:lines?|l\.)\s*(\d{1,24})(?:\s*(?:-|–|‑|‒|—|−|to|\.\.)\s*(\d{1,24}))?(?=$|[\s,;:)\]])|^(?:[—–-]\s+)?[([]?#?L(\d{1,24})(?:\s*[-–‑‒—−]\s*L?(\d{1,24}))?[)\]]?(?=$|[\s,;:])/i;
/**
 * One more line or range after a line claim (`, 40`, ` and 40-45`, `, and L52`, ` & 9`), read
 * from where the claim ends by {@link moreLines}.
 */
const MORE_LINE = /\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)L?(\d{1,24})(?:\s*[-–‑‒—−]\s*L?(\d{1,24}))?/iy;

/**
 * The further lines or ranges after a line claim, when they are all that is left of the item
 * (`src/a.ts lines 12 and 40`, `line 12, 40-45`, `lines 3 & 9`, `src/a.ts:12, 40`,
 * `src/a.ts:12, 40 and 52`): checked too (trust10: line 40 of a 30-line file was dropped and the
 * pointer showed VERIFIED for line 12 alone; trust11: so was `src/a.ts:12, 40`). `rest` is the
 * item's text after the claim, a `,` ending the claim's last word given back as `, `. Null unless
 * the whole rest is such a list (a `)` or `.` may end it), so `src/a.ts:12, 40 tests pass` keeps
 * its note. At most 16 more.
 */
export function moreLines(rest: string): Array<{ from: string; to?: string }> | null {
  if (rest.length > 512) return null;
  const out: Array<{ from: string; to?: string }> = [];
  let end = 0;
  MORE_LINE.lastIndex = 0;
  for (let m = MORE_LINE.exec(rest); m !== null && out.length < 16; m = MORE_LINE.exec(rest)) {
    out.push(m[2] === undefined ? { from: m[1] as string } : { from: m[1] as string, to: m[2] });
    end = MORE_LINE.lastIndex;
  }
  return out.length > 0 && /^[).]?$/.test(rest.slice(end)) ? out : null;
}
/** `` `src/a.ts`:12 ``, `` `src/a.ts`:10-20, ``: a name in backticks and a line or range after them (what markdown writers type). */
const TICKED_LINES = /^`([^`\s]{1,1024})`(:L?\d{1,24}(?:[-–‑‒—−]L?\d{1,24})?)[.,;:)]?$/;
/**
 * The same claim written before the path: `line 40 of src/a.ts`, `lines 3-4 in src/a.ts`, and as
 * an editor writes it, `L40 of src/a.ts`, `L3-L4 in src/a.ts` (trust11: `L40` was read as a name
 * to look for in the file, INCONCLUSIVE, and line 40 never checked).
 */
export const LINE_BEFORE = /(?:^|\s)(?:(?:at|on)\s+)?(?:lines?\s+(\d{1,24})(?:\s*(?:-|–|‑|‒|—|−|to)\s*(\d{1,24}))?|L(\d{1,24})(?:[-–‑‒—−]L?(\d{1,24}))?)\s+(?:of|in)$/i;
/**
 * A list of lines written before the path (`lines 12 and 40 of src/a.ts`, `lines 3-4, 9 in
 * src/a.ts`, `at lines 12, 40 of`): the ranges and how many of the last words of `words` they
 * took, or null. Read from the end of `words` (the words before the path), at most 20 of them
 * (trust11: the list was a remark and the file alone showed VERIFIED).
 */
export function linesListBefore(words: readonly string[]): { ranges: Array<{ from: string; to?: string }>; taken: number } | null {
  const n = words.length;
  if (n < 4 || !/^(?:of|in)$/i.test(words[n - 1] as string)) return null;
  let k = n - 2;
  while (k >= 0 && k >= n - 20 && !/^lines$/i.test(words[k] as string)) k--;
  if (k < 0 || k < n - 20) return null;
  const list = words.slice(k + 1, n - 1).join(' ');
  const first = /^L?(\d{1,24})(?:\s*[-–‑‒—−]\s*L?(\d{1,24}))?/.exec(list);
  if (first === null) return null;
  const more = moreLines(list.slice(first[0].length));
  if (more === null) return null;
  const ranges = [first[2] === undefined ? { from: first[1] as string } : { from: first[1] as string, to: first[2] }, ...more];
  const at = k > 0 && /^(?:at|on)$/i.test(words[k - 1] as string) ? 1 : 0;
  return { ranges, taken: n - k + at };
}

/** A snake_case name of three or more words: a test function (`pinned_vulkan_runtime_archive_installs`). */
export const SNAKE_TEST = /^[a-z][a-z0-9]*(?:_[a-z0-9]+){2,}$/;
/** Words after which a path is inside an archive, not in the repository. */
export const ARCHIVE_WORDS: ReadonlySet<string> = new Set(['jar', 'zip', 'archive', 'tarball', 'wheel', 'war']);
/** Words written with a slash that are not paths. */
const SLASH_WORDS: ReadonlySet<string> = new Set('n/a w/o i/o and/or yes/no on/off r/w y/n a/b pass/fail true/false read/write input/output before/after'.split(' '));
/** Extensionless file names (`Makefile`, `justfile`). */
const KNOWN_FILES: ReadonlySet<string> = new Set('makefile dockerfile containerfile justfile rakefile gemfile procfile vagrantfile jenkinsfile brewfile caddyfile taskfile codeowners license'.split(' '));
/**
 * Extensionless file names that are also English words or read as one (`README`, `gradlew`):
 * files only as written, so `see the readme` stays prose (trial, 2026-12-02: `gradlew:10` was prose).
 */
const CASED_FILES: ReadonlySet<string> = new Set('README NOTICE COPYING AUTHORS CONTRIBUTORS CHANGELOG VERSION gradlew mvnw GNUmakefile'.split(' '));

/** Most words of one item read as possible pointers; the rest are kept in the note as written. */
export const MAX_WORDS_PER_ITEM = 65_536;
/** A word longer than this is no pointer (a path is at most 1,024 characters): it is kept as written. */
export const MAX_POINTER_CHARS = 4096;
/**
 * Words of letters only that can start or be a pointer; any other word of letters only is
 * prose, and is kept in the note without further tests.
 */
export const LETTER_WORDS: ReadonlySet<string> = new Set(['commit', 'commits', 'sha', 'pr', 'issue', 'mr', 'finding', 'findings', 'review', 'probe', 'unit', 'test', 'tests', 'spec', ...KNOWN_FILES]);

/** Sentence punctuation and quotes after a token, quotes before it. */
const TRAIL_MARKS = '"\'`.,:;!?';
const LEAD_MARKS = '"\'`';
/** `[notes](docs/a.md)`, or the last word of `[the notes](docs/a.md)`: a markdown link; its target is the token. */
const MARKDOWN_LINK = /^\[?[^[\]\s]*\]\(([^()\s]+)\)$/;
/** `[src/a.ts:99](…)`, `` [`src/a.ts:99`](…) ``: a markdown link's text that is one word, in backquotes or not. */
const LINK_TEXT = /^\[`?([^[\]\s`]+)`?\]\(/;
/** `<https://example.com/a>`: a markdown autolink, with any sentence mark after it. */
const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{0,20}:[^<>\s]+)>[.,:;!?]*$/;

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
  const once = trimOnce(token);
  const plain = unbold(once);
  return plain === once ? once : trimOnce(plain);
}

/**
 * `**src/a.ts:12**` (markdown bold, one word or the ends of several): the token without its
 * `**` (trust11: it was prose, a medium `evidence/prose`, for real evidence). Only where the
 * rest holds no other `*`, so a glob (`src/**`, `**` then `/*.md`) keeps its stars.
 */
function unbold(token: string): string {
  const lead = token.startsWith('**') && token[2] !== '/' ? 2 : 0;
  const trail = token.length - lead >= 4 && token.endsWith('**') && token[token.length - 3] !== '/' ? 2 : 0;
  if (lead + trail === 0) return token;
  const middle = token.slice(lead, token.length - trail);
  return middle === '' || middle.includes('*') ? token : middle;
}

/** {@link trimToken} without a markdown bold's `**`. */
function trimOnce(token: string): string {
  // `` `src/a.ts`:12 ``: a path in backticks, its line after them (trust10: it was prose).
  const ticked = TICKED_LINES.exec(token);
  if (ticked) return `${ticked[1]}${ticked[2]}`;
  const link = MARKDOWN_LINK.exec(token);
  if (link) {
    // `[src/a.ts:99](src/a.ts)`: the text cites lines of the file the link opens; they are checked (trust11: the file alone showed VERIFIED).
    const text = LINK_TEXT.exec(token);
    if (text) {
      const said = splitLineSuffix(text[1] as string);
      const opened = splitLineSuffix(link[1] as string);
      if (said.from !== undefined && opened.from === undefined && opened.anchor === undefined && said.path.replace(/^\.\//, '') === opened.path.replace(/^\.\//, '')) return text[1] as string;
    }
    return trimToken(link[1] as string);
  }
  // A markdown autolink, `<https://…>` (trust9: it was prose); a placeholder (`<sha>`) has no scheme and stays.
  const auto = AUTOLINK.exec(token);
  if (auto) return auto[1] as string;
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
export const isVariablePath = (t: string): boolean => /^\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)\/./.test(t);

export const isHexId = (t: string): boolean => /^[0-9a-f]{7,40}$/i.test(t);

/** `abc1234.jsonl`: an agent's session file named by its id (a transcript), outside the repository. */
export const isSessionFile = (t: string): boolean => /^[0-9a-f]{8,40}\.(?:jsonl|json|log|txt|md)$/i.test(t);

/** `.tsv`, `.md` alone: a format named by its extension, not a file (`.env` is a file). */
const isExtensionMention = (t: string): boolean => /^\.[a-z0-9]+$/i.test(t) && EXTENSIONS.has(t.slice(1).toLowerCase()) && t.toLowerCase() !== '.env';

/** Whether a token is shaped like a path (and is not a word that merely holds a slash). */
export function pathToken(token: string): boolean {
  if (SLASH_WORDS.has(token.toLowerCase()) || isExtensionMention(token)) return false;
  const suffix = splitLineSuffix(token);
  if (KNOWN_FILES.has(token.toLowerCase()) || KNOWN_FILES.has(suffix.path.toLowerCase()) || CASED_FILES.has(suffix.path)) return true;
  // `README.md#usage`: the file before its heading anchor.
  return looksLikePath(token) || (suffix.anchor !== undefined && looksLikePath(suffix.path));
}

/** The folder part of a path (`docs/a.md` → `docs`), or null for a bare name. */
export const folderOf = (path: string): string | null => {
  const clean = trimEndChars(path, '/');
  const slash = clean.lastIndexOf('/');
  return slash > 0 ? clean.slice(0, slash) : null;
};

/** The folder a bare or partial name is looked for in first: the cell's last relative folder. */
const nearOf = (ctx: CellContext): string | undefined => ctx.folders.filter((f) => !f.startsWith('/') && !f.startsWith('~')).pop();

/** A path pointer for `token` (already a path shape), with its lines and the cell's folders. */
export function pathPointer(raw: string, token: string, ctx: CellContext): ClassifiedPointer {
  const suffix = splitLineSuffix(token);
  // `src/a.ts#parseRow`: after a source file (no heading to anchor to), `#` names a symbol in it (trust10: the
  // name was dropped as a heading anchor, so the file alone showed VERIFIED for a name it may not hold).
  if (suffix.anchor !== undefined && CODE_ANCHOR.test(suffix.anchor) && !MARKUP.has(extensionOf(suffix.path) ?? '')) {
    return { raw, kind: isTestFile(suffix.path) ? 'test' : 'symbol', path: suffix.path, name: suffix.anchor };
  }
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

/** An identifier after `#` (`parseRow`, `Parser.parse`): a name in a source file. */
const CODE_ANCHOR = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?$/;
/** Files whose `#anchor` is a heading or element id, never a symbol. */
const MARKUP: ReadonlySet<string> = new Set(['md', 'mdx', 'markdown', 'rst', 'adoc', 'txt', 'html', 'htm', 'ipynb', 'xml', 'svg', 'pdf', 'json', 'yaml', 'yml', 'toml']);

/** `9946590:docs/DESIGN.md`: git's `<commit>:<path>`, a SHA of 7–40 hex digits before the colon. */
const REV_PATH = /^([0-9a-f]{7,40}):(\S+)$/i;

/** `src/a.ts@175a435`, `src/a.ts:2@175a435`, `src/a.ts@175a435:2`: a path, `@`, a commit, and lines after it (`:2`, `#L2-L4`). */
const PATH_AT_REV = /^([^@\s]+)@([0-9a-f]{7,40})((?::|#L)\S+)?$/i;
/** `src/a.ts@HEAD`, `src/a.ts@main`, `src/a.ts@HEAD:2`: a path, `@`, a ref that moves, and lines after it. */
const PATH_AT_HEAD = /^([^@\s]+)@(?:HEAD|main|master|trunk)((?::|#L)\S+)?$/;

/** `src/a.ts@HEAD~1`, `src/a.ts@main^:2`: a path, `@`, a ref with git's ancestry suffix (hex-shape.ts `movingRevision` decides), and lines after it. */
const PATH_AT_MOVING = /^([^@\s]+)@([A-Za-z_][\w./-]{0,99}[~^][~^\d]{0,20})((?::|#L)\S+)?$/;
/** `HEAD~1:src/a.ts:2`: git's `<rev>:<path>` at a ref with an ancestry suffix. */
const MOVING_PATH = /^([A-Za-z_][\w./-]{0,99}[~^][~^\d]{0,20}):(\S+)$/;

/**
 * `src/a.ts@175a435` (a path at a commit as many tools write it; trust9: it was one path named
 * `src/a.ts@175a435`, a high `evidence/path-not-found`): the path, with its lines, at that commit
 * (`rev`). The hex must look like a SHA (src/lib/evidence/hex-shape.ts `looksLikeSha`), so
 * `logo@2x.png` or `pkg@1.2.3` stay what they were. Null for any other token.
 */
function pathAtRevision(token: string, ctx: CellContext): ClassifiedPointer | null {
  // `src/a.ts@HEAD~1`, `src/a.ts@main~2:3`: at a revision relative to a ref that moves (`moving`), never checked at the landed head.
  const moving = PATH_AT_MOVING.exec(token);
  if (moving && movingRevision(moving[2] as string) && pathToken(moving[1] as string)) {
    const p = linesAfterRevision(token, moving[1] as string, moving[3], ctx);
    return p?.kind === 'path' ? { ...p, moving: moving[2] as string } : null;
  }
  // `src/a.ts@HEAD`, `src/a.ts@main`: the path at a ref that moves, which is what a path alone is checked at (the landed head).
  const head = PATH_AT_HEAD.exec(token);
  if (head && pathToken(head[1] as string)) {
    const p = linesAfterRevision(token, head[1] as string, head[2], ctx);
    return p?.kind === 'path' ? p : null;
  }
  const m = PATH_AT_REV.exec(token);
  const rest = m?.[1];
  const hex = m?.[2];
  if (!m || rest === undefined || hex === undefined || !looksLikeSha(hex) || !pathToken(rest)) return null;
  const p = linesAfterRevision(token, rest, m[3], ctx);
  if (p === null || p.kind !== 'path') return null;
  p.rev = hex.toLowerCase();
  return p;
}

/**
 * The path pointer of `path@rev` with the lines written after the revision (`src/a.ts@175a435:2`,
 * `#L2-L4`; trust12: the whole was one path named `src/a.ts@175a435`, a high
 * `evidence/path-not-found` for a file that is there). Null when `lines` reads as no line, or the
 * path has lines of its own too (`src/a.ts:2@175a435:3` says two things).
 */
function linesAfterRevision(token: string, path: string, lines: string | undefined, ctx: CellContext): ClassifiedPointer | null {
  if (lines === undefined) return pathPointer(token, path, ctx);
  if (splitLineSuffix(path).from !== undefined) return null;
  const p = pathPointer(token, path + lines, ctx);
  return p.from === undefined ? null : p;
}

/**
 * `9946590:docs/DESIGN.md:294` (git's `<commit>:<path>`, what `git show` takes): a path
 * pointer at that commit (`rev`), with its lines; null for any other token (`abc1234:12`).
 */
export function revisionPathPointer(token: string, ctx: CellContext): ClassifiedPointer | null {
  const at = pathAtRevision(token, ctx);
  if (at !== null) return at;
  // `HEAD~1:src/a.ts:2`: the path at a revision relative to a ref that moves (trust16: it was prose, a medium `evidence/prose`).
  const moving = MOVING_PATH.exec(token);
  if (moving && movingRevision(moving[1] as string) && !/^\d/.test(moving[2] as string) && pathToken(moving[2] as string)) {
    const p = pathPointer(token, moving[2] as string, ctx);
    return p.kind === 'path' ? { ...p, moving: moving[1] as string } : null;
  }
  const m = REV_PATH.exec(token);
  const rest = m?.[2];
  if (!m || rest === undefined || /^\d/.test(rest) || !pathToken(rest)) return null;
  const p = pathPointer(token, rest, ctx);
  if (p.kind !== 'path') return null;
  p.rev = (m[1] as string).toLowerCase();
  return p;
}

/** `src\a.ts`: a path written with Windows separators, read as `src/a.ts` (its raw text kept). */
export function backslashPointer(raw: string, slashed: string, ctx: CellContext): ClassifiedPointer {
  const p = pathPointer(raw, slashed, ctx);
  return p.kind === 'path' ? { ...p, backslashes: true } : p;
}

/**
 * A `file:` URL of this machine as the absolute path it names (`file:///tmp/report.html`: an
 * ephemeral pointer, judged as `/tmp/report.html` is; src/lib/evidence/url-shape.ts,
 * `fileUrlPath`), or null.
 */
export function fileUrlPointer(token: string): ClassifiedPointer | null {
  const path = fileUrlPath(token);
  return path === null ? null : { raw: token, kind: 'ephemeral', path, fileUrl: true };
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
  if (token === '' || hasPlaceholder(token)) return null;
  const range = shaRange(token);
  if (range) return { raw: token, kind: 'commit', ...rangeFields(range) };
  if (looksLikeSha(token)) return { raw: token, kind: 'commit', hex: token.toLowerCase() };
  const local = fileUrlPointer(token);
  if (local !== null) return local;
  if (URL_RE.test(token)) return { raw: token, kind: 'url', href: token };
  if (isScpRemote(token)) return { raw: token, kind: 'url', href: token, remote: true };
  const scheme = unsafeScheme(token);
  if (scheme) return { raw: token, kind: 'url', href: token, unsafe: scheme };
  if (((token.startsWith('/') || token.startsWith('~/')) && token.length > 2) || isVariablePath(token)) return { raw: token, kind: 'ephemeral', path: token };
  if (isSessionFile(token)) return { raw: token, kind: 'ephemeral', path: token };
  const slashed = backslashPath(token);
  if (slashed !== null) return backslashPointer(token, slashed, ctx);
  const atCommit = revisionPathPointer(token, ctx);
  if (atCommit !== null) return atCommit;
  if (!pathToken(token)) return null;
  const { path, from } = splitLineSuffix(token);
  if (!pathsWithoutFile && from === undefined && !hasFileName(path) && !(isGlob(path) && hasFileName(path.replace(/\*/g, 'x')))) return null;
  return pathPointer(token, token, ctx);
}

/** The id of a review finding or probe: `F2`, `A`, `C1`, `2`, `H-3`. */
const FINDING_ID = /^(?:[A-Z]{1,3}-?\d{0,4}|\d{1,4})$/;
/** A review round: `r2`, `R3`. */
const ROUND = /^[rR]\d{1,3}$/;
/** Words naming one item of a review (`finding 2`, `minor 1`, `nitpick 5`, `observation 4`). */
const REVIEW_ITEM = /^(?:findings?|minor|nitpick|observation|comment)$/i;
/** The id of a probe: a word with a digit or a capital (`revF`, `3`, `P2`), never a plain word (`probe at`). */
const PROBE_ID = /^(?=[\w-]*[\dA-Z])[\w-]{1,16}$/;

/**
 * A reference to a record elsewhere, or null (issue 26, scope 5: one kind): an issue, pull
 * or merge request (`#13`, `PR 225`, `box/spout#53`, `A#2`, `!7`, `group/proj!7`, `GH-12`), a review finding (`finding F2`,
 * `review r2 finding A`, `review r3 minor 1`, `review finding 5`, `review r2`) or a probe
 * (`probe revF`). `taken` is the number of words it spans.
 */
export function referenceAt(words: readonly string[], i: number): { raw: string; taken: number } | null {
  const word = (k: number): string | undefined => (words[i + k] === undefined ? undefined : trimToken(words[i + k] as string));
  const token = word(0) as string;
  const next = word(1);
  const spanning = (taken: number): { raw: string; taken: number } => ({ raw: words.slice(i, i + taken).map((w) => trimToken(w)).join(' '), taken });
  if (/^(?:pr|issue|mr)$/i.test(token) && next !== undefined && /^[#!]?\d+$/.test(next)) return spanning(2);
  if (/^review$/i.test(token) && next !== undefined) {
    const third = word(2);
    const fourth = word(3);
    if (ROUND.test(next)) return third !== undefined && REVIEW_ITEM.test(third) && fourth !== undefined && FINDING_ID.test(fourth) ? spanning(4) : spanning(2);
    if (REVIEW_ITEM.test(next) && third !== undefined && FINDING_ID.test(third)) return spanning(3);
  }
  if (/^findings?$/i.test(token) && next !== undefined && FINDING_ID.test(next)) return spanning(2);
  if (/^probe$/i.test(token) && next !== undefined && PROBE_ID.test(next)) return spanning(2);
  if (/^#\d+$/.test(token) || /^[\w.-]+\/[\w.-]+#\d+$/.test(token) || /^[A-Z]#\d+$/.test(token)) return { raw: token, taken: 1 };
  // GitLab's merge request `!7`, `group/proj!7`, and GitHub's `GH-12` are the same kind of reference as
  // `#12` (trust16: each was a medium `evidence/prose` while `#12` was recorded, not checked).
  if (/^(?:[\w.-]+\/[\w.-]+)?!\d+$/.test(token) || /^GH-\d+$/.test(token)) return { raw: token, taken: 1 };
  return null;
}

/** Whether a token holds a placeholder (`<cache>/src`, `impl_<slug>.md`): a name to fill in, never a pointer. */
export const hasPlaceholder = (token: string): boolean => /<[A-Za-z][\w-]{0,40}>/.test(token);

/** Whether the words hold a colour (`#f3ead9`): then `#121212` beside it is one too, not an issue. */
export const hasColour = (words: readonly string[]): boolean => words.some((w) => w.includes('#') && /^#[0-9a-f]{6}$/i.test(trimToken(w)) && /[a-f]/i.test(trimToken(w)));


/**
 * A name cited in a file: an identifier with a capital, an underscore or a digit after a letter
 * (`parseRow`, `MAX_ROW`, `Q5`), or a Rust path (`FlowEdit::Action`); either may be written as a
 * call (`parseRow()`, see {@link calledName}). Any identifier written as a call is a name
 * (`run()`, `foo()`): the brackets say it is code, as a capital does (trust12: `src/a.ts nope()`
 * dropped the name, so the file alone showed VERIFIED for a function it does not hold), while a
 * plain word after a path (`src/a.ts works`) stays the path's note.
 */
export function isCitedName(token: string): boolean {
  const name = calledName(token);
  if (name !== token && IDENTIFIER.test(name)) return true;
  // `Parser.parse`: a member by its owner's name (an owner with a capital; no file name such as `Node.js`).
  const dot = name.indexOf('.');
  if (dot > 0 && dot === name.lastIndexOf('.')) return /^[A-Z]/.test(name) && IDENTIFIER.test(name.slice(0, dot)) && IDENTIFIER.test(name.slice(dot + 1)) && !hasFileName(name);
  return (IDENTIFIER.test(name) && /[A-Z_]|[a-z][0-9]/.test(name)) || RUST_PATH.test(name);
}

/** `parseRow()` → `parseRow`: a name written as a call, without its empty brackets (trust11: `src/a.ts parseRow()` dropped the name, `src/a.ts#parseRow()` was a high missing path). */
export const calledName = (token: string): string => (token.endsWith('()') ? token.slice(0, -2) : token);
