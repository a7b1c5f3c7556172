/**
 * What a row card says of a verified evidence pointer beside its link (issue 30, output size;
 * spec/archive.md, recap item 6: evidence "linked; verified / not verified / inconclusive shown
 * with its reason" — the seed asks the reason of what did not verify, and the link of what did).
 *
 * A VERIFIED pointer whose link leads to its page does not repeat on the card what that page
 * shows: not its kind (the page is a commit's or a file's), and not the generic reason the
 * resolver words for it (src/lib/evidence/resolve.ts): a file page says where the file is, its
 * line count and marks the cited lines (html/evidence-page.ts `fileFactsHtml`), a commit page
 * shows the commit's message. A verified commit keeps its subject, short (“Change 77: queue”):
 * what a person reads to know which commit it is. Every other reason — a pointer not verified
 * or inconclusive, a file followed through a link, moved or changed since, a commit that did
 * not land — is kept whole; recap.json, decisions.csv and recap.html keep every reason whole.
 * Pure.
 */
import type { EvidencePointer } from '../model/types.ts';

/** `file exists at landed head; 57 lines` (resolve.ts `fileVerdict`, a whole file at the landed head). */
const WHOLE_FILE = /^file exists at landed head; \d+ lines?$/;
/** `line 24 of 57 exists at landed head`, `lines 10–20 of 43 exist at landed head`, `lines 34, 47 of 90 exist at landed head`. */
const FILE_LINES = /^(?:line \d+ of \d+ exists|lines \d+(?:–\d+)?(?:, \d+(?:–\d+)?)* of \d+ exist) at landed head$/;
/** `commit 1a2b3c4 exists: “subject”` (resolve.ts `resolveCommit`, a landed commit named by its SHA). */
const COMMIT = /^commit [0-9a-f]{4,40} exists(?:: (“[^]*”))?$/;

/**
 * The reason a row card shows for `p` beside its link, and whether it shows the pointer's
 * kind: `{ kind: true, reason: p.reason }` for anything but a VERIFIED pointer that has a link
 * (`linked`) to a commit's or a file's page; for those, no kind (the page is of that kind), and
 * the reason shortened as the module comment says when it is the generic one (`''`: none).
 *
 * @param p - The pointer as resolved (its `status`, `reason`, `target`).
 * @param linked - Whether the card links the pointer to a page (decision-row.ts `evidenceHref`).
 */
export function cardReason(p: Pick<EvidencePointer, 'status' | 'reason' | 'target'>, linked: boolean): { kind: boolean; reason: string } {
  const whole = { kind: true, reason: p.reason };
  if (p.status !== 'VERIFIED' || !linked) return whole;
  const t = p.target;
  if (t?.type === 'commit') {
    const m = COMMIT.exec(p.reason);
    return m ? { kind: false, reason: m[1] ?? '' } : { kind: false, reason: p.reason };
  }
  if (t?.type !== 'file') return whole;
  // A file at the landed head: its page says so, with its line count; at a commit or in the project folder, the reason says where.
  const generic = t.origin === 'repository' && t.at === undefined && (WHOLE_FILE.test(p.reason) || FILE_LINES.test(p.reason));
  return { kind: false, reason: generic ? '' : p.reason };
}
