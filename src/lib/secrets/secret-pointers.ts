/**
 * Evidence that is a secret, not a pointer (issue 29 with issue 26, scope 5). A row whose
 * evidence cell holds a private key splits into one "pointer" per body line, and a base64 line
 * with a `/` reads as a path: before this, each was a high `evidence/path-not-found`
 * ("[redacted: private key] not found at landed head"), a flag a person dismisses, beside the
 * `security/secret-in-record` flag that says what the text really is. A pointer whose text is
 * nothing but secret values (and separators) is read as what it is: INCONCLUSIVE, "a secret
 * (its kind), not a pointer", with no evidence fault. Pointers that hold a secret beside a real
 * pointer keep their verdict (the secret is redacted in them all the same). A cell left with
 * no evidence but its secret is what any cell of prose is (cell-reading.ts): its other prose
 * items (the key's `-----BEGIN …-----` line) are NOT_VERIFIED `evidence/prose`, not remarks.
 */
import type { EvidencePointer } from '../model/types.ts';
import { holdsEvidence, PROSE_REASON, REMARK_REASON } from '../evidence/cell-reading.ts';
import type { FoundSecret } from './found-secrets.ts';
import { MIN_SECRET_LENGTH, secretLines } from './redaction.ts';

/** Letters and digits: a text without any, once its secrets are removed, held nothing else. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * `pointers` with each one that is only secret text read as a secret: the same list (same
 * order and length, `within` indices kept), each such pointer replaced by an INCONCLUSIVE
 * `prose` pointer without a fault, whose reason names the secret's kind (never its value);
 * in a cell left with no evidence, its remarks read as prose (`evidence/prose`).
 * Returns `pointers` itself when no pointer changes. Linear in the pointers' text times the
 * project's distinct secret lines.
 */
export function readSecretPointers(pointers: EvidencePointer[], found: readonly FoundSecret[]): EvidencePointer[] {
  if (found.length === 0 || pointers.length === 0) return pointers;
  const lines: Array<{ line: string; kind: string }> = [];
  for (const f of found) for (const line of secretLines(f.value)) if (line.length >= MIN_SECRET_LENGTH) lines.push({ line, kind: f.kind });
  // Longest first, so a value holding a shorter one is removed whole.
  lines.sort((a, b) => b.line.length - a.line.length);
  let changed = false;
  const out = pointers.map((p) => {
    if (p.status === 'VERIFIED') return p;
    let rest = p.raw;
    let kind: string | null = null;
    for (const s of lines) {
      if (!rest.includes(s.line)) continue;
      rest = rest.replaceAll(s.line, ' ');
      kind ??= s.kind;
    }
    if (kind === null || WORD_CHAR.test(rest)) return p;
    changed = true;
    const read: EvidencePointer = { raw: p.raw, kind: 'prose', status: 'INCONCLUSIVE', reason: `a secret (${kind}), not a pointer: redacted in every output and flagged as a secret` };
    if (p.within !== undefined) read.within = p.within;
    return read;
  });
  if (!changed) return pointers;
  if (holdsEvidence(out)) return out;
  return out.map((p) => (p.kind === 'prose' && p.status === 'INCONCLUSIVE' && p.reason === REMARK_REASON ? { ...p, status: 'NOT_VERIFIED', reason: PROSE_REASON, fault: 'evidence/prose' } : p));
}
