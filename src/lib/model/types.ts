/**
 * The shared model every adapter produces and every check, projection and page reads.
 *
 * Adapters (src/lib/adapters/) turn bytes into these shapes; checks (src/lib/checks/) only
 * read them and return {@link Flag}s; pages only render them. Nothing here does I/O.
 *
 * One definition (issue 31): each shape is inferred from its zod schema (model-schema.ts,
 * quality-schema.ts, lifecycle-schema.ts), the schemas the exports are validated against and
 * their published JSON Schemas generated from, so the code and the schemas cannot drift. A
 * field's meaning is written in its schema (`description`, or a comment beside it).
 */
import type { z } from 'zod';
import type {
  auditInfoSchema,
  citationSchema,
  citedSchema,
  FLAG_LAYERS,
  flagLocationSchema,
  flagSchema,
  invalidRecordSchema,
  projectCountsSchema,
  repositoryInfoSchema,
  RESULT_CLASSES,
  severitySchema,
  SOURCE_FORMATS,
  sourceFileSchema,
  telemetryRowSchema,
  trailRowSchema,
} from './model-schema.ts';
import type { projectModelSchema } from './project-schema.ts';

export type { EvidenceKind, EvidencePointer, EvidenceStatus, EvidenceTarget, RangeEnd, ReasonKind } from './evidence.ts';

/** Source formats Trailbook reads (`coord`, `beads` and `babysit-history`: spec/input.md section 7; each described in src/lib/formats/). */
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

/**
 * The state of a row's free-text `result` (decision trail, Part 1, `result`), as
 * src/lib/results/classify-result.ts reads it: the seed's states, `skipped` (the design arena's
 * word), `reported-done` (a success in the agent's words: `tests green`, `merged`; not a check)
 * and `note` (anything else). The text as written is always shown beside it.
 */
export type ResultClass = (typeof RESULT_CLASSES)[number];

/** One valid decision-trail row, from a bbs `decisions.jsonl` or a pstack TSV trail. */
export type TrailRow = z.infer<typeof trailRowSchema>;

/** A babysit analytics row: telemetry, not an evidenced decision (decision trail, Problem). */
export type TelemetryRow = z.infer<typeof telemetryRowSchema>;

/**
 * A line or block that failed validation; kept with its raw text (capped at
 * {@link RAW_TEXT_LIMIT} characters) and shown in the recap. `kind` becomes a flag kind; a
 * summary's `omitted` counts the records of its kind not listed one by one (a project lists
 * at most `MAX_PER_KIND` of one kind: src/lib/bounds/kind-bounds.ts).
 */
export type InvalidRecord = z.infer<typeof invalidRecordSchema>;

/** Raw text kept for invalid records is capped at this many characters (UTF-16 units). */
export const RAW_TEXT_LIMIT = 4096;

export type Severity = z.infer<typeof severitySchema>;

/**
 * Which layer raised a flag. `evidence` and `trail` are Trailbook's deterministic layer 1
 * (decision trail, Part 2 layer 1); `review` is the layer-2 reviewer, read from `audit.json`.
 */
export type FlagLayer = (typeof FLAG_LAYERS)[number];

/** A place in a source file a flag points at. */
export type FlagLocation = z.infer<typeof flagLocationSchema>;

/**
 * A finding that needs a person (decision trail, Part 3). A flag is data, never an exception.
 * `kind` is the stable id of the check that raised it (`evidence/commit-not-found`) or, for
 * layer-2 flags, the reviewer's kind (`unsupported-claim`, ...); `rows` the ids of the rows it
 * is about (may be empty), `at` its places in file order; for layer-2 flags `evidence` is the
 * path, SHA or row id it rests on.
 */
export type Flag = z.infer<typeof flagSchema>;

/** One source file read for a project, with its line accounting (for line formats valid + invalid === lines, a header counted as valid). */
export type SourceFile = z.infer<typeof sourceFileSchema>;

/** The canonical repository of a project (spec/input.md section 1); `id` is its archive URL key (`/r/<id>/...`). */
export type RepositoryInfo = z.infer<typeof repositoryInfoSchema>;

/** `audit.json`, read (decision trail, Part 2, Result file). */
export type AuditInfo = z.infer<typeof auditInfoSchema>;

/**
 * A project's counts, as every surface shows them: computed once by `projectCounts`
 * (src/lib/projections/counts.ts, which says what each counts).
 */
export type ProjectCounts = z.infer<typeof projectCountsSchema>;

/** A row that cites a commit or file, for the evidence pages' "cited by" lists (its decision cut to 120 characters). */
export type Citation = z.infer<typeof citationSchema>;

/** The commits and files a project's evidence cites, with the rows citing each. */
export type Cited = z.infer<typeof citedSchema>;

/** A commit cited by evidence, with the rows citing it (`notLanded` when it is not an ancestor of the landed head: `evidence/commit-not-landed`). */
export type CitedCommit = Cited['commits'][number];

/** A file cited by evidence, with the line ranges cited and the rows citing it. */
export type CitedFile = Cited['files'][number];

/** The lifecycle and quality parts of a project, absent from a model built before they were read. */
type OptionalParts = 'arena' | 'verdicts' | 'coordination' | 'beads' | 'babysit' | 'handover';
type ProjectShape = z.infer<typeof projectModelSchema>;

/** Everything Trailbook knows about one project after parse and check (its fields: project-schema.ts). */
export type ProjectModel = Flat<Omit<ProjectShape, OptionalParts> & Partial<Pick<ProjectShape, OptionalParts>>>;

/** One object type of an intersection, as an editor shows it. */
type Flat<T> = { [K in keyof T]: T[K] };
