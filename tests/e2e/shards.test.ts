/**
 * Sharded builds (issue 17): one corpus built as a single archive and as 3 shards merged
 * gives the same files, byte for byte — every project, commit and file page, the home, the
 * report and the exports. The corpus makes the merge do real work: repositories cited by
 * projects of several shards (Cited by lists and marked lines combined), a file too long to
 * be shown whole cited at different lines from different shards (its excerpt cut again), the
 * example corpus's beads, coordination, arena and verdict records. The search index (issue 11)
 * is the single build's byte for byte, and searches in Chromium list the same results. Then:
 * what a merge refuses, and a second merge after one shard changed. Projects of 120 rows: a Cited
 * by list links a row past the recap's first 100 at its row page, in a merge as in a single build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from '../../scripts/gen-corpus.ts';
import { shardOf } from '../../src/lib/shard/partition.ts';
import { listing } from './file-listing.ts';
import { oldOutputsRemoved, REPO_ROOT, runCli, type CliRun } from './build-site.ts';
import { serveStatic, type StaticServer } from './static-server.ts';
import { launchBrowser } from './browser.ts';
import { readTexts, searchDone } from './page-helpers.ts';

let tmp: string;
let inputs: string[];
let single: string;
let merged: string;
let mergeRun: CliRun;
const shards = [1, 2, 3].map((k) => ({ k, out: '', cache: '' }));

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const rowId = (ts: string, decision: string): string => sha(`${ts}${decision}`).slice(0, 8);

function git(cwd: string, ...args: string[]): string {
  const at = '2026-04-01T10:00:00Z';
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at } }).trim();
}

/**
 * A repository with a 2,600-line file, and six projects citing it at different lines (so some
 * sit in different shards of 3); each also cites the repository's one commit.
 */
async function makeLongFileCorpus(dir: string): Promise<void> {
  const repo = join(dir, 'big-repo');
  await mkdir(join(repo, 'src'), { recursive: true });
  await writeFile(join(repo, 'src', 'big.ts'), Array.from({ length: 2600 }, (_, i) => `export const line${i + 1} = ${i + 1}; // ${i % 3 === 0 ? 'keep' : 'check'} the trail`).join('\n') + '\n');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'Add the big module');
  const head = git(repo, 'rev-parse', 'HEAD');
  for (let p = 1; p <= 6; p++) {
    const project = join(dir, 'projects', `long-${p}`);
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'trailbook.json'), `${JSON.stringify({ title: `Long file ${p}`, repo: '../../big-repo' })}\n`);
    const rows = [0, 1].map((i) => {
      const ts = `2026-04-0${p}T1${i}:00:00Z`;
      const decision = `Check part ${p}.${i} of the big module`;
      const evidence = i === 0 ? `src/big.ts:${p * 400}-${p * 400 + 2}` : `${head.slice(0, 10)}; src/big.ts:${p * 13}`;
      return JSON.stringify({ id: rowId(ts, decision), ts, phase: 'phase-1', ticket: '', actor: 'lead', decision, why: 'the excerpt must show every cited line', evidence, result: 'verified' });
    });
    await writeFile(join(project, 'decisions.jsonl'), `${rows.join('\n')}\n`);
  }
}

async function run(args: string[]): Promise<CliRun> {
  const r = await runCli(args);
  if (r.code !== 0) throw new Error(`trailbook ${args.join(' ')} failed (${r.code}):\n${r.stderr}\n${r.stdout}`);
  return r;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'trailbook-shards-'));
  // 120 rows a project: rows past the recap's first 100 are on a row page, and the Cited by lists link them there.
  await generateCorpus({ projects: 9, rows: 120, seed: 7, out: join(tmp, 'input', 'gen'), projectsPerRepo: 3 });
  await makeLongFileCorpus(join(tmp, 'input', 'long'));
  inputs = [join(tmp, 'input'), join(REPO_ROOT, 'content')];
  single = join(tmp, 'single');
  merged = join(tmp, 'merged');
  // --recap-html throughout: the merge must carry each project's recap.html over, byte for byte.
  await run(['build', ...inputs, '--out', single, '--cache-dir', join(tmp, 'cache-single'), '--recap-html']);
  for (const s of shards) {
    s.out = join(tmp, `shard-${s.k}`);
    s.cache = join(tmp, `cache-${s.k}`);
    await run(['build', ...inputs, '--shard', `${s.k}/3`, '--out', s.out, '--cache-dir', s.cache, '--recap-html']);
  }
  mergeRun = await run(['merge', ...shards.map((s) => s.out), '--out', merged, '--cache-dir', join(tmp, 'cache-merge')]);
}, 600_000);

afterAll(async () => {
  if (tmp && !process.env.KEEP) await rm(tmp, { recursive: true, force: true });
});

describe('an archive built as 3 shards and merged', () => {
  it('splits the projects among the shards by id', async () => {
    const ids = (await readdir(join(single, 'p'))).sort();
    const byShard = await Promise.all(shards.map(async (s) => (await readdir(join(s.out, 'p'))).sort()));
    expect(byShard.flat().sort()).toEqual(ids);
    for (const [i, list] of byShard.entries()) for (const id of list) expect(shardOf(id, 3)).toBe(i + 1);
    expect(byShard.every((list) => list.length > 0)).toBe(true);
  });

  it('wrote evidence pages cited from several shards from their data', () => {
    const m = /evidence pages: (\d+) pages? copied, (\d+) pages? cited from several shards/.exec(mergeRun.stderr);
    expect(m, mergeRun.stderr).not.toBeNull();
    expect(Number(m?.[2])).toBeGreaterThan(10);
  });

  it('holds the same files as the single build', async () => {
    const [a, b] = [await listing(single), await listing(merged)];
    expect(a.length).toBeGreaterThan(200);
    expect(b).toEqual(a);
    // Built with --recap-html: every project's recap.html is in the merged archive.
    expect(b.filter((f) => /^p\/[^/]+\/recap\.html$/.test(f)).length).toBeGreaterThan(10);
  });

  it('holds every file under p/ and r/ byte for byte as the single build', async () => {
    const differ: string[] = [];
    let compared = 0;
    for (const rel of await listing(single)) {
      if (!rel.startsWith('p/') && !rel.startsWith('r/')) continue;
      compared++;
      const [x, y] = await Promise.all([readFile(join(single, rel)), readFile(join(merged, rel)).catch(() => Buffer.alloc(0))]);
      if (!x.equals(y)) differ.push(rel);
    }
    expect(compared).toBeGreaterThan(200);
    expect(differ).toEqual([]);
    // Among them, evidence pages whose Cited by lists link a row on a row page there (the same link as the single build's).
    let later = 0;
    for (const rel of await listing(merged)) if (rel.startsWith('r/') && rel.endsWith('.html')) later += ((await readFile(join(merged, rel), 'utf8')).match(/<li><a href="\/p\/[^/"]+\/rows\/2\/#row-/g) ?? []).length;
    expect(later).toBeGreaterThan(0);
  });

  it('holds the home, the report, the feed and the exports byte for byte as the single build', async () => {
    for (const rel of ['index.html', 'report/index.html', 'report.json', 'archive.json', 'feed.xml', 'search/index.html', '404.html']) {
      expect((await readFile(join(merged, rel))).equals(await readFile(join(single, rel))), rel).toBe(true);
    }
  });

  it('holds the search index byte for byte as the single build', async () => {
    const index = (await listing(single)).filter((rel) => rel.startsWith('search-index/'));
    expect(index).toContain('search-index/manifest.json');
    expect(index.filter((rel) => rel.startsWith('search-index/docs/r/')).length).toBeGreaterThan(3);
    const differ: string[] = [];
    for (const rel of index) if (!(await readFile(join(single, rel))).equals(await readFile(join(merged, rel)))) differ.push(rel);
    expect(differ).toEqual([]);
    expect(mergeRun.stderr).toMatch(/search: [\d,]+ records from \d+ projects; index merged from \d+ parts \(\d+ parts made or taken from the shards\)/);
  });

  it('lists the same search results as the single build, with words, filters and both', async () => {
    const servers: StaticServer[] = [await serveStatic(single), await serveStatic(merged)];
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      // Words in rows of several shards; a row id; a file path with a line; a filter alone; words and a filter.
      const searches = ['?q=big+module', '?q=the+trail', '?q=src%2Fbig.ts%3A800', '?result=verified', '?q=check+part&type=decision', '?severity=high'];
      const seen: string[][] = [];
      for (const search of searches) {
        const lists: string[][] = [];
        for (const server of servers) {
          await page.goto(`${server.url}search/${search}`);
          await searchDone(page);
          const status = (await readTexts(page.locator('#search-status')))[0] ?? '';
          const hrefs = await page.locator('a.result-title').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).hash));
          lists.push([status, ...hrefs]);
        }
        expect(lists[1], search).toEqual(lists[0]);
        expect((lists[0] as string[]).length, `${search}: ${(lists[0] as string[])[0]}`).toBeGreaterThan(1);
        seen.push(lists[0] as string[]);
      }
      // The results come from projects of every shard.
      const projects = new Set(seen.flat().flatMap((href) => /^\/p\/([^/]+)\//.exec(href)?.[1] ?? []));
      expect(new Set([...projects].map((id) => shardOf(id, 3))).size).toBe(3);
    } finally {
      await browser.close();
      for (const server of servers) await server.close();
    }
  }, 120_000);

  it("links a commit's parent that has a page, when another shard cites the parent too", async () => {
    // Which parents are linked depends on the whole archive's citations: a shard's page is written again when they differ.
    let linked = 0;
    let acrossShards = 0;
    for (const rel of await listing(merged)) {
      if (!/^r\/[^/]+\/commit\/[0-9a-f]+\/index\.html$/.test(rel)) continue;
      const page = await readFile(join(merged, rel), 'utf8');
      const parents = /<!--trailbook:parents-->(.*?)<!--\/trailbook:parents-->/.exec(page)?.[1] ?? '';
      if (!parents.includes('<a href=')) continue;
      linked++;
      const own = shards.find((s) => existsSync(join(s.out, rel)));
      if (own && !(await readFile(join(own.out, rel), 'utf8')).includes(parents)) acrossShards++;
    }
    expect(linked).toBeGreaterThan(0);
    expect(acrossShards).toBeGreaterThan(0);
  });

  it('cuts the long file again around the lines every shard cites', async () => {
    const long = (await readdir(join(single, 'p'))).filter((id) => id.includes('long-'));
    expect(new Set(long.map((id) => shardOf(id, 3))).size).toBeGreaterThan(1);
    const page = await readFile(join(merged, 'r', 'input-long-big-repo', 'file', 'src', 'big.ts', 'index.html'), 'utf8');
    for (let p = 1; p <= 6; p++) expect(page).toContain(`<span class="line marked" id="L${p * 400}" data-n="${p * 400}">`);
    expect(page).toContain('excerpt: ');
    expect(page).not.toContain('id="L1300"');
  });

  it('leaves the shard data out of the archive', async () => {
    expect(await stat(join(merged, 'trailbook-shard')).then(() => true, () => false)).toBe(false);
  });

  it('leaves no working folder beside the archive (its staging, its search index)', async () => {
    await oldOutputsRemoved(tmp);
    expect((await readdir(tmp)).filter((name) => name.startsWith('.trailbook-'))).toEqual([]);
  });
});

describe('a merge refuses', () => {
  const merge = (...dirs: string[]): Promise<CliRun> => runCli(['merge', ...dirs, '--out', join(tmp, 'refused'), '--cache-dir', join(tmp, 'cache-refused')]);

  it('a missing shard', async () => {
    const r = await merge(shards[0]?.out as string, shards[1]?.out as string);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('shard 3/3 is missing: the archive has 3 shards and 2 were given');
  });

  it('a shard given twice', async () => {
    const r = await merge(shards[0]?.out as string, shards[0]?.out as string, shards[1]?.out as string);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('shard 1/3 is given twice');
  });

  it('a folder that is not a shard', async () => {
    const r = await merge(single, shards[1]?.out as string, shards[2]?.out as string);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${single} is not a shard: it has no trailbook-shard/shard.json`);
  });

  it('shards built with different options', async () => {
    const other = join(tmp, 'shard-2-titled');
    await run(['build', ...inputs, '--shard', '2/3', '--title', 'Other title', '--out', other, '--cache-dir', join(tmp, 'cache-2-titled'), '--recap-html']);
    const r = await merge(shards[0]?.out as string, other, shards[2]?.out as string);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('were built with different title (--title): Trailbook and Other title');
  });

  it('a shard whose manifest names a path out of its folder', async () => {
    const other = join(tmp, 'shard-3-forged');
    await cp(shards[2]?.out as string, other, { recursive: true });
    const path = join(other, 'trailbook-shard', 'shard.json');
    const manifest = JSON.parse(await readFile(path, 'utf8')) as { projects: Array<{ id: string }> };
    (manifest.projects[0] as { id: string }).id = '../../outside';
    await writeFile(path, JSON.stringify(manifest));
    const r = await merge(shards[0]?.out as string, shards[1]?.out as string, other);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('names a project or repository "../../outside" that is not an id Trailbook writes; the shard was not written by Trailbook');
  });

  it('shards of another Trailbook version', async () => {
    const other = join(tmp, 'shard-3-other');
    await cp(shards[2]?.out as string, other, { recursive: true });
    const path = join(other, 'trailbook-shard', 'shard.json');
    const manifest = JSON.parse(await readFile(path, 'utf8')) as { version: string; code: string };
    await writeFile(path, JSON.stringify({ ...manifest, version: '0.0.9', code: 'f'.repeat(32) }));
    const r = await merge(shards[0]?.out as string, shards[1]?.out as string, other);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/shard 3\/3 \(.*shard-3-other\) was built by Trailbook 0\.0\.9 \(code ffffffffffff\), shard 1\/3 \(.*\) by Trailbook \d+\.\d+\.\d+ \(code [0-9a-f]{12}\); shards of different Trailbook versions cannot be merged/);
  });
});

describe('a second merge', () => {
  it('keeps what did not change and takes the one project that did', async () => {
    const again = await run(['merge', ...shards.map((s) => s.out), '--out', merged, '--cache-dir', join(tmp, 'cache-merge')]);
    expect(again.stderr).toContain('copied 0 projects from the shards; evidence pages: 0 pages copied, 0 pages cited from several shards written from their data; kept');
    expect(await listing(merged)).toEqual(await listing(single));

    const target = (await readdir(join(tmp, 'input', 'long', 'projects'))).sort()[0] as string;
    const id = `long-projects-${target}`;
    const k = shardOf(id, 3);
    const ts = '2026-05-01T10:00:00Z';
    const decision = 'Merge again after this row';
    await appendFile(join(tmp, 'input', 'long', 'projects', target, 'decisions.jsonl'), `${JSON.stringify({ id: rowId(ts, decision), ts, phase: 'handover', ticket: '', actor: 'lead', decision, why: 'one shard changed', evidence: 'src/big.ts:7', result: 'verified' })}\n`);
    // Only the changed project's shard built again: the others read other inputs (issue 28).
    const s = shards[k - 1] as (typeof shards)[number];
    await run(['build', ...inputs, '--shard', `${k}/3`, '--out', s.out, '--cache-dir', s.cache, '--recap-html']);
    const stale = await runCli(['merge', ...shards.map((x) => x.out), '--out', merged, '--cache-dir', join(tmp, 'cache-merge')]);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(new RegExp(`read different inputs: the record files of project ${id} differ\\n`));
    // Every shard built again from the changed inputs, as a CI run does; the others, from their kept caches, change no page.
    for (const x of shards) if (x !== s) await run(['build', ...inputs, '--shard', `${x.k}/3`, '--out', x.out, '--cache-dir', x.cache, '--recap-html']);
    const third = await run(['merge', ...shards.map((x) => x.out), '--out', merged, '--cache-dir', join(tmp, 'cache-merge')]);
    expect(third.stderr).toContain('copied 1 project from the shards');
    // The merge keeps the archive's build history as a single build does: the home says what changed.
    expect(await readFile(join(merged, 'index.html'), 'utf8')).toMatch(/Build 3 compared with build 2: 1 project changed; 1 new row/);
    expect((JSON.parse(await readFile(join(merged, 'history.json'), 'utf8')) as { builds: Array<{ build: number }> }).builds.map((b) => b.build)).toEqual([1, 2, 3]);
    expect(await readFile(join(merged, 'p', id, 'index.html'), 'utf8')).toContain(decision);
    // The search finds the new row: its project's part, taken from the shard, is in the index (as a delta).
    const docs = (await readdir(join(merged, 'search-index', 'docs', 'p', id))).filter((f) => /^\d+\.bin$/.test(f));
    const stored = await Promise.all(docs.map(async (f) => gunzipSync(await readFile(join(merged, 'search-index', 'docs', 'p', id, f))).toString('utf8')));
    expect(stored.join('')).toContain(decision);
    expect(third.stderr).toMatch(/search: [\d,]+ records from \d+ projects; index kept, 2 changed parts in its delta \(2 parts made or taken from the shards\)/);
    expect(await readFile(join(merged, 'r', 'input-long-big-repo', 'file', 'src', 'big.ts', 'index.html'), 'utf8')).toContain('<span class="line marked" id="L7">');
  }, 300_000);
});
