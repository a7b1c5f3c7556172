/**
 * Classifies an evidence cell into pointers, reading it as a person reads it (spec/input.md
 * section 3; decision trail, Part 1: "a resolvable pointer: commit SHA, path:line, PR URL,
 * artifact path, or a rubric row. Never prose"; issue 13; issue 26, scope 5: one treatment per
 * kind of cell). Pure: no I/O. Resolution is in resolve.ts; what each kind weighs once resolved
 * in cell-reading.ts.
 *
 * The cell is split into parts (`;`, line breaks) and each part into list items only where
 * the item after a separator starts with a pointer, or is a command in a list of commands
 * (split-list.ts gives the candidate items, {@link groupItems} decides): a sentence is one
 * item. An item shaped like a command (command-shape.ts) is one `command` — it was not
 * re-run, so it proves nothing — and every SHA, range, URL, absolute path and file among its
 * words is listed after it with `within` set. Any other item is read word by word
 * (segment-words.ts): a pointer read before any word of prose stands (the rest of the item is
 * its note); one read later is only named in the item's text and listed under it (`within`);
 * an item with no standing pointer is a `prose` item, shown in its place, with the pointers
 * named in it under it. So every part of a cell is shown (issue 27, scope 5).
 */
import type { ClassifiedPointer } from './classified-pointer.ts';
import { readCommand, type CommandShape } from './command-shape.ts';
import { classifySegment, tokenPointer, trimToken, type CellContext } from './segment-words.ts';
import { referenceAt } from './word-tokens.ts';
import { isSpaceCode, splitItems, splitParts, type ListItem } from './split-list.ts';

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
    // `<cache>/src`: shell words split a placeholder at its brackets; the rest is no path (`/src`).
    if (i >= 3 && words[i - 1] === '>' && words[i - 3] === '<' && command.text.includes(`<${words[i - 2]}>${word}`)) continue;
    const p = tokenPointer(word, ctx, cd);
    if (p === null) continue;
    if (absent && (p.kind === 'path' || p.kind === 'ephemeral')) continue;
    out.push(p);
  }
  return out;
}

/** One item of a part as it will be read: a command with the items that continue it, or one other item with the items glued to it. */
type Group = { text: string; command: CommandShape | null; start: number };

/** Whether an item starts with a reference (`review r2 finding A`, `finding 2`, `probe revF`): then it is not a command. */
const startsWithReference = (text: string): boolean => {
  // A reference's words are short (`review r2 finding A`): a longer head is none, and is not trimmed word by word.
  const head = text.slice(0, endOfWords(text, 4));
  return head.length <= 96 && referenceAt(head.split(/\s+/).filter((w) => w !== ''), 0) !== null;
};

/**
 * Where the first `count` words of `text` end (the whole text when it has no more): one pass
 * over those words only, so a test on an item's first words never reads a 4 MiB item whole.
 */
function endOfWords(text: string, count: number): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpaceCode(text.charCodeAt(i));
    if (!space && !inWord) {
      if (words === count) return i;
      words++;
    }
    inWord = !space;
  }
  return text.length;
}

/** Whether `text` has at most three words. */
const short = (text: string): boolean => endOfWords(text, 3) === text.length;

/** The item as a command, or null (an item that starts with a reference is not one). */
const commandOf = (text: string): CommandShape | null => (startsWithReference(text) ? null : readCommand(text));

/**
 * Whether an item stands as a pointer of its own: its first word (after `see`) is a pointer
 * (`src/ledger.ts keys rows by target slug`, `finding 2`), not a word of prose. Read with a
 * context of its own (the cell's only decides which kind of pointer, never whether it is one),
 * so testing leaves no trace.
 */
function startsWithPointer(text: string): boolean {
  // Its first words decide (a quoted test title runs to 40): a long item is not read twice.
  const head = text.length > 512 ? text.slice(0, endOfWords(text, 48)) : text;
  const found = classifySegment(head, { folders: [], ids: false }, 1);
  const first = found?.[0];
  return first !== undefined && first.within === undefined && first.mention === undefined;
}

/**
 * Whether an item ends with a file, commit or URL named in a sentence (`tests/roles.test.ts
 * covers impl_x.md`), or — when the list before it was naming them — is a pointer or pointers
 * alone (`[impl_x.md]`). Reads the item's last 16 words only.
 */
function endsNaming(text: string, naming: boolean): boolean {
  // The last 16 words, read from the end of a long item only.
  const end = text.length > 2048 ? text.slice(-2048) : text;
  const words = end.split(/\s+/).filter((w) => w !== '');
  const lastWord = words[words.length - 1];
  if (lastWord === undefined || lastWord.length > 512) return false;
  const found = classifySegment(words.slice(-16).join(' '), { folders: [], ids: false });
  const last = found?.filter((p) => p.within === undefined).pop();
  if (!found || !last || last.raw !== trimToken(lastWord)) return false;
  if (last.mention) return true;
  return naming && found.every((p) => p.mention === undefined && p.note === undefined);
}

/**
 * A part's items grouped, one group at a time (issue 26, scope 5: a list is split only where
 * its parts are pointer-shaped). A new group starts at an item that starts with a pointer, or
 * at a command in a list of commands or short pointers (`gh pr view 1, gh pr view 2`,
 * `src/a.ts, npm test`); any other item continues the group before it, as written: the
 * sentence it belongs to (`src/gate.ts:190 treats "" as absent, so empty-string and absent
 * already disagree` is one item, not three; `HF api, cargo info output in transcript` is one
 * description; `covers impl_x.md, re-impl_x.md must not match` goes on naming files, see
 * {@link endsNaming}), or the arguments of the command before it (`git branches feat/a, feat/b`).
 * Lazy, so a cell whose pointers run out of budget stops reading there.
 */
function* groupItems(part: string, items: readonly ListItem[]): Generator<Group> {
  // The group being gathered: where it starts and ends in the part, and the words of the items that continue a command.
  let pending: { start: number; end: number; command: CommandShape | null; more: string[] } | null = null;
  /** The group so far is a command, or a pointer of at most three words (`src/a.ts`): a list a command may follow. */
  let listLike = false;
  /** The group so far ends naming files in a sentence: an item of pointers after it goes on naming them. */
  let naming = false;
  // Its text and words are made once, when it is complete (a part of a million glued items stays linear).
  const done = (g: NonNullable<typeof pending>): Group => {
    const text = part.slice(g.start, g.end);
    return { text, start: g.start, command: g.command && g.more.length > 0 ? { ...g.command, text, words: [...g.command.words, ...g.more] } : g.command };
  };
  for (const item of items) {
    const command = commandOf(item.text);
    if (pending === null) {
      pending = { start: item.start, end: item.end, command, more: [] };
      listLike = command !== null || (short(item.text) && startsWithPointer(item.text));
      naming = command === null && endsNaming(item.text, false);
      continue;
    }
    const continues = pending.command !== null && command === null && item.sep === ',';
    const startsCommand = command !== null && listLike;
    // After a sentence that ends naming files (`covers impl_x.md, re-impl_x.md must not match`), the list goes on naming them.
    const startsPointer = command === null && !continues && !naming && startsWithPointer(item.text);
    if (!continues && (startsCommand || startsPointer)) {
      yield done(pending);
      pending = { start: item.start, end: item.end, command, more: [] };
      listLike = command !== null || short(item.text);
      naming = command === null && endsNaming(item.text, false);
      continue;
    }
    // Glued to the group before: its text as written, a command's words read as written (not parsed again).
    naming = pending.command === null && endsNaming(item.text, naming);
    pending.end = item.end;
    if (pending.command) for (const w of item.text.split(/\s+/)) pending.more.push(w);
    else listLike = false;
  }
  if (pending) yield done(pending);
}

/**
 * Reads one part into `out`: each group is a command (with the pointers named in its words
 * under it), pointers (the first standing as the item, the ones only named later in its text
 * under the pointer before them), or a prose item (with the pointers named in it under it).
 */
function classifyPart(part: string, ctx: CellContext, out: ClassifiedPointer[]): void {
  ctx.ids = false;
  const items = splitItems(part);
  // A part of separators only (`,`) still says something: prose, as written.
  if (items.length === 0) out.push({ raw: part, kind: 'prose' });
  for (const group of groupItems(part, items)) {
    if (out.length > MAX_POINTERS_PER_CELL) break;
    if (group.command) {
      const at = out.length;
      out.push({ raw: group.text, kind: 'command' });
      for (const p of commandParts(group.command, ctx)) out.push({ ...p, within: at });
      continue;
    }
    const found = classifySegment(group.text, ctx, MAX_POINTERS_PER_CELL + 1 - out.length);
    if (found === null) {
      out.push({ raw: group.text, kind: 'prose' });
      continue;
    }
    const offset = out.length;
    const prose = (found[0] as ClassifiedPointer).mention === true;
    if (prose) out.push({ raw: group.text, kind: 'prose' });
    // Where each pointer of the group lands in `out`, and the standing pointer each is named under.
    const index: number[] = [];
    let owner = prose ? offset : -1;
    for (const [k, p] of found.entries()) {
      const { mention, within, note, ...rest } = p;
      index[k] = out.length;
      let parent: number | undefined;
      if (within !== undefined) {
        // A pointer in a bracketed note belongs where its owner does: the owner itself when it stands, else the item it was named in.
        const owner = out[index[within] as number] as ClassifiedPointer;
        parent = owner.within ?? index[within];
      } else if (mention || prose) parent = owner;
      else owner = out.length;
      // The words of a prose item are its own text: no note is split from it.
      const kept: ClassifiedPointer = prose || note === undefined ? rest : { ...rest, note };
      out.push(parent === undefined || parent < 0 ? kept : { ...kept, within: parent });
    }
  }
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
  for (const part of splitParts(cell)) {
    classifyPart(part, ctx, out);
    if (out.length > MAX_POINTERS_PER_CELL) break;
  }
  if (out.length > MAX_POINTERS_PER_CELL) {
    const kept = out.slice(0, MAX_POINTERS_PER_CELL);
    return [...kept, { raw: `… more than ${MAX_POINTERS_PER_CELL} pointers`, kind: 'prose', truncated: true }];
  }
  // A cell of only separators (";") still says nothing verifiable: prose, flagged.
  if (out.length === 0 && cell.trim() !== '') return [{ raw: cell.trim(), kind: 'prose' }];
  return out;
}
