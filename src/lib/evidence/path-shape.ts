/**
 * What a token written as a path looks like (spec/input.md section 3: `path:line`, `path`;
 * issue 13, item 2: paths as people abbreviate them). A path has a `/`, a known file
 * extension or a leading dot; it may end in a line (`:12`, `:L12`), a range (`:10-20`,
 * `#L10-L20`) or a list of them (`:34,47`, `:34-61,230-238`). Names in real trees hold
 * brackets, `#`, `$`, `=`, `@`, `+` and `~` (`app/(auth)/login/page.tsx`, `app/[id]/page.tsx`,
 * `routes/$id.tsx`, `docs/#notes.md`, `src/+page.svelte`): a token with them is a path when
 * the rest of it is shaped like one, and resolution decides. Tokens that only look like paths
 * are not: counts (`2091/2091`, `(7/7)`), id lists (`u1/u2/u4/u6`, `pr-1/pr-2`), and globs
 * that name no file (`cursor/*`). Pure; every pattern here is linear
 * (tests/unit/regex-linearity.test.ts).
 */

/** File extensions that make a bare name (no `/`) a path (`AGENTS.md`, `Cargo.toml`). */
export const EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'md mdx markdown txt rst adoc ts tsx mts cts js jsx mjs cjs json jsonc jsonl ndjson tsv csv yaml yml toml ' +
    'ini cfg conf env lock rs go py pyi rb swift kt kts java scala c h cc cpp cxx hpp cs fs sh bash zsh ' +
    'fish ps1 sql html htm css scss sass less xml proto graphql gql astro vue svelte lua php ex exs erl ' +
    'dart tf hcl gradle ipynb pdf png jpg jpeg gif svg webp wasm dockerfile patch diff log mp4 webm tap mdc pl pm ' +
    'xlsx xls docx doc pptx odt ods zip tar gz tgz jar whl properties plist'
  ).split(' '),
);

/** One cited line range, 1-based and inclusive. */
export interface LineRange {
  from: number;
  to: number;
  /**
   * The range as written (`12345678901234567890`, `2–12345678901234567890`), when a number in it
   * is past what a JavaScript number holds exactly ({@link lineRange}): `from`/`to` are then
   * rounded (still past the end of any file), and reasons say these digits, never the rounded
   * value (new-user trial, round 8: `src/a.ts:12345678901234567890` was quoted as line
   * 12345678901234567000).
   */
  written?: string;
  /**
   * Written with no end (`src/a.ts:10-`, `:L10-`: "from line 10 on"): `to` is `from` as read, and
   * resolution reads it as line `from` to the end of the file, the reason saying so (trust10: it
   * was prose, a medium `evidence/prose`).
   */
  open?: true;
}

/**
 * A cited range from its digits as written (`to` absent: one line). Numbers past
 * `Number.MAX_SAFE_INTEGER` keep their digits in `written`; `to` before `from` stays so, told by
 * the digits (two 20-digit numbers may round to one value: `to` is then 0).
 */
export function lineRange(fromDigits: string, toDigits?: string): LineRange {
  const from = Number(fromDigits);
  const to = toDigits === undefined ? from : Number(toDigits);
  if (Number.isSafeInteger(from) && Number.isSafeInteger(to)) return { from, to };
  const digits = (d: string): string => d.replace(/^0+(?=\d)/, '');
  const a = digits(fromDigits);
  const b = toDigits === undefined ? a : digits(toDigits);
  const written = a === b ? a : `${a}–${b}`;
  // Compared as digits: a longer number is larger; of equal length, the text order is the number order.
  const backwards = b.length < a.length || (b.length === a.length && b < a);
  // A backwards range stays one (`to` 0, below any `from`: "not a valid line range") though its two numbers round alike.
  return { from, to: backwards ? 0 : to, written };
}

/** A path's characters; `\p{M}`: the combining marks of a name written decomposed (NFD: `u` + U+0308 for `ü`, as macOS file systems give names), read as the letters they mark. */
const PATH_CHARS = /^[\p{L}\p{M}\p{N}_@.+~\-/*()[\]#$=]+$/u;
/** Characters real file names hold that prose uses too: read as letters when a token's shape is judged, left out when it is tested for a count. */
const NAME_MARKS = /[()[\]#$=]/g;
/**
 * `:12`, `:L12`, `:10-20`, `:L10-L20`, `:10–20` (or a non-breaking hyphen, figure dash, em dash or minus sign), `:10:5` (a column), `:34,47`, `:34-61,230-238`,
 * `#L10-L20`, `#L10-20`, and GitHub's anchors with columns, `#L10C5-L12C20`, `#L10C5` (what its
 * code view writes for a selection: the columns are dropped, the lines kept). Before, a column
 * anchor was read as a heading anchor, so the cited lines were never checked: `src/a.ts#L40C1-L50C2`
 * of a 30-line file was VERIFIED "file exists" (trial7). Also `:3..5` (a Rust-style range) and
 * `:3:1-5:2` (line and column to line and column: its lines), which were prose (trust9). And an
 * open range, `:10-` or `:L10-` ("from line 10 on": {@link LineRange.open}), which was prose (trust10).
 * And a compiler's place, `src/a.ts(12,5)` or `src/a.ts(12)` (tsc, MSBuild and C# print errors so),
 * after a file name only: `src/a.ts(12)` was a high `evidence/path-not-found` (trust10).
 */
const LINE_SUFFIX = /(?::(\d+):\d+[-–‑‒—−](\d+):\d+|:(L?\d+(?:(?:[-–‑‒—−]|\.\.)L?\d+)?(?:,L?\d+(?:(?:[-–‑‒—−]|\.\.)L?\d+)?)*)(?::\d+)?|#L(\d+)(?:C\d+)?(?:-L?(\d+)(?:C\d+)?)?|:L?(\d+)[-–‑‒—−]|\((\d+)(?:,\d+)?\))$/;

/** A heading anchor after a file (`#usage`, `#3-evidence`): letters, digits, `-`, `_` and `.`. */
const ANCHOR = /^[\p{L}\p{M}\p{N}_.-]{1,100}$/u;

/**
 * `docs/spec.md#3-evidence`, `README.md#usage`: a file and a heading anchor (not lines), read as
 * the file; the anchor is returned apart. Before, the whole token was the path, so a real file
 * cited with an anchor was a high `evidence/path-not-found` (fresh trial). Null when the part
 * before `#` names no file (an extension or a dotfile) or the part after is no anchor.
 */
function anchorSuffix(token: string): { path: string; anchor: string } | null {
  const hash = token.indexOf('#');
  if (hash <= 0 || hash !== token.lastIndexOf('#')) return null;
  const path = token.slice(0, hash);
  const anchor = token.slice(hash + 1);
  // `src/a.ts#parseRow()`: a name written as a call, after a source file (trust11: a high missing path).
  if (anchor.endsWith('()') && CODE_NAME.test(anchor.slice(0, -2)) && CODE_EXTENSIONS.has(extensionOf(path) ?? '')) return { path, anchor: anchor.slice(0, -2) };
  return ANCHOR.test(anchor) && hasFileName(path) ? { path, anchor } : null;
}

/** Extensions of source code, whose `path:name` cites a name defined in the file (no markup, data or binary). */
const CODE_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'ts tsx mts cts js jsx mjs cjs rs go py pyi rb swift kt kts java scala c h cc cpp cxx hpp cs fs sh bash zsh ' +
    'fish ps1 sql css scss sass less proto graphql gql astro vue svelte lua php ex exs erl dart tf hcl gradle pl pm'
  ).split(' '),
);

/** An identifier, or two joined by a dot (`parseRow`, `Parser.parse`): a name in a source file. */
const CODE_NAME = /^[A-Za-z_$][\w$]{0,199}(?:\.[A-Za-z_$][\w$]{0,199})?$/;

/**
 * `src/a.ts:parseRow`: a source file, one colon, and a name defined in it, read as
 * `src/a.ts#parseRow` is (trust11: it was prose, a medium `evidence/prose`). The part before the
 * colon must be a path ending in a source-code extension ({@link CODE_EXTENSIONS}) and the part
 * after an identifier that is no file name, so a URL (`http://x`), a drive letter (`C:\a.ts`),
 * `file:line:col`, `host:port`, `main:src/a.ts` and `key:value` prose are never read so.
 */
function symbolSuffix(token: string): { path: string; anchor: string } | null {
  const colon = token.indexOf(':');
  if (colon <= 0 || colon !== token.lastIndexOf(':')) return null;
  const path = token.slice(0, colon);
  const written = token.slice(colon + 1);
  const name = written.endsWith('()') ? written.slice(0, -2) : written;
  if (!CODE_NAME.test(name) || hasFileName(name)) return null;
  return CODE_EXTENSIONS.has(extensionOf(path) ?? '') ? { path, anchor: name } : null;
}

/**
 * Splits `path:12`, `path:10-20`, `path:34,47`, `path#L10-L20` into the path and its lines, and
 * `path#anchor` (or `path:name` after a source file, {@link symbolSuffix}) into the path and its anchor.
 * `from`/`to` span the first range; `lines` lists every range when there are several.
 */
export function splitLineSuffix(token: string): { path: string; from?: number; to?: number; lines?: LineRange[]; anchor?: string } {
  const m = LINE_SUFFIX.exec(token);
  if (!m || m.index === 0) return anchorSuffix(token) ?? symbolSuffix(token) ?? { path: token };
  const path = token.slice(0, m.index);
  // `src/a.ts(12,5)`: a compiler's line and column, after a file name only (`app/(12)` is a folder).
  if (m[7] !== undefined) {
    if (!hasFileName(path)) return anchorSuffix(token) ?? { path: token };
    const r = lineRange(m[7]);
    return r.written !== undefined ? { path, from: r.from, to: r.to, lines: [r] } : { path, from: r.from, to: r.to };
  }
  // `:10-`: from line 10 on, carried in `lines` so `open` reaches resolution.
  if (m[6] !== undefined) {
    const open: LineRange = { ...lineRange(m[6]), open: true };
    return { path, from: open.from, to: open.to, lines: [open] };
  }
  const ranges: LineRange[] =
    m[1] !== undefined
      ? [lineRange(m[1], m[2])]
      : m[3] !== undefined
        ? m[3].split(',').map((r) => {
            const [a, b] = r.replaceAll('L', '').split(/[-–‑‒—−]|\.\./);
            return lineRange(a as string, b);
          })
        : [lineRange(m[4] as string, m[5])];
  const first = ranges[0] as LineRange;
  // A range whose digits are kept as written (a 20-digit line) travels in `lines`, so reasons can say them.
  return ranges.length > 1 || first.written !== undefined ? { path, from: first.from, to: first.to, lines: ranges } : { path, from: first.from, to: first.to };
}

/** `2091/2091`, `8/48/116`: counts or ratios, not a path. */
export function isCount(token: string): boolean {
  return /^\d+(?:\/\d+)+$/.test(token);
}

/**
 * `u1/u2/u4/u6`, `pr-1/pr-2`, `pr1/pr2`, `T3/T11`: a list of short ids written with `/`, not a
 * path. Every segment is a short prefix and a number, and there are two or more.
 */
export function isIdList(token: string): boolean {
  const parts = token.split('/');
  return parts.length >= 2 && parts.every((p) => /^[A-Za-z]{0,4}[-_]?\d{1,6}[A-Za-z]?$/.test(p));
}

/** Whether a path is a glob (`docs/spec/*.md`, `apps/web/src/*`). */
export const isGlob = (path: string): boolean => path.includes('*');

/**
 * Whether a glob names files a person could look for: its last part has an extension
 * (`*.md`), or its literal folder has two or more segments (`apps/web/src/*`). `cursor/*`
 * (six branches, in a real trail) and `*` name nothing in particular.
 */
function globNamesFiles(path: string): boolean {
  const last = path.split('/').pop() as string;
  if (/\.[A-Za-z0-9]+$/.test(last) && EXTENSIONS.has((last.split('.').pop() as string).toLowerCase())) return true;
  const literal = path.slice(0, path.indexOf('*')).split('/').filter((s) => s !== '');
  return literal.length >= 2 && !literal.some((s) => s.includes('*'));
}

/** The file extension of a path's last segment (lower case), or null. */
export function extensionOf(path: string): string | null {
  const name = path.split('/').pop() as string;
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? null : name.slice(dot + 1).toLowerCase();
}

/** Whether a path's last segment has a known file extension (or is a dotfile such as `.gitignore`). */
export function hasFileName(path: string): boolean {
  const name = (path.split('/').pop() as string) || '';
  if (/^\.[A-Za-z0-9][\w.-]*$/.test(name)) return true;
  const ext = extensionOf(path);
  return ext !== null && EXTENSIONS.has(ext);
}

/**
 * Whether each segment of a path is a name as real trees write them: its brackets balance
 * (`(auth)`, `[id]`, `[[...slug]]`), it has a letter, digit, `_`, `.` or `*`, and it does not
 * end in `#`, `$` or `=` (`C#`, `x=`: words, not names); the first is no shell variable
 * (`$HOME`, `${DIR}`) and no assignment (`FOO=bar`).
 */
function segmentsAreNames(path: string): boolean {
  if (/^\$(?:\{|[A-Za-z_]\w*(?:\/|$))/.test(path) || /^[A-Z_][A-Z0-9_]*=/.test(path)) return false;
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    if (!/[\p{L}\p{N}_.*]/u.test(segment) || /[#$=]$/.test(segment)) return false;
    let round = 0;
    let square = 0;
    for (const c of segment) {
      if (c === '(') round++;
      else if (c === ')' && --round < 0) return false;
      else if (c === '[') square++;
      else if (c === ']' && --square < 0) return false;
    }
    if (round !== 0 || square !== 0) return false;
  }
  return true;
}

/**
 * Whether a token names a file or folder: it has a `/` (and a letter or digit), a known
 * extension, or is a dotfile; and it is not a count, an id list, a URL, a glob that names no
 * file, or only dots and slashes. Brackets, `#`, `$` and `=` may stand inside names
 * ({@link segmentsAreNames}); a token is tested for a count or an id list without them
 * (`(7/7)`, `#1/#2`).
 */
export function looksLikePath(token: string): boolean {
  const { path } = splitLineSuffix(token);
  if (path.length === 0 || path.length > 1024 || !PATH_CHARS.test(path) || /^[.\-/]*$/.test(path)) return false;
  const marked = path !== path.replace(NAME_MARKS, '');
  if (marked) {
    const plain = path.replace(NAME_MARKS, '');
    if (/^[.\-/]*$/.test(plain) || isCount(plain) || isIdList(plain) || !segmentsAreNames(path)) return false;
  }
  if (isCount(path) || isIdList(path)) return false;
  if (isGlob(path)) return globNamesFiles(path);
  // `@scope/pkg` is a package; `@scope/pkg/index.ts` a file.
  if (path.includes('/')) return /[\p{L}\p{N}]/u.test(path) && (!path.startsWith('@') || hasFileName(path));
  return hasFileName(path);
}

/** `convert.test`, `worker.spec`: a test file named without its extension (`convert.test.js`). */
export function isTestStem(token: string): boolean {
  return /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_.-]*\.(?:test|spec)$/u.test(token);
}

/** Test files by name: a name after one is a test in it (`a.test.ts rejectsBadRows`). */
const TEST_FILE = /(?:\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|_test\.go|_test\.py|(?:^|\/)test_[^/]+\.py|Tests?\.swift|Test\.(?:java|kt)|_spec\.rb|\.(?:test|spec))$/;

/** Whether a path names a test file. */
export const isTestFile = (path: string): boolean => TEST_FILE.test(path);

/** One segment of a path written with backslashes: a name, or `.` / `..`. */
const BACKSLASH_SEGMENT = /^(?:\.{1,2}|[\p{L}\p{N}_@+~-][\p{L}\p{M}\p{N}_.@+~-]*)$/u;

/**
 * A relative path written with Windows separators (`src\a.ts`, `docs\notes\x.md:12`) as the
 * same path with `/`, or null (trial E, finding 3). Escapes and prose are not paths: the token
 * has no `/`, no `\\`, does not start or end with `\`, every segment is a name, the last names
 * a file (a known extension), and not every `\` starts an escape (`done\nREADME.md` is a line
 * break written as `\n`; `src\tests\a.ts` is a path).
 */
export function backslashPath(token: string): string | null {
  if (!token.includes('\\') || token.includes('/') || token.includes('\\\\') || token.startsWith('\\') || token.endsWith('\\')) return null;
  if (!/\\[^nrt]/.test(token)) return null;
  const slashed = token.replaceAll('\\', '/');
  const { path } = splitLineSuffix(slashed);
  if (!path.split('/').every((segment) => BACKSLASH_SEGMENT.test(segment))) return null;
  return looksLikePath(slashed) && hasFileName(path) ? slashed : null;
}
