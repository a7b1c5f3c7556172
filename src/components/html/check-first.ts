/**
 * The Check first list as markup (decision trail, shipped Part 2 layer 1): the rows whose
 * evidence does not resolve or whose result is not `verified`, in two groups (issue 27): the
 * rows that need a person, by reason (evidence that did not resolve first), then, folded, the
 * results in the agent's words; each row linking to its card and to its flags in Attention,
 * its result always shown as written.
 * The reason is said once, on its group; each row's own card gives the pointer's full reason.
 * Shared by the recap page (CheckFirst.astro) and the single-file recap.html.
 */
import { checkFirstReasonRows, type CheckFirstGroup, type CheckFirstOutcome } from '../../lib/projections/check-first.ts';
import type { RowFlag } from '../../lib/projections/flags.ts';
import type { TrailRow } from '../../lib/model/types.ts';
import { checkFirstReason, checkFirstWordsSentence, clippedDecision, countOf } from '../../lib/site/words.ts';
import { html, join, type SafeHtml } from './html.ts';
import { SEVERITY_ICON, statusHtml } from './status.ts';

/** Past this many rows a group starts folded (its count and reason stay in view). */
export const FOLD_FROM = 20;

/** The id of the first group of each outcome: the verdict strip links to `#check-first-failed`. */
export const checkFirstOutcomeAnchor = (outcome: CheckFirstOutcome): string => `check-first-${outcome}`;

/** The id of the second group ("results in the agent's words"), folded. */
export const CHECK_FIRST_WORDS_ANCHOR = 'check-first-words';

/**
 * One group of rows sharing a reason, as a `<details>`.
 *
 * @param id - Its id.
 */
function groupHtml(g: CheckFirstGroup, id: string, flagsOf: (row: TrailRow) => readonly RowFlag[], repositoryProblem: string | null): SafeHtml {
  const words = checkFirstReason(g, repositoryProblem);
  const open = !g.everyRow && g.entries.length <= FOLD_FROM;
  const count = g.everyRow ? `every row here (${countOf(g.entries.length, 'row')})` : countOf(g.entries.length, 'row');
  const flagged = (row: TrailRow): readonly RowFlag[] => (g.outcome === 'failed' ? flagsOf(row).filter((f) => f.kind === g.reason) : []);
  const items = g.entries.map(({ row, pointers }) => {
    const flags = flagged(row);
    // Bare markup (hundreds of entries on a large recap; site.css "Check first"): the decision
    // linked to its card, which carries the row's id and line (an entry no longer repeats them:
    // issue 30, output size, about 50 bytes of each of 400 entries of a real-shaped recap);
    // <small> is muted; `</li>` is optional in HTML. The result is always shown as written.
    return html`<li><a href="#${row.anchor}">${clippedDecision(row.decision)}</a>${row.supersededBy.length > 0 ? html` <small>(superseded)</small>` : ''}${
      pointers.length > 0 ? html` ${pointers.map((p, n) => html`${n > 0 ? ', ' : ''}<code>${p.raw}</code>`)}` : ''
    } <small>result <q>${row.result}</q></small>${flags.map((f) => html` <a class="cf-flag" href="#flag-${String(f.n)}">${statusHtml(f.severity, `${f.severity} flag ${f.n}${f.accepted ? ' (accepted)' : ''}`, SEVERITY_ICON[f.severity])}</a>`)}`;
  });
  return html`<details class="cf-group cf-${g.outcome}" id="${id}"${open ? ' open' : ''}><summary>${statusHtml(words.tone, words.outcome)} <span class="cf-reason">${words.text}</span> <span class="cf-count">${count}</span></summary><ul class="check-first-list">${items}</ul></details>`;
}

/**
 * The groups as markup: the first group's reasons in view, then the second group ("results in
 * the agent's words") folded in one `<details>` with its count and a sentence (issue 27).
 *
 * @param flagsOf - A row's flags ({@link RowFlag}, `#flag-<n>` in Attention); a failed
 *   pointer's row links to the flags of that check.
 * @param repositoryProblem - Why git checks could not run (`no repository`), or null.
 */
export function checkFirstHtml(groups: readonly CheckFirstGroup[], flagsOf: (row: TrailRow) => readonly RowFlag[] = () => [], repositoryProblem: string | null = null, wordsRows = 0): SafeHtml {
  const seen = new Set<CheckFirstOutcome>();
  const id = (g: CheckFirstGroup, i: number): string => {
    if (g.band === 'open' && !seen.has(g.outcome)) {
      seen.add(g.outcome);
      return checkFirstOutcomeAnchor(g.outcome);
    }
    return `check-first-${i + 1}`;
  };
  const open = groups.map((g, i) => (g.band === 'open' ? groupHtml(g, id(g, i), flagsOf, repositoryProblem) : null)).filter((x): x is SafeHtml => x !== null);
  const words = groups.map((g, i) => (g.band === 'words' ? groupHtml(g, id(g, i), flagsOf, repositoryProblem) : null)).filter((x): x is SafeHtml => x !== null);
  const folded =
    words.length > 0
      ? html`<details class="cf-words" id="${CHECK_FIRST_WORDS_ANCHOR}"><summary><span class="cf-words-title">Results in the agent's words</span> <span class="cf-count">${countOf(wordsRows, 'row')}</span></summary><p class="meta">${checkFirstWordsSentence(checkFirstReasonRows(groups, 'words'))}</p>${join(words)}</details>`
      : '';
  return html`${join(open)}${folded}`;
}
