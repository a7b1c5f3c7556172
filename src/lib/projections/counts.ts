/**
 * Every count Trailbook shows, defined once. The archive home, the recap's verdict strip,
 * search, `trailbook check` (text and `--json`), `recap.json`, `archive.json`, the build
 * report and the feed read these numbers; none of them adds two counts of its own. A surface
 * that needs a figure not here adds it here (one field, one line in {@link projectCounts}) and
 * to `projectCountsSchema` (src/lib/model/model-schema.ts).
 *
 * What each count counts (the words the pages use):
 * - **flags**: flags, not rows that carry one; by severity, and by layer: **layer 1** is
 *   Trailbook's own deterministic checks, **layer 2** the reviewer's judgment read from
 *   `audit.json` (decision trail, Part 2, "Layer 1" and "Layer 2").
 * - **evidence**: evidence pointers of every record that cites evidence (decision rows,
 *   QA criteria, review-finding locations; spec/input.md sections 3 and 6) by outcome:
 *   **verified** (VERIFIED), **did not resolve** (NOT_VERIFIED: checked, and it does not
 *   resolve), **prose** (NOT_VERIFIED too, but a cell that holds no pointer at all: counted,
 *   labelled and filtered apart, issue 27) and **not checkable** (INCONCLUSIVE: could not be
 *   checked, e.g. no repository). INCONCLUSIVE is never clean (quality-and-design-controls.md,
 *   section 3): "not verified" is the three of them.
 * - **rows**: valid decision rows (superseded ones included, and counted apart); rows under
 *   Check first (src/lib/projections/check-first.ts), and in each of its two groups (open;
 *   in the agent's words); rows whose result is not `verified`; rows per result state.
 * - **open blockers** (src/lib/projections/open-blockers.ts).
 * - **problems**: flags of one kind and cause, said once (src/lib/projections/problems.ts),
 *   per severity; and those citing things that do not exist.
 *
 * Pure: reads a model, never I/O.
 */
import type { EvidencePointer, EvidenceStatus, Flag, ProjectCounts, ProjectModel, ResultClass, Severity, SourceFormat } from '../model/types.ts';
import { RESULT_CLASSES } from '../results/classify-result.ts';
import { recordsByFormat } from '../formats/format-lookup.ts';
import { checkFirst, checkFirstBandRows } from './check-first.ts';
import { openBlockers } from './open-blockers.ts';
import { problemCounts } from './problems.ts';
import { auditFigure } from './audit-state.ts';
import { invalidCount } from '../bounds/kind-bounds.ts';

/** A count per severity. */
export type SeverityCounts = Record<Severity, number>;

/** The severities, most severe first: the order every surface names them in. */
export const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];

/** Flags per layer and severity: `layer1` Trailbook's own checks, `layer2` the reviewer's (audit.json). */
export interface FlagLayerCounts {
  layer1: SeverityCounts;
  layer2: SeverityCounts;
}

/** Evidence pointers by outcome (issue 27, scope 2: a pointer that did not resolve and a cell with no pointer are counted apart). */
export interface PointerCounts {
  /** VERIFIED: the pointer resolves. */
  verified: number;
  /** NOT_VERIFIED, all of them: `unresolved + prose` (kept for `trailbook.check/1`; no page shows it). */
  failed: number;
  /** NOT_VERIFIED pointers: checked, and it does not resolve (red; each raises a flag on a trail row). */
  unresolved: number;
  /** Cells (or parts) that hold no pointer: prose, never evidence (amber; `evidence/prose`). */
  prose: number;
  /** INCONCLUSIVE: could not be checked (no repository, a URL not fetched, a command not re-run). */
  notCheckable: number;
}

/** The outcome of one pointer, as every surface counts, labels and filters it. */
export type PointerOutcome = 'verified' | 'unresolved' | 'prose' | 'notCheckable';

/** The outcomes in the order every surface names them. */
export const POINTER_OUTCOMES: readonly PointerOutcome[] = ['verified', 'unresolved', 'prose', 'notCheckable'];

/** The tone each outcome is shown in: red for a pointer that did not resolve, amber for prose and for not checkable. */
export const POINTER_OUTCOME_TONES: Readonly<Record<PointerOutcome, 'good' | 'bad' | 'medium' | 'unknown'>> = { verified: 'good', unresolved: 'bad', prose: 'medium', notCheckable: 'unknown' };

/** What each outcome is called on every surface (home, recap, search's `evidence status`, `check` text, recap.html). */
export const POINTER_OUTCOME_LABELS: Readonly<Record<PointerOutcome, string>> = {
  verified: 'verified',
  unresolved: 'did not resolve',
  prose: 'prose, no pointer',
  notCheckable: 'not checkable',
};

/** What {@link projectCounts} reads of a model. */
export type CountInput = Pick<ProjectModel, 'rows' | 'flags' | 'invalid' | 'telemetry'> & Partial<Pick<ProjectModel, 'sources' | 'verdicts' | 'coordination' | 'beads' | 'babysit'>>;

/** Which layer a flag belongs to: only `review` flags (read from audit.json) are layer 2. */
export function flagLayer(flag: Pick<Flag, 'layer'>): keyof FlagLayerCounts {
  return flag.layer === 'review' ? 'layer2' : 'layer1';
}

/**
 * The outcome of a pointer, the one definition (issue 27, scope 2): VERIFIED → verified;
 * NOT_VERIFIED → prose when the pointer is a cell's prose (kind `prose`: no pointer at all),
 * else unresolved; INCONCLUSIVE → notCheckable.
 */
export function pointerOutcome(p: Pick<EvidencePointer, 'status' | 'kind'>): PointerOutcome {
  if (p.status === 'VERIFIED') return 'verified';
  if (p.status === 'INCONCLUSIVE') return 'notCheckable';
  return p.kind === 'prose' ? 'prose' : 'unresolved';
}

/** Adds one pointer to a count: its outcome, and `failed` for either NOT_VERIFIED outcome. */
export function countPointer(counts: PointerCounts, p: Pick<EvidencePointer, 'status' | 'kind'>): void {
  const o = pointerOutcome(p);
  counts[o]++;
  if (o === 'unresolved' || o === 'prose') counts.failed++;
}

/** An empty pointer count. */
export const noPointers = (): PointerCounts => ({ verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: 0 });

/** An empty count per result state. */
export const noResults = (): Record<ResultClass, number> => Object.fromEntries(RESULT_CLASSES.map((c) => [c, 0])) as Record<ResultClass, number>;

const severities = (): SeverityCounts => ({ high: 0, medium: 0, low: 0 });

/**
 * Every count of one project. Called once per project when its model is built
 * (src/lib/project/analyse-project.ts); the result is stored as `model.counts` and every
 * surface reads that.
 *
 * @returns `rows` (valid decision rows), `superseded`, `invalid` (invalid records of every
 *   source), `telemetry`, `flags` and `flagLayers` (flags per severity, in all and per layer),
 *   `evidence` (decision-row pointers per status, as before), `pointers` (every pointer of
 *   the project by outcome), `resultNotVerified`, `checkFirst` (rows), `openBlockers`,
 *   `rowsByFormat` (records per source format: each format's own `count`, src/lib/formats/).
 */
export function projectCounts(model: CountInput): ProjectCounts {
  const flags = severities();
  const flagLayers: FlagLayerCounts = { layer1: severities(), layer2: severities() };
  for (const f of model.flags) {
    // A summary (src/lib/bounds/kind-bounds.ts) counts as the flags it stands for.
    flags[f.severity] += f.omitted ?? 1;
    flagLayers[flagLayer(f)][f.severity] += f.omitted ?? 1;
  }
  const evidence: Record<EvidenceStatus, number> = { VERIFIED: 0, NOT_VERIFIED: 0, INCONCLUSIVE: 0 };
  const pointers = noPointers();
  const results = noResults();
  let resultNotVerified = 0;
  let superseded = 0;
  // A malformed row's evidence, told apart by its header, is checked and counted like a row's.
  for (const r of model.invalid) {
    for (const p of r.evidence ?? []) {
      evidence[p.status]++;
      countPointer(pointers, p);
    }
  }
  for (const r of model.rows) {
    for (const p of r.evidence) {
      evidence[p.status]++;
      countPointer(pointers, p);
    }
    if (r.resultClass !== 'verified') resultNotVerified++;
    results[r.resultClass]++;
    if (r.supersededBy.length > 0) superseded++;
  }
  for (const v of model.verdicts?.qa ?? []) for (const c of v.criteria) for (const p of c.evidence) countPointer(pointers, p);
  for (const r of model.verdicts?.reviews ?? []) for (const f of r.findings) if (f.location) countPointer(pointers, f.location);
  const listed = checkFirst(model.rows);
  const bands = checkFirstBandRows(listed);
  return {
    rows: model.rows.length,
    superseded,
    invalid: invalidCount(model.invalid),
    telemetry: model.telemetry.length,
    flags,
    flagLayers,
    evidence,
    pointers,
    resultNotVerified,
    results,
    checkFirst: listed.length,
    checkFirstOpen: bands.open,
    checkFirstWords: bands.words,
    openBlockers: openBlockers({ coordination: model.coordination ?? null, beads: model.beads ?? null, verdicts: model.verdicts ?? null }).length,
    problems: problemCounts(model.flags),
    rowsByFormat: recordsByFormat(model),
  };
}

/** All flags of a count, every severity and layer. */
export function flagTotal(counts: Pick<ProjectCounts, 'flags'>): number {
  return counts.flags.high + counts.flags.medium + counts.flags.low;
}

/** Problems (flags of one kind and cause, said once), every severity. */
export function problemTotal(counts: Pick<ProjectCounts, 'problems'>): number {
  return counts.problems.high + counts.problems.medium + counts.problems.low;
}

/** Flags of one layer, every severity. */
export function layerTotal(counts: Pick<ProjectCounts, 'flagLayers'>, layer: keyof FlagLayerCounts): number {
  const c = counts.flagLayers[layer];
  return c.high + c.medium + c.low;
}

/** Every evidence pointer counted (verified + unresolved + prose + not checkable). */
export function pointerTotal(counts: Pick<ProjectCounts, 'pointers'>): number {
  return counts.pointers.verified + counts.pointers.failed + counts.pointers.notCheckable;
}

/**
 * Pointers that are not verified: failed plus not checkable. This is what
 * `check --fail-on-unverified` gates on (INCONCLUSIVE raises no flag but is never clean).
 */
export function notVerifiedTotal(counts: Pick<ProjectCounts, 'pointers'>): number {
  return counts.pointers.failed + counts.pointers.notCheckable;
}

/** Counts summed over projects, plus how many projects have any flag or any invalid record. */
export interface ArchiveCounts extends ProjectCounts {
  projects: number;
  projectsWithFlags: number;
  projectsWithInvalid: number;
}

/**
 * The archive's totals: every field of {@link ProjectCounts} summed over the projects (the
 * home's summary, the build summary the CLI prints, the build report's totals).
 */
export function archiveCounts(projects: ReadonlyArray<{ counts: ProjectCounts }>): ArchiveCounts {
  const t: ArchiveCounts = {
    projects: projects.length,
    projectsWithFlags: 0,
    projectsWithInvalid: 0,
    rows: 0,
    superseded: 0,
    invalid: 0,
    telemetry: 0,
    flags: severities(),
    flagLayers: { layer1: severities(), layer2: severities() },
    evidence: { VERIFIED: 0, NOT_VERIFIED: 0, INCONCLUSIVE: 0 },
    pointers: noPointers(),
    resultNotVerified: 0,
    results: noResults(),
    checkFirst: 0,
    checkFirstOpen: 0,
    checkFirstWords: 0,
    openBlockers: 0,
    problems: { high: 0, medium: 0, low: 0, citesMissing: 0 },
    rowsByFormat: {},
  };
  for (const { counts: c } of projects) {
    t.rows += c.rows;
    t.superseded += c.superseded;
    t.invalid += c.invalid;
    t.telemetry += c.telemetry;
    for (const s of SEVERITIES) {
      t.flags[s] += c.flags[s];
      t.flagLayers.layer1[s] += c.flagLayers.layer1[s];
      t.flagLayers.layer2[s] += c.flagLayers.layer2[s];
    }
    for (const s of ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'] as const) t.evidence[s] += c.evidence[s];
    for (const o of ['verified', 'failed', 'unresolved', 'prose', 'notCheckable'] as const) t.pointers[o] += c.pointers[o];
    t.resultNotVerified += c.resultNotVerified;
    for (const r of RESULT_CLASSES) t.results[r] += c.results[r];
    t.checkFirst += c.checkFirst;
    t.checkFirstOpen += c.checkFirstOpen;
    t.checkFirstWords += c.checkFirstWords;
    t.openBlockers += c.openBlockers;
    for (const k of ['high', 'medium', 'low', 'citesMissing'] as const) t.problems[k] += c.problems[k];
    for (const [format, n] of Object.entries(c.rowsByFormat)) t.rowsByFormat[format as SourceFormat] = (t.rowsByFormat[format as SourceFormat] ?? 0) + (n ?? 0);
    if (flagTotal(c) > 0) t.projectsWithFlags++;
    if (c.invalid > 0) t.projectsWithInvalid++;
  }
  return t;
}

/**
 * Projects by handover-audit state (src/lib/projections/audit-state.ts), with "never
 * invoked" (a trail and no audit.json; decision trail, Part 3) told apart from "not reviewed"
 * (audit.json says not-run or failed, or is invalid; Part 2, "Result file").
 */
export interface AuditCounts {
  reviewed: number;
  notReviewed: number;
  neverInvoked: number;
  /** Projects with no decision trail and no audit.json: nothing to audit. */
  noTrail: number;
}

/** How many projects are in each audit state. */
export function auditCounts(projects: ReadonlyArray<Pick<ProjectModel, 'audit' | 'sources'>>): AuditCounts {
  const out: AuditCounts = { reviewed: 0, notReviewed: 0, neverInvoked: 0, noTrail: 0 };
  for (const p of projects) {
    const state = auditFigure(p);
    if (state === 'reviewed') out.reviewed++;
    else if (state === 'no-trail') out.noTrail++;
    else if (state === 'never-invoked') out.neverInvoked++;
    else out.notReviewed++;
  }
  return out;
}
