/**
 * The Check first list as markup (decision trail, shipped Part 2 layer 1): each row whose
 * evidence does not resolve or whose result is not `verified`, with why, linking to the row.
 */
import type { CheckFirstEntry } from '../../lib/projections/check-first.ts';
import { evidenceWord } from '../../lib/site/words.ts';
import { html, join, type SafeHtml } from './html.ts';
import { statusHtml } from './status.ts';

export function checkFirstHtml(entries: readonly CheckFirstEntry[]): SafeHtml {
  return join(
    entries.map(
      (e) =>
        html`<li><a href="#${e.row.anchor}">${e.row.decision}</a><span class="meta"> — row <code>${e.row.id}</code>, line ${e.row.line}${e.row.supersededBy.length > 0 ? ' (superseded)' : ''}</span><ul>${
          e.resultNotVerified ? html`<li>result is <q>${e.row.result}</q>, not <code>verified</code></li>` : ''
        }${e.row.evidence.length === 0 ? html`<li>no evidence pointer</li>` : ''}${e.unresolved.map((p) => {
          const w = evidenceWord(p.status);
          return html`<li><code>${p.raw}</code> ${statusHtml(w.tone, w.label, w.icon)} ${p.reason}</li>`;
        })}</ul></li>`,
    ),
  );
}
