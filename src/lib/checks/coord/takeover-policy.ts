/**
 * `coord/takeover-denied` and `coord/takeover-inconclusive`: each TAKEOVER is evaluated
 * against the owner's liveness at that moment (bd-audit-coordination-schema.md, "Takeover
 * policy": owner active → deny; stale → only an explicit stale takeover; evicted → allow).
 * Liveness comes from the stream (src/lib/coord/liveness.ts); when it is unknown the policy
 * cannot decide, and the takeover is reported as inconclusive, never as allowed.
 */
import { flagOf, type Check } from '../check.ts';
import { coordKind, describeEvent, eventsByAnchor } from './describe.ts';

export const TAKEOVER_DENIED = coordKind('coord/takeover-denied', 'high', 'a TAKEOVER is one the policy allows: never of an active owner; of a stale owner only with takeover_mode stale', '"Derivation Rules" (takeover policy)');
export const TAKEOVER_INCONCLUSIVE = coordKind('coord/takeover-inconclusive', 'medium', "a TAKEOVER rests on the owner's known liveness; when the stream does not show it, the policy cannot allow it", '"Derivation Rules" (takeover policy, reservation projection)');

export const takeoverPolicy: Check = {
  id: 'coord/takeover-policy',
  kinds: [TAKEOVER_DENIED, TAKEOVER_INCONCLUSIVE],
  run({ coordination }) {
    if (!coordination) return [];
    const byAnchor = eventsByAnchor(coordination);
    return coordination.takeovers.flatMap((t) => {
      if (t.outcome !== 'denied' && t.outcome !== 'inconclusive') return [];
      const e = byAnchor.get(t.event);
      if (!e) return [];
      const kind = t.outcome === 'denied' ? TAKEOVER_DENIED : TAKEOVER_INCONCLUSIVE;
      const basis = t.liveness ? ` (liveness from ${t.liveness.basis})` : '';
      return [flagOf(kind, `${describeEvent(e)} of ${t.scope} held by ${t.priorOwner ?? 'nobody'}: ${t.outcome}, ${t.why}${basis}`, [], [{ file: e.file, line: e.line }])];
    });
  },
};
