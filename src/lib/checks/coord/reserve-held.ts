/**
 * `coord/reserve-held`: a RESERVE of a (project_root, scope) another agent holds takes it
 * without a TAKEOVER, so the takeover policy never ran (bd-audit-coordination-schema.md,
 * "Canonical Event Types": TAKEOVER is how a held reservation is force-acquired).
 */
import { flagOf, type Check } from '../check.ts';
import { coordKind, describeEvent, eventsByAnchor } from './describe.ts';

export const RESERVE_HELD = coordKind('coord/reserve-held', 'medium', 'a RESERVE names a scope nobody else holds; taking a held scope is a TAKEOVER, which the policy checks', '"Canonical Event Types", "Derivation Rules" (takeover policy)');

export const reserveHeld: Check = {
  id: 'coord/reserve-held',
  kinds: [RESERVE_HELD],
  run({ coordination }) {
    if (!coordination) return [];
    const byAnchor = eventsByAnchor(coordination);
    return coordination.reserveConflicts.flatMap((p) => {
      const e = byAnchor.get(p.event);
      if (!e) return [];
      const start = p.holderStart ? byAnchor.get(p.holderStart) : undefined;
      return [flagOf(RESERVE_HELD, `${describeEvent(e)} reserves ${e.scope}, which ${p.holder ?? 'another agent'} held${start ? ` since ${start.file}:${start.line}` : ''}, without a TAKEOVER`, [], [{ file: e.file, line: e.line }])];
    });
  },
};
