/**
 * The evidence entries kept between builds (src/lib/archive/evidence-state.ts, issue 30): after
 * any change the entries are those a gathering of every cited list gives, only the cited lists
 * it must are read, and a damaged state is said and not used.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatherEvidence, MAX_CITATIONS_SHOWN, packRanges, unpackRanges, type StoredCited } from '../../src/lib/archive/evidence-entries.ts';
import { gatherEvidenceKept, type DigestedProject } from '../../src/lib/archive/evidence-state.ts';
import { onCacheNotice } from '../../src/lib/fs/cache-notice.ts';

const oid = (n: number): string => n.toString(16).padStart(40, '0');

/** Project `i`'s cited list, version `v`: commits and files of its repository, shared with the other projects of that repository. */
function citedList(i: number, v: number, rows = 30): StoredCited {
  const by = (k: number, n: number) => Array.from({ length: n }, (_, j) => ({ rowId: `${i}-${k}-${j}-${v}`, anchor: `row-${i}-${k}-${j}`, decision: `Decision ${j} of ${i}`, ...(j > 3 ? { page: 2 } : {}) }));
  return {
    commits: Array.from({ length: 6 }, (_, k) => ({ oid: oid(((i + k + v) % 9) + 1), by: by(k, (rows + k + i) % 25), ...(k === 2 && i % 3 === 0 ? { notLanded: true } : {}) })),
    files: [
      ...Array.from({ length: 4 }, (_, k) => ({ path: `src/f${(i + k) % 7}.ts`, origin: 'repository' as const, ranges: [{ from: k + v, to: k + v + i }, { from: 1, to: 2 }], by: by(k + 10, (rows + k) % 23) })),
      { path: 'src/f1.ts', origin: 'repository' as const, at: oid((i % 2) + 1), ranges: [{ from: 3, to: 4 }], by: by(20, 2) },
      { path: 'notes.md', origin: 'artifact' as const, ranges: [], by: by(30, 1) },
    ],
  };
}

let cacheDir: string;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'tb-evidence-state-'));
});
afterEach(async () => {
  onCacheNotice(null);
  await rm(cacheDir, { recursive: true, force: true });
});

describe('evidence entries kept between builds', () => {
  it('after each change gives what gathering every list gives, reading only the lists it must', async () => {
    // Three repositories of four projects each; a project's version is its input digest.
    const version = new Map<string, number>();
    const title = new Map<string, string>();
    let ids = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    for (const id of ids) version.set(id, 0);
    const projects = (): DigestedProject[] =>
      ids.map((id) => {
        const i = Number(id.slice(1));
        return { id, title: title.get(id) ?? `Project ${i}`, digest: `d${version.get(id)}`, repository: { id: `repo${i % 3}`, path: `repos/repo${i % 3}.git`, head: oid(100 + (i % 3)) } };
      });
    const reads: string[] = [];
    const citedOf = async (id: string): Promise<StoredCited> => {
      reads.push(id);
      return citedList(Number(id.slice(1)), version.get(id) as number);
    };
    const whole = () => gatherEvidence(projects(), async (id) => citedList(Number(id.slice(1)), version.get(id) as number), { keep: MAX_CITATIONS_SHOWN });
    const step = async (): Promise<string[]> => {
      reads.length = 0;
      const kept = await gatherEvidenceKept(cacheDir, projects(), citedOf, MAX_CITATIONS_SHOWN);
      expect(JSON.stringify(kept)).toBe(JSON.stringify(await whole()));
      return [...reads];
    };

    expect(await step()).toHaveLength(12);
    // Nothing changed: no list read.
    expect(await step()).toEqual([]);
    // One project's rows changed: it and the projects of its repository (which cite the same entries), none of the others.
    version.set('p04', 1);
    expect(await step()).toEqual(['p04', 'p01', 'p07', 'p10']);
    // A title changed (shown in every Cited by list it is in).
    title.set('p05', 'Renamed');
    expect(await step()).toEqual(['p05', 'p02', 'p08', 'p11']);
    // A project removed, one added, one back to what it cited first.
    ids = ids.filter((id) => id !== 'p07');
    ids.push('p12');
    version.set('p12', 0);
    version.set('p04', 0);
    expect((await step()).sort()).toEqual(['p00', 'p01', 'p03', 'p04', 'p06', 'p09', 'p10', 'p12']);
    // Projects in another order: every list read again.
    ids = [...ids].reverse();
    expect(await step()).toHaveLength(12);
    // Another number of citations kept: gathered whole.
    reads.length = 0;
    await gatherEvidenceKept(cacheDir, projects(), citedOf, 5);
    expect(reads).toHaveLength(12);
  });

  it('a state cut short or altered is said and not used; the entries are gathered whole', async () => {
    const projects: DigestedProject[] = [0, 1, 2].map((i) => ({ id: `p${i}`, title: `P${i}`, digest: 'd', repository: { id: 'repo', path: 'repos/repo.git', head: oid(100) } }));
    let reads = 0;
    const citedOf = async (id: string): Promise<StoredCited> => (reads++, citedList(Number(id.slice(1)), 0));
    const expected = JSON.stringify(await gatherEvidence(projects, async (id) => citedList(Number(id.slice(1)), 0), { keep: MAX_CITATIONS_SHOWN }));
    const notices: string[] = [];
    onCacheNotice((line) => notices.push(line));
    await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN);
    const path = join(cacheDir, 'evidence-entries.json');
    const text = await readFile(path, 'utf8');
    // An altered citation count, the same length.
    const altered = text.replace(/"citations":(\d)/, (_, d: string) => `"citations":${(Number(d) + 1) % 10}`);
    expect([altered.length, altered === text]).toEqual([text.length, false]);
    await writeFile(path, altered);
    reads = 0;
    expect(JSON.stringify(await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN))).toBe(expected);
    expect(reads).toBe(3);
    await writeFile(path, text.slice(0, 100));
    reads = 0;
    expect(JSON.stringify(await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN))).toBe(expected);
    expect(reads).toBe(3);
    expect(notices).toEqual(["  notice: the cache's evidence-entries.json is damaged (not as written: cut short or altered); made again from the input", "  notice: the cache's evidence-entries.json is damaged (not as written: cut short or altered); made again from the input"]);
    // Whole again: used.
    reads = 0;
    expect(JSON.stringify(await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN))).toBe(expected);
    expect(reads).toBe(0);
  });

  it("packs a file entry's ranges into one short text for Astro's content store, and reads them back", () => {
    const ranges = [{ from: 1, to: 1 }, { from: 8, to: 13 }, { from: 10, to: 15 }, { from: 120, to: 120 }];
    expect(packRanges(ranges)).toBe('1,8-13,10-15,120');
    expect(unpackRanges('1,8-13,10-15,120')).toEqual(ranges);
    expect([packRanges([]), unpackRanges('')]).toEqual(['', []]);
  });

  it('keeps no state past its number of project-entry pairs (every list is then read each time)', async () => {
    const projects: DigestedProject[] = [0, 1, 2].map((i) => ({ id: `p${i}`, title: `P${i}`, digest: 'd', repository: { id: 'repo', path: 'repos/repo.git', head: oid(100) } }));
    let reads = 0;
    const citedOf = async (id: string): Promise<StoredCited> => (reads++, citedList(Number(id.slice(1)), 0));
    const expected = JSON.stringify(await gatherEvidence(projects, async (id) => citedList(Number(id.slice(1)), 0), { keep: MAX_CITATIONS_SHOWN }));
    const path = join(cacheDir, 'evidence-entries.json');
    // Each project cites 6 commits (some the same) and 6 files: 10 pairs are too many.
    expect(JSON.stringify(await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN, 10))).toBe(expected);
    expect(await stat(path).then(() => true, () => false)).toBe(false);
    await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN);
    expect(await stat(path).then(() => true, () => false)).toBe(true);
    // A state written, then too many pairs: it is removed.
    reads = 0;
    expect(JSON.stringify(await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN, 10))).toBe(expected);
    expect([reads, await stat(path).then(() => true, () => false)]).toEqual([0, false]);
    reads = 0;
    await gatherEvidenceKept(cacheDir, projects, citedOf, MAX_CITATIONS_SHOWN, 10);
    expect(reads).toBe(3);
  });
});
