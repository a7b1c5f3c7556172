/**
 * Crash safety, concurrency and damaged caches and shards (issue 28; docs/reliability.md), with
 * the real CLI on a small generated corpus. A fault is injected with `TRAILBOOK_FAULT`
 * (src/lib/fs/fault-point.ts): the build or merge kills itself (SIGKILL: no handler, no
 * `finally` runs) at a named point — every stage boundary, and points inside the carry-over,
 * the search index writing and the final swap — or the disk "fills up" there. After each fault
 * the previous archive is whole, and the next run, with no flag, writes byte for byte what the
 * same runs without the fault wrote.
 *
 * Each of the issue's six reproductions is a test here or in tests/unit/reliability.test.ts
 * (the dev server's Host check, an install's own site copy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from '../../scripts/gen-corpus.ts';
import { outputLockPath } from '../../src/cli/writer-lock.ts';
import { listing } from './file-listing.ts';
import { oldOutputsRemoved, REPO_ROOT, runCli, type CliRun } from './build-site.ts';

let tmp: string;
/** The corpus (same folder name in every test, so ids and display paths match). */
let corpus: string;
/** Where the runs under test write: only `site` and `cache` should be left in it. */
let work: string;
let out: string;
let cache: string;
const snaps = (name: string): string => join(tmp, 'snaps', name);

// Fixed build times: the history, the home's "since the last build" and the feed say when.
const ENV = { SOURCE_DATE_EPOCH: '1764547200' };

function build(fault?: string, extra: string[] = []): Promise<CliRun> {
  return runCli(['build', corpus, '--out', out, '--cache-dir', cache, ...extra], REPO_ROOT, { ...ENV, ...(fault ? { TRAILBOOK_FAULT: fault } : {}) });
}

async function ok(run: Promise<CliRun>): Promise<CliRun> {
  const r = await run;
  if (r.code !== 0) throw new Error(`trailbook exited ${r.code}:\n${r.stderr}`);
  return r;
}

/** Copies a work folder's output and cache aside (`name`). */
async function snapshot(name: string, from: string = work): Promise<void> {
  await rm(snaps(name), { recursive: true, force: true });
  await mkdir(snaps(name), { recursive: true });
  for (const d of ['site', 'cache']) await cp(join(from, d), join(snaps(name), d), { recursive: true, preserveTimestamps: true });
}

/** Puts a snapshot back as a work folder (nothing else in it). */
async function restore(name: string, to: string = work): Promise<void> {
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  for (const d of ['site', 'cache']) await cp(join(snaps(name), d), join(to, d), { recursive: true, preserveTimestamps: true });
}

/** Every file of an archive folder with the sha256 of its bytes. */
async function archiveOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const rel of await listing(dir)) files.set(rel, createHash('sha256').update(await readFile(join(dir, ...rel.split('/')))).digest('hex'));
  return files;
}

/** The first few differences between two archives (empty when byte for byte the same). */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [rel, sum] of a) if (!b.has(rel)) out.push(`${rel}: missing`);
  else if (b.get(rel) !== sum) out.push(`${rel}: other bytes`);
  for (const rel of b.keys()) if (!a.has(rel)) out.push(`${rel}: more`);
  return out.slice(0, 8);
}

const killed = (r: CliRun): boolean => r.code === -1;

/** Appends a row to a project's trail. */
async function changeProject(project: string, decision: string): Promise<void> {
  const trail = join(corpus, 'projects', project);
  const file = await readFile(join(trail, 'decisions.jsonl')).then(() => join(trail, 'decisions.jsonl'), () => join(trail, 'decisions.tsv'));
  const ts = '2025-05-01T00:00:00Z';
  const id = createHash('sha256').update(`${ts}${decision}`).digest('hex').slice(0, 8);
  await appendFile(file, file.endsWith('.tsv') ? `${ts}\thandover\t${decision}\tfault test\tREADME.md\topen\n` : `${JSON.stringify({ id, ts, phase: 'handover', ticket: '', actor: 'lead', decision, why: 'fault test', evidence: 'README.md', result: 'open' })}\n`);
}

let first: Map<string, string>;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'trailbook-faults-'));
  corpus = join(tmp, 'in', 'corpus');
  work = join(tmp, 'work');
  out = join(work, 'site');
  cache = join(work, 'cache');
  await generateCorpus({ projects: 4, rows: 5, seed: 11, out: corpus, projectsPerRepo: 2 });
  await mkdir(work, { recursive: true });
  await ok(build());
  await snapshot('first');
  first = await archiveOf(out);
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('damaged cache entries (reproduction 5)', () => {
  let unchanged: Map<string, string>;

  beforeAll(async () => {
    // The archive a second build of unchanged inputs writes, without any fault.
    await ok(build());
    unchanged = await archiveOf(out);
  });

  const storeFile = async (suffix: string, n: number): Promise<string> => {
    const names = (await readdir(join(cache, 'projects'))).filter((f) => f.endsWith(`.${suffix}.json`)).sort();
    return join(cache, 'projects', names[n] as string);
  };
  const firstFile = async (sub: string): Promise<string> => join(cache, sub, (await listing(join(cache, sub)))[0] as string);

  it('a cut model, cited list or seal; a cut search dictionary page; cut evidence entries and file-hash memory: each made again with a notice, never published', async () => {
    await restore('first');
    // Astro's own content store too: Astro starts a new one when it cannot read it.
    const cut = [await storeFile('model', 0), await storeFile('cited', 1), await storeFile('seal', 2), await firstFile('search/main/dict'), await firstFile('evidence/commits'), join(cache, 'input-hashes.json'), join(cache, 'rendered.json'), join(cache, 'astro', 'data-store.json')];
    for (const f of cut) await truncate(f, 5);
    const run = await ok(build());
    const notices = run.stderr.split('\n').filter((l) => / (notice|warning): /.test(l));
    const expected = [
      expect.stringMatching(/^ {2}notice: the cache entry of projects-project-0000 is damaged \(projects\/projects-project-0000\.model\.json has 5 bytes, [\d,]+ bytes were written\); analysing it again$/),
      expect.stringMatching(/^ {2}notice: the cache entry of projects-project-0001 is damaged \(projects\/projects-project-0001\.cited\.json has 5 bytes, [\d,]+ bytes were written\); analysing it again$/),
      '  notice: the cache entry of projects-project-0002 is damaged (projects/projects-project-0002.seal.json is not a seal Trailbook wrote); analysing it again',
      "  notice: the cache's input-hashes.json is damaged (not JSON: cut short or altered); made again from the input",
      "  notice: the cache's rendered.json is damaged (not JSON: cut short or altered); made again from the input",
      expect.stringMatching(/^ {2}notice: the cache's evidence\/commits\/[^ ]+\.json is damaged \(not JSON: cut short or altered\); made again from the input$/),
      expect.stringMatching(/^ {2}warning: the search cache's dict\/0\.bin is damaged \(5 bytes, [\d,]+ were written\); the search index was made again from the model store$/),
    ];
    expect(notices).toEqual(expect.arrayContaining(expected));
    expect(notices).toHaveLength(expected.length);
    expect(differences(await archiveOf(out), unchanged)).toEqual([]);
  });

  it('a cut summary, report, build-history state, search part, doc store, evidence excerpt and citations, and archive index; an altered model of the same size', async () => {
    await restore('first');
    for (const [suffix, n] of [['summary', 0], ['report', 1], ['state', 2]] as const) await truncate(await storeFile(suffix, n), 3);
    const model = await storeFile('model', 3);
    const text = await readFile(model, 'utf8');
    await writeFile(model, text.replace('"id":"', '"id":"X').replace(/.$/, ''));
    for (const f of [await firstFile('search/parts'), await firstFile('search/docs'), await firstFile('evidence/files'), await firstFile('evidence/citations'), join(cache, 'archive.json'), join(cache, 'search', 'parts.json'), join(cache, 'search', 'main.json'), join(cache, 'search', 'projects.json')]) await truncate(f, 1);
    const run = await ok(build());
    const notices = run.stderr.split('\n').filter((l) => / (notice|warning): /.test(l));
    const expected = [
      expect.stringMatching(/^ {2}notice: the cache entry of projects-project-0000 is damaged \(projects\/projects-project-0000\.summary\.json has 3 bytes, [\d,]+ bytes were written\); analysing it again$/),
      expect.stringMatching(/^ {2}notice: the cache entry of projects-project-0001 is damaged \(projects\/projects-project-0001\.report\.json has 3 bytes, [\d,]+ bytes were written\); analysing it again$/),
      expect.stringMatching(/^ {2}notice: the cache entry of projects-project-0002 is damaged \(projects\/projects-project-0002\.state\.json has 3 bytes, [\d,]+ bytes were written\); analysing it again$/),
      '  notice: the cache entry of projects-project-0003 is damaged (projects/projects-project-0003.model.json is not as written (its sha256 differs)); analysing it again',
      // The cut evidence excerpt and citations are of pages carried over: this build does not read them (issue 30).
      // The parts' and main index's states cut: every part and the main index made again (the cut part and doc-store file with them).
      "  warning: the search cache's projects.json is damaged (not JSON: cut short or altered); made again",
      "  warning: the search cache's parts.json is damaged (not JSON: cut short or altered); made again",
      "  warning: the search cache's main.json is damaged (not JSON: cut short or altered); made again",
    ];
    expect(notices).toEqual(expect.arrayContaining(expected));
    expect(notices).toHaveLength(expected.length);
    expect(differences(await archiveOf(out), unchanged)).toEqual([]);
    // A build that renders their pages reads them: each is made again, with a notice, and the archive is the same.
    await restore('first');
    for (const f of [await firstFile('evidence/files'), await firstFile('evidence/citations')]) await truncate(f, 1);
    const full = await ok(build(undefined, ['--full']));
    expect(full.stderr.split('\n').filter((l) => / (notice|warning): /.test(l))).toEqual([
      expect.stringMatching(/^ {2}notice: the cache's evidence\/(files|citations)\/[0-9a-f]+\.json is damaged \(not JSON: cut short or altered\); made again from the input$/),
      expect.stringMatching(/^ {2}notice: the cache's evidence\/(files|citations)\/[0-9a-f]+\.json is damaged \(not JSON: cut short or altered\); made again from the input$/),
    ]);
    expect(full.stderr).toMatch(/evidence\/files\/[0-9a-f]+\.json is damaged/);
    expect(full.stderr).toMatch(/evidence\/citations\/[0-9a-f]+\.json is damaged/);
    expect(differences(await archiveOf(out), unchanged)).toEqual([]);
  });

  it('a page of the previous output cut short, edited in place with its size and time put back, or a file added to it: every page rendered again, with a notice; the archive a clean build writes', async () => {
    const notice = `  notice: files of the previous output in ${out} were changed, added or removed since the build that wrote them; rendering every page again\n`;
    for (const damage of ['cut', 'edited', 'added'] as const) {
      await restore('first');
      // Unchanged inputs: without the seal, the cut recap (or the added page) was carried into every later build (rel9).
      const recap = (await listing(out)).find((rel) => /^p\/[^/]+\/index\.html$/.test(rel)) as string;
      if (damage === 'cut') await truncate(join(out, ...recap.split('/')), 3);
      else if (damage === 'edited') {
        // rel10: the seal held path, size and whole-second time only, so this page was carried over.
        const page = join(out, ...recap.split('/'));
        const before = await stat(page);
        const bytes = await readFile(page);
        bytes.write('XXXX', 100);
        await writeFile(page, bytes);
        await utimes(page, before.atime, before.mtime);
        expect([(await stat(page)).size, Math.floor((await stat(page)).mtimeMs / 1000)]).toEqual([before.size, Math.floor(before.mtimeMs / 1000)]);
      } else await writeFile(join(out, ...recap.split('/').slice(0, 2), 'planted.html'), '<p>not written by Trailbook</p>');
      const run = await ok(build());
      expect(run.stderr, damage).toContain(notice);
      expect(differences(await archiveOf(out), unchanged), damage).toEqual([]);
      // The next build trusts the output it wrote: no notice, nothing rendered again.
      const next = await ok(build());
      expect(next.stderr, damage).not.toContain('previous output');
      expect(next.stderr, damage).toContain('  incremental: pages of unchanged projects, commits and files are kept from the previous build\n');
    }
  });

  it('publishes no file that is a hard link into the cache', async () => {
    const linked: string[] = [];
    for (const rel of await listing(out)) if ((await stat(join(out, ...rel.split('/')))).nlink > 1) linked.push(rel);
    expect(linked).toEqual([]);
  });
});

describe('a build killed at every stage (reproduction 1)', () => {
  /** The archive of a fault-free build of the changed corpus after the first; and two more after it. */
  let second: Map<string, string>;
  let third: Map<string, string>;
  let fourth: Map<string, string>;

  beforeAll(async () => {
    // Two projects of four: more than a fifth of the search records, so the main index is merged again.
    await changeProject('project-0000', 'Fault injection changes a project');
    await changeProject('project-0001', 'Fault injection changes another');
    await restore('first');
    await ok(build());
    second = await archiveOf(out);
    await ok(build());
    third = await archiveOf(out);
    await ok(build());
    fourth = await archiveOf(out);
  });

  // Before the swap the previous output is untouched: one build after another is killed at
  // each point in turn (a kill after a kill, as a flaky machine would), each leaving the
  // previous archive whole; the build after the last writes what a build without kills writes.
  const beforeSwap = ['stored', 'analysed', 'history', 'index-part', 'index-main', 'index-published', 'rendered', 'indexed', 'carry-over@1', 'carry-over@4', 'carried-over'];

  it(`killed at ${beforeSwap.join(', ')} in turn: the previous archive whole after each kill, then the archive a build without kills writes`, async () => {
    await restore('first');
    for (const point of beforeSwap) {
      const run = await build(`kill:${point}`);
      expect(killed(run), `the build was not killed at ${point}:\n${run.stderr}`).toBe(true);
      expect(differences(await archiveOf(out), first), `after the kill at ${point}`).toEqual([]);
    }
    const next = await ok(build());
    expect(next.stderr).toContain(`  notice: removed the staging folder a stopped run left beside ${out}\n`);
    expect(differences(await archiveOf(out), second)).toEqual([]);
    await oldOutputsRemoved(work);
    expect((await readdir(work)).sort()).toEqual(['cache', 'site']);
  }, 900_000);

  // Between the swap's two renames the previous archive is set aside (the next run puts it
  // back); after them the new one is in place, and the build counted. The three kills run one
  // build after another, each build after a kill being the next one killed (one archive built
  // from the first state, not three; CI time): killed at swap, the previous archive is aside;
  // the next build puts it back and, killed at swapped, leaves the new archive whole, what a
  // build without kills writes; the one after, killed at recorded, leaves its new archive
  // whole too; and the build after that writes what a build without kills writes, nothing
  // left beside the output.
  it('killed at swap, then at swapped, then at recorded: the previous archive put back, then each new archive whole, and the next build writes what a build without the kills writes', async () => {
    await restore('first');
    const swap = await build('kill:swap');
    expect(killed(swap), `the build was not killed at swap:\n${swap.stderr}`).toBe(true);
    expect(await stat(out).then(() => true, () => false)).toBe(false);
    expect((await readdir(work)).filter((n) => n.startsWith('.trailbook-previous-'))).toHaveLength(1);

    const swapped = await build('kill:swapped');
    expect(killed(swapped), `the build was not killed at swapped:\n${swapped.stderr}`).toBe(true);
    expect(swapped.stderr).toContain(`  notice: put back the archive in ${out}: a run was stopped while replacing it\n`);
    expect(differences(await archiveOf(out), second)).toEqual([]);

    const recorded = await build('kill:recorded');
    expect(killed(recorded), `the build was not killed at recorded:\n${recorded.stderr}`).toBe(true);
    expect(differences(await archiveOf(out), third)).toEqual([]);

    await ok(build());
    expect(differences(await archiveOf(out), fourth)).toEqual([]);
    await oldOutputsRemoved(work);
    expect((await readdir(work)).sort()).toEqual(['cache', 'site']);
  }, 600_000);

  it('a full disk while carrying pages over: exit 2 naming the problem, the previous archive whole; recap folders then lost under a kept record are rendered again', async () => {
    await restore('first');
    const run = await build('enospc:carry-over@2');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`trailbook: rendering failed: ENOSPC: no space left on device, write (fault injected at carry-over)\n  fix: free space on the disk of ${out} and its cache, then run again; the previous archive there is as it was\n`);
    expect(differences(await archiveOf(out), first)).toEqual([]);
    await oldOutputsRemoved(work);
    expect((await readdir(work)).sort()).toEqual(['cache', 'site']);
    // Pages lost from the output (as a build that moved them out lost them): the output is not the one its record sealed, so no page of it is trusted.
    const recaps = (await readdir(join(out, 'p'))).sort();
    await rm(join(out, 'p', recaps[3] as string), { recursive: true });
    const next = await ok(build());
    expect(next.stderr).toContain(`  notice: files of the previous output in ${out} were changed, added or removed since the build that wrote them; rendering every page again\n`);
    expect(differences(await archiveOf(out), second)).toEqual([]);
  }, 300_000);

  it('a full disk while the analysis writes the model store, or the history is recorded: exit 2 naming the problem and what to free, not "a bug in Trailbook"; the previous archive whole, and the next build completes', async () => {
    await restore('first');
    for (const point of ['stored', 'analysed', 'history']) {
      const run = await build(`enospc:${point}`);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.slice(run.stderr.indexOf('trailbook: '))).toBe(`trailbook: the build stopped: ENOSPC: no space left on device, write (fault injected at ${point})\n  fix: free space on the disk of ${out} and its cache, then run again; the previous archive there is as it was\n`);
      expect(differences(await archiveOf(out), first), `after the full disk at ${point}`).toEqual([]);
    }
    await ok(build());
    expect(differences(await archiveOf(out), second)).toEqual([]);
  }, 300_000);

  it('Astro cannot write its content store in the cache: the failure names what could not be written (not an empty "rendering failed: "), exit 2, the previous archive whole', async () => {
    await restore('first');
    const blocked = join(cache, 'astro', 'data-store.json.tmp');
    await mkdir(join(blocked, 'x'), { recursive: true });
    const run = await build();
    await rm(blocked, { recursive: true });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.slice(run.stderr.indexOf('trailbook: '))).toBe(`trailbook: rendering failed: An unknown error occurred while reading or writing files to disk.: EISDIR: illegal operation on a directory, open '${blocked}'\n  fix: run again with --verbose to see Astro's log (and --full to render every page)\n`);
    expect(differences(await archiveOf(out), first)).toEqual([]);
    await ok(build());
    expect(differences(await archiveOf(out), second)).toEqual([]);
  }, 300_000);

  it('two builds at once: one stops, naming the other; the history counts the build once', async () => {
    await restore('first');
    const [a, b] = await Promise.all([build(), build()]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([0, 2]);
    const stopped = a.code === 2 ? a : b;
    expect(stopped.stderr).toMatch(new RegExp(`^trailbook: another Trailbook is writing to the (output|cache) folder ${work}/(site|cache) \\(pid \\d+, \`trailbook build [^\`]+\`, started [0-9T:.-]+Z\\)\\n {2}fix: wait for it to end, or stop it \\(kill \\d+\\); two runs into one (output|cache) folder would mix their files\\n$`, 'm'));
    expect(differences(await archiveOf(out), second)).toEqual([]);
    const history = JSON.parse(await readFile(join(out, 'history.json'), 'utf8')) as { builds: Array<{ build: number }> };
    expect(history.builds.map((x) => x.build)).toEqual([1, 2]);
  });

  it('a build into an output another process holds stops at once with the holder named', async () => {
    await restore('first');
    await writeFile(outputLockPath(out), JSON.stringify({ pid: process.pid, host: hostname(), command: 'trailbook build runs --out site', started: '2026-12-02T08:00:00.000Z', tick: null }));
    const run = await build();
    await rm(outputLockPath(out));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`trailbook: another Trailbook is writing to the output folder ${out} (pid ${process.pid}, \`trailbook build runs --out site\`, started 2026-12-02T08:00:00.000Z)\n  fix: wait for it to end, or stop it (kill ${process.pid}); two runs into one output folder would mix their files\n`);
  });
});

describe('a merge killed at every stage; shards incomplete, altered or of other inputs (reproduction 2)', () => {
  const shardDirs: string[] = [];
  let mwork: string;
  let mergedFirst: Map<string, string>;
  let mergedSecond: Map<string, string>;
  const merge = (fault?: string, dirs: string[] = shardDirs, to?: string): Promise<CliRun> =>
    runCli(['merge', ...dirs, '--out', to ?? join(mwork, 'site'), '--cache-dir', join(to ? join(to, '..') : mwork, 'cache')], REPO_ROOT, { ...ENV, ...(fault ? { TRAILBOOK_FAULT: fault } : {}) });
  const hint = '  fix: build that shard again, or download its files again: a shard must reach the merge whole\n';

  beforeAll(async () => {
    mwork = join(tmp, 'mwork');
    for (const k of [1, 2]) {
      const dir = join(tmp, 'shards', `s${k}`);
      await ok(runCli(['build', corpus, '--shard', `${k}/2`, '--out', dir, '--cache-dir', join(tmp, 'shards', `c${k}`)], REPO_ROOT, ENV));
      shardDirs.push(dir);
    }
    await mkdir(mwork, { recursive: true });
    await ok(merge());
    await snapshot('merged', mwork);
    mergedFirst = await archiveOf(join(mwork, 'site'));
    await ok(merge());
    mergedSecond = await archiveOf(join(mwork, 'site'));
  });

  const mergePoints = ['rendered', 'merge-projects', 'merge-evidence', 'indexed', 'carry-over@2', 'carried-over'];

  it(`killed at ${mergePoints.join(', ')} in turn, then at the swap: the previous archive whole, then the archive a merge without kills writes`, async () => {
    await restore('merged', mwork);
    for (const point of mergePoints) {
      const run = await merge(`kill:${point}`);
      expect(killed(run), `the merge was not killed at ${point}:\n${run.stderr}`).toBe(true);
      expect(differences(await archiveOf(join(mwork, 'site')), mergedFirst), `after the kill at ${point}`).toEqual([]);
    }
    expect(killed(await merge('kill:swap'))).toBe(true);
    const next = await ok(merge());
    expect(next.stderr).toContain(`  notice: put back the archive in ${join(mwork, 'site')}: a run was stopped while replacing it\n`);
    expect(differences(await archiveOf(join(mwork, 'site')), mergedSecond)).toEqual([]);
    expect((await readdir(mwork)).sort()).toEqual(['cache', 'site']);
  }, 900_000);

  it('a full disk while the merge writes its project folders: exit 2 with the free-space fix (not "see Astro\'s log; build the shard again"), the previous archive whole', async () => {
    await restore('merged', mwork);
    const site = join(mwork, 'site');
    const run = await merge('enospc:merge-projects');
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.slice(run.stderr.indexOf('trailbook: '))).toBe(`trailbook: merging failed: ENOSPC: no space left on device, write (fault injected at merge-projects)\n  fix: free space on the disk of ${site} and its cache, then run again; the previous archive there is as it was\n`);
    expect(differences(await archiveOf(site), mergedFirst)).toEqual([]);
    await ok(merge());
    expect(differences(await archiveOf(site), mergedSecond)).toEqual([]);
  }, 300_000);

  it('refuses a shard whose project folder was lost, naming the first missing file', async () => {
    const broken = join(tmp, 'shards', 'lost');
    await cp(shardDirs[0] as string, broken, { recursive: true });
    const listed = Object.keys(JSON.parse(await readFile(join(broken, 'trailbook-shard', 'contents.json'), 'utf8')) as object).sort();
    const id = (await readdir(join(broken, 'p'))).sort()[0] as string;
    await rm(join(broken, 'p', id), { recursive: true });
    const lost = listed.filter((f) => f.startsWith(`p/${id}/`));
    const run = await merge(undefined, [broken, shardDirs[1] as string], join(tmp, 'mbad', 'site'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`trailbook: shard 1/2 (${broken}) is incomplete: ${lost[0]} is missing (its manifest lists ${listed.length} files, ${listed.length - lost.length} are there)\n${hint}`);
    expect(await stat(join(tmp, 'mbad', 'site')).then(() => true, () => false)).toBe(false);
  });

  it('refuses a shard with a file altered', async () => {
    const altered = join(tmp, 'shards', 'altered');
    await cp(shardDirs[1] as string, altered, { recursive: true });
    const id = (await readdir(join(altered, 'p'))).sort()[0] as string;
    await appendFile(join(altered, 'p', id, 'index.html'), '<!-- edited -->');
    const run = await merge(undefined, [shardDirs[0] as string, altered], join(tmp, 'mbad', 'site'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^trailbook: shard 2/2 \\(${altered}\\) was altered: p/${id}/index\\.html has [\\d,]+ bytes, its manifest says [\\d,]+ bytes\\n`));
  });

  it('refuses a shard built from other records with the same folder names and project list', async () => {
    const other = join(tmp, 'other', 'corpus');
    await cp(corpus, other, { recursive: true });
    const projects = (await readdir(join(other, 'projects'))).sort();
    const target = projects[0] as string;
    const files = await readdir(join(other, 'projects', target));
    const trail = files.find((f) => f.startsWith('decisions.')) as string;
    await appendFile(join(other, 'projects', target, trail), trail.endsWith('.tsv') ? '2026-12-02T00:00:00Z\thandover\tAnother run\tx\tREADME.md\topen\n' : `${JSON.stringify({ id: '00000000', ts: '2026-12-02T00:00:00Z', phase: 'handover', ticket: '', actor: 'lead', decision: 'Another run', why: 'x', evidence: 'README.md', result: 'open' })}\n`);
    const foreign = join(tmp, 'shards', 'foreign');
    await ok(runCli(['build', other, '--shard', '2/2', '--out', foreign, '--cache-dir', join(tmp, 'shards', 'cf')], REPO_ROOT, ENV));
    const run = await merge(undefined, [shardDirs[0] as string, foreign], join(tmp, 'mbad', 'site'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`trailbook: shard 1/2 (${shardDirs[0]}) and shard 2/2 (${foreign}) read different inputs: the record files of project projects-${target} differ\n  fix: build every shard from the same input folders at the same commit\n`);
  });
});

describe('a kept cache gives the verdicts `check` gives (reproduction 3)', () => {
  it('an artifact deleted after the build is NOT_VERIFIED on the next build, as check says', async () => {
    const projects = (await readdir(join(corpus, 'projects'))).sort();
    const name = (await Promise.all(projects.map(async (p) => ((await readdir(join(corpus, 'projects', p))).includes('decisions.jsonl') ? p : null)))).find((p) => p !== null) as string;
    const project = join(corpus, 'projects', name);
    await writeFile(join(project, 'bench-report.txt'), 'bench\nparse: 12 ms\nend\n');
    const ts = '2025-06-01T09:00:00Z';
    const decision = 'Parser benchmark recorded';
    const id = createHash('sha256').update(`${ts}${decision}`).digest('hex').slice(0, 8);
    const trail = await readFile(join(project, 'decisions.jsonl')).then(() => join(project, 'decisions.jsonl'), () => null);
    if (trail === null) throw new Error(`${name} has no decisions.jsonl`);
    await appendFile(trail, `${JSON.stringify({ id, ts, phase: 'verify', ticket: '', actor: 'qa', decision, why: 'speed', evidence: 'bench-report.txt:2', result: 'pass' })}\n`);
    await ok(build());
    const recapPath = join(out, 'p', `projects-${name}`, 'index.html');
    // A verified artifact says no kind (its link leads to its page); one not verified says it (issue 30, output size).
    const cited = (status: string): RegExp => new RegExp(`<li${status === 'VERIFIED' ? '' : ` data-status=${status}`}>(<a [^>]+>|<code>)bench-report\\.txt:2</(a|code)>${status === 'VERIFIED' ? ' <b>verified</b>' : ' <i>path</i> <b>not verified</b>'}`);
    expect(await readFile(recapPath, 'utf8')).toMatch(cited('VERIFIED'));
    await rm(join(project, 'bench-report.txt'));
    const rebuilt = await ok(build());
    expect(rebuilt.stderr).toMatch(/ {2}history: build \d+ \(\d+ builds kept\); since build \d+: 1 project new or changed, /);
    expect(await readFile(recapPath, 'utf8')).toMatch(cited('NOT_VERIFIED'));
    // What `trailbook check --json` says of the same input.
    const check = await runCli(['check', corpus, '--json'], REPO_ROOT, ENV);
    const report = JSON.parse(check.stdout) as { projects: Array<{ id: string; flags: Array<{ kind: string; severity: string; rows?: string[] }> }> };
    const flags = report.projects.find((p) => p.id === `projects-${name}`)?.flags ?? [];
    expect(flags.filter((f) => f.rows?.includes(id)).map((f) => `${f.severity} ${f.kind}`)).toEqual(['high evidence/path-not-found']);
  });
});

/** Whether a small tmpfs can be mounted here (Linux, as root): the one way to fill a real disk part-way through Astro's render. */
function canMountTmpfs(dir: string): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a cache folder on a disk that fills up while Astro renders', () => {
  let disk: string;
  beforeAll(async () => {
    disk = join(tmp, 'small-disk');
    await mkdir(disk, { recursive: true });
  });

  // Astro's content store saves on a timer; on a full disk that save fails after the build has
  // failed and said so, as a rejection nobody handles: Node printed its stack and exited 1.
  it.runIf(process.platform === 'linux' && process.getuid?.() === 0)('each size of disk: the build completes, or exits 2 with one problem and its fix, never a stack trace nor exit 1', async () => {
    if (!canMountTmpfs(disk)) return;
    const seen: string[] = [];
    for (let kib = 1200; kib <= 2200; kib += 100) {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', disk]);
      try {
        const site = join(tmp, 'full-disk-site');
        await rm(site, { recursive: true, force: true });
        const run = await runCli(['build', corpus, '--out', site, '--cache-dir', join(disk, 'cache')], REPO_ROOT, ENV);
        seen.push(`${kib}k: ${run.code}`);
        expect([0, 2], `${kib}k:\n${run.stderr}`).toContain(run.code);
        expect(run.stderr, `${kib}k`).not.toContain('triggerUncaughtException');
        if (run.code === 2) expect(run.stderr, `${kib}k`).toMatch(/\ntrailbook: [^\n]+\n {2}fix: [^\n]+\n$/);
      } finally {
        execFileSync('umount', [disk]);
      }
    }
    expect(seen.some((s) => s.endsWith(': 2')), seen.join(', ')).toBe(true);
  }, 600_000);
});
