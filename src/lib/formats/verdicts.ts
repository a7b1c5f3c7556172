/**
 * Verdicts (quality-and-design-controls.md; spec/input.md section 6): QA criteria
 * (`qa/<ticket>.json`, `verdicts/qa.json`, `verdicts/<skill>.md`), review findings
 * (`reviews/<name>.json`) and repair-loop premises (`premises.jsonl`).
 */
import type { SourceFormatDescriptor } from './source-format.ts';

export const verdicts: SourceFormatDescriptor = {
  id: 'verdicts',
  name: 'verdict record',
  countedAs: 'verdict records',
  countedAsOne: 'verdict record',
  kind: 'verdicts',
  lookedFor: { what: 'design and verdicts', names: ['qa/<ticket>.json', 'verdicts/qa.json', 'verdicts/<skill>.md', 'reviews/<name>.json', 'premises.jsonl'] },
  byName: (segments) => {
    const name = segments.at(-1) ?? '';
    const parent = segments.at(-2);
    if (parent === 'qa' && name.endsWith('.json')) return { up: 2, slug: null };
    if (parent === 'verdicts' && (name === 'qa.json' || name.endsWith('.md'))) return { up: 2, slug: null };
    if (parent === 'reviews' && name.endsWith('.json')) return { up: 2, slug: null };
    if (name === 'premises.jsonl') return { up: 1, slug: null };
    return null;
  },
  traits: { quality: true },
};
