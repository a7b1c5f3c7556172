/**
 * The `trailbook check --json` document, version `trailbook.check/1`. Its shape is part of
 * Trailbook's public interface (docs/check-json.md): fields are only ever added.
 */
import type { EvidenceStatus, ProjectCounts, ProjectModel, ResultClass, Severity } from '../model/types.ts';
import type { WalkProblem } from '../fs/walk.ts';

export const CHECK_REPORT_VERSION = 'trailbook.check/1';

/** One project in the report. */
export interface CheckReportProject {
  id: string;
  title: string;
  root: string;
  repository: string | null;
  head: string | null;
  /** Why git-backed checks are inconclusive for this project, or null. */
  repositoryProblem: string | null;
  /**
   * When the landed head predates rows not committed with the repository (issue 26, item 2):
   * how many, of how many, and the head and its date, as the recap says once. Absent
   * otherwise. Added after the fresh trial: the reasons said it, the document did not.
   */
  headPredates?: { rows: number; of: number; head: string; headTs: string };
  sources: Array<{ path: string; format: string; lines: number; valid: number; invalid: number; notRead?: string }>;
  rows: Array<{
    id: string;
    file: string;
    line: number;
    phase: string;
    decision: string;
    evidence: Array<{ raw: string; kind: string; status: EvidenceStatus; reason: string; note?: string }>;
    result: string;
    /** The result as read (src/lib/results/classify-result.ts); added in issue 27. */
    resultClass: ResultClass;
    supersededBy: string[];
  }>;
  /** `evidence`: on layer-2 flags, the path, SHA or row id the reviewer says the flag rests on. */
  /** `accepted`: the reason from the baseline file (trailbook.baseline.json) that accepts the flag; absent when it is not accepted. */
  flags: Array<{ layer: string; severity: Severity; kind: string; rows: string[]; summary: string; at: Array<{ file: string; line: number }>; evidence?: string; earlierText?: string; accepted?: string }>;
  invalid: Array<{ file: string; line: number; kind: string; error: string; raw: string }>;
  audit: { present: boolean; status: string | null; reason: string; reviewer: string };
  /**
   * The counts every surface shows, from one definition (src/lib/projections/counts.ts):
   * decision rows (and superseded ones), invalid records, flags per severity (all, and per
   * layer), decision-row evidence per status, every pointer by outcome (verified / unresolved /
   * prose / not checkable, and `failed`, the two NOT_VERIFIED outcomes together), rows whose
   * result is not verified and rows per result state, rows under Check first and in each of its
   * groups, open blockers.
   */
  counts: Pick<ProjectCounts, 'rows' | 'superseded' | 'invalid' | 'flags' | 'flagLayers' | 'evidence' | 'pointers' | 'resultNotVerified' | 'results' | 'checkFirst' | 'checkFirstOpen' | 'checkFirstWords' | 'openBlockers' | 'problems'>;
}

/**
 * Projects one model into the report's shape. `accepted[i]`, when given, is the reason the
 * baseline accepts flag `i` (src/lib/baseline/accepted-flags.ts), or null.
 */
export function checkReportProject(model: ProjectModel, accepted: ReadonlyArray<string | null> = []): CheckReportProject {
  const c = model.counts;
  return {
    id: model.id,
    title: model.title,
    root: model.root,
    repository: model.repository.path,
    head: model.repository.head,
    repositoryProblem: model.repository.problem,
    ...(model.headPredates ? { headPredates: { ...model.headPredates } } : {}),
    sources: model.sources.map((s) => ({ path: s.path, format: s.format, lines: s.lines, valid: s.valid, invalid: s.invalid, ...(s.notRead ? { notRead: s.notRead } : {}) })),
    rows: model.rows.map((r) => ({
      id: r.id,
      file: r.file,
      line: r.line,
      phase: r.phase,
      decision: r.decision,
      evidence: r.evidence.map((p) => ({ raw: p.raw, kind: p.kind, status: p.status, reason: p.reason, ...(p.note ? { note: p.note } : {}) })),
      result: r.result,
      resultClass: r.resultClass,
      supersededBy: r.supersededBy,
    })),
    flags: model.flags.map((f, i) => ({ layer: f.layer, severity: f.severity, kind: f.kind, rows: f.rows, summary: f.summary, at: f.at, ...(f.evidence ? { evidence: f.evidence } : {}), ...(f.earlierText !== undefined ? { earlierText: f.earlierText } : {}), ...(typeof accepted[i] === 'string' ? { accepted: accepted[i] as string } : {}) })),
    invalid: model.invalid.map((i) => ({ file: i.file, line: i.line, kind: i.kind, error: i.error, raw: i.raw })),
    audit: model.audit.present
      ? { present: true, status: model.audit.status, reason: model.audit.reason, reviewer: model.audit.reviewer }
      : { present: false, status: null, reason: '', reviewer: '' },
    counts: {
      rows: c.rows,
      evidence: { ...c.evidence },
      resultNotVerified: c.resultNotVerified,
      results: { ...c.results },
      checkFirst: c.checkFirst,
      checkFirstOpen: c.checkFirstOpen,
      checkFirstWords: c.checkFirstWords,
      openBlockers: c.openBlockers,
      problems: { ...c.problems },
      superseded: c.superseded,
      invalid: c.invalid,
      flags: { ...c.flags },
      flagLayers: { layer1: { ...c.flagLayers.layer1 }, layer2: { ...c.flagLayers.layer2 } },
      pointers: { verified: c.pointers.verified, failed: c.pointers.failed, unresolved: c.pointers.unresolved, prose: c.pointers.prose, notCheckable: c.pointers.notCheckable },
    },
  };
}

/**
 * JSON text of a report part, indented by two spaces. DEL and the C1 controls (U+007F–U+009F),
 * which `JSON.stringify` leaves raw, are written as `\u00XX` escapes, so the document survives
 * a terminal-safe writer (src/cli/output.ts rewrites raw controls) and stays valid JSON.
 */
export function reportJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Discovery problems in report form. */
export function checkReportProblems(problems: readonly WalkProblem[], cwdRelative: (path: string) => string): Array<{ path: string; problem: string }> {
  return problems.map((p) => ({ path: cwdRelative(p.path), problem: p.problem }));
}
