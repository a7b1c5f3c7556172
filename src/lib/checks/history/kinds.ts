/**
 * The kinds the trail's own git history raises (decision trail, Part 1: "Append-only. A wrong
 * row is corrected by a new row with supersedes, never edited or deleted"; issue 15). The
 * history itself is read in src/lib/trail/record-history.ts.
 */
import type { FlagKind } from '../check.ts';

const APPEND_ONLY = 'decision trail, Part 1 (Append-only)';

export const ROW_REWRITTEN: FlagKind = {
  kind: 'history/row-rewritten',
  severity: 'high',
  layer: 'history',
  rule: "a trail row's text is never changed after it was committed (work-tree changes against HEAD count)",
  source: APPEND_ONLY,
};

export const ROW_DELETED: FlagKind = {
  kind: 'history/row-deleted',
  severity: 'high',
  layer: 'history',
  rule: 'a trail row, once committed, is never deleted',
  source: APPEND_ONLY,
};

export const ROW_INSERTED: FlagKind = {
  kind: 'history/row-inserted',
  severity: 'medium',
  layer: 'history',
  rule: 'new trail rows are appended, never inserted above rows committed earlier',
  source: APPEND_ONLY,
};

export const RECORD_REWRITTEN: FlagKind = {
  kind: 'history/record-rewritten',
  severity: 'high',
  layer: 'history',
  rule: 'a committed audit.json, verdict or selection.md keeps the lines it was committed with (lines may be added)',
  source: `${APPEND_ONLY}; quality-and-design-controls.md, sections 1–2`,
};
