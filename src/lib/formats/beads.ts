/**
 * beads records (spec/input.md section 7): every `*.jsonl` inside a `.beads/` folder (and its
 * `backup/`) belongs to the project holding the folder; the folder itself stands for its store
 * when it holds no issue export (src/lib/lifecycle/discover-lifecycle.ts).
 */
import type { SourceFormatDescriptor } from './source-format.ts';

/** The folder beads keeps its records in: files below it belong to the project holding it. */
export const BEADS_FOLDER = '.beads';

export const beads: SourceFormatDescriptor = {
  id: 'beads',
  name: 'beads records',
  countedAs: 'beads records',
  countedAsOne: 'beads record',
  kind: 'beads',
  lookedFor: { what: 'coordination', names: [`${BEADS_FOLDER}/`] },
  ownsFolder: BEADS_FOLDER,
  byName: (segments) => {
    const at = segments.lastIndexOf(BEADS_FOLDER, segments.length - 2);
    return at > 0 && (segments.at(-1) ?? '').endsWith('.jsonl') ? { up: segments.length - at, slug: null } : null;
  },
  count: (model) => (model.beads && model.beads.issues.length > 0 ? model.beads.issues.length : null),
  traits: { lifecycle: true },
};
