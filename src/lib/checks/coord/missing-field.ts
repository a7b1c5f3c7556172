/**
 * `coord/missing-field` and `coord/invalid-value`: every event carries the shared required
 * fields and those of its type, with the values the seed allows (bd-audit-coordination-
 * schema.md, "Required Fields by Event"; `takeover_mode` `stale` | `evicted`, RESUME `reason`,
 * `payload.incursion_kind`, SEND `state=unread`, a numeric `payload.ttl_minutes`).
 */
import { flagOf, type Check } from '../check.ts';
import { coordKind, describeEvent } from './describe.ts';

export const MISSING_FIELD = coordKind('coord/missing-field', 'high', 'an event has every shared required field (event_type event_id project_root issue_id actor timestamp) and the extra ones of its type, non-empty', '"Required Fields by Event"');
export const INVALID_VALUE = coordKind('coord/invalid-value', 'medium', 'a field holds a value the seed allows (takeover_mode stale|evicted, RESUME reason, incursion_kind exact|partial, SEND state unread, ttl_minutes a number, timestamp ISO-8601 with a zone)', '"Required Fields by Event", "Canonical Event Types"');

export const missingField: Check = {
  id: 'coord/missing-field',
  kinds: [MISSING_FIELD, INVALID_VALUE],
  run({ coordination }) {
    if (!coordination) return [];
    return coordination.events.flatMap((e) => {
      const at = [{ file: e.file, line: e.line }];
      const flags = [];
      if (e.missing.length > 0) flags.push(flagOf(MISSING_FIELD, `${describeEvent(e)} is missing ${e.missing.map((f) => `“${f}”`).join(', ')}`, [], at));
      for (const b of e.badValues) flags.push(flagOf(INVALID_VALUE, `${describeEvent(e)}: “${b.field}” is “${b.value}”, expected ${b.expected}`, [], at));
      return flags;
    });
  },
};
