/**
 * Incremental builds (issue 5): a second build of a generated corpus with one changed project
 * re-analyses and re-renders only that project, keeps every other page, and search finds the
 * change (through the delta word index) without stale duplicates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { generateCorpus } from '../../scripts/gen-corpus.ts';
import { runCli, type BuiltSite } from './build-site.ts';
import { searchDone } from './page-helpers.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import type { StaticServer } from './static-server.ts';

interface Timings {
  reanalysed: number;
  rendered: string[];
  output: { pages: number; files: number };
  /** The build's line saying the archive's totals, as it counted them while staging and carrying over. */
  said: string;
}

let dir: string;
let corpus: string;
let out: string;
let cache: string;

async function build(name: string): Promise<Timings> {
  const timings = join(dir, `${name}.json`);
  const run = await runCli(['build', corpus, '--out', out, '--cache-dir', cache, '--timings', timings]);
  if (run.code !== 0) throw new Error(`build ${name} failed:\n${run.stderr}`);
  const said = /The archive has .*/.exec(run.stderr)?.[0] ?? '';
  return { ...(JSON.parse(await readFile(timings, 'utf8')) as Omit<Timings, 'said'>), said };
}

/** Every file under `root` (relative path → its bytes as base64), sorted by path. */
async function filesUnder(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1)).sort()) {
    out[rel] = (await readFile(join(root, rel))).toString('base64');
  }
  return out;
}

const projectPages = (t: Timings): string[] => t.rendered.filter((p) => p.startsWith('p/') || p.startsWith('r/'));

describe('incremental build of a generated corpus', () => {
  let first: Timings;
  let unchanged: Timings;
  let changed: Timings;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-incremental-'));
    corpus = join(dir, 'corpus');
    out = join(dir, 'site');
    cache = join(dir, 'cache');
    await generateCorpus({ projects: 6, rows: 30, seed: 7, out: corpus, projectsPerRepo: 3 });
    first = await build('first');
    unchanged = await build('unchanged');
    const trail = join(corpus, 'projects', 'project-0002');
    const line = '{"id":"aaaaaaaa","ts":"2026-12-01T00:00:00Z","phase":"handover","ticket":"","actor":"lead","decision":"Quokka migration landed","why":"incremental test","evidence":"README.md","result":"open"}\n';
    const tsv = '2026-12-01T00:00:00Z\thandover\tQuokka migration landed\tincremental test\tREADME.md\topen\n';
    const file = await readFile(join(trail, 'decisions.jsonl')).then(() => join(trail, 'decisions.jsonl'), () => join(trail, 'decisions.tsv'));
    await appendFile(file, file.endsWith('.tsv') ? tsv : line);
    changed = await build('changed');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('renders every page the first time', () => {
    expect(first.reanalysed).toBe(6);
    expect(projectPages(first)).toContain('p/projects-project-0002/index.html');
    expect(first.rendered.length).toBe(first.output.pages);
  });

  it('re-analyses and re-renders no project when nothing changed', () => {
    expect(unchanged.reanalysed).toBe(0);
    expect(projectPages(unchanged)).toEqual([]);
    expect(unchanged.output.pages).toBe(first.output.pages);
  });

  it('re-analyses and re-renders only the changed project, and keeps every other page', () => {
    expect(changed.reanalysed).toBe(1);
    // The recap (the default build writes no recap.html; its other exports are not pages).
    expect(projectPages(changed)).toEqual(['p/projects-project-0002/index.html']);
    expect(changed.output.pages).toBe(first.output.pages);
  });

  it("says the archive's pages and files as a walk of the output counts them, without walking it (issue 30)", () => {
    for (const t of [first, unchanged, changed]) expect(t.said.replace(/, [\d.]+ MB\.$/, '.')).toBe(`The archive has ${t.output.pages.toLocaleString('en-US')} pages and ${t.output.files.toLocaleString('en-US')} files.`);
  });

  it('--full merges the search index whole: the files a clean build of the same input writes, no delta index', async () => {
    // Into another folder: the archive the three builds left is searched below. The cache is theirs: its main index predates the change.
    const full = await runCli(['build', corpus, '--out', join(dir, 'full-site'), '--cache-dir', cache, '--full']);
    expect(full.code, full.stderr).toBe(0);
    const clean = await runCli(['build', corpus, '--out', join(dir, 'clean-site'), '--cache-dir', join(dir, 'clean-cache')]);
    expect(clean.code).toBe(0);
    const index = await filesUnder(join(dir, 'full-site', 'search-index'));
    // (Without --full, the same cache gives a delta index: the archive the changed build left.)
    expect(Object.keys(await filesUnder(join(out, 'search-index'))).some((f) => f.startsWith('delta/'))).toBe(true);
    expect(Object.keys(index).some((f) => f.startsWith('delta/'))).toBe(false);
    expect(index).toEqual(await filesUnder(join(dir, 'clean-site', 'search-index')));
  });

  describe('search after the change', () => {
    let page: Page;
    let server: StaticServer;
    // The archive the three builds above left (the harness removes their folder after).
    archiveInBrowser(async (): Promise<BuiltSite> => ({ out, cacheDir: cache, code: 0, stdout: '', stderr: '' }), {}, (a) => ({ page, server } = a));

    it('finds the new row once, through the delta index, landing on its recap', async () => {
      // (The row's flags mention its decision too; the type filter keeps the decision rows.)
      await page.goto(`${server.url}search/?q=quokka&type=decision`);
      await searchDone(page);
      const hrefs = await page.locator('#search-results a.result-title').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toHaveLength(1);
      expect(hrefs[0]).toMatch(/^\/p\/projects-project-0002\/#row-/);
      expect(server.requests.some((r) => r.startsWith('/search-index/delta/'))).toBe(true);
    });
  });

});
