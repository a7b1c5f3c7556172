/**
 * What the recap and the archive home show of the build history (issue 15, scopes 4–5): since
 * the last build, and the trends. Built once per build by `archive-history.ts` and read by the
 * pages from the cache; a project's view holds only what its recap shows, so an unchanged
 * project's view — and so its recap — stays the same from one build to the next.
 */
import type { EvidenceStatus, ProjectModel } from '../model/types.ts';
import type { SinceChanges, SinceFlag } from './since-last-build.ts';
import type { TrendPoint } from './trends.ts';

/** Items of one kind listed at most; the rest are counted. */
export const MAX_LISTED = 50;

/** A new row as listed: its anchor on the recap, id and decision (cut to 160 characters). */
export interface ListedRow {
  anchor: string;
  id: string;
  decision: string;
}

/** An evidence pointer whose status changed, as listed. */
export interface ListedEvidence {
  anchor: string;
  id: string;
  raw: string;
  from: EvidenceStatus;
  to: EvidenceStatus;
  reason: string;
}

/** What changed in a project since the last build. */
export type ProjectSince =
  | { kind: 'new'; previous: number; build: number; rows: number; flags: number }
  | {
      kind: 'changed';
      previous: number;
      build: number;
      newRows: ListedRow[];
      moreNewRows: number;
      /** Rows of the last build no longer there (their ids). */
      goneRows: string[];
      moreGoneRows: number;
      newFlags: SinceFlag[];
      moreNewFlags: number;
      fixedFlags: SinceFlag[];
      moreFixedFlags: number;
      evidence: ListedEvidence[];
      moreEvidence: number;
      /** Flags of both builds the baseline accepts now and did not then (count16). */
      newlyAccepted: SinceFlag[];
      moreNewlyAccepted: number;
      /** Flags of both builds the baseline accepted then and does not now. */
      noLongerAccepted: SinceFlag[];
      moreNoLongerAccepted: number;
    };

/** A recap's history: since the last build (null when nothing changed) and its trend (empty below two points). */
export interface ProjectHistoryView {
  since: ProjectSince | null;
  trend: TrendPoint[];
}

/** One project in the home's "since the last build". */
export interface ArchiveSinceProject {
  id: string;
  title: string;
  kind: 'new' | 'changed' | 'gone';
  newRows: number;
  goneRows: number;
  newFlags: number;
  /** New flags of high severity. */
  newHigh: number;
  fixedFlags: number;
  evidence: number;
  /** Flags the baseline accepts now and did not at the last build (count16). */
  newlyAccepted: number;
  /** Flags the baseline accepted at the last build and does not now. */
  noLongerAccepted: number;
}

/** The home's history. */
export interface ArchiveHistoryView {
  build: number;
  /** The previous build's number, or null for the first build of the history. */
  previous: number | null;
  /** Builds kept (the trend's points). */
  kept: number;
  /** `SOURCE_DATE_EPOCH` of this build, when set. */
  at?: string;
  /** Projects new, changed or gone since the previous build, in archive order (gone last). */
  projects: ArchiveSinceProject[];
  unchanged: number;
  /**
   * Projects whose state changed since the previous build in ways this build cannot tell: the
   * previous build's rows and flags were not read (its states file missing, issue 30). Not in
   * `projects`, not in `unchanged`.
   */
  notCompared: number;
  totals: { newRows: number; newFlags: number; fixedFlags: number; evidence: number; newlyAccepted: number; noLongerAccepted: number };
  trend: TrendPoint[];
}

/** Pointers whose status changed the same way (same text, statuses and reason), and the rows citing them. */
export interface EvidenceGroup {
  raw: string;
  from: EvidenceStatus;
  to: EvidenceStatus;
  reason: string;
  /** In the order first listed, each row once. */
  rows: Array<{ anchor: string; id: string }>;
}

/**
 * Groups listed evidence changes that are one change: a cited file deleted since turns every
 * row citing it from verified to not verified with the same reason, which a recap says once,
 * naming the rows. Groups keep the order of their first pointer. Pure.
 */
export function groupEvidence(evidence: readonly ListedEvidence[]): EvidenceGroup[] {
  const groups: EvidenceGroup[] = [];
  const byChange = new Map<string, EvidenceGroup>();
  for (const e of evidence) {
    const key = JSON.stringify([e.raw, e.from, e.to, e.reason]);
    let group = byChange.get(key);
    if (!group) {
      group = { raw: e.raw, from: e.from, to: e.to, reason: e.reason, rows: [] };
      byChange.set(key, group);
      groups.push(group);
    }
    if (!group.rows.some((r) => r.anchor === e.anchor)) group.rows.push({ anchor: e.anchor, id: e.id });
  }
  return groups;
}

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The recap's "since the last build" from the changes and (for rows and evidence) the current
 * model. `model` is read only when rows or evidence are to be listed.
 */
export async function projectSince(changes: SinceChanges, previous: number, build: number, model: () => Promise<Pick<ProjectModel, 'rows'>>): Promise<ProjectSince> {
  const needsModel = changes.newRows.length > 0 || changes.evidence.length > 0;
  const rows = needsModel ? new Map((await model()).rows.map((r) => [r.anchor, r])) : new Map();
  const newRows = changes.newRows.slice(0, MAX_LISTED).map((r) => ({ anchor: r.anchor, id: r.id, decision: cut(rows.get(r.anchor)?.decision ?? '', 160) }));
  const evidence = changes.evidence.slice(0, MAX_LISTED).map((e) => {
    const p = rows.get(e.anchor)?.evidence[e.index];
    return { anchor: e.anchor, id: e.id, raw: p?.raw ?? '', from: e.from, to: e.to, reason: p?.reason ?? '' };
  });
  return {
    kind: 'changed',
    previous,
    build,
    newRows,
    moreNewRows: Math.max(0, changes.newRows.length - MAX_LISTED),
    goneRows: changes.goneRows.slice(0, MAX_LISTED).map((r) => r.id),
    moreGoneRows: Math.max(0, changes.goneRows.length - MAX_LISTED),
    newFlags: changes.newFlags.slice(0, MAX_LISTED),
    moreNewFlags: Math.max(0, changes.newFlags.length - MAX_LISTED),
    fixedFlags: changes.fixedFlags.slice(0, MAX_LISTED),
    moreFixedFlags: Math.max(0, changes.fixedFlags.length - MAX_LISTED),
    evidence,
    moreEvidence: Math.max(0, changes.evidence.length - MAX_LISTED),
    newlyAccepted: changes.newlyAccepted.slice(0, MAX_LISTED),
    moreNewlyAccepted: Math.max(0, changes.newlyAccepted.length - MAX_LISTED),
    noLongerAccepted: changes.noLongerAccepted.slice(0, MAX_LISTED),
    moreNoLongerAccepted: Math.max(0, changes.noLongerAccepted.length - MAX_LISTED),
  };
}
