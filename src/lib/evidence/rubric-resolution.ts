/**
 * Resolves a cited rubric criterion (`design/rubric.md#2`, `rubric#clarity`; spec/input.md
 * section 3, `rubric`) against the criteria of design/rubric.md (src/lib/arena/rubric-criteria.ts), by number
 * or by its words.
 */
import type { EvidencePointer } from '../model/types.ts';
import type { ClassifiedPointer } from './classify.ts';
import { countRubricCriteria } from '../arena/rubric-criteria.ts';
import { type EvidenceContext } from './resolve-context.ts';
import { pointer } from './pointer-verdict.ts';
import { findFile } from './path-lookup.ts';

/** Words of a text, lower-cased (`-` and `_` separate words). */
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

/**
 * Whether a rubric criterion is the one a pointer names (`rubric#memory-use`): the name's
 * words appear in the criterion as whole words, in order, side by side. A name with no word
 * (`rubric#-`) or of one or two letters (`rubric#e`) names nothing.
 */
export function criterionNamed(criterion: string, name: string): boolean {
  const want = wordsOf(name);
  if (want.length === 0 || want.join('').length < 3) return false;
  const have = wordsOf(criterion);
  for (let i = 0; i + want.length <= have.length; i++) if (want.every((w, j) => have[i + j] === w)) return true;
  return false;
}

export async function resolveRubric(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const found = await findFile('design/rubric.md', ctx);
  if (found.status === 'missing') return pointer(p, 'NOT_VERIFIED', 'design/rubric.md not found', { fault: 'evidence/path-not-found' });
  if (found.status === 'inconclusive') return pointer(p, 'INCONCLUSIVE', found.reason);
  if (found.status !== 'file' || found.text === null) return pointer(p, 'INCONCLUSIVE', 'design/rubric.md cannot be read');
  const criterion = p.criterion as string;
  const target = { type: 'file' as const, path: 'design/rubric.md', origin: found.origin };
  const criteria = countRubricCriteria(found.text);
  if (/^\d+$/.test(criterion)) {
    const n = Number(criterion);
    if (n >= 1 && n <= criteria.length) return pointer(p, 'VERIFIED', `criterion ${n} of ${criteria.length}: ${criteria[n - 1]}`, { target });
    return pointer(p, 'NOT_VERIFIED', `the rubric has ${criteria.length} criteria; there is no criterion ${n}`, { fault: 'evidence/rubric-criterion-missing', target });
  }
  const hit = criteria.findIndex((c) => criterionNamed(c, criterion));
  if (hit >= 0) return pointer(p, 'VERIFIED', `criterion ${hit + 1}: ${criteria[hit]}`, { target });
  return pointer(p, 'NOT_VERIFIED', `no rubric criterion matches “${criterion}”`, { fault: 'evidence/rubric-criterion-missing', target });
}
