/**
 * Search counts the flags trailbook.baseline.json accepts apart from the open ones, as the
 * archive home does (count15: the `flag severity` filter said `high (9 rows, 23 flags)` where
 * the home said `18 high … + 5 accepted`): an accepted flag is a result of type `accepted flag`
 * and `flag state` `accepted`, a row whose flags are all accepted is `accepted`, and
 * `?state=accepted` lists them. Exact strings as the search page shows them, on the example
 * corpus's planted faults.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { acceptedFlags, baselineEntry, type Baseline } from '../../src/lib/baseline/accepted-flags.ts';
import { acceptedOf } from '../../src/lib/archive/accepted-counts.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { optionText, resultsText } from '../../src/lib/search/facets.ts';
import { readSearchState } from '../../src/lib/search/query/url-state.ts';
import { homeFlagsFigureNote } from '../../src/lib/archive/accepted-counts.ts';
import { memorySite, type MemorySite } from './search-memory-site.ts';

let model: ProjectModel;
let baseline: Baseline;
let site: MemorySite;
let plain: MemorySite;
let none: MemorySite;

/** The label of a filter's option from the manifest's counts (what the page shows before any search). */
const label = (s: MemorySite, key: string, value: string): string => optionText(value, s.manifest.facets.find((f) => f.key === key)?.values.find((v) => v.value === value)?.counts ?? {});

beforeAll(async () => {
  const { analyseArchive } = await import('../../src/lib/archive/analyse-archive.ts');
  const models: ProjectModel[] = [];
  await analyseArchive({ roots: [fileURLToPath(new URL('../../content', import.meta.url))], cacheDir: null, onModel: (m) => void models.push(m) });
  model = models.find((m) => m.id === 'tickets-faults') as ProjectModel;
  // The three flags a team accepted: the missing module, and both forward supersedes.
  const kinds = new Set(['evidence/path-not-found', 'trail/supersedes-forward']);
  baseline = { file: 'trailbook.baseline.json', entries: model.flags.filter((f) => kinds.has(f.kind)).map((f) => baselineEntry(model, f, 'planted before the gate')) };
  const spec = (records: ReturnType<typeof searchRecords>) => [{ key: `p/${model.id}`, title: model.title, project: model.root, records }];
  site = await memorySite(spec(searchRecords(model, acceptedFlags(baseline, model, model.flags))));
  plain = await memorySite(spec(searchRecords(model)));
  none = await memorySite(spec(searchRecords(model, acceptedFlags({ file: 'trailbook.baseline.json', entries: [] }, model, model.flags))));
}, 60_000);

describe('search counts accepted flags apart, as the archive home does', () => {
  it('the home counts 7 high open flags and 3 accepted, of 10', () => {
    const a = acceptedOf(model.flags, acceptedFlags(baseline, model, model.flags));
    expect(a && { accepted: { high: a.high, medium: a.medium, low: a.low }, open: a.open.flags }).toEqual({ accepted: { high: 3, medium: 0, low: 0 }, open: { high: 7, medium: 4, low: 1 } });
    expect(homeFlagsFigureNote([{ id: model.id, counts: model.counts }], new Map([[model.id, a as NonNullable<typeof a>]]))).toBe('12 problems in 1 project; 2 flags from reviewers (layer 2)');
  });

  it('the filters’ labels before any search: 7 flags and 3 accepted flags, as the home counts them', () => {
    expect(label(site, 'severity', 'high')).toBe('high (9 rows, 7 flags, 3 accepted flags)');
    expect(label(site, 'type', 'flag')).toBe('flag (12 flags)');
    expect(label(site, 'type', 'accepted flag')).toBe('accepted flag (3 accepted flags)');
    expect(label(site, 'state', 'open')).toBe('open (11 rows, 12 flags)');
    expect(label(site, 'state', 'accepted')).toBe('accepted (2 rows, 3 accepted flags)');
    // Without a baseline every flag is open, and no record has a flag state (a filter of one value would only repeat it).
    expect(label(plain, 'severity', 'high')).toBe('high (9 rows, 10 flags)');
    expect(plain.manifest.facets.find((f) => f.key === 'state')).toBeUndefined();
    // With a baseline that accepts none of this project's flags, they are open.
    expect(label(none, 'state', 'open')).toBe('open (13 rows, 15 flags)');
    expect(none.manifest.facets.find((f) => f.key === 'state')?.values.map((v) => v.value)).toEqual(['open']);
  });

  it('the status line of a search, and ?state=accepted lists the accepted flags and the row they alone flag', async () => {
    const engine = site.engine();
    const all = await engine.search('', { severity: ['high'] });
    expect(resultsText(all.hits.length, all.totals)).toBe('19 results: 9 rows, 7 flags, 3 accepted flags.');
    const state = readSearchState(new URLSearchParams('state=accepted'), site.manifest.facets.map((f) => ({ key: f.key, name: f.name, values: f.values.map((v) => v.value) })));
    expect(state.notices).toEqual([]);
    const accepted = await engine.search('', state.filters);
    expect(resultsText(accepted.hits.length, accepted.totals)).toBe('5 results: 2 rows, 3 accepted flags.');
    const shown = await engine.show(accepted.hits.slice(), accepted);
    expect(shown.map((h) => [h.href.slice(h.href.indexOf('#') + 1), h.type])).toEqual([
      ['row-8ada2ddc', 'decision'],
      ['row-7701de86', 'decision'],
      ['flag-3', 'accepted flag'],
      ['flag-5', 'accepted flag'],
      ['flag-10', 'accepted flag'],
    ]);
    // The brief's spelling of the filter and its name as the page shows it are read as `state`.
    expect(readSearchState(new URLSearchParams('flag-state=accepted'), site.manifest.facets.map((f) => ({ key: f.key, name: f.name, values: f.values.map((v) => v.value) }))).filters).toEqual({ state: ['accepted'] });
  });
});
