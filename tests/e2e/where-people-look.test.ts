/**
 * Issue 32, "Where people already look", end to end, as a user types the commands:
 * - `trailbook serve` on a `--base /audit/ --out pub/audit` build (the command the build
 *   prints) shows styled pages whose links work, with the exports' content types;
 * - the Download lists give a decisions.csv that Python's csv reader and a BOM check accept
 *   (a project's, and the archive's from the home, made from recap.json.gz: issue 30) and a recap.json;
 * - keyboard: from the header's search box, Enter, ↓ and Enter land on a result; the phone's
 *   box does not say "press /"; file pages wrap on a toggle; pages print with a margin;
 * - the commands README's first block and docs/publishing.md show (build, serve, baseline,
 *   check) run as written, in a user's repository: a baseline accepts a flag, `--fail-on`
 *   passes, and editing the row makes it fail again;
 * - every example of `trailbook diff --help` runs.
 * Screenshots (1280 and 390 px) go to test-results/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { CLI, REPO_ROOT, runCli } from './build-site.ts';
import { chromiumAvailable, launchBrowser } from './browser.ts';
import { readText, searchDone, watchPage } from './page-helpers.ts';
import { git, makeUserRepo, type UserRepo } from './user-repo.ts';
import { DIFF_EXAMPLES } from '../../src/cli/main.ts';

const SHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const REAL_TRAIL = join(REPO_ROOT, '..', 'shared', 'corpus', 'real', 'EnzoTironi__OS', '.audit', 'build-v1-04.tsv');

let dir: string;
/** Each test run has its own per-user cache folder. */
let env: NodeJS.ProcessEnv;

/** A running `trailbook serve`, started as a user types it. */
class Served {
  readonly child: ChildProcessWithoutNullStreams;
  stderr = '';
  constructor(args: string[], cwd: string) {
    this.child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.child.stdout.on('data', () => undefined);
  }
  /** The address it serves the archive at. */
  async url(ms = 30_000): Promise<string> {
    const until = Date.now() + ms;
    for (;;) {
      const m = /Serving .* at (http:\/\/127\.0\.0\.1:\d+\/\S*) \(Ctrl-C to stop\)\./.exec(this.stderr);
      if (m) return m[1] as string;
      if (this.child.exitCode !== null) throw new Error(`trailbook serve exited (${this.child.exitCode}):\n${this.stderr}`);
      if (Date.now() > until) throw new Error(`trailbook serve did not start:\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** Ctrl-C; resolves with the exit code. */
  stop(): Promise<number | null> {
    return new Promise((resolvePromise) => {
      if (this.child.exitCode !== null) return resolvePromise(this.child.exitCode);
      this.child.once('exit', (code) => resolvePromise(code));
      this.child.kill('SIGINT');
    });
  }
}

/** The `trailbook …` (and `git …`) lines of the first ```sh block of `markdown` holding `marker`, comments and `npx` removed. */
function commandsOf(markdown: string, marker: string): string[] {
  for (const block of markdown.split('```sh\n').slice(1).map((b) => b.slice(0, b.indexOf('```')))) {
    if (!block.includes(marker)) continue;
    return block
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, '').replace(/^cd your-repo && /, '').replace(/^npx /, '').trim())
      .filter((l) => /^(trailbook|git) /.test(l));
  }
  throw new Error(`no sh block holds ${marker}`);
}

/** A command line split into words, quotes removed (the docs' commands quote only whole words). */
const words = (line: string): string[] => (line.match(/"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^"(.*)"$/, '$1'));

/** Runs one documented command line in `cwd`: `trailbook …` through the CLI, `git …` as it is. */
async function runLine(line: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [tool, ...args] = words(line);
  if (tool === 'git') return { code: 0, stdout: git(cwd, ...args), stderr: '' };
  return runCli(args, cwd, env);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-look-'));
  env = { XDG_CACHE_HOME: join(dir, 'user-cache') };
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!chromiumAvailable())('an archive built with --base /audit/ --out pub/audit, served as the build says', () => {
  let out: string;
  let build: { code: number; stdout: string; stderr: string };
  let served: Served;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    out = join(dir, 'pub', 'audit');
    build = await runCli(['build', '--example', '--base', '/audit/', '--out', out, '--cache-dir', join(dir, 'cache')], REPO_ROOT, env);
    expect(build.code, build.stderr).toBe(0);
    // The command the build's last lines give, run as printed (with any free port: 4321 may be taken on a test machine).
    const printed = /^Look at it: (trailbook serve \S+) {4}\(then open http:\/\/127\.0\.0\.1:4321\/audit\/\)$/m.exec(build.stderr);
    expect(printed?.[1]).toBe(`trailbook serve ${out}`);
    served = new Served([...words(printed?.[1] as string).slice(1), '--port', '0'], REPO_ROOT);
    url = await served.url();
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (served) expect(await served.stop()).toBe(0);
  });

  it('says where a host must serve it', () => {
    expect(build.stderr).toContain(`Publish it: a static web server must serve ${out} at /audit/, not at its root (every link starts with /audit/)`);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/audit\/$/);
  });

  it('serves the exports with their types, and / leads to the base', async () => {
    const head = async (path: string): Promise<[number, string | null]> => {
      const r = await fetch(new URL(path, url), { redirect: 'manual' });
      return [r.status, r.status >= 300 && r.status < 400 ? r.headers.get('location') : r.headers.get('content-type')];
    };
    expect(await head('/')).toEqual([302, '/audit/']);
    // No decisions.csv.gz without --decisions-csv: the Download lists make the CSV from recap.json.gz (issue 30).
    expect(await head('/audit/p/tickets-faults/decisions.csv.gz')).toEqual([404, 'text/html; charset=utf-8']);
    expect(await head('/audit/p/tickets-faults/recap.json.gz')).toEqual([200, 'application/gzip']);
    expect(await head('/audit/archive.json')).toEqual([200, 'application/json; charset=utf-8']);
    expect(await head('/audit/search-index/manifest.json')).toEqual([200, 'application/json; charset=utf-8']);
    expect(await head('/p/tickets-faults/')).toEqual([404, 'text/plain; charset=utf-8']);
  });

  for (const width of [1280, 390]) {
    it(`shows styled pages whose links work (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width > 500 ? 800 : 844 } });
      const watch = watchPage(page, new URL(url).origin);
      expect((await page.goto(url))?.status()).toBe(200);
      // The stylesheets loaded from /audit/_astro/: the Download list is a bordered box.
      expect(await page.locator('.downloads').evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
      await page.screenshot({ path: join(SHOTS, `serve-home-${width}.png`), fullPage: false });
      const hrefs = [...new Set(await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') as string)))];
      expect(hrefs.length).toBeGreaterThan(20);
      expect(hrefs.filter((h) => !h.startsWith('/audit/'))).toEqual([]);
      for (const href of hrefs.slice(0, 60)) expect((await page.request.get(new URL(href, url).href)).status(), href).toBe(200);
      await page.locator('a[href="/audit/p/tickets-faults/"]').first().click();
      await page.waitForURL(/\/audit\/p\/tickets-faults\/$/);
      expect(await readText(page.locator('h1'))).toBe('Planted faults');
      await page.locator('.downloads').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `serve-recap-downloads-${width}.png`) });
      expect(watch.errors).toEqual([]);
      expect(watch.offsite).toEqual([]);
      await page.close();
    });
  }

  /** Clicks the Download entry labelled `label` on `page`; returns the file's name and bytes. */
  async function download(page: Page, label: string): Promise<{ name: string; bytes: Buffer }> {
    const button = page.locator('.downloads button', { hasText: new RegExp(`^${label.replace('.', '\\.')}$`) });
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) as string) };
  }

  /** Python's csv module reads the file `name` of the test's folder (decoded as `utf-8-sig`, which drops the BOM); returns its records. */
  function pythonCsv(name: string): string[][] {
    const program = 'import csv, json, sys\nwith open(sys.argv[1], encoding="utf-8-sig", newline="") as f: print(json.dumps(list(csv.reader(f))))';
    return JSON.parse(execFileSync('python3', ['-c', program, join(dir, name)], { encoding: 'utf8' })) as string[][];
  }

  it("gives a project's decisions.csv that Python's csv reader and a BOM check accept, and its recap.json", async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${url}p/tickets-faults/`);
    const csv = await download(page, 'decisions.csv');
    expect(csv.name).toBe('tickets-faults-decisions.csv');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    await writeFile(join(dir, csv.name), csv.bytes);
    const records = pythonCsv(csv.name);
    expect(records[0]).toEqual(['id', 'ts', 'phase', 'ticket', 'actor', 'decision', 'why', 'evidence', 'evidence_status', 'result', 'superseded_by', 'file', 'line', 'flags', 'worst_severity', 'valid', 'error', 'raw']);
    // 15 rows and the 1 invalid line of the trail, each with its evidence status in the counts' words (issue 27: did not resolve apart from prose).
    expect(records.length - 1).toBe(16);
    expect(records.slice(1).filter((r) => r[15] === 'false').map((r) => [r[11], r[16] !== '', r[17] !== ''])).toEqual([['decisions.jsonl', true, true]]);
    expect(new Set(records.slice(1).map((r) => r[8]))).toEqual(new Set(['verified', 'did not resolve', 'prose, no pointer', '']));
    const fake = records.find((r) => r[5] === 'Ship the fake-sha hotfix');
    expect([fake?.[8], fake?.[13], fake?.[14]]).toEqual(['did not resolve', 'evidence/commit-not-found unsupported-claim', 'high']);
    expect(await readText(page.locator('[data-unzip-download] [data-export-status]').first())).toBe('saved as tickets-faults-decisions.csv');

    const json = await download(page, 'recap.json');
    expect(json.name).toBe('tickets-faults-recap.json');
    expect((JSON.parse(json.bytes.toString('utf8')) as { version: string; id: string }).id).toBe('tickets-faults');
    await context.close();
  });

  it('gives the archive-wide decisions.csv from the home, each record with its project id', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(url);
    const csv = await download(page, 'decisions.csv');
    expect(csv.name).toBe('decisions.csv');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    await writeFile(join(dir, 'archive-decisions.csv'), csv.bytes);
    const records = pythonCsv('archive-decisions.csv');
    expect(records[0]?.slice(0, 3)).toEqual(['project', 'id', 'ts']);
    const index = JSON.parse(await readFile(join(out, 'archive.json'), 'utf8')) as { projects: Array<{ id: string; counts: { rows: number } }> };
    const perProject = new Map<string, number>();
    for (const r of records.slice(1)) if (r[16] === 'true') perProject.set(r[0] as string, (perProject.get(r[0] as string) ?? 0) + 1);
    expect(Object.fromEntries(perProject)).toEqual(Object.fromEntries(index.projects.filter((p) => p.counts.rows > 0).map((p) => [p.id, p.counts.rows])));
    await context.close();
  });

  it('without script lists only the .gz files, which exist', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${url}p/tickets-faults/`);
    expect(await page.locator('[data-unzip-download]').first().isVisible()).toBe(false);
    expect(await readText(page.locator('.downloads-gz'))).toBe('For scripts, gzip compressed: recap.json.gz (schema)');
    await context.close();
  });

  it('from the header box, Enter then ↓ then Enter opens a result (keyboard only)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${url}p/tickets-faults/`);
    expect(await page.locator('#site-search-q').getAttribute('placeholder')).toBe('Search (press /)');
    await page.keyboard.press('/');
    await page.keyboard.type('fake-sha hotfix');
    await Promise.all([page.waitForURL(/\/audit\/search\/\?q=fake-sha\+hotfix$/), page.keyboard.press('Enter')]);
    await searchDone(page);
    // The focus is in the search page's box at once: ↓ works without pressing / again.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.press('ArrowDown');
    const first = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    expect(first).toMatch(/^\/audit\/p\/tickets-faults\/#/);
    await page.screenshot({ path: join(SHOTS, 'search-keyboard-1280.png') });
    await Promise.all([page.waitForURL((u) => `${u.pathname}${u.hash}` === first), page.keyboard.press('Enter')]);
    await page.close();
  });

  it("the phone's search box says just Search (390 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(url);
    expect(await page.locator('#site-search-q').getAttribute('placeholder')).toBe('Search');
    await page.close();
  });

  for (const width of [1280, 390]) {
    it(`a file page wraps long lines on its toggle, and the choice is kept (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width > 500 ? 800 : 844 } });
      await page.goto(`${url}p/tickets-faults/`);
      const file = await page.locator('a[href*="/file/"]').first().getAttribute('href');
      expect(file).toMatch(/^\/audit\/r\/[^/]+\/file\//);
      await page.goto(new URL(file as string, url).href);
      const toggle = page.locator('button.wrap-toggle');
      expect([await readText(toggle), await toggle.getAttribute('aria-pressed')]).toEqual(['Wrap long lines', 'false']);
      const code = page.locator('pre.code').first();
      expect(await code.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre');
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await code.evaluate((el) => [getComputedStyle(el).whiteSpace, el.scrollWidth <= el.clientWidth + 1])).toEqual(['pre-wrap', true]);
      await page.screenshot({ path: join(SHOTS, `file-wrapped-${width}.png`) });
      await page.reload();
      expect(await page.locator('button.wrap-toggle').getAttribute('aria-pressed')).toBe('true');
      await page.locator('button.wrap-toggle').click();
      await page.close();
    });
  }

  it('prints with a page margin', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}p/tickets-faults/`);
    const margins = await page.evaluate(() =>
      [...document.styleSheets].flatMap((s) => {
        try {
          return [...s.cssRules].filter((r): r is CSSPageRule => r instanceof CSSPageRule).map((r) => r.style.margin);
        } catch {
          return [];
        }
      }),
    );
    expect(margins).toEqual(['16mm 14mm']);
    await page.close();
  });
});

describe("the commands of README's first block and docs/publishing.md, as a user types them", () => {
  let repo: UserRepo;

  beforeAll(async () => {
    repo = await makeUserRepo(join(dir, 'user', 'your-repo'), { fault: true });
  }, 60_000);

  it('README: trailbook build, then trailbook serve shows what it built', async () => {
    const lines = commandsOf(await readFile(join(REPO_ROOT, 'README.md'), 'utf8'), 'cd your-repo && trailbook build');
    // Your repository's two lines, then this repository's `npx trailbook serve` (the same command).
    expect(lines).toEqual(['trailbook build', 'trailbook serve', 'trailbook serve']);
    const build = await runLine(lines[0] as string, repo.dir);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).toMatch(/^Look at it: trailbook serve \S+ {4}\(then open http:\/\/127\.0\.0\.1:4321\/\)$/m);
    const served = new Served([...words(lines[1] as string).slice(1), '--port', '0'], repo.dir);
    try {
      const home = await (await fetch(await served.url())).text();
      expect(home).toContain('href="/p/your-repo/"');
    } finally {
      expect(await served.stop()).toBe(0);
    }
    expect(git(repo.dir, 'status', '--porcelain')).toBe('');
  }, 180_000);

  it('docs/publishing.md: build for a base and serve it there', async () => {
    const lines = commandsOf(await readFile(join(REPO_ROOT, 'docs', 'publishing.md'), 'utf8'), 'trailbook serve ../pub/audit');
    expect(lines).toEqual(['trailbook build --base /audit/ --out ../pub/audit', 'trailbook serve ../pub/audit']);
    const build = await runLine(lines[0] as string, repo.dir);
    expect(build.code, build.stderr).toBe(0);
    const served = new Served([...words(lines[1] as string).slice(1), '--port', '0'], repo.dir);
    try {
      const url = await served.url();
      expect(url).toMatch(/\/audit\/$/);
      expect(await (await fetch(url)).text()).toContain('href="/audit/p/your-repo/"');
      expect(await (await fetch(`${url}p/your-repo/`)).text()).toContain('<h1>your-repo</h1>');
    } finally {
      expect(await served.stop()).toBe(0);
      await rm(join(dir, 'user', 'pub'), { recursive: true, force: true });
    }
  }, 180_000);

  it('docs/publishing.md: a baseline accepts the flag, --fail-on passes, and editing the row makes it fail again', async () => {
    expect((await runCli(['check', '--fail-on', 'high', '--quiet'], repo.dir, env)).code).toBe(1);
    const lines = commandsOf(await readFile(join(REPO_ROOT, 'docs', 'publishing.md'), 'utf8'), 'trailbook baseline --reason');
    expect(lines).toEqual(['trailbook baseline --reason "flags of the trail before the gate was turned on"', 'git add trailbook.baseline.json', 'trailbook check --fail-on high']);
    const baseline = await runLine(lines[0] as string, repo.dir);
    expect(baseline.code, baseline.stderr).toBe(0);
    expect(baseline.stderr).toContain('Wrote trailbook.baseline.json: 1 accepted flag (1 new with the reason given, 0 kept with their own).');
    await runLine(lines[1] as string, repo.dir);
    const check = await runLine(lines[2] as string, repo.dir);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/ {2}high {3}evidence\/path-not-found {2}decisions\.jsonl:3 {2}row [0-9a-f]{8} “Ship the parser” — src\/parser\.ts:10: .* {2}\[accepted: flags of the trail before the gate was turned on\]/);
    expect(check.stderr).toContain('Accepted: 1 flag of trailbook.baseline.json (shown, skipped by --fail-on).');
    expect(check.stdout).toContain('  3 rows, 0 invalid records, 1 flag (1 high, 0 medium, 0 low; 1 accepted), 0 open problems; repository: your-repo @ ');
    // The archive shows it as accepted, with its reason, in Attention.
    const site = await runCli(['build', '--out', '../accepted-site', '--recap-html'], repo.dir, env);
    expect(site.code, site.stderr).toBe(0);
    const recap = await readFile(join(dir, 'user', 'accepted-site', 'p', 'your-repo', 'index.html'), 'utf8');
    expect(recap).toContain('<li class="flag flag-high flag-accepted" data-kind="evidence/path-not-found" id="flag-1">');
    expect(recap).toContain('<p class="flag-accepted-note"><span class="accepted-badge">accepted</span> flags of the trail before the gate was turned on</p>');
    expect(recap).toMatch(/1 flag is accepted in <code>trailbook\.baseline\.json<\/code>/);
    expect(recap).toContain('<span class="figure-note" data-testid="flag-accepted">1 of them accepted in trailbook.baseline.json, not open</span>');
    // Its row card says so too, and the offline recap.html.
    expect(recap).toMatch(/<p class="row-flags">Flagged \(accepted\): <a href="#flag-1">.*?<code>evidence\/path-not-found<\/code> <span class="accepted-badge" title="flags of the trail before the gate was turned on">accepted<\/span><\/a><\/p>/);
    // recap.json gives the reason per flag, so the recap.html the recap's Download makes in the browser marks it too.
    const recapJson = JSON.parse(gunzipSync(await readFile(join(dir, 'user', 'accepted-site', 'p', 'your-repo', 'recap.json.gz'))).toString('utf8')) as { accepted?: unknown };
    expect(recapJson.accepted).toEqual({ file: 'trailbook.baseline.json', reasons: ['flags of the trail before the gate was turned on'] });
    const offline = await readFile(join(dir, 'user', 'accepted-site', 'p', 'your-repo', 'recap.html'), 'utf8');
    expect(offline).toContain('<span class="figure-note">1 of them accepted in trailbook.baseline.json, not open</span>');
    expect(offline).toContain('<p class="flag-accepted-note"><span class="accepted-badge">accepted</span> flags of the trail before the gate was turned on</p>');
    // The home counts it beside the open flags, not as one: 0 high open, 1 accepted.
    const home = await readFile(join(dir, 'user', 'accepted-site', 'index.html'), 'utf8');
    expect(home).toContain('<span class="figure-note" data-testid="home-accepted">+ 1 accepted in trailbook.baseline.json (not counted as open)</span>');
    expect(home).toMatch(/data-figure="flags">.*?<span class="status status-zero">0 high<\/span>/s);
    expect(home).toContain('<span class="meta accepted-count" data-testid="accepted-count"> + 1 accepted</span>');
    // The table's caption says its Flags column counts the open flags (its counts and its sort leave accepted ones out).
    expect(home).toContain('<strong>Flags</strong>: the open flags, Trailbook&#39;s checks and the reviewer&#39;s; a flag accepted in the baseline is not counted as open, it is shown beside them as “+ N accepted”.');
    // Nor does the home's sort and filter script, which reads the row's counts: its flag counts are the open ones.
    expect(home).toMatch(/<tr data-project="your-repo"[^>]* data-high="0" data-medium="0" data-low="0"[^>]* data-score="0" data-problems="0"/);
    // And the build's closing "Next:" line sends no one to a project whose flags are all accepted.
    expect(`${site.stdout}${site.stderr}`).not.toContain('Next:');
    // Its flags summary counts the flag and says it is accepted, not open.
    expect(`${site.stdout}${site.stderr}`).toContain('Flags: 1 high, 0 medium, 0 low, in 1 project (1 of them accepted in trailbook.baseline.json, not open).\n  your-repo: 1 high, 0 medium, 0 low; 1 accepted\n');
    // The row is edited (its reason), its id kept: it is another finding now.
    const trail = join(repo.dir, repo.trail);
    await writeFile(trail, (await readFile(trail, 'utf8')).replace(/("decision":"Ship the parser".*?"why":")[^"]*/, '$1shipped after a second look'));
    const again = await runLine(lines[2] as string, repo.dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('1 entry matches no flag any more (fixed, or its row or cause changed): run trailbook baseline to drop it.');
    expect(again.stderr).toContain('trailbook: 1 project with flags of severity high or higher (--fail-on high): your-repo');
    git(repo.dir, 'checkout', '--', repo.trail);
  }, 180_000);
});

describe.skipIf(!existsSync(REAL_TRAIL))('trailbook diff --help', () => {
  it('every example runs, in a folder holding what it names', async () => {
    const work = join(dir, 'diff-examples');
    const trail = await readFile(REAL_TRAIL, 'utf8');
    const lines = trail.split('\n');
    const put = async (path: string, text: string): Promise<void> => {
      await mkdir(join(work, path, '..'), { recursive: true });
      await writeFile(join(work, path), text);
    };
    // Two versions of one trail, and two folders of several trails (a real pstack .audit/).
    await put('.audit/build-v1-04.tsv', trail);
    await put('old/.audit/build-v1-04.tsv', `${lines.slice(0, -2).join('\n')}\n`);
    await put('before/.audit/build-v1-04.tsv', `${lines.slice(0, -3).join('\n')}\n`);
    await put('before/.audit/other.tsv', `${lines.slice(0, 3).join('\n')}\n`);
    await put('after/.audit/build-v1-04.tsv', trail);
    await put('after/.audit/other.tsv', `${lines.slice(0, 3).join('\n')}\n`);
    // Two runs of a ticket, and the archive built from them.
    await mkdir(join(work, 'runs', 'T-42', 'run-1'), { recursive: true });
    await mkdir(join(work, 'runs', 'T-42', 'run-2'), { recursive: true });
    const rows = (await readFile(join(REPO_ROOT, 'content', 'tickets', 'clean', 'decisions.jsonl'), 'utf8')).trimEnd().split('\n');
    await writeFile(join(work, 'runs', 'T-42', 'run-1', 'decisions.jsonl'), `${rows.slice(0, -1).join('\n')}\n`);
    await copyFile(join(REPO_ROOT, 'content', 'tickets', 'clean', 'decisions.jsonl'), join(work, 'runs', 'T-42', 'run-2', 'decisions.jsonl'));
    const build = await runCli(['build', 'runs/T-42', '--out', 'dist'], work, env);
    expect(build.code, build.stderr).toBe(0);

    const help = await runCli(['diff', '--help'], work, env);
    const shown = help.stdout.slice(help.stdout.indexOf('Examples:\n') + 10).trimEnd().split('\n').map((l) => l.trim());
    expect(shown).toEqual([...DIFF_EXAMPLES]);
    const outputs: string[] = [];
    for (const example of shown) {
      const run = await runCli(words(example).slice(1), work, env);
      expect(run.code, `${example}\n${run.stderr}`).toBe(0);
      outputs.push(run.stdout);
    }
    expect(outputs[0]).toContain('Decisions: 1 added, 0 removed, 0 changed,');
    expect(outputs[1]).toMatch(/^A: old · build-v1-04 \(old--build-v1-04\) from old\/\.audit\/build-v1-04\.tsv, \d+ rows/);
    expect(outputs[1]).toContain('Decisions: 1 added, 0 removed, 0 changed,');
    expect(outputs[2]).toContain('Decisions: 2 added, 0 removed, 0 changed,');
    expect(outputs[3]).toBe(outputs[0]?.replace(/ from runs\/T-42\/run-\d/g, ''));
    expect((JSON.parse(outputs[4] as string) as { version: string }).version).toBe('trailbook.diff/1');

    // A folder of several trails without --trail: the problem lists ids, not the shared title.
    const several = await runCli(['diff', 'before', 'after'], work, env);
    expect(several.code).toBe(2);
    expect(several.stderr).toBe('trailbook: before holds 2 projects: before--build-v1-04, before--other\n  fix: pass the folder or trail file of one of them, or --trail NAME (e.g. --trail build-v1-04)\n');
    const unknown = await runCli(['diff', 'run-1', 'run-9', '--archive', 'dist'], work, env);
    expect(unknown.stderr).toBe('trailbook: run-9 is not a project id of the archive in dist; its ids: run-2, run-1\n  fix: pass one of those ids (a recap is at p/<id>/), a project folder, a trail file or a recap.json.gz\n');
  }, 240_000);
});
