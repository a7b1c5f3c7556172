/**
 * Secrets never reach the archive (issue 29, "Done when"), end to end with the CLI: two
 * projects holding 26 planted secrets of 19 kinds in every place (rows, commands in evidence,
 * a cited `.env`, a commit diff and message, a handover file, a coord.v1 payload, a beads
 * comment) are built twice (so the history and the home's "since the last build" exist), with
 * a compare page and every recap.html; then every file of the archive (pages, search index and
 * doc store, exports unpacked, history, build report) and every format of `check` is searched
 * for each value and each line of the private key's body. None is found; each secret is one
 * flag with its place, on the recap's first screen in Chromium at 1280 and 390 px; `--fail-on
 * high` fails; `--no-redact` says so loudly, and then the values are there (the search can fail).
 */
import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { runCli, type BuiltSite, type CliRun } from './build-site.ts';
import type { StaticServer } from './static-server.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { makeSecretProject, pemBodyLines, type SecretProject } from '../secret-fixtures.ts';
import { outputFiles } from './output-files.ts';

let dir: string;
let fixtures: SecretProject[];
let builds: CliRun[];
let server: StaticServer;
let page: Page;

/** The planted values (and private key lines) found in `text`, by name. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const f of fixtures) {
    // The start of a value is enough: a text cut before it was redacted would hold only that.
    for (const s of Object.values(f.secrets)) if (text.includes(s.value.slice(0, 10))) found.push(s.name);
    if (pemBodyLines(f.pem).some((l) => text.includes(l))) found.push('private key');
  }
  return [...new Set(found)];
}

/** Two builds of two projects holding the planted secrets, into `dir`/site (the harness removes `dir` after, unless KEEP). */
async function buildTwice(): Promise<BuiltSite> {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-secrets-e2e-'));
  fixtures = [await makeSecretProject(join(dir, 'in', 'billing')), await makeSecretProject(join(dir, 'in', 'payments'))];
  await writeFile(join(dir, 'trailbook.config.json'), JSON.stringify({ inputs: ['in'], out: 'site', cacheDir: 'cache', compare: [{ a: 'billing', b: 'payments' }] }));
  const config = join(dir, 'trailbook.config.json');
  builds = [await runCli(['build', '--config', config, '--recap-html', '--decisions-csv']), await runCli(['build', '--config', config, '--recap-html', '--decisions-csv'])];
  for (const b of builds) if (b.code !== 0) throw new Error(`build failed: ${b.stderr}\n${b.stdout}`);
  return { ...(builds[1] as CliRun), out: join(dir, 'site'), cacheDir: join(dir, 'cache') };
}

archiveInBrowser(buildTwice, {}, (a) => ({ server, page } = a));

describe('an archive of records holding 26 planted secrets', () => {
  it('holds none of them in any output file: pages, index, doc store, exports unpacked, history, report', async () => {
    const files = await outputFiles(join(dir, 'site'));
    // What the archive must have written for the search to mean anything.
    for (const name of ['p/billing/index.html', 'p/billing/recap.json.gz', 'p/billing/decisions.csv.gz', 'p/billing/recap.html', 'report.json', 'archive.json', 'feed.xml', 'history.json', 'history-states.jsonl.gz', 'compare/billing/payments/index.html', 'search-index/manifest.json']) expect([...files.keys()], name).toContain(name);
    expect([...files.keys()].some((f) => f.startsWith('search-index/docs/'))).toBe(true);
    expect([...files.keys()].some((f) => f.startsWith('r/in-billing/commit/'))).toBe(true);
    const leaked = [...files].flatMap(([file, text]) => leaks(text).map((name) => `${file}: ${name}`));
    expect(leaked).toEqual([]);
    expect(builds.flatMap((b) => leaks(b.stdout + b.stderr))).toEqual([]);
  });

  it('names each secret once, with its place, in the summary and the build report', async () => {
    expect(`${builds[0]?.stdout}${builds[0]?.stderr}`).toContain('Secrets: 52 secrets in 2 projects, each replaced by [redacted: its kind] in every page, index and export (security/secret-in-record flags name each by kind and place).');
    const recap = JSON.parse(gunzipSync(await readFile(join(dir, 'site', 'p', 'billing', 'recap.json.gz'))).toString('utf8')) as { flags: Array<{ kind: string; severity: string; summary: string }> };
    const flags = recap.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags).toHaveLength(26);
    expect(flags.filter((f) => f.summary.startsWith('GitLab token in commit')).map((f) => f.summary.replace(/row [0-9a-f]{8}/, 'row …'))).toEqual([`GitLab token in commit ${fixtures[0]?.configCommit.slice(0, 7)} (message), cited by row … (decisions.jsonl:3): redacted in every output`]);
    const report = JSON.parse(await readFile(join(dir, 'site', 'report.json'), 'utf8')) as { projects: Array<{ id: string; warnings: Array<{ kind: string; message: string }> }> };
    expect(report.projects.map((p) => [p.id, p.warnings.filter((w) => w.kind === 'secrets').map((w) => w.message)])).toEqual([
      ['billing', ['26 secrets found and redacted (security/secret-in-record flags)']],
      ['payments', ['26 secrets found and redacted (security/secret-in-record flags)']],
    ]);
  });

  it('publishes no page for the .env and lists it on its commit page without its diff', async () => {
    const files = await outputFiles(join(dir, 'site'));
    expect([...files.keys()].filter((f) => f.includes('/file/')).map((f) => f.replace(/^r\/[^/]+\//, ''))).toEqual(['file/README.md/index.html', 'file/README.md/index.html']);
    const pages = [...files].filter(([f, text]) => f.includes('/commit/') && text.includes('Initial commit'));
    expect(pages.length).toBe(2);
    for (const [, text] of pages) expect(text).toContain('contents not published: secret file');
  });

  it('gates check in every format, which never prints a value', async () => {
    const config = join(dir, 'trailbook.config.json');
    const runs = await Promise.all(['text', 'json', 'github', 'sarif'].map((format) => runCli(['check', '--config', config, '--format', format, '--fail-on', 'high'])));
    expect(runs.map((r) => r.code)).toEqual([1, 1, 1, 1]);
    expect(runs.flatMap((r) => leaks(r.stdout + r.stderr))).toEqual([]);
    expect(runs[0]?.stdout).toContain('security/secret-in-record');
    expect(runs[2]?.stdout).toContain('title=Trailbook security/secret-in-record (high)::billing: GitLab token in commit');
  }, 120_000);

  it('says loudly that --no-redact publishes them, and then they are there', async () => {
    const run = await runCli(['build', join(dir, 'in', 'billing'), '--out', join(dir, 'raw'), '--cache-dir', join(dir, 'raw-cache'), '--no-redact']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('WARNING: --no-redact: 26 secrets in 1 project are published as written in this archive.');
    const report = JSON.parse(await readFile(join(dir, 'raw', 'report.json'), 'utf8')) as { projects: Array<{ warnings: Array<{ kind: string; message: string }> }> };
    expect(report.projects[0]?.warnings.filter((w) => w.kind === 'secrets').map((w) => w.message)).toEqual(['WARNING: 26 secrets published as written: the build ran with --no-redact']);
    const recap = await readFile(join(dir, 'raw', 'p', 'billing', 'index.html'), 'utf8');
    expect(leaks(recap).length).toBeGreaterThan(10);
    // The history: history.json and its states file (the rows and flags, gzip JSON Lines).
    expect(leaks(await readFile(join(dir, 'raw', 'history.json'), 'utf8') + gunzipSync(await readFile(join(dir, 'raw', 'history-states.jsonl.gz'))).toString('utf8'))).toEqual(['awsKeyId', 'githubCut']);
    // Built again without it: the history that build wrote is redacted as it is read back, so no file keeps a value.
    const again = await runCli(['build', join(dir, 'in', 'billing'), '--out', join(dir, 'raw'), '--cache-dir', join(dir, 'raw-cache')]);
    expect(again.code).toBe(0);
    const files = await outputFiles(join(dir, 'raw'));
    expect(JSON.parse(files.get('history.json') ?? '{}').builds).toHaveLength(2);
    expect([...files].flatMap(([file, text]) => leaks(text).map((name) => `${file}: ${name}`))).toEqual([]);
  }, 180_000);
});

describe.skipIf(!chromiumAvailable())('the flag a person sees first', () => {
  for (const width of [1280, 390]) {
    it(`is on the recap's first screen (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}p/billing/`);
      const glance = page.locator('text=security/secret-in-record').first();
      await expect(glance.isVisible()).resolves.toBe(true);
      const box = await glance.boundingBox();
      expect(box !== null && box.y < 900).toBe(true);
      await page.screenshot({ path: join(tmpdir(), `trailbook-secrets-recap-${width}.png`) });
      expect(leaks(await page.content())).toEqual([]);
    }, 60_000);
  }
});
