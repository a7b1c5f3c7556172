/**
 * The orchestration of a build and a merge in the core (issue 31, scope 5:
 * src/lib/build/build-archive.ts, merge-shards.ts), run with fakes for what the CLI hands it
 * (Astro, the search worker, staging, the history step): the order of the steps, what it says,
 * what it decides (incremental or not, a full disk, a shard), and the coded refusals of a merge
 * and of output folders (worded by the CLI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildArchive, type BuildEvent, type BuildRuntime } from '../../src/lib/build/build-archive.ts';
import type { BuildSettings } from '../../src/lib/build/build-settings.ts';
import { MergeRefusal, mergeShards, type MergeRuntime } from '../../src/lib/build/merge-shards.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import { PACKAGE_ROOT } from '../../src/cli/paths.ts';
import { refusalError } from '../../src/cli/commands/merge.ts';
import { refuseFolders, type FolderRefusal } from '../../src/lib/build/output-folders.ts';
import { folderError } from '../../src/cli/folders.ts';
import { bbsRow } from '../history-fixtures.ts';
import { countFiles } from '../../src/lib/build/output-files.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-build-orchestration-'));
  for (const p of ['beta', 'p1', 'p2']) {
    await mkdir(join(dir, 'in', p), { recursive: true });
    await writeFile(join(dir, 'in', p, 'decisions.jsonl'), `${bbsRow(1, `Decision of ${p}`)}\n`);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function settings(name: string): BuildSettings {
  return {
    roots: [join(dir, 'in')],
    base: '/',
    outDir: join(dir, name, 'site'),
    cacheDir: join(dir, name, 'cache'),
    filter: { include: [], exclude: [] },
    title: 'Trailbook',
    siteUrl: null,
    repositories: [],
    bdExport: { run: false, timeoutMs: 1000 },
    compare: [{ a: 'p1', b: 'nowhere' }],
    allowRepositories: [],
    recapHtml: false,
    decisionsCsv: false,
    secrets: DEFAULT_SECRET_SETTINGS,
  };
}

const STATS = { projects: 2, records: 2, analysed: 2, indexed: 2, files: 1, rebuiltMain: true, ms: 5, warnings: ['a part was slow'] };

/** A runtime whose steps write a little and note what they were asked, in order, in `steps`. */
/** Staging folders made by every fake runtime of this file: each its own (a failed build's index may still write into the one it was given while the next build stages; one name for all was EEXIST on a loaded machine). */
let staged = 0;

function fakeRuntime(outDir: string, steps: string[], faults: { render?: NodeJS.ErrnoException } = {}): BuildRuntime {
  return {
    root: PACKAGE_ROOT,
    version: '0.0.0-test',
    baseline: async () => null,
    history: async (r) => {
      steps.push(`history ${r.projects.map((p) => p.id).join(',')} views=${r.projectViews}`);
      return {
        write: async (newOut) => {
          steps.push('history.write');
          await writeFile(join(newOut, 'history.json'), '{}\n');
        },
        commit: async () => void steps.push('history.commit'),
      };
    },
    stage: async (fn) => {
      const stagingDir = join(dir, `staging-${++staged}`);
      await mkdir(stagingDir);
      try {
        return await fn({ dir: stagingDir, site: join(stagingDir, 'site') });
      } finally {
        // As src/cli/staging.ts: retried, and never in place of the failure it follows (CI: a failed
        // render's index still wrote here, and 'ENOTEMPTY … rmdir staging-7' replaced 'astro broke').
        await rm(stagingDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }).catch(() => undefined);
        steps.push('staging removed');
      }
    },
    swapIn: async (site) => {
      steps.push('swap');
      const aside = `${outDir}-aside`;
      const had = existsSync(outDir);
      if (had) await rename(outDir, aside);
      await rename(site, outDir);
      return had ? aside : null;
    },
    discard: (aside) => rm(aside, { recursive: true, force: true }),
    render: async (_code, site) => {
      steps.push('render');
      if (faults.render) throw faults.render;
      await mkdir(join(site, 'p', 'p1'), { recursive: true });
      await writeFile(join(site, 'index.html'), '<h1>home</h1>');
      await writeFile(join(site, 'p', 'p1', 'index.html'), '<h1>p1</h1>');
    },
    indexSearch: async (request, onProgress) => {
      steps.push('index');
      onProgress({ phase: 'parts', done: 1, total: 2 } as never);
      await mkdir(join(request.outDir, 'search-index'), { recursive: true });
      await writeFile(join(request.outDir, 'search-index', 'main.bin'), 'index');
      // The worker caches each project's part in the store, where a shard's data takes it from.
      await mkdir(join(request.cacheDir, 'search', 'parts'), { recursive: true });
      for (const id of ['beta', 'p1', 'p2']) await writeFile(join(request.cacheDir, 'search', 'parts', `p__${id}.v8`), id);
      return STATS;
    },
    progress: () => {
      steps.push('progress');
      return { stop: () => void steps.push('progress stopped') };
    },
  };
}

const said = (events: BuildEvent[]): string[] => events.filter((e) => e.type !== 'archive' && e.type !== 'analysed').map((e) => (e.type === 'compare-problem' ? `compare-problem: ${e.problem}` : e.type));

describe('buildArchive: a build in the core, Astro and the worker injected', () => {
  it('analyses, records the history, renders beside the index, and swaps the new output in last', async () => {
    const s = settings('first');
    const steps: string[] = [];
    const events: BuildEvent[] = [];
    const outcome = await buildArchive({ settings: s, shard: null, full: false }, fakeRuntime(s.outDir, steps), (e) => events.push(e));
    expect(outcome.failure).toBeNull();
    expect(outcome.archive.projects.map((p) => p.id)).toEqual(['beta', 'p1', 'p2']);
    expect(steps).toEqual(['history beta,p1,p2 views=true', 'progress', 'index', 'render', 'progress stopped', 'history.write', 'swap', 'history.commit', 'staging removed']);
    expect(said(events)).toEqual(['reading', 'compare-problem: compare[0].b: no project "nowhere" in this archive (give a project id or its folder as the home lists it)', 'rendering', 'indexed']);
    expect(events.find((e) => e.type === 'indexed')).toMatchObject({ stats: STATS });
    expect(outcome.incremental).toBe(false);
    expect(outcome.renderedPages).toEqual(['index.html', 'p/p1/index.html']);
    expect((await readdir(s.outDir)).sort()).toEqual(['history.json', 'index.html', 'p', 'search-index']);
    expect(await readFile(join(s.outDir, 'search-index', 'main.bin'), 'utf8')).toBe('index');
    expect(Object.keys(outcome.times)).toEqual(expect.arrayContaining(['render', 'index', 'history']));
  });

  it('keeps the previous pages on a second build of the same inputs, unless told to render every page', async () => {
    const s = settings('again');
    await buildArchive({ settings: s, shard: null, full: false }, fakeRuntime(s.outDir, []), () => undefined);
    const events: BuildEvent[] = [];
    const again = await buildArchive({ settings: s, shard: null, full: false }, fakeRuntime(s.outDir, []), (e) => events.push(e));
    expect(again.incremental).toBe(true);
    expect(said(events)).toEqual(['reading', 'compare-problem: compare[0].b: no project "nowhere" in this archive (give a project id or its folder as the home lists it)', 'rendering', 'incremental', 'indexed']);
    // The output's totals as the build counted them (staged, then carried over) are a walk's (issue 30: no walk after the build).
    const walked = await countFiles(s.outDir);
    expect(again.output).toEqual({ files: walked.files, pages: walked.pages });
    const full = await buildArchive({ settings: s, shard: null, full: true }, fakeRuntime(s.outDir, []), () => undefined);
    expect(full.incremental).toBe(false);
  });

  it('a full disk while rendering is a coded failure: nothing swapped, the previous output as it was', async () => {
    const s = settings('full-disk');
    await buildArchive({ settings: s, shard: null, full: false }, fakeRuntime(s.outDir, []), () => undefined);
    const steps: string[] = [];
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const outcome = await buildArchive({ settings: s, shard: null, full: false }, fakeRuntime(s.outDir, steps, { render: error }), () => undefined);
    expect(outcome.failure).toEqual({ code: 'disk-full', message: 'ENOSPC: no space left on device, write' });
    expect(steps).toEqual(['history beta,p1,p2 views=true', 'progress', 'index', 'render', 'progress stopped', 'staging removed']);
    expect(await readFile(join(s.outDir, 'index.html'), 'utf8')).toBe('<h1>home</h1>');
    const other = await buildArchive({ settings: s, shard: null, full: false }, fakeRuntime(s.outDir, [], { render: new Error('astro broke') }), () => undefined);
    expect(other.failure).toEqual({ code: 'render-failed', message: 'astro broke' });
  });

  it('a shard analyses only its projects, says how many of those found, and writes its shard data into the output', async () => {
    const s = settings('shard');
    const events: BuildEvent[] = [];
    // shardOf(id, 2): beta is in shard 2, p1 and p2 in shard 1 (src/lib/shard/partition.ts).
    const outcome = await buildArchive({ settings: s, shard: { index: 2, count: 2 }, full: false }, fakeRuntime(s.outDir, []), (e) => events.push(e));
    expect(events.find((e) => e.type === 'shard')).toEqual({ type: 'shard', shard: { index: 2, count: 2 }, projects: 1, discovered: 3 });
    expect(outcome.failure).toBeNull();
    expect(outcome.output).toEqual({ files: (await countFiles(s.outDir)).files, pages: (await countFiles(s.outDir)).pages });
    expect(outcome.archive.projects.map((p) => p.id)).toEqual(['beta']);
    const manifest = JSON.parse(await readFile(join(s.outDir, 'trailbook-shard', 'shard.json'), 'utf8')) as { version: string; shard: unknown; discovered: string[]; projects: Array<{ id: string }> };
    expect(manifest).toMatchObject({ version: '0.0.0-test', shard: { index: 2, count: 2 }, discovered: ['beta', 'p1', 'p2'], projects: [{ id: 'beta' }] });
  });
});

describe('mergeShards: refusals are codes with data, worded at the edge', () => {
  const unused = {} as MergeRuntime;

  it('refuses folders that are not shards, in the shard check\'s words, before it writes anything', async () => {
    await mkdir(join(dir, 'not-a-shard'), { recursive: true });
    const merge = mergeShards({ given: [{ dir: join(dir, 'not-a-shard'), display: 'not-a-shard' }], outDir: join(dir, 'merged'), cacheDir: join(dir, 'merge-cache') }, unused, () => undefined);
    const refusal = await merge.then(() => null, (error: unknown) => error);
    expect(refusal).toBeInstanceOf(MergeRefusal);
    expect((refusal as MergeRefusal).reason).toEqual({ code: 'shards-unusable', message: 'not-a-shard is not a shard: it has no trailbook-shard/shard.json', hint: 'pass the --out folders of `trailbook build --shard K/N` runs' });
    expect(existsSync(join(dir, 'merged'))).toBe(false);
  });

  it('the CLI words each refusal: what is wrong, and the fix', () => {
    const other = refusalError({ code: 'other-code', version: '0.1.0', shardsFingerprint: 'a'.repeat(32), fingerprint: 'b'.repeat(32) });
    expect([other.message, other.hint]).toEqual([
      "the shards were built by Trailbook 0.1.0 with other code (aaaaaaaaaaaa) than this Trailbook's (bbbbbbbbbbbb); the merged archive would mix pages of both",
      'merge with the Trailbook that built the shards, or build them again with this one',
    ]);
    const parts = refusalError({ code: 'other-search-parts', parts: 'v1', reads: 'v2' });
    expect([parts.message, parts.hint]).toEqual([
      "the shards' search index parts are of format v1, this Trailbook reads v2 (part, index and V8 versions: the shards ran on another Node)",
      'merge with the Trailbook, and the Node, that built the shards',
    ]);
    const unusable = refusalError({ code: 'shards-unusable', message: 'shard 2/2 is given twice: a and b', hint: 'pass each shard folder once' });
    expect([unusable.message, unusable.hint]).toEqual(['shard 2/2 is given twice: a and b', 'pass each shard folder once']);
  });
});

describe('refuseFolders: an archive with files lost is still an archive', () => {
  it('takes a folder for an archive by its index page and search index, or by a file only Trailbook writes (a trial: an archive missing half its files, or index.html, was refused on every build)', async () => {
    const root = join(dir, 'damaged-archives');
    const where = { packageRoot: join(root, 'trailbook'), cwd: join(root, 'work') };
    const cache = join(root, 'cache');
    const write = async (folder: string, file: string, text: string): Promise<void> => {
      await mkdir(join(root, folder, file, '..'), { recursive: true });
      await writeFile(join(root, folder, file), text);
    };
    await write('whole', 'index.html', '<html></html>');
    await write('whole', 'search-index/manifest.json', '{}');
    await write('no-index', 'archive.json', '{"$schema": "/schema/archive.v1.json", "version": "trailbook.archive/1"}');
    await write('no-index', 'p/a/index.html', '<html></html>');
    await write('report-only', 'report.json', '{\n  "$schema": "/schema/report.v1.json",\n  "version": "trailbook.report/1"\n}');
    await write('history-only', 'history.json', '{"version":"trailbook.history/2","builds":[]}');
    await write('page-of-ours', 'index.html', '<!DOCTYPE html><html lang="en"><head><script>try{var t=localStorage.getItem("trailbook-theme")}catch(e){}</script></head></html>');
    // Files of the same names that Trailbook did not write; an index page alone.
    await write('lookalike', 'archive.json', '{"version": "mine/1"}');
    await write('lookalike', 'report.json', 'not json');
    await write('page-only', 'index.html', '<html></html>');
    for (const name of ['whole', 'no-index', 'report-only', 'history-only']) expect(await refuseFolders(join(root, name), cache, [join(root, 'in')], where), name).toBe(null);
    // A page of Trailbook's saved alone into a folder of the user's is not an archive to replace.
    for (const name of ['lookalike', 'page-only', 'page-of-ours']) expect(await refuseFolders(join(root, name), cache, [join(root, 'in')], where), name).toEqual({ code: 'out-not-an-archive', out: join(root, name) });
  });
});

describe('refuseFolders: an output or cache folder that would lose something is a code with its paths', () => {
  it('refuses each case with its code, the paths as given, and the CLI words it with the fix', async () => {
    const root = join(dir, 'folders');
    const input = join(root, 'records');
    await mkdir(join(input, 'run'), { recursive: true });
    await mkdir(join(root, 'notes'), { recursive: true });
    await writeFile(join(root, 'notes', 'todo.txt'), 'mine');
    const where = { packageRoot: join(root, 'trailbook'), cwd: join(root, 'work') };
    const cache = join(root, 'cache');
    const cases: Array<[string, string, FolderRefusal | null]> = [
      [root, cache, { code: 'out-holds-input', out: root, input }],
      [join(input, 'site'), cache, { code: 'out-inside-input', out: join(input, 'site'), input }],
      [join(root, 'work'), cache, { code: 'out-replaces-working-folder', out: join(root, 'work') }],
      [join(root, 'trailbook'), cache, { code: 'out-replaces-trailbook', out: join(root, 'trailbook') }],
      [join(root, 'site'), join(root, 'site', 'cache'), { code: 'cache-overlaps-out', out: join(root, 'site'), cache: join(root, 'site', 'cache') }],
      [join(root, 'notes'), cache, { code: 'out-not-an-archive', out: join(root, 'notes') }],
      [join(root, 'site'), cache, null],
    ];
    for (const [out, cacheDir, refusal] of cases) expect(await refuseFolders(out, cacheDir, [input], where), out).toEqual(refusal);
    // A link to the input folder is the input folder.
    await symlink(input, join(root, 'link'));
    expect(await refuseFolders(join(root, 'link', 'site'), cache, [input], where)).toEqual({ code: 'out-inside-input', out: join(root, 'link', 'site'), input });

    const worded = (refusal: FolderRefusal): string[] => {
      const error = folderError(refusal, 'the fix');
      return [error.message, error.hint];
    };
    // Outside the working folder (in the temporary folder): named by the full path.
    expect(worded({ code: 'out-inside-input', out: join(input, 'site'), input })).toEqual([`--out ${join(input, 'site')} is inside the input folder ${input}; the archive would be read as input next time`, 'the fix']);
    expect(worded({ code: 'out-replaces-trailbook', out: '/x/dist' })).toEqual(["--out /x/dist would replace Trailbook's own folder", 'the fix']);
    expect(worded({ code: 'cache-overlaps-out', out: '/x/site', cache: '/x/site/cache' })).toEqual(['--cache-dir /x/site/cache and --out /x/site overlap; the output folder is replaced on every build', 'leave --cache-dir out to keep the cache in the per-user cache folder, or give it a folder of its own']);
    expect(worded({ code: 'out-not-an-archive', out: '/x/notes' })).toEqual(['--out /x/notes is not empty and does not hold a Trailbook archive; it would be replaced', 'pass a new or empty folder, or delete that one first']);
  });
});
