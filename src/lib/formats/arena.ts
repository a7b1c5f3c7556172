/**
 * The design arena (quality-and-design-controls.md; spec/input.md section 5): `design/rubric.md`,
 * `design/selection.md` and `design/candidates/<n>/design.md`, in the project holding `design/`.
 */
import type { SourceFormatDescriptor } from './source-format.ts';

export const arena: SourceFormatDescriptor = {
  id: 'arena',
  name: 'design arena',
  countedAs: 'design arena records',
  countedAsOne: 'design arena record',
  kind: 'arena',
  lookedFor: { what: 'design and verdicts', names: ['design/rubric.md', 'design/selection.md', 'design/candidates/<n>/design.md'] },
  byName: (segments) => {
    const name = segments.at(-1) ?? '';
    if (segments.at(-2) === 'design' && (name === 'rubric.md' || name === 'selection.md')) return { up: 2, slug: null };
    if (name === 'design.md' && segments.at(-3) === 'candidates' && segments.at(-4) === 'design') return { up: 4, slug: null };
    return null;
  },
  traits: { quality: true },
};
