/**
 * When the commits a row names by their SHA were made, for `evidence/commit-after-row`
 * (src/lib/checks/evidence/commit-after-row.ts): a row cannot cite a commit that did not exist
 * yet when it was written (trust10). Read once per project after resolution, from the commits
 * VERIFIED pointers land on; pure apart from reading those commits.
 */
import type { GitRepository } from '../git/repository.ts';
import type { EvidencePointer, TrailRow } from '../model/types.ts';

/** A commit's two times, milliseconds since the epoch: when it was written (author) and when it took its present form (committer: moved by a rebase, an amend, a cherry-pick). */
export interface CommitTime {
  author: number;
  committer: number;
}

/** A hex run of 7 or more digits in a pointer's text: a SHA as written (git's shortest default abbreviation; a shorter run is a number in a name as often, `docs/adr/0001-x.md`). */
const HEX_RUN = /[0-9a-f]{7,64}/gi;

/**
 * The full SHAs of the commits a VERIFIED pointer lands on and names by their hex as written
 * (`abc1234`, `a..b`, `src/a.ts:3 in abc1234`, a forge URL holding the SHA). A commit reached by
 * a name that moves or is re-pointed (a branch in a URL, `main:path`, a tag, `sha~2`'s ancestor)
 * is not named by its SHA: the row may have cited the name before that commit was made.
 */
export function commitsNamedBySha(p: EvidencePointer): string[] {
  if (p.status !== 'VERIFIED') return [];
  const oids = new Set<string>();
  if (p.target?.type === 'commit') oids.add(p.target.oid);
  if (p.target?.type === 'file' && p.target.at !== undefined) oids.add(p.target.at);
  for (const end of p.ends ?? []) oids.add(end.oid);
  const written = (p.raw.match(HEX_RUN) ?? []).map((h) => h.toLowerCase());
  return [...oids].filter((oid) => written.some((h) => oid.startsWith(h)));
}

/** Most commits read for their times in one project (a trail cites a few hundred at most). */
const MAX_COMMITS = 10_000;

/**
 * The times of every commit the rows name by SHA ({@link commitsNamedBySha}), by full SHA. A
 * commit that cannot be read is left out (its row gets no flag).
 */
export async function citedCommitTimes(repository: GitRepository | null, rows: readonly TrailRow[]): Promise<Map<string, CommitTime>> {
  const times = new Map<string, CommitTime>();
  if (repository === null) return times;
  const oids = new Set<string>();
  for (const row of rows) for (const p of row.evidence) for (const oid of commitsNamedBySha(p)) if (oids.size < MAX_COMMITS) oids.add(oid);
  for (const oid of [...oids].sort()) {
    const commit = await repository.commit(oid);
    if ('problem' in commit) continue;
    times.set(oid, { author: commit.author.timestamp * 1000, committer: commit.committer.timestamp * 1000 });
  }
  return times;
}
