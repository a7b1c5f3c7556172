/**
 * Since the last build (issue 15, scope 4): what changed in a project between its state at the
 * previous build and now — new rows, rows gone, new flags, fixed flags, and evidence whose
 * status changed (a cited file deleted since, a commit rewritten away). A flag whose rows are
 * all gone is not fixed: it went with them. Flags are matched by
 * stable identity (`flag-identity.ts`), rows by anchor and id, pointers by their place in a
 * row whose evidence kept its number of pointers. Pure.
 */
import type { EvidenceStatus, Severity } from '../model/types.ts';
import { decodeRows, STATUS_OF_LETTER, type ProjectState } from './project-state.ts';

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
}

/** The changes from `before` to `after`, each list in `after`'s (or, for what went, `before`'s) order. */
export function sinceLastBuild(before: ProjectState, after: ProjectState): SinceChanges {
  const newRows: SinceRow[] = [];
  const evidence: SinceEvidence[] = [];
  const beforeRows = decodeRows(before.rows);
  const afterRows = decodeRows(after.rows);
  const wasAt = new Map(beforeRows.map((r) => [r.anchor, r]));
  const isAt = new Map(afterRows.map((r) => [r.anchor, r]));
  for (const row of afterRows) {
    const anchor = row.anchor;
    const was = wasAt.get(anchor);
    if (!was || was.id !== row.id) {
      newRows.push({ anchor, id: row.id });
      continue;
    }
    if (was.evidence === row.evidence || was.evidence.length !== row.evidence.length) continue;
    for (let i = 0; i < row.evidence.length; i++) {
      const from = was.evidence[i] as string;
      const to = row.evidence[i] as string;
      if (from !== to) evidence.push({ anchor, id: row.id, index: i, from: STATUS_OF_LETTER[from] as EvidenceStatus, to: STATUS_OF_LETTER[to] as EvidenceStatus });
    }
  }
  const goneRows = beforeRows.filter((row) => isAt.get(row.anchor)?.id !== row.id).map((row) => ({ anchor: row.anchor, id: row.id }));
  const flag = (id: string, f: ProjectState['flags'][string]): SinceFlag => ({ id, kind: f.kind, severity: f.severity, summary: f.summary, n: f.n });
  const newFlags = Object.entries(after.flags).filter(([id]) => !(id in before.flags)).map(([id, f]) => flag(id, f));
  // A flag about rows that are all gone went out of view with them (counted among the rows gone): it is not fixed (issue 26, item 8).
  const stillThere = new Set(afterRows.map((r) => r.id));
  const outOfView = (f: ProjectState['flags'][string]): boolean => (f.rows?.length ?? 0) > 0 && f.rows.every((id) => !stillThere.has(id));
  const fixedFlags = Object.entries(before.flags).filter(([id, f]) => !(id in after.flags) && !outOfView(f)).map(([id, f]) => flag(id, f));
  return { newRows, goneRows, newFlags, fixedFlags, evidence };
}

/** Whether nothing changed. */
export function noChanges(c: SinceChanges): boolean {
  return c.newRows.length === 0 && c.goneRows.length === 0 && c.newFlags.length === 0 && c.fixedFlags.length === 0 && c.evidence.length === 0;
}
