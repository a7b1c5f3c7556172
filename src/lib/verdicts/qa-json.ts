/**
 * Adapter for structured QA verdicts, `qa/<ticket>.json` and `verdicts/qa.json`
 * (spec/input.md section 6; quality-and-design-controls.md, section 3). Criteria evidence is
 * resolved later, by the caller (it needs the repository).
 */
import type { InvalidRecord } from '../model/types.ts';
import type { QaCriterion, QaVerdict } from '../model/verdicts.ts';
import { qaCriterionSchema, qaVerdictFileSchema } from '../schemas/qa-verdict.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { capRaw } from '../text/lines.ts';
import { describeHazard, jsonHazard } from '../text/json-hazards.ts';
import { lineOfJsonError, lineOfOffset } from '../adapters/json-file.ts';
import { jsonSpans, lineOfJsonPath, spanLines } from '../text/json-positions.ts';
import { normaliseState, normaliseVerdict, structuredSupport, verdictClass } from './states.ts';
import type { AnchorSet } from './anchors.ts';
import { jsonErrorMessage } from '../text/json-error.ts';

/** What one QA JSON file gives: its verdict (null when the file is invalid) and invalid records. */
export interface QaJsonResult {
  verdict: QaVerdict | null;
  invalid: InvalidRecord[];
  /** Lines of the file inside rejected criteria (all lines when the file itself is invalid). */
  invalidLines: number;
}

/**
 * Parses one structured QA verdict. Never throws. A file that is not JSON or not the verdict
 * shape is one `verdict/invalid-file` record; a criterion that is not the criterion shape is a
 * `verdict/invalid-criterion` record (the others are still read).
 *
 * @param text - The file's text.
 * @param file - Path relative to the project root.
 * @param defaultTicket - Ticket when the file names none (the `<ticket>` of `qa/<ticket>.json`).
 * @param anchors - The project's anchor set.
 */
export function parseQaJson(text: string, file: string, defaultTicket: string, anchors: AnchorSet): QaJsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = jsonErrorMessage(error);
    return { verdict: null, invalid: [{ file, line: lineOfJsonError(text, message), kind: 'verdict/invalid-file', error: `${file} is not valid JSON: ${message}`, raw: capRaw(text) }], invalidLines: Infinity };
  }
  // Each invalid file is named at the line of its fault (a cut-off file at the line it stops, a field at its own line), not line 1.
  const hazard = jsonHazard(text);
  if (hazard) {
    const line = lineOfOffset(text, hazard.offset);
    return { verdict: null, invalid: [{ file, line, kind: 'verdict/invalid-file', error: `${file} is not read (line ${line}): ${describeHazard(hazard)}`, raw: capRaw(text) }], invalidLines: Infinity };
  }
  const parsed = qaVerdictFileSchema.safeParse(value);
  if (!parsed.success) {
    return { verdict: null, invalid: [{ file, line: lineOfJsonPath(text, parsed.error.issues[0]?.path ?? []), kind: 'verdict/invalid-file', error: `${file}: ${describeIssues(parsed.error, value)}`, raw: capRaw(text) }], invalidLines: Infinity };
  }
  const spans = jsonSpans(text);
  const data = parsed.data;
  const ticket = data.ticket ?? defaultTicket;
  const verdict = normaliseVerdict(data.verdict);
  const anchor = anchors.take('qa', ticket || file);
  const invalid: InvalidRecord[] = [];
  const criteria: QaCriterion[] = [];
  let invalidLines = 0;
  data.criteria.forEach((raw, i) => {
    const span = spans.get(`criteria/${i}`);
    const line = span?.line ?? 1;
    const c = qaCriterionSchema.safeParse(raw);
    if (!c.success) {
      invalidLines += span ? spanLines(text, span) : 0;
      invalid.push({ file, line, kind: 'verdict/invalid-criterion', error: `${file} criterion ${i + 1}: ${describeIssues(c.error, raw)}`, raw: capRaw(span ? text.slice(span.start, span.end) : JSON.stringify(raw)) });
      return;
    }
    const { id, kind, text: ctext, state, level, evidence, nonblocking, ...extra } = c.data;
    criteria.push({
      id,
      kind,
      text: ctext,
      state: normaliseState(state),
      level: level ?? null,
      evidenceText: evidence ?? '',
      evidence: [],
      nonblocking: nonblocking ?? null,
      file,
      line,
      anchor: anchors.take(anchor, id),
      extra,
    });
  });
  const { version: _v, ticket: _t, gate, verdict: _verdict, criteria: _c, ...extra } = data;
  return {
    verdict: {
      form: 'structured',
      file,
      line: 1,
      anchor,
      ticket,
      gate,
      verdict,
      verdictClass: verdictClass(verdict),
      fixed: null,
      criteria,
      status: null,
      summary: '',
      sources: [],
      rubric: [],
      evidenceText: '',
      support: structuredSupport(verdict, criteria),
      extra,
    },
    invalid,
    invalidLines,
  };
}
