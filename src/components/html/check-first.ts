/**
 * The Check first list as markup (decision trail, shipped Part 2 layer 1): the rows whose
 * evidence does not resolve or whose result is not `verified`, grouped by reason (failures
 * first, "not checkable" last), each row linking to its card and to its flags in Attention.
 * The reason is said once, on its group; each row's own card gives the pointer's full reason.
 * Shared by the recap page (CheckFirst.astro) and the single-file recap.html.
 */
import type { CheckFirstGroup, CheckFirstOutcome } from '../../lib/projections/check-first.ts';
import type { RowFlag } from '../../lib/projections/flags.ts';
import type { TrailRow } from '../../lib/model/types.ts';
import { checkFirstReason, clippedDecision, countOf } from '../../lib/site/words.ts';
import { html, join, type SafeHtml } from './html.ts';
import { SEVERITY_ICON, statusHtml } from './status.ts';

/** Past this many rows a group starts folded (its count and reason stay in view). */
export const FOLD_FROM = 20;

/** The id of the first group of each outcome: the verdict strip links to `#check-first-failed`. */
export const checkFirstOutcomeAnchor = (outcome: CheckFirstOutcome): string => `check-first-${outcome}`;

/**
 * The groups as markup.
 *
 * @param flagsOf - A row's flags ({@link RowFlag}, `#flag-<n>` in Attention); a failed
 *   pointer's row links to the flags of that check.
 * @param repositoryProblem - Why git checks could not run (`no repository`), or null.
 */
export function checkFirstHtml(groups: readonly CheckFirstGroup[], flagsOf: (row: TrailRow) => readonly RowFlag[] = () => [], repositoryProblem: string | null = null): SafeHtml {
  const seen = new Set<CheckFirstOutcome>();
  return join(
    groups.map((g, i) => {
      const words = checkFirstReason(g, repositoryProblem);
      const id = seen.has(g.outcome) ? `check-first-${i + 1}` : checkFirstOutcomeAnchor(g.outcome);
      seen.add(g.outcome);
      const open = !g.everyRow && g.entries.length <= FOLD_FROM;
      const flagged = (row: TrailRow): readonly RowFlag[] => (g.outcome === 'failed' ? flagsOf(row).filter((f) => f.kind === g.reason) : []);
      const items = g.entries.map(({ row, pointers }) => {
        const flags = flagged(row);
        // Bare markup (hundreds of entries on a large recap): <small> is the muted "row …, line …"
        // note (site.css "Check first"); `</li>` is optional in HTML.
        return html`<li><a href="#${row.anchor}">${clippedDecision(row.decision)}</a> <small>row <code>${row.id}</code>, line ${row.line}${row.supersededBy.length > 0 ? ' (superseded)' : ''}</small>${
          pointers.length > 0 ? html` ${pointers.map((p, n) => html`${n > 0 ? ', ' : ''}<code>${p.raw}</code>`)}` : ''
        }${g.outcome === 'result' && row.result !== g.reason ? html` <small>result <q>${row.result}</q></small>` : ''}${flags.map((f) => html` <a class="cf-flag" href="#flag-${String(f.n)}">${statusHtml(f.severity, `${f.severity} flag ${f.n}`, SEVERITY_ICON[f.severity])}</a>`)}`;
      });
      const count = g.everyRow ? `every row here (${countOf(g.entries.length, 'row')})` : countOf(g.entries.length, 'row');
      return html`<details class="cf-group cf-${g.outcome}" id="${id}"${open ? ' open' : ''}><summary>${statusHtml(words.tone, words.outcome)} <span class="cf-reason">${words.text}</span> <span class="cf-count">${count}</span></summary><ul class="check-first-list">${items}</ul></details>`;
    }),
  );
}
