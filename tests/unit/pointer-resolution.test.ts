/**
 * Resolution of evidence as agents write it (issue 13): the SHAs, ranges and files inside
 * commands, paths abbreviated to a bare name, a partial path or a stem, line lists, globs, a
 * path at a commit, and forge URLs of the project's own repository — against a repository
 * generated with the `git` CLI (fixed names and dates, so every id is the same on every run),
 * and against Trailbook's own git repository (the checkout these tests run from).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { resolveEvidence, type EvidenceContext } from '../../src/lib/evidence/resolve.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { parseForgeUrl, parseRemoteUrl } from '../../src/lib/evidence/forge-url.ts';
import { openRepository, type GitRepository } from '../../src/lib/git/repository.ts';
import { originFromConfig, remoteNamesFromConfig } from '../../src/lib/git/origin-remote.ts';
import { repositoryOnForges } from '../../src/lib/project/forge-identity.ts';
import type { EvidencePointer } from '../../src/lib/model/types.ts';

let tmp: string;
let dir: string;
let repo: GitRepository;
let c1: string;
let c2: string;
let feature: string;

function git(cwd: string, args: string[], at = '2026-03-02T09:00:00Z'): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: tmp,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Ada Example',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada Example',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: at,
      GIT_COMMITTER_DATE: at,
    },
  }).trim();
}

async function put(rel: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), text);
}

const lines = (n: number, prefix = 'line'): string => `${Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n')}\n`;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-pointers-'));
  dir = path.join(tmp, 'app');
  await mkdir(dir);
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['remote', 'add', 'origin', 'git@github.com:acme/app.git']);
  await put('src/app/route.ts', lines(10));
  await put('README.md', '# App\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'First: a short route'], '2026-03-02T09:01:00Z');
  c1 = git(dir, ['rev-parse', 'HEAD']);
  await put('src/app/route.ts', lines(100));
  await put('apps/a/index.ts', 'export const a = 1;\n');
  await put('apps/b/index.ts', 'export const b = 2;\n');
  await put('apps/b/b.md', '# b elsewhere\n');
  await put('docs/x/a.md', '# a\n');
  await put('docs/x/b.md', '# b\n');
  await put('docs/spec/one.md', '# one\n');
  await put('docs/spec/two.md', '# two\n');
  await put('src/queue.ts', 'export function clearQueueLater() {}\n');
  await put('test/unit/convert.test.js', "it('SINGLE_COLUMN only when the sheet has one column', () => {});\n");
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Second: the long route'], '2026-03-02T09:02:00Z');
  c2 = git(dir, ['rev-parse', 'HEAD']);
  git(dir, ['checkout', '-q', '-b', 'feature/x']);
  await put('src/only-on-feature.ts', lines(5, 'feature'));
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Feature work'], '2026-03-02T09:03:00Z');
  feature = git(dir, ['rev-parse', 'HEAD']);
  git(dir, ['checkout', '-q', 'main']);
  const opened = await openRepository(dir);
  if (!('repository' in opened)) throw new Error(opened.problem);
  repo = opened.repository;
}, 30_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function ctx(): EvidenceContext {
  return { repository: repo, repositoryName: 'app', head: c2, problem: null, artifacts: new ArtifactFolder(path.join(tmp, 'project')), forges: [{ host: 'github.com', path: 'acme/app' }] };
}

/** Each pointer of a cell, resolved: `[raw, kind, status, reason]`, with `within` when set. */
async function resolved(cell: string, c = ctx()): Promise<Array<Array<string | number>>> {
  return (await resolveEvidence(classifyEvidence(cell), c)).map((p) => [p.raw, p.kind, p.status, p.reason, ...(p.within !== undefined ? [p.within] : [])]);
}

const s = (oid: string): string => oid.slice(0, 7);

describe('pointers inside commands', () => {
  it('resolves each SHA, range and file inside a command under it; the command stays INCONCLUSIVE', async () => {
    expect(await resolved(`git show ${s(c1)} | head; sed -n 1,3p src/app/route.ts`)).toEqual([
      [`git show ${s(c1)} | head`, 'command', 'INCONCLUSIVE', 'a command is not evidence of its result'],
      [s(c1), 'commit', 'VERIFIED', `commit ${s(c1)} exists: “First: a short route”`, 0],
      ['sed -n 1,3p src/app/route.ts', 'command', 'INCONCLUSIVE', 'a command is not evidence of its result'],
      ['src/app/route.ts', 'path', 'VERIFIED', 'file exists at landed head; 100 lines', 2],
    ]);
  });

  it('a SHA inside a command that is not in the repository is NOT_VERIFIED, with its flag', async () => {
    const pointers = await resolveEvidence(classifyEvidence('git show 0abc1234def5678'), ctx());
    expect(pointers.map((p) => [p.raw, p.status, p.fault, p.within])).toEqual([
      ['git show 0abc1234def5678', 'INCONCLUSIVE', undefined, undefined],
      ['0abc1234def5678', 'NOT_VERIFIED', 'evidence/commit-not-found', 0],
    ]);
  });

  it('a range needs both ends', async () => {
    expect(await resolved(`7 commits ${s(c1)}..${s(c2)}`)).toEqual([[`${s(c1)}..${s(c2)}`, 'commit', 'VERIFIED', `commits ${s(c1)} and ${s(c2)} exist: “First: a short route” … “Second: the long route”`]]);
    expect(await resolved(`${s(c1)}..0abc1234def`)).toEqual([[`${s(c1)}..0abc1234def`, 'commit', 'NOT_VERIFIED', 'no commit 0abc1234def in app']]);
  });
});

describe('paths as people abbreviate them', () => {
  it.each([
    ['route.ts', 'VERIFIED', 'file exists at landed head as src/app/route.ts (the only file named route.ts); 100 lines'],
    ['app/route.ts:20-30', 'VERIFIED', 'lines 20–30 of 100 exist at landed head as src/app/route.ts (the only file named route.ts under app)'],
    ['route.ts:34,47', 'VERIFIED', 'lines 34, 47 of 100 exist at landed head as src/app/route.ts (the only file named route.ts)'],
    ['route.ts:34-61,230-238', 'NOT_VERIFIED', 'lines 230–238 are past the end of src/app/route.ts (100 lines at landed head)'],
    ['index.ts', 'INCONCLUSIVE', '2 files at landed head __HEAD__ match index.ts: apps/a/index.ts, apps/b/index.ts'],
    ['nowhere.ts', 'NOT_VERIFIED', 'nowhere.ts not found at landed head __HEAD__ nor in the project folder'],
    ['convert.test', 'VERIFIED', 'file exists at landed head as test/unit/convert.test.js (the only file named convert.test.*); 1 line'],
    ['docs/spec/*.md', 'VERIFIED', '2 files at landed head match: docs/spec/one.md, docs/spec/two.md'],
    ['docs/none/*.md', 'NOT_VERIFIED', 'no file at landed head __HEAD__ matches docs/none/*.md'],
  ])('%s is %s: %s', async (cell, status, reason) => {
    expect(await resolved(cell)).toEqual([[cell, 'path', status, reason.replace('__HEAD__', s(c2))]]);
  });

  it('a bare name after a path is looked for beside it first', async () => {
    expect(await resolved('docs/x/a.md; b.md')).toEqual([
      ['docs/x/a.md', 'path', 'VERIFIED', 'file exists at landed head; 1 line'],
      ['b.md', 'path', 'VERIFIED', 'file exists at landed head as docs/x/b.md (beside the path cited before it); 1 line'],
    ]);
    // Alone, the same name has two matches.
    expect(await resolved('b.md')).toEqual([['b.md', 'path', 'INCONCLUSIVE', `2 files at landed head ${s(c2)} match b.md: apps/b/b.md, docs/x/b.md`]]);
  });

  it('a test named in a file written without its extension', async () => {
    expect(await resolved("convert.test 'SINGLE_COLUMN only when the sheet has one column'")).toEqual([
      ["convert.test 'SINGLE_COLUMN only when the sheet has one column'", 'test', 'VERIFIED', 'test found in test/unit/convert.test.js at line 1'],
    ]);
  });

  it('a symbol is found only as a whole name, never inside a longer one (new-user trial: fake evidence shown clean)', async () => {
    expect(await resolved('src/queue.ts clearQueueLater')).toEqual([['src/queue.ts clearQueueLater', 'symbol', 'VERIFIED', 'name found in src/queue.ts at line 1']]);
    expect(await resolved('src/queue.ts clearQueue')).toEqual([['src/queue.ts clearQueue', 'symbol', 'INCONCLUSIVE', 'name “clearQueue” not found in src/queue.ts']]);
    expect(await resolved('src/queue.ts Queue')).toEqual([['src/queue.ts Queue', 'symbol', 'INCONCLUSIVE', 'name “Queue” not found in src/queue.ts']]);
  });

  it('a path at a commit is checked in that commit', async () => {
    expect(await resolved(`src/app/route.ts:5 in ${s(c1)}`)).toEqual([[`src/app/route.ts:5 in ${s(c1)}`, 'path', 'VERIFIED', `line 5 of 10 exists at commit ${s(c1)}`]]);
    expect(await resolved(`src/app/route.ts:50 in ${s(c1)}`)).toEqual([[`src/app/route.ts:50 in ${s(c1)}`, 'path', 'NOT_VERIFIED', `line 50 is past the end of src/app/route.ts (10 lines at commit ${s(c1)})`]]);
    expect(await resolved('src/app/route.ts:5 in 0abc1234def')).toEqual([['src/app/route.ts:5 in 0abc1234def', 'path', 'NOT_VERIFIED', `no commit 0abc1234def in app; line 5 of src/app/route.ts is at the landed head ${s(c2)}: the commit may have been squashed or rebased away, or the SHA mistyped`]]);
  });
});

describe('forge URLs', () => {
  const gh = 'https://github.com/acme/app';

  it('reads GitHub, GitLab and Gitea URLs, and remotes in every form', () => {
    expect(parseForgeUrl(`${gh}/blob/main/src/a.ts#L10-L20`)).toEqual({ repository: { host: 'github.com', path: 'acme/app' }, target: { type: 'file', rest: ['main', 'src', 'a.ts'], lines: { from: 10, to: 20 } } });
    expect(parseForgeUrl('https://gitlab.example.com/group/sub/app/-/blob/abc1234/src/a.ts#L3-5')).toEqual({ repository: { host: 'gitlab.example.com', path: 'group/sub/app' }, target: { type: 'file', rest: ['abc1234', 'src', 'a.ts'], lines: { from: 3, to: 5 } } });
    expect(parseForgeUrl('https://codeberg.org/acme/app/src/branch/main/README.md')).toEqual({ repository: { host: 'codeberg.org', path: 'acme/app' }, target: { type: 'file', rest: ['main', 'README.md'] } });
    expect(parseForgeUrl(`${gh}/compare/abc1234...def5678`)?.target).toEqual({ type: 'compare', from: 'abc1234', to: 'def5678' });
    expect(parseForgeUrl(`${gh}/pull/7`)?.target).toEqual({ type: 'other' });
    expect(['git@github.com:Acme/App.git', 'https://github.com/acme/app.git', 'ssh://git@github.com:22/acme/app', 'https://www.github.com/acme/app/'].map(parseRemoteUrl)).toEqual(Array(4).fill({ host: 'github.com', path: 'acme/app' }));
    expect(parseRemoteUrl('/srv/git/app.git')).toBe(null);
    expect(originFromConfig('[core]\n\tbare = false\n[remote "upstream"]\n\turl = x\n[remote "origin"]\n\turl = git@github.com:acme/app.git\n')).toBe('git@github.com:acme/app.git');
    expect(remoteNamesFromConfig('[core]\n\tbare = false\n[remote "upstream"]\n\turl = x\n[remote "origin"]\n\turl = y\n[branch "main"]\n\tremote = origin\n[remote "origin"]\n')).toEqual(['upstream', 'origin']);
  });

  it("knows the repository by its origin remote and by the configuration's forge rule", async () => {
    const info = { id: 'app', path: 'app', head: c2, headSource: 'HEAD' as const, problem: null };
    expect(await repositoryOnForges(repo, info)).toEqual([{ host: 'github.com', path: 'acme/app' }]);
    expect(await repositoryOnForges(repo, info, [{ match: 'app', forge: 'gitlab', url: 'https://gitlab.example.com/acme/app' }])).toEqual([
      { host: 'gitlab.example.com', path: 'acme/app' },
      { host: 'github.com', path: 'acme/app' },
    ]);
    expect(await repositoryOnForges(repo, info, [{ match: 'app', commit: 'https://git.example.com/acme/tools/commit/{sha}' }])).toEqual([
      { host: 'git.example.com', path: 'acme/tools' },
      { host: 'github.com', path: 'acme/app' },
    ]);
  });

  it("checks a URL of the project's own repository against it, #L lines included", async () => {
    const ours = "github.com/acme/app is this project's repository:";
    expect(await resolved(`${gh}/blob/main/src/app/route.ts#L10-L20`)).toEqual([[`${gh}/blob/main/src/app/route.ts#L10-L20`, 'url', 'VERIFIED', `${ours} lines 10–20 of 100 exist at landed head`]]);
    expect(await resolved(`${gh}/blob/main/src/app/route.ts#L90-L120`)).toEqual([[`${gh}/blob/main/src/app/route.ts#L90-L120`, 'url', 'NOT_VERIFIED', `${ours} lines 90–120 run past the end of src/app/route.ts (100 lines at landed head): lines 101–120 are not there`]]);
    expect(await resolved(`${gh}/commit/${c1}`)).toEqual([[`${gh}/commit/${c1}`, 'url', 'VERIFIED', `${ours} commit ${s(c1)} exists: “First: a short route”`]]);
    expect(await resolved(`${gh}/commit/0123456789abcdef0123456789abcdef01234567`)).toEqual([[`${gh}/commit/0123456789abcdef0123456789abcdef01234567`, 'url', 'NOT_VERIFIED', `${ours} no commit 0123456789abcdef0123456789abcdef01234567 in app`]]);
    expect(await resolved(`${gh}/compare/${s(c1)}...${s(c2)}`)).toEqual([[`${gh}/compare/${s(c1)}...${s(c2)}`, 'url', 'VERIFIED', `${ours} commits ${s(c1)} and ${s(c2)} exist: “First: a short route” … “Second: the long route”`]]);
    // A branch name holding `/`: the revision is told from the path against the repository.
    expect(await resolved(`${gh}/blob/feature/x/src/only-on-feature.ts#L2`)).toEqual([[`${gh}/blob/feature/x/src/only-on-feature.ts#L2`, 'url', 'VERIFIED', `${ours} line 2 of 5 exists at commit ${s(feature)}; commit ${s(feature)} is not an ancestor of the landed head ${s(c2)} (on branch feature/x, not merged into the landed head)`]]);
    expect(await resolved(`${gh}/blob/main/src/gone.ts`)).toEqual([[`${gh}/blob/main/src/gone.ts`, 'url', 'NOT_VERIFIED', `${ours} src/gone.ts not found at landed head ${s(c2)} nor in the project folder`]]);
    expect(await resolved(`${gh}/blob/no-such-branch/src/a.ts`)).toEqual([[`${gh}/blob/no-such-branch/src/a.ts`, 'url', 'INCONCLUSIVE', `${ours} the revision this URL names (no-such-branch) is not in app`]]);
  });

  it('records a URL of another repository, never fetching or resolving it', async () => {
    const pointers = await resolveEvidence(classifyEvidence(`https://github.com/other/repo/commit/${c1}`), ctx());
    expect(pointers).toEqual([
      {
        raw: `https://github.com/other/repo/commit/${c1}`,
        kind: 'url',
        status: 'INCONCLUSIVE',
        reason: "a URL of github.com/other/repo, not this project's repository: recorded, not fetched",
        target: { type: 'url', href: `https://github.com/other/repo/commit/${c1}` },
      },
    ]);
    // A pull request of the own repository is recorded too: nothing local to check.
    expect(await resolved(`${gh}/pull/7`)).toEqual([[`${gh}/pull/7`, 'url', 'INCONCLUSIVE', 'URL recorded, not fetched']]);
  });
});

describe("Trailbook's own git repository", () => {
  const ROOT = path.join(import.meta.dirname, '..', '..');
  const own = (...args: string[]): string => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();
  let self: EvidenceContext;
  let head: string;
  let root: string;

  beforeAll(async () => {
    const opened = await openRepository(ROOT);
    if (!('repository' in opened)) throw new Error(opened.problem);
    head = own('rev-parse', 'HEAD');
    // In a shallow clone the root is the shallow boundary: it is still in the repository.
    root = own('rev-list', '--max-parents=0', 'HEAD').split('\n')[0] as string;
    self = { repository: opened.repository, repositoryName: 'trailbook', head, problem: null, artifacts: new ArtifactFolder(path.join(ROOT, 'no-such-folder')), forges: [{ host: 'github.com', path: 'example/trailbook' }] };
  });

  it('resolves the commit inside a command, and a file inside one, at its own head', async () => {
    const pkg = (await resolveEvidence(classifyEvidence(`git show ${head.slice(0, 9)}; sed -n 1,3p package.json`), self)).map((p: EvidencePointer) => [p.raw, p.status, p.within]);
    expect(pkg).toEqual([
      [`git show ${head.slice(0, 9)}`, 'INCONCLUSIVE', undefined],
      [head.slice(0, 9), 'VERIFIED', 0],
      ['sed -n 1,3p package.json', 'INCONCLUSIVE', undefined],
      ['package.json', 'VERIFIED', 2],
    ]);
  });

  it('resolves a range, a bare file name and its own forge URLs', async () => {
    const cells = [`${root.slice(0, 7)}..${head.slice(0, 7)}`, 'regex-linearity.test.ts', `https://github.com/example/trailbook/blob/${head}/package.json#L1-L3`, `https://github.com/example/trailbook/compare/${root.slice(0, 7)}...${head.slice(0, 7)}`];
    const got = await resolveEvidence(cells.flatMap((c) => classifyEvidence(c)), self);
    expect(got.map((p) => [p.raw, p.kind, p.status])).toEqual(cells.map((c, i) => [c, ['commit', 'path', 'url', 'url'][i], 'VERIFIED']));
    expect(got[1]?.target).toEqual({ type: 'file', path: 'tests/unit/regex-linearity.test.ts', origin: 'repository' });
    expect(got[2]?.target).toEqual({ type: 'file', path: 'package.json', origin: 'repository', from: 1, to: 3 });
  });
});
