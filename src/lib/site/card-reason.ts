/**
 * What a row card says of a verified evidence pointer beside its link (issue 30, output size;
 * spec/archive.md, recap item 6: evidence "linked; verified / not verified / inconclusive shown
 * with its reason" — the seed asks the reason of what did not verify, and the link of what did).
 *
 * A VERIFIED pointer whose link leads to its page does not repeat on the card what that page
 * shows: not its kind (the page is a commit's or a file's), and not the generic reason the
 * resolver gives it: a file page says where the file is, its line count and marks the cited
 * lines (html/evidence-page.ts `fileFactsHtml`), a commit page shows the commit's message. A
 * verified commit keeps its subject, short (“Change 77: queue”): what a person reads to know
 * which commit it is. Which reason is the generic one is what the resolver says it gave, the
 * pointer's `reasonKind` (set where src/lib/evidence/resolve.ts makes the reason;
 * src/lib/model/model-schema.ts `reasonKindSchema`), never the reason's wording: reworded, the
 * card still follows. Every other reason — a pointer not verified or inconclusive, a file
 * followed through a link, found by another name, moved or changed since, at a commit, a
 * commit through a tag or that did not land — is kept whole; recap.json, decisions.csv and
 * recap.html keep every reason whole. Pure.
 */
import type { EvidencePointer } from '../model/types.ts';

/**
 * The reason a row card shows for `p` beside its link, and whether it shows the pointer's
 * kind: `{ kind: true, reason: p.reason }` for anything but a VERIFIED pointer that has a link
 * (`linked`) to a commit's or a file's page. For those, no kind (the page is of that kind), and
 * the reason as its `reasonKind` says: `file-at-head` and `lines-at-head` on a file, none
 * (`''`); `commit-exists` on a commit, its subject in quotes (`“Change 77: queue”`), or none
 * when the commit has no subject; without a `reasonKind`, the reason whole.
 *
 * @param p - The pointer as resolved (its `status`, `reason`, `reasonKind`, `target`).
 * @param linked - Whether the card links the pointer to a page (decision-row.ts `evidenceHref`).
 */
export function cardReason(p: Pick<EvidencePointer, 'status' | 'reason' | 'reasonKind' | 'target'>, linked: boolean): { kind: boolean; reason: string } {
  const whole = { kind: true, reason: p.reason };
  if (p.status !== 'VERIFIED' || !linked) return whole;
  const t = p.target;
  const said = p.reasonKind;
  if (t?.type === 'commit') {
    if (said?.kind !== 'commit-exists') return { kind: false, reason: p.reason };
    return { kind: false, reason: said.subject !== undefined ? `“${said.subject}”` : '' };
  }
  if (t?.type !== 'file') return whole;
  // A file at the landed head as written: its page says so, with its line count, and marks the lines.
  const generic = said?.kind === 'file-at-head' || said?.kind === 'lines-at-head';
  return { kind: false, reason: generic ? '' : p.reason };
}
