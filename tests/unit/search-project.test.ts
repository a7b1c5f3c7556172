/**
 * Search's `project` filter value (use11): a per-slug pstack trail (`.audit/<slug>.tsv`) is its
 * folder and slug, so two trails of one folder are two search options, and a link naming the
 * project by its id or by the folder (when it holds one trail) still means it.
 */
import { describe, expect, it } from 'vitest';
import { projectsSharingSearchValue, searchProjectValue } from '../../src/lib/search/search-project.ts';
import { valuesMeant } from '../../src/lib/search/query/url-state.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { fixtureDir, removeFixture, writeFiles } from '../trail-fixtures.ts';

describe('searchProjectValue', () => {
  it('is the folder of a project, and the folder and slug of a per-slug trail', () => {
    expect(searchProjectValue({ root: 'real/ddv1982__echo', sources: [{ path: 'decisions.tsv' }] })).toBe('real/ddv1982__echo');
    expect(searchProjectValue({ root: 'real/EnzoTironi__OS', sources: [{ path: '.audit/build-v1-04.tsv' }] })).toBe('real/EnzoTironi__OS · build-v1-04');
    expect(searchProjectValue({ root: 'x/y', sources: [{ path: 'sub/.audit/a.tsv' }, { path: '.audit/.tsv' }] })).toBe('x/y');
  });

  it('still means the project when a link names it by its id, or by a folder holding one trail', () => {
    const values = ['real/EnzoTironi__OS · build-v1-04', 'real/ddv1982__echo'];
    expect(valuesMeant('enzotironi__os--build-v1-04', values)).toEqual(['real/EnzoTironi__OS · build-v1-04']);
    expect(valuesMeant('real/EnzoTironi__OS', values)).toEqual(['real/EnzoTironi__OS · build-v1-04']);
    expect(valuesMeant('real/two', ['real/two · alpha', 'real/two · beta'])).toEqual(['real/two · alpha', 'real/two · beta']);
  });

  it('names the projects two of which have one value, and no per-slug trail among them', () => {
    const shared = projectsSharingSearchValue([
      { id: 'two--alpha', root: 'in/two', sources: [{ path: '.audit/alpha.tsv' }] },
      { id: 'two--beta', root: 'in/two', sources: [{ path: '.audit/beta.tsv' }] },
      { id: 'two', root: 'in/two', sources: [{ path: 'audit.json' }] },
      { id: 'a', root: 'in/same', sources: [{ path: 'decisions.jsonl' }] },
      { id: 'in--same', root: 'in/same', sources: [{ path: 'decisions.jsonl' }] },
    ]);
    expect([...shared].sort()).toEqual(['a', 'in--same']);
  });
});

describe("a per-slug trail's search records", () => {
  it("carry its folder and slug as their project, a folder's other trail its own", async () => {
    const dir = await fixtureDir('search-project');
    try {
      const tsv = (name: string): string => `ts\tphase\tdecision\twhy\tevidence\tresult\n2026-07-01T10:00:00Z\tbuild\t${name} decision\twhy\ta.txt\tdone\n`;
      await writeFiles(`${dir}/two`, { '.audit/alpha.tsv': tsv('Alpha'), '.audit/beta.tsv': tsv('Beta') });
      const models: ProjectModel[] = [];
      await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void models.push(m) });
      models.sort((a, b) => a.id.localeCompare(b.id));
      const folder = dir.split('/').at(-1) as string;
      expect(models.map((m) => [m.id, m.root, [...new Set(searchRecords(m).map((r) => r.facets['project']?.join('|')))]])).toEqual([
        ['two--alpha', `${folder}/two`, [`${folder}/two · alpha`]],
        ['two--beta', `${folder}/two`, [`${folder}/two · beta`]],
      ]);
    } finally {
      await removeFixture(dir);
    }
  });
});
