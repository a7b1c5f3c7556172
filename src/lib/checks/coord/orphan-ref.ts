/**
 * `coord/orphan-ref`: a READ or ACK points (`event_ref`) at a prior SEND (bd-audit-
 * coordination-schema.md, "Canonical Event Types": READ/ACK "`event_ref` to prior `SEND`").
 * Raised when the event it names does not exist, is not a SEND, or comes later.
 */
import { flagOf, type Check } from '../check.ts';
import { coordKind, describeEvent, eventsByAnchor } from './describe.ts';

export const ORPHAN_REF = coordKind('coord/orphan-ref', 'medium', 'a READ or ACK names (event_ref) an existing SEND that is not later than it', '"Canonical Event Types", "Derivation Rules" (inbox)');

const WORDS = { unknown: 'no event has that event_id', 'not-a-send': 'that event is not a SEND', later: 'that SEND comes later', 'no-ref': 'it has no event_ref' } as const;

export const orphanRef: Check = {
  id: 'coord/orphan-ref',
  kinds: [ORPHAN_REF],
  run({ coordination }) {
    if (!coordination) return [];
    const byAnchor = eventsByAnchor(coordination);
    return coordination.refProblems.flatMap((p) => {
      const e = byAnchor.get(p.event);
      if (!e) return [];
      const target = p.target ? byAnchor.get(p.target) : undefined;
      const at = [{ file: e.file, line: e.line }, ...(target ? [{ file: target.file, line: target.line }] : [])];
      return [flagOf(ORPHAN_REF, `${describeEvent(e)} refers to ${p.ref}, but ${WORDS[p.problem]}${target ? ` (${describeEvent(target)})` : ''}`, [], at)];
    });
  },
};
