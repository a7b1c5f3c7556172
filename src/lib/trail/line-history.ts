/**
 * What happened to each line of a record file over its versions (decision trail, Part 1:
 * "Append-only. A wrong row is corrected by a new row with supersedes, never edited or
 * deleted"). Pure: the versions come from `record-history.ts`, which reads them from git.
 *
 * Versions are fed oldest first. Between two versions the lines are diffed (longest common
 * subsequence); inside each changed stretch, removed and added lines are paired as the same
 * row when their row keys agree (same `id`, else same timestamp and ticket), and lines
 * without a key (documents, unparseable lines) are paired by position. A pair whose text
 * differs is a rewrite; an unpaired removed line is a deletion; an unpaired added line is an
 * insertion when lines of the older version follow it, an append otherwise.
 *
 * At the end each line of the last version is judged against the text it had when it was
 * first committed, so a rewrite undone later is not reported, and a line introduced by the
 * uncommitted work tree was never committed (it cannot have been rewritten after a commit).
 */
import { diffArrays } from 'diff';

/** A commit as history names it. */
export interface CommitRef {
  /** Full SHA. */
  oid: string;
  /** First line of the message. */
  subject: string;
}

/** One version of a record file: its lines, and the commit that introduced it (null: the work tree, uncommitted). */
export interface RecordVersion {
  commit: CommitRef | null;
  lines: readonly string[];
}

/** A line whose committed text was changed later. `line` is 1-based in the last version. */
export interface RewrittenLine {
  type: 'rewritten';
  line: number;
  /** The text as first committed. */
  earlier: string;
  committedIn: CommitRef;
  /** The last version that changed it (null: the uncommitted work tree). */
  changedIn: CommitRef | null;
}

/** A committed line that is no longer there. */
export interface DeletedLine {
  type: 'deleted';
  /** Its last text. */
  earlier: string;
  /** 1-based line in the last version that held it. */
  earlierLine: number;
  committedIn: CommitRef;
  deletedIn: CommitRef | null;
  /** 1-based line of the last version it stood above, or null when it stood at the end. */
  before: number | null;
  /** The row id its text held, when it parses as a row (set by record-history.ts). */
  rowId?: string;
}

/** A line added above lines committed earlier (in an append-only file, a row slipped in). */
export interface InsertedLine {
  type: 'inserted';
  line: number;
  insertedIn: CommitRef | null;
  /** The commit of the older line right below it. */
  above: CommitRef;
}

/** One change a line history found: a committed line rewritten or deleted, or a line inserted above committed ones. */
export type LineChange = RewrittenLine | DeletedLine | InsertedLine;

/** How two lines are known to be the same row; null when a line has no key (a document line). */
export type RowKey = (line: string) => string | null;

interface LineState {
  text: string;
  firstText: string;
  /** The commit that first held the line, or null when only the work tree does. */
  committedIn: CommitRef | null;
  changedIn?: CommitRef | null;
  inserted?: { insertedIn: CommitRef | null; above: CommitRef };
}

/** Above this many edits between two versions the diff gives up and takes the whole file as replaced. */
export const MAX_EDITS = 4000;

const isBlank = (text: string): boolean => text.trim() === '';

/** Splits a file's text into lines as a reader numbers them (BOM, CR and a final line break dropped). */
export function splitRecordLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body === '') return [];
  const lines = body.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** Pairs removed and added lines of one changed stretch: by key, then (lines without a key) by position. */
function pairLines(removed: readonly string[], added: readonly string[], key: RowKey): Array<[number | null, number | null]> {
  const removedKeys = removed.map(key);
  const addedKeys = added.map(key);
  const pairedAdded = new Map<number, number>();
  const usedRemoved = new Set<number>();
  const byKey = new Map<string, number[]>();
  removedKeys.forEach((k, i) => {
    if (k !== null) byKey.set(k, [...(byKey.get(k) ?? []), i]);
  });
  addedKeys.forEach((k, j) => {
    if (k === null) return;
    const candidates = byKey.get(k);
    const i = candidates?.shift();
    if (i !== undefined) {
      pairedAdded.set(j, i);
      usedRemoved.add(i);
    }
  });
  // Lines without a key pair by position among the unpaired lines without a key.
  const freeRemoved = removed.map((_, i) => i).filter((i) => !usedRemoved.has(i) && removedKeys[i] === null);
  const freeAdded = added.map((_, j) => j).filter((j) => !pairedAdded.has(j) && addedKeys[j] === null);
  for (let n = 0; n < Math.min(freeRemoved.length, freeAdded.length); n++) {
    pairedAdded.set(freeAdded[n] as number, freeRemoved[n] as number);
    usedRemoved.add(freeRemoved[n] as number);
  }
  const out: Array<[number | null, number | null]> = [];
  for (let i = 0; i < removed.length; i++) if (!usedRemoved.has(i)) out.push([i, null]);
  for (let j = 0; j < added.length; j++) out.push([pairedAdded.get(j) ?? null, j]);
  return out;
}

/**
 * Follows a file's lines through its versions. Feed versions oldest first with
 * {@link LineHistory.next}; {@link LineHistory.changes} gives what the rule forbids.
 */
export class LineHistory {
  #lines: LineState[];
  /** Deleted lines, with the line below them when they went (its own deletion, if it went too, is followed). */
  #deleted: Array<{ change: Omit<DeletedLine, 'before'>; state: LineState; anchor: LineState | null }> = [];
  #key: RowKey;
  readonly #appendOnly: boolean;

  /** `first` must be a committed version (the oldest version a commit holds). */
  constructor(first: RecordVersion & { commit: CommitRef }, options: { key: RowKey; appendOnly: boolean }) {
    this.#key = options.key;
    this.#appendOnly = options.appendOnly;
    this.#lines = first.lines.map((text) => ({ text, firstText: text, committedIn: first.commit }));
  }

  /** Takes the next version; `key` replaces the row key from now on (a TSV header may change). */
  next(version: RecordVersion, key: RowKey = this.#key): void {
    this.#key = key;
    const old = this.#lines;
    const oldTexts = old.map((l) => l.text);
    const lines = version.lines;
    // An append (the honest case) needs no diff.
    if (lines.length >= oldTexts.length && oldTexts.every((t, i) => lines[i] === t)) {
      for (let i = oldTexts.length; i < lines.length; i++) old.push({ text: lines[i] as string, firstText: lines[i] as string, committedIn: version.commit });
      return;
    }
    const parts = diffArrays(oldTexts, [...lines], { maxEditLength: MAX_EDITS }) ?? [
      { value: oldTexts, removed: true, added: false, count: oldTexts.length },
      { value: [...lines], removed: false, added: true, count: lines.length },
    ];
    const next: LineState[] = [];
    let oi = 0;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p] as (typeof parts)[number];
      if (!part.added && !part.removed) {
        for (let k = 0; k < part.value.length; k++) next.push(old[oi++] as LineState);
        continue;
      }
      // One changed stretch: the removed part and the added part next to it.
      const removedPart = part.removed ? part : null;
      const addedPart = part.added ? part : parts[p + 1]?.added ? (parts[++p] as typeof part) : null;
      const removedStates = removedPart ? old.slice(oi, oi + removedPart.value.length) : [];
      oi += removedStates.length;
      const added = addedPart ? addedPart.value : [];
      // Older lines after this stretch make its additions insertions.
      const olderFollow = oi < old.length;
      const below = olderFollow ? (old[oi] as LineState) : null;
      const pairs = pairLines(removedStates.map((s) => s.text), added, this.#key);
      for (const [i, j] of pairs) {
        if (j === null) {
          const gone = removedStates[i as number] as LineState;
          if (gone.committedIn !== null && !isBlank(gone.text)) {
            this.#deleted.push({ change: { type: 'deleted', earlier: gone.text, earlierLine: (i as number) + oi - removedStates.length + 1, committedIn: gone.committedIn, deletedIn: version.commit }, state: gone, anchor: below });
          }
          continue;
        }
        const text = added[j] as string;
        if (i !== null) {
          const state = removedStates[i] as LineState;
          if (state.text !== text) state.changedIn = version.commit;
          state.text = text;
          next.push(state);
        } else {
          const state: LineState = { text, firstText: text, committedIn: version.commit };
          if (olderFollow && below?.committedIn) state.inserted = { insertedIn: version.commit, above: below.committedIn };
          next.push(state);
        }
      }
    }
    this.#lines = next;
  }

  /** The commit that first held each line of the last version (null: only the uncommitted work tree holds it), in line order. */
  committedIns(): Array<CommitRef | null> {
    return this.#lines.map((s) => s.committedIn);
  }

  /** The changes the rules report, in the last version's line order (deletions where they stood). */
  changes(): LineChange[] {
    const out: LineChange[] = [];
    const lineOf = new Map(this.#lines.map((s, i) => [s, i + 1]));
    const deletedBefore = new Map<number | null, DeletedLine[]>();
    const anchorOfGone = new Map(this.#deleted.map((d) => [d.state, d.anchor]));
    for (const d of this.#deleted) {
      // The line it stood above may be gone too: then it stood where that one stood.
      let anchor = d.anchor;
      for (let hops = 0; anchor !== null && !lineOf.has(anchor) && hops <= this.#deleted.length; hops++) anchor = anchorOfGone.get(anchor) ?? null;
      const before = anchor === null ? null : (lineOf.get(anchor) ?? null);
      const list = deletedBefore.get(before) ?? [];
      list.push({ ...d.change, before });
      deletedBefore.set(before, list);
    }
    this.#lines.forEach((s, i) => {
      const line = i + 1;
      for (const d of deletedBefore.get(line) ?? []) out.push(d);
      if (isBlank(s.text)) return;
      if (this.#appendOnly && s.inserted) out.push({ type: 'inserted', line, insertedIn: s.inserted.insertedIn, above: s.inserted.above });
      if (s.committedIn !== null && s.text !== s.firstText) out.push({ type: 'rewritten', line, earlier: s.firstText, committedIn: s.committedIn, changedIn: s.changedIn ?? null });
    });
    for (const d of deletedBefore.get(null) ?? []) out.push(d);
    return out;
  }
}
