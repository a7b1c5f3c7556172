/**
 * `evidence/*`: every evidence pointer that resolved to NOT_VERIFIED becomes a flag with
 * `layer: "evidence"` (decision trail, Part 2, Layer 1: "Each failure becomes a flag").
 * INCONCLUSIVE pointers are not failures; they are listed under Check first and shown as
 * "not verified" (quality-and-design-controls.md, section 3); one that carries a low notice
 * (a tree cited as a commit: issue 26, item 6) raises only that.
 */
import type { EvidencePointer, Flag, TrailRow } from '../../model/types.ts';
import { flagOf, rowNamer, type Check, type FlagKind } from '../check.ts';

const SOURCE = 'decision trail, Part 2 layer 1; spec/input.md section 3';
const kind = (k: string, severity: FlagKind['severity'], rule: string): FlagKind => ({ kind: k, severity, layer: 'evidence', rule, source: SOURCE });

/** Every kind a NOT_VERIFIED pointer can raise. */
export const EVIDENCE_KINDS: readonly FlagKind[] = [
  kind('evidence/commit-not-found', 'high', 'a cited commit exists in the canonical repository (`git cat-file -e <sha>^{commit}`); a tag cited alone (`v1.0`, `release-2.3.0`) is a tag of the repository'),
  kind('evidence/commit-ambiguous', 'medium', 'a short SHA matches exactly one object, or exactly one commit or tag among the objects it matches (git’s `<sha>^{commit}`)'),
  kind('evidence/not-a-commit', 'low', 'a cited SHA names a commit (or a tag on one); a tree or blob is that object only when the row calls it so (a path the cell names is it, or the cell says tree or blob), else it is INCONCLUSIVE'),
  kind('evidence/path-not-found', 'high', 'a cited path exists at the landed head, or as an artifact in the project folder'),
  kind('evidence/line-out-of-range', 'high', 'cited lines are within the file'),
  kind('evidence/path-outside-repository', 'high', 'a cited path stays inside the repository (no `..` above its root)'),
  kind('evidence/unsafe-url', 'high', 'evidence is never a script or data URL (`javascript:`, `data:`, `vbscript:`): it runs or embeds content instead of pointing at anything (a `file:` URL is the absolute path it names)'),
  kind('evidence/test-not-found', 'medium', 'a test cited by its title in a named file (`tests/a.test.ts > title`, `a.test \'title\'`; nested titles joined by ` > `, each inside the describe block of the one before, or by spaces as Jest’s full name) is in that file; INCONCLUSIVE instead when the file names tests at run time (`.each`, a template title) or the commit that recorded the row (for a trail never committed, the landed head’s commit of the row’s time) held it'),
  kind('evidence/rubric-criterion-missing', 'high', 'a cited rubric row exists in design/rubric.md'),
  kind('evidence/prose', 'medium', 'evidence is a pointer, never prose'),
  kind('evidence/self-citation', 'medium', 'a row does not cite the trail file that holds it, the project config, or a folder holding only such records: a claim is not its own evidence (a row about the trail itself citing it is a reference, with no flag)'),
];

const BY_KIND = new Map(EVIDENCE_KINDS.map((k) => [k.kind, k]));

/**
 * A failed pointer and why, said once: `src/x.ts: path not found at the landed head`, but a
 * reason that already names the pointer as one of its words (`no commit 6b84…bda6 in
 * content/repos/example.git`) is not prefixed with it again.
 */
export function pointerReason(p: Pick<EvidencePointer, 'raw' | 'reason'>): string {
  return p.raw !== '' && p.reason.split(/\s+/).includes(p.raw) ? p.reason : `${p.raw}: ${p.reason}`;
}

export const unresolvedEvidence: Check = {
  id: 'evidence/unresolved',
  kinds: EVIDENCE_KINDS,
  run({ rows, invalid }) {
    const flags: Flag[] = [];
    const raise = (pointers: readonly EvidencePointer[], what: string, on: TrailRow[], at: Array<{ file: string; line: number }> = []): void => {
      const byFault = new Map<string, string[]>();
      for (const p of pointers) {
        // An INCONCLUSIVE pointer raises only the low notice it carries (`evidence/not-a-commit`).
        if (p.status === 'VERIFIED' || p.fault === undefined) continue;
        byFault.set(p.fault, [...(byFault.get(p.fault) ?? []), pointerReason(p)]);
      }
      for (const [fault, reasons] of byFault) {
        const k = BY_KIND.get(fault);
        if (k) flags.push(flagOf(k, `${what} — ${reasons.join('; ')}`, on, at));
      }
    };
    const name = rowNamer(rows);
    for (const row of rows as TrailRow[]) raise(row.evidence, name(row), [row]);
    // The same weakness on a malformed row gets the same flag (its evidence was told apart by the header).
    for (const record of invalid) if (record.evidence) raise(record.evidence, `invalid record ${record.file}:${record.line}`, [], [{ file: record.file, line: record.line }]);
    return flags;
  },
};
