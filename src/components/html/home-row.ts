/**
 * One project's row of the archive home's table (spec/archive.md "Archive home"), as escaped
 * markup. The pages draw it (src/pages/index.astro, projects/[page].astro) and so does the
 * home's script when a filter runs over a paged archive (src/scripts/archive-home.ts): one
 * builder, so a row looks the same either way.
 */
import type { HomeProject } from '../../lib/site/home-projects.ts';
import { formatDateSpan } from '../../lib/site/words.ts';
import { urls } from '../../lib/site/urls.ts';
import { html, type SafeHtml } from './html.ts';
import { statusHtml } from './status.ts';

/** The `<tr>` of one project; its data attributes are what the filters read. */
export function homeRowHtml(p: HomeProject, base: string): SafeHtml {
  const recap = urls.project(base, p.id);
  return html`<tr data-project="${p.id}" data-title="${p.title}" data-root="${p.root}" data-kinds="${p.kinds.join('|')}" data-to="${p.to}" data-rows="${String(p.rows)}" data-high="${String(p.high)}" data-medium="${String(p.medium)}" data-low="${String(p.low)}" data-not-verified="${String(p.notVerified)}" data-invalid="${String(p.invalid)}" data-blockers="${String(p.blockers)}" data-audit="${p.audit}"><th scope="row"><a href="${recap}">${p.title}</a><br><span class="meta">${p.root}</span></th><td>${p.kinds.join(', ')}${p.notRead ? html`<span class="meta"> (not read yet)</span>` : ''}</td><td>${p.to !== '' ? formatDateSpan({ from: p.from, to: p.to }) : '—'}</td><td class="num">${String(p.rows)}${p.superseded > 0 ? html`<span class="meta"> (${String(p.superseded)} superseded)</span>` : ''}</td><td class="num">${p.blockers > 0 ? html`<a href="${recap}#open-blockers">${String(p.blockers)}</a>` : '0'}</td><td class="num">${String(p.high)} / ${String(p.medium)} / ${String(p.low)}</td><td class="num">${String(p.notVerified)}</td><td class="num">${String(p.resultNotVerified)}</td><td class="num">${String(p.invalid)}</td><td>${statusHtml(p.auditWord.tone, p.auditWord.label)}</td></tr>`;
}
