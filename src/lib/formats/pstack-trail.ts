/**
 * pstack trail: `decisions.tsv`, or one trail per slug as `.audit/<slug>.tsv`, a project of
 * its own (spec/input.md section 1).
 */
import { rowsOf, type SourceFormatDescriptor } from './source-format.ts';

/** The folder of pstack's per-slug trails. */
export const PSTACK_AUDIT_FOLDER = '.audit';

export const pstackTrail: SourceFormatDescriptor = {
  id: 'pstack-trail',
  name: 'pstack trail (TSV)',
  countedAs: 'rows from pstack TSV trails',
  countedAsOne: 'row from pstack TSV trails',
  kind: 'pstack',
  lookedFor: { what: 'decision trails', names: ['decisions.tsv', `${PSTACK_AUDIT_FOLDER}/<slug>.tsv`] },
  byName: (segments) => {
    const name = segments.at(-1) ?? '';
    if (name === 'decisions.tsv') return { up: 1, slug: null };
    if (segments.at(-2) === PSTACK_AUDIT_FOLDER && name.endsWith('.tsv')) return { up: 2, slug: name.slice(0, -'.tsv'.length) };
    return null;
  },
  count: (model) => rowsOf(model, 'pstack-trail'),
  traits: { trail: true, claim: true },
};

/**
 * The slug of one of pstack's per-slug trails, `.audit/<slug>.tsv` (a path relative to its
 * project folder): `build-v1-04` of `.audit/build-v1-04.tsv`; null for any other path.
 */
export function perSlugTrailSlug(path: string): string | null {
  const segments = path.split('/');
  const name = segments[1] ?? '';
  return segments.length === 2 && segments[0] === PSTACK_AUDIT_FOLDER && name.endsWith('.tsv') && name !== '.tsv' ? name.slice(0, -'.tsv'.length) : null;
}
