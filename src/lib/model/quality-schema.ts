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

const rubricSchema = z.object({
  file: str,
  form: z.enum(['numbered list', 'table', 'none']),
  criteria: z.array(z.object({ n: int, text: str, name: str, line, anchor: str })),
  html: str,
});

const candidateSchema = z.object({
  label: str,
  folder: str,
  file: str,
  shape: str.nullable(),
  shapeLine: int.nullable(),
  shapeFirst: z.boolean(),
  sections: z.array(str),
  shapeHtml: str,
  anchor: str,
});

const matrixSchema = z.object({
  line,
  candidates: z.array(str),
  rows: z.array(z.object({ criterion: str, line, scores: z.array(z.object({ candidate: str, raw: str, score: z.number().nullable(), cites: str.nullable(), line })) })),
  totals: z.record(str, z.number()),
  top: z.array(str),
  scaleMax: z.number(),
});

const selectionSchema = z.object({
  file: str,
  frontMatter: z.object({ line, endLine: int, valid: z.boolean(), fields: record }).nullable(),
  pick: str.nullable(),
  pickLine: int,
  pickReason: str,
  candidates: z.array(str),
  judge: str.nullable(),
  singleFamilyJudge: z.boolean(),
  singleFamilyNote: z.boolean(),
  collapsed: z.boolean().nullable(),
  resends: int.nullable(),
  collapseRecorded: z.boolean(),
  matrix: matrixSchema.nullable(),
  grafts: z.array(z.object({ from: str.nullable(), part: str, line, origin: z.enum(['front matter', 'section']), anchor: str })),
  dropped: z.array(z.object({ label: str, why: str, line })),
  introHtml: str,
  sections: z.array(z.object({ title: str, role: z.enum(['scores', 'pick', 'grafts', 'dropped', 'other']), line, html: str, anchor: str })),
});

/** The design arena: rubric, candidates, selection, pick rows and skips. */
export const arenaSchema = documented(
  z.object({
    rubric: rubricSchema.nullable(),
    candidates: z.array(candidateSchema),
    selection: selectionSchema.nullable(),
    pickRows: z.array(z.object({ id: str, anchor: str })),
    skipped: z.array(z.object({ rowId: str, anchor: str, decision: str, why: str })),
  }),
  { id: 'Arena', description: 'The design arena (rubric, candidates, selection.md), or null when there is none.' },
);

const criterionSchema = z.object({
  id: str,
  kind: str,
  text: str,
  state: str,
  level: int.nullable(),
  evidenceText: str,
  evidence: z.array(evidencePointerSchema),
  nonblocking: str.nullable(),
  file: str,
  line,
  anchor: str,
  extra: record,
});

const qaVerdictSchema = z.object({
  form: z.enum(['structured', 'babysit-text']),
  file: str,
  line,
  anchor: str,
  ticket: str,
  gate: str,
  verdict: str,
  verdictClass: z.enum(['pass', 'fail', 'blocked', 'other']),
  fixed: int.nullable(),
  criteria: z.array(criterionSchema),
  status: str.nullable(),
  summary: str,
  sources: z.array(str),
  rubric: z.array(z.object({ dimension: str, grade: str })),
  evidenceText: str,
  support: z.object({ supported: z.boolean().nullable(), reason: str }),
  extra: record,
});

const findingSchema = z.object({
  file: str,
  line,
  anchor: str,
  path: str,
  pathLine: int.nullable(),
  summary: str,
  failureScenario: str,
  category: str.nullable(),
  verdict: str.nullable(),
  level: int.nullable(),
  repro: z.object({ command: str, output: str, outputLines: int, from: z.enum(['field', 'failure_scenario']) }).nullable(),
  location: evidencePointerSchema.nullable(),
  extra: record,
});

const reviewSchema = z.object({
  file: str,
  name: str,
  form: z.enum(['structured', 'bare-array']),
  target: str.nullable(),
  checkout: z.boolean().nullable(),
  findings: z.array(findingSchema),
  cleared: z.array(z.object({ check: str, level: int.nullable(), file: str, line, anchor: str })),
  anchor: str,
});

const premiseRowSchema = z.object({
  file: str,
  line,
  anchor: str,
  ts: str,
  ticket: str,
  gate: str,
  fingerprint: str,
  attempt: int,
  premise: str,
  premiseResult: str.nullable(),
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
