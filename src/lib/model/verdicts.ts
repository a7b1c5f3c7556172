/**
 * QA verdicts, review findings and repair loops as read from a project's `qa/`, `verdicts/`,
 * `reviews/` and `premises.jsonl` (quality-and-design-controls.md, sections 1, 3 and 4;
 * spec/input.md section 6). Adapters in src/lib/verdicts/ build it; checks in
 * src/lib/checks/{verdict,finding,loop}/ read it; the recap's Verdicts, Review findings and
 * Repair loops sections render it.
 */
import type { EvidencePointer } from './evidence.ts';

/** The three-state verdict of one criterion (section 3). Other values are kept as written. */
export type CriterionState = 'VERIFIED' | 'NOT_VERIFIED' | 'INCONCLUSIVE';

/** One acceptance criterion or journey of a QA gate (section 3, "Where this applies": qa). */
export interface QaCriterion {
  id: string;
  /** `criterion` or `journey` (other values kept). */
  kind: string;
  text: string;
  /** Normalised state (`not verified` → `NOT_VERIFIED`); unknown values kept upper-cased. */
  state: string;
  /** Evidence level 1–5 on the ladder (section 3), or null when not stated. */
  level: number | null;
  /** The evidence cell as written. */
  evidenceText: string;
  /** The evidence cell classified and resolved like trail evidence (spec/input.md section 3). */
  evidence: EvidencePointer[];
  /** The gate's reason for treating an INCONCLUSIVE criterion as nonblocking, or null. */
  nonblocking: string | null;
  file: string;
  line: number;
  anchor: string;
  extra: Record<string, unknown>;
}

/** One `key=grade` of a babysit text verdict's `RUBRIC:` line (grades A–D or N/A). */
export interface RubricGrade {
  dimension: string;
  grade: string;
}

/** Whether a gate's criteria support its verdict (section 3: "A gate passes only when ..."). */
export interface GateSupport {
  /** true: supported; false: contradicted; null: cannot be told (nothing to compare). */
  supported: boolean | null;
  reason: string;
}

/** One QA gate verdict: the structured form, or babysit's text form (spec/input.md section 6). */
export interface QaVerdict {
  form: 'structured' | 'babysit-text';
  file: string;
  line: number;
  anchor: string;
  ticket: string;
  gate: string;
  /** Upper-cased verdict as written: PASS, FAIL, BLOCKED, FIXED(2), or another value. */
  verdict: string;
  /** `pass` for PASS and FIXED(N) (babysit treats FIXED like PASS), else `fail`, `blocked` or `other`. */
  verdictClass: 'pass' | 'fail' | 'blocked' | 'other';
  /** N of FIXED(N), else null. */
  fixed: number | null;
  criteria: QaCriterion[];
  /** babysit text: the `STATUS:` value (DONE, BLOCKED, DONE_WITH_CONCERNS, ...), else null. */
  status: string | null;
  summary: string;
  sources: string[];
  rubric: RubricGrade[];
  /** babysit text: the `EVIDENCE:` text. */
  evidenceText: string;
  support: GateSupport;
  extra: Record<string, unknown>;
}

/** The `STATUS:` line of a `verdicts/<skill>.md` other than qa (spec/input.md section 6). */
export interface SkillStatus {
  skill: string;
  file: string;
  line: number;
  status: string;
  /** The rest of the file as sanitised HTML. */
  bodyHtml: string;
  anchor: string;
}

/** The run behind a finding (section 1: "the exact command and the output excerpt (≤ 20 lines)"). */
export interface Repro {
  command: string;
  output: string;
  /** Lines in `output` (a final line break does not count). */
  outputLines: number;
  /** Where it was read: the `repro` field, or `repro: <command> → <output>` in failure_scenario. */
  from: 'field' | 'failure_scenario';
}

/** One review-pr finding (sections 1 and 3). */
export interface ReviewFinding {
  /** Review file and the line where the finding's object starts. */
  file: string;
  line: number;
  anchor: string;
  /** The finding's own `file` and `line`: where in the code it points. */
  path: string;
  pathLine: number | null;
  summary: string;
  failureScenario: string;
  /** correctness / cleanup / altitude / conventions, or null (then treated as correctness). */
  category: string | null;
  /** CONFIRMED / PLAUSIBLE / REFUTED (upper-cased; other values kept), or null when not given. */
  verdict: string | null;
  /** Evidence level 1–5, or null. */
  level: number | null;
  repro: Repro | null;
  /** `path:pathLine` resolved against the canonical repository like trail evidence. */
  location: EvidencePointer | null;
  extra: Record<string, unknown>;
}

/** A check review-pr cleared, with its evidence level (section 3: "cleared" list). */
export interface ClearedCheck {
  check: string;
  level: number | null;
  file: string;
  line: number;
  anchor: string;
}

/** One `reviews/<name>.json`. */
export interface Review {
  file: string;
  name: string;
  /** `structured` (`{version, target, checkout, findings, cleared}`) or babysit's bare array. */
  form: 'structured' | 'bare-array';
  target: string | null;
  /** Whether the reviewed target is checked out locally (section 1); null when not stated. */
  checkout: boolean | null;
  findings: ReviewFinding[];
  cleared: ClearedCheck[];
  anchor: string;
}

/** One row of `premises.jsonl`: one attempt of a repair loop (section 4). */
export interface PremiseRow {
  file: string;
  line: number;
  anchor: string;
  ts: string;
  ticket: string;
  gate: string;
  fingerprint: string;
  attempt: number;
  /** "the fix assumes <X>", or '' when the row names none. */
  premise: string;
  /** holds / fails / inconclusive (lower-cased; other values kept), or null when not tested. */
  premiseResult: string | null;
  /** The check that observed the premise, or ''. */
  check: string;
  extra: Record<string, unknown>;
}

/** The rows of one repair loop: same ticket, gate and normalised fingerprint (section 4). */
export interface RepairLoop {
  key: string;
  anchor: string;
  ticket: string;
  gate: string;
  fingerprint: string;
  /** Rows in file order. */
  rows: PremiseRow[];
  /** Highest attempt number recorded. */
  attempts: number;
  /** The first row that names a premise, or null. */
  premiseRow: PremiseRow | null;
  /** What became of the loop, in words. */
  outcome: string;
}

/** Everything the Verdicts, Review findings and Repair loops sections show. */
export interface VerdictsModel {
  qa: QaVerdict[];
  skills: SkillStatus[];
  reviews: Review[];
  loops: RepairLoop[];
}
