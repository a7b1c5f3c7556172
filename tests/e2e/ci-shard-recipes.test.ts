/**
 * The sharded CI recipes of examples/ci/ (issue 17; shown in docs/publishing.md) run as written,
 * like the other recipes (ci-recipes.test.ts): the GitHub Actions matrix (a shard job per matrix
 * value on its own runner, the artifacts handed to one merge job) and the GitLab CI `parallel:`
 * job (each parallel job in its own checkout, the artifacts collected by `pages`). A user
 * repository with six trails that cite the same commit and file (so evidence pages are combined
 * from several shards) gives, merged, the same archive as one build; a second run reuses every
 * shard's cache and the previous merge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { listing } from './file-listing.ts';
import { REPO_ROOT, runCli } from './build-site.ts';
import { git, makeUserRepo, type UserRepo } from './user-repo.ts';
import { expand, installTrailbook, NETWORK_STEPS, runStep, type Step } from './ci-runner.ts';

const EXAMPLES = join(REPO_ROOT, 'examples', 'ci');
const BASE = '/my-repo/';

let dir: string;
let repo: UserRepo;
let single: string;

/** The files under p/, r/ and search-index/ of `a` that differ from `b`'s (or that `b` lacks). */
async function pagesDiffering(a: string, b: string): Promise<string[]> {
  const differ: string[] = [];
  for (const rel of await listing(a)) {
    if (!/^(p|r|search-index)\//.test(rel)) continue;
    const y = await readFile(join(b, rel)).catch(() => Buffer.alloc(0));
    if (!(await readFile(join(a, rel))).equals(y)) differ.push(rel);
  }
  return differ;
}

/** A checkout of the user repository, as a CI job gets it (at the same path on every runner: `<job>/my-repo`), with Trailbook installed. */
async function checkout(name: string): Promise<string> {
  const to = join(dir, name, 'my-repo');
  git(dir, 'clone', '-q', repo.dir, to);
  await installTrailbook(to);
  return to;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-ci-shards-'));
  repo = await makeUserRepo(join(dir, 'origin', 'my-repo'), { under: 'runs/a' });
  for (const name of ['b', 'c', 'd', 'e', 'f']) {
    const ts = `2026-04-02T10:0${name.charCodeAt(0) - 97}:00Z`;
    const decision = `Review part ${name}`;
    const id = createHash('sha256').update(`${ts}${decision}`).digest('hex').slice(0, 8);
    await mkdir(join(repo.dir, 'runs', name), { recursive: true });
    await writeFile(join(repo.dir, 'runs', name, 'decisions.jsonl'), `${JSON.stringify({ id, ts, phase: 'start', actor: 'lead', decision, why: 'the sharded recipes', evidence: `${repo.sha.slice(0, 10)}; README.md:${name.charCodeAt(0) - 96}`, result: 'verified' })}\n`);
  }
  await writeFile(join(repo.dir, 'package.json'), `${JSON.stringify({ name: 'my-repo', private: true, devDependencies: { trailbook: '^0.1.0' } }, null, 2)}\n`);
  await writeFile(join(repo.dir, '.gitignore'), 'node_modules/\n.trailbook-cache/\n.trailbook-merge-cache/\nshards/\npublic/\n');
  git(repo.dir, 'add', '.');
  git(repo.dir, 'commit', '-q', '-m', 'Add five more trails and the recipes');
  // The archive as one build makes it, to compare the merged one with.
  const one = await checkout('single');
  single = join(dir, 'single-site');
  const built = await runCli(['build', '--out', single, '--cache-dir', join(dir, 'single-cache'), '--base', BASE, '--site', 'https://acme.github.io/my-repo/'], one);
  if (built.code !== 0) throw new Error(built.stderr);
}, 300_000);

afterAll(async () => {
  if (dir && !process.env.KEEP) await rm(dir, { recursive: true, force: true });
});

describe('docs/publishing.md', () => {
  it('shows the sharded recipes exactly as examples/ci/ ships them', async () => {
    const doc = await readFile(join(REPO_ROOT, 'docs', 'publishing.md'), 'utf8');
    for (const file of ['github-actions-shards.yml', 'gitlab-ci-shards.yml']) expect(doc).toContain(`\`\`\`yaml\n${await readFile(join(EXAMPLES, file), 'utf8')}\`\`\``);
  });
});

type GhStep = { run?: string; uses?: string; with?: Record<string, string> };

describe('the GitHub Actions matrix (examples/ci/github-actions-shards.yml)', () => {
  const workflow = YAML.parse(readFileSync(join(EXAMPLES, 'github-actions-shards.yml'), 'utf8')) as { jobs: Record<string, { steps: GhStep[]; strategy?: { matrix: { shard: number[] } }; needs?: string }> };
  const shardJob = workflow.jobs['shard'] as { steps: GhStep[]; strategy: { matrix: { shard: number[] } } };
  const mergeJob = workflow.jobs['merge'] as { steps: GhStep[]; needs: string };
  const matrix = shardJob.strategy.matrix.shard;
  const common = { 'github.event.repository.name': 'my-repo', 'github.repository_owner': 'acme', 'strategy.job-total': String(matrix.length) };
  const temp = (name: string): string => join(dir, `gh-${name}`, 'runner-temp');
  const checkouts = new Map<string, string>();
  const jobCheckout = async (name: string): Promise<string> => {
    let c = checkouts.get(name);
    if (!c) checkouts.set(name, (c = await checkout(`gh-${name}`)));
    return c;
  };

  /** Runs a job's shell steps on its runner; `upload-artifact` and `download-artifact` move folders between runners. */
  const runJob = async (name: string, steps: GhStep[], values: Record<string, string>, artifacts: string): Promise<Step[]> => {
    const cwd = await jobCheckout(name);
    await mkdir(values['runner.temp'] as string, { recursive: true });
    const done: Step[] = [];
    for (const step of steps) {
      if (step.uses?.startsWith('actions/upload-artifact@')) {
        await cp(expand(step.with?.['path'] as string, values), join(artifacts, expand(step.with?.['name'] as string, values)), { recursive: true });
      } else if (step.uses?.startsWith('actions/download-artifact@')) {
        const to = expand(step.with?.['path'] as string, values);
        await rm(to, { recursive: true, force: true });
        const wanted = new RegExp(`^${(step.with?.['pattern'] as string).replace(/\*/g, '.*')}$`);
        for (const a of readdirSync(artifacts).filter((n) => wanted.test(n))) await cp(join(artifacts, a), join(to, a), { recursive: true });
      } else if (step.run !== undefined && !NETWORK_STEPS.includes(step.run)) {
        const r = await runStep(expand(step.run, values), cwd, { GITHUB_ACTIONS: 'true', CI: 'true' });
        done.push(r);
        if (r.exit !== 0) break;
      }
    }
    return done;
  };

  const runWorkflow = async (): Promise<{ shards: Step[][]; merge: Step[] }> => {
    const artifacts = join(dir, 'gh-artifacts');
    await rm(artifacts, { recursive: true, force: true });
    await mkdir(artifacts, { recursive: true });
    const shards: Step[][] = [];
    for (const k of matrix) shards.push(await runJob(`shard-${k}`, shardJob.steps, { ...common, 'matrix.shard': String(k), 'runner.temp': temp(`shard-${k}`) }, artifacts));
    return { shards, merge: await runJob('merge', mergeJob.steps, { ...common, 'runner.temp': temp('merge') }, artifacts) };
  };
  let first: { shards: Step[][]; merge: Step[] };

  beforeAll(async () => {
    first = await runWorkflow();
  }, 600_000);

  it('has the jobs the test runs: a shard per matrix value, then the merge, then Pages', () => {
    expect(matrix).toEqual([1, 2, 3, 4]);
    expect(shardJob.steps.map((s) => s.uses ?? (s.run as string).split(' ').slice(0, 3).join(' '))).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'npm ci', 'actions/cache@v4', 'npx trailbook build', 'actions/upload-artifact@v4']);
    expect(mergeJob.needs).toBe('shard');
    expect(mergeJob.steps.map((s) => s.uses ?? (s.run as string).split(' ').slice(0, 3).join(' '))).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'npm ci', 'actions/download-artifact@v4', 'actions/cache@v4', 'npx trailbook merge', 'actions/upload-pages-artifact@v3']);
    // What the caches keep is what the steps wrote.
    const values = { ...common, 'matrix.shard': '2', 'runner.temp': temp('shard-2') };
    expect(expand((shardJob.steps.find((s) => s.uses === 'actions/cache@v4')?.with?.['path'] as string), values).trim().split('\n')).toEqual([join(temp('shard-2'), 'trailbook-cache'), join(temp('shard-2'), 'shard')]);
  });

  it('builds every shard and merges them into the archive one build makes', async () => {
    for (const steps of first.shards) expect(steps.map((s) => s.exit), steps.map((s) => s.stderr).join('\n')).toEqual([0]);
    expect(first.merge.map((s) => s.exit), first.merge.map((s) => s.stderr).join('\n')).toEqual([0]);
    expect(first.merge[0]?.stderr).toContain('merging 4 shards');
    expect(first.merge[0]?.stderr).toMatch(/evidence pages: \d+ pages? copied, [1-9]\d* pages? cited from several shards/);
    const site = join(temp('merge'), 'site');
    expect(await listing(site)).toEqual(await listing(single));
    expect(await pagesDiffering(single, site)).toEqual([]);
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('href="/my-repo/p/runs-a/"');
  });

  it('a second run reuses every shard cache and the previous merge', async () => {
    const again = await runWorkflow();
    for (const steps of again.shards) expect(steps[0]?.exit, steps[0]?.stderr).toBe(0);
    const reused = again.shards.map((steps) => steps[0]?.stderr ?? '').filter((e) => /analysed \d+\/\d+ projects \(\d+ unchanged, reused\)/.test(e));
    expect(reused.length).toBe(again.shards.filter((steps) => !/Shard \d\/4: 0 projects/.test(steps[0]?.stderr ?? '')).length);
    expect(again.merge[0]?.exit, again.merge[0]?.stderr).toBe(0);
    expect(again.merge[0]?.stderr).toContain('copied 0 projects from the shards; evidence pages: 0 pages copied, 0 pages cited from several shards written from their data; kept');
    expect(await pagesDiffering(single, join(temp('merge'), 'site'))).toEqual([]);
  }, 600_000);
});

describe('the GitLab CI parallel job (examples/ci/gitlab-ci-shards.yml)', () => {
  const jobs = YAML.parse(readFileSync(join(EXAMPLES, 'gitlab-ci-shards.yml'), 'utf8')) as Record<string, { script: string[]; parallel?: number; needs?: string[]; artifacts?: { paths: string[] } }>;
  const shardJob = jobs['trailbook-shard'] as { script: string[]; parallel: number; artifacts: { paths: string[] } };
  const pagesJob = jobs['pages'] as { script: string[]; needs: string[] };
  const env = { GITLAB_CI: 'true', CI: 'true', CI_PROJECT_NAME: 'my-repo', CI_PAGES_URL: 'https://acme.gitlab.io/my-repo', CI_COMMIT_BRANCH: 'main', CI_DEFAULT_BRANCH: 'main' };
  const checkouts = new Map<string, string>();
  const runJob = async (name: string, script: string[], extra: Record<string, string> = {}): Promise<Step[]> => {
    let cwd = checkouts.get(name);
    if (!cwd) checkouts.set(name, (cwd = await checkout(`gl-${name}`)));
    const done: Step[] = [];
    for (const line of script) {
      if (NETWORK_STEPS.includes(line)) continue;
      const step = await runStep(line, cwd, { ...env, ...extra });
      done.push(step);
      if (step.exit !== 0) break;
    }
    return done;
  };
  /** The `parallel:` jobs, each in its own checkout, then `pages` with their artifacts. */
  const runPipeline = async (): Promise<{ shards: Step[][]; pages: Step[] }> => {
    const shards: Step[][] = [];
    for (let k = 1; k <= shardJob.parallel; k++) {
      // A job starts from a fresh checkout with its cache: the artifacts of the last run are not there.
      const c = checkouts.get(`shard-${k}`);
      if (c) await rm(join(c, 'shards'), { recursive: true, force: true });
      shards.push(await runJob(`shard-${k}`, shardJob.script, { CI_NODE_INDEX: String(k), CI_NODE_TOTAL: String(shardJob.parallel) }));
    }
    const pagesDir = checkouts.get('pages') ?? (await checkout('gl-pages'));
    checkouts.set('pages', pagesDir);
    await rm(join(pagesDir, 'shards'), { recursive: true, force: true });
    for (let k = 1; k <= shardJob.parallel; k++) for (const path of shardJob.artifacts.paths) await cp(join(checkouts.get(`shard-${k}`) as string, path), join(pagesDir, path), { recursive: true });
    return { shards, pages: await runJob('pages', pagesJob.script) };
  };

  it('builds 4 shards in parallel jobs, merges them in pages into the archive one build makes, and again from the kept caches', async () => {
    expect(shardJob.parallel).toBe(4);
    expect(pagesJob.needs).toEqual(['trailbook-shard']);
    const first = await runPipeline();
    for (const steps of first.shards) expect(steps.map((s) => s.exit), steps.map((s) => s.stderr).join('\n')).toEqual([0, 0]);
    expect(first.pages.map((s) => s.exit), first.pages.map((s) => s.stderr).join('\n')).toEqual([0, 0, 0]);
    const site = join(checkouts.get('pages') as string, 'public');
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('href="/my-repo/p/runs-a/"');
    expect(readFileSync(join(site, 'archive.json'), 'utf8')).toContain('https://acme.gitlab.io/my-repo/');
    expect(await listing(site)).toEqual(await listing(single));

    const again = await runPipeline();
    for (const steps of again.shards) expect(steps.map((s) => s.exit)).toEqual([0, 0]);
    expect(again.pages[1]?.stderr).toContain('copied 0 projects from the shards');
    for (const name of checkouts.keys()) expect(git(checkouts.get(name) as string, 'status', '--porcelain'), name).toBe('');
  }, 900_000);
});
