/**
 * Since the last build (issue 15, scope 4): what changed in a project between its state at the
 * previous build and now — new rows, rows gone, new flags, fixed flags, evidence whose status
 * changed (a cited file deleted since, a commit rewritten away), and flags of both builds that
 * the baseline accepts now and did not, or no longer accepts (count16). A flag whose rows are
 * all gone is not fixed: it went with them. Flags are matched by
 * stable identity (`flag-identity.ts`), rows by anchor and id, pointers by their place in a
 * row whose evidence kept its number of pointers. Pure.
 */
import type { EvidenceStatus, Severity } from '../model/types.ts';
import { decodeRows, STATUS_OF_LETTER, type ProjectState } from './project-state.ts';

type StateRowOf = ReturnType<typeof decodeRows>[number];

/** A row of the current state. */
export interface SinceRow {
  anchor: string;
  id: string;
}

/** A flag of one of the two states. `n` is its place in that state's Attention list. */
export interface SinceFlag {
  id: string;
  kind: string;
  severity: Severity;
  summary: string;
  n: number;
}

/** An evidence pointer whose status changed. `index` is 0-based in its row's evidence. */
export interface SinceEvidence {
  anchor: string;
  id: string;
  index: number;
  from: EvidenceStatus;
  to: EvidenceStatus;
}

/** What changed between two states of one project. */
export interface SinceChanges {
  newRows: SinceRow[];
  goneRows: SinceRow[];
  newFlags: SinceFlag[];
  fixedFlags: SinceFlag[];
  evidence: SinceEvidence[];
  /** Flags of both builds that `trailbook.baseline.json` accepts now and did not accept then, in `after`'s order. */
  newlyAccepted: SinceFlag[];
  /** Flags of both builds accepted then and not now (the entry removed, or the baseline gone), in `after`'s order. */
  noLongerAccepted: SinceFlag[];
}

/**
 * A flag about no row, by what moves with the lines around it: its kind and the file its summary
 * starts with (`decisions.tsv:11: …` → `decisions.tsv`), as `trailbook diff` keys such a flag by
 * its kind and files (src/lib/compare/compare-runs.ts); null for any other flag.
 */
function looseKey(f: ProjectState['flags'][string]): string | null {
  if ((f.rows?.length ?? 0) > 0) return null;
  const m = /^([^\s:]+):\d+: /u.exec(f.summary);
  return m ? `${f.kind}\u0000${m[1] as string}` : null;
}

/**
 * The changes from `before` to `after`, each list in `after`'s (or, for what went, `before`'s)
 * order. A row is matched by its anchor, then, left over, by its id in file order (a row of a
 * duplicated id anchors at its line, `row-<id>-L10`, which moves when a row above it goes). A
 * flag is matched by identity, then, left over, a flag about no row by its kind and file, in
 * order (an invalid line's flag is known by its `file:line`, which moves likewise): three
 * invalid lines of a kind where there were two are one new flag (count14).
 */
export function sinceLastBuild(before: ProjectState, after: ProjectState, acceptance = true): SinceChanges {
  const newRows: SinceRow[] = [];
  const evidence: SinceEvidence[] = [];
  const beforeRows = decodeRows(before.rows);
  const afterRows = decodeRows(after.rows);
  const wasAt = new Map(beforeRows.map((r) => [r.anchor, r]));
  const isAt = new Map(afterRows.map((r) => [r.anchor, r]));
  // Rows of `before` no row of `after` has the anchor of, by id, in file order: a moved row of a duplicated id.
  const leftById = new Map<string, StateRowOf[]>();
  for (const r of beforeRows) if (isAt.get(r.anchor)?.id !== r.id) leftById.set(r.id, [...(leftById.get(r.id) ?? []), r]);
  const moved = new Set<StateRowOf>();
  for (const row of afterRows) {
    const anchor = row.anchor;
    let was = wasAt.get(anchor);
    if (!was || was.id !== row.id) {
      const same = leftById.get(row.id)?.shift();
      if (!same) {
        newRows.push({ anchor, id: row.id });
        continue;
      }
      moved.add(same);
      was = same;
    }
    if (was.evidence === row.evidence || was.evidence.length !== row.evidence.length) continue;
    for (let i = 0; i < row.evidence.length; i++) {
      const from = was.evidence[i] as string;
      const to = row.evidence[i] as string;
      if (from !== to) evidence.push({ anchor, id: row.id, index: i, from: STATUS_OF_LETTER[from] as EvidenceStatus, to: STATUS_OF_LETTER[to] as EvidenceStatus });
    }
  }
  const goneRows = beforeRows.filter((row) => isAt.get(row.anchor)?.id !== row.id && !moved.has(row)).map((row) => ({ anchor: row.anchor, id: row.id }));
  const flag = (id: string, f: ProjectState['flags'][string]): SinceFlag => ({ id, kind: f.kind, severity: f.severity, summary: f.summary, n: f.n });
  const added = Object.entries(after.flags).filter(([id]) => !(id in before.flags));
  const lost = Object.entries(before.flags).filter(([id]) => !(id in after.flags));
  // A flag about no row that only moved with its line: the first left-over flag of `before` of its kind and file.
  const lostByKey = new Map<string, string[]>();
  for (const [id, f] of lost) {
    const key = looseKey(f);
    if (key !== null) lostByKey.set(key, [...(lostByKey.get(key) ?? []), id]);
  }
  const movedFlags = new Set<string>();
  const newFlags = added
    .filter(([, f]) => {
      const key = looseKey(f);
      const was = key === null ? undefined : lostByKey.get(key)?.shift();
      if (was === undefined) return true;
      movedFlags.add(was);
      return false;
    })
    .map(([id, f]) => flag(id, f));
  // A flag about rows that are all gone went out of view with them (counted among the rows gone): it is not fixed (issue 26, item 8).
  const stillThere = new Set(afterRows.map((r) => r.id));
  const outOfView = (f: ProjectState['flags'][string]): boolean => (f.rows?.length ?? 0) > 0 && f.rows.every((id) => !stillThere.has(id));
  const fixedFlags = lost.filter(([id, f]) => !movedFlags.has(id) && !outOfView(f)).map(([id, f]) => flag(id, f));
  // Acceptance of the flags both builds raised (a new flag is new, accepted or not; a fixed one fixed), when `before` says it.
  const wasAccepted = new Set(before.accepted ?? []);
  const isAccepted = new Set(after.accepted ?? []);
  const kept = acceptance ? Object.entries(after.flags).filter(([id]) => id in before.flags) : [];
  const newlyAccepted = kept.filter(([id]) => isAccepted.has(id) && !wasAccepted.has(id)).map(([id, f]) => flag(id, f));
  const noLongerAccepted = kept.filter(([id]) => wasAccepted.has(id) && !isAccepted.has(id)).map(([id, f]) => flag(id, f));
  return { newRows, goneRows, newFlags, fixedFlags, evidence, newlyAccepted, noLongerAccepted };
}

/** Whether nothing changed. */
export function noChanges(c: SinceChanges): boolean {
  return c.newRows.length === 0 && c.goneRows.length === 0 && c.newFlags.length === 0 && c.fixedFlags.length === 0 && c.evidence.length === 0 && c.newlyAccepted.length === 0 && c.noLongerAccepted.length === 0;
}
