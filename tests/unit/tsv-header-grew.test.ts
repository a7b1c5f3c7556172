/**
 * A TSV trail whose header grew a column after rows were written (issue 26, scope 4). The
 * real case: romerma/mstack's `.mstack/decisions.tsv` gained a seventh column, `resolves`,
 * after its first five rows were written with six cells (its sixth row adds the column, its
 * seventh fills it). Before: five high `trail/tsv-cell-count` flags (their evidence never
 * checked) and, in the trail-history check, a high "row deleted" and a medium "row inserted"
 * for the header. Now: with the trail's git history, each row is read by the header it was
 * written under and nothing is said; without history, the rows are read with `resolves` blank
 * and the file gets one low notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { readPstackTrail } from '../../src/lib/adapters/pstack-trail.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';

const OLD_HEADER = 'ts\tphase\tdecision\twhy\tevidence\tresult';
const NEW_HEADER = `${OLD_HEADER}\tresolves`;
const row = (n: number, extra: string[] = []): string => [`2026-08-19T17:1${n}:02.487Z`, 'implement', `Decision ${n}`, `because ${n}`, 'README.md', 'verified', ...extra].join('\t');
/** Five rows of six cells, then the header grew: a row with an empty `resolves`, a row that fills it. */
const OLD_ROWS = [1, 2, 3, 4, 5].map((n) => row(n));
const NEW_ROWS = [row(6, ['']), row(7, ['subagent-statusline-shipping'])];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-header-grew-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function analyse(root: string): Promise<ProjectModel> {
  let model: ProjectModel | undefined;
  await analyseArchive({ roots: [root], cacheDir: null, onModel: (m) => void (model = m) });
  return model as ProjectModel;
}

const trailFlags = (model: ProjectModel): Array<[string, string, string]> =>
  model.flags.filter((f) => f.kind.startsWith('trail/') || f.layer === 'history').map((f) => [f.kind, f.severity, f.summary]);

describe('a TSV header that grew a column', () => {
  it('with the trail’s history: every row read by the header it was written under; no cell-count flag, no row deleted or inserted, no notice', async () => {
    const repo = join(dir, 'with-history');
    await mkdir(repo, { recursive: true });
    git(repo, ['init', '-q', '-b', 'main']);
    await writeFile(join(repo, 'README.md'), '# Example\n');
    await writeFile(join(repo, 'decisions.tsv'), `${[OLD_HEADER, ...OLD_ROWS].join('\n')}\n`);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Five rows']);
    await writeFile(join(repo, 'decisions.tsv'), `${[NEW_HEADER, ...OLD_ROWS, ...NEW_ROWS].join('\n')}\n`);
    git(repo, ['commit', '-q', '-am', 'decisions.tsv gains a resolves column']);
    const model = await analyse(repo);
    expect(model.rows.map((r) => [r.line, r.decision, r.extra['resolves']])).toEqual([
      [2, 'Decision 1', ''],
      [3, 'Decision 2', ''],
      [4, 'Decision 3', ''],
      [5, 'Decision 4', ''],
      [6, 'Decision 5', ''],
      [7, 'Decision 6', ''],
      [8, 'Decision 7', 'subagent-statusline-shipping'],
    ]);
    expect(model.invalid).toEqual([]);
    // The five early rows' evidence is checked like any other.
    expect(model.rows.map((r) => r.evidence.map((p) => p.status).join())).toEqual(Array(7).fill('VERIFIED'));
    expect(trailFlags(model)).toEqual([]);
  });

  it('a header change alone (no row touched) is no rewrite, deletion or insertion either', async () => {
    const repo = join(dir, 'header-only');
    await mkdir(repo, { recursive: true });
    git(repo, ['init', '-q', '-b', 'main']);
    await writeFile(join(repo, 'README.md'), '# Example\n');
    await writeFile(join(repo, 'decisions.tsv'), `${[OLD_HEADER, ...OLD_ROWS].join('\n')}\n`);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Five rows']);
    // Uncommitted: the header renamed a column too (`why` read as `reason`), the rows unchanged.
    await writeFile(join(repo, 'decisions.tsv'), `${['ts\tphase\tdecision\treason\tevidence\tresult\tresolves', ...OLD_ROWS].join('\n')}\n`);
    expect(trailFlags(await analyse(repo))).toEqual([]);
  });

  it('without history: the short rows are read with `resolves` blank, and one low notice names them', async () => {
    const folder = join(dir, 'no-history');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'decisions.tsv'), `${[NEW_HEADER, ...OLD_ROWS, ...NEW_ROWS].join('\n')}\n`);
    const model = await analyse(folder);
    expect(model.rows.length).toBe(7);
    expect(model.invalid).toEqual([]);
    expect(trailFlags(model)).toEqual([
      [
        'trail/tsv-header-grew',
        'low',
        'decisions.tsv: 5 rows (lines 2–6) have 6 cells, the header 7 (it ends result resolves): read with resolves blank, as written before the header grew',
      ],
    ]);
  });

  it('a row missing a column the seed needs is still a row with too few cells (the “why” column left out)', async () => {
    const folder = join(dir, 'missing-why');
    await mkdir(folder, { recursive: true });
    const file = join(folder, 'decisions.tsv');
    await writeFile(file, `${[OLD_HEADER, row(1), ['2026-08-19T17:12:02.487Z', 'implement', 'Decision 2', 'README.md', 'verified'].join('\t')].join('\n')}\n`);
    const read = await readPstackTrail(file, 'decisions.tsv', 0);
    expect(read.invalid.map((r) => [r.line, r.kind, r.error])).toEqual([[3, 'trail/tsv-cell-count', 'expected 6 tab-separated cells, found 5 — read in order, the “why” column is missing']]);
    expect(read.warnings).toEqual([]);
  });

  it('property: rows short of any number of trailing extra columns are read, the missing cells blank, one notice naming exactly them', async () => {
    const file = join(dir, 'property.tsv');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }), async (extra, given) => {
        const names = Array.from({ length: extra }, (_, i) => `extra${i + 1}`);
        const rows = given.map((g, i) => row(i + 1, Array.from({ length: Math.min(g, extra) }, (_, k) => `v${k + 1}`)));
        await writeFile(file, `${[[OLD_HEADER, ...names].join('\t'), ...rows].join('\n')}\n`);
        const read = await readPstackTrail(file, 'property.tsv', 0);
        expect(read.invalid).toEqual([]);
        expect(read.rows.map((r) => names.map((n) => r.extra[n]))).toEqual(given.map((g) => names.map((_, k) => (k < Math.min(g, extra) ? `v${k + 1}` : ''))));
        const short = given.flatMap((g, i) => (Math.min(g, extra) < extra ? [{ line: i + 2, cells: 6 + Math.min(g, extra) }] : []));
        expect(read.warnings.map((w) => w.rows)).toEqual(short.length > 0 ? [short] : []);
      }),
      { numRuns: 60 },
    );
  });
});
