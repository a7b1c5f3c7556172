/**
 * An evidence pointer of a row and what it resolved to (spec/input.md section 3), apart from
 * src/lib/model/types.ts so the verdicts' and arena's models can cite pointers without
 * importing the project model that holds them. Each type is inferred from its zod schema
 * (model-schema.ts), the one definition the published JSON Schemas come from too.
 */
import type { z } from 'zod';
import type { EVIDENCE_KINDS, EVIDENCE_STATUSES, evidencePointerSchema, evidenceTargetSchema, reasonKindSchema } from './model-schema.ts';

/** Three-state verdict of one evidence pointer (quality-and-design-controls.md, section 3). */
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/**
 * What an evidence pointer looks like (spec/input.md section 3; decision trail, Part 2 layer 1).
 * - `commit`: 7–40 hex digits, optionally after the word `commit`.
 * - `path`: a relative path, optionally `:line` or `:from-to` (or `#Lfrom-Lto`).
 * - `url`: an http(s) URL; recorded, never fetched.
 * - `rubric`: a pointer into `design/rubric.md` (`design/rubric.md#2`, `rubric#2`).
 * - `test`: a test name (`mod::tests::name`, `file.test.ts > name`).
 * - `symbol`: an identifier cited after a path (`src/a.ts parseRow`); searched in that file.
 * - `command`: a shell command (`cargo test -p x`); not evidence of its result.
 * - `ephemeral`: an absolute path (`/tmp/...`); gone after the run.
 * - `reference`: an issue or PR number (`PR 225`, `#13`); recorded, not checked.
 * - `prose`: anything else; never evidence.
 */
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * Where a resolved pointer leads in the archive. `row`: a row of one of the project's own
 * trails (`file`, relative to the project folder; the line cited, when one is), shown as a link
 * to that row in the recap (`anchor`), or to its Decisions when no row is named. A repository
 * `file` with `at` is that file at commit `at` (full SHA), the commit that recorded the row,
 * where the cited lines are as the row saw them (issue 26, item 1); without it, at the landed head.
 */
export type EvidenceTarget = z.infer<typeof evidenceTargetSchema>;

/**
 * One evidence pointer of a row, classified and resolved (spec/input.md section 3). The kinds
 * as counted (src/lib/evidence/cell-reading.ts): a `prose` pointer that is NOT_VERIFIED (fault
 * `evidence/prose`) is a cell with no evidence at all; a `prose` pointer that is INCONCLUSIVE
 * is a remark beside the cell's evidence; a `command` or `reference` is INCONCLUSIVE by design;
 * a pointer only named inside a text (`within`) that does not resolve is INCONCLUSIVE with
 * `mentionFault`; every other kind is a pointer that was checked.
 */
export type EvidencePointer = z.infer<typeof evidencePointerSchema>;

/**
 * Which of the resolver's reasons a VERIFIED pointer's `reason` is, when it is one a row card
 * does not repeat (`file-at-head`, `lines-at-head`, `commit-exists` with the commit's subject):
 * set where the reason is made (src/lib/evidence/resolve.ts) and read by the row card
 * (src/lib/site/card-reason.ts) instead of the reason's wording; see `reasonKindSchema`.
 */
export type ReasonKind = z.infer<typeof reasonKindSchema>;

/** One end of a cited range of commits: its full SHA, and whether it is not an ancestor of the landed head. */
export type RangeEnd = NonNullable<EvidencePointer['ends']>[number];
