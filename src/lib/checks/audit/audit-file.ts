/**
 * `audit/invalid-file` and `audit/unknown-row` (decision trail, Part 2, Result file: "ran with
 * an empty flags array ... An empty list without a reviewer is not allowed"; Layer 2 output:
 * "Anything else is treated as a failed run").
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

const SOURCE = 'decision trail, Part 2 (Result file, Layer 2 output); spec/input.md section 4';

export const AUDIT_INVALID: FlagKind = {
  kind: 'audit/invalid-file',
  severity: 'high',
  layer: 'audit',
  rule: 'audit.json matches {version, at, status: ran|not-run|failed, reason, reviewer, flags[]}; `ran` names its reviewer',
  source: SOURCE,
};

export const AUDIT_UNKNOWN_ROW: FlagKind = {
  kind: 'audit/unknown-row',
  severity: 'low',
  layer: 'audit',
  rule: 'a layer-2 flag names rows that are in the trail',
  source: SOURCE,
};

export const auditFile: Check = {
  id: 'audit/audit-file',
  kinds: [AUDIT_INVALID, AUDIT_UNKNOWN_ROW],
  run({ invalid, reviewFlags, rows }) {
    const flags = invalid
      .filter((r) => r.kind === AUDIT_INVALID.kind)
      .map((r) => flagOf(AUDIT_INVALID, `${r.error}; the audit is treated as a failed run`, [], [{ file: r.file, line: r.line }]));
    const ids = new Set(rows.map((r) => r.id));
    for (const f of reviewFlags) {
      const unknown = f.rows.filter((id) => !ids.has(id));
      if (unknown.length > 0) flags.push(flagOf(AUDIT_UNKNOWN_ROW, `the reviewer's ${f.kind} flag names row${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, not in the trail`, unknown));
    }
    return flags;
  },
};
