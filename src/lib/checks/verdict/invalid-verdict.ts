/**
 * `verdict/invalid-*` and `verdict/no-status-line`: QA verdict files that cannot be read as
 * the accepted forms (spec/input.md section 6). The adapters keep each as an invalid record
 * with its raw text; this check turns each into a flag so it reaches Attention.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';
import { verdictKind } from './kinds.ts';

export const INVALID_VERDICT_KINDS: readonly FlagKind[] = [
  verdictKind('verdict/invalid-file', 'high', 'qa/<ticket>.json and verdicts/qa.json are JSON `{version, ticket, gate, verdict, criteria[]}`', 'section 3'),
  verdictKind('verdict/invalid-criterion', 'high', 'each QA criterion is `{id, kind, text, state, level 1–5, evidence, nonblocking}` with a state', 'section 3'),
  verdictKind('verdict/invalid-text', 'high', 'verdicts/qa.md has a `VERDICT:` line (PASS, FIXED(<N>) or FAIL)', 'section 3'),
  verdictKind('verdict/no-status-line', 'medium', 'every verdicts/<skill>.md starts with a `STATUS:` line', 'section 3'),
];

const BY_KIND = new Map(INVALID_VERDICT_KINDS.map((k) => [k.kind, k]));

export const invalidVerdict: Check = {
  id: 'verdict/invalid-verdict',
  kinds: INVALID_VERDICT_KINDS,
  run({ invalid }) {
    return invalid.flatMap((r) => {
      const k = BY_KIND.get(r.kind);
      return k ? [flagOf(k, r.error, [], [{ file: r.file, line: r.line }])] : [];
    });
  },
};
