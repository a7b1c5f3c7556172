/**
 * `finding/location-not-found`: a finding's `file:line` resolves against the canonical
 * repository at the landed head, like trail evidence (spec/input.md section 3; issue 3:
 * "Findings' file:line resolve against the repository like trail evidence"). Only a
 * NOT_VERIFIED location is flagged; INCONCLUSIVE (no repository) is shown, not flagged.
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';
import { findingName } from './scope.ts';

export const LOCATION_NOT_FOUND = verdictKind('finding/location-not-found', 'low', "a finding's file:line exists at the landed head (or in the project folder)", 'section 1');

/**
 * A location that leaves the repository (`../etc/passwd`) is no place a fix could have moved:
 * high, as the same path is as trail evidence (`evidence/path-outside-repository`; docs/checks.md,
 * "The severity rule": the same weakness, the same severity; found by a fault-injecting trial,
 * where it was the low `finding/location-not-found`).
 */
export const LOCATION_OUTSIDE = verdictKind('finding/location-outside-repository', 'high', "a finding's file:line stays inside the repository (no `..` above its root)", 'section 1');

export const locationNotFound: Check = {
  id: 'finding/location-not-found',
  kinds: [LOCATION_NOT_FOUND, LOCATION_OUTSIDE],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const r of verdicts?.reviews ?? []) {
      r.findings.forEach((f, i) => {
        if (f.location?.status !== 'NOT_VERIFIED') return;
        const kind = f.location.fault === 'evidence/path-outside-repository' ? LOCATION_OUTSIDE : LOCATION_NOT_FOUND;
        flags.push(flagOf(kind, `${findingName(f, i)} ${quote(f.summary, 50)} points at ${f.location.raw}: ${f.location.reason}`, [], [{ file: f.file, line: f.line }]));
      });
    }
    return flags;
  },
};
