/**
 * A project whose trail is dated without times of day (`2026-10-07`, row after row: the real
 * trail Jenzoga/JMT-MCMT) has no `span`, only `datesOnly`. The home's "newest first" sort, its
 * default order's newest tie-break, `archive.json`, the feed, the build report and the CLI's
 * "Next: start with" all listed it as having no time at all: last, below projects months older
 * (known left-alone item, fixed in use14).
 */
import { describe, expect, it } from 'vitest';
import { compareHomeRows, homeRow } from '../../src/lib/projections/home-view.ts';
import { newestFirst } from '../../src/lib/export/archive-index.ts';
import { worstProject } from '../../src/lib/projections/needs-a-person.ts';

const counts = (high = 0) =>
  ({ rows: 1, flags: { high, medium: 0, low: 0 }, pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable: 0 }, checkFirstOpen: 0, checkFirstWords: 0, problems: { high, medium: 0, low: 0, citesMissing: 0 }, invalid: 0, openBlockers: 0 }) as never;

const timed = { id: 'timed-old', title: 'Timed, January', root: 'a', span: { from: '2026-01-02T09:00:00.000Z', to: '2026-01-02T10:00:00.000Z' }, counts: counts(1) };
const dated = { id: 'dated-new', title: 'Dated, October', root: 'b', span: null, datesOnly: { from: '2026-10-01', to: '2026-10-07', rows: 3 }, counts: counts(1) };
const none = { id: 'a-undated', title: 'Undated', root: 'c', span: null, counts: counts(1) };

describe('a dates-only project is as new as its latest date', () => {
  it('gives the home row its latest date', () => {
    expect(homeRow(dated, ['pstack'], 'never-invoked').to).toBe('2026-10-07');
  });

  it('sorts newest first and oldest first by it, the undated last', () => {
    const rows = [none, timed, dated].map((p) => homeRow(p, ['pstack'], 'never-invoked'));
    expect([...rows].sort(compareHomeRows('newest')).map((r) => r.id)).toEqual(['dated-new', 'timed-old', 'a-undated']);
    expect([...rows].sort(compareHomeRows('oldest')).map((r) => r.id)).toEqual(['timed-old', 'dated-new', 'a-undated']);
    // Equal problems: the default order's tie-break is the newest.
    expect([...rows].sort(compareHomeRows('attention')).map((r) => r.id)).toEqual(['dated-new', 'timed-old', 'a-undated']);
  });

  it('lists it newest first in archive.json, the feed and the build report', () => {
    expect(newestFirst([none, timed, dated]).map((p) => p.id)).toEqual(['dated-new', 'timed-old', 'a-undated']);
  });

  it('names it first when problems tie ("Next: start with …")', () => {
    expect(worstProject([timed, dated])?.project.id).toBe('dated-new');
  });
});

describe('search ranks a dates-only project by its latest date on a tie (recency)', () => {
  it('gives its index part the latest date its rows carry', async () => {
    const { modelLatestDate } = await import('../../src/lib/site/dates-only.ts');
    const { buildPart } = await import('../../src/lib/search/index/part.ts');
    const { byRecency } = await import('../../src/lib/search/index/manifest.ts');
    expect(modelLatestDate({ span: null, rows: [{ ts: '2026-10-01' }, { ts: '2026-10-07' }] })).toBe('2026-10-07');
    expect(modelLatestDate({ span: { to: '2026-01-02T10:00:00.000Z' }, rows: [] })).toBe('2026-01-02T10:00:00.000Z');
    expect(modelLatestDate({ span: null, rows: [{ ts: 'yesterday' }] })).toBeNull();
    const part = (key: string, latest: string | null) => buildPart({ key, title: key, project: key, latest, records: [] }).part;
    const parts = [part('p/timed-old', '2026-01-02T10:00:00.000Z'), part('p/dated-new', modelLatestDate({ span: null, rows: [{ ts: '2026-10-07' }] }))];
    expect([...parts].sort(byRecency).map((p) => p.key)).toEqual(['p/dated-new', 'p/timed-old']);
  });
});

describe("history.json's latest counts a dates-only trail (the real Jenzoga/JMT-MCMT)", () => {
  it('is the latest date its rows carry, not null', async () => {
    const { mkdtemp, mkdir, copyFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { REAL_CORPUS } = await import('../real-corpus.ts');
    const { analyseArchive } = await import('../../src/lib/archive/analyse-archive.ts');
    const { recordBuild } = await import('../../src/lib/archive/archive-history.ts');
    const dir = await mkdtemp(join(tmpdir(), 'trailbook-dates-latest-'));
    try {
      await mkdir(join(dir, 'in', 'jmt'), { recursive: true });
      await copyFile(join(REAL_CORPUS, 'Jenzoga__JMT-MCMT', 'decisions.tsv'), join(dir, 'in', 'jmt', 'decisions.tsv'));
      const cacheDir = join(dir, 'cache');
      const archive = await analyseArchive({ roots: [join(dir, 'in')], cacheDir });
      expect(archive.projects.map((p) => [p.span, p.datesOnly?.to])).toEqual([[null, '2026-10-07']]);
      const { history } = await recordBuild({ cacheDir, projects: archive.projects, previous: null, limit: 20, run: 'run-1' });
      expect(history.builds.map((b) => b.latest)).toEqual(['2026-10-07']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
