/** The handover audit's result file, `audit.json` (decision trail, Part 2, "Result file"). */
import { named, type SourceFormatDescriptor } from './source-format.ts';

export const audit: SourceFormatDescriptor = {
  id: 'audit',
  name: 'handover audit',
  kind: 'audit',
  lookedFor: { what: 'handover audit', names: ['audit.json'] },
  byName: named('audit.json'),
  traits: { claim: true },
};
