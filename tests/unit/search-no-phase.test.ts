/**
 * Rows written without a phase (a pstack TSV with no phase column: ddv1982__echo of the real
 * corpus) are `(no phase)` in search, as the recap's Phases table names them (count15: the phase
 * filter had an option of no name, ` (11 rows)`, whose value was the empty one of "any", so
 * picking it listed every record).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { optionText } from '../../src/lib/search/facets.ts';
import { phases, phaseName } from '../../src/lib/projections/phases.ts';
import { REAL_CORPUS } from '../real-corpus.ts';
import { memorySite } from './search-memory-site.ts';

const ECHO = join(REAL_CORPUS, 'ddv1982__echo');
let model: ProjectModel;

beforeAll(async () => {
  if (!existsSync(ECHO)) return;
  const models: ProjectModel[] = [];
  await analyseArchive({ roots: [ECHO], cacheDir: null, onModel: (m) => void models.push(m) });
  model = models[0] as ProjectModel;
}, 60_000);

describe.skipIf(!existsSync(ECHO))('rows without a phase', () => {
  it('are “(no phase)” in the recap’s Phases and in the phase filter, with the same count', async () => {
    expect(phases(model.rows).map((p) => [phaseName(p.phase), p.rows])).toEqual([['(no phase)', 11]]);
    const site = await memorySite([{ key: `p/${model.id}`, title: model.title, project: model.root, records: searchRecords(model) }]);
    const phase = site.manifest.facets.find((f) => f.key === 'phase');
    expect(phase?.values.map((v) => optionText(v.value, v.counts))).toEqual(['(no phase) (11 rows)']);
    const out = await site.engine().search('', { phase: ['(no phase)'] });
    expect(out.hits.length).toBe(11);
  });
});
