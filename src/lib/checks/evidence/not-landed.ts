/**
 * `evidence/commit-not-landed`: a cited commit that exists but is not an ancestor of the landed
 * head (an abandoned branch; a squash-merged or rebased-away original) is a low notice on its
 * row or criterion (issue 15). The pointer stays VERIFIED: the commit is real evidence, but not
 * of what landed. Ancestry is read in src/lib/git/ancestry.ts.
 */
import type { EvidencePointer, Flag, TrailRow } from '../../model/types.ts';
import { flagOf, rowNamer, type Check, type FlagKind } from '../check.ts';
import { agree } from '../../text/agree.ts';

export const COMMIT_NOT_LANDED: FlagKind = {
  kind: 'evidence/commit-not-landed',
  severity: 'low',
  layer: 'evidence',
  rule: 'a cited commit is an ancestor of the landed head (else it is evidence, but not of what landed)',
  source: 'decision trail, Part 2 layer 1; spec/input.md section 1 (landed head)',
};

const listed = (pointers: readonly EvidencePointer[]): string[] => pointers.filter((p) => p.notLanded).map((p) => p.raw);

export const commitNotLanded: Check = {
  id: 'evidence/not-landed',
  kinds: [COMMIT_NOT_LANDED],
  run({ rows, verdicts, repository }) {
    const head = repository?.head ? ` ${repository.head.slice(0, 7)}` : '';
    const flags: Flag[] = [];
    const name = rowNamer(rows);
    for (const row of rows as TrailRow[]) {
      const raws = listed(row.evidence);
      if (raws.length > 0) flags.push(flagOf(COMMIT_NOT_LANDED, `${name(row)} cites ${raws.join(', ')}, which ${agree(raws.length, 'exists but is', 'exist but are')} not in the history of the landed head${head}`, [row]));
    }
    for (const v of verdicts?.qa ?? []) {
      if (v.form !== 'structured') continue;
      for (const c of v.criteria) {
        const raws = listed(c.evidence);
        if (raws.length > 0) flags.push(flagOf(COMMIT_NOT_LANDED, `${v.gate} gate of ${v.ticket}: ${c.kind} ${c.id} cites ${raws.join(', ')}, which ${agree(raws.length, 'exists but is', 'exist but are')} not in the history of the landed head${head}`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
