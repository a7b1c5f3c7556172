/**
 * `finding/invalid-file`, `finding/invalid-finding`: review files that cannot be read as the
 * accepted forms (spec/input.md section 6). Each is kept as an invalid record with its raw
 * text; this check turns each into a flag so it reaches Attention.
 */
import type { Check, FlagKind } from '../check.ts';
import { invalidRecordCheck } from '../invalid-records.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const INVALID_REVIEW_KINDS: readonly FlagKind[] = [
  verdictKind('finding/invalid-file', 'high', 'reviews/<name>.json is JSON: an array of findings, or `{version, target, checkout, findings[], cleared[]}`', 'section 1'),
  verdictKind('finding/invalid-finding', 'high', 'each finding is `{file, line, summary, failure_scenario, category?, verdict?, level 1–5?, repro?}`; each cleared check `{check, level}`', 'section 1'),
];

export const invalidReview: Check = invalidRecordCheck('finding/invalid-review', INVALID_REVIEW_KINDS, (r) => r.error);
