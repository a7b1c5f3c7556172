/**
 * Layer-1 checks (src/lib/checks/) and the projections that order and filter their output
 * (src/lib/projections/): each check on hand-built rows, asserting the exact flag a user sees.
 */
import { repositoryUnavailable } from '../../src/lib/checks/repository/unavailable.ts';
import { describe, expect, it } from 'vitest';
import type { AuditInfo, EvidencePointer, Flag, InvalidRecord, TrailRow } from '../../src/lib/model/types.ts';
import type { TrailCheckInput } from '../../src/lib/checks/check.ts';
import { quote } from '../../src/lib/checks/check.ts';
import { computeRowId } from '../../src/lib/adapters/parsed-row.ts';
import { FLAG_KINDS, runChecks } from '../../src/lib/checks/index.ts';
import { rowTooLarge } from '../../src/lib/checks/trail/row-too-large.ts';
import { idMismatch } from '../../src/lib/checks/trail/id-mismatch.ts';
import { duplicateId } from '../../src/lib/checks/trail/duplicate-id.ts';
import { supersedes, supersedeCycles } from '../../src/lib/checks/trail/supersedes.ts';
import { startRow } from '../../src/lib/checks/trail/no-start-row.ts';
import { outOfPlace, timestamps } from '../../src/lib/checks/trail/timestamps.ts';
import fc from 'fast-check';
import { tsvHeader } from '../../src/lib/checks/trail/tsv-header.ts';
import { invalidRow } from '../../src/lib/checks/trail/invalid-row.ts';
import { unresolvedEvidence, EVIDENCE_KINDS } from '../../src/lib/checks/evidence/unresolved.ts';
import { auditFile } from '../../src/lib/checks/audit/audit-file.ts';
import { flagKinds, flagsByRow, sortFlags, SEVERITY_ORDER } from '../../src/lib/projections/flags.ts';
import { checkFirst } from '../../src/lib/projections/check-first.ts';
import { assignAnchors, isOutOfTimeOrder, linkRows, supersedeChain, timeOrder } from '../../src/lib/trail/rows.ts';
import { parseTime } from '../../src/lib/adapters/parsed-row.ts';

type RowSpec = Partial<TrailRow> & { decision?: string };

/** Builds rows in file order: line = position + 1 and id = the computed id unless given. */
function trail(...specs: RowSpec[]): TrailRow[] {
  return specs.map((s, i) => {
    const ts = s.ts ?? `2026-03-02T${String(10 + i).padStart(2, '0')}:00:00Z`;
    const ticket = s.ticket ?? '';
    const decision = s.decision ?? `decision ${i + 1}`;
    const computedId = computeRowId(ts, ticket, decision);
    const id = s.id ?? computedId;
    return {
      id,
      computedId,
      anchor: `row-${id}`,
      format: 'bbs-trail',
      file: 'decisions.jsonl',
      line: i + 1,
      index: i,
      ts,
      time: parseTime(ts),
      phase: i === 0 ? 'start' : 'phase-1',
      ticket,
      actor: 'lead',
      decision,
      why: 'because',
      evidenceText: 'src/a.ts',
      evidence: [],
      result: 'verified',
      resultClass: 'verified',
      supersededBy: [],
      bytes: 300,
      extra: {},
      ...s,
    };
  });
}

const NO_AUDIT: AuditInfo = { present: false };

function input(partial: Partial<TrailCheckInput>): TrailCheckInput {
  return { rows: [], invalid: [], warnings: [], audit: NO_AUDIT, reviewFlags: [], ...partial };
}

const at = (line: number, file = 'decisions.jsonl') => ({ file, line });

describe('trail/row-too-large', () => {
  it('flags a row of exactly 4096 bytes and larger ones, not 4095', () => {
    const rows = trail({ bytes: 4095 }, { bytes: 4096 }, { bytes: 10_000 });
    expect(rowTooLarge.run(input({ rows }))).toEqual([
      { layer: 'trail', severity: 'medium', kind: 'trail/row-too-large', rows: [rows[1]?.id], summary: `row ${rows[1]?.id} is 4096 bytes; rows must be under 4096 bytes`, at: [at(2)] },
      { layer: 'trail', severity: 'medium', kind: 'trail/row-too-large', rows: [rows[2]?.id], summary: `row ${rows[2]?.id} is 10000 bytes; rows must be under 4096 bytes`, at: [at(3)] },
    ]);
  });
});

describe('trail/id-mismatch', () => {
  it('flags a bbs row whose id is not sha256(ts + ticket + decision)[0:8]', () => {
    const rows = trail({ ts: '2026-03-02T10:00:00Z', ticket: 'T-1', decision: 'Cap rows', id: '0badc0de' }, { ts: '2026-03-02T10:00:00Z', ticket: '', decision: 'Cap rows' });
    expect(rows[0]?.computedId).toBe('cdbc726f');
    expect(rows[1]?.id).toBe('59588dbd');
    expect(idMismatch.run(input({ rows }))).toEqual([
      { layer: 'trail', severity: 'medium', kind: 'trail/id-mismatch', rows: ['0badc0de'], summary: 'row id 0badc0de should be cdbc726f (sha256 of ts + ticket + decision)', at: [at(1)] },
    ]);
  });

  it('never flags pstack rows, whose id column is optional', () => {
    const rows = trail({ format: 'pstack-trail', id: 'given-id' });
    expect(idMismatch.run(input({ rows }))).toEqual([]);
  });
});

describe('trail/duplicate-id', () => {
  it('flags each id used by more than one row once, naming every line', () => {
    const rows = trail({ id: 'aaaa1111', decision: 'Add the CLI entry' }, { id: 'bbbb2222' }, { id: 'aaaa1111' }, { id: 'aaaa1111' }, { id: 'bbbb2222' });
    expect(duplicateId.run(input({ rows }))).toEqual([
      {
        layer: 'trail',
        severity: 'high',
        kind: 'trail/duplicate-id',
        rows: ['aaaa1111', 'aaaa1111', 'aaaa1111'],
        summary: 'id aaaa1111 is used by 3 rows (lines 1, 3, 4): “Add the CLI entry”',
        at: [at(1), at(3), at(4)],
      },
      { layer: 'trail', severity: 'high', kind: 'trail/duplicate-id', rows: ['bbbb2222', 'bbbb2222'], summary: 'id bbbb2222 is used by 2 rows (lines 2, 5): “decision 2”', at: [at(2), at(5)] },
    ]);
  });

  it('raises nothing for unique ids', () => {
    expect(duplicateId.run(input({ rows: trail({}, {}, {}) }))).toEqual([]);
  });
});

describe('trail/supersedes-*', () => {
  it('accepts a row that supersedes an earlier row', () => {
    const rows = trail({ id: 'aaaa0001' }, { id: 'aaaa0002', supersedes: 'aaaa0001' });
    expect(supersedes.run(input({ rows }))).toEqual([]);
    expect(supersedeCycles(rows)).toEqual([]);
  });

  it('flags a supersedes that names no row', () => {
    const rows = trail({ id: 'aaaa0001' }, { id: 'c1e14233', supersedes: 'deadbeef' });
    expect(supersedes.run(input({ rows }))).toEqual([
      { layer: 'trail', severity: 'high', kind: 'trail/supersedes-missing', rows: ['c1e14233'], summary: 'row c1e14233 supersedes deadbeef, which is not in the trail', at: [at(2)] },
    ]);
  });

  it('flags a supersedes that names a later row', () => {
    const rows = trail({ id: 'aaaa0001' }, { id: '8ada2ddc', supersedes: 'aaaa0004' }, { id: 'aaaa0003' }, { id: 'aaaa0004' });
    expect(supersedes.run(input({ rows }))).toEqual([
      { layer: 'trail', severity: 'high', kind: 'trail/supersedes-forward', rows: ['8ada2ddc'], summary: 'row 8ada2ddc (line 2) supersedes row aaaa0004 (line 4), which comes later', at: [at(2)] },
    ]);
  });

  it('flags a superseder timestamped before the row it replaces, linking both, and hides nothing with it (issue 14)', () => {
    const rows = trail(
      { id: 'aaaa0001' },
      { id: 'fa11ed00', ts: '2026-03-02T12:00:00Z', result: 'failed', resultClass: 'failed' },
      { id: 'backdate', ts: '2026-03-02T09:00:00Z', supersedes: 'fa11ed00', result: 'verified' },
    );
    expect(supersedes.run(input({ rows }))).toEqual([
      {
        layer: 'trail',
        severity: 'high',
        kind: 'trail/supersedes-backdated',
        rows: ['backdate', 'fa11ed00'],
        summary: 'row backdate (line 3, 2026-03-02T09:00:00Z) supersedes row fa11ed00 (line 2, 2026-03-02T12:00:00Z), which is later in time: it is not hidden',
        at: [at(3), at(2)],
      },
    ]);
    expect(linkRows(rows, []).map((r) => [r.id, r.supersededBy])).toEqual([['aaaa0001', []], ['fa11ed00', []], ['backdate', []]]);
    // Same time, or a later one: a plain supersede.
    const fine = trail({ id: 'aaaa0001' }, { id: 'fa11ed00', ts: '2026-03-02T12:00:00Z' }, { id: 'later', ts: '2026-03-02T12:00:00Z', supersedes: 'fa11ed00' });
    expect(supersedes.run(input({ rows: fine }))).toEqual([]);
    expect(linkRows(fine, [])[1]?.supersededBy).toEqual(['later']);
  });

  it('flags a row that supersedes itself once, as forward (not also as a one-row cycle)', () => {
    const rows = trail({ id: 'aaaa0001' }, { id: 'aaaa0002', supersedes: 'aaaa0002' });
    expect(supersedes.run(input({ rows }))).toEqual([
      { layer: 'trail', severity: 'high', kind: 'trail/supersedes-forward', rows: ['aaaa0002'], summary: 'row aaaa0002 (line 2) supersedes itself', at: [at(2)] },
    ]);
  });

  it('flags a two-row cycle once, with its rows in file order, and the forward supersede that opens it', () => {
    const rows = trail({ id: 'aaaa0001' }, { id: 'bcbab5af', supersedes: '83d1c257' }, { id: '83d1c257', supersedes: 'bcbab5af' });
    expect(supersedes.run(input({ rows }))).toEqual([
      { layer: 'trail', severity: 'high', kind: 'trail/supersedes-forward', rows: ['bcbab5af'], summary: 'row bcbab5af (line 2) supersedes row 83d1c257 (line 3), which comes later', at: [at(2)] },
      { layer: 'trail', severity: 'high', kind: 'trail/supersedes-cycle', rows: ['bcbab5af', '83d1c257'], summary: 'supersedes cycle: bcbab5af → 83d1c257 → bcbab5af', at: [at(2), at(3)] },
    ]);
  });

  it('finds a three-row cycle once, along its links from the first row in the file', () => {
    // 1 supersedes 3, 2 supersedes 1, 3 supersedes 2.
    const rows = trail({ id: 'r1', supersedes: 'r3' }, { id: 'r2', supersedes: 'r1' }, { id: 'r3', supersedes: 'r2' }, { id: 'r4', supersedes: 'r3' });
    expect(supersedeCycles(rows).map((c) => c.map((r) => r.id))).toEqual([['r1', 'r3', 'r2']]);
    const cycle = supersedes.run(input({ rows })).filter((f) => f.kind === 'trail/supersedes-cycle');
    expect(cycle).toEqual([{ layer: 'trail', severity: 'high', kind: 'trail/supersedes-cycle', rows: ['r1', 'r3', 'r2'], summary: 'supersedes cycle: r1 → r3 → r2 → r1', at: [at(1), at(3), at(2)] }]);
  });

  it('finds two separate cycles and ignores a chain that only leads into one', () => {
    const rows = trail({ id: 'a', supersedes: 'b' }, { id: 'b', supersedes: 'a' }, { id: 'c', supersedes: 'a' }, { id: 'd', supersedes: 'e' }, { id: 'e', supersedes: 'd' });
    expect(supersedeCycles(rows).map((c) => c.map((r) => r.id))).toEqual([
      ['a', 'b'],
      ['d', 'e'],
    ]);
  });
});

describe('trail/no-start-row', () => {
  it('flags a bbs trail without a start row at its first row', () => {
    const rows = trail({ phase: 'design' }, { phase: 'phase-1' });
    expect(startRow.run(input({ rows }))).toEqual([
      { layer: 'trail', severity: 'medium', kind: 'trail/no-start-row', rows: [], summary: 'the trail has no start row: nobody recorded the session that began it', at: [at(1)] },
    ]);
  });

  it('accepts a start row anywhere, and never checks pstack trails or empty trails', () => {
    expect(startRow.run(input({ rows: trail({ phase: 'design' }, { phase: 'start' }) }))).toEqual([]);
    expect(startRow.run(input({ rows: trail({ phase: 'design', format: 'pstack-trail' }) }))).toEqual([]);
    expect(startRow.run(input({ rows: [] }))).toEqual([]);
  });
});

describe('trail/bad-timestamp and trail/out-of-time-order', () => {
  it('flags a ts that is not ISO-8601 with a zone', () => {
    const rows = trail({}, { ts: 'yesterday', time: null }, { ts: '2026-03-02T12:00:00', time: null });
    expect(timestamps.run(input({ rows: rows.slice(0, 2) }))).toEqual([
      { layer: 'trail', severity: 'low', kind: 'trail/bad-timestamp', rows: [rows[1]?.id], summary: `${at(2).file}:2: row ${rows[1]?.id} has ts “yesterday”, which is not an ISO-8601 time with a zone`, at: [at(2)] },
    ]);
    // Several in one file (a whole trail of bare dates) are one flag naming every row.
    expect(timestamps.run(input({ rows }))).toEqual([
      {
        layer: 'trail',
        severity: 'low',
        kind: 'trail/bad-timestamp',
        rows: [rows[1]?.id, rows[2]?.id],
        summary: `2 rows of decisions.jsonl have a ts that is not an ISO-8601 time with a zone (first: row ${rows[1]?.id} at line 2, “yesterday”)`,
        at: [at(2), at(3)],
      },
    ]);
  });

  it('does not flag a blank ts (a header without a ts column is reported once, by trail/tsv-missing-column)', () => {
    expect(timestamps.run(input({ rows: trail({ ts: '', time: null }) }))).toEqual([]);
  });

  it('flags the one row out of time order', () => {
    const rows = trail({ ts: '2026-03-02T10:00:00Z' }, { ts: '2026-03-02T12:00:00Z' }, { ts: '2026-03-02T11:00:00Z' }, { ts: '2026-03-02T13:00:00Z' });
    expect(timestamps.run(input({ rows }))).toEqual([
      {
        layer: 'trail',
        severity: 'low',
        kind: 'trail/out-of-time-order',
        rows: [rows[2]?.id],
        summary: '1 row is out of time order in decisions.jsonl (line 3, 2026-03-02T11:00:00Z); without it, file order and time order agree',
        at: [at(3)],
      },
    ]);
  });

  it('names the fewest rows whose removal leaves the rest in order, per file, skipping rows without a time', () => {
    const rows = trail(
      { ts: '2026-03-02T09:03:00Z' },
      { ts: '2026-03-02T08:41:00Z' },
      { ts: 'soon', time: null },
      { ts: '2026-03-02T08:48:00Z' },
      { ts: '2026-03-02T07:00:00Z', file: 'other.tsv' },
    );
    const flags = timestamps.run(input({ rows })).filter((f) => f.kind === 'trail/out-of-time-order');
    expect(flags).toEqual([
      {
        layer: 'trail',
        severity: 'low',
        kind: 'trail/out-of-time-order',
        // The first row, stamped late, is the one out of place, not the two below it.
        rows: [rows[0]?.id],
        summary: '1 row is out of time order in decisions.jsonl (line 1, 2026-03-02T09:03:00Z); without it, file order and time order agree',
        at: [at(1)],
      },
    ]);
  });

  it('one row stamped late at the top is one row, not every row below it', () => {
    const rows = trail({ ts: '2026-03-09T00:00:00Z' }, ...Array.from({ length: 14 }, (_, i) => ({ ts: `2026-03-02T${String(10 + i).padStart(2, '0')}:00:00Z` })));
    const [flag] = timestamps.run(input({ rows })).filter((f) => f.kind === 'trail/out-of-time-order');
    expect(flag?.summary).toBe('1 row is out of time order in decisions.jsonl (line 1, 2026-03-09T00:00:00Z); without it, file order and time order agree');
    expect(flag?.rows).toEqual([rows[0]?.id]);
  });

  it('property: removing the rows named leaves the rest in time order, and no shorter set would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }), (times) => {
        const rows = times.map((t, i) => ({ id: String(i), time: t }) as unknown as TrailRow);
        const named = new Set(outOfPlace(rows).map((r) => r.id));
        const kept = times.filter((_, i) => !named.has(String(i)));
        expect(kept.every((t, i) => i === 0 || (kept[i - 1] as number) <= t)).toBe(true);
        // Longest non-decreasing subsequence by the quadratic definition.
        const best = times.map(() => 1);
        for (let i = 0; i < times.length; i++) for (let j = 0; j < i; j++) if ((times[j] as number) <= (times[i] as number)) best[i] = Math.max(best[i] as number, (best[j] as number) + 1);
        expect(kept.length).toBe(times.length === 0 ? 0 : Math.max(...best));
      }),
    );
  });

  it('raises nothing for rows in time order, including equal times', () => {
    expect(timestamps.run(input({ rows: trail({ ts: '2026-03-02T10:00:00Z' }, { ts: '2026-03-02T10:00:00Z' }) }))).toEqual([]);
  });
});

describe('trail/tsv-no-header', () => {
  it('turns the adapter warning into a low flag at line 1', () => {
    const message = 'decisions.tsv has no header line; columns were read as ts, phase, decision, why, evidence, result';
    expect(tsvHeader.run(input({ warnings: [{ kind: 'trail/tsv-no-header', file: 'decisions.tsv', line: 1, message }, { kind: 'other', file: 'x', line: 1, message: 'x' }] }))).toEqual([
      { layer: 'trail', severity: 'low', kind: 'trail/tsv-no-header', rows: [], summary: message, at: [at(1, 'decisions.tsv')] },
    ]);
  });
});

describe('trail/* invalid lines', () => {
  it.each([
    ['trail/not-json', 'high', 'not valid JSON: Unexpected end of JSON input'],
    ['trail/not-an-object', 'high', 'expected a JSON object, got an array'],
    ['trail/missing-field', 'high', 'missing required field “why”'],
    ['trail/wrong-type', 'high', 'field “why” must be string, got number'],
    ['trail/tsv-cell-count', 'high', 'expected 6 tab-separated cells, found 4'],
    ['trail/invalid-utf8', 'medium', 'line 7 is not valid UTF-8'],
    ['trail/blank-line', 'low', 'blank line'],
  ])('%s becomes a %s flag naming file:line', (kind, severity, error) => {
    const record: InvalidRecord = { file: 'decisions.jsonl', line: 7, kind, error, raw: 'x' };
    expect(invalidRow.run(input({ invalid: [record] }))).toEqual([{ layer: 'trail', severity, kind, rows: [], summary: `decisions.jsonl:7: ${error}`, at: [at(7)] }]);
  });

  it('leaves invalid records of other kinds to their own checks', () => {
    expect(invalidRow.run(input({ invalid: [{ file: 'audit.json', line: 1, kind: 'audit/invalid-file', error: 'x', raw: '' }] }))).toEqual([]);
  });
});

describe('evidence/* faults', () => {
  const p = (raw: string, fault: string | undefined, reason: string, status: EvidencePointer['status'] = 'NOT_VERIFIED'): EvidencePointer => ({
    raw,
    kind: 'path',
    status,
    reason,
    ...(fault ? { fault } : {}),
  });

  it.each([
    ['evidence/commit-not-found', 'high'],
    ['evidence/commit-ambiguous', 'medium'],
    // Issue 26, item 6: a tree or blob cited as a commit is INCONCLUSIVE with a low notice.
    ['evidence/not-a-commit', 'low'],
    ['evidence/path-not-found', 'high'],
    ['evidence/line-out-of-range', 'high'],
    ['evidence/path-outside-repository', 'high'],
    // A pointer that was checked and does not resolve is high wherever it stands (docs/checks.md, "The severity rule").
    ['evidence/rubric-criterion-missing', 'high'],
    ['evidence/unsafe-url', 'high'],
    ['evidence/prose', 'medium'],
  ])('%s is a %s flag naming the row, its decision, the pointer and the reason', (fault, severity) => {
    const rows = trail({}, { id: 'abcd1234', decision: 'Keep the legacy line counter', evidence: [p('src/parser.ts:999', fault, 'the reason')] });
    expect(unresolvedEvidence.run(input({ rows }))).toEqual([
      { layer: 'evidence', severity, kind: fault, rows: ['abcd1234'], summary: 'row abcd1234 “Keep the legacy line counter” — src/parser.ts:999: the reason', at: [at(2)] },
    ]);
  });

  it('names the line of each row when two rows share an id, so their two flags never read the same', () => {
    const twin = { id: '2aafcc90', decision: 'Line out of range', evidence: [p('src/a.ts:999', 'evidence/line-out-of-range', 'line 999 is past the end (3 lines)')] };
    const rows = trail({}, twin, {}, twin);
    expect(unresolvedEvidence.run(input({ rows })).map((f) => f.summary)).toEqual([
      'row 2aafcc90 (line 2) “Line out of range” — src/a.ts:999: line 999 is past the end (3 lines)',
      'row 2aafcc90 (line 4) “Line out of range” — src/a.ts:999: line 999 is past the end (3 lines)',
    ]);
  });

  it('raises the same flags, with the same severity, for the evidence of a malformed row', () => {
    const invalid = [{ file: 'decisions.tsv', line: 7, kind: 'trail/tsv-cell-count', error: 'expected 6 tab-separated cells, found 5', raw: 'x', fields: { evidence: 'deadbee1' }, evidence: [p('deadbee1', 'evidence/commit-not-found', 'no commit deadbee1 in repo')] }];
    expect(unresolvedEvidence.run(input({ invalid }))).toEqual([
      { layer: 'evidence', severity: 'high', kind: 'evidence/commit-not-found', rows: [], summary: 'invalid record decisions.tsv:7 — no commit deadbee1 in repo', at: [{ file: 'decisions.tsv', line: 7 }] },
    ]);
  });

  it('has exactly the eleven documented evidence kinds', () => {
    expect(EVIDENCE_KINDS.map((k) => k.kind)).toEqual([
      'evidence/commit-not-found',
      'evidence/commit-ambiguous',
      'evidence/not-a-commit',
      'evidence/path-not-found',
      'evidence/line-out-of-range',
      'evidence/path-outside-repository',
      'evidence/unsafe-url',
      'evidence/test-not-found',
      'evidence/rubric-criterion-missing',
      'evidence/prose',
      'evidence/self-citation',
    ]);
  });

  it('groups pointers of one row by fault, in pointer order, and ignores VERIFIED and INCONCLUSIVE pointers', () => {
    const rows = trail({
      id: 'abcd1234',
      decision: 'A decision whose text is much longer than fifty characters in all',
      evidence: [
        p('a.ts', 'evidence/path-not-found', 'a.ts not found'),
        p('npm test', undefined, 'a command is not evidence of its result', 'INCONCLUSIVE'),
        p('looks fine', 'evidence/prose', 'evidence must be a pointer, not prose'),
        p('b.ts', 'evidence/path-not-found', 'b.ts not found'),
        p('c.ts', undefined, 'file exists', 'VERIFIED'),
        p('d.ts', 'evidence/unknown-fault', 'unknown faults are not flagged'),
      ],
    });
    expect(quote(rows[0]?.decision ?? '', 50)).toBe('“A decision whose text is much longer than fifty c…”');
    expect(unresolvedEvidence.run(input({ rows })).map((f) => [f.kind, f.summary])).toEqual([
      ['evidence/path-not-found', 'row abcd1234 “A decision whose text is much longer than fifty c…” — a.ts not found; b.ts not found'],
      ['evidence/prose', 'row abcd1234 “A decision whose text is much longer than fifty c…” — looks fine: evidence must be a pointer, not prose'],
    ]);
  });
});

describe('audit/invalid-file and audit/unknown-row', () => {
  const review = (rows: string[], kind = 'gap'): Flag => ({ layer: 'review', severity: 'low', kind, rows, summary: 's', at: [] });

  it('turns an invalid audit.json record into a high flag saying the audit counts as failed', () => {
    const error = 'audit.json: missing required field “version”';
    expect(auditFile.run(input({ invalid: [{ file: 'audit.json', line: 1, kind: 'audit/invalid-file', error, raw: '{}' }] }))).toEqual([
      { layer: 'audit', severity: 'high', kind: 'audit/invalid-file', rows: [], summary: `${error}; the audit is treated as a failed run`, at: [at(1, 'audit.json')] },
    ]);
  });

  it('flags layer-2 flags that name rows not in the trail, singular and plural', () => {
    const rows = trail({ id: 'aaaa0001' });
    expect(auditFile.run(input({ rows, reviewFlags: [review(['aaaa0001']), review(['aaaa0001', 'ffff0001'], 'gap'), review(['ffff0002', 'ffff0003'], 'unsupported-claim'), review([])] }))).toEqual([
      { layer: 'audit', severity: 'low', kind: 'audit/unknown-row', rows: ['ffff0001'], summary: "the reviewer's gap flag names row ffff0001, not in the trail", at: [] },
      { layer: 'audit', severity: 'low', kind: 'audit/unknown-row', rows: ['ffff0002', 'ffff0003'], summary: "the reviewer's unsupported-claim flag names rows ffff0002, ffff0003, not in the trail", at: [] },
    ]);
  });
});

describe('runChecks', () => {
  it('runs every check and returns their flags together', () => {
    const rows = trail({ phase: 'design', bytes: 5000 }, { id: 'dup' }, { id: 'dup', supersedes: 'nope' });
    const flags = runChecks(input({ rows, invalid: [{ file: 'decisions.jsonl', line: 4, kind: 'trail/blank-line', error: 'blank line', raw: '' }] }));
    expect(flags.map((f) => f.kind).sort()).toEqual(['trail/blank-line', 'trail/duplicate-id', 'trail/id-mismatch', 'trail/id-mismatch', 'trail/no-start-row', 'trail/row-too-large', 'trail/supersedes-missing']);
  });

  it('reports a check that throws as its own low flag instead of throwing', () => {
    const broken = { ...trail({})[0], evidence: undefined } as unknown as TrailRow;
    const flags = runChecks(input({ rows: [broken] }));
    expect(flags.filter((f) => f.kind === 'trailbook/check-failed')).toEqual([
      { layer: 'trail', severity: 'low', kind: 'trailbook/check-failed', rows: [], summary: 'check evidence/unresolved failed: pointers is not iterable', at: [] },
      { layer: 'trail', severity: 'low', kind: 'trailbook/check-failed', rows: [], summary: "check evidence/mentions failed: Cannot read properties of undefined (reading 'filter')", at: [] },
      { layer: 'trail', severity: 'low', kind: 'trailbook/check-failed', rows: [], summary: "check evidence/not-landed failed: Cannot read properties of undefined (reading 'filter')", at: [] },
    ]);
  });

  it('documents every kind once', () => {
    const kinds = FLAG_KINDS.map((k) => k.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const k of FLAG_KINDS) expect(k.rule.length, k.kind).toBeGreaterThan(0);
  });
});

describe('sortFlags', () => {
  const rows = trail({ id: 'r0' }, { id: 'r1' }, { id: 'r2' });
  const flag = (name: string, severity: Flag['severity'], ids: string[], where: Array<{ file: string; line: number }> = [], kind = 'k'): Flag => ({
    layer: 'trail',
    severity,
    kind,
    rows: ids,
    summary: name,
    at: where,
  });

  it('orders by severity, then first referenced row (by id or by location), then kind', () => {
    const flags = [
      flag('A', 'low', ['r0']),
      flag('B', 'high', ['r2']),
      flag('C', 'high', ['r1']),
      flag('D', 'medium', []),
      flag('E', 'high', [], [at(1)]),
      flag('F', 'high', [], [], 'z-kind'),
      flag('G', 'high', ['unknown'], [], 'a-kind'),
      flag('H', 'medium', ['r0']),
      flag('I', 'high', ['r2', 'r0'], [], 'm'),
    ];
    const before = flags.map((f) => f.summary);
    expect(sortFlags(flags, rows).map((f) => f.summary)).toEqual(['E', 'I', 'C', 'B', 'G', 'F', 'H', 'D', 'A']);
    expect(flags.map((f) => f.summary)).toEqual(before);
  });

  it('breaks ties on the same place by kind, then summary', () => {
    const flags = [flag('y', 'high', ['r1'], [], 'b'), flag('x', 'high', ['r1'], [], 'b'), flag('w', 'high', ['r1'], [], 'a'), flag('v', 'high', ['r1'], [at(2)], 'z')];
    expect(sortFlags(flags, rows).map((f) => f.summary)).toEqual(['w', 'x', 'y', 'v']);
  });

  it('puts a flag about an invalid line between the rows around it', () => {
    const flags = [flag('after', 'high', ['r2']), flag('invalid', 'high', [], [at(2)]), flag('before', 'high', ['r0'])];
    const spaced = rows.map((r, i) => ({ ...r, line: i * 2 + 1 }));
    expect(sortFlags(flags, spaced).map((f) => f.summary)).toEqual(['before', 'invalid', 'after']);
  });

  it('has severity order high, medium, low', () => {
    expect(SEVERITY_ORDER).toEqual({ high: 0, medium: 1, low: 2 });
  });
});

describe('checkFirst', () => {
  const ok: EvidencePointer = { raw: 'src/a.ts', kind: 'path', status: 'VERIFIED', reason: 'file exists at landed head; 3 lines' };
  const maybe: EvidencePointer = { raw: 'npm test', kind: 'command', status: 'INCONCLUSIVE', reason: 'a command is not evidence of its result' };

  it('lists rows with an unresolved pointer, a result other than verified, or no pointer at all, in file order', () => {
    const rows = trail(
      { id: 'clean', evidence: [ok] },
      { id: 'inconclusive', evidence: [ok, maybe] },
      { id: 'open', evidence: [ok], result: 'open', resultClass: 'open' },
      { id: 'empty', evidence: [] },
      { id: 'hidden', evidence: [maybe], supersededBy: ['later'] },
      { id: 'note', evidence: [ok], result: '14 tests passed', resultClass: 'note' },
    );
    expect(checkFirst(rows).map((e) => [e.row.id, e.unresolved.map((p) => p.raw), e.resultNotVerified])).toEqual([
      ['inconclusive', ['npm test'], false],
      ['open', [], true],
      ['empty', [], false],
      ['hidden', ['npm test'], false],
      ['note', [], true],
    ]);
  });
});

describe('row projections', () => {
  it('assignAnchors: row-<id>, then -L<line> for duplicates, row-L<line> for odd ids', () => {
    expect(
      assignAnchors([
        { id: 'aaaa0001', line: 1, file: 'f' },
        { id: 'aaaa0001', line: 2, file: 'f' },
        { id: 'has space', line: 3, file: 'f' },
        { id: 'aaaa0001-L2', line: 4, file: 'f' },
        { id: '', line: 5, file: 'f' },
        { id: 'aaaa0001', line: 2, file: 'g' },
      ]),
    ).toEqual(['row-aaaa0001', 'row-aaaa0001-L2', 'row-L3', 'row-aaaa0001-L2-L4', 'row-L5', 'row-aaaa0001-L2-2']);
  });

  it('linkRows: a row is superseded only by a later row naming it', () => {
    const parsed = trail({ id: 'a' }, { id: 'b', supersedes: 'c' }, { id: 'c', supersedes: 'a' }, { id: 'd', supersedes: 'nope' }, { id: 'e', supersedes: 'e' }, { id: 'f', supersedes: 'a' });
    const rows = linkRows(parsed, []);
    expect(rows.map((r) => [r.id, r.supersededBy, r.anchor, r.index])).toEqual([
      ['a', ['c', 'f'], 'row-a', 0],
      ['b', [], 'row-b', 1],
      ['c', [], 'row-c', 2],
      ['d', [], 'row-d', 3],
      ['e', [], 'row-e', 4],
      ['f', [], 'row-f', 5],
    ]);
  });

  it('isOutOfTimeOrder and timeOrder (stable, missing times last)', () => {
    const rows = trail({ ts: '2026-03-02T10:00:00Z' }, { ts: 'x', time: null }, { ts: '2026-03-02T09:00:00Z' }, { ts: '2026-03-02T09:00:00Z' });
    expect(isOutOfTimeOrder(rows)).toBe(true);
    expect(timeOrder(rows).map((r) => r.index)).toEqual([2, 3, 0, 1]);
    expect(isOutOfTimeOrder(trail({ ts: '2026-03-02T09:00:00Z' }, { ts: 'x', time: null }, { ts: '2026-03-02T09:00:00Z' }))).toBe(false);
  });

  it('supersedeChain follows supersedes backwards, newest first, and stops at cycles and forward links', () => {
    const rows = trail({ id: 'a' }, { id: 'b', supersedes: 'a' }, { id: 'c', supersedes: 'b' }, { id: 'x', supersedes: 'y' }, { id: 'y', supersedes: 'x' });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(supersedeChain(rows[2] as TrailRow, byId).map((r) => r.id)).toEqual(['b', 'a']);
    expect(supersedeChain(rows[4] as TrailRow, byId).map((r) => r.id)).toEqual(['x']);
    expect(supersedeChain(rows[3] as TrailRow, byId).map((r) => r.id)).toEqual([]);
  });
});

describe('repository/unavailable', () => {
  const info = (problem: string | null) => ({ id: null, path: null, head: null, headSource: null, problem });
  it('flags a configured repository that cannot be used, with the problem as the summary', () => {
    expect(repositoryUnavailable.run(input({ repository: info('repository ../gone (from trailbook.json): content/gone is not a folder') }))).toEqual([
      {
        layer: 'evidence',
        severity: 'high',
        kind: 'repository/unavailable',
        rows: [],
        summary: 'repository ../gone (from trailbook.json): content/gone is not a folder; every git-backed evidence check is inconclusive',
        at: [],
      },
    ]);
  });
  it('raises nothing for a project without a repository, or with a usable one', () => {
    expect(repositoryUnavailable.run(input({ repository: info('no repository') }))).toEqual([]);
    expect(repositoryUnavailable.run(input({ repository: info(null) }))).toEqual([]);
    expect(repositoryUnavailable.run(input({}))).toEqual([]);
  });
});

describe('flag kinds overview (Attention)', () => {
  it('counts flags per kind, most severe first, then most frequent, with the first flag of each', () => {
    const f = (kind: string, severity: 'high' | 'medium' | 'low') => ({ layer: 'trail' as const, severity, kind, rows: [], summary: '', at: [] });
    expect(flagKinds([f('a/x', 'high'), f('b/y', 'medium'), f('b/y', 'medium'), f('c/z', 'medium'), f('a/x', 'high'), f('d/w', 'low')])).toEqual([
      { kind: 'a/x', severity: 'high', count: 2, first: 1 },
      { kind: 'b/y', severity: 'medium', count: 2, first: 2 },
      { kind: 'c/z', severity: 'medium', count: 1, first: 4 },
      { kind: 'd/w', severity: 'low', count: 1, first: 6 },
    ]);
  });
});

describe('flags by row (a row card shows its own flags)', () => {
  it('reaches rows at the flag places (both rows of a duplicate id), else the first row of each id', () => {
    const row = (id: string, line: number) => ({ id, line, file: 'decisions.jsonl', anchor: `row-${id}-L${line}` }) as unknown as TrailRow;
    const rows = [row('a', 1), row('b', 2), row('b', 3), row('c', 4)];
    const flags = [
      { layer: 'trail' as const, severity: 'high' as const, kind: 'trail/duplicate-id', rows: ['b'], summary: '', at: [{ file: 'decisions.jsonl', line: 2 }, { file: 'decisions.jsonl', line: 3 }] },
      { layer: 'review' as const, severity: 'low' as const, kind: 'gap', rows: ['c', 'zz'], summary: '', at: [] },
    ];
    expect(Object.fromEntries(flagsByRow(flags, rows))).toEqual({
      'row-b-L2': [{ n: 1, severity: 'high', kind: 'trail/duplicate-id' }],
      'row-b-L3': [{ n: 1, severity: 'high', kind: 'trail/duplicate-id' }],
      'row-c-L4': [{ n: 2, severity: 'low', kind: 'gap' }],
    });
  });
});
