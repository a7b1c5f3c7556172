/**
 * zod schemas of the shared model's core: evidence, decision rows, flags, sources, repository,
 * audit, counts, invalid records, telemetry and citations. They are the model's one
 * definition: its types are inferred from them (src/lib/model/types.ts, evidence.ts), the
 * recap export (recap.json) is checked against them and the published JSON Schemas are
 * generated from them, so the code and the schemas cannot drift (issue 31).
 */
import { z } from 'zod';
import { documented, modelOnly } from './export-registry.ts';

const str = z.string();
const int = z.number().int();

/** Every evidence status (three states; INCONCLUSIVE is shown as "not verified"). */
export const EVIDENCE_STATUSES = ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'] as const;
/** Every evidence kind (spec/input.md section 3). */
export const EVIDENCE_KINDS = ['commit', 'path', 'url', 'rubric', 'test', 'symbol', 'command', 'ephemeral', 'reference', 'prose'] as const;
/** Every source format Trailbook reads. */
export const SOURCE_FORMATS = ['bbs-trail', 'pstack-trail', 'babysit-telemetry', 'audit', 'project-config', 'beads', 'arena', 'verdicts', 'coord', 'babysit-history', 'handover'] as const;
/** Every normalised result class. */
export const RESULT_CLASSES = ['verified', 'failed', 'open', 'inconclusive', 'reverted', 'skipped', 'reported-done', 'note'] as const;
/** Flag severities, highest first. */
export const SEVERITY_LEVELS = ['high', 'medium', 'low'] as const;
/** Flag layers. */
export const FLAG_LAYERS = ['evidence', 'trail', 'audit', 'review', 'arena', 'verdicts', 'coordination', 'history'] as const;

/** An evidence status. */
export const evidenceStatusSchema = z.enum(EVIDENCE_STATUSES);
/** A severity. */
export const severitySchema = z.enum(SEVERITY_LEVELS);
/** A source format. */
export const sourceFormatSchema = z.enum(SOURCE_FORMATS);

/** A time span (ISO strings). */
export const spanSchema = documented(z.object({ from: str, to: str }), { id: 'Span', description: 'Earliest and latest time (ISO 8601).' });

/** Where a resolved pointer leads in the archive. */
export const evidenceTargetSchema = documented(
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('commit'), oid: str }),
    z.object({ type: z.literal('file'), path: str, from: int.optional(), to: int.optional(), origin: z.enum(['repository', 'artifact']), at: documented(str.optional(), { description: 'The file at this commit (full SHA), the one that recorded the row, where the cited lines are as the row saw them; absent: at the landed head.' }), more: documented(z.array(z.object({ from: int, to: int })).optional(), { description: 'The further ranges the pointer cites after from–to (`src/a.ts:12, 40`, `lines 12 and 40`): the file page marks each of them.' }) }),
    z.object({ type: z.literal('url'), href: str }),
    z.object({ type: z.literal('row'), file: str, from: int.optional(), anchor: str.optional() }),
  ]),
  { id: 'EvidenceTarget', description: "Where a resolved pointer leads: a commit, a file (lines optional), a URL (recorded, never fetched), or a row of the project's own trail (its file, the line cited, the row's anchor in the recap)." },
);

/**
 * Which reason the resolver gave a VERIFIED pointer, when it is one a row card does not repeat
 * beside the link to the pointer's page (spec/archive.md, recap item 6: evidence "linked;
 * verified / not verified / inconclusive shown with its reason"; issue 30, output size).
 * src/lib/site/card-reason.ts reads this, never the reason's wording;
 * src/lib/evidence/resolve.ts sets it where it makes the reason:
 * - `file-at-head`: a file as written, at the landed head, read as text (`file exists at landed
 *   head; 57 lines`): its page says where it is and its line count;
 * - `lines-at-head`: lines of such a file (`line 24 of 57 exists at landed head`, `lines 10–20 of
 *   43 exist at landed head`): its page marks them;
 * - `commit-exists`: a commit named by its SHA that the landed head reaches (`commit 1a2b3c4
 *   exists: “Change 77: queue”`), with `subject`, the first line of its message as the reason
 *   quotes it (absent when the message has none): what a person reads to know which commit it is.
 *
 * Absent: any other reason (a file found elsewhere than written, at a commit, in the project
 * folder, not text; a commit through a tag or not landed; anything not VERIFIED). A reason
 * rewritten after it was made (a prefix saying how the pointer was written, a note appended)
 * loses it. The model's own: kept in the model store, not written to recap.json
 * (src/lib/export/exported-pointers.ts) nor described in its JSON Schema.
 */
export const reasonKindSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file-at-head') }),
  z.object({ kind: z.literal('lines-at-head') }),
  z.object({ kind: z.literal('commit-exists'), subject: str.optional() }),
  /**
   * INCONCLUSIVE because the repository is a shallow clone whose history stops at `at` (a full
   * SHA), where the row is first seen (resolve.ts `predated`): what the head lacks may have been
   * there when the row was written. Read by `repository/shallow-history`.
   */
  z.object({ kind: z.literal('history-cut'), at: str }),
]);

/** One evidence pointer, classified and resolved. */
export const evidencePointerSchema = documented(
  z.object({
    raw: documented(z.string(), { description: 'The pointer as written in the evidence cell.' }),
    kind: z.enum(EVIDENCE_KINDS),
    status: documented(z.enum(EVIDENCE_STATUSES), { description: 'VERIFIED, NOT_VERIFIED, or INCONCLUSIVE (shown as "not verified (inconclusive)", never clean).' }),
    reason: documented(z.string(), { description: 'Why the status is what it is, in plain words.' }),
    /** Which of the resolver's reasons `reason` is, for the row card ({@link reasonKindSchema}); the model's own, never exported. */
    reasonKind: modelOnly(reasonKindSchema.optional()),
    target: evidenceTargetSchema.optional(),
    citedFile: documented(z.object({ path: str, origin: z.enum(['repository', 'artifact']), at: str.optional() }).optional(), {
      description: 'For a NOT_VERIFIED `evidence/line-out-of-range` pointer to a file that is there (its cited lines are not: `src/parser.ts:999`): that file, so its page lists this row as not resolved. The pointer links nowhere (no `target`).',
    }),
    fault: documented(str.optional(), { description: 'For NOT_VERIFIED pointers: the id of the check that failed; on an INCONCLUSIVE pointer, the low notice it raises (`evidence/not-a-commit`).' }),
    note: documented(str.optional(), { description: 'Words written beside the pointer in the same segment.' }),
    notLanded: documented(z.literal(true).optional(), { description: 'For a VERIFIED commit, or a path at a commit: that commit exists but is not an ancestor of the landed head (evidence, but not of what landed).' }),
    within: documented(int.optional(), { description: 'Index, in the same list, of the item this one was only named inside: a command, a pointer\'s note or a prose item (shown under it). Without it, the pointer stands as the cell, a list item or the head of one.' }),
    mentionFault: documented(str.optional(), { description: 'For a pointer only named inside a text (`within`) that does not resolve: the check it failed. Its status is INCONCLUSIVE; it raises the low notice `evidence/mention-not-found`.' }),
    ends: documented(z.array(z.object({ oid: str, notLanded: z.literal(true).optional() })).optional(), {
      description: 'For a VERIFIED range of commits (`a..b`, a compare URL): both ends in the order written, full SHAs; each is a citation of its commit. `notLanded` when that end is not an ancestor of the landed head.',
    }),
  }),
  { id: 'EvidencePointer', description: 'One evidence pointer of a row, classified and resolved against the canonical repository.' },
);

/** One valid decision-trail row. */
export const trailRowSchema = documented(
  z.object({
    id: documented(z.string(), { description: "The row's id (bbs: the `id` field; pstack: computed)." }),
    computedId: documented(z.string(), { description: 'First 8 hex digits of sha256(ts + ticket + decision).' }),
    anchor: documented(z.string(), { description: "The row's anchor on its recap page (`/p/<project>/#<anchor>`)." }),
    format: z.enum(['bbs-trail', 'pstack-trail']),
    /** Path of the trail file relative to the project root, `/`-separated. */
    file: documented(z.string(), { description: 'Trail file, relative to the project folder.' }),
    line: documented(z.number().int(), { description: '1-based physical line in `file`.' }),
    index: documented(z.number().int(), { description: "0-based position among the file's valid rows." }),
    ts: str,
    time: documented(z.number().nullable(), { description: 'Milliseconds since the epoch, or null when `ts` does not parse.' }),
    phase: str,
    ticket: str,
    actor: str,
    decision: str,
    why: str,
    evidenceText: documented(z.string(), { description: 'The evidence cell as written.' }),
    evidence: z.array(evidencePointerSchema),
    result: documented(z.string(), { description: 'The result as written.' }),
    resultClass: documented(z.enum(RESULT_CLASSES), { description: 'The result as read (src/lib/results/classify-result.ts, docs/checks.md "Results as written"): the seed\'s states, `skipped`, `reported-done` (a success in the agent\'s words, not a check) or `note`; `result` holds the text as written.' }),
    supersedes: str.optional(),
    supersededBy: documented(z.array(str), { description: 'Ids of later rows that supersede this one (hidden by default in the recap).' }),
    bytes: int,
    extra: documented(z.record(str, z.unknown()), { description: 'Fields the row schema does not know, kept as written.' }),
  }),
  { id: 'TrailRow', description: 'One valid decision-trail row (bbs decisions.jsonl or pstack TSV).' },
);

/** A babysit telemetry row. */
export const telemetryRowSchema = documented(
  z.object({ file: str, line: int, ts: str, kind: str, summary: str, fields: z.record(str, z.unknown()) }),
  { id: 'TelemetryRow', description: 'A babysit analytics row: telemetry, not an evidenced decision.' },
);

/** A record that failed validation. */
export const invalidRecordSchema = documented(
  z.object({
    file: str,
    line: documented(z.number().int(), { description: '1-based line; 0 when the whole file is unreadable.' }),
    error: str,
    kind: documented(z.string(), { description: 'Stable id of the fault (`trail/not-json`, ...).' }),
    raw: documented(z.string(), { description: 'The raw text, capped at 4,096 characters.' }),
    fields: documented(z.record(str, str).optional(), { description: 'Cells of a malformed TSV row that its header still tells apart (`evidence`, `result`, `ts`, `phase`).' }),
    evidence: documented(z.array(evidencePointerSchema).optional(), { description: 'The `evidence` field, classified and resolved like a row’s.' }),
    omitted: documented(int.optional(), { description: 'On a summary: how many further records of this kind it stands for (a project lists at most 200 of one kind); `file` and `line` are the first of them.' }),
  }),
  { id: 'InvalidRecord', description: 'A line or block that failed validation, with its raw text.' },
);

/** A file:line place. */
export const flagLocationSchema = documented(z.object({ file: str, line: int }), { id: 'Place', description: 'A place in a source file (path relative to the project folder, 1-based line).' });

/** A flag. */
export const flagSchema = documented(
  z.object({
    layer: z.enum(FLAG_LAYERS),
    severity: severitySchema,
    kind: documented(z.string(), { description: 'Stable id of the check (docs/checks.md), or the layer-2 reviewer’s kind.' }),
    /** Ids of the rows the flag is about (may be empty, e.g. a line that is not JSON). */
    rows: z.array(str),
    summary: str,
    /** For layer-2 flags: the path, SHA or row id the flag rests on. */
    evidence: str.optional(),
    /** Source locations (file:line) the flag is about, in file order. */
    at: z.array(flagLocationSchema),
    omitted: documented(int.optional(), { description: 'On a summary: how many flags of this kind it stands for (a project lists at most 200 of one kind).' }),
    earlierText: documented(z.string(), { description: 'For history flags: the record’s text as it was committed earlier (at most 4,096 characters).' }).optional(),
  }),
  { id: 'Flag', description: 'A finding that needs a person.' },
);

/** A source file read. */
export const sourceFileSchema = documented(
  z.object({
    /** Path relative to the project root. */
    path: str,
    format: sourceFormatSchema,
    bytes: int,
    /** Physical lines read (a final line break does not open a new line). */
    lines: int,
    /** Records accepted. For line formats: valid + invalid === lines (header counted as valid). */
    valid: int,
    invalid: int,
    headers: documented(int.optional(), { description: 'Header lines among `valid` (a pstack TSV’s column names); absent when none.' }),
    /** Set when the file is discovered but its reader has not landed yet ("not read yet"). */
    notRead: str.optional(),
    files: documented(int.optional(), { description: 'On a summary: how many files of this format it stands for (a project lists at most 200 of one format); the counts are their sums.' }),
  }),
  { id: 'SourceFile', description: 'One record file read for the project, with its line accounting.' },
);

/** The canonical repository. */
export const repositoryInfoSchema = documented(
  z.object({
    /** Stable id used in archive URLs (`/r/<id>/...`), or null when there is none. */
    id: str.nullable(),
    /** Display path of the repository (relative to the input root's parent), or null. */
    path: str.nullable(),
    head: documented(str.nullable(), { description: 'Full SHA of the landed head.' }),
    /** Where the head came from: `config` (trailbook.json `head`), `HEAD`, or null. */
    headSource: z.enum(['config', 'HEAD']).nullable(),
    problem: documented(str.nullable(), { description: 'Why git-backed checks are inconclusive, when they are.' }),
    headOffDefaultBranches: documented(z.array(str).optional(), {
      description:
        "Set when the head named in trailbook.json is on a branch, but in the history of none of the repository's default branches (`main`, `master`, `trunk`, local or remote-tracking, and the remote's `HEAD`): their names. Evidence verified there is verified on a branch not merged into them (flag `repository/head-not-on-default-branch`).",
    }),
    headOnNoRef: documented(z.literal(true).optional(), {
      description: "Set when the head named in trailbook.json is reached by none of the repository's branches, tags or remote-tracking branches (a commit made with `git commit-tree`): evidence verified there is not evidence of what landed (flag `repository/head-not-landed`).",
    }),
  }),
  { id: 'Repository', description: "The project's canonical repository." },
);

/** audit.json, read. */
export const auditInfoSchema = documented(
  z.union([
    z.object({ present: z.literal(false) }),
    z.object({
      present: z.literal(true),
      valid: z.boolean(),
      file: str,
      status: z.enum(['ran', 'not-run', 'failed']).nullable(),
      reason: str,
      reviewer: str,
      at: str,
      /** Layer-2 flag count as read from the file. */
      flagCount: int,
      error: str.optional(),
    }),
  ]),
  { id: 'Audit', description: 'The handover audit (audit.json); `present: false` when it was never invoked.' },
);

/** Counts that need a person. */
export const projectCountsSchema = documented(
  z.object({
    /** Valid decision rows, superseded ones included. */
    rows: int,
    /** Rows hidden because a later row supersedes them. */
    superseded: int,
    /** Invalid records of every source. */
    invalid: int,
    telemetry: int,
    flags: documented(z.object({ high: int, medium: int, low: int }), { description: 'Flags per severity, both layers (flags, not rows that carry one).' }),
    flagLayers: documented(z.object({ layer1: z.object({ high: int, medium: int, low: int }), layer2: z.object({ high: int, medium: int, low: int }) }), {
      description: "Flags per severity of each layer: `layer1` Trailbook's own checks, `layer2` the reviewer's, read from audit.json.",
    }),
    evidence: documented(z.object({ VERIFIED: int, NOT_VERIFIED: int, INCONCLUSIVE: int }), { description: 'Evidence pointers of decision rows per status.' }),
    pointers: documented(z.object({ verified: int, failed: int, unresolved: int, prose: int, notCheckable: int }), {
      description:
        'Evidence pointers of every record that cites evidence (decision rows, QA criteria, review-finding locations) by outcome: verified, unresolved (NOT_VERIFIED: checked, did not resolve), prose (NOT_VERIFIED: a cell holding no pointer), not checkable (INCONCLUSIVE); failed is unresolved + prose.',
    }),
    resultNotVerified: documented(int, { description: 'Decision rows whose result is not `verified`.' }),
    results: documented(z.object(Object.fromEntries(RESULT_CLASSES.map((c) => [c, int])) as Record<(typeof RESULT_CLASSES)[number], typeof int>), { description: 'Decision rows per result state.' }),
    checkFirst: documented(int, { description: 'Decision rows listed under Check first.' }),
    checkFirstOpen: documented(int, { description: "Rows of Check first's first group: failed, open, inconclusive, reverted or skipped results, or evidence that did not resolve." }),
    checkFirstWords: documented(int, { description: "Rows of Check first's second group: results in the agent's words (reported done, notes), and verified results whose evidence was not checked." }),
    /** Blockers still open when the records end (src/lib/projections/open-blockers.ts). */
    openBlockers: int,
    problems: documented(z.object({ high: int, medium: int, low: int, citesMissing: int }), {
      description: 'Problems (flags of one kind and cause, said once) per severity, and how many cite a commit, path, lines or rubric row that does not exist.',
    }),
    /** Records per source format (each format's `count`, src/lib/formats/). */
    rowsByFormat: z.partialRecord(sourceFormatSchema, int),
  }),
  { id: 'Counts', description: 'Every count Trailbook shows, from one definition (src/lib/projections/counts.ts): the archive home, the recap, search, `check` and the exports agree.' },
);

/** A row citing a commit or file. */
export const citationSchema = documented(
  z.object({
    rowId: str,
    anchor: str,
    decision: str,
    unresolved: documented(str.optional(), { description: "Set when the row's citation of this file did not resolve (NOT_VERIFIED, e.g. a line past the end): the pointer and its reason, as the Cited by list shows them." }),
  }),
  { id: 'Citation', description: 'A row citing a commit or file.' },
);

/** The commits and files a project's evidence cites. */
export const citedSchema = documented(
  z.object({
    commits: z.array(z.object({ oid: str, by: z.array(citationSchema), notLanded: documented(z.literal(true).optional(), { description: 'Set when the commit is not an ancestor of the landed head.' }) })),
    files: z.array(z.object({ path: str, origin: z.enum(['repository', 'artifact']), at: documented(str.optional(), { description: 'The file at this commit (full SHA), the one that recorded the citing rows; absent: at the landed head.' }), ranges: z.array(z.object({ from: int, to: int })), by: z.array(citationSchema) })),
  }),
  { id: 'Cited', description: 'Every commit and file cited by evidence, with the rows citing it.' },
);
