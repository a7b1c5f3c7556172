/**
 * The handover report, `handover.md` beside a project's records (spec/archive.md, recap item 5;
 * docs/input-format.md, "Handover report"): it joins that project and makes none alone.
 */
import { named, type SourceFormatDescriptor } from './source-format.ts';

/** The file read as a project's handover report (src/lib/handover/read-handover.ts). */
export const HANDOVER_FILE = 'handover.md';

export const handover: SourceFormatDescriptor = {
  id: 'handover',
  name: 'handover report',
  kind: 'handover',
  byName: named(HANDOVER_FILE),
  traits: { claim: true, joins: true },
};
