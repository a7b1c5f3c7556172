/**
 * Phases (src/lib/projections/phases.ts; spec/archive.md recap item 7): rows grouped by
 * phase in order of first appearance, superseded rows counted apart, exact counts and spans.
 */
import { describe, expect, it } from 'vitest';
import { phases, PHASE_COLUMNS } from '../../src/lib/projections/phases.ts';
import { formatTimeSpan } from '../../src/lib/site/words.ts';
import type { EvidenceStatus, ResultClass, TrailRow } from '../../src/lib/model/types.ts';

const row = (id: string, phase: string, time: string | null, resultClass: ResultClass, statuses: EvidenceStatus[], supersededBy: string[] = []): TrailRow =>
  ({ id, anchor: `row-${id}`, phase, time: time === null ? null : Date.parse(time), resultClass, evidence: statuses.map((status) => ({ raw: 'x', kind: 'commit', status, reason: '' })), supersededBy }) as unknown as TrailRow;

describe('phases', () => {
  it('groups rows by phase in order of first row, counting results and unresolved evidence of current rows', () => {
    const rows = [
      row('a', 'start', '2026-03-02T09:00:00Z', 'verified', ['VERIFIED']),
      row('b', 'design', '2026-03-02T09:30:00Z', 'verified', ['VERIFIED', 'INCONCLUSIVE']),
      row('c', 'p1', '2026-03-02T10:00:00Z', 'failed', ['NOT_VERIFIED'], ['d']),
      row('d', 'p1', '2026-03-02T11:45:00Z', 'open', []),
      row('e', 'design', '2026-03-02T09:10:00Z', 'note', ['VERIFIED']),
      row('f', '', null, 'verified', ['VERIFIED']),
    ];
    expect(phases(rows)).toEqual([
      { phase: 'start', rows: 1, superseded: 0, span: { from: '2026-03-02T09:00:00.000Z', to: '2026-03-02T09:00:00.000Z' }, results: { verified: 1 }, evidenceNotVerified: 0, firstAnchor: 'row-a' },
      { phase: 'design', rows: 2, superseded: 0, span: { from: '2026-03-02T09:10:00.000Z', to: '2026-03-02T09:30:00.000Z' }, results: { verified: 1, note: 1 }, evidenceNotVerified: 1, firstAnchor: 'row-b' },
      { phase: 'p1', rows: 1, superseded: 1, span: { from: '2026-03-02T11:45:00.000Z', to: '2026-03-02T11:45:00.000Z' }, results: { open: 1 }, evidenceNotVerified: 1, firstAnchor: 'row-d' },
      { phase: '', rows: 1, superseded: 0, span: null, results: { verified: 1 }, evidenceNotVerified: 0, firstAnchor: 'row-f' },
    ]);
  });

  it('a phase whose rows are all superseded keeps its first row as anchor and has no span', () => {
    expect(phases([row('a', 'p2', '2026-03-02T09:00:00Z', 'failed', ['VERIFIED'], ['b'])])).toEqual([{ phase: 'p2', rows: 0, superseded: 1, span: null, results: {}, evidenceNotVerified: 0, firstAnchor: 'row-a' }]);
  });

  it('time spans read to the minute, in UTC', () => {
    expect(formatTimeSpan({ from: '2026-03-02T09:10:00.000Z', to: '2026-03-02T11:40:59.000Z' })).toBe('2026-03-02 09:10 – 11:40 UTC');
    expect(formatTimeSpan({ from: '2026-03-02T09:10:00.000Z', to: '2026-03-02T09:10:30.000Z' })).toBe('2026-03-02 09:10 UTC');
    expect(formatTimeSpan({ from: '2026-03-02T23:10:00.000Z', to: '2026-03-03T01:00:00.000Z' })).toBe('2026-03-02 23:10 – 2026-03-03 01:00 UTC');
  });

  it('its evidence column counts rows and says so: a row with two pointers that did not resolve is one (count14)', () => {
    // Before: the column was headed "Evidence not verified", the words the home's column and the recap's
    // strip use for pointers (7 did not resolve, 1 prose), while it counted 6 rows: a reader summing it got 6, not 8.
    const two = row('a', 'build', '2026-03-02T09:00:00Z', 'verified', ['NOT_VERIFIED', 'NOT_VERIFIED', 'VERIFIED']);
    expect(phases([two, row('b', 'build', '2026-03-02T09:01:00Z', 'verified', ['NOT_VERIFIED'])])[0]?.evidenceNotVerified).toBe(2);
    expect(PHASE_COLUMNS).toEqual(['Phase', 'Rows', 'Time span', 'Results', 'Rows with evidence not verified']);
  });
});
