/**
 * The CI recipes shipped in examples/ci/ (and shown in docs/publishing.md) run as written: every
 * shell step of the GitHub Actions workflow and of the GitLab CI jobs runs, with the CI's
 * variables set, in a temporary user repository with a trail that has a high-severity flag —
 * where Trailbook is installed as `npm ci` would (a link to this checkout), so no step needs the
 * network. The build publishes under the base path, a second run reuses the kept cache, the
 * SARIF log is valid, and the gate fails on the flag with an annotation on its file and line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { REPO_ROOT } from './build-site.ts';
import { git, makeUserRepo, type UserRepo } from './user-repo.ts';
import { expand, installTrailbook, NETWORK_STEPS, runStep as runShellStep, type Step } from './ci-runner.ts';
import { installFakeGh } from './fake-gh.ts';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const EXAMPLES = join(REPO_ROOT, 'examples', 'ci');

let dir: string;
let repo: UserRepo;

/** Runs one shell step in the user repository as the CI runners do. */
const runStep = (script: string, env: NodeJS.ProcessEnv): Promise<Step> => runShellStep(script, repo.dir, env);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-ci-'));
  repo = await makeUserRepo(join(dir, 'my-repo'), { fault: true });
  await mkdir(join(dir, 'runner-temp'));
  await writeFile(join(repo.dir, 'package.json'), `${JSON.stringify({ name: 'my-repo', private: true, devDependencies: { trailbook: '^0.1.0' } }, null, 2)}\n`);
  await writeFile(join(repo.dir, '.gitignore'), 'node_modules/\n.trailbook-cache/\nsite/\npublic/\ntrailbook.sarif\ntrailbook.md\n');
  git(repo.dir, 'add', '.');
  git(repo.dir, 'commit', '-q', '-m', 'Add the archive recipe');
  await installTrailbook(repo.dir);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const validSarif = (path: string): boolean => {
  const ajv = new Ajv04({ strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(join(REPO_ROOT, 'tests', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')))(JSON.parse(readFileSync(path, 'utf8')));
};

describe('docs/publishing.md', () => {
  it('shows the recipes exactly as examples/ci/ ships them', async () => {
    const doc = await readFile(join(REPO_ROOT, 'docs', 'publishing.md'), 'utf8');
    for (const file of ['github-actions.yml', 'gitlab-ci.yml']) expect(doc).toContain(`\`\`\`yaml\n${await readFile(join(EXAMPLES, file), 'utf8')}\`\`\``);
  });
});

describe('the GitHub Actions workflow (examples/ci/github-actions.yml)', () => {
  const workflow = YAML.parse(readFileSync(join(EXAMPLES, 'github-actions.yml'), 'utf8')) as { jobs: Record<string, { steps: Array<{ run?: string; uses?: string; id?: string; env?: Record<string, string> }> }> };
  const temp = (): string => join(dir, 'runner-temp');
  const values = (): Record<string, string> => ({ 'github.event.repository.name': 'my-repo', 'github.repository_owner': 'acme', 'runner.temp': temp(), 'github.token': 'token-of-the-run', 'github.event.pull_request.number': '7' });
  const steps = (workflow.jobs['build']?.steps ?? []).filter((s) => s.run !== undefined);
  // What the runner sets, and `gh` answering from a file of the pull request's comments (tests/e2e/fake-gh.ts).
  const runnerEnv = (): NodeJS.ProcessEnv => ({ GITHUB_ACTIONS: 'true', CI: 'true', RUNNER_TEMP: temp(), GITHUB_STEP_SUMMARY: join(temp(), 'step-summary.md'), GITHUB_REPOSITORY: 'acme/my-repo', FAKE_GH_STATE: join(temp(), 'gh-state.json'), PATH: `${join(temp(), 'bin')}:${process.env['PATH'] ?? ''}` });
  const run = async (): Promise<Step[]> => {
    const done: Step[] = [];
    await writeFile(join(temp(), 'step-summary.md'), '');
    for (const step of steps) {
      if (NETWORK_STEPS.includes(step.run as string)) continue;
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v), values())]));
      done.push(await runStep(expand(step.run as string, values()), { ...runnerEnv(), ...stepEnv }));
    }
    return done;
  };
  let first: Step[];

  beforeAll(async () => {
    await installFakeGh(join(temp(), 'bin'));
    first = await run();
  });

  it('has the steps the test runs: build, SARIF, the summary and comment, the gate', () => {
    expect(steps.map((s) => (s.run as string).split(' ').slice(0, 3).join(' '))).toEqual(['npm ci', 'npx trailbook build', 'npx trailbook check', 'npx trailbook check', 'npx trailbook check']);
    expect(steps[3]?.run?.startsWith('npx trailbook check --format markdown --fail-on high')).toBe(true);
    // What the actions keep and upload is what the steps wrote.
    const cache = workflow.jobs['build']?.steps.find((s) => s.uses === 'actions/cache@v4') as { with: { path: string } };
    expect(expand(cache.with.path, values()).trim().split('\n')).toEqual([join(temp(), 'trailbook-cache'), join(temp(), 'site')]);
    expect(workflow.jobs['build']?.steps.map((s) => s.uses).filter(Boolean)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'actions/cache@v4', 'actions/upload-pages-artifact@v3', 'github/codeql-action/upload-sarif@v3']);
  });

  it('builds the archive for GitHub Pages under /my-repo/', () => {
    const build = first[0] as Step;
    expect(build.exit, build.stderr).toBe(0);
    const home = readFileSync(join(temp(), 'site', 'index.html'), 'utf8');
    expect(home).toContain('href="/my-repo/p/my-repo/"');
    expect(readFileSync(join(temp(), 'site', 'archive.json'), 'utf8')).toContain('https://acme.github.io/my-repo/');
  });

  it('writes a valid SARIF log for code scanning', () => {
    expect(first[1]?.exit).toBe(0);
    expect(validSarif(join(temp(), 'trailbook.sarif'))).toBe(true);
  });

  it('writes the summary to the job summary and to one pull-request comment, failed gate first, the flag linked into the archive', async () => {
    const summary = first[2] as Step;
    expect(summary.exit, summary.stderr).toBe(0);
    const text = readFileSync(join(temp(), 'step-summary.md'), 'utf8');
    expect(text.startsWith('## Trailbook: 1 project, 1 flag\n\n**Failed gates**\n\n- ❌ `--fail-on high`: 1 project with flags of severity high or higher: my-repo\n')).toBe(true);
    expect(text).toMatch(/\| 🔴 high \| \[\*\*evidence\/path-not-found\*\*\]\(https:\/\/acme\.github\.io\/my-repo\/p\/my-repo\/#flag-1\) row [0-9a-f]{8} “Ship the parser” — src\/parser\.ts:10/);
    const state = JSON.parse(readFileSync(join(temp(), 'gh-state.json'), 'utf8')) as { comments: Array<{ id: number; body: string }>; calls: string[][] };
    expect(state.comments).toEqual([{ id: 1, body: `<!-- trailbook -->\n${text}` }]);
    expect(state.calls.map((c) => c.slice(0, 3))).toEqual([
      ['api', 'repos/acme/my-repo/issues/7/comments', '--paginate'],
      ['api', 'repos/acme/my-repo/issues/7/comments', '-F'],
    ]);
  });

  it('fails the job on the high-severity flag, annotated on its record file and line', () => {
    const gate = first[3] as Step;
    expect(gate.exit).toBe(1);
    expect(gate.stdout).toMatch(/^::error file=decisions\.jsonl,line=3,title=Trailbook evidence\/path-not-found \(high\)::my-repo: row [0-9a-f]{8} “Ship the parser” — src\/parser\.ts:10: /m);
    expect(gate.stderr).toContain('1 project with flags of severity high or higher (--fail-on high): my-repo');
  });

  it('a second run, with the kept cache, reads nothing again and leaves the repository clean', async () => {
    const again = await run();
    expect(again[0]?.exit, again[0]?.stderr).toBe(0);
    expect(again[0]?.stderr).toContain('analysed 1/1 projects (1 unchanged, reused)');
    expect(again[0]?.stderr).toContain('incremental: pages of unchanged projects');
    expect(again[3]?.exit).toBe(1);
    // The pull request still has one comment from Trailbook: updated in place.
    const state = JSON.parse(readFileSync(join(temp(), 'gh-state.json'), 'utf8')) as { comments: Array<{ id: number; body: string }>; calls: string[][] };
    expect(state.comments.map((c) => c.id)).toEqual([1]);
    expect(state.calls.slice(2).map((c) => c.slice(0, 4))).toEqual([
      ['api', 'repos/acme/my-repo/issues/7/comments', '--paginate', '--jq'],
      ['api', '-X', 'PATCH', 'repos/acme/my-repo/issues/comments/1'],
    ]);
    expect(git(repo.dir, 'status', '--porcelain')).toBe('');
  });
});

describe('the GitLab CI jobs (examples/ci/gitlab-ci.yml)', () => {
  const jobs = YAML.parse(readFileSync(join(EXAMPLES, 'gitlab-ci.yml'), 'utf8')) as Record<string, { script: string[]; rules?: unknown; artifacts?: unknown }>;
  const env = { GITLAB_CI: 'true', CI: 'true', CI_PROJECT_NAME: 'my-repo', CI_PAGES_URL: 'https://acme.gitlab.io/my-repo', CI_COMMIT_BRANCH: 'main', CI_DEFAULT_BRANCH: 'main' };
  const runJob = async (name: string): Promise<Step[]> => {
    const done: Step[] = [];
    for (const line of jobs[name]?.script ?? []) {
      if (NETWORK_STEPS.includes(line)) continue;
      const step = await runStep(line, env);
      done.push(step);
      if (step.exit !== 0) break;
    }
    return done;
  };

  it('pages builds the archive into public/ under /my-repo/, and again from the kept cache', async () => {
    const [, build, move] = await runJob('pages');
    expect(build?.exit, build?.stderr).toBe(0);
    expect(move?.exit).toBe(0);
    const [, again] = await runJob('pages');
    expect(again?.stderr).toContain('incremental: pages of unchanged projects');
    expect(readFileSync(join(repo.dir, 'public', 'index.html'), 'utf8')).toContain('href="/my-repo/p/my-repo/"');
    expect(readFileSync(join(repo.dir, 'public', 'archive.json'), 'utf8')).toContain('https://acme.gitlab.io/my-repo/');
  });

  it('trailbook-note keeps one note on the merge request with the summary, updated in place through the notes API', async () => {
    expect(jobs['trailbook-note']).toMatchObject({ rules: [{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }], artifacts: { paths: ['trailbook.md'] } });
    // GitLab's notes API for merge request 7 of project 42, as far as the job uses it; a note of a reviewer is there already.
    const notes: Array<{ id: number; body: string }> = [{ id: 100, body: 'Looks good to me' }];
    const calls: string[] = [];
    const read = async (req: IncomingMessage): Promise<string> => {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      return text;
    };
    const server: Server = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        calls.push(`${req.method} ${url.pathname}${url.search}`);
        const send = (status: number, value: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        if (req.headers['private-token'] !== 'project-token') return send(401, { message: '401 Unauthorized' });
        const list = '/api/v4/projects/42/merge_requests/7/notes';
        if (req.method === 'GET' && url.pathname === list) return send(200, notes);
        if (req.method === 'POST' && url.pathname === list && req.headers['content-type'] === 'application/json') {
          const note = { id: 101 + notes.length, body: (JSON.parse(await read(req)) as { body: string }).body };
          notes.push(note);
          return send(201, note);
        }
        const one = /^\/api\/v4\/projects\/42\/merge_requests\/7\/notes\/(\d+)$/.exec(url.pathname);
        const note = one ? notes.find((n) => n.id === Number(one[1])) : undefined;
        if (req.method === 'PUT' && note && req.headers['content-type'] === 'application/json') {
          note.body = (JSON.parse(await read(req)) as { body: string }).body;
          return send(200, note);
        }
        return send(404, { message: '404 Not found' });
      })();
    });
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
    try {
      const mrEnv = { ...env, CI_PIPELINE_SOURCE: 'merge_request_event', CI_API_V4_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`, CI_PROJECT_ID: '42', CI_MERGE_REQUEST_IID: '7', TRAILBOOK_NOTE_TOKEN: 'project-token' };
      const runNote = async (token = 'project-token'): Promise<Step[]> => {
        const done: Step[] = [];
        for (const line of jobs['trailbook-note']?.script ?? []) {
          if (NETWORK_STEPS.includes(line)) continue;
          const step = await runStep(line, { ...mrEnv, TRAILBOOK_NOTE_TOKEN: token });
          done.push(step);
          if (step.exit !== 0) break;
        }
        return done;
      };
      const first = await runNote();
      // The summary step says the gate failed and goes on (`|| true`): trailbook-check is the gate.
      expect(first.map((s) => [s.exit, s.stderr])).toEqual([
        [0, 'trailbook: 1 project with flags of severity high or higher (--fail-on high): my-repo\n'],
        [0, ''],
      ]);
      const summary = readFileSync(join(repo.dir, 'trailbook.md'), 'utf8');
      expect(summary.startsWith('## Trailbook: 1 project, 1 flag\n\n**Failed gates**\n\n- ❌ `--fail-on high`: 1 project with flags of severity high or higher: my-repo\n')).toBe(true);
      expect(summary).toMatch(/\(https:\/\/acme\.gitlab\.io\/my-repo\/p\/my-repo\/#flag-1\)/);
      expect(notes).toEqual([
        { id: 100, body: 'Looks good to me' },
        { id: 102, body: `<!-- trailbook -->\n${summary}` },
      ]);
      // A later pipeline edits that note; the merge request keeps one from Trailbook.
      const again = await runNote();
      expect(again.map((s) => s.exit)).toEqual([0, 0]);
      expect(notes.map((n) => n.id)).toEqual([100, 102]);
      expect(calls).toEqual([
        'GET /api/v4/projects/42/merge_requests/7/notes?per_page=100&order_by=created_at&sort=asc',
        'POST /api/v4/projects/42/merge_requests/7/notes',
        'GET /api/v4/projects/42/merge_requests/7/notes?per_page=100&order_by=created_at&sort=asc',
        'PUT /api/v4/projects/42/merge_requests/7/notes/102',
      ]);
      // A token GitLab refuses fails the job, saying so, and writes nothing.
      const denied = await runNote('revoked-token');
      expect(denied[1]?.exit).not.toBe(0);
      expect(denied[1]?.stderr).toContain('401');
      expect(notes.map((n) => n.id)).toEqual([100, 102]);
      expect(git(repo.dir, 'status', '--porcelain')).toBe('');
    } finally {
      await new Promise((resolveClose) => server.close(resolveClose));
    }
  });

  it('trailbook-check keeps the SARIF log and fails on the high-severity flag', async () => {
    const [sarif, gate] = await runJob('trailbook-check');
    expect(sarif?.exit).toBe(0);
    expect(existsSync(join(repo.dir, 'trailbook.sarif')) && validSarif(join(repo.dir, 'trailbook.sarif'))).toBe(true);
    expect(gate?.exit).toBe(1);
    expect(gate?.stdout).toMatch(/^my-repo\n {2}3 rows, 0 invalid records, 1 flag \(1 high, 0 medium, 0 low\), 1 problem; repository: my-repo @ [0-9a-f]{12}\n/);
    expect(git(repo.dir, 'status', '--porcelain')).toBe('');
  });
});
