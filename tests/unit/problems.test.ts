/**
 * Problems (issue 27, scope 3; src/lib/projections/problems.ts): flags of one kind and cause
 * are one problem; a cause is a summary without its place, times, numbers and quoted titles;
 * every flag is in exactly one problem, numbered as Attention numbers it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Flag, Severity } from '../../src/lib/model/types.ts';
import { causeKey, problemCause, problemCounts, problems, problemScore } from '../../src/lib/projections/problems.ts';

const flag = (kind: string, summary: string, severity: Severity = 'high', layer: Flag['layer'] = 'trail'): Flag => ({ layer, severity, kind, rows: [], summary, at: [] });

describe('problems', () => {
  it('reads a cause without the place a flag names', () => {
    expect(problemCause(flag('trail/tsv-cell-count', 'decisions.tsv:24: expected 6 tab-separated cells, found 5'))).toBe('expected 6 tab-separated cells, found 5');
    expect(problemCause(flag('trail/id-mismatch', 'row 3ec852ad “Keep the parser” — id is not the first 8 hex of sha256(ts + ticket + decision)'))).toBe('id is not the first 8 hex of sha256(ts + ticket + decision)');
    expect(problemCause(flag('beads/no-history', 'issue prompt-language-174j.3 “Repeated Z-series run” is open in .beads/issues.jsonl, but no event in the log mentions it', 'low', 'coordination'))).toBe('is open in .beads/issues.jsonl, but no event in the log mentions it');
    // Evidence flags: one problem per kind, whatever the pointer.
    expect(problemCause(flag('evidence/prose', 'row 93eee395 “all 6 tests pass” — terminal output: evidence must be a pointer, not prose', 'medium', 'evidence'))).toBe('');
  });

  it('keys causes that differ only in times, places, numbers, quoted titles and bracketed remarks as one', () => {
    const a = 'replaying its 1 event gives open, but .beads/issues.jsonl says closed (closed 2026-04-18T01:04:48Z), and the log runs on to 2026-05-04T12:38:30Z';
    const b = 'replaying its 1 event gives open, but .beads/issues.jsonl says closed (closed 2026-04-10T04:09:45Z), and the log runs on to 2026-05-04T12:38:31Z';
    expect(causeKey(a)).toBe(causeKey(b));
    expect(causeKey('first at .beads/backup/events.jsonl:1953 “x”')).toBe(causeKey('first at .beads/backup/events.jsonl:2160 “y”'));
    expect(causeKey('expected 6 tab-separated cells, found 5 — read in order, the “why” column is missing')).not.toBe(causeKey('expected 6 tab-separated cells, found 4 — read in order, the “decision”, “why” columns are missing'));
    // Linear on hostile text (an unclosed quote, many colons).
    expect(causeKey(`${'“'.repeat(50_000)}x`).length).toBeGreaterThan(0);
    expect(causeKey(`${'-'.repeat(50_000)}:-:0`).length).toBeGreaterThan(0);
  });

  it('makes 25 flags of one cause one problem, in the order of its first flag, each flag keeping its number', () => {
    const flags = [flag('evidence/commit-not-found', 'row a “x” — no commit 1234567', 'high', 'evidence'), ...Array.from({ length: 25 }, (_, i) => flag('trail/tsv-cell-count', `decisions.tsv:${i + 2}: expected 6 tab-separated cells, found 5`)), flag('evidence/commit-not-found', 'row b “y” — no commit deadbee', 'high', 'evidence')];
    const list = problems(flags);
    expect(list.map((p) => [p.kind, p.flags.map((f) => f.n).join(','), p.places, p.alike])).toEqual([
      ['evidence/commit-not-found', '1,27', 2, true],
      ['trail/tsv-cell-count', Array.from({ length: 25 }, (_, i) => i + 2).join(','), 25, true],
    ]);
    expect(problemCounts(flags)).toEqual({ high: 2, medium: 0, low: 0, citesMissing: 1 });
    expect(problemScore(problemCounts(flags), 1)).toBe(27);
  });

  it('puts every flag in exactly one problem (property)', () => {
    const arb = fc.array(fc.record({ kind: fc.constantFrom('a/x', 'b/y', 'evidence/prose'), place: fc.nat(40), cause: fc.constantFrom('missing', 'extra 3', 'extra 4'), severity: fc.constantFrom<Severity>('high', 'medium', 'low') }), { maxLength: 40 });
    fc.assert(
      fc.property(arb, (spec) => {
        const flags = spec.map((s) => flag(s.kind, `f.tsv:${s.place}: ${s.cause}`, s.severity, s.kind.startsWith('evidence/') ? 'evidence' : 'trail'));
        const list = problems(flags);
        const numbers = list.flatMap((p) => p.flags.map((f) => f.n)).sort((a, b) => a - b);
        expect(numbers).toEqual(flags.map((_, i) => i + 1));
        for (const p of list) for (const { flag: f, n } of p.flags) expect(flags[n - 1]).toBe(f);
        const c = problemCounts(flags);
        expect(c.high + c.medium + c.low).toBe(list.length);
      }),
      { numRuns: 200 },
    );
  });
});
