/**
 * Comparing two runs (issue 15, scope 6; docs/history.md, "Comparing two runs"): what run B
 * decided, flagged and concluded differently from run A — decisions added, removed and
 * changed, flags new and fixed, verdicts, the design pick and grafts that changed.
 *
 * Rows are matched by id first (the same row in both), then, among the rest, by decision text
 * (whitespace and case aside; equal texts pair in file order): two runs of one ticket write the
 * same decision at another time, so under another id. Last, by place: a row left over in both
 * with the same time and the same line of the same file is the same row edited (a pstack row's
 * id is computed from its text, so an edited decision gets another id). A matched pair is changed when any of
 * its fields differs (decision, why, evidence, result, phase, actor; the time and id only
 * when matched by id). Flags are compared by stable identity (`flag-identity.ts`) after B's
 * row ids are mapped onto A's; a flag about no row is keyed by its kind and files, and equal
 * keys are counted (three invalid lines where there were two: one new). A flag of A about rows
 * B does not have is gone with them, never fixed.
 *
 * Pure and browser-safe (no Node import): `trailbook diff` and the compare page run this same
 * code on the same inputs — two project models, or two `recap.json` exports — so they agree.
 */
import type { Flag, Severity, TrailRow } from '../model/types.ts';
import type { VerdictsModel } from '../model/verdicts.ts';
import type { ArenaModel } from '../model/arena.ts';
import { flagIdentityText } from '../build-history/flag-identity.ts';

/** The version string of a run diff (`trailbook diff --json`). */
export const DIFF_VERSION = 'trailbook.diff/1';

/** What a run needs to be compared: a project model or a `recap.json`. */
export interface ComparableRun {
  id: string;
  title: string;
  rows: ReadonlyArray<Pick<TrailRow, 'id' | 'anchor' | 'decision' | 'why' | 'evidenceText' | 'result' | 'phase' | 'actor' | 'ts' | 'file' | 'line'>>;
  flags: ReadonlyArray<Pick<Flag, 'kind' | 'severity' | 'rows' | 'evidence' | 'at' | 'summary'>>;
  verdicts?: Pick<VerdictsModel, 'qa'> | null;
  arena?: Pick<ArenaModel, 'selection'> | null;
  /** The run's repository: `problem` is why its git checks were inconclusive (`no repository`), null when it was read. */
  repository?: { problem: string | null } | null;
}

/** A row as a diff lists it. */
export interface DiffRow {
  id: string;
  anchor: string;
  decision: string;
  result: string;
}

/** One field that differs between two matched rows. */
export interface FieldChange {
  field: 'decision' | 'why' | 'evidence' | 'result' | 'phase' | 'actor' | 'ts';
  a: string;
  b: string;
}

/** A row of A and the row of B it was matched with, and what differs. */
export interface ChangedRow {
  a: DiffRow;
  b: DiffRow;
  /** How the pair was found: the same id, the same decision text, or the same time and line (`place`). */
  matchedBy: 'id' | 'text' | 'place';
  fields: FieldChange[];
}

/** A flag as a diff lists it. `n` is its 1-based place in its run's Attention (`#flag-<n>`). */
export interface DiffFlag {
  kind: string;
  severity: Severity;
  summary: string;
  rows: string[];
  n: number;
}

/** A verdict that differs: by gate and ticket, A's and B's verdict (null when the run has none). */
export interface VerdictChange {
  gate: string;
  ticket: string;
  a: string | null;
  b: string | null;
}

/**
 * A side of a diff. `gitProblem`: why its evidence was not checked against a repository (its
 * git checks inconclusive: `no repository`), null when it was; absent when the run does not say.
 */
export interface DiffSide {
  id: string;
  title: string;
  rows: number;
  flags: number;
  gitProblem?: string | null;
}

/** The difference between two runs. */
export interface RunDiff {
  version: typeof DIFF_VERSION;
  a: DiffSide;
  b: DiffSide;
  decisions: { added: DiffRow[]; removed: DiffRow[]; changed: ChangedRow[]; unchanged: number };
  /**
   * `gone`: flags of A about rows that are not in B (removed): out of view, not fixed (issue 26,
   * item 8: a flag is never called fixed because what it was about went out of view).
   */
  flags: { new: DiffFlag[]; fixed: DiffFlag[]; gone: DiffFlag[]; unchanged: number };
  verdicts: VerdictChange[];
  /** The design pick, when it differs. */
  pick: { a: string | null; b: string | null } | null;
  /** Grafts (`from: part`) in one run's selection and not in the other's. */
  grafts: { added: string[]; removed: string[] };
}

/**
 * What a diff of two runs that share no decision says: both have rows, and none of A's is in B,
 * changed or not (use9: `trailbook diff` of two unrelated projects said "10 added, 9 removed,
 * 0 unchanged" and no more, as if one run had been rewritten whole). Null when they share one.
 */
export function unrelatedRunsNote(d: Pick<RunDiff, 'a' | 'b' | 'decisions'>): string | null {
  const dec = d.decisions;
  if (d.a.rows === 0 || d.b.rows === 0 || dec.changed.length > 0 || dec.unchanged > 0) return null;
  return 'A and B share no decision (none matched by id, text or place): they look like two different projects, not two runs of one.';
}

/**
 * What a diff says when one run's evidence was checked against a repository and the other's was
 * not (use12: `trailbook diff` of an old copy of a trail kept outside the repository listed every
 * evidence flag of B as new, a high path-not-found among them, for rows nobody had touched).
 * Null when both were checked alike, either run does not say, or no flag a repository decides
 * (`evidence/`, `history/`, `repository/`) is new or fixed.
 */
export function evidenceCheckNote(d: Pick<RunDiff, 'a' | 'b' | 'flags'>): string | null {
  // Only flags a repository decides: on evidence, the trail's git history, the repository itself.
  if (![...d.flags.new, ...d.flags.fixed].some((f) => /^(?:evidence|history|repository)\//.test(f.kind))) return null;
  const note = (unchecked: 'A' | 'B', problem: string): string =>
    `${unchecked}'s evidence was not checked against a repository (${problem}), ${unchecked === 'A' ? 'B' : 'A'}'s was: flags on evidence may be new or fixed for that alone, not because the trail changed.`;
  const [a, b] = [d.a.gitProblem, d.b.gitProblem];
  if (typeof a === 'string' && b === null) return note('A', a);
  if (typeof b === 'string' && a === null) return note('B', b);
  return null;
}

const normal = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

const listed = (r: ComparableRun['rows'][number]): DiffRow => ({ id: r.id, anchor: r.anchor, decision: r.decision, result: r.result });

function fieldChanges(a: ComparableRun['rows'][number], b: ComparableRun['rows'][number], byId: boolean): FieldChange[] {
  const out: FieldChange[] = [];
  const pairs: Array<[FieldChange['field'], string, string]> = [
    ['decision', a.decision, b.decision],
    ['why', a.why, b.why],
    ['evidence', a.evidenceText, b.evidenceText],
    ['result', a.result, b.result],
    ['phase', a.phase, b.phase],
    ['actor', a.actor, b.actor],
  ];
  if (byId) pairs.push(['ts', a.ts, b.ts]);
  for (const [field, x, y] of pairs) if (x !== y) out.push({ field, a: x, b: y });
  return out;
}

/** Pairs B's rows with A's: by id, then by decision text, then by time and line. Returns B index → A index. */
function matchRows(a: ComparableRun['rows'], b: ComparableRun['rows']): { pairs: Map<number, { a: number; by: ChangedRow['matchedBy'] }> } {
  const pairs = new Map<number, { a: number; by: ChangedRow['matchedBy'] }>();
  const usedA = new Set<number>();
  const byId = new Map<string, number[]>();
  a.forEach((r, i) => byId.set(r.id, [...(byId.get(r.id) ?? []), i]));
  b.forEach((r, j) => {
    const i = byId.get(r.id)?.shift();
    if (i !== undefined) {
      pairs.set(j, { a: i, by: 'id' });
      usedA.add(i);
    }
  });
  const byText = new Map<string, number[]>();
  a.forEach((r, i) => {
    if (usedA.has(i)) return;
    const key = normal(r.decision);
    byText.set(key, [...(byText.get(key) ?? []), i]);
  });
  b.forEach((r, j) => {
    if (pairs.has(j)) return;
    const i = byText.get(normal(r.decision))?.shift();
    if (i !== undefined) {
      pairs.set(j, { a: i, by: 'text' });
      usedA.add(i);
    }
  });
  const place = (r: ComparableRun['rows'][number]): string | null => (r.ts.trim() === '' ? null : `${r.ts.trim()}\u0000${r.file.split('/').pop() ?? r.file}\u0000${r.line}`);
  // Only a place that one row holds on each side (every key counted, matched or not).
  const count = (rows: ComparableRun['rows']): Map<string, number> => {
    const n = new Map<string, number>();
    for (const r of rows) {
      const key = place(r);
      if (key !== null) n.set(key, (n.get(key) ?? 0) + 1);
    }
    return n;
  };
  const inA = count(a);
  const inB = count(b);
  const byPlace = new Map<string, number>();
  a.forEach((r, i) => {
    const key = place(r);
    if (!usedA.has(i) && key !== null && inA.get(key) === 1 && inB.get(key) === 1) byPlace.set(key, i);
  });
  b.forEach((r, j) => {
    const key = place(r);
    const i = key === null || pairs.has(j) ? undefined : byPlace.get(key);
    if (i !== undefined) pairs.set(j, { a: i, by: 'place' });
  });
  return { pairs };
}

/** The key a flag is compared by; row ids already mapped into A's space. */
function compareKey(f: ComparableRun['flags'][number], rows: readonly string[]): string {
  if (rows.length > 0) return flagIdentityText(f, rows);
  return [f.kind, '', f.evidence ?? '', [...new Set(f.at.map((p) => p.file))].sort().join(',')].join('\u0000');
}

function diffFlags(a: ComparableRun['flags'], b: ComparableRun['flags'], bToA: ReadonlyMap<string, string>, bRows: ReadonlyArray<{ id: string }>): RunDiff['flags'] {
  // A's rows that B has (matched, or under the same id: a row A's flag names that A itself lost, such as a deleted row).
  const inView = new Set([...bToA.values(), ...bRows.map((r) => r.id)]);
  const listedFlag = (f: ComparableRun['flags'][number], i: number): DiffFlag => ({ kind: f.kind, severity: f.severity, summary: f.summary, rows: [...f.rows], n: i + 1 });
  const inA = new Map<string, number[]>();
  a.forEach((f, i) => {
    const key = compareKey(f, f.rows);
    inA.set(key, [...(inA.get(key) ?? []), i]);
  });
  const fresh: DiffFlag[] = [];
  let unchanged = 0;
  const matchedA = new Set<number>();
  b.forEach((f, j) => {
    const key = compareKey(f, f.rows.map((id) => bToA.get(id) ?? `b:${id}`));
    const i = inA.get(key)?.shift();
    if (i === undefined) fresh.push(listedFlag(f, j));
    else {
      matchedA.add(i);
      unchanged++;
    }
  });
  const fixed: DiffFlag[] = [];
  const gone: DiffFlag[] = [];
  a.forEach((f, i) => {
    if (matchedA.has(i)) return;
    // About rows B no longer has: gone with them, not fixed.
    if (f.rows.length > 0 && f.rows.every((id) => !inView.has(id))) gone.push(listedFlag(f, i));
    else fixed.push(listedFlag(f, i));
  });
  return { new: fresh, fixed, gone, unchanged };
}

function diffVerdicts(a: ComparableRun['verdicts'], b: ComparableRun['verdicts']): VerdictChange[] {
  const key = (v: { gate: string; ticket: string }): string => `${v.gate}\u0000${v.ticket}`;
  const of = (m: ComparableRun['verdicts']): Map<string, { gate: string; ticket: string; verdict: string }> => {
    const out = new Map<string, { gate: string; ticket: string; verdict: string }>();
    // The last verdict of a gate and ticket is the one that stands.
    for (const v of m?.qa ?? []) out.set(key(v), { gate: v.gate, ticket: v.ticket, verdict: v.verdict });
    return out;
  };
  const va = of(a);
  const vb = of(b);
  const out: VerdictChange[] = [];
  for (const k of [...new Set([...va.keys(), ...vb.keys()])].sort()) {
    const x = va.get(k);
    const y = vb.get(k);
    if (x?.verdict === y?.verdict) continue;
    const v = (x ?? y) as { gate: string; ticket: string };
    out.push({ gate: v.gate, ticket: v.ticket, a: x?.verdict ?? null, b: y?.verdict ?? null });
  }
  return out;
}

const graftsOf = (arena: ComparableRun['arena']): string[] => (arena?.selection?.grafts ?? []).map((g) => `${g.from ?? '?'}: ${g.part}`);

const side = (r: ComparableRun): DiffSide => ({ id: r.id, title: r.title, rows: r.rows.length, flags: r.flags.length, ...(r.repository ? { gitProblem: r.repository.problem } : {}) });

/** The difference from run `a` to run `b`. Pure; never throws. */
export function compareRuns(a: ComparableRun, b: ComparableRun): RunDiff {
  const { pairs } = matchRows(a.rows, b.rows);
  const matchedA = new Set([...pairs.values()].map((p) => p.a));
  const added: DiffRow[] = [];
  const changed: ChangedRow[] = [];
  let unchanged = 0;
  const bToA = new Map<string, string>();
  b.rows.forEach((r, j) => {
    const pair = pairs.get(j);
    if (!pair) {
      added.push(listed(r));
      return;
    }
    const ra = a.rows[pair.a] as ComparableRun['rows'][number];
    if (!bToA.has(r.id)) bToA.set(r.id, ra.id);
    const fields = fieldChanges(ra, r, pair.by === 'id');
    if (fields.length === 0) unchanged++;
    else changed.push({ a: listed(ra), b: listed(r), matchedBy: pair.by, fields });
  });
  const removed = a.rows.flatMap((r, i) => (matchedA.has(i) ? [] : [listed(r)]));
  const pickA = a.arena?.selection?.pick ?? null;
  const pickB = b.arena?.selection?.pick ?? null;
  const ga = graftsOf(a.arena);
  const gb = graftsOf(b.arena);
  return {
    version: DIFF_VERSION,
    a: side(a),
    b: side(b),
    decisions: { added, removed, changed, unchanged },
    flags: diffFlags(a.flags, b.flags, bToA, b.rows),
    verdicts: diffVerdicts(a.verdicts, b.verdicts),
    pick: pickA === pickB ? null : { a: pickA, b: pickB },
    grafts: { added: gb.filter((g) => !ga.includes(g)), removed: ga.filter((g) => !gb.includes(g)) },
  };
}
