/**
 * Attention's list as markup: one card per problem (issue 27, scope 3; decision trail,
 * Part 3: each flag with its severity, kind, summary and links). Flags of one kind and cause
 * (src/lib/projections/problems.ts) are one card — "25 rows: expected 6 tab-separated cells,
 * found 5" — with its flags listed and folded; a problem of one flag is the flag's card as
 * before. Every flag keeps its anchor `#flag-<n>` (a card holds its first flag's; a folded
 * flag's is on its line, which the browser unfolds when the anchor is followed). Shared by the
 * recap page (Attention.astro) and the single-file recap.html.
 */
import type { Flag } from '../../lib/model/types.ts';
import type { Problem } from '../../lib/projections/problems.ts';
import { foldFlagLinks, moreLinksText, type FlagLink } from '../../lib/projections/flag-links.ts';
import { problemSentence } from '../../lib/site/words.ts';
import { flagPlaceAndText } from '../../lib/report/flag-places.ts';
import { html, join, type SafeHtml } from './html.ts';
import { SEVERITY_ICON, statusHtml } from './status.ts';

/** How a card names a flag's layer (`layer 1 · trail`). */
export type LayerName = (flag: Flag) => string;

function linksHtml(links: readonly FlagLink[]): SafeHtml {
  return join(links.map((l) => (l.href ? html`<a href="${l.href}">${l.label}</a>` : html`<span>${l.label}</span>`)), ' ');
}

/** A flag's places and evidence, the places past five folded. */
function placesHtml(f: Flag, linksOf: (f: Flag) => FlagLink[]): SafeHtml {
  if (f.rows.length === 0 && f.at.length === 0 && !f.evidence) return html``;
  const { shown, folded } = foldFlagLinks(linksOf(f));
  const evidence = f.evidence ? html`<span>evidence: <code>${f.evidence}</code></span>` : '';
  return html`<p class="flag-links">${linksHtml(shown)}${evidence}</p>${folded.length > 0 ? html`<details class="flag-more"><summary>${moreLinksText(folded.length)}</summary><p class="flag-links">${linksHtml(folded)}</p></details>` : ''}`;
}

/**
 * A flag's summary on its card: without the place it starts with when a link under it names that
 * place (use16: an invalid record's card read "decisions.jsonl:2: missing required field …"
 * over its link "decisions.jsonl:2", as `trailbook check` said the place twice), else whole.
 */
function cardSummary(f: Flag, linksOf: (f: Flag) => FlagLink[]): string {
  const { place, text } = flagPlaceAndText(f);
  return place !== '' && text !== f.summary && linksOf(f).some((l) => l.label === place) ? text : f.summary;
}

/** An accepted flag's note: the baseline's reason (issue 32; src/lib/baseline/accepted-flags.ts). */
const acceptedHtml = (reason: string | null): SafeHtml | '' => (reason ? html`<p class="flag-accepted-note"><span class="accepted-badge">accepted</span> ${reason}</p>` : '');

const earlierHtml = (f: Flag): SafeHtml | '' => (f.earlierText !== undefined ? html`<div class="flag-earlier"><p class="meta">Earlier text, as committed:</p><pre class="raw">${f.earlierText}</pre></div>` : '');

/**
 * The cards.
 *
 * @param problems - The project's problems in Attention's order ({@link Problem}).
 * @param linksOf - A flag's places (src/lib/projections/flag-links.ts `flagLinker`).
 * @param layerName - How a flag's layer is named.
 * @param acceptedOf - The reason the baseline accepts flag `n` (1-based, the project's flag order), or null.
 */
export function problemCardsHtml(problems: readonly Problem[], linksOf: (f: Flag) => FlagLink[], layerName: LayerName, acceptedOf: (n: number) => string | null = () => null): SafeHtml {
  return html`<ol class="flags">${problems.map((p) => {
    const first = p.flags[0] as { flag: Flag; n: number };
    const head = html`${statusHtml(p.severity, p.severity, SEVERITY_ICON[p.severity])} <code class="flag-kind">${p.kind}</code> <span class="flag-layer">${layerName(first.flag)}</span>`;
    if (p.flags.length === 1) {
      const f = first.flag;
      const reason = acceptedOf(first.n);
      return html`<li class="flag flag-${p.severity}${reason ? ' flag-accepted' : ''}" data-kind="${p.kind}" id="flag-${String(first.n)}">${head}<p class="flag-summary">${cardSummary(f, linksOf)}</p>${acceptedHtml(reason)}${earlierHtml(f)}${placesHtml(f, linksOf)}</li>`;
    }
    const items = p.flags.map(({ flag, n }) => html`<li${n === first.n ? '' : html` id="flag-${String(n)}"`} value="${String(n)}"><p class="flag-summary">${cardSummary(flag, linksOf)}</p>${acceptedHtml(acceptedOf(n))}${earlierHtml(flag)}${placesHtml(flag, linksOf)}</li>`);
    const allAccepted = p.flags.every(({ n }) => acceptedOf(n) !== null);
    return html`<li class="flag flag-${p.severity} flag-problem${allAccepted ? ' flag-accepted' : ''}" data-kind="${p.kind}" data-flags="${String(p.flags.length)}" id="flag-${String(first.n)}">${head}<p class="flag-summary">${problemSentence(p)}</p><details class="flag-more problem-flags"><summary>${`The ${p.flags.length} flags, one per place`}</summary><ol class="problem-list">${items}</ol></details></li>`;
  })}</ol>`;
}
