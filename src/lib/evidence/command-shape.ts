/**
 * Commands in evidence, recognised by their shape rather than by a list of tools (issue 13,
 * item 1; spec/input.md section 3: "command: not evidence of its result"). The text is split
 * into shell words by shell-quote (quotes, operators, globs), and is a command when it
 *
 * - starts with a `$ ` prompt, or is one backquoted command of two or more words;
 * - starts with environment assignments before a program (`DOCKER_HOST=unix:///tmp/x.sock just e2e x`);
 * - starts with a program and holds an operator (`cd apps/web && bun run test`, `a | b`, `> out`);
 * - starts with a program path and has arguments (`./scripts/check.sh --fast`, `~/jdk/bin/java -version`);
 * - starts with a program name followed by a flag anywhere (`rustup component list --installed`);
 * - starts with a program name and reports its exit status (`mstack gate exits 2`: a report of
 *   a run is a command, issue 26, scope 5);
 * - starts with a launcher and the program it runs (`npx vitest run`, `bunx playwright test`);
 * - or starts with a program name followed by a subcommand (`git commit`, `npm test`,
 *   `cargo test palette`) or by an argument-shaped word (`just e2e durable-commit`,
 *   `tmux blog-dev blog-worker`) — unless it reports counts (`unit 372/372`), a date
 *   (`staging run 2026-04-02`) or names a reference (`challenger run #13`), which read as prose.
 *
 * A program name is a lower-case word (`tsc`, `wrangler`, `react-doctor@latest`). The
 * subcommands are the verbs command-line tools share; `npm scripts` and `user brief` are not
 * commands. Pure; the text is parsed only when its first word could start one.
 */
import { parse } from 'shell-quote';
import { hasFileName, isCount, isTestFile, splitLineSuffix } from './path-shape.ts';

/** A recognised command: its shell words (operators and globs as written). */
export interface CommandShape {
  /** The text without a prompt or surrounding backquotes. */
  text: string;
  /** Shell words in order; operators are `{ op }`, globs their pattern. */
  words: string[];
  /** Index in `words` of the program (after environment assignments). */
  program: number;
}

/** A first word, then `>` or `›` and a title: a test's id as test reporters print it. */
const TEST_ID = /^\S+\s+[>›]\s+\S/;

/** Words that report a run's exit status (`exits 0`). */
const EXIT_WORDS: ReadonlySet<string> = new Set(['exit', 'exits', 'exited']);

/** Verbs that follow a program name as its subcommand. */
const SUBCOMMANDS: ReadonlySet<string> = new Set(
  (
    'test tests run build check lint fmt format typecheck clippy install ci add remove rm exec x dlx status show log diff ' +
    'commit push pull fetch rebase reflog rev-parse ls-files ls-tree checkout switch merge stash branch branches tag cherry-pick ' +
    'revert reset bisect blame grep compose up down ps logs view list ls create deploy publish start serve dev watch bench doc docs ' +
    'update upgrade init apply plan get describe pr issue api component toolchain generate migrate audit clean version help ' +
    'config info outdated why e2e preview release login whoami workspace search env cat-file for-each-ref worktree'
  ).split(' '),
);

/**
 * Programs that run the program named after them (`npx vitest run`, `bunx playwright test`): the
 * word after one is a program, whatever it is called (lead16: `npx vitest run` was prose, a medium
 * `evidence/prose`, where `npm test` is a command, INCONCLUSIVE, with no flag).
 */
const LAUNCHERS: ReadonlySet<string> = new Set(['npx', 'bunx', 'pnpx', 'uvx', 'pipx']);

/** Words that start prose, never a command, even when a subcommand follows (`no code change`). */
const PROSE_STARTS: ReadonlySet<string> = new Set('a an the no not only all both each see per and or so but in on at of to for with by from via after before then when if is was are were has had this that these those it its jar zip archive tarball wheel one two three four five six seven eight nine ten'.split(' '));

/** A program's name: lower case, no underscore (`crash_mid_turn` is a test's name). */
const PROGRAM_NAME = /^[a-z][a-z0-9.+-]{0,31}(?:@[\w.^~-]{1,32})?$/;
const PROGRAM_PATH = /^(?:\.{1,2}\/|~\/|\/)[^\s]*[^/\s]$/;
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const FLAG = /^(?:--?[A-Za-z][\w.-]*(?:=.*)?|--)$/;
const OPERATORS = new Set(['&&', '||', '|', '|&', ';;']);
/** Redirections count only before a file (`> out.txt`), not as "less than" (`<20 s ready`). */
const REDIRECTIONS = new Set(['>', '>>', '<', '>&', '&>']);

/**
 * A word shaped like an argument: a letter with `_`, `.`, `/`, `:`, `=` or `@`, or letters and
 * digits mixed. Not a hex id (with or without a full stop after it), a count or a label (`output:`). A word that only joins letters
 * with `-` (`blog-dev`, but also `re-ran`) counts when every other word is argument-shaped too.
 */
function argumentShaped(word: string, hyphenOnly = false): boolean {
  // A hex id ending a sentence (`commit deadbeefcafe.`) is still a hex id, not an argument.
  if (/\s/.test(word) || /^[0-9a-f]{4,40}[.,;!?]?$/i.test(word) || isCount(word) || word.endsWith(':')) return false;
  if (!/[A-Za-z]/.test(word)) return false;
  if (/[_./:=@]/.test(word) || (/[0-9]/.test(word) && /[A-Za-z]/.test(word))) return true;
  return hyphenOnly && /-/.test(word);
}

type Entry = ReturnType<typeof parse>[number];

function wordsOf(text: string): string[] | null {
  let entries: Entry[];
  try {
    // `$VAR` stays as written: nothing is expanded.
    entries = parse(text, (key) => `$${key}`);
  } catch {
    return null;
  }
  const words: string[] = [];
  for (const e of entries) {
    if (typeof e === 'string') words.push(e);
    else if ('op' in e) words.push(e.op === 'glob' ? (e as { pattern: string }).pattern : e.op);
    // A `#` starts a comment in a shell; here it is part of the text (`#13`), kept as a word.
    else if ('comment' in e) words.push(`#${e.comment}`);
  }
  return words;
}

/**
 * Reads `text` as a command, or returns null when it does not have a command's shape (see the
 * module comment). Texts over 64 KiB are not parsed (a command is never that long).
 */
export function readCommand(text: string): CommandShape | null {
  let body = text.trim();
  let certain = false;
  if (body.startsWith('$ ')) {
    body = body.slice(2).trim();
    certain = true;
  } else if (body.length > 2 && body.startsWith('`') && body.endsWith('`') && body.indexOf('`', 1) === body.length - 1 && /\s/.test(body)) {
    body = body.slice(1, -1).trim();
    const head = body.split(/\s/, 1)[0] as string;
    // `` `tests/a.test.ts > title` ``: a test file, then a test's title, as reporters print it; no command (trust11: it was never checked).
    if (TEST_ID.test(body) && isTestFile(head)) return null;
    // `` `src/a.ts:99 parseRow` ``, `` `docs/a.md section 3` ``, `` `abc1234 fix` ``: a pointer and its words in backquotes, no
    // command (trust11: a missing path or line written so was a command, INCONCLUSIVE, never checked). A script runs by its
    // path from a folder (`./x.sh`, `~/bin/x`, `/usr/bin/x`), never as `scripts/x.sh` or `a.ts`.
    if (!PROGRAM_PATH.test(head) && (head.includes('/') || hasFileName(splitLineSuffix(head).path) || /^[0-9a-f]{7,40}$/i.test(head))) return null;
    certain = true;
  }
  if (body === '' || body.length > 64 * 1024) return null;
  // `` `npm test` passes ``: a backquoted command, then a report of its run, is that command, as `npm test passes` is
  // (trust11: it was prose, a medium `evidence/prose`, where the same words without backquotes raised nothing).
  if (!certain && body.startsWith('`')) {
    const close = body.indexOf('`', 1);
    // The backquoted words must be a command by their own shape (`npm test`), not only by their backquotes (`the parser`).
    const inner = close > 1 ? body.slice(1, close).trim() : '';
    const rest = body.slice(close + 1).trim();
    const command = inner !== '' && rest !== '' && !rest.includes('`') ? readCommand(inner) : null;
    if (command === null) return null;
    return { ...command, text: body, words: [...command.words, ...rest.split(/\s+/)] };
  }
  const first = body.split(/\s/, 1)[0] as string;
  if (!certain && !PROGRAM_NAME.test(first) && !PROGRAM_PATH.test(first) && !ENV_ASSIGNMENT.test(first)) return null;
  const words = wordsOf(body);
  if (words === null || words.length === 0) return null;
  let program = 0;
  while (program < words.length && ENV_ASSIGNMENT.test(words[program] as string)) program++;
  if (program >= words.length) return null;
  const name = words[program] as string;
  const shape: CommandShape = { text: body, words, program };
  const rest = words.slice(program + 1);
  if (certain) return shape;
  if (program > 0 && (PROGRAM_NAME.test(name) || PROGRAM_PATH.test(name))) return shape;
  const strong = rest.some((w, i) => OPERATORS.has(w) || FLAG.test(w) || (REDIRECTIONS.has(w) && (w === '>&' || /^[A-Za-z./~]/.test(rest[i + 1] ?? ''))));
  // `./script arg`, `~/bin/tool arg`; an absolute path only with a flag or an operator (`/tmp/x src/a.ts` is a place and a file).
  // A `#…` after a path is its anchor (`./design/rubric.md#3`), not an argument.
  if (PROGRAM_PATH.test(name)) return rest.some((w) => !w.startsWith('#')) && (!name.startsWith('/') || strong) ? shape : null;
  if (!PROGRAM_NAME.test(name) || PROSE_STARTS.has(name)) return null;
  if (strong) return shape;
  const second = rest[0];
  if (second === undefined) return null;
  if (LAUNCHERS.has(name) && PROGRAM_NAME.test(second) && !PROSE_STARTS.has(second)) return shape;
  // A report of a run (`mstack gate exits 2`, `bun test exited 1`): the program, up to three words, and its exit status.
  const exit = rest.findIndex((w) => EXIT_WORDS.has(w));
  if (exit >= 1 && exit <= 3 && /^\d{1,3}$/.test(rest[exit + 1] ?? '')) return shape;
  // A report, not a command: counts (`unit 372/372`), a reference (`challenger run #13`), a date (`staging run 2026-04-02`).
  if (rest.some((w) => isCount(w) || /^#\d+$/.test(w) || /^\d{4}-\d{2}-\d{2}/.test(w))) return null;
  if (SUBCOMMANDS.has(second) || argumentShaped(second)) return shape;
  // `tmux blog-dev blog-worker`: every argument is a hyphenated name.
  if (rest.every((w) => argumentShaped(w, true))) return shape;
  return null;
}
