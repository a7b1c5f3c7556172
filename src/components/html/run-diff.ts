/**
 * A run diff (src/lib/compare/compare-runs.ts) as markup, for the compare pages: the static
 * page of a configured pair and the compare page's script use this one builder, so what they
 * show cannot differ. Every text is escaped by `html`; links stay inside the archive.
 */
import { evidenceCheckNote, unrelatedRunsNote, type DiffFlag, type DiffRow, type RunDiff } from '../../lib/compare/compare-runs.ts';
import { urls } from '../../lib/site/urls.ts';
import { html, type SafeHtml } from './html.ts';
import { grouped } from '../../lib/text/grouped.ts';
import { SEVERITY_ICON, statusHtml } from './status.ts';

const count = (n: number, word: string): string => `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;

/** Where a row of a project is: its recap's `#row-…` by default; on the static pair page, the page of rows that holds it. */
export type RowUrl = (projectId: string, anchor: string) => string;

function rowItem(r: DiffRow, rowUrl: RowUrl, projectId: string, sign: string): SafeHtml {
  return html`<li data-row-id="${r.id}"><span class="diff-sign" aria-hidden="true">${sign}</span> <a href="${rowUrl(projectId, r.anchor)}">row <code>${r.id}</code></a> ${r.decision} <span class="meta">(${r.result})</span></li>`;
}

function flagItem(f: DiffFlag, base: string, projectId: string, sign: string): SafeHtml {
  return html`<li data-kind="${f.kind}"><span class="diff-sign" aria-hidden="true">${sign}</span> ${statusHtml(f.severity, f.severity, SEVERITY_ICON[f.severity])} <a href="${urls.project(base, projectId)}#flag-${String(f.n)}"><code>${f.kind}</code></a> ${f.summary}</li>`;
}

function list(title: string, testid: string, items: SafeHtml[]): SafeHtml | '' {
  if (items.length === 0) return '';
  return html`<h3>${title} (${grouped(items.length)})</h3><ul class="diff-list" data-testid="${testid}">${items}</ul>`;
}

/**
 * The whole diff. `base` is the archive's base path; both projects are in the archive.
 *
 * @param rowUrl - Where a row links: the compare page's script keeps the recap's fragment (the
 *   recap's script takes a later row to its page); the static pair page gives the row's page of
 *   rows (src/lib/site/row-pages.ts), so the link lands without scripts (issue 30).
 */
export function runDiffHtml(d: RunDiff, base: string, rowUrl: RowUrl = (projectId, anchor) => urls.row(base, projectId, anchor)): SafeHtml {
  const dec = d.decisions;
  const changed = dec.changed.map(
    (c) =>
      // One id when both runs give the row the same one; each side links to its recap.
      html`<li data-row-id="${c.a.id}" data-b-row-id="${c.b.id}"><span class="diff-sign" aria-hidden="true">~</span> row <code>${c.a.id}</code>${c.b.id !== c.a.id ? html` → <code>${c.b.id}</code>` : ''} ${c.b.decision} <span class="meta">(matched by ${c.matchedBy}; <a href="${rowUrl(d.a.id, c.a.anchor)}">in A</a> · <a href="${rowUrl(d.b.id, c.b.anchor)}">in B</a>)</span><dl class="diff-fields">${c.fields.map((f) => html`<dt>${f.field}</dt><dd><del>${f.a}</del> → <ins>${f.b}</ins></dd>`)}</dl></li>`,
  );
  const others: SafeHtml[] = [
    ...d.verdicts.map((v) => html`<li data-gate="${v.gate}">${v.gate} gate of ${v.ticket || 'no ticket'}: <strong>${v.a ?? 'none'}</strong> → <strong>${v.b ?? 'none'}</strong></li>`),
    ...(d.pick ? [html`<li data-pick>design pick: <strong>${d.pick.a ?? 'none'}</strong> → <strong>${d.pick.b ?? 'none'}</strong></li>`] : []),
    ...d.grafts.added.map((g) => html`<li data-graft="added">graft added: ${g}</li>`),
    ...d.grafts.removed.map((g) => html`<li data-graft="removed">graft removed: ${g}</li>`),
  ];
  return html`<div class="run-diff" data-a="${d.a.id}" data-b="${d.b.id}">
<p class="diff-sides"><strong>A</strong> <a href="${urls.project(base, d.a.id)}">${d.a.title}</a> <span class="meta">${d.a.id}, ${count(d.a.rows, 'row')}, ${count(d.a.flags, 'flag')}</span><br /><strong>B</strong> <a href="${urls.project(base, d.b.id)}">${d.b.title}</a> <span class="meta">${d.b.id}, ${count(d.b.rows, 'row')}, ${count(d.b.flags, 'flag')}</span></p>
<p class="lede" data-testid="diff-summary">Decisions: ${grouped(dec.added.length)} added, ${grouped(dec.removed.length)} removed, ${grouped(dec.changed.length)} changed, ${grouped(dec.unchanged)} unchanged. Flags: ${grouped(d.flags.new.length)} new, ${grouped(d.flags.fixed.length)} fixed, ${grouped(d.flags.unchanged)} in both${d.flags.gone.length > 0 ? `, ${grouped(d.flags.gone.length)} gone with their rows` : ''}.${d.verdicts.length > 0 ? ` Verdicts: ${grouped(d.verdicts.length)} changed.` : ''}${d.pick ? ' The design pick changed.' : ''}</p>
${unrelatedRunsNote(d) !== null ? html`<p class="notice" data-testid="diff-unrelated">${unrelatedRunsNote(d)}</p>` : ''}
<h2 id="diff-decisions">Decisions</h2>
${dec.added.length + dec.removed.length + dec.changed.length === 0 ? html`<p class="none">${d.a.rows + d.b.rows === 0 ? 'Neither run has a decision row.' : 'The same decisions in both runs.'}</p>` : ''}
${list('Added in B', 'diff-added', dec.added.map((r) => rowItem(r, rowUrl, d.b.id, '+')))}
${list('Removed: in A, not in B', 'diff-removed', dec.removed.map((r) => rowItem(r, rowUrl, d.a.id, '−')))}
${list('Changed', 'diff-changed', changed)}
<h2 id="diff-flags">Flags</h2>
${evidenceCheckNote(d) !== null ? html`<p class="notice" data-testid="diff-unchecked">${evidenceCheckNote(d)}</p>` : ''}
${d.flags.new.length + d.flags.fixed.length + d.flags.gone.length === 0 ? html`<p class="none">${d.a.flags + d.b.flags === 0 ? 'Neither run has a flag.' : 'The same flags in both runs.'}</p>` : ''}
${list('New in B', 'diff-new-flags', d.flags.new.map((f) => flagItem(f, base, d.b.id, '+')))}
${list('Fixed: raised in A, not in B', 'diff-fixed-flags', d.flags.fixed.map((f) => flagItem(f, base, d.a.id, '−')))}
${list('Gone with their rows: raised in A about rows B does not have (not fixed)', 'diff-gone-flags', d.flags.gone.map((f) => flagItem(f, base, d.a.id, '×')))}
${others.length > 0 ? html`<h2 id="diff-verdicts">Verdicts, pick and grafts</h2><ul class="diff-list" data-testid="diff-others">${others}</ul>` : ''}
</div>`;
}
