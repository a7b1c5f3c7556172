/**
 * Where the comments of a source file are (trust11): a name cited in a file (`src/a.ts
 * parseRow`, `src/a.ts#parseRow`) that the file holds only in a comment (`// parseRow was
 * removed`) is no evidence that the code has it, as a test title read only in a comment is none
 * (trust10, name-match.ts `indexOfTitle`). The comment syntax is told by the file's extension:
 * `//` and `/* … *\/` in the C family (TypeScript, Rust, Go, Swift, Java, …), `#` in Python,
 * shell, Ruby, YAML, TOML, `--` in SQL and Lua; strings are skipped so `"http://x"` opens no
 * comment. A file of another kind (markdown, HTML, JSON) has none: everything in it counts. A
 * heuristic lexer, not a parser; pure, one pass over the text.
 */
import { extensionOf } from './path-shape.ts';

/** The comment syntax of a language family. */
interface Syntax {
  line: readonly string[];
  block: boolean;
  /** Whether `'` opens a string (not in Rust, where it marks a lifetime or a char). */
  single: boolean;
  /** Whether a backquote opens a string that may span lines (JavaScript's template literals). */
  backtick: boolean;
}

const C_FAMILY: Syntax = { line: ['//'], block: true, single: true, backtick: false };
const JS: Syntax = { line: ['//'], block: true, single: true, backtick: true };
const SYNTAX: ReadonlyMap<string, Syntax> = new Map([
  ...'ts tsx mts cts js jsx mjs cjs astro vue svelte'.split(' ').map((e) => [e, JS] as const),
  ...'go java kt kts scala c h cc cpp cxx hpp cs swift dart php proto gradle groovy'.split(' ').map((e) => [e, C_FAMILY] as const),
  ['rs', { line: ['//'], block: true, single: false, backtick: false }],
  ...'css scss less sass'.split(' ').map((e) => [e, { line: e === 'css' ? [] : ['//'], block: true, single: true, backtick: false }] as const),
  ...'py pyi rb sh bash zsh fish pl pm yaml yml toml tf hcl ex exs r ps1 conf cfg ini'.split(' ').map((e) => [e, { line: ['#'], block: false, single: true, backtick: false }] as const),
  ...'sql lua'.split(' ').map((e) => [e, { line: ['--'], block: false, single: true, backtick: false }] as const),
]);

/** The comments of `text`, a file at `path`: `[start, end)` spans (UTF-16 code units) in order; none for a kind of file without known comments. */
export function commentSpans(path: string, text: string): Array<[number, number]> {
  const syntax = SYNTAX.get(extensionOf(path) ?? '');
  if (syntax === undefined) return [];
  const spans: Array<[number, number]> = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote !== null) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      // A string of one line ends with it (an unclosed quote opens nothing past it).
      else if ((c === '\n' || c === '\r') && quote !== '`') quote = null;
      continue;
    }
    if (c === '"' || (c === "'" && syntax.single) || (c === '`' && syntax.backtick)) {
      quote = c;
      continue;
    }
    if (syntax.block && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      spans.push([i, stop]);
      i = stop - 1;
      continue;
    }
    // `#` opens a comment at the start of a word only (`$#`, `${#list}` in shell do not).
    if (syntax.line.some((m) => text.startsWith(m, i)) && (c !== '#' || i === 0 || /\s|;/.test(text[i - 1] as string))) {
      // To the line's end: `\n`, `\r\n` or a lone `\r`.
      let stop = i;
      while (stop < text.length && text[stop] !== '\n' && text[stop] !== '\r') stop++;
      spans.push([i, stop]);
      i = stop - 1;
    }
  }
  return spans;
}

/** Whether `index` lies inside one of `spans` (as {@link commentSpans} gives them, in order). */
export function inComment(spans: ReadonlyArray<readonly [number, number]>, index: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = spans[mid] as readonly [number, number];
    if (index < start) hi = mid - 1;
    else if (index >= end) lo = mid + 1;
    else return true;
  }
  return false;
}
