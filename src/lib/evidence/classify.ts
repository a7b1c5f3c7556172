/**
 * Classifies an evidence cell into pointers (spec/input.md section 3; decision trail, Part 1:
 * "a resolvable pointer: commit SHA, path:line, PR URL, artifact path, or a rubric row.
 * Never prose"). Pure: no I/O. Resolution is in resolve.ts.
 *
 * A cell is split into segments on `;`, newlines and `, `. A segment that starts with a
 * known tool is one `command`. Otherwise its words are read left to right: SHAs, URLs,
 * paths (with `:line`, `:from-to`, `#Lfrom-Lto`), test names (`a::tests::b`,
 * `file.test.ts > name`), references (`#13`, `PR 225`) and an identifier right after a path
 * (a `symbol`, or a `test` when the path is a test file). Words that are none of these are
 * the note of the segment's first pointer (kept and shown); a segment with no pointer at all
 * is `prose`.
 */
import type { EvidenceKind } from '../model/types.ts';
import { trimChars } from '../text/trim-chars.ts';

/** One pointer found in a cell, before resolution. */
export interface ClassifiedPointer {
  raw: string;
  kind: EvidenceKind;
  /** `commit`: the lowercase hex as written (7–40 digits, or 4+ after the word `commit`). */
  hex?: string;
  /** `path`, `symbol`, `test` (when tied to a file), `rubric`, `ephemeral`: the path. */
  path?: string;
  /** 1-based first and last line cited, when the path has a line or range. */
  from?: number;
  to?: number;
  /** `url`: the URL. */
  href?: string;
  /** `test` / `symbol`: the name to look for. */
  name?: string;
  /** `rubric`: the criterion cited (number or words). */
  criterion?: string;
  /** Words of the same segment that are not a pointer ("challenger run" in "challenger run #13"). */
  note?: string;
}

/** Tools whose name at the start of a segment makes it a command (spec: `cargo test -p x`). */
const COMMANDS = new Set(
  (
    'git cargo npm npx pnpm yarn bun bunx deno node python python3 pip pip3 pytest go just make cmake ' +
    'docker podman kubectl curl wget gh bash sh zsh rake bundle mvn gradle gradlew dotnet swift ' +
    'xcodebuild jest vitest tsc eslint prettier ruff mypy uv poetry terraform helm rg grep ls cat ' +
    'psql sqlite3 ssh scp rsync tox nox playwright cypress mix elixir ruby rspec php composer'
  ).split(' '),
);

/** File extensions that make a bare name (no `/`) a path (`AGENTS.md`, `Cargo.toml`). */
const EXTENSIONS = new Set(
  (
    'md mdx markdown txt rst adoc ts tsx mts cts js jsx mjs cjs json jsonl ndjson tsv csv yaml yml toml ' +
    'ini cfg conf env lock rs go py pyi rb swift kt kts java scala c h cc cpp cxx hpp cs fs sh bash zsh ' +
    'fish ps1 sql html htm css scss sass less xml proto graphql gql astro vue svelte lua php ex exs erl ' +
    'dart tf hcl gradle ipynb pdf png jpg jpeg gif svg webp wasm dockerfile patch diff log'
  ).split(' '),
);

const URL_RE = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const SCHEME_RE = /^(?:javascript|data|vbscript|file|mailto):/i;
const HEX_RE = /^[0-9a-f]{7,40}$/i;
const PATH_CHARS = /^[\p{L}\p{N}_@.+~\-/]+$/u;
const LINE_SUFFIX = /^(.*?)(?::(\d+)(?:[-–](\d+))?(?::\d+)?|#L(\d+)(?:-L?(\d+))?)$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/**
 * A line claim written in words after a path (`src/a.ts line 9`, `lines 9-12`, `@ line 40`,
 * `(L9-L12)`): it is checked like `src/a.ts:9-12`, never left as a note beside a path that
 * would then show VERIFIED for the file alone.
 */
const LINE_AFTER = /^(?:(?:@|at|on)\s*)?(?:lines?|l\.)\s*(\d{1,9})(?:\s*(?:-|–|to|\.\.)\s*(\d{1,9}))?(?=$|[\s,;:)])|^\(?#?L(\d{1,9})(?:\s*[-–]\s*L?(\d{1,9}))?\)?(?=$|[\s,;:])/i;
/** The same claim written before the path: `line 40 of src/a.ts`, `lines 3-4 in src/a.ts`. */
const LINE_BEFORE = /(?:^|\s)(?:(?:at|on)\s+)?lines?\s+(\d{1,9})(?:\s*(?:-|–|to)\s*(\d{1,9}))?\s+(?:of|in)$/i;
const RUST_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+$/;
const TEST_FILE = /(?:\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|_test\.go|_test\.py|(?:^|\/)test_[^/]+\.py|Tests?\.swift|Test\.(?:java|kt)|_spec\.rb)$/;
const RUBRIC_RE = /^(?:(?:\.\/)?design\/rubric\.md|rubric)(?:#|:)(.+)$/i;

/**
 * Whether a hex token is a commit pointer: 40 digits, or 7–39 with a digit and a letter.
 * A token of only digits or only letters (`8879725`, `defaced`) counts when it stands alone
 * as the whole segment, since a number or a word inside prose is far likelier than a SHA.
 */
export function looksLikeSha(token: string, alone = false): boolean {
  if (!HEX_RE.test(token)) return false;
  if (token.length === 40 || alone) return true;
  return /[0-9]/.test(token) && /[a-f]/i.test(token);
}

/** Splits `path:12`, `path:10-20`, `path#L10-L20` into the path and its line range. */
export function splitLineSuffix(token: string): { path: string; from?: number; to?: number } {
  const m = LINE_SUFFIX.exec(token);
  if (!m || m[1] === '' || m[1] === undefined) return { path: token };
  const from = Number(m[2] ?? m[4]);
  const toText = m[3] ?? m[5];
  const to = toText === undefined ? from : Number(toText);
  return { path: m[1], from, to };
}

/** Whether a token names a file or folder: has a `/`, a known extension, or is a dotfile. */
export function looksLikePath(token: string): boolean {
  const { path } = splitLineSuffix(token);
  if (path.length > 1024 || !PATH_CHARS.test(path) || /^[.\-/]*$/.test(path)) return false;
  if (path.includes('://')) return false;
  if (path.includes('/')) return /[\p{L}\p{N}]/u.test(path);
  if (/^\.[A-Za-z0-9][\w.-]*$/.test(path)) return true;
  const dot = path.lastIndexOf('.');
  if (dot <= 0) return false;
  return EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

function isTestFile(path: string): boolean {
  return TEST_FILE.test(path);
}

/** Trailing punctuation that belongs to the sentence, not the token. */
function trimToken(token: string): string {
  return trimChars(token, '(["\'`', ')]"\'`.,:');
}

/** Tool names that are also English words: a command only when not followed by plain English. */
const AMBIGUOUS_TOOLS = new Set(['just', 'make', 'go', 'cat', 'bundle', 'rake', 'mix', 'node', 'ls', 'grep', 'sh', 'php']);
const ENGLISH_AFTER = new Set(
  'sure certain it its the a an with to for on in of and or checked verified tested looked confirmed ran did done that this these those we i you they he she sense fine ok okay up out about back ahead'.split(' '),
);

function startsWithCommand(segment: string): boolean {
  const words = segment.split(/\s+/);
  const first = (words[0] as string).toLowerCase();
  if (/^\.{0,2}\/\S+$/.test(first) && words.length > 1 && (words[1] as string).startsWith('-')) return true;
  if (!COMMANDS.has(first)) return false;
  if (AMBIGUOUS_TOOLS.has(first)) {
    const next = (words[1] ?? '').toLowerCase();
    return next !== '' && !ENGLISH_AFTER.has(next);
  }
  return true;
}

/** `;` and newlines split a cell into parts. */
function splitParts(cell: string): string[] {
  return cell
    .split(/;|\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * `, ` splits a part into segments too, except inside a command's arguments; a part whose
 * segments are all prose stays one prose pointer ("checked it manually, looks fine").
 */
function classifyPart(part: string): ClassifiedPointer[] {
  if (startsWithCommand(part)) return [{ raw: part, kind: 'command' }];
  const segments = part.split(/,\s+/).map((s) => s.trim()).filter((s) => s !== '');
  const pointers = segments.flatMap(classifySegment);
  return pointers.every((p) => p.kind === 'prose') ? [{ raw: part, kind: 'prose' }] : pointers;
}

function classifySegment(segment: string): ClassifiedPointer[] {
  if (URL_RE.test(segment) || SCHEME_RE.test(segment)) {
    return [{ raw: segment, kind: 'url', href: segment }];
  }
  if (startsWithCommand(segment)) return [{ raw: segment, kind: 'command' }];
  const words = segment.split(/\s+/);
  const gt = segment.indexOf(' > ');
  if (gt > 0) {
    const file = segment.slice(0, gt).trim();
    if (looksLikePath(file) && !file.includes(' ')) {
      return [{ raw: segment, kind: 'test', path: splitLineSuffix(file).path, name: segment.slice(gt + 3).trim() }];
    }
  }
  const pointers: ClassifiedPointer[] = [];
  const leftover: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const token = trimToken(word);
    const lower = token.toLowerCase();
    const next = words[i + 1] === undefined ? undefined : trimToken(words[i + 1] as string);
    if ((lower === 'commit' || lower === 'sha') && next !== undefined && /^[0-9a-f]{4,40}$/i.test(next)) {
      pointers.push({ raw: `${token} ${next}`, kind: 'commit', hex: next.toLowerCase() });
      i++;
      continue;
    }
    if (/^(?:pr|issue|mr)$/i.test(token) && next !== undefined && /^#?\d+$/.test(next)) {
      pointers.push({ raw: `${token} ${next}`, kind: 'reference' });
      i++;
      continue;
    }
    if (/^#\d+$/.test(token)) {
      pointers.push({ raw: token, kind: 'reference' });
      continue;
    }
    if (URL_RE.test(token)) {
      pointers.push({ raw: token, kind: 'url', href: token });
      continue;
    }
    if (looksLikeSha(token, words.length === 1)) {
      pointers.push({ raw: token, kind: 'commit', hex: token.toLowerCase() });
      continue;
    }
    const rubric = RUBRIC_RE.exec(token);
    if (rubric) {
      pointers.push({ raw: token, kind: 'rubric', path: 'design/rubric.md', criterion: rubric[1] as string });
      continue;
    }
    if (RUST_PATH.test(token) && token.includes('::')) {
      pointers.push({ raw: token, kind: 'test', name: token.split('::').pop() as string });
      continue;
    }
    if (token.startsWith('/') && token.length > 1 && (looksLikePath(token.slice(1)) || /^\/[\p{L}\p{N}_.+~-]+\/?$/u.test(token))) {
      pointers.push({ raw: token, kind: 'ephemeral', path: token });
      continue;
    }
    if (looksLikePath(token)) {
      const suffix = splitLineSuffix(token);
      const { path } = suffix;
      let { from, to } = suffix;
      let raw = token;
      if (from === undefined) {
        const before = LINE_BEFORE.exec(leftover.slice(-6).join(' '));
        const after = LINE_AFTER.exec(words.slice(i + 1, i + 6).join(' '));
        if (before) {
          from = Number(before[1]);
          to = before[2] === undefined ? from : Number(before[2]);
          const taken = before[0].trim().split(/\s+/).length;
          raw = `${leftover.splice(leftover.length - taken, taken).join(' ')} ${token}`;
        } else if (after) {
          from = Number(after[1] ?? after[3]);
          to = after[2] ?? after[4] ? Number(after[2] ?? after[4]) : from;
          const taken = after[0].trim().split(/\s+/).length;
          raw = [token, ...words.slice(i + 1, i + 1 + taken)].join(' ');
          i += taken;
        }
      }
      const pointer: ClassifiedPointer = { raw, kind: 'path', path };
      if (from !== undefined) {
        pointer.from = from;
        pointer.to = to ?? from;
      }
      const after = words[i + 1] === undefined ? undefined : trimToken(words[i + 1] as string);
      if (after !== undefined && IDENTIFIER.test(after) && /[A-Z_]|[a-z][0-9]/.test(after)) {
        // A name cited in a file (`src/a.ts parseRow`, `src/a.ts:12 parseRow`): the name is searched for, and a cited line is checked too.
        pointers.push({ ...pointer, raw: `${raw} ${after}`, kind: isTestFile(path) ? 'test' : 'symbol', name: after });
        i++;
        continue;
      }
      pointers.push(pointer);
      continue;
    }
    leftover.push(word);
  }
  if (pointers.length === 0) return [{ raw: segment, kind: 'prose' }];
  // Words beside the pointers are the agent's note on them: kept, never dropped.
  if (leftover.length > 0) (pointers[0] as ClassifiedPointer).note = leftover.join(' ');
  return pointers;
}

/**
 * Classifies an evidence cell. Returns at least one pointer for a non-blank cell; a blank
 * cell yields `[]` (the row check reports the empty field).
 */
export function classifyEvidence(cell: string): ClassifiedPointer[] {
  const pointers = splitParts(cell).flatMap(classifyPart);
  // A cell of only separators (";") still says nothing verifiable: prose, flagged.
  if (pointers.length === 0 && cell.trim() !== '') return [{ raw: cell.trim(), kind: 'prose' }];
  return pointers;
}
