/**
 * coord.v1 events (bd-audit-coordination-schema.md; spec/input.md section 7):
 * `coordination.jsonl`, or any other `*.jsonl` whose lines carry `"version":"coord.v1"`.
 */
import { named, type SourceFormatDescriptor } from './source-format.ts';

/** The envelope's version, as it appears in a line of a coord stream. */
export const COORD_VERSION_PATTERN = /"version"\s*:\s*"coord\.v1"/;

export const coord: SourceFormatDescriptor = {
  id: 'coord',
  name: 'coord.v1 events',
  countedAs: 'coord.v1 events',
  countedAsOne: 'coord.v1 event',
  kind: 'coord.v1',
  lookedFor: { what: 'coordination', names: ['coordination.jsonl'], byContent: 'any .jsonl of coord.v1 events' },
  byName: named('coordination.jsonl'),
  byContent: (head) => COORD_VERSION_PATTERN.test(head),
  count: (model) => (model.coordination && model.coordination.events.length > 0 ? model.coordination.events.length : null),
  traits: { lifecycle: true },
};
