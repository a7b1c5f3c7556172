/**
 * `babysit/*` kinds for lines of a babysit `history.jsonl` / `timeline.jsonl` that could not
 * be read (spec/input.md section 7: `{ts, ticket, branch, event, actor}` and
 * `{ts, ticket, workflow, step, status, branch, note, actor}`).
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

const kind = (k: string, severity: FlagKind['severity'], rule: string): FlagKind => ({ kind: k, severity, layer: 'coordination', rule, source: 'spec/input.md section 7 (babysit)' });

/** Every kind an invalid babysit line can have. */
export const INVALID_BABYSIT_KINDS: readonly FlagKind[] = [
  kind('babysit/not-json', 'high', 'each line of history.jsonl / timeline.jsonl is one JSON object'),
  kind('babysit/not-an-object', 'high', 'each line is a JSON object'),
  kind('babysit/invalid-row', 'medium', 'a history row has `ts` and `event`; a timeline row has `ts` and `step`; named fields are text'),
  kind('babysit/invalid-utf8', 'medium', 'a babysit file is UTF-8 text'),
  kind('babysit/blank-line', 'low', 'a babysit file has no blank lines'),
];

const BY_KIND = new Map(INVALID_BABYSIT_KINDS.map((k) => [k.kind, k]));

export const invalidBabysitRow: Check = {
  id: 'babysit/invalid-row',
  kinds: INVALID_BABYSIT_KINDS,
  run({ invalid }) {
    return invalid.flatMap((r) => {
      const k = BY_KIND.get(r.kind);
      return k ? [flagOf(k, `${r.file}:${r.line}: ${r.error}`, [], [{ file: r.file, line: r.line }])] : [];
    });
  },
};
