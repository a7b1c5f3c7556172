/** bbs decision trail: `decisions.jsonl`, one JSON row a line (decision trail, Part 1; spec/input.md section 1). */
import { named, rowsOf, type SourceFormatDescriptor } from './source-format.ts';

export const bbsTrail: SourceFormatDescriptor = {
  id: 'bbs-trail',
  name: 'bbs decision trail',
  countedAs: 'rows from bbs decisions.jsonl',
  countedAsOne: 'row from bbs decisions.jsonl',
  kind: 'bbs',
  lookedFor: { what: 'decision trails', names: ['decisions.jsonl'] },
  byName: named('decisions.jsonl'),
  count: (model) => rowsOf(model, 'bbs-trail'),
  traits: { trail: true, claim: true },
};

