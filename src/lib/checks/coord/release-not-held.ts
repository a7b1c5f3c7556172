/**
 * `coord/release-not-held`: a RELEASE ends a reservation its actor holds (bd-audit-
 * coordination-schema.md, "Canonical Event Types" and "Reservation projection"). Raised when
 * nobody holds the (project_root, scope), or someone else does; the projection still follows
 * the log (any RELEASE supersedes the reservation).
 */
import { flagOf, type Check } from '../check.ts';
import { coordKind, describeEvent, eventsByAnchor } from './describe.ts';

export const RELEASE_NOT_HELD = coordKind('coord/release-not-held', 'medium', 'a RELEASE names a (project_root, scope) its actor holds at that moment', '"Canonical Event Types", "Derivation Rules" (reservation projection)');

export const releaseNotHeld: Check = {
  id: 'coord/release-not-held',
  kinds: [RELEASE_NOT_HELD],
  run({ coordination }) {
    if (!coordination) return [];
    const byAnchor = eventsByAnchor(coordination);
    return coordination.releaseProblems.flatMap((p) => {
      const e = byAnchor.get(p.event);
      if (!e) return [];
      const start = p.holderStart ? byAnchor.get(p.holderStart) : undefined;
      const what = p.holder === null ? `nobody held ${e.scope} at that moment` : `${e.scope} was held by ${p.holder}${start ? ` since ${start.file}:${start.line}` : ''}`;
      return [flagOf(RELEASE_NOT_HELD, `${describeEvent(e)} releases a scope it did not hold: ${what}`, [], [{ file: e.file, line: e.line }])];
    });
  },
};
