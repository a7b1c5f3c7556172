/**
 * Comparing two runs (issue 15, scope 6): rows matched by id then by text, fields that changed,
 * flags new and fixed by identity across the row mapping, verdicts, picks and grafts; the text
 * form; configured pairs resolved against the archive.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareRuns, type ComparableRun } from '../../src/lib/compare/compare-runs.ts';
import { diffText } from '../../src/lib/compare/diff-text.ts';
import { evidenceCheckNote, unrelatedRunsNote } from '../../src/lib/compare/compare-runs.ts';
import { resolvePairs } from '../../src/lib/compare/compare-pairs.ts';
import { runDiffHtml } from '../../src/components/html/run-diff.ts';

type Row = ComparableRun['rows'][number];
type RunFlag = ComparableRun['flags'][number];

const row = (id: string, decision: string, extra: Partial<Row> = {}): Row => ({ id, anchor: `row-${id}`, decision, why: 'why', evidenceText: 'README.md', result: 'verified', phase: 'build', actor: 'lead', ts: '2026-01-01T00:00:00Z', file: 'decisions.jsonl', line: 1, ...extra });
const flag = (kind: string, rows: string[], extra: Partial<RunFlag> = {}): RunFlag => ({ kind, severity: 'high', rows, summary: `${kind} ${rows.join(',')}`, at: [], ...extra });
const run = (id: string, rows: Row[], flags: RunFlag[] = [], extra: Partial<ComparableRun> = {}): ComparableRun => ({ id, title: id.toUpperCase(), rows, flags, ...extra });

describe('compareRuns', () => {
  const a = run('a', [row('r1', 'Use SQLite'), row('r2', 'Cache the index'), row('r3', 'Drop the retry queue')], [flag('evidence/prose', ['r2']), flag('trail/not-json', [], { at: [{ file: 'decisions.jsonl', line: 4 }] })]);
  const b = run(
    'b',
    [row('r1', 'Use SQLite', { result: 'failed' }), row('x2', ' cache  the INDEX ', { ts: '2026-02-01T00:00:00Z' }), row('x4', 'Ship it')],
    [flag('evidence/prose', ['x2']), flag('evidence/commit-not-found', ['x4']), flag('trail/not-json', [], { at: [{ file: 'decisions.jsonl', line: 9 }] })],
  );
  const d = compareRuns(a, b);

  it('matches rows by id, then by decision text (whitespace and case aside)', () => {
    expect(d.decisions.added.map((r) => r.id)).toEqual(['x4']);
    expect(d.decisions.removed.map((r) => r.id)).toEqual(['r3']);
    expect(d.decisions.changed).toEqual([
      { a: { id: 'r1', anchor: 'row-r1', decision: 'Use SQLite', result: 'verified' }, b: { id: 'r1', anchor: 'row-r1', decision: 'Use SQLite', result: 'failed' }, matchedBy: 'id', fields: [{ field: 'result', a: 'verified', b: 'failed' }] },
      { a: { id: 'r2', anchor: 'row-r2', decision: 'Cache the index', result: 'verified' }, b: { id: 'x2', anchor: 'row-x2', decision: ' cache  the INDEX ', result: 'verified' }, matchedBy: 'text', fields: [{ field: 'decision', a: 'Cache the index', b: ' cache  the INDEX ' }] },
    ]);
    expect(d.decisions.unchanged).toBe(0);
  });

  it('pairs a row edited in place (same time, same line; a pstack id changes with its text) as changed, and keeps its flag', () => {
    const tsv = (id: string, decision: string, line: number, ts: string): Row => row(id, decision, { file: 'decisions.tsv', line, ts });
    const x = run('x', [tsv('aaaa0001', 'crlf row', 2, '2026-03-01T10:00:00Z'), tsv('aaaa0002', 'keep', 3, '2026-03-01T11:00:00Z')], [flag('evidence/prose', ['aaaa0001'])]);
    const y = run('y', [tsv('bbbb0001', 'crlf row changed', 2, '2026-03-01T10:00:00Z'), tsv('aaaa0002', 'keep', 3, '2026-03-01T11:00:00Z')], [flag('evidence/prose', ['bbbb0001'])]);
    const e = compareRuns(x, y);
    expect([e.decisions.added, e.decisions.removed, e.decisions.unchanged]).toEqual([[], [], 1]);
    expect(e.decisions.changed.map((c) => [c.a.id, c.b.id, c.matchedBy, c.fields])).toEqual([['aaaa0001', 'bbbb0001', 'place', [{ field: 'decision', a: 'crlf row', b: 'crlf row changed' }]]]);
    expect([e.flags.new, e.flags.fixed, e.flags.unchanged]).toEqual([[], [], 1]);
    expect(diffText(e)).toContain('  ~ aaaa0001 → bbbb0001 “crlf row changed” (matched by place)');
  });

  it('keeps a flag on a matched row the same flag, and keys a flag about no row by its kind and file', () => {
    expect(d.flags.new.map((f) => [f.kind, f.rows, f.n])).toEqual([['evidence/commit-not-found', ['x4'], 2]]);
    expect(d.flags.fixed).toEqual([]);
    expect(d.flags.unchanged).toBe(2);
    const more = compareRuns(a, { ...b, flags: [...b.flags, flag('trail/not-json', [], { at: [{ file: 'decisions.jsonl', line: 11 }] })] });
    expect(more.flags.new.map((f) => f.kind)).toEqual(['evidence/commit-not-found', 'trail/not-json']);
    // Issue 26, item 8: x4 is not in A, so its flag went out of view with it: gone, not fixed.
    expect(compareRuns(b, a).flags.fixed.map((f) => f.kind)).toEqual([]);
    expect(compareRuns(b, a).flags.gone.map((f) => f.kind)).toEqual(['evidence/commit-not-found']);
  });

  it('never calls a flag fixed because its rows went out of view (issue 26, item 8)', () => {
    const x = run('x', [row('r1', 'Keep'), row('r2', 'Rewritten'), row('r3', 'Also rewritten')], [flag('history/row-rewritten', ['r2']), flag('history/row-rewritten', ['r3'])]);
    // In y, r2's flag is gone while r2 is still there (fixed); r3 is gone with its flag (out of view).
    const y = run('y', [row('r1', 'Keep'), row('r2', 'Rewritten')], []);
    const e = compareRuns(x, y);
    expect([e.flags.fixed.map((f) => f.rows), e.flags.gone.map((f) => f.rows)]).toEqual([[['r2']], [['r3']]]);
    expect(diffText(e)).toContain('Flags: 0 new, 1 fixed, 0 in both, 1 gone with their rows');
    expect(diffText(e)).toContain('  × high   history/row-rewritten  history/row-rewritten r3 (its row is not in B)');
    expect(runDiffHtml(e, '/').value).toContain('Flags: 0 new, 1 fixed, 0 in both, 1 gone with their rows.');
    // A flag about a row A lost (a deleted row) that B has again is fixed: its row is in view.
    const lost = run('l', [row('r1', 'Keep')], [flag('history/row-deleted', ['r4'])]);
    const back = run('m', [row('r1', 'Keep'), row('r4', 'Back again')], []);
    expect([compareRuns(lost, back).flags.fixed.map((f) => f.rows), compareRuns(lost, back).flags.gone]).toEqual([[['r4']], []]);
  });

  it('reports verdicts, the pick and grafts that changed', () => {
    const qa = (verdict: string) => ({ qa: [{ gate: 'final', ticket: 'T-1', verdict } as never] });
    const arena = (pick: string, grafts: string[]) => ({ selection: { pick, grafts: grafts.map((g) => ({ from: 'C', part: g })) } as never });
    const x = compareRuns(run('a', [], [], { verdicts: qa('FAIL'), arena: arena('A', ['retry']) }), run('b', [], [], { verdicts: qa('PASS'), arena: arena('B', ['retry', 'cache']) }));
    expect(x.verdicts).toEqual([{ gate: 'final', ticket: 'T-1', a: 'FAIL', b: 'PASS' }]);
    expect(x.pick).toEqual({ a: 'A', b: 'B' });
    expect(x.grafts).toEqual({ added: ['C: cache'], removed: [] });
    expect(diffText(x).slice(-3)).toEqual(['Verdict: final gate of T-1: FAIL → PASS', 'Design pick: A → B', 'Graft added: C: cache']);
  });

  it('finds nothing between a run and itself, and only the appended rows after an append (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 15 }), fc.integer({ min: 0, max: 15 }), (texts, cut) => {
        const rows = texts.map((t, i) => row(`id${i}`, t));
        const whole = run('w', rows);
        const same = compareRuns(whole, whole);
        const grown = compareRuns(run('p', rows.slice(0, Math.min(cut, rows.length))), whole);
        return same.decisions.added.length + same.decisions.removed.length + same.decisions.changed.length === 0 && same.decisions.unchanged === rows.length && grown.decisions.added.length === rows.length - Math.min(cut, rows.length) && grown.decisions.removed.length === 0;
      }),
    );
  });

  it('prints one line per difference', () => {
    expect(diffText(d)).toEqual([
      'A: A (a), 3 rows, 2 flags',
      'B: B (b), 3 rows, 3 flags',
      '',
      'Decisions: 1 added, 1 removed, 2 changed, 0 unchanged',
      '  + x4 “Ship it” (verified)',
      '  - r3 “Drop the retry queue” (verified)',
      '  ~ r1 “Use SQLite” (matched by id)',
      '      result: “verified” → “failed”',
      '  ~ r2 → x2 “cache the INDEX” (matched by text)',
      '      decision: “Cache the index” → “cache the INDEX”',
      '',
      'Flags: 1 new, 0 fixed, 2 in both',
      '  + high   evidence/commit-not-found  evidence/commit-not-found x4',
    ]);
  });

  it('writes the diff as escaped markup with links into both recaps', () => {
    const markup = runDiffHtml(compareRuns(a, run('b', [row('x9', '<script>alert(1)</script>')])), '/archive/').value;
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('href="/archive/p/b/#row-x9"');
    expect(markup).toContain('href="/archive/p/a/#row-r1"');
    // The static pair page links a row on a later page of rows to that page (issue 30).
    const paged = runDiffHtml(compareRuns(a, run('b', [row('x9', 'Ship')])), '/archive/', (id, anchor) => (anchor === 'row-x9' ? `/archive/p/${id}/rows/2/#${anchor}` : `/archive/p/${id}/#${anchor}`)).value;
    expect(paged).toContain('href="/archive/p/b/rows/2/#row-x9"');
    expect(paged).toContain('href="/archive/p/a/#row-r1"');
  });
});

describe('configured pairs', () => {
  const projects = [
    { id: 'runs-t1-a', title: 'run 1', root: 'runs/t1/a' },
    { id: 'runs-t1-b', title: 'run 2', root: 'runs/t1/b' },
  ];

  it('resolves ids and folders, and names what matches nothing', () => {
    expect(resolvePairs([{ a: 'runs/t1/a/', b: 'runs-t1-b' }, { a: 'runs-t1-a', b: 'runs/t1/a' }, { a: 'nope', b: 'runs-t1-b' }], projects)).toEqual({
      pairs: [{ a: { id: 'runs-t1-a', title: 'run 1' }, b: { id: 'runs-t1-b', title: 'run 2' } }],
      problems: ['compare[1]: a and b are the same project (runs-t1-a)', 'compare[2].a: no project "nope" in this archive (give a project id or its folder as the home lists it)'],
    });
  });
});

describe('two runs that share no decision', () => {
  it('are said to look like two different projects, in the text and on the compare page (use9: "10 added, 9 removed, 0 unchanged" and no more)', () => {
    const note = 'A and B share no decision (none matched by id, text or place): they look like two different projects, not two runs of one.';
    const e = compareRuns(run('x', [row('aaaa0001', 'Use Postgres', { line: 2 })]), run('y', [row('bbbb0001', 'Ship the CLI', { line: 7 }), row('bbbb0002', 'Add a cache', { line: 8 })]));
    expect(unrelatedRunsNote(e)).toBe(note);
    expect(diffText(e).slice(3, 5)).toEqual(['Decisions: 2 added, 1 removed, 0 changed, 0 unchanged', `  note: ${note}`]);
    expect(runDiffHtml(e, '/').value).toContain(`<p class="notice" data-testid="diff-unrelated">${note}</p>`);
    // One shared decision, or a side with no rows, is no such note.
    expect(unrelatedRunsNote(compareRuns(run('x', [row('aaaa0001', 'Use Postgres')]), run('y', [row('aaaa0001', 'Use Postgres'), row('bbbb0001', 'Ship')])))).toBe(null);
    expect(unrelatedRunsNote(compareRuns(run('x', []), run('y', [row('bbbb0001', 'Ship')])))).toBe(null);
  });
});

describe('the diff’s counts, as text and on the compare page (count10)', () => {
  it('groups counts of a thousand or more, as every other page does', () => {
    const many = (prefix: string, n: number): Row[] => Array.from({ length: n }, (_, i) => row(`${prefix}${String(i).padStart(6, '0')}`, `Decision ${prefix} ${i}`, { line: i + 1 }));
    const e = compareRuns(run('a', many('a', 1200)), run('b', [...many('a', 1200), ...many('b', 1050)]));
    expect(diffText(e).slice(0, 4)).toEqual(['A: A (a), 1,200 rows, 0 flags', 'B: B (b), 2,250 rows, 0 flags', '', 'Decisions: 1,050 added, 0 removed, 0 changed, 1,200 unchanged']);
    const page = runDiffHtml(e, '/').value;
    expect(page).toContain('a, 1,200 rows, 0 flags');
    expect(page).toContain('Decisions: 1,050 added, 0 removed, 0 changed, 1,200 unchanged.');
    expect(page).toContain('Added in B (1,050)');
  });

  it('says two runs without decision rows or flags have none, not that they are the same', () => {
    // count10: two beads-only projects read "The same decisions in both runs." over "0 rows" each.
    const page = runDiffHtml(compareRuns(run('a', []), run('b', [])), '/').value;
    expect(page).toContain('<p class="none">Neither run has a decision row.</p>');
    expect(page).toContain('<p class="none">Neither run has a flag.</p>');
    const same = runDiffHtml(compareRuns(run('a', [row('r1', 'Keep')]), run('b', [row('r1', 'Keep')])), '/').value;
    expect(same).toContain('<p class="none">The same decisions in both runs.</p>');
  });
});

describe('one run checked against a repository, the other not (use12)', () => {
  // `trailbook diff /tmp/old/decisions.tsv decisions.tsv`: the old copy lies in no git work
  // tree, so its evidence was not checked, and the diff said "3 new" flags, a high
  // path-not-found among them, for rows nobody had touched.
  const rows = [row('aaaa0001', 'Cache layer'), row('aaaa0002', 'Guard empty user')];
  const unchecked = run('old', rows, [], { repository: { problem: 'no repository' } });
  const checked = run('app', [...rows, row('aaaa0003', 'Drop cache')], [flag('evidence/path-not-found', ['aaaa0001'])], { repository: { problem: null } });
  const note = "A's evidence was not checked against a repository (no repository), B's was: flags on evidence may be new or fixed for that alone, not because the trail changed.";

  it('says so under the flags, as text and on the compare page', () => {
    const e = compareRuns(unchecked, checked);
    expect(e.flags.new.map((f) => f.kind)).toEqual(['evidence/path-not-found']);
    expect(evidenceCheckNote(e)).toBe(note);
    const text = diffText(e);
    expect(text.slice(text.findIndex((l) => l.startsWith('Flags:')), text.findIndex((l) => l.startsWith('Flags:')) + 2)).toEqual(['Flags: 1 new, 0 fixed, 0 in both', `  note: ${note}`]);
    expect(runDiffHtml(e, '/').value).toContain(`<p class="notice" data-testid="diff-unchecked">${note.replace(/'/g, '&#39;')}</p>`);
    expect(evidenceCheckNote(compareRuns(checked, unchecked))).toBe("B's evidence was not checked against a repository (no repository), A's was: flags on evidence may be new or fixed for that alone, not because the trail changed.");
  });

  it('says nothing when both were checked alike, or no flag a repository decides is new or fixed', () => {
    expect(evidenceCheckNote(compareRuns(checked, checked))).toBe(null);
    expect(evidenceCheckNote(compareRuns(unchecked, unchecked))).toBe(null);
    expect(evidenceCheckNote(compareRuns(unchecked, { ...checked, flags: [] }))).toBe(null);
    expect(evidenceCheckNote(compareRuns(unchecked, { ...checked, flags: [flag('trail/bad-timestamp', ['aaaa0003'])] }))).toBe(null);
    // A recap.json of before this note (no repository field): nothing is known, nothing said.
    expect(evidenceCheckNote(compareRuns(run('old', rows), checked))).toBe(null);
  });
});
