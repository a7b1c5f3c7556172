/** babysit telemetry: rows of a trail that carry run telemetry, not decisions (spec/input.md section 1). */
import type { SourceFormatDescriptor } from './source-format.ts';

export const babysitTelemetry: SourceFormatDescriptor = {
  id: 'babysit-telemetry',
  name: 'babysit telemetry',
  countedAs: 'babysit telemetry rows',
  countedAsOne: 'babysit telemetry row',
  kind: 'telemetry',
  count: (model) => (model.telemetry.length > 0 ? model.telemetry.length : null),
  traits: { derived: true },
};
