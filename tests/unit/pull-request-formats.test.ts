/**
 * Issue 32: what reviewers see of `trailbook check` in a pull request — the markdown summary
 * (under GitHub's 64 KB comment, worst first), annotations capped as GitHub shows them (the
 * worst 10 of a level, one notice counting the rest), SARIF within 5,000 results — and accepted
 * flags (trailbook.baseline.json): matched by project, kind and fingerprint, unmatched when the
 * row or the cause changes.
 */
import { describe, expect, it } from 'vitest';
import type { Flag, Severity, TrailRow } from '../../src/lib/model/types.ts';
import type { LocatedProject } from '../../src/lib/report/flag-places.ts';
import { githubAnnotations } from '../../src/lib/report/github-annotations.ts';
import { sarifLog } from '../../src/lib/report/sarif.ts';
import { markdownSummary, markdownText, MARKDOWN_SUMMARY_LIMIT } from '../../src/lib/report/markdown-summary.ts';
import { flagFingerprint, summaryCause } from '../../src/lib/baseline/flag-fingerprint.ts';
import { acceptedFlags, baselineEntry, unmatchedEntries, type Baseline } from '../../src/lib/baseline/accepted-flags.ts';
import { BaselineError, baselineText, parseBaseline } from '../../src/lib/baseline/baseline-file.ts';
import { baselineContextValue, buildBaseline } from '../../src/lib/baseline/build-baseline.ts';

type ReportFlag = LocatedProject['project']['flags'][number];
const flag = (severity: Severity, n: number, over: Partial<ReportFlag> = {}): ReportFlag => ({ layer: 'evidence', severity, kind: `evidence/${severity}-kind`, rows: [], summary: `${severity} flag number ${n}`, at: [{ file: 'decisions.jsonl', line: n }], ...over });
const located = (id: string, flags: ReportFlag[]): LocatedProject => ({ dir: `runs/${id}`, project: { id, title: id, sources: [{ path: 'decisions.jsonl', format: 'bbs-trail', lines: 1, valid: 1, invalid: 0 }], flags } });

describe('--format github within what GitHub shows', () => {
  it('on 30 high flags prints the worst 10 errors and one notice counting the rest', () => {
    const lines = githubAnnotations([located('app', Array.from({ length: 30 }, (_, i) => flag('high', i + 1)))]);
    expect(lines).toHaveLength(11);
    expect(lines.slice(0, 10).every((l) => l.startsWith('::error file=runs/app/decisions.jsonl,'))).toBe(true);
    expect(lines[0]).toBe('::error file=runs/app/decisions.jsonl,line=1,title=Trailbook evidence/high-kind (high)::app: high flag number 1');
    expect(lines[9]).toContain('line=10,');
    expect(lines[10]).toBe('::notice title=Trailbook%3A 20 more flags::20 more flags are not annotated (20 high): GitHub shows 10 annotations of each level per step, the worst are above. trailbook check lists every flag; the job summary (--format markdown) counts them.');
  });

  it('orders the worst first across projects, accepted flags after open ones, as notices saying why', () => {
    const lines = githubAnnotations([located('a', [flag('low', 1), flag('medium', 2)]), located('b', [flag('high', 3, { accepted: 'known since March' }), flag('high', 4)])]);
    expect(lines.map((l) => l.slice(0, l.indexOf('::', 2)))).toEqual([
      '::error file=runs/b/decisions.jsonl,line=4,title=Trailbook evidence/high-kind (high)',
      '::warning file=runs/a/decisions.jsonl,line=2,title=Trailbook evidence/medium-kind (medium)',
      '::notice file=runs/a/decisions.jsonl,line=1,title=Trailbook evidence/low-kind (low)',
      '::notice file=runs/b/decisions.jsonl,line=3,title=Trailbook evidence/high-kind (high%2C accepted)',
    ]);
    expect(lines[3]).toContain('::b: high flag number 3 Accepted in the baseline: known since March');
  });

  it('keeps a notice for the count when notices overflow: 9 low flags shown, then the count', () => {
    const lines = githubAnnotations([located('app', Array.from({ length: 12 }, (_, i) => flag('low', i + 1)))]);
    expect(lines.filter((l) => l.startsWith('::notice file='))).toHaveLength(9);
    expect(lines.at(-1)).toContain('3 more flags are not annotated (3 low)');
  });
});

describe('--format sarif within what code scanning keeps', () => {
  it('keeps the worst results up to the limit and says how many it left out', () => {
    const flags = [...Array.from({ length: 4 }, (_, i) => flag('low', i + 1)), ...Array.from({ length: 3 }, (_, i) => flag('high', i + 10))];
    const log = sarifLog([located('app', flags)], { name: 'Trailbook', version: '0.1.0' }, 5) as { runs: Array<{ results: Array<{ level: string }>; invocations: Array<{ toolExecutionNotifications: Array<{ message: { text: string } }> }>; properties: { omittedResults: number } }> };
    const run = log.runs[0];
    expect(run?.results.map((r) => r.level)).toEqual(['error', 'error', 'error', 'note', 'note']);
    expect(run?.properties.omittedResults).toBe(2);
    expect(run?.invocations[0]?.toolExecutionNotifications[0]?.message.text).toBe('2 more flags are not in this log: GitHub code scanning keeps 5000 results of a run, so the log holds the worst 5; trailbook check lists every flag');
  });

  it('writes an accepted flag with an accepted suppression giving its reason', () => {
    const log = sarifLog([located('app', [flag('high', 1, { accepted: 'old trail' })])], { name: 'Trailbook', version: '0.1.0' }) as { runs: Array<{ results: Array<{ suppressions?: unknown }>; invocations?: unknown }> };
    expect(log.runs[0]?.results[0]?.suppressions).toEqual([{ kind: 'external', status: 'accepted', justification: 'old trail' }]);
    expect(log.runs[0]?.invocations).toBeUndefined();
  });
});

describe('--format markdown', () => {
  const many = (): LocatedProject[] => {
    const sev: Severity[] = ['low', 'medium', 'high'];
    // 200 flags over 4 projects, the worst not first in any project's list; long summaries and hostile text.
    return ['alpha', 'beta', 'gamma', 'delta'].map((id, p) => located(id, Array.from({ length: 50 }, (_, i) => flag(sev[(i + p) % 3] as Severity, i + 1, { summary: `${'long words '.repeat(40)} | <script>alert(1)</script> @octocat [x](javascript:1) number ${i}` }))));
  };

  it('of 200 flags is under 64 KB, lists the worst first and counts what it did not list', () => {
    const text = markdownSummary({ projects: many().map((l) => ({ located: l, counts: { invalid: 0 } })), gates: [{ gate: '--fail-on high', failed: '4 projects with flags of severity high or higher: alpha, beta, gamma, delta' }], root: 'https://acme.github.io/audit/', baseline: null, version: '0.1.0' });
    expect(Buffer.byteLength(text)).toBeLessThan(64 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MARKDOWN_SUMMARY_LIMIT);
    const rows = text.split('\n').filter((l) => /^\| (🔴|🟠|🔵)/.test(l) && l.includes('#flag-'));
    const order = rows.map((r) => (r.startsWith('| 🔴') ? 0 : r.startsWith('| 🟠') ? 1 : 2));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBe(0);
    expect(text.startsWith('## Trailbook: 4 projects, 200 flags\n\n**Failed gates**\n\n- ❌ `--fail-on high`: 4 projects with flags of severity high or higher: alpha, beta, gamma, delta\n')).toBe(true);
    expect(text).toContain('| 🔴 high | 66 | 0 |');
    expect(text).toContain('[**evidence/high-kind**](https://acme.github.io/audit/p/alpha/#flag-3)');
    expect(text).toMatch(/\n\*\d+ more flags not listed here \(the summary stays under GitHub's 65,536-character comment\): \[the archive\]\(https:\/\/acme\.github\.io\/audit\/\) and `trailbook check` list them all\.\*\n/);
    // Record text stays text: no tag, no link of its own, no mention.
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('](javascript');
    expect(text).not.toMatch(/@octocat/);
  });

  it('without a site links nothing and says how to; passed gates are listed apart from failed ones', () => {
    const text = markdownSummary({ projects: [{ located: located('app', [flag('medium', 1)]), counts: { invalid: 2 } }, { located: located('clean', []), counts: { invalid: 0 } }], gates: [{ gate: '--fail-on high', failed: null }], root: null, baseline: { file: 'trailbook.baseline.json', unmatched: 1 }, version: '0.1.0' });
    expect(text).toBe(
      [
        '## Trailbook: 2 projects, 1 flag',
        '',
        'Passed: ✅ `--fail-on high`',
        '',
        '| Severity | Open | Accepted |',
        '|---|--:|--:|',
        '| 🔴 high | 0 | 0 |',
        '| 🟠 medium | 1 | 0 |',
        '| 🔵 low | 0 | 0 |',
        '',
        '### Projects',
        '',
        '| Project | High | Medium | Low | Accepted | Invalid records |',
        '|---|--:|--:|--:|--:|--:|',
        '| app | 0 | 1 | 0 | 0 | 2 |',
        '',
        '*And 1 project without flags or invalid records.*',
        '',
        '### Worst flags first',
        '',
        '| Severity | Flag | Project | Where |',
        '|---|---|---|---|',
        '| 🟠 medium | **evidence/medium-kind** medium flag number 1 | app | runs/app/decisions.jsonl:1 |',
        '',
        'Accepted flags come from `trailbook.baseline.json` and do not fail `--fail-on`. 1 entry of it matches no flag any more (fixed, or its row or cause changed): `trailbook baseline` drops it.',
        '',
        '<sub>Trailbook 0.1.0 · `trailbook check` lists every flag; pass `--site URL` to link each flag into the published archive.</sub>',
        '',
      ].join('\n'),
    );
  });

  it('writes record text as text', () => {
    expect(markdownText('a | b *c* _d_ [e](f) <i>&</i> `g` @h\nnext')).toBe('a \\| b \\*c\\* \\_d\\_ \\[e\\](f) &lt;i&gt;&amp;&lt;/i&gt; \\`g\\` @\u200bh next');
  });
});

describe('accepted flags (trailbook.baseline.json)', () => {
  const row = (over: Partial<TrailRow> = {}): TrailRow => ({
    id: '8635af1e', computedId: '8635af1e', anchor: 'row-8635af1e', format: 'bbs-trail', file: 'decisions.jsonl', line: 9, index: 8,
    ts: '2026-03-02T10:00:00Z', time: 0, phase: 'build', ticket: 'T-1', actor: 'lead', decision: 'Ship the fake-sha hotfix', why: 'urgent',
    evidenceText: '6b8467766823b30e559d624defde1c57a594bda6', evidence: [], result: 'verified', resultClass: 'verified', supersededBy: [], bytes: 10, extra: {}, ...over,
  });
  const commitFlag = (over: Partial<Flag> = {}): Flag => ({ layer: 'evidence', severity: 'high', kind: 'evidence/commit-not-found', rows: ['8635af1e'], summary: 'row 8635af1e “Ship the fake-sha hotfix” — no commit 6b84677 in repo.git', at: [{ file: 'decisions.jsonl', line: 9 }], ...over });
  const project = (r: TrailRow = row()) => ({ id: 'tickets-faults', rows: [r], invalid: [] });

  it('matches a flag by project, kind and fingerprint; an edited row or another cause no longer matches', () => {
    const entry = baselineEntry(project(), commitFlag(), 'known before the gate');
    expect(entry).toEqual({ project: 'tickets-faults', kind: 'evidence/commit-not-found', fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/), reason: 'known before the gate', summary: commitFlag().summary, where: 'decisions.jsonl:9' });
    const baseline: Baseline = { file: 'trailbook.baseline.json', entries: [entry] };
    const used = new Set<string>();
    expect(acceptedFlags(baseline, project(), [commitFlag(), commitFlag({ kind: 'evidence/prose' })], used)).toEqual(['known before the gate', null]);
    expect(unmatchedEntries(baseline, used)).toEqual([]);
    // The row moved down two lines: still the same flag.
    const moved = row({ line: 11 });
    expect(acceptedFlags(baseline, project(moved), [commitFlag({ at: [{ file: 'decisions.jsonl', line: 11 }] })])).toEqual(['known before the gate']);
    // The row's why edited: not the flag that was accepted.
    expect(acceptedFlags(baseline, project(row({ why: 'urgent, and reviewed' })), [commitFlag()])).toEqual([null]);
    // Another cause (another SHA cited): not matched either.
    const other = new Set<string>();
    expect(acceptedFlags(baseline, project(), [commitFlag({ summary: 'row 8635af1e “Ship the fake-sha hotfix” — no commit 1234567 in repo.git' })], other)).toEqual([null]);
    expect(unmatchedEntries(baseline, other)).toEqual([entry]);
    // Another project with the same flag is not accepted.
    expect(acceptedFlags(baseline, { ...project(), id: 'other' }, [commitFlag()])).toEqual([null]);
  });

  it('leaves line numbers out of the cause', () => {
    expect(summaryCause('id 3ec852ad is used by 2 rows (lines 8, 9): “Add”')).toBe('id 3ec852ad is used by 2 rows (lines #): “Add”');
    expect(summaryCause('RESERVE evt_f07 at 2026-03-06T09:11:00.000Z (coordination.jsonl:7) and coordination.jsonl:8')).toBe('RESERVE evt_f07 at 2026-03-06T09:11:00.000Z (coordination.jsonl:#) and coordination.jsonl:#');
    expect(flagFingerprint(project(), commitFlag())).toBe(flagFingerprint(project(), commitFlag({ summary: commitFlag().summary })));
  });

  it('reaches the pages of a build as it was read', () => {
    const baseline: Baseline = { file: 'ci/trailbook.baseline.json', entries: [baselineEntry(project(), commitFlag(), 'why')] };
    expect(buildBaseline(baselineContextValue(baseline))).toEqual(baseline);
    expect(buildBaseline(undefined)).toBe(null);
  });

  it('reads and writes the file; a bad entry is named with its file and field', () => {
    const entry = baselineEntry(project(), commitFlag(), 'why');
    const text = baselineText([entry]);
    expect(parseBaseline(`\uFEFF${text}`, 'trailbook.baseline.json')).toEqual([entry]);
    expect(text).toBe(`${JSON.stringify({ version: 'trailbook.baseline/1', accepted: [entry] }, null, 2)}\n`);
    const bad = (t: string): string[] => {
      try {
        parseBaseline(t, 'trailbook.baseline.json');
        return [];
      } catch (error) {
        return [...(error as BaselineError).problems];
      }
    };
    expect(bad('{')).toEqual([expect.stringMatching(/^trailbook\.baseline\.json: not JSON \(/)]);
    expect(bad(JSON.stringify({ version: 'trailbook.baseline/1', accepted: [{ ...entry, reason: ' ' }, { ...entry, fingerprint: 'xyz' }] }))).toEqual([
      'trailbook.baseline.json: accepted[0].reason: must say why the flag is accepted',
      'trailbook.baseline.json: accepted[1].fingerprint: must be 16 hexadecimal characters, as trailbook baseline writes it',
    ]);
  });
});

describe('--format sarif: places of a flag about many records', () => {
  it('writes at most 99 related locations (GitHub shows 100 a result) and counts the rest', () => {
    const at = Array.from({ length: 150 }, (_, i) => ({ file: 'decisions.jsonl', line: i + 1 }));
    const log = sarifLog([located('app', [flag('medium', 1, { at })])], { name: 'Trailbook', version: '0.1.0' }) as { runs: Array<{ results: Array<{ relatedLocations: unknown[]; properties: { omittedLocations?: number } }> }> };
    const result = log.runs[0]?.results[0];
    expect(result?.relatedLocations).toHaveLength(99);
    expect(result?.properties.omittedLocations).toBe(50);
  });
});
