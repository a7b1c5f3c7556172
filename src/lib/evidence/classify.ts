/**
 * Classifies an evidence cell into pointers, reading it as a person reads it (spec/input.md
 * section 3; decision trail, Part 1: "a resolvable pointer: commit SHA, path:line, PR URL,
 * artifact path, or a rubric row. Never prose"; issue 13). Pure: no I/O. Resolution is in
 * resolve.ts.
 *
 * The cell is split into parts and each part into list items (split-list.ts). An item shaped
 * like a command (command-shape.ts) is one `command` — it was not re-run, so it proves
 * nothing — and a later item of the same part that is not a command of its own continues its
 * arguments (`git branches feat/a, feat/b`). Every SHA, range, URL, absolute path and file
 * named inside a command is a pointer of its own, listed after it with `within` set. Any
 * other item is read word by word (segment-words.ts). In a part that holds pointers, an item
 * with none is a remark on the pointer before it (its note: `0a0fc32 on main, remote
 * matches`); so is a part with none in a cell that holds pointers (`worker.test; fails with the
 * change stashed`). A cell with no pointer at all is `prose`, one pointer per part.
 */
import type { ClassifiedPointer } from './classified-pointer.ts';
import { readCommand, type CommandShape } from './command-shape.ts';
import { classifySegment, tokenPointer, type CellContext } from './segment-words.ts';
import { splitItems, splitParts, type ListItem } from './split-list.ts';

export type { ClassifiedPointer } from './classified-pointer.ts';
export { looksLikeSha } from './hex-shape.ts';
export { looksLikePath, splitLineSuffix } from './path-shape.ts';

/** Most pointers read from one cell; the rest of a longer cell is one pointer saying so. */
export const MAX_POINTERS_PER_CELL = 256;

/** A command's result that says the named files are absent: they are not pointers to look for (`ls package.json Cargo.toml missing`). */
const ABSENCE = /\b(?:missing|absent|not found|not present|no such file|does not exist|do not exist|deleted|removed)\b/i;

/** The pointers inside a command's words: SHAs, ranges, URLs, absolute paths, files (a `cd` folder too). */
function commandParts(command: CommandShape, ctx: CellContext): ClassifiedPointer[] {
  const out: ClassifiedPointer[] = [];
  const absent = ABSENCE.test(command.text);
  const { words, program } = command;
  for (let i = 0; i < words.length; i++) {
    let word = words[i] as string;
    if (i < program) continue;
    // `--out=dist/x.js`: the value is the word.
    const flag = /^--?[A-Za-z][\w-]*=(.+)$/.exec(word);
    if (flag) word = flag[1] as string;
    else if (word.startsWith('-')) continue;
    const cd = i > 0 && words[i - 1] === 'cd';
    // The program itself counts only as a path to a script (`./scripts/check.sh`, `~/jdk/bin/java`).
    if (i === program && !/^(?:\.{1,2}\/|~\/|\/)/.test(word)) continue;
    const p = tokenPointer(word, ctx, cd);
    if (p === null) continue;
    if (absent && (p.kind === 'path' || p.kind === 'ephemeral')) continue;
    out.push(p);
  }
  return out;
}

type Group = { text: string; command: CommandShape | null; sep: string; start: number };

/**
 * A part's items grouped, one group at a time: each command with the items that continue its
 * arguments, and each other item alone. Lazy, so a cell whose pointers run out of budget
 * stops reading there.
 */
function* groupItems(part: string, items: readonly ListItem[]): Generator<Group> {
  let pending: Group | null = null;
  for (const item of items) {
    const command = readCommand(item.text);
    if (command === null && pending?.command && item.sep === ',') {
      // `git branches feat/a, feat/b`: the list continues the command's arguments (its words are read as written, not parsed again).
      pending.text = part.slice(pending.start, item.end);
      pending.command = { ...pending.command, text: pending.text, words: [...pending.command.words, ...item.text.split(/\s+/)] };
      continue;
    }
    if (pending) yield pending;
    pending = { text: item.text, command, sep: item.sep, start: item.start };
  }
  if (pending) yield pending;
}

/** Joins a remark to a pointer's note, with the separator it was written with (`,`, ` and `, ` + `, ` plus `). */
function addNote(p: ClassifiedPointer, text: string, sep: string, before: boolean): void {
  const joint = sep === ',' || sep === '' ? ', ' : sep;
  if (p.note === undefined) p.note = text;
  else p.note = before ? `${text}${joint}${p.note}` : `${p.note}${joint}${text}`;
}

/**
 * Reads one part into `out`. Returns the index of the first pointer of its last item that had
 * any, or null when the part holds no pointer (it is then one `prose` pointer at the end of `out`).
 */
function classifyPart(part: string, ctx: CellContext, out: ClassifiedPointer[]): number | null {
  ctx.ids = false;
  const start = out.length;
  const remarks: Array<{ head: number | null; sep: string; text: string }> = [];
  /** Index of the first pointer of the last item that had any. */
  let head: number | null = null;
  for (const group of groupItems(part, splitItems(part))) {
    if (out.length > MAX_POINTERS_PER_CELL) break;
    if (group.command) {
      const at = out.length;
      head = at;
      out.push({ raw: group.text, kind: 'command' });
      for (const p of commandParts(group.command, ctx)) out.push({ ...p, within: at });
      continue;
    }
    const found = classifySegment(group.text, ctx, MAX_POINTERS_PER_CELL + 1 - out.length);
    if (found === null) {
      remarks.push({ head, sep: group.sep, text: group.text });
      continue;
    }
    const offset = out.length;
    head = offset;
    for (const p of found) out.push(p.within === undefined ? p : { ...p, within: p.within + offset });
  }
  if (out.length === start) {
    out.push({ raw: part, kind: 'prose' });
    return null;
  }
  // An item with no pointer is a remark on the item written before it (its first pointer), or, first in the part, on the part's first pointer.
  for (const remark of remarks) addNote(out[remark.head ?? start] as ClassifiedPointer, remark.text, remark.sep, remark.head === null);
  return head;
}

/**
 * Classifies an evidence cell. Returns at least one pointer for a non-blank cell; a blank
 * cell yields `[]` (the row check reports the empty field). At most
 * {@link MAX_POINTERS_PER_CELL} pointers are read; a longer cell ends with one pointer saying
 * the rest was not read (`truncated`, INCONCLUSIVE).
 */
export function classifyEvidence(cell: string): ClassifiedPointer[] {
  const ctx: CellContext = { folders: [], ids: false };
  const out: ClassifiedPointer[] = [];
  // Parts with no pointer, and the head of the last part before each that had one (null: none yet).
  const remarks: Array<{ at: number; head: number | null }> = [];
  let head: number | null = null;
  for (const part of splitParts(cell)) {
    const at = out.length;
    const found = classifyPart(part, ctx, out);
    if (found === null) remarks.push({ at, head });
    else head = found;
    if (out.length > MAX_POINTERS_PER_CELL) break;
  }
  // In a cell that holds pointers, a part with none is a remark on the pointer written before it
  // (`worker.test asserts the logged errors; fails with the change stashed`), or, first in the
  // cell, on its first pointer — as an item is within a part. A cell of parts with no pointer
  // stays prose, flagged.
  if (head !== null && remarks.length > 0) {
    const first = out.findIndex((p) => p.kind !== 'prose');
    for (const remark of remarks) {
      const target = out[remark.head ?? first] as ClassifiedPointer;
      addNote(target, (out[remark.at] as ClassifiedPointer).raw, '; ', remark.head === null);
    }
    const gone = new Set(remarks.map((r) => r.at));
    const index = new Map<number, number>();
    const kept: ClassifiedPointer[] = [];
    out.forEach((p, i) => {
      if (gone.has(i)) return;
      index.set(i, kept.length);
      kept.push(p);
    });
    out.splice(0, out.length, ...kept.map((p) => (p.within === undefined ? p : { ...p, within: index.get(p.within) as number })));
  }
  if (out.length > MAX_POINTERS_PER_CELL) {
    const kept = out.slice(0, MAX_POINTERS_PER_CELL);
    return [...kept, { raw: `… more than ${MAX_POINTERS_PER_CELL} pointers`, kind: 'prose', truncated: true }];
  }
  // A cell of only separators (";") still says nothing verifiable: prose, flagged.
  if (out.length === 0 && cell.trim() !== '') return [{ raw: cell.trim(), kind: 'prose' }];
  return out;
}
