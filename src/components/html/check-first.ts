/**
 * The Check first list as markup (decision trail, shipped Part 2 layer 1): the rows whose
 * evidence does not resolve or whose result is not `verified`, in two groups (issue 27): the
 * rows that need a person, by reason (evidence that did not resolve first), then, folded, the
 * results in the agent's words; each row linking to its card and to its flags in Attention,
 * its result always shown as written.
 * The reason is said once, on its group; each row's own card gives the pointer's full reason.
 * Shared by the recap page (CheckFirst.astro) and the single-file recap.html.
 */
import { checkFirstGroupPlace, checkFirstNotCheckableHeld, checkFirstReasonRows, type CheckFirstGroup, type CheckFirstOutcome } from '../../lib/projections/check-first.ts';
import type { RowFlag } from '../../lib/projections/flags.ts';
import type { ResultClass, TrailRow } from '../../lib/model/types.ts';
import { checkFirstReason, checkFirstWordsSearchText, checkFirstWordsSentence, clippedDecision, countOf } from '../../lib/site/words.ts';
import { RESULT_LABELS } from '../../lib/results/classify-result.ts';
import { searchQuery } from '../../lib/search/query/url-state.ts';
import { urls } from '../../lib/site/urls.ts';
import { html, join, type SafeHtml } from './html.ts';
import { severityBadgeHtml, statusHtml } from './status.ts';

/** Past this many rows a group starts folded (its count and reason stay in view). */
export const FOLD_FROM = 20;

/** The id of the first group of each outcome (the folded group's results apart): the verdict strip links to `#check-first-failed` and `#check-first-not-checkable`. */
export const checkFirstOutcomeAnchor = (outcome: CheckFirstOutcome): string => `check-first-${outcome}`;

/** The id of the second group ("results in the agent's words"), folded. */
export const CHECK_FIRST_WORDS_ANCHOR = 'check-first-words';

/**
 * Where the recap's search links of the folded group lead: the site's base and the project's
 * `root` (search's `project` filter value, src/lib/search/search-records.ts).
 */
export interface CheckFirstSearch {
  base: string;
  project: string;
}

/** A `result` group's reason (a result class) as search and the page word it: `open`, `reported done`. */
const resultGroupLabel = (reason: string): string => RESULT_LABELS[reason as ResultClass] ?? reason;

/**
 * The search filter that lists a folded group's rows: its place under Check first
 * (`?check=agent's+words:+reported+done`, src/lib/projections/check-first.ts
 * `checkFirstGroupPlace`), which search files on every row (search-records.ts). With the
 * project, search lists exactly the group's rows when no other group of the project shares the
 * value ({@link checkFirstHtml} lists the group otherwise).
 */
export function checkFirstWordsFilters(g: Pick<CheckFirstGroup, 'band' | 'outcome' | 'reason'>): Record<string, string[]> {
  return { check: [checkFirstGroupPlace(g)] };
}

/**
 * Whether an entry's result as written only repeats its group's reason, said once on the
 * group: a `result` group's state written as its name (`open`, `Failed`), or `verified`
 * (`VERIFIED`) under a folded group of verified results ("result verified; …").
 */
function resultSaidByGroup(g: CheckFirstGroup, result: string): boolean {
  const said = g.outcome === 'result' ? resultGroupLabel(g.reason) : g.outcome === 'failed' ? null : RESULT_LABELS.verified;
  return said !== null && result.trim().toLowerCase() === said;
}

/**
 * One group of rows sharing a reason, as a `<details>`.
 *
 * @param id - Its id.
 */
function groupHtml(g: CheckFirstGroup, id: string, flagsOf: (row: TrailRow) => readonly RowFlag[], repositoryProblem: string | null, search: CheckFirstSearch | null, rowHref: (anchor: string) => string, linkable: boolean): SafeHtml {
  const words = checkFirstReason(g, repositoryProblem);
  const open = !g.everyRow && g.entries.length <= FOLD_FROM;
  const count = g.everyRow ? `every row here (${countOf(g.entries.length, 'row')})` : countOf(g.entries.length, 'row');
  // A long group of the agent's words on the recap page is its count and a search link, not a
  // list (issue 30, output size: about 70 KB of a 1,000-row real-shaped recap): every row's card,
  // with its result as written, is under Decisions; search lists exactly the group's rows
  // (`linkable`: no other group of the project shares its search value), as many as it says.
  if (search !== null && linkable) {
    const filters = checkFirstWordsFilters(g);
    const href = urls.search(search.base, `?${searchQuery({ q: '', filters: { project: [search.project], ...filters } })}`);
    return html`<p class="cf-group cf-${g.outcome} cf-linked" id="${id}">${statusHtml(words.tone, words.outcome)} <span class="cf-reason">${words.text}</span> <span class="cf-count">${count}</span> <a class="cf-search" href="${href}">${checkFirstWordsSearchText(g.entries.length)}</a></p>`;
  }
  const flagged = (row: TrailRow): readonly RowFlag[] => (g.outcome === 'failed' ? flagsOf(row).filter((f) => f.kind === g.reason) : []);
  const items = g.entries.map(({ row, pointers }) => {
    const flags = flagged(row);
    // Bare markup (hundreds of entries on a large recap; site.css "Check first"): the decision
    // linked to its card, which carries the row's id and line (an entry no longer repeats them:
    // issue 30, output size, about 50 bytes of each of 400 entries of a real-shaped recap);
    // <small> is muted; `</li>` is optional in HTML. The result is always shown as written.
    // A result written as the group's state (`open` under "result open", `VERIFIED` under "result verified; …") is said once, on the group.
    return html`<li><a href="${rowHref(row.anchor)}">${clippedDecision(row.decision)}</a>${row.supersededBy.length > 0 ? html` <small>(superseded)</small>` : ''}${
      pointers.length > 0 ? html` ${pointers.map((p, n) => html`${n > 0 ? ', ' : ''}<code>${p.raw}</code>`)}` : ''
    }${resultSaidByGroup(g, row.result) ? '' : html` <small>result <q>${row.result}</q></small>`}${flags.map((f) => html` <a class="cf-flag" href="#flag-${String(f.n)}">${severityBadgeHtml(f.severity, `${f.severity} flag ${f.n}${f.accepted ? ' (accepted)' : ''}`)}</a>`)}`;
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
 * @param search - On the recap page, where a folded group of more than {@link FOLD_FROM} rows
 *   links to instead of listing them; null (the single-file recap.html, which has no search):
 *   every group lists its rows.
 * @param rowHref - Where an entry links its row's card (anchor → href): on the recap page,
 *   src/lib/site/row-pages.ts `rowHref` from page 1, so a row on a later row page is linked
 *   there (`rows/3/#row-…`) and reached without scripts; `#<anchor>` by default (recap.html
 *   holds every row).
 */
export function checkFirstHtml(groups: readonly CheckFirstGroup[], flagsOf: (row: TrailRow) => readonly RowFlag[] = () => [], repositoryProblem: string | null = null, wordsRows = 0, search: CheckFirstSearch | null = null, rowHref: (anchor: string) => string = (a) => `#${a}`): SafeHtml {
  const seen = new Set<CheckFirstOutcome>();
  // The first group of each outcome is anchored by it: `#check-first-failed` in the open group,
  // `#check-first-not-checkable` (and `-prose`, `-no-evidence`) in the folded one, where the
  // verdict strip's "2 not checkable" lands (use10: it landed on the open group's "did not resolve").
  const id = (g: CheckFirstGroup, i: number): string => {
    if ((g.band === 'open' || g.outcome !== 'result') && !seen.has(g.outcome)) {
      seen.add(g.outcome);
      return checkFirstOutcomeAnchor(g.outcome);
    }
    return `check-first-${i + 1}`;
  };
  // A folded group of more than FOLD_FROM rows links to search when search's value for it selects
  // its rows alone: groups of one value (not checkable, by reason) are counted together.
  const byPlace = new Map<string, number>();
  for (const g of groups) if (g.band === 'words') byPlace.set(checkFirstGroupPlace(g), (byPlace.get(checkFirstGroupPlace(g)) ?? 0) + g.entries.length);
  const linkable = (g: CheckFirstGroup): boolean => search !== null && g.band === 'words' && g.entries.length > FOLD_FROM && byPlace.get(checkFirstGroupPlace(g)) === g.entries.length;
  const open = groups.map((g, i) => (g.band === 'open' ? groupHtml(g, id(g, i), flagsOf, repositoryProblem, search, rowHref, false) : null)).filter((x): x is SafeHtml => x !== null);
  const words = groups.map((g, i) => (g.band === 'words' ? groupHtml(g, id(g, i), flagsOf, repositoryProblem, search, rowHref, linkable(g)) : null)).filter((x): x is SafeHtml => x !== null);
  const linked = groups.some(linkable);
  const folded =
    words.length > 0
      ? html`<details class="cf-words" id="${CHECK_FIRST_WORDS_ANCHOR}"><summary><span class="cf-words-title">Results in the agent's words</span> <span class="cf-count">${countOf(wordsRows, 'row')}</span></summary><p class="meta">${checkFirstWordsSentence(checkFirstReasonRows(groups, 'words'), linked ? FOLD_FROM : null, checkFirstNotCheckableHeld(groups))}</p>${join(words)}</details>`
      : '';
  return html`${join(open)}${folded}`;
}
