/**
 * zod schemas of the quality records in the model (src/lib/model/arena.ts, verdicts.ts):
 * the design arena, QA verdicts, skill statuses, review findings and repair loops. Fields
 * ending in `Html` hold markup Trailbook rendered from the records' markdown (sanitised:
 * no raw HTML, no script).
 */
import { z } from 'zod';
import { documented } from './export-registry.ts';
import { evidencePointerSchema } from './model-schema.ts';

const str = z.string();
const int = z.number().int();
const line = int;
const record = z.record(str, z.unknown());

/** `design/rubric.md`, read. */
export const rubricSchema = z.object({
  file: str,
  /** How the criteria are written: a numbered list, a table, or neither (then none are found). */
  form: z.enum(['numbered list', 'table', 'none']),
  /** Each criterion (section 2, step 1: "3–6 criteria"): its 1-based position `n`, its text as written (emphasis marks removed), its short `name` (the bold part, or the text before ` — ` / `:`), its line, its recap anchor (`arena-criterion-<n>`). */
  criteria: z.array(z.object({ n: int, text: str, name: str, line, anchor: str })),
  /** The whole rubric as sanitised HTML. */
  html: str,
  /**
   * When every criterion states a weight (a `weight` column, or `(weight 40)` / `(40%)` in a list
   * item): their `sum`, the total the rubric `declared` (a `Total` row, prose such as "weights sum
   * to 100", or 100 when every weight is a percentage; null when none) and the `line` that says it.
   */
  weights: z.object({ sum: z.number(), declared: z.number().nullable(), line }).optional(),
});

/** One `design/candidates/<n>/design.md` (section 2, step 2). */
export const candidateSchema = z.object({
  /** Blind label: `A`, `B`, ... (folder `1` → `A`, folder `b` → `B`; other names as written). */
  label: str,
  /** The folder name `<n>`. */
  folder: str,
  /** Path relative to the project root. */
  file: str,
  /** Text of the `## Shape` section, or null when the file has none. */
  shape: str.nullable(),
  /** Line of the `## Shape` heading, or null. */
  shapeLine: int.nullable(),
  /** Whether `## Shape` is the first section (after an optional `#` title), as the seed asks. */
  shapeFirst: z.boolean(),
  /** Titles of every heading in the file, for cited sections. */
  sections: z.array(str),
  /** The Shape section as sanitised HTML ('' when absent). */
  shapeHtml: str,
  /** Recap anchor (`arena-candidate-<label>`). */
  anchor: str,
});

/** The criterion × candidate score matrix parsed from selection.md's scores table. */
export const matrixSchema = z.object({
  /** Line of the table's header row. */
  line,
  /** Candidate labels, from the header (`Candidate A` → `A`). */
  candidates: z.array(str),
  /** One row per criterion, with one score per candidate in `candidates` order: each cell as written (`raw`), its score (null when it holds no number) and the section it cites (`Shape` for `4 (§ Shape)`, or null). */
  rows: z.array(z.object({ criterion: str, line, scores: z.array(z.object({ candidate: str, raw: str, score: z.number().nullable(), cites: str.nullable(), line })) })),
  /** Sum of the readable scores per candidate label. */
  totals: z.record(str, z.number()),
  /** Labels with the highest total (several when tied; empty when no score is readable). */
  top: z.array(str),
  /** Upper end of the score scale: a `/N` in any cell, else the highest score, at least 5. */
  scaleMax: z.number(),
});

/** `design/selection.md`, read (section 2, step 5 "Record"). */
export const selectionSchema = z.object({
  file: str,
  /** Front matter lines and its fields as read (unknown fields kept), or null when absent. */
  frontMatter: z.object({ line, endLine: int, valid: z.boolean(), fields: record }).nullable(),
  /** The picked label, from front matter `pick` or the Pick section; null when none is found. */
  pick: str.nullable(),
  /** Line where the pick is stated (0 when there is none). */
  pickLine: int,
  /** Why the pick was made: the Pick section's text (or front matter `reason`); '' when none. */
  pickReason: str,
  /** Candidate labels from front matter `candidates`, else the matrix header, else the folders. */
  candidates: z.array(str),
  /** Front matter `judge` as written, or null. */
  judge: str.nullable(),
  /** True unless `judge` says the judge is from another family (the seed defers cross-family judging). */
  singleFamilyJudge: z.boolean(),
  /** Whether selection.md says the judge is single-family (front matter or text). */
  singleFamilyNote: z.boolean(),
  /** Front matter `collapsed`, or null. */
  collapsed: z.boolean().nullable(),
  /** Front matter `resends`, or null. */
  resends: int.nullable(),
  /** Whether a collapse is recorded (`collapsed: true`, or the text reports one). */
  collapseRecorded: z.boolean(),
  matrix: matrixSchema.nullable(),
  /** Parts taken from candidates that were not picked (section 2, step 4): the source candidate (null when none is named), where each is listed, its recap anchor (`arena-graft-<i>`). */
  grafts: z.array(z.object({ from: str.nullable(), part: str, line, origin: z.enum(['front matter', 'section']), anchor: str })),
  /** Candidates that lost, and why as written ('' and line 0 when selection.md does not say: section 2, step 5). */
  dropped: z.array(z.object({ label: str, why: str, line })),
  /** Text before the first section, as sanitised HTML (the title heading included). */
  introHtml: str,
  /** selection.md's sections as sanitised markdown (the scores table itself removed: it is shown as data). */
  sections: z.array(z.object({ title: str, role: z.enum(['scores', 'pick', 'grafts', 'dropped', 'other']), line, html: str, anchor: str })),
});

/** The design arena: rubric, candidates, selection, pick rows and skips. */
export const arenaSchema = documented(
  z.object({
    rubric: rubricSchema.nullable(),
    candidates: z.array(candidateSchema),
    selection: selectionSchema.nullable(),
    /** Trail rows with phase `design` whose evidence points at `design/selection.md`. */
    pickRows: z.array(z.object({ id: str, anchor: str })),
    /** Design rows with result `skipped` (section 2, "Skip it when the requirement has one viable shape"). */
    skipped: z.array(z.object({ rowId: str, anchor: str, decision: str, why: str })),
  }),
  { id: 'Arena', description: 'The design arena (rubric, candidates, selection.md), or null when there is none.' },
);

/** One acceptance criterion or journey of a QA gate (section 3, "Where this applies": qa). */
export const criterionSchema = z.object({
  id: str,
  /** `criterion` or `journey` (other values kept). */
  kind: str,
  text: str,
  /** Normalised state (`not verified` → `NOT_VERIFIED`); unknown values kept upper-cased. */
  state: str,
  /** Evidence level 1–5 on the ladder (section 3), or null when not stated. */
  level: int.nullable(),
  /** The evidence cell as written. */
  evidenceText: str,
  /** The evidence cell classified and resolved like trail evidence (spec/input.md section 3). */
  evidence: z.array(evidencePointerSchema),
  /** The gate's reason for treating an INCONCLUSIVE criterion as nonblocking, or null. */
  nonblocking: str.nullable(),
  file: str,
  line,
  anchor: str,
  extra: record,
});

/** One QA gate verdict: the structured form, or babysit's text form (spec/input.md section 6). */
export const qaVerdictSchema = z.object({
  form: z.enum(['structured', 'babysit-text']),
  file: str,
  line,
  anchor: str,
  ticket: str,
  gate: str,
  /** Upper-cased verdict as written: PASS, FAIL, BLOCKED, FIXED(2), or another value. */
  verdict: str,
  /** `pass` for PASS and FIXED(N) (babysit treats FIXED like PASS), else `fail`, `blocked` or `other`. */
  verdictClass: z.enum(['pass', 'fail', 'blocked', 'other']),
  /** N of FIXED(N), else null. */
  fixed: int.nullable(),
  criteria: z.array(criterionSchema),
  /** babysit text: the `STATUS:` value (DONE, BLOCKED, DONE_WITH_CONCERNS, ...), else null. */
  status: str.nullable(),
  summary: str,
  sources: z.array(str),
  rubric: z.array(z.object({ dimension: str, grade: str })),
  /** babysit text: the `EVIDENCE:` text. */
  evidenceText: str,
  support: z.object({ supported: z.boolean().nullable(), reason: str }),
  extra: record,
});

/** One review-pr finding (sections 1 and 3). */
export const findingSchema = z.object({
  /** Review file and the line where the finding's object starts. */
  file: str,
  line,
  anchor: str,
  /** The finding's own `file` and `line`: where in the code it points. */
  path: str,
  pathLine: int.nullable(),
  summary: str,
  failureScenario: str,
  /** correctness / cleanup / altitude / conventions, or null (then treated as correctness). */
  category: str.nullable(),
  /** CONFIRMED / PLAUSIBLE / REFUTED (upper-cased; other values kept), or null when not given. */
  verdict: str.nullable(),
  /** Evidence level 1–5, or null. */
  level: int.nullable(),
  repro: z.object({ command: str, output: str, outputLines: int, from: z.enum(['field', 'failure_scenario']) }).nullable(),
  /** `path:pathLine` resolved against the canonical repository like trail evidence. */
  location: evidencePointerSchema.nullable(),
  extra: record,
});

/** One `reviews/<name>.json`. */
export const reviewSchema = z.object({
  file: str,
  name: str,
  /** `structured` (`{version, target, checkout, findings, cleared}`) or babysit's bare array. */
  form: z.enum(['structured', 'bare-array']),
  target: str.nullable(),
  /** Whether the reviewed target is checked out locally (section 1); null when not stated. */
  checkout: z.boolean().nullable(),
  findings: z.array(findingSchema),
  cleared: z.array(z.object({ check: str, level: int.nullable(), file: str, line, anchor: str })),
  anchor: str,
});

/** One row of `premises.jsonl`: one attempt of a repair loop (section 4). */
export const premiseRowSchema = z.object({
  file: str,
  line,
  anchor: str,
  ts: str,
  ticket: str,
  gate: str,
  fingerprint: str,
  attempt: int,
  /** "the fix assumes <X>", or '' when the row names none. */
  premise: str,
  /** holds / fails / inconclusive (lower-cased; other values kept), or null when not tested. */
  premiseResult: str.nullable(),
  /** The check that observed the premise, or ''. */
  check: str,
  extra: record,
});

/** QA verdicts, skill statuses, review findings and repair loops. */
export const verdictsSchema = documented(
  z.object({
    qa: z.array(qaVerdictSchema),
    skills: z.array(z.object({ skill: str, file: str, line, status: str, bodyHtml: str, anchor: str })),
    reviews: z.array(reviewSchema),
    loops: z.array(
      z.object({ key: str, anchor: str, ticket: str, gate: str, fingerprint: str, rows: z.array(premiseRowSchema), attempts: int, premiseRow: premiseRowSchema.nullable(), outcome: str }),
    ),
  }),
  { id: 'Verdicts', description: 'QA verdicts, skill statuses, review findings and repair loops, or null when there are none.' },
);
