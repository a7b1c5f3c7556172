/**
 * The search page's facet index (src/lib/search/facet-index.ts): shards, counts and the
 * archive summary, with record text as keys. Values such as `constructor` and `__proto__`
 * failed the whole build once (found by an adversarial review); they are ordinary values.
 */
import { describe, expect, it } from 'vitest';
import { candidateProjects, mergeSummary, projectShard, recordMatches, shardContribution } from '../../src/lib/search/facet-index.ts';
import type { SearchRecord } from '../../src/lib/search/search-records.ts';

const record = (anchor: string, facets: Record<string, string[]>): SearchRecord => ({ anchor, title: anchor, text: '', facets });

describe('facet index with record text as keys', () => {
  it('counts, merges and filters on values named like Object.prototype members', () => {
    const records = [record('row-1', { phase: ['constructor'], actor: ['toString'] }), record('row-2', { phase: ['__proto__'], actor: ['lead'] }), record('row-3', { phase: ['constructor'], actor: ['lead'] })];
    const shard = projectShard('p', records);
    const contribution = shardContribution(shard);
    expect(JSON.stringify(contribution)).toBe('{"phase":{"constructor":2,"__proto__":1},"actor":{"toString":1,"lead":2}}');
    const summary = mergeSummary([{ id: 'p', title: 'P', url: '/p/p/', contribution }], { delta: false, stale: [] } as never);
    const facets = JSON.parse(JSON.stringify(summary.facets)) as typeof summary.facets;
    expect(Object.keys(facets['phase'] ?? {})).toEqual(['__proto__', 'constructor']);
    expect(facets['phase']?.['constructor']).toEqual({ count: 2, projects: [0] });
    expect(candidateProjects({ facets, projects: summary.projects }, { phase: ['constructor'] })).toEqual([0]);
    expect(candidateProjects({ facets, projects: summary.projects }, { phase: ['hasOwnProperty'] })).toEqual([]);
    expect(shard.records.filter((r) => recordMatches(shard, r[3], { phase: ['constructor'] })).map((r) => r[0])).toEqual(['row-1', 'row-3']);
  });
});
