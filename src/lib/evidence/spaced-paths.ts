/**
 * Paths holding spaces (`docs/Design Notes.md`, `` `Fuji Recipes/App.swift`:3 ``,
 * `dir with space\f.ts:2`) that classification, reading word by word, split or left as prose
 * or a command: joined back into one path when the text, spaces and all, is committed at the
 * landed head or the row's commit, or quoted with its lines after the quote.
 */
import { normaliseRelativePath } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { splitLineSuffix } from './path-shape.ts';
import { type EvidenceContext } from './resolve-context.ts';

/** `` `docs/with space.md` ``: a text in backticks holding white space (read as a command). */
const isBacktickedSpace = (raw: string): boolean =>
  raw.length > 4 && raw.startsWith('`') && raw.endsWith('`') && raw.indexOf('`', 1) === raw.length - 1 && raw.slice(1, -1).trim() === raw.slice(1, -1) && /\s/.test(raw);

/** `"docs/Design Notes.md"`: the text inside one pair of quotes around it, else the text. */
const unquoted = (raw: string): string => /^(["'\u201c\u2018])([^"'\u201c\u201d\u2018\u2019]+)(["'\u201d\u2019])$/.exec(raw)?.[2] ?? raw;

/**
 * A quoted text holding a space, with the lines written after its closing quote, as one text
 * (`` `docs/My Notes.md`:3 ``, `"docs/My Notes.md":3-4.` → `docs/My Notes.md:3`, `…:3-4`), or
 * null. `text` starts at the opening quote; what follows the lines (a mark, then white space or
 * the end) is not read. The quotes must pair (a backtick with a backtick, `“` with `”`).
 */
function quotedWithLines(text: string): string | null {
  const m = /^([`"'\u201c\u2018])([^`"'\u201c\u201d\u2018\u2019\t\n\r]{1,400})([`"'\u201d\u2019])(:L?\d{1,24}(?:[-\u2013]L?\d{1,24})?)(?=[.,;:)]?(?:\s|$))/.exec(text);
  if (!m) return null;
  const [, open, body, close, lines] = m as unknown as [string, string, string, string, string];
  const pairs = open === close || (open === '\u201c' && close === '\u201d') || (open === '\u2018' && close === '\u2019');
  return pairs && / /.test(body) && body.trim() === body ? body + lines : null;
}

/**
 * The quoted text with its lines ({@link quotedWithLines}) that opens just before pointer `raw`
 * in `cell` (`` `docs/My Notes.md`:3 `` read word by word is the path `docs/My` and a note), or null.
 */
function quotedAround(cell: string, raw: string): string | null {
  for (const quote of ['`', '"', "'", '\u201c', '\u2018']) {
    let at = cell.indexOf(quote + raw);
    while (at !== -1) {
      const text = quotedWithLines(cell.slice(at));
      if (text !== null) return text;
      at = cell.indexOf(quote + raw, at + 1);
    }
  }
  return null;
}

/** A text that may be a path holding white space: one line of spaces between words, with a `/` or an extension. */
const mayBeSpacedPath = (text: string): boolean =>
  text.length <= 400 && / /.test(text) && !/[\t\n\r"`]|\s\s/.test(text) && text.trim() === text && (text.includes('/') || /\.\w{1,10}(?::[\d,\u2013-]+)?$/.test(text));

/** A pointer that may be a word of a spaced path: a path cited as the cell, not at a commit. */
const joinable = (p: ClassifiedPointer): boolean => p.kind === 'path' && p.within === undefined && p.rev === undefined;

/** A path that may go on after a space: its last name has no extension, lines or anchor (`docs/Design`, `Recipe`). */
const midway = (p: ClassifiedPointer): boolean => !p.raw.endsWith('/') && !/[.:#]/.test(p.raw.slice(p.raw.lastIndexOf('/') + 1));

/** Adjacent pointers read as one spaced path at most (a folder and file name of several words). */
const MAX_SPACED_RUN = 6;

/**
 * Texts of a cell that, spaces and all, are a path committed in the repository (at the landed
 * head or the commit that recorded the row), with any lines after it: each is that one path.
 * They are a command written in backticks (trial, 2026-12-02: `` `docs/with space.md` `` was a
 * command naming a missing `space.md`), a prose item, quoted or not (tryout, round 7: `Fuji
 * Recipes/App.swift:3` in an Xcode project was prose, flagged), and adjacent paths the cell
 * writes one space apart (`docs/Design Notes.md` was `docs/Design` and `Notes.md`, two high
 * flags). The names read inside such a text go; the rest keep their owners. A quoted text with
 * lines after its closing quote (`"docs/Other Notes.md":3`) is that one path even when it is not
 * committed, or with no repository, so a missing one is named whole (trust13: it was "docs/Other
 * not found"). `cell` is the evidence text as written (without it, adjacent paths are not joined).
 */
export async function spacedPaths(pointers: readonly ClassifiedPointer[], ctx: EvidenceContext, cell?: string): Promise<ClassifiedPointer[]> {
  // Candidates: [first index, last index, text, quoted with lines after the quote: a path as written even when not committed].
  const candidates: Array<[number, number, string, boolean]> = [];
  for (const [i, p] of pointers.entries()) {
    if (p.within !== undefined) continue;
    // `` `docs/My Notes.md`:3 ``: the lines after the closing quote are the quoted path's (trust12: the
    // path was `docs/My`, a high `evidence/path-not-found`, or the whole was prose or a command).
    const withLines = p.kind === 'command' || p.kind === 'prose' ? quotedWithLines(p.raw) : null;
    if (withLines !== null && mayBeSpacedPath(withLines)) candidates.push([i, i, withLines, true]);
    else if (p.kind === 'command' && isBacktickedSpace(p.raw)) candidates.push([i, i, p.raw.slice(1, -1), false]);
    else if (p.kind === 'prose' && mayBeSpacedPath(unquoted(p.raw))) candidates.push([i, i, unquoted(p.raw), false]);
    else if (cell !== undefined && joinable(p) && midway(p)) {
      const quoted = quotedAround(cell, p.raw);
      if (quoted !== null && mayBeSpacedPath(quoted)) candidates.push([i, i, quoted, true]);
      // The longest run of adjacent paths written one space apart, then shorter ones; every
      // one but the last ends in a word (no extension, lines or folder slash): `docs/Design`.
      let last = i;
      while (last + 1 < pointers.length && last + 1 - i < MAX_SPACED_RUN && joinable(pointers[last + 1] as ClassifiedPointer) && midway(pointers[last] as ClassifiedPointer)) last++;
      for (let j = last; j > i; j--) {
        const text = pointers.slice(i, j + 1).map((q) => q.raw).join(' ');
        if (mayBeSpacedPath(text) && cell.includes(text)) candidates.push([i, j, text, false]);
      }
    }
  }
  if (candidates.length === 0) return [...pointers];
  const repository = ctx.head ? ctx.repository : undefined;
  const commits = [...new Set([ctx.head, ctx.row?.recordedIn].filter((c): c is string => c !== undefined))];
  const replaced = new Map<number, ClassifiedPointer>();
  const dropped = new Set<number>();
  for (const [first, last, body, quotedWithLines] of candidates) {
    if (replaced.has(first) || dropped.has(first)) continue;
    const { path, ...lines } = splitLineSuffix(body);
    // `dir with space\f.ts:2`: Windows separators, read with `/` as `src\a.ts` is (trust15: it was prose).
    const slashed = !path.includes('/') && /\\[^\\]/.test(path) && !path.includes('\\\\') ? path.replaceAll('\\', '/') : null;
    let found: string | null = null;
    if (repository) {
      for (const written of slashed === null ? [path] : [path, slashed]) {
        const relative = normaliseRelativePath(written);
        if (relative === null || relative === '') continue;
        for (const commit of commits) {
          const at = await repository.lookupPath(commit, relative);
          if (at.status === 'blob' || at.status === 'tree') {
            found = written;
            break;
          }
        }
        if (found !== null) break;
      }
    }
    const relative = normaliseRelativePath(path);
    if (found === null && (relative === null || relative === '')) continue;
    // `"docs/Other Notes.md":3`, lines after the closing quote: the quoted text is the path cited,
    // committed or not, so a missing one is named whole (trust13: "docs/Other not found").
    if (found !== null || quotedWithLines) {
      replaced.set(first, { raw: body, kind: 'path', path: found ?? path, ...lines, ...(found !== null && found !== path ? { backslashes: true as const } : {}) });
      for (let k = first + 1; k <= last; k++) dropped.add(k);
    }
  }
  if (replaced.size === 0) return [...pointers];
  const index: number[] = [];
  const out: ClassifiedPointer[] = [];
  for (const [i, p] of pointers.entries()) {
    if (dropped.has(i) || (p.within !== undefined && (replaced.has(p.within) || dropped.has(p.within)))) continue;
    index[i] = out.length;
    const kept = replaced.get(i) ?? p;
    out.push(kept.within !== undefined ? { ...kept, within: index[kept.within] as number } : kept);
  }
  return out;
}
