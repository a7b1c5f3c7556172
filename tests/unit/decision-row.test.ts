/**
 * The row card's markup (src/components/html/decision-row.ts): a decision of 300 KB (flagged
 * `trail/row-too-large`) is clipped in its heading and in Check first, and shown whole only
 * folded; the meta line says each field once, separated by middle dots.
 */
import { describe, expect, it } from 'vitest';
import { decisionRowHtml, evidenceHtml, timeHtml, type RowContext } from '../../src/components/html/decision-row.ts';
import { checkFirstHtml } from '../../src/components/html/check-first.ts';
import { attr } from '../../src/components/html/html.ts';
import { checkFirst, checkFirstGroups } from '../../src/lib/projections/check-first.ts';
import type { TrailRow } from '../../src/lib/model/types.ts';
import { rowLinker } from '../../src/lib/site/row-pages.ts';
import { flagLinker } from '../../src/lib/projections/flag-links.ts';

const row = (decision: string): TrailRow => ({
  id: '2aafcc90',
  computedId: '2aafcc90',
  anchor: 'row-2aafcc90',
  format: 'bbs-trail',
  file: 'decisions.jsonl',
  line: 7,
  index: 6,
  ts: '2026-03-02T10:00:00Z',
  time: Date.parse('2026-03-02T10:00:00Z'),
  phase: 'build',
  ticket: 'T-9',
  actor: 'lead',
  decision,
  why: 'because',
  evidenceText: '',
  evidence: [],
  result: 'open',
  resultClass: 'note',
  supersededBy: [],
  bytes: decision.length,
  extra: {},
});
const ctx: RowContext = { base: '/', projectId: 'p', repoId: null, anchorOf: () => undefined, chainOf: () => [] };

describe('decision row card', () => {
  it('clips a 300 KB decision to 200 characters in its heading and folds the whole text below it', () => {
    const huge = `huge ${'A'.repeat(300_000)}`;
    const card = decisionRowHtml(row(huge), ctx).value;
    expect(card).toContain(`<h3><a href=#row-2aafcc90>huge ${'A'.repeat(195)}…</a></h3>`);
    expect(card).toContain('<dt>Decision<dd><details class="long-text"><summary>');
    expect(card).toContain('show all 300005 characters');
    expect(card.split(huge).length - 1).toBe(1);
    const groups = checkFirstGroups(checkFirst([row(huge)]));
    expect(checkFirstHtml(groups, () => [], undefined).value).not.toContain('A'.repeat(201));
  });

  it("lists a row under Check first as its decision, linked to its card, and its result as written unless it is the group's state; the card says the row's id and line (issue 30, output size)", () => {
    const open = { ...row('Ship <it>'), result: 'open: waits on review', resultClass: 'open' as const };
    const later = { ...row('Redo it'), id: '5b293927', anchor: 'row-5b293927', line: 9, result: 'Open', resultClass: 'open' as const, supersededBy: ['2aafcc90'] };
    const markup = checkFirstHtml(checkFirstGroups(checkFirst([open, later])), () => [], undefined).value;
    expect(markup).toContain('<summary><span class="status status-unknown">result</span> <span class="cf-reason">open</span> <span class="cf-count">2 rows</span></summary>');
    expect(markup).toContain('<li><a href="#row-2aafcc90">Ship &lt;it&gt;</a> <small>result <q>open: waits on review</q></small>');
    // `Open` is the group's state as its name: said once, on the group.
    expect(markup).toContain('<li><a href="#row-5b293927">Redo it</a> <small>(superseded)</small></ul></details>');
    expect(markup).not.toContain('<q>Open</q>');
    expect(markup).not.toContain('line 7');
  });

  it('says a cell of prose apart from a pointer that did not resolve (issue 27)', () => {
    const r: TrailRow = {
      ...row('Claim the tests pass'),
      evidence: [
        { raw: 'agent reports tests pass', kind: 'prose', status: 'NOT_VERIFIED', reason: 'evidence must be a pointer, not prose', fault: 'evidence/prose' },
        { raw: 'src/gone.ts', kind: 'path', status: 'NOT_VERIFIED', reason: 'path not found at the landed head', fault: 'evidence/path-not-found' },
      ],
    };
    const card = decisionRowHtml(r, ctx).value;
    expect(card).toContain('<li data-status=NOT_VERIFIED data-outcome=prose><code>agent reports tests pass</code> <i>prose</i> <b>prose, no pointer</b>');
    expect(card).toContain('<li data-status=NOT_VERIFIED><code>src/gone.ts</code> <i>path</i> <b>not verified</b>');
  });

  it('shows a short decision whole, with no Decision field, and the meta line once each', () => {
    const card = decisionRowHtml(row('Ship the parser'), ctx).value;
    // An <article> of the .rows list, no class of its own (site.css styles `.rows > article`; issue 30, output size).
    expect(card.startsWith('<article id=row-2aafcc90 data-result=note><h3>')).toBe(true);
    expect(card).toContain('<h3><a href=#row-2aafcc90>Ship the parser</a></h3>');
    expect(card).not.toContain('<dt>Decision');
    expect(card).toContain('<dt>Meta<dd>id <code>2aafcc90</code> · phase build · actor lead · ticket T-9 · 2026-03-02T10:00:00Z · decisions.jsonl:7</dl></article>');
  });

  it("marks a row's flags, on its card and in Check first, with a severity badge whose icon site.css draws (issue 30, output size)", () => {
    const flagged: TrailRow = { ...row('Ship the parser'), evidence: [{ raw: 'src/gone.ts', kind: 'path', status: 'NOT_VERIFIED', reason: 'path not found at the landed head', fault: 'evidence/path-not-found' }] };
    const flags = [{ n: 3, severity: 'high' as const, kind: 'evidence/path-not-found' }, { n: 7, severity: 'low' as const, kind: 'trail/late' }];
    const card = decisionRowHtml(flagged, { ...ctx, flagsOf: () => flags }).value;
    expect(card.startsWith('<article class=row-flagged id=row-2aafcc90 data-result=note data-flags=2><h3>')).toBe(true);
    expect(card).toContain('<p class="row-flags">Flagged: <a href="#flag-3"><span class="status status-high">high</span> <code>evidence/path-not-found</code></a>, <a href="#flag-7"><span class="status status-low">low</span> <code>trail/late</code></a></p>');
    const entry = checkFirstHtml(checkFirstGroups(checkFirst([flagged])), () => flags, undefined).value;
    // Check first's group of a pointer that did not resolve names the flags of its kind.
    expect(entry).toContain(' <a class="cf-flag" href="#flag-3"><span class="status status-high">high flag 3</span></a></ul>');
    expect(card + entry).not.toContain('status-icon');
  });

  it('puts a time in a <time> element only when its datetime says something the text does not (issue 30)', () => {
    expect(timeHtml('2026-03-02T10:00:00Z', Date.parse('2026-03-02T10:00:00Z')).value).toBe('2026-03-02T10:00:00Z');
    expect(timeHtml('2026-03-02 10:00 UTC', Date.parse('2026-03-02T10:00:00Z')).value).toBe('<time datetime="2026-03-02T10:00:00Z">2026-03-02 10:00 UTC</time>');
    expect(timeHtml('2026-03-02T10:00:00.250Z', Date.parse('2026-03-02T10:00:00.250Z')).value).toBe('2026-03-02T10:00:00.250Z');
    expect(timeHtml('last <Tuesday>', null).value).toBe('last &lt;Tuesday&gt;');
  });

  it('lists the evidence as the one bare <ul> of a field and keeps Meta the last field, after Supersedes and other fields', () => {
    const r = { ...row('Ship the parser'), supersedes: '11aa22bb', extra: { reviewer: 'kim' } };
    const card = decisionRowHtml(r, { ...ctx, anchorOf: (id) => (id === '11aa22bb' ? 'row-11aa22bb' : undefined) }).value;
    const fields = [...card.matchAll(/<dt>([^<]+)<dd>/g)].map((m) => m[1]);
    expect(fields).toEqual(['Why', 'Evidence', 'Supersedes', 'Other fields', 'Meta']);
    expect(card).toContain('<dt>Evidence<dd><ul></ul><dt>Supersedes<dd>');
    expect(card).not.toContain('class="evidence"');
    expect(card).not.toContain('class="row-meta"');
  });

  it('links a row, flag or cited row on another page of rows to that page, so the link lands without scripts (issue 30)', () => {
    // Row 11aa22bb is on row page 3; everything else (flags, other rows) is the recap's.
    const pages = new Map([['row-11aa22bb', 3]]);
    const cited = { raw: 'row 11aa22bb', kind: 'row' as const, status: 'VERIFIED' as const, reason: '', target: { type: 'row' as const, anchor: 'row-11aa22bb' } };
    const r: TrailRow = { ...row('Ship the parser'), supersedes: '11aa22bb', supersededBy: ['11aa22bb'], evidence: [cited as unknown as TrailRow['evidence'][number]] };
    const flags = [{ n: 3, severity: 'high' as const, kind: 'trail/late' }];
    const on = (page: number) => decisionRowHtml(r, { ...ctx, flagsOf: () => flags, anchorOf: (id) => (id === '11aa22bb' ? 'row-11aa22bb' : undefined), rowHref: rowLinker(pages, page) }).value;
    const recap = on(1);
    expect(recap).toContain('<a href=rows/3/#row-11aa22bb>row 11aa22bb</a>');
    expect(recap).toContain('<dt>Supersedes<dd><a href="rows/3/#row-11aa22bb"><code>11aa22bb</code></a> (a row that comes later: flagged)');
    expect(recap).toContain('<dt>Superseded by<dd><a href="rows/3/#row-11aa22bb"><code>11aa22bb</code></a> ');
    expect(recap).toContain('Flagged: <a href="#flag-3">');
    expect(recap).toContain('<h3><a href=#row-2aafcc90>');
    const two = on(2);
    expect(two).toContain('<a href=../3/#row-11aa22bb>row 11aa22bb</a>');
    expect(two).toContain('Flagged: <a href="../../#flag-3">');
    const three = on(3);
    expect(three).toContain('<dt>Superseded by<dd><a href="#row-11aa22bb"><code>11aa22bb</code></a> ');
    // Without a page map (recap.html, which holds every row): a fragment, and a cited row the recap's URL.
    const whole = decisionRowHtml(r, { ...ctx, anchorOf: (id) => (id === '11aa22bb' ? 'row-11aa22bb' : undefined) }).value;
    expect(whole).toContain('<a href=/p/p/#row-11aa22bb>row 11aa22bb</a>');
    expect(whole).toContain('<dt>Supersedes<dd><a href="#row-11aa22bb">');
    // A cited trail that names no row links the recap's Decisions, from any page.
    const trail = { raw: 'decisions.jsonl', kind: 'reference' as const, status: 'INCONCLUSIVE' as const, reason: '', target: { type: 'row' as const } };
    expect(evidenceHtml([trail as unknown as TrailRow['evidence'][number]], { ...ctx, rowHref: rowLinker(pages, 2) }).value).toContain('<a href=/p/p/#decisions>decisions.jsonl</a>');
    // Check first and Attention on the recap link the row's page.
    const later = { ...row('Redo it'), id: '11aa22bb', anchor: 'row-11aa22bb' };
    expect(checkFirstHtml(checkFirstGroups(checkFirst([later])), () => [], null, 0, null, rowLinker(pages, 1)).value).toContain('<li><a href="rows/3/#row-11aa22bb">Redo it</a>');
    const links = flagLinker([later], () => null, rowLinker(pages, 1))({ at: [{ file: 'decisions.jsonl', line: 7 }], rows: ['11aa22bb', '99'] });
    expect(links).toEqual([
      { href: 'rows/3/#row-11aa22bb', label: 'row 11aa22bb (line 7)' },
      { href: null, label: 'row 99 (not in the trail)' },
    ]);
  });
  it('shows a verified pointer linked to its page without its kind or the generic reason that page states; a commit keeps its subject; what did not verify keeps both (issue 30, output size)', () => {
    const at = { ...ctx, repoId: 'monorepo' };
    const pointer = (raw: string, kind: string, status: string, reason: string, target?: object, reasonKind?: object) => ({ raw, kind, status, reason, ...(reasonKind ? { reasonKind } : {}), ...(target ? { target } : {}) }) as unknown as TrailRow['evidence'][number];
    const items = (p: TrailRow['evidence'][number]) => evidenceHtml([p], at).value;
    // A line of a file at the landed head: the link, the status word, nothing else.
    expect(items(pointer('src/q.go:24', 'path', 'VERIFIED', 'line 24 of 57 exists at landed head', { type: 'file', path: 'src/q.go', origin: 'repository', from: 24, to: 24 }, { kind: 'lines-at-head' }))).toBe('<ul class="evidence"><li><a href=/r/monorepo/file/src/q.go/#L24>src/q.go:24</a> <b>verified</b></ul>');
    expect(items(pointer('src/q.go', 'path', 'VERIFIED', 'file exists at landed head; 57 lines', { type: 'file', path: 'src/q.go', origin: 'repository' }, { kind: 'file-at-head' }))).toBe('<ul class="evidence"><li><a href=/r/monorepo/file/src/q.go/>src/q.go</a> <b>verified</b></ul>');
    expect(items(pointer('src/q.go:10-20,30', 'path', 'VERIFIED', 'lines 10–20, 30 of 57 exist at landed head', { type: 'file', path: 'src/q.go', origin: 'repository', from: 10, to: 20 }, { kind: 'lines-at-head' }))).toContain('>src/q.go:10-20,30</a> <b>verified</b></ul>');
    // A commit: its subject, the words a person knows it by.
    expect(items(pointer('0edc03f0d0', 'commit', 'VERIFIED', 'commit 0edc03f exists: “Change 77: queue”', { type: 'commit', oid: '0edc03f0d0aa' }, { kind: 'commit-exists', subject: 'Change 77: queue' }))).toBe('<ul class="evidence"><li><a href=/r/monorepo/commit/0edc03f0d0aa/>0edc03f0d0</a> <b>verified</b> <small>“Change 77: queue”</small></ul>');
    // A reason that says more than the page (moved, through a link, not landed) is kept whole.
    const moved = 'cited 11–20 at 1a2b3c4; now 22–31 at the landed head 5d6e7f8, as src/q.go changed since';
    expect(items(pointer('src/q.go:11-20', 'path', 'VERIFIED', moved, { type: 'file', path: 'src/q.go', origin: 'repository', from: 22, to: 31 }))).toContain(`<b>verified</b> <small>${moved}</small>`);
    const notLanded = 'commit 0edc03f exists: “Spike”; it is not an ancestor of the landed head 5d6e7f8 (an abandoned branch, or an original rewritten away by a squash or rebase)';
    expect(items(pointer('0edc03f', 'commit', 'VERIFIED', notLanded, { type: 'commit', oid: '0edc03f0d0aa' }))).toContain(`<b>verified</b> <small>${notLanded}</small>`);
    // Not verified, inconclusive, or with no page to link: kind and reason in full.
    expect(items(pointer('src/q.go:99', 'path', 'NOT_VERIFIED', 'line 99 is past the end of src/q.go (57 lines at landed head)'))).toBe('<ul class="evidence"><li data-status=NOT_VERIFIED><code>src/q.go:99</code> <i>path</i> <b>not verified</b> <small>line 99 is past the end of src/q.go (57 lines at landed head)</small></ul>');
    expect(items(pointer('src/gen.go:3', 'path', 'INCONCLUSIVE', 'line 3 of 9 exists at landed head', { type: 'file', path: 'src/gen.go', origin: 'repository', from: 3, to: 3 }))).toContain('<i>path</i> <b>not verified (inconclusive)</b> <small>line 3 of 9 exists at landed head</small>');
    expect(evidenceHtml([pointer('0edc03f', 'commit', 'VERIFIED', 'commit 0edc03f exists: “Change 77: queue”', { type: 'commit', oid: '0edc03f0d0aa' }, { kind: 'commit-exists', subject: 'Change 77: queue' })], ctx).value).toContain('<code>0edc03f</code> <i>commit</i> <b>verified</b> <small>commit 0edc03f exists: “Change 77: queue”</small>');
  });
  it('leaves an attribute value unquoted only where HTML allows it (issue 30, output size)', () => {
    expect([attr('row-2aafcc90'), attr('/r/x/file/a.ts/#L24'), attr('a&b'), attr(''), attr('row x'), attr('?q=a'), attr('a"b'), attr("a'b"), attr('a`b'), attr('a<b')].map(String)).toEqual(['row-2aafcc90', '/r/x/file/a.ts/#L24', 'a&amp;b', '""', '"row x"', '"?q=a"', 'a&quot;b', 'a&#39;b', '"a`b"', 'a&lt;b'] /* an escaped character is a character reference, which HTML reads unquoted too */);
    // A row id a record wrote with a space keeps its anchor whole.
    expect(decisionRowHtml({ ...row('Ship'), id: 'a b', anchor: 'row-a b' }, ctx).value.startsWith('<article id="row-a b" data-result=note><h3><a href="#row-a b">')).toBe(true);
  });
});
