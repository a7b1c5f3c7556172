/**
 * The lines a named definition spans in a source text (issue 26, item 6: `src/state.ts:170-176
 * parseItem`, whose cited lines lie inside `parseItem`'s body, cites `parseItem`). A definition
 * is a line holding the name as a whole name after a defining word (`function`, `def`, `fn`, `fun`,
 * `class`, `const`, …) or as a method head (`parseItem(raw: string) {`); it ends where its
 * braces close, or, without braces (Python), before the next line indented no deeper than it.
 * A heuristic, not a parser: it answers only "do the cited lines lie inside a definition of
 * this name", and says no when unsure. Pure; linear in the lines it looks at.
 */
import { indexOfName } from './name-match.ts';
import { textLines } from '../text/line-breaks.ts';

/** Words that introduce a definition in the languages trails cite (global: every one on a line is read, {@link definesAfter}). */
const DEFINING = /\b(?:function|def|fn|fun|func|class|struct|enum|trait|impl|interface|type|const|let|var|static|async|pub|private|public|protected|export|override|module|object|macro_rules!)\b/g;

/** Lines looked at, back from the cited lines, for the definition. */
const LOOK_BACK = 2000;

/**
 * Whether `before` (a line up to a name) ends in a definition of that name: a defining word with
 * nothing between it and the name that ends one statement or starts another (`=`, `;`, `{`, `}`).
 * `export function parseRow`, `pub(crate) fn parse_row`, `func (s *Server) Handle` define;
 * `const x = parseRow(1)` and `fn main() { parse_row(); }` use the name (trust12: each was taken
 * for its definition, so a VERIFIED name linked to a call above the function).
 */
function definesAfter(before: string): boolean {
  let end = -1;
  // The last defining word before the name is the one that may define it.
  for (const m of before.matchAll(DEFINING)) end = m.index + m[0].length;
  return end !== -1 && !/[=;{}]/.test(before.slice(end));
}

/** Whether line `text` defines `name`. */
function defines(text: string, name: string): boolean {
  const at = indexOfName(text, name);
  if (at === -1) return false;
  const before = text.slice(0, at);
  if (definesAfter(before)) return true;
  // A method head: the name first on its line, then its parameters (`parseItem(raw) {`, `async parseItem<T>(`);
  // a line that ends as a call does (`loadRows(rows);`, Python's `handle_row(1)`) is a call, not a head.
  const after = text.slice(at + name.length).trimStart();
  const head = after.startsWith('(') || /^<[^>]*>\s*\(/.test(after);
  return /^(?:(?:async|static|get|set)\s+)*$/.test(before.trimStart()) && head && !/[;)]$/.test(after.split('//')[0]?.trimEnd() ?? '');
}

/** Leading whitespace width (a tab counts as one). */
const indentOf = (text: string): number => text.length - text.trimStart().length;

/**
 * The last line (1-based) of the definition or block starting at line `start` (its braces from
 * the first `{` on that line or the few after it, else a Python block after a `:`), or null when
 * its end cannot be told.
 */
export function endOf(lines: readonly string[], start: number): number | null {
  // Braces: from the first `{` on the definition line or the few after it, to where they close.
  let depth = 0;
  let opened = false;
  for (let n = start; n <= lines.length; n++) {
    const text = lines[n - 1] as string;
    // Braces inside a string on one line, or after `//`, do not count.
    let quote = '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      if (quote !== '') {
        if (ch === '\\') i++;
        else if (ch === quote) quote = '';
        continue;
      }
      if (ch === '"' || ch === "'" || ch === '`') quote = ch;
      else if (ch === '/' && text[i + 1] === '/') break;
      else if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}' && opened) {
        depth--;
        if (depth === 0) return n;
      }
    }
    if (!opened && n - start >= 5) break;
  }
  if (opened) return null;
  // Indentation: a block ends before the next non-blank line indented no deeper than its head.
  const head = lines[start - 1] as string;
  if (!(head.split('#')[0] as string).trimEnd().endsWith(':')) return null;
  const indent = indentOf(head);
  let last = start;
  for (let n = start + 1; n <= lines.length; n++) {
    const text = lines[n - 1] as string;
    if (text.trim() === '') continue;
    if (indentOf(text) <= indent) break;
    last = n;
  }
  return last;
}

/**
 * The definition of `name` that holds lines `from`–`to` of `text` (1-based), as its first and
 * last line, or null when no definition of the name is found around them.
 */
export function definitionAround(text: string, name: string, from: number, to: number): { from: number; to: number } | null {
  const lines = textLines(text);
  if (from < 1 || to < from || to > lines.length) return null;
  for (let n = from; n >= Math.max(1, from - LOOK_BACK); n--) {
    if (!defines(lines[n - 1] as string, name)) continue;
    const end = endOf(lines, n);
    // The nearest definition above decides: the cited lines are inside it or not.
    return end !== null && end >= to ? { from: n, to: end } : null;
  }
  return null;
}

/**
 * The first line (1-based) of `text` that defines `name` (a defining word before it, or a method
 * head), or null: where a name cited in a file is shown, rather than its first mention (trust10:
 * `src/foo_test.go > TestFoo` landed on the comment `// TestFoo checks foo.` above the function).
 */
export function definitionLine(text: string, name: string): number | null {
  if (indexOfName(text, name) === -1) return null;
  const lines = textLines(text);
  for (let n = 1; n <= lines.length; n++) if (defines(lines[n - 1] as string, name)) return n;
  return null;
}

/** Most definitions of one owner looked inside for a member. */
const MAX_OWNERS = 16;

/**
 * The line (1-based) where `member` is defined inside the definition of `owner` (`Parser.parse`:
 * `parse() {` inside `class Parser { … }`), and the owner's span, or null: a member cited by its
 * owner's name (trust11: `src/a.ts#Parser.parse` was "not found", as the text never holds
 * `Parser.parse` written so). The first definition of `owner` whose span holds one of `member`.
 */
export function memberLine(text: string, owner: string, member: string): { line: number; from: number; to: number } | null {
  if (indexOfName(text, owner) === -1 || indexOfName(text, member) === -1) return null;
  const lines = textLines(text);
  // At most MAX_OWNERS definitions of the owner are opened (each may be read to the file's end when its braces never close).
  let owners = 0;
  for (let n = 1; n <= lines.length && owners < MAX_OWNERS; n++) {
    if (!defines(lines[n - 1] as string, owner)) continue;
    owners++;
    const end = endOf(lines, n);
    if (end === null) continue;
    for (let k = n + 1; k <= end; k++) if (defines(lines[k - 1] as string, member)) return { line: k, from: n, to: end };
    n = end;
  }
  return null;
}
