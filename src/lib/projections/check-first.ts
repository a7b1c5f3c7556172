/**
 * Check first (decision trail, shipped Part 2 layer 1; spec/archive.md recap item 3):
 * every row whose evidence does not resolve, and every row whose result is not `verified`.
 * The list keeps that meaning; issue 27 splits it in two groups ({@link CheckFirstBand}): the
 * rows that need a person (open), and, folded and counted apart, the results in the agent's
 * own words. {@link checkFirstGroups} orders each by reason, so one reason shared by many rows
 * (no repository) is said once, with its count.
 */
import type { EvidencePointer, ResultClass, Severity, TrailRow } from '../model/types.ts';
import { EVIDENCE_KINDS } from '../checks/evidence/unresolved.ts';
import { compareSeverityThenPlace, SEVERITY_ORDER, trailPlaceRank } from './flags.ts';
import { OPEN_RESULTS, RESULT_CLASSES, RESULT_LABELS } from '../results/classify-result.ts';

/**
 * Which of Check first's two groups a row is in (issue 27, scope 1): `open` — its result
 * failed, is open, inconclusive, reverted or skipped, or a pointer of its evidence did not
 * resolve; `words` — folded and counted apart: results in the agent's words (`reported done`
 * and notes), and `verified` results whose evidence could not be checked, is prose or is
 * missing.
 */
export type CheckFirstBand = 'open' | 'words';

/** Why a row is listed under Check first. */
export interface CheckFirstEntry {
  row: TrailRow;
  /** Pointers that are not VERIFIED. */
  unresolved: TrailRow['evidence'];
  /** True when the result is not `verified`. */
  resultNotVerified: boolean;
  /** The group the row is in. */
  band: CheckFirstBand;
}

/** True when a row's evidence is not all verified: a pointer that is not VERIFIED, or no pointer at all. */
export function evidenceNotVerified(row: Pick<TrailRow, 'evidence'>): boolean {
  return row.evidence.length === 0 || row.evidence.some((p) => p.status !== 'VERIFIED');
}

/** Whether a pointer was checked and did not resolve: NOT_VERIFIED, and not prose (a cell with no pointer is counted apart). */
export function pointerUnresolved(p: Pick<EvidencePointer, 'status' | 'kind'>): boolean {
  return p.status === 'NOT_VERIFIED' && p.kind !== 'prose';
}

/**
 * The group of a row under Check first ({@link CheckFirstBand}): `open` when its result is one
 * of {@link OPEN_RESULTS} or a pointer did not resolve ({@link pointerUnresolved}), else `words`.
 */
export function checkFirstBand(row: Pick<TrailRow, 'resultClass' | 'evidence'>): CheckFirstBand {
  return OPEN_RESULTS.has(row.resultClass) || row.evidence.some(pointerUnresolved) ? 'open' : 'words';
}

/** The Check first list, in file order. Superseded rows are included: a hidden row can still be wrong. */
export function checkFirst(rows: readonly TrailRow[]): CheckFirstEntry[] {
  const out: CheckFirstEntry[] = [];
  for (const row of rows) {
    const unresolved = row.evidence.filter((p) => p.status !== 'VERIFIED');
    const resultNotVerified = row.resultClass !== 'verified';
    if (evidenceNotVerified(row) || resultNotVerified) out.push({ row, unresolved, resultNotVerified, band: checkFirstBand(row) });
  }
  return out;
}

/**
 * What a reason is. In the `open` group: evidence that was checked and did not resolve
 * (`failed`, NOT_VERIFIED), and results that failed, are open, inconclusive, reverted or
 * skipped (`result`). In the `words` group: results in the agent's words (`result`:
 * reported done, note), and for a `verified` result, evidence that is prose, missing or could
 * not be checked (`prose`, `no-evidence`, `not-checkable`).
 */
export type CheckFirstOutcome = 'failed' | 'result' | 'prose' | 'no-evidence' | 'not-checkable';

const OUTCOME_ORDER: Record<CheckFirstOutcome, number> = { failed: 0, result: 1, prose: 2, 'no-evidence': 3, 'not-checkable': 4 };
const RESULT_ORDER = new Map<string, number>(RESULT_CLASSES.map((c, i) => [c, i]));

/** Rows that share one reason. */
export interface CheckFirstGroup {
  band: CheckFirstBand;
  outcome: CheckFirstOutcome;
  /**
   * What the rows share: for `failed`, the failed check's id (`evidence/commit-not-found`, the
   * pointer's `fault`); for `result`, the result class; for `not-checkable`, the pointer's
   * reason as written (`no repository`); for `prose` and `no-evidence`, ''.
   */
  reason: string;
  /** The rows, in file order, each with the pointers this reason is about (none for `result` and `no-evidence`). */
  entries: Array<{ row: TrailRow; pointers: EvidencePointer[] }>;
  /** True when every row of the folded group (`words`) shares this reason (and there are several): say it once. */
  everyRow: boolean;
}

/** The severity of the flag a failed check raises (src/lib/checks/evidence/unresolved.ts); unknown checks sort last. */
const FAULT_SEVERITY = new Map<string, Severity>(EVIDENCE_KINDS.map((k) => [k.kind, k.severity]));
const faultRank = (g: CheckFirstGroup): number => (g.outcome === 'failed' ? SEVERITY_ORDER[FAULT_SEVERITY.get(g.reason) ?? 'low'] + (FAULT_SEVERITY.has(g.reason) ? 0 : 1) : 0);

/**
 * The outcome a row of the folded group (`words`) is listed under, once: its result when it is
 * not `verified`; else no evidence, prose (a pointer of prose did not resolve) before what could
 * not be checked.
 */
function wordsOutcome(e: CheckFirstEntry): Exclude<CheckFirstOutcome, 'failed'> {
  if (e.resultNotVerified) return 'result';
  if (e.row.evidence.length === 0) return 'no-evidence';
  return e.unresolved.some((p) => p.kind === 'prose' && p.status === 'NOT_VERIFIED') ? 'prose' : 'not-checkable';
}

/** Search's filter of Check first (src/lib/search/facets.ts, URL key `check`). */
export const CHECK_FIRST_FACET = 'check first';

/** The `check first` value of the open group's rows. */
export const CHECK_FIRST_NEEDS_LOOK = 'needs a look';

const WORDS_PLACE: Record<Exclude<CheckFirstOutcome, 'failed' | 'result'>, string> = {
  prose: "agent's words: verified, prose",
  'no-evidence': "agent's words: verified, no evidence",
  'not-checkable': "agent's words: verified, not checkable",
};

/**
 * Where a row is under Check first, as search files it (the `check first` filter, `?check=…`):
 * `needs a look` (the open group), or its place in the folded group: `agent's words: reported
 * done`, `agent's words: note`, `agent's words: verified, prose`, `… verified, no evidence`,
 * `… verified, not checkable`. A folded group of the recap links to search with this value,
 * and search lists exactly its rows (use10: "12 rows" linked to a search of 30, the rows of the
 * open group with the same result among them). Not-checkable groups of one project that differ
 * by reason share one value: the recap lists such a group instead of linking it.
 *
 * @param e - A Check first entry ({@link checkFirst}).
 */
export function checkFirstPlace(e: CheckFirstEntry): string {
  if (e.band === 'open') return CHECK_FIRST_NEEDS_LOOK;
  const outcome = wordsOutcome(e);
  return outcome === 'result' ? `agent's words: ${RESULT_LABELS[e.row.resultClass]}` : WORDS_PLACE[outcome];
}

/** The `check first` value of a folded group's rows ({@link checkFirstPlace}); `needs a look` for the open group's. */
export function checkFirstGroupPlace(g: Pick<CheckFirstGroup, 'band' | 'outcome' | 'reason'>): string {
  if (g.band === 'open') return CHECK_FIRST_NEEDS_LOOK;
  if (g.outcome === 'result') return `agent's words: ${RESULT_LABELS[g.reason as ResultClass] ?? g.reason}`;
  return WORDS_PLACE[g.outcome === 'failed' ? 'not-checkable' : g.outcome];
}

/**
 * Check first by reason, in its two groups (bands). The `open` group: failed checks (in
 * Attention's order: the checks whose flag is high before medium, then the one whose first
 * row comes earlier in the trail), then results (failed, reverted, open,
 * inconclusive, skipped); a row with several reasons is in each of their groups. The `words`
 * group: each row once, by its result (reported done, then notes), or, for a `verified` result,
 * by its evidence (prose, none, could not be checked). Within each (failed checks aside), the
 * reason most rows share first, then by reason.
 *
 * @param entries - The Check first list ({@link checkFirst}).
 */
export function checkFirstGroups(entries: readonly CheckFirstEntry[]): CheckFirstGroup[] {
  const groups = new Map<string, CheckFirstGroup>();
  const add = (band: CheckFirstBand, outcome: CheckFirstOutcome, reason: string, row: TrailRow, pointer?: EvidencePointer): void => {
    const key = `${band}\u0000${outcome}\u0000${reason}`;
    let group = groups.get(key);
    if (!group) {
      group = { band, outcome, reason, entries: [], everyRow: false };
      groups.set(key, group);
    }
    const last = group.entries[group.entries.length - 1];
    const entry = last?.row === row ? last : { row, pointers: [] };
    if (entry !== last) group.entries.push(entry);
    if (pointer) entry.pointers.push(pointer);
  };
  for (const e of entries) {
    if (e.band === 'open') {
      for (const p of e.unresolved) if (pointerUnresolved(p)) add('open', 'failed', p.fault ?? 'evidence/not-verified', e.row, p);
      if (OPEN_RESULTS.has(e.row.resultClass)) add('open', 'result', e.row.resultClass satisfies ResultClass, e.row);
      continue;
    }
    const outcome = wordsOutcome(e);
    if (outcome === 'result' || outcome === 'no-evidence') add('words', outcome, outcome === 'result' ? e.row.resultClass : '', e.row);
    else {
      // Once, under its first reason (prose before what could not be checked), with every pointer not verified.
      const first = e.unresolved[0] as EvidencePointer;
      for (const p of e.unresolved) add('words', outcome, outcome === 'prose' ? '' : first.reason, e.row, p);
    }
  }
  const rank = (g: CheckFirstGroup): number => (g.outcome === 'failed' ? faultRank(g) : g.outcome === 'result' ? (RESULT_ORDER.get(g.reason) ?? 99) : 0);
  // Failed checks in Attention's order (flags.ts `compareSeverityThenPlace`): a flag's severity, then the first row it names.
  const placeRank = trailPlaceRank(entries.map((e) => e.row));
  const place = (g: CheckFirstGroup): number => g.entries.reduce((min, e) => Math.min(min, placeRank(e.row)), Number.MAX_SAFE_INTEGER);
  const failedOrder = (a: CheckFirstGroup, b: CheckFirstGroup): number =>
    a.outcome !== 'failed' || b.outcome !== 'failed'
      ? 0
      : Number(!FAULT_SEVERITY.has(a.reason)) - Number(!FAULT_SEVERITY.has(b.reason)) ||
        compareSeverityThenPlace({ severity: FAULT_SEVERITY.get(a.reason) ?? 'low', place: place(a) }, { severity: FAULT_SEVERITY.get(b.reason) ?? 'low', place: place(b) });
  const out = [...groups.values()].sort(
    (a, b) =>
      (a.band === b.band ? 0 : a.band === 'open' ? -1 : 1) ||
      OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] ||
      rank(a) - rank(b) ||
      failedOrder(a, b) ||
      b.entries.length - a.entries.length ||
      (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0),
  );
  const bandRows = checkFirstBandRows(entries);
  // Said once only in the folded group: the open group's rows are each a reason to look.
  for (const g of out) g.everyRow = g.band === 'words' && bandRows.words > 1 && g.entries.length === bandRows.words;
  return out;
}

/**
 * Whether Check first's folded groups of evidence that could not be checked hold every such
 * pointer of the project, so a figure counting them ("23 not checkable") may land there and
 * the person finds all it counts (use10: it landed on Check first's heading, above the rows
 * that need a look; landing on a group of 2 rows would hide the 21 pointers on rows reported
 * done or that need a look, each shown under its result).
 *
 * @param groups - {@link checkFirstGroups}.
 * @param notCheckable - The project's pointers that could not be checked (`counts.pointers.notCheckable`).
 */
export function checkFirstHoldsNotCheckable(groups: readonly CheckFirstGroup[], notCheckable: number): boolean {
  const held = checkFirstNotCheckableHeld(groups);
  return notCheckable > 0 && held === notCheckable;
}

/**
 * The pointers that could not be checked in Check first's groups of verified rows whose evidence
 * could not be checked (`7` of Jenzoga__JMT-MCMT's 4 such rows: the folded group's sentence says
 * both, use11).
 */
export function checkFirstNotCheckableHeld(groups: readonly CheckFirstGroup[]): number {
  let held = 0;
  for (const g of groups) if (g.band === 'words' && g.outcome === 'not-checkable') for (const e of g.entries) held += e.pointers.filter((p) => p.status === 'INCONCLUSIVE').length;
  return held;
}

/**
 * The pointers that could not be checked (INCONCLUSIVE) on the decision rows, and the rows
 * holding them: every such row is under Check first (under its result, or in a group of
 * verified rows whose evidence could not be checked). When {@link checkFirstHoldsNotCheckable}
 * is false the recap's "N not checkable" lands on Check first's heading, which says these
 * (use11: it said neither the number nor "not checkable"), and those of the invalid records
 * (`invalid`), which the figure counts too.
 */
export function checkFirstNotCheckable(rows: readonly TrailRow[], invalid: ReadonlyArray<{ evidence?: readonly EvidencePointer[] | undefined }> = []): { pointers: number; rows: number; invalidPointers: number; invalidRecords: number } {
  const count = (records: ReadonlyArray<{ evidence?: readonly EvidencePointer[] | undefined }>): [number, number] => {
    let pointers = 0;
    let held = 0;
    for (const r of records) {
      const n = (r.evidence ?? []).filter((p) => p.status === 'INCONCLUSIVE').length;
      pointers += n;
      if (n > 0) held++;
    }
    return [pointers, held];
  };
  const [pointers, held] = count(rows);
  const [invalidPointers, invalidRecords] = count(invalid);
  return { pointers, rows: held, invalidPointers, invalidRecords };
}

/**
 * Whether Check first shows or says any pointer that could not be checked: one on a decision row
 * (listed there) or on an invalid record (said there, {@link checkFirstNotCheckable}). Else the
 * recap's "N not checkable" counts pointers of QA verdicts or review findings alone, and lands
 * on those (use11: it landed on Check first saying "Every row's evidence resolved").
 */
export function checkFirstSaysNotCheckable(rows: readonly TrailRow[], invalid: ReadonlyArray<{ evidence?: readonly EvidencePointer[] | undefined }> = []): boolean {
  const nc = checkFirstNotCheckable(rows, invalid);
  return nc.pointers + nc.invalidPointers > 0;
}

/**
 * Rows in each of Check first's groups: every row under Check first is in exactly one.
 *
 * @param entries - The Check first list ({@link checkFirst}).
 */
export function checkFirstBandRows(entries: readonly CheckFirstEntry[]): Record<CheckFirstBand, number> {
  const out: Record<CheckFirstBand, number> = { open: 0, words: 0 };
  for (const e of entries) out[e.band]++;
  return out;
}

/**
 * Rows per reason in one group, for the sentence opening it: a row with two reasons of one
 * outcome is counted once; in the `open` group, results are counted per state.
 *
 * @param groups - {@link checkFirstGroups}.
 * @returns `[what, rows]` pairs in the groups' order: `['failed', 3]` (evidence that did not
 *   resolve), `['result:open', 8]`, `['result:reported-done', 12]`, `['prose', 2]`.
 */
export function checkFirstReasonRows(groups: readonly CheckFirstGroup[], band: CheckFirstBand): Array<[string, number]> {
  const rows = new Map<string, Set<TrailRow>>();
  for (const g of groups) {
    if (g.band !== band) continue;
    const key = g.outcome === 'result' ? `result:${g.reason}` : g.outcome;
    const set = rows.get(key) ?? new Set<TrailRow>();
    for (const e of g.entries) set.add(e.row);
    rows.set(key, set);
  }
  return [...rows].map(([k, set]) => [k, set.size]);
}

/**
 * Rows of `band` listed under more than one reason their evidence did not resolve (a row citing
 * a commit and a path that do not exist is under "commit not found" and "path not found"):
 * Check first's sentence says how many, so that the rows its groups list add up to the rows it
 * counts (count14: "3 with evidence that did not resolve" above groups of 2, 2 and 1 rows).
 */
export function checkFirstRepeats(groups: readonly CheckFirstGroup[], band: CheckFirstBand): number {
  const reasons = new Map<TrailRow, number>();
  for (const g of groups) {
    if (g.band !== band || g.outcome !== 'failed') continue;
    for (const row of new Set(g.entries.map((e) => e.row))) reasons.set(row, (reasons.get(row) ?? 0) + 1);
  }
  return [...reasons.values()].filter((n) => n > 1).length;
}
