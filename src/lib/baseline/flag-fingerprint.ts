/**
 * What identifies a flag across runs, for accepted flags (issue 32, src/lib/baseline/): the
 * project, the flag's kind, the cause it states (its summary, with line numbers left out, so a
 * row added above does not unmatch it) and the full text of the records it is about (each row's
 * fields, an invalid line's raw text). A flag whose row is edited, or whose cause changes (another
 * SHA not found, another path), gets another fingerprint and is no longer accepted.
 */
import type { Flag, ProjectModel } from '../model/types.ts';
import { sha256Hex } from '../text/hash.ts';

/** What a fingerprint reads of a project. */
export type FingerprintInput = Pick<ProjectModel, 'id' | 'rows' | 'invalid'>;

/** A summary without the line numbers in it (`decisions.jsonl:12` → `decisions.jsonl:#`, `line 6` → `line #`, `lines 8, 9` → `lines #`). */
export function summaryCause(summary: string): string {
  return summary.replace(/(\.[A-Za-z][A-Za-z0-9]*):\d+\b/g, '$1:#').replace(/\b(lines?) \d+(?:(?:, | and )\d+)*/g, '$1 #');
}

/**
 * The fingerprint of `flag` in `project`: 16 hex characters of sha256 over the project id, the
 * kind, the reviewer's evidence (layer 2), the cause ({@link summaryCause}) and the records the
 * flag is about — rows by id and by place, invalid records by place — in a fixed order.
 */
export function flagFingerprint(project: FingerprintInput, flag: Pick<Flag, 'kind' | 'rows' | 'at' | 'summary' | 'evidence'>): string {
  const records = new Set<string>();
  const rowText = (r: ProjectModel['rows'][number]): string => JSON.stringify([r.id, r.ts, r.ticket, r.phase, r.actor, r.decision, r.why, r.evidenceText, r.result, r.supersedes ?? '']);
  for (const id of flag.rows) for (const r of project.rows) if (r.id === id) records.add(rowText(r));
  for (const at of flag.at) {
    for (const r of project.rows) if (r.file === at.file && r.line === at.line) records.add(rowText(r));
    for (const i of project.invalid) if (i.file === at.file && i.line === at.line) records.add(JSON.stringify([i.file, i.raw]));
  }
  const parts = [project.id, flag.kind, flag.evidence ?? '', summaryCause(flag.summary), ...[...records].sort()];
  return sha256Hex(parts.join('\u0000')).slice(0, 16);
}
