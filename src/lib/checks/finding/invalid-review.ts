/**
 * `finding/invalid-file`, `finding/invalid-finding`: review files that cannot be read as the
 * accepted forms (spec/input.md section 6). Each is kept as an invalid record with its raw
 * text; this check turns each into a flag so it reaches Attention.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const INVALID_REVIEW_KINDS: readonly FlagKind[] = [
  verdictKind('finding/invalid-file', 'high', 'reviews/<name>.json is JSON: an array of findings, or `{version, target, checkout, findings[], cleared[]}`', 'section 1'),
  verdictKind('finding/invalid-finding', 'high', 'each finding is `{file, line, summary, failure_scenario, category?, verdict?, level 1–5?, repro?}`; each cleared check `{check, level}`', 'section 1'),
];

const BY_KIND = new Map(INVALID_REVIEW_KINDS.map((k) => [k.kind, k]));

export const invalidReview: Check = {
  id: 'finding/invalid-review',
  kinds: INVALID_REVIEW_KINDS,
  run({ invalid }) {
    return invalid.flatMap((r) => {
      const k = BY_KIND.get(r.kind);
      return k ? [flagOf(k, r.error, [], [{ file: r.file, line: r.line }])] : [];
    });
  },
};
