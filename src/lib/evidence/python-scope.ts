/**
 * Where a pytest node id's names are defined in a Python file, by scope (trust10): in
 * `tests/test_x.py::TestA::test_b`, `test_b` must be a method of the module-level class `TestA`
 * (or of a class `TestA` inherits from in the same file), not a `def test_b` anywhere after
 * `class TestA` — before, one inside another class `TestB` was VERIFIED, landing the reader on a
 * test the row never named. Scopes are read by indentation, as Python reads them: a `class` or
 * `def` line opens a block that ends before the next non-blank line indented no deeper. The lines
 * inside a triple-quoted string (a docstring whose text sits at a shallow indent) are no
 * statements and are skipped, as blank lines are (trust11: such a line ended its class early, so
 * `TestA::test_b` defined after it was "not found"). A heuristic, not a parser, so a name it
 * cannot place is "not found here", never "found". Pure; linear in the file's lines.
 */
import { textLines } from '../text/line-breaks.ts';

/** A `class` or `def` line: its indent, word, name and (for a class) its bases as written. */
const DEFINITION = /^([ \t]*)(?:async[ \t]+)?(class|def)[ \t]+([A-Za-z_]\w*)[ \t]*(?:\(([^)]*)\))?/;

/** One block of the file: lines `from`–`to` (1-based, inclusive) inside a definition, its body. */
interface Block {
  from: number;
  to: number;
}

/** A definition found in a block. */
interface Definition {
  line: number;
  kind: 'class' | 'def';
  name: string;
  bases: string[];
  body: Block;
}

/** What a pytest node id's names are in a file. */
export type NodePlace =
  /** Defined where the id says: the last name's line, and in words where (`in class TestA`, `in class TestBase, which TestA inherits from`). */
  | { status: 'found'; line: number; where: string }
  /** The class the id names inherits from a class not defined in the file: the method may be inherited; `line` is where the name is defined elsewhere, if it is. */
  | { status: 'inherited'; bases: string[]; line?: number }
  /** Not where the id says; `elsewhere` names the first other place the last name is defined (`line 12, in class TestB`). */
  | { status: 'missing'; elsewhere?: string };

const indentOf = (line: string): number => line.length - line.trimStart().length;

/**
 * Which lines (0-based index) continue a statement begun on a line before: they start inside a
 * triple-quoted string (`"""` or `'''`), inside brackets left open (`class TestA(` then its
 * bases on the lines after, as black wraps them), or after a line ending in `\`. Their indent
 * says nothing of scope (trust11: a docstring line at column 0, or a wrapped `):` at column 0,
 * ended its class). Reads comments (`#` to the line's end) and one-line strings (`'…'`, `"…"`,
 * with `\` escapes) so a quote or bracket inside them counts for nothing. One pass over the text.
 */
export function continuationLines(lines: readonly string[]): boolean[] {
  const inside: boolean[] = [];
  /** The triple quote the text is inside, or null. */
  let open: string | null = null;
  /** Brackets open across lines. */
  let depth = 0;
  let joined = false;
  for (const line of lines) {
    inside.push(open !== null || depth > 0 || joined);
    joined = false;
    let quote: string | null = null;
    for (let i = 0; i < line.length; i++) {
      const c = line[i] as string;
      if (open !== null) {
        if (c === '\\') i++;
        else if (line.startsWith(open, i)) {
          open = null;
          i += 2;
        }
        continue;
      }
      if (quote !== null) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
        continue;
      }
      if (c === '#') break;
      if (c === '(' || c === '[' || c === '{') depth++;
      else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
      else if (c === '\\' && i === line.length - 1) joined = true;
      if (c !== '"' && c !== "'") continue;
      if (line.startsWith(c.repeat(3), i)) {
        open = c.repeat(3);
        i += 2;
      } else quote = c;
    }
  }
  return inside;
}

/** A line that is no statement of its own: blank, a comment, or the continuation of one begun before ({@link continuationLines}). */
const skipped = (lines: readonly string[], strings: readonly boolean[], n: number): boolean => {
  const text = lines[n - 1] as string;
  return strings[n - 1] === true || text.trim() === '' || text.trimStart().startsWith('#');
};

/** Definitions directly in `block` (not nested deeper), in order. */
function definitionsIn(lines: readonly string[], strings: readonly boolean[], block: Block): Definition[] {
  const out: Definition[] = [];
  let depth = -1;
  for (let n = block.from; n <= block.to; n++) {
    const text = lines[n - 1] as string;
    if (skipped(lines, strings, n)) continue;
    const indent = indentOf(text);
    // The block's own depth: its first statement's indent.
    if (depth === -1) depth = indent;
    if (indent !== depth) continue;
    // A header wrapped over lines (`class TestA(` … `):`) is read joined.
    let header = text;
    for (let k = n + 1; k <= block.to && k <= n + 20 && strings[k - 1] === true; k++) header += ` ${(lines[k - 1] as string).trim()}`;
    const m = DEFINITION.exec(header);
    if (m === null) continue;
    out.push({ line: n, kind: m[2] as 'class' | 'def', name: m[3] as string, bases: (m[4] ?? '').split(',').map((b) => b.trim()).filter((b) => b !== '' && !b.includes('=')), body: { from: n + 1, to: endOf(lines, strings, n, block.to) } });
  }
  return out;
}

/** The last line of the block a definition at line `head` opens (before the next statement indented no deeper: blank lines, comments and lines inside a triple-quoted string are none), at most `limit`. */
function endOf(lines: readonly string[], strings: readonly boolean[], head: number, limit: number): number {
  const indent = indentOf(lines[head - 1] as string);
  let last = head;
  for (let n = head + 1; n <= limit; n++) {
    if (skipped(lines, strings, n)) continue;
    if (indentOf(lines[n - 1] as string) <= indent) break;
    last = n;
  }
  return last;
}

/** The base classes inherited from at most this deep (a chain in one file is short). */
const MAX_BASE_DEPTH = 8;

/**
 * Where the names of a pytest node id (`['TestA', 'test_b']`, `['test_sum']`) are defined in
 * Python source `text`: each a definition directly inside the one before (the first at module
 * level), a method also found in a class of the file the class inherits from.
 */
export function pytestNodePlace(text: string, names: readonly string[]): NodePlace {
  const lines = textLines(text);
  const strings = continuationLines(lines);
  const module: Block = { from: 1, to: lines.length };
  const top = definitionsIn(lines, strings, module);
  const classes = new Map(top.filter((d) => d.kind === 'class').map((d) => [d.name, d]));
  let scope = top;
  let owner: Definition | null = null;
  for (const [i, name] of names.entries()) {
    const last = i === names.length - 1;
    let found = scope.find((d) => d.name === name && (last || d.kind === 'class'));
    let via = '';
    // A method inherited from a class of the same file (`class TestA(TestBase)`).
    if (found === undefined && owner !== null) {
      const inherited = inheritedFrom(lines, strings, owner, name, classes);
      if (inherited !== null) {
        found = inherited.def;
        via = `in class ${inherited.from}, which class ${owner.name} inherits from`;
      } else if (owner.bases.some((b) => b !== 'object' && !classes.has(b))) {
        const other = firstDefinition(lines, strings, module, names[names.length - 1] as string);
        return { status: 'inherited', bases: owner.bases, ...(other ? { line: other.line } : {}) };
      }
    }
    if (found === undefined) {
      const other = firstDefinition(lines, strings, module, names[names.length - 1] as string);
      return other ? { status: 'missing', elsewhere: `line ${other.line}, ${other.in ?? 'at module level'}` } : { status: 'missing' };
    }
    if (last) return { status: 'found', line: found.line, where: via || (owner ? `in class ${owner.name}` : 'at module level') };
    owner = found;
    scope = definitionsIn(lines, strings, found.body);
  }
  return { status: 'missing' };
}

/** A method `name` of a class `owner` inherits from, in the same file (depth-first, as far as {@link MAX_BASE_DEPTH}). */
function inheritedFrom(lines: readonly string[], strings: readonly boolean[], owner: Definition, name: string, classes: ReadonlyMap<string, Definition>, depth = 0): { def: Definition; from: string } | null {
  if (depth >= MAX_BASE_DEPTH) return null;
  for (const base of owner.bases) {
    const cls = classes.get(base);
    if (cls === undefined || cls === owner) continue;
    const def = definitionsIn(lines, strings, cls.body).find((d) => d.name === name);
    if (def) return { def, from: cls.name };
    const deeper = inheritedFrom(lines, strings, cls, name, classes, depth + 1);
    if (deeper) return deeper;
  }
  return null;
}

/** The first `def`/`class` of `name` anywhere in the file, and what it is directly in (`in class TestB`, `in function helper`; none at module level). */
function firstDefinition(lines: readonly string[], strings: readonly boolean[], module: Block, name: string): { line: number; in?: string } | null {
  const walk = (block: Block, cls: string | undefined): { line: number; in?: string } | null => {
    for (const d of definitionsIn(lines, strings, block)) {
      if (d.name === name) return { line: d.line, ...(cls ? { in: cls } : {}) };
      const inner = walk(d.body, `in ${d.kind === 'class' ? 'class' : 'function'} ${d.name}`);
      if (inner) return inner;
    }
    return null;
  };
  return walk(module, undefined);
}

/** A pytest node id's names (`tests/test_x.py::TestA::test_b` → `['TestA', 'test_b']`), from a test pointer read as one, or null. */
export function pytestNames(p: { kind: string; raw: string; path?: string; name?: string }): string[] | null {
  if (p.kind !== 'test' || p.path === undefined || p.name === undefined || !p.path.endsWith('.py') || !p.raw.includes(`${p.path}::`)) return null;
  return p.name.split(' > ');
}
