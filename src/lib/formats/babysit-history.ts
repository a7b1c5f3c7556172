/**
 * babysit lifecycle history (spec/input.md section 7): a ticket's `history.jsonl`
 * `{ts, ticket, branch, event, actor}` or a project's `timeline.jsonl`
 * `{ts, ticket, workflow, step, status, branch, note, actor}`, told by its first record.
 */
import type { SourceFormatDescriptor } from './source-format.ts';

/** Names babysit uses for lifecycle history. */
export const BABYSIT_FILE_NAMES: readonly string[] = ['history.jsonl', 'timeline.jsonl'];

/** True when a record looks like a babysit history or timeline row. */
export function isBabysitRecord(r: Record<string, unknown>): boolean {
  return typeof r['ts'] === 'string' && (typeof r['event'] === 'string' || typeof r['step'] === 'string') && ('ticket' in r || 'branch' in r || 'workflow' in r);
}

export const babysitHistory: SourceFormatDescriptor = {
  id: 'babysit-history',
  name: 'babysit lifecycle history',
  countedAs: 'babysit history rows',
  countedAsOne: 'babysit history row',
  kind: 'babysit history',
  lookedFor: { what: 'coordination', names: BABYSIT_FILE_NAMES },
  likelyNames: BABYSIT_FILE_NAMES,
  byContent: (head, name) => {
    if (!BABYSIT_FILE_NAMES.includes(name)) return false;
    const first = head.replace(/^\uFEFF/, '').split('\n').find((l) => l.trim() !== '');
    try {
      const value: unknown = first === undefined ? null : JSON.parse(first);
      return value !== null && typeof value === 'object' && !Array.isArray(value) && isBabysitRecord(value as Record<string, unknown>);
    } catch {
      return false;
    }
  },
  count: (model) => (model.babysit ? model.babysit.entries.length : null),
  traits: { lifecycle: true },
};
