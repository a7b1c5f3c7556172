/**
 * The design arena as read from a project's `design/` folder (quality-and-design-controls.md,
 * section 2 "Arena-lite basic design"; spec/input.md section 5). Adapters in src/lib/arena/
 * build it, checks in src/lib/checks/arena/ read it, the recap's Design arena section renders
 * it. Markdown that is not parsed into data is kept as sanitised HTML (`*Html` fields, made by
 * src/lib/markdown/render-markdown.ts only).
 */

/** One criterion of `design/rubric.md` (section 2, step 1: "3–6 criteria"). */
export interface RubricCriterion {
  /** 1-based position in the rubric. */
  n: number;
  /** The criterion as written (emphasis marks removed). */
  text: string;
  /** Its short name: the bold part, or the text before ` — ` / `:`; else the whole text. */
  name: string;
  /** 1-based line in `design/rubric.md`. */
  line: number;
  /** Recap anchor (`arena-criterion-<n>`). */
  anchor: string;
}

/** `design/rubric.md`, read. */
export interface ArenaRubric {
  file: string;
  /** How the criteria are written: a numbered list, a table, or neither (then none are found). */
  form: 'numbered list' | 'table' | 'none';
  criteria: RubricCriterion[];
  /** The whole rubric as sanitised HTML. */
  html: string;
}

/** One `design/candidates/<n>/design.md` (section 2, step 2). */
export interface ArenaCandidate {
  /** Blind label: `A`, `B`, ... (folder `1` → `A`, folder `b` → `B`; other names as written). */
  label: string;
  /** The folder name `<n>`. */
  folder: string;
  /** Path relative to the project root. */
  file: string;
  /** Text of the `## Shape` section, or null when the file has none. */
  shape: string | null;
  /** Line of the `## Shape` heading, or null. */
  shapeLine: number | null;
  /** Whether `## Shape` is the first section (after an optional `#` title), as the seed asks. */
  shapeFirst: boolean;
  /** Titles of every heading in the file, for cited sections. */
  sections: string[];
  /** The Shape section as sanitised HTML ('' when absent). */
  shapeHtml: string;
  /** Recap anchor (`arena-candidate-<label>`). */
  anchor: string;
}

/** One cell of the score matrix: a score and the section it cites (section 2, step 3). */
export interface ArenaScore {
  candidate: string;
  /** The cell as written. */
  raw: string;
  /** The score, or null when the cell holds no number. */
  score: number | null;
  /** The cited section (`Shape` for `4 (§ Shape)`), or null when the cell cites none. */
  cites: string | null;
  line: number;
}

/** One row of the score matrix: a criterion and its score per candidate. */
export interface ArenaMatrixRow {
  criterion: string;
  line: number;
  /** One score per {@link ArenaMatrix.candidates} entry, in that order. */
  scores: ArenaScore[];
}

/** The criterion × candidate score matrix parsed from selection.md's scores table. */
export interface ArenaMatrix {
  /** Line of the table's header row. */
  line: number;
  /** Candidate labels, from the header (`Candidate A` → `A`). */
  candidates: string[];
  rows: ArenaMatrixRow[];
  /** Sum of the readable scores per candidate label. */
  totals: Record<string, number>;
  /** Labels with the highest total (several when tied; empty when no score is readable). */
  top: string[];
  /** Upper end of the score scale: a `/N` in any cell, else the highest score, at least 5. */
  scaleMax: number;
}

/** A part taken from a candidate that was not picked (section 2, step 4). */
export interface ArenaGraft {
  /** Source candidate label, or null when none is named. */
  from: string | null;
  part: string;
  /** Where it is listed. */
  line: number;
  origin: 'front matter' | 'section';
  /** Recap anchor (`arena-graft-<i>`). */
  anchor: string;
}

/** A candidate that lost, and why (section 2, step 5). */
export interface ArenaDropped {
  label: string;
  /** Why it lost, as written ('' when selection.md does not say). */
  why: string;
  /** Line of the reason, or 0 when none is written. */
  line: number;
}

/** A section of selection.md rendered as sanitised markdown. */
export interface ArenaSection {
  title: string;
  role: 'scores' | 'pick' | 'grafts' | 'dropped' | 'other';
  line: number;
  /** The section body as sanitised HTML (the scores table itself removed: it is shown as data). */
  html: string;
  anchor: string;
}

/** `design/selection.md`, read (section 2, step 5 "Record"). */
export interface ArenaSelection {
  file: string;
  /** Front matter lines and its fields as read (unknown fields kept), or null when absent. */
  frontMatter: { line: number; endLine: number; valid: boolean; fields: Record<string, unknown> } | null;
  /** The picked label, from front matter `pick` or the Pick section; null when none is found. */
  pick: string | null;
  /** Line where the pick is stated (0 when there is none). */
  pickLine: number;
  /** Why the pick was made: the Pick section's text (or front matter `reason`); '' when none. */
  pickReason: string;
  /** Candidate labels from front matter `candidates`, else the matrix header, else the folders. */
  candidates: string[];
  /** Front matter `judge` as written, or null. */
  judge: string | null;
  /** True unless `judge` says the judge is from another family (the seed defers cross-family judging). */
  singleFamilyJudge: boolean;
  /** Whether selection.md says the judge is single-family (front matter or text). */
  singleFamilyNote: boolean;
  /** Front matter `collapsed`, or null. */
  collapsed: boolean | null;
  /** Front matter `resends`, or null. */
  resends: number | null;
  /** Whether a collapse is recorded (`collapsed: true`, or the text reports one). */
  collapseRecorded: boolean;
  matrix: ArenaMatrix | null;
  grafts: ArenaGraft[];
  dropped: ArenaDropped[];
  /** Text before the first section, as sanitised HTML (the title heading included). */
  introHtml: string;
  sections: ArenaSection[];
}

/** A design row whose result is `skipped`: the arena was skipped for a single-shape requirement. */
export interface ArenaSkip {
  rowId: string;
  anchor: string;
  decision: string;
  why: string;
}

/** Everything the Design arena section shows for one project. */
export interface ArenaModel {
  rubric: ArenaRubric | null;
  candidates: ArenaCandidate[];
  selection: ArenaSelection | null;
  /** Trail rows with phase `design` whose evidence points at `design/selection.md`. */
  pickRows: Array<{ id: string; anchor: string }>;
  /** Design rows with result `skipped` (section 2, "Skip it when the requirement has one viable shape"). */
  skipped: ArenaSkip[];
}
