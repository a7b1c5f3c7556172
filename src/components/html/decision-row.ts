/**
 * A decision row as markup (decision trail, Part 1; spec/archive.md recap item 6): decision,
 * why, evidence (linked; verified / not verified / not verified (inconclusive) with its
 * reason), result, actor, phase, ticket, time, and a permalink anchor.
 */
import type { EvidencePointer, TrailRow } from '../../lib/model/types.ts';
import { clippedDecision, CLIP_DECISION_FROM, pointerWord } from '../../lib/site/words.ts';
import { evidenceTree } from '../../lib/projections/evidence-tree.ts';
import { fileKey, safeHref, urls } from '../../lib/site/urls.ts';
import { shortDigest } from '../../lib/text/hash.ts';
import { attr, html, type SafeHtml } from './html.ts';
import { cardReason } from '../../lib/site/card-reason.ts';
import { pullRequestNumber, type BoundForge } from '../../lib/config/forge-links.ts';
import { severityBadgeHtml } from './status.ts';
import type { RowFlag } from '../../lib/projections/flags.ts';

/**
 * The flags line of a row card: each flag's severity and kind, linked to it in Attention; a
 * flag the baseline accepts (issue 32) says `accepted` after its kind (its reason is on its card
 * in Attention), so a row whose every flag is accepted reads `Flagged (accepted): …`.
 */
function rowFlagsHtml(flags: readonly RowFlag[], href: (anchor: string) => string): SafeHtml | '' {
  if (flags.length === 0) return '';
  const lead = flags.every((f) => f.accepted) ? 'Flagged (accepted)' : 'Flagged';
  return html`<p class="row-flags">${lead}: ${flags.map((f, i) => html`${i > 0 ? ', ' : ''}<a href="${href(`flag-${String(f.n)}`)}">${severityBadgeHtml(f.severity, f.severity)} <code>${f.kind}</code>${f.accepted ? html` <span class="accepted-badge" title="${f.accepted}">accepted</span>` : ''}</a>`)}</p>`;
}

/** What a row needs to know about its page. */
export interface RowContext {
  base: string;
  projectId: string;
  repoId: string | null;
  /** Anchor of a row by id (first row with that id). */
  anchorOf: (id: string) => string | undefined;
  /** The rows a row replaced, newest first. */
  chainOf: (row: TrailRow) => TrailRow[];
  /** Forge links of the project's repository (trailbook.config `repositories`), if configured. */
  forge?: BoundForge | null;
  /** The flags a row carries (src/lib/projections/flags.ts `flagsByRow`), linking to Attention's `#flag-<n>`. */
  flagsOf?: (row: TrailRow) => readonly RowFlag[];
  /**
   * Where an anchor is from the page the row is on (src/lib/site/row-pages.ts `rowHref`): a row
   * on another page of rows (`rows/3/#row-…`, `../3/#row-…`), a flag or superseded row of the
   * recap from a row page (`../../#flag-2`), so every link lands without scripts; `#<anchor>`
   * when absent (one page holds every row and flag: recap.html, tests).
   */
  rowHref?: (anchor: string) => string;
}

const fragment = (anchor: string): string => `#${anchor}`;

/** Where an evidence pointer links to, or null. */
export function evidenceHref(p: EvidencePointer, ctx: Pick<RowContext, 'base' | 'projectId' | 'repoId' | 'rowHref'>): string | null {
  const t = p.target;
  if (!t) return null;
  if (t.type === 'url') return safeHref(t.href);
  if (t.type === 'commit') return ctx.repoId ? urls.commit(ctx.base, ctx.repoId, t.oid) : null;
  // A row of the project's own trail: that row in the recap, or its Decisions when no row is
  // named; a self-citation (failed evidence) links to nothing. A named row on a page of rows:
  // the page that holds it (`rowHref`), so the link lands without scripts.
  if (t.type === 'row') return p.status === 'NOT_VERIFIED' ? null : t.anchor !== undefined && ctx.rowHref ? ctx.rowHref(t.anchor) : urls.row(ctx.base, ctx.projectId, t.anchor ?? 'decisions');
  const key = fileKey(t.path, shortDigest);
  if (t.origin === 'repository') return ctx.repoId ? urls.repositoryFile(ctx.base, ctx.repoId, key, t.from, t.at, t.to, t.more) : null;
  return urls.artifactFile(ctx.base, ctx.projectId, key, t.from, t.to, t.more);
}

/** Where an evidence pointer leads on the repository's forge (a resolved commit or repository file, a PR number), or null. */
export function forgeHref(p: EvidencePointer, forge: BoundForge | null | undefined): string | null {
  if (!forge) return null;
  const t = p.target;
  if (p.kind === 'reference') {
    const n = pullRequestNumber(p.raw);
    return n === null ? null : forge.pullRequest(n);
  }
  if (t?.type === 'commit') return forge.commit(t.oid);
  if (t?.type === 'file' && t.origin === 'repository') return forge.file(t.path, t.from, t.at);
  return null;
}

/** One row's evidence list: the pointers found inside a command listed under it. */
export function evidenceHtml(pointers: readonly EvidencePointer[], ctx: Pick<RowContext, 'base' | 'projectId' | 'repoId' | 'forge' | 'rowHref'>): SafeHtml {
  return html`<ul class="evidence">${evidenceItems(pointers, ctx)}</ul>`;
}

function evidenceItems(pointers: readonly EvidencePointer[], ctx: Pick<RowContext, 'base' | 'projectId' | 'repoId' | 'forge' | 'rowHref'>): SafeHtml[] {
  return evidenceTree(pointers).map((node) => evidenceItemHtml(node.pointer, ctx, node.parts.length > 0 ? html`<ul>${node.parts.map((p) => evidenceItemHtml(p, ctx, ''))}</ul>` : ''));
}

function evidenceItemHtml(p: EvidencePointer, ctx: Pick<RowContext, 'base' | 'projectId' | 'repoId' | 'forge' | 'rowHref'>, parts: SafeHtml | ''): SafeHtml {
  const word = pointerWord(p);
  const href = evidenceHref(p, ctx);
  // A link's text is the pointer as written, set in the code font by CSS (no <code> inside it).
  const pointer = href ? html`<a href=${attr(href)}${p.target?.type === 'url' ? html` rel="noopener noreferrer nofollow"` : ''}>${p.raw}</a>` : html`<code>${p.raw}</code>`;
  const onForge = forgeHref(p, ctx.forge);
  const forgeLink = onForge && ctx.forge ? html` <a class="forge-link" href="${onForge}" rel="noopener noreferrer">view on ${ctx.forge.name}</a>` : '';
  // A verified pointer linked to its commit's or file's page says no more than that page does
  // (src/lib/site/card-reason.ts): no kind, and no generic reason; a commit keeps its subject.
  const said = cardReason(p, href !== null);
  // Bare markup (a thousand of these on a page; site.css "Row cards"): the pointer first (a link
  // or <code>), then <i> its kind (not for a verified linked pointer), <b> the status word (its
  // icon comes from CSS, by data-status), <small> the reason when there is one to say. A
  // verified item is a bare <li> (most are: 21 bytes each, issue 30), the others say their
  // status in data-status. `</li>` is optional in HTML; attribute values unquoted where HTML
  // allows (html.ts `attr`).
  return html`<li${p.status === 'VERIFIED' ? '' : html` data-status=${attr(p.status)}`}${word.prose ? html` data-outcome=prose` : ''}>${pointer}${forgeLink}${p.note ? html` <span class="evidence-note">${p.note}</span>` : ''}${said.kind ? html` <i>${p.kind}</i>` : ''} <b>${word.label}</b>${said.reason !== '' ? html` <small>${said.reason}</small>` : ''}${parts}`;
}

/** Texts longer than this many characters are folded: a 4 KiB `why` would fill the screen. */
export const FOLD_TEXT_FROM = 600;

/** A text as it is, or its first 400 characters with the whole text one click away (no script needed). */
export function longText(text: string): SafeHtml {
  if (text.length <= FOLD_TEXT_FROM) return html`${text}`;
  return html`<details class="long-text"><summary><span class="preview">${text.slice(0, 400)}… </span><span class="meta">show all ${String(text.length)} characters</span></summary>${text}</details>`;
}

/**
 * A row's time as written. When it parses to an instant (epoch ms) whose ISO form (without
 * zero milliseconds) is not the text itself, the text is in a `<time>` element whose
 * `datetime` is that instant; a text that already is the instant, or that does not parse, is
 * plain text (a `<time>` element without `datetime` says nothing its text does not: 13 bytes
 * a row card, issue 30).
 */
export function timeHtml(ts: string, time: number | null): SafeHtml {
  if (time === null) return html`${ts}`;
  const iso = new Date(time).toISOString().replace('.000Z', 'Z');
  return iso === ts ? html`${ts}` : html`<time datetime="${iso}">${ts}</time>`;
}

/** One decision row. */
export function decisionRowHtml(row: TrailRow, ctx: RowContext): SafeHtml {
  const href = ctx.rowHref ?? fragment;
  const chain = ctx.chainOf(row);
  const extras = Object.keys(row.extra).length > 0;
  let supersedes: SafeHtml | '' = '';
  if (row.supersedes !== undefined) {
    const target = ctx.anchorOf(row.supersedes);
    const body =
      chain.length > 0
        ? chain.map((c, i) => html`${i > 0 ? ' ← ' : ''}<a href="${href(c.anchor)}">${c.id}</a>`)
        : target
          ? html`<a href="${href(target)}"><code>${row.supersedes}</code></a> (a row that comes later: flagged)`
          : html`<code>${row.supersedes}</code> (not in the trail: flagged)`;
    supersedes = html`<dt>Supersedes<dd>${body}`;
  }
  const supersededBy =
    row.supersededBy.length > 0
      ? html`<dt>Superseded by<dd>${row.supersededBy.map((id) => {
          const a = ctx.anchorOf(id);
          return a ? html`<a href="${href(a)}"><code>${id}</code></a> ` : html`<code>${id}</code> `;
        })}`
      : '';
  const flags = ctx.flagsOf?.(row) ?? [];
  // Bare markup, styled by position (site.css "Row cards"; a 1,000-row recap is mostly these):
  // a card is an <article> of a `.rows` list (no class of its own: 12 bytes a row, issue 30;
  // `row-flagged` when flagged); the heading links to the row itself (its "#" comes from CSS),
  // the <b> beside it is the result, coloured by data-result; the evidence list is the <ul> of
  // a field, and Meta is the last field. `</dt>` and `</dd>` are optional in HTML.
  return html`<article${flags.length > 0 ? html` class=row-flagged` : ''} id=${attr(row.anchor)} data-result=${attr(row.resultClass)}${flags.length > 0 ? html` data-flags=${String(flags.length)}` : ''}><h3><a href=${attr(`#${row.anchor}`)}>${clippedDecision(row.decision)}</a></h3><b>result: ${row.result}</b>${rowFlagsHtml(flags, href)}<dl>${row.decision.length > CLIP_DECISION_FROM ? html`<dt>Decision<dd>${longText(row.decision)}` : ''}<dt>Why<dd>${longText(row.why)}<dt>Evidence<dd><ul>${evidenceItems(row.evidence, ctx)}</ul>${supersedes}${supersededBy}${extras ? html`<dt>Other fields<dd><code class="raw">${JSON.stringify(row.extra)}</code>` : ''}<dt>Meta<dd>id <code>${row.id}</code>${row.phase ? html` · phase ${row.phase}` : ''}${row.actor ? html` · actor ${row.actor}` : ''}${row.ticket ? html` · ticket ${row.ticket}` : ''}${row.ts ? html` · ${timeHtml(row.ts, row.time)}` : ''} · ${row.file}:${row.line}</dl></article>`;
}
