/**
 * Adapter for `audit.json` (decision trail, Part 2, "Result file"; spec/input.md section 4).
 * Layer-2 flags come only from this file. An invalid file is treated as a failed run ("Anything
 * else is treated as a failed run") and kept as an invalid record.
 */
import { auditFileSchema } from '../schemas/audit-file.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import type { AuditInfo, Flag, InvalidRecord, SourceFile } from '../model/types.ts';
import { capRaw } from '../text/lines.ts';
import { readJsonFile } from './json-file.ts';
import { lineOfJsonPath } from '../text/json-positions.ts';
import type { Confinement } from '../fs/confined.ts';


/** What was read from `audit.json`. */
export interface AuditFileResult {
  audit: AuditInfo;
  /** Layer-2 flags, `layer: "review"`. */
  flags: Flag[];
  invalid: InvalidRecord[];
  source: SourceFile;
}

/** Reads `audit.json` at `absolutePath` (through `within`: src/lib/fs/confined.ts); `file` is its display path in the project. */
export async function readAuditFile(absolutePath: string, file: string, bytes: number, within?: Confinement): Promise<AuditFileResult> {
  const json = await readJsonFile(absolutePath, within);
  const source: SourceFile = { path: file, format: 'audit', bytes, lines: 1, valid: 0, invalid: 0 };
  const failed = (error: string, line: number, raw: string): AuditFileResult => {
    source.invalid = 1;
    return {
      audit: { present: true, valid: false, file, status: null, reason: '', reviewer: '', at: '', flagCount: 0, error },
      flags: [],
      invalid: [{ file, line, kind: 'audit/invalid-file', error, raw }],
      source,
    };
  };
  if ('error' in json) return failed(`${file} ${json.error}`, json.line, json.raw);
  const parsed = auditFileSchema.safeParse(json.value);
  // The line of the field at fault (`flags[1].severity` on line 3 names line 3), not the file's first.
  if (!parsed.success) return failed(`${file}: ${describeIssues(parsed.error, json.value)}`, lineOfJsonPath(json.text, parsed.error.issues[0]?.path ?? []), capRaw(json.text));
  const a = parsed.data;
  source.valid = 1;
  const flags: Flag[] = a.flags.map((f) => ({
    layer: 'review',
    severity: f.severity,
    kind: f.kind,
    rows: f.rows,
    summary: f.summary,
    evidence: f.evidence,
    at: [],
  }));
  return {
    audit: { present: true, valid: true, file, status: a.status, reason: a.reason, reviewer: a.reviewer, at: a.at, flagCount: a.flags.length },
    flags,
    invalid: [],
    source,
  };
}
