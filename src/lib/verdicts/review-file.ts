/**
 * Adapter for review findings, `reviews/<name>.json` (spec/input.md section 6;
 * quality-and-design-controls.md, sections 1 and 3): the structured form and babysit's bare
 * array. Finding locations are resolved later by the caller (it needs the repository).
 */
import type { InvalidRecord } from '../model/types.ts';
import type { ClearedCheck, Review, ReviewFinding } from '../model/verdicts.ts';
import { clearedSchema, findingSchema, reviewFileSchema } from '../schemas/review-file.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { capRaw } from '../text/lines.ts';
import { describeHazard, jsonHazard } from '../text/json-hazards.ts';
import { lineOfJsonError, lineOfOffset } from '../adapters/json-file.ts';
import { jsonSpans, lineOfJsonPath, spanLines } from '../text/json-positions.ts';
import { reproFromField, reproFromScenario } from './repro.ts';
import type { AnchorSet } from './anchors.ts';
import { jsonErrorMessage } from '../text/json-error.ts';
import { normaliseVerdict } from './states.ts';

/** What one review file gives. */
export interface ReviewResult {
  review: Review | null;
  invalid: InvalidRecord[];
  /** Lines of the file inside rejected entries (all lines when the file itself is invalid). */
  invalidLines: number;
}

/**
 * Parses one review file. Never throws. A file that is not JSON, or neither an array nor the
 * structured object, is one `finding/invalid-file` record; a finding or cleared entry that is
 * not its shape is a `finding/invalid-finding` record, and the others are still read.
 *
 * @param text - The file's text.
 * @param file - Path relative to the project root (`reviews/pr-12.json`).
 * @param name - The review's name (`pr-12`).
 */
export function parseReviewFile(text: string, file: string, name: string, anchors: AnchorSet): ReviewResult {
  // Each invalid file is named at the line of its fault (a cut-off file at the line it stops, a field at its own line), not line 1.
  const fail = (error: string, line: number): ReviewResult => ({ review: null, invalid: [{ file, line, kind: 'finding/invalid-file', error, raw: capRaw(text) }], invalidLines: Infinity });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = jsonErrorMessage(error);
    return fail(`${file} is not valid JSON: ${message}`, lineOfJsonError(text, message));
  }
  const hazard = jsonHazard(text);
  if (hazard) {
    const line = lineOfOffset(text, hazard.offset);
    return fail(`${file} is not read (line ${line}): ${describeHazard(hazard)}`, line);
  }
  const bare = Array.isArray(value);
  let target: string | null = null;
  let checkout: boolean | null = null;
  let findingsRaw: unknown[];
  let clearedRaw: unknown[] = [];
  if (bare) findingsRaw = value as unknown[];
  else {
    const parsed = reviewFileSchema.safeParse(value);
    if (!parsed.success) return fail(`${file}: ${describeIssues(parsed.error, value)}`, lineOfJsonPath(text, parsed.error.issues[0]?.path ?? []));
    target = parsed.data.target ?? null;
    checkout = parsed.data.checkout ?? null;
    findingsRaw = parsed.data.findings;
    clearedRaw = parsed.data.cleared;
  }
  const spans = jsonSpans(text);
  const prefix = bare ? '' : 'findings/';
  const invalid: InvalidRecord[] = [];
  const reviewAnchor = anchors.take('review', name);
  const findings: ReviewFinding[] = [];
  let invalidLines = 0;
  findingsRaw.forEach((raw, i) => {
    const span = spans.get(`${prefix}${i}`);
    const line = span?.line ?? 1;
    const f = findingSchema.safeParse(raw);
    if (!f.success) {
      invalidLines += span ? spanLines(text, span) : 0;
      invalid.push({ file, line, kind: 'finding/invalid-finding', error: `${file} finding ${i + 1}: ${describeIssues(f.error, raw)}`, raw: capRaw(span ? text.slice(span.start, span.end) : JSON.stringify(raw)) });
      return;
    }
    const { file: path, line: pathLine, summary, failure_scenario, category, verdict, level, repro, ...extra } = f.data;
    const scenario = failure_scenario ?? '';
    findings.push({
      file,
      line,
      anchor: anchors.take('finding', name, String(i + 1)),
      path,
      pathLine,
      summary,
      failureScenario: scenario,
      category: category ? category.trim().toLowerCase() : null,
      verdict: verdict ? normaliseVerdict(verdict) : null,
      level: level ?? null,
      repro: repro ? reproFromField(repro) : reproFromScenario(scenario),
      location: null,
      extra,
    });
  });
  const cleared: ClearedCheck[] = [];
  clearedRaw.forEach((raw, i) => {
    const span = spans.get(`cleared/${i}`);
    const line = span?.line ?? 1;
    const c = clearedSchema.safeParse(raw);
    if (!c.success) {
      invalidLines += span ? spanLines(text, span) : 0;
      invalid.push({ file, line, kind: 'finding/invalid-finding', error: `${file} cleared check ${i + 1}: ${describeIssues(c.error, raw)}`, raw: capRaw(span ? text.slice(span.start, span.end) : JSON.stringify(raw)) });
      return;
    }
    cleared.push({ check: c.data.check, level: c.data.level ?? null, file, line, anchor: anchors.take('cleared', name, String(i + 1)) });
  });
  return {
    review: { file, name, form: bare ? 'bare-array' : 'structured', target, checkout, findings, cleared, anchor: reviewAnchor },
    invalid,
    invalidLines,
  };
}
