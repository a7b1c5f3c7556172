/**
 * A trail whose canonical repository is Trailbook's own git repository (the checkout these
 * tests run from): pointers at the root commit, a tracked file with a line and a tracked
 * file resolve, and the commit link opens a page with that commit's real subject. The SHA
 * and subject come from git at test time, so a shallow CI clone works too (its root is then
 * the shallow boundary commit, whatever `git rev-list --max-parents=0 HEAD` prints).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { buildSite, REPO_ROOT } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { EVIDENCE_ITEM, isInViewport, readText, readTexts, ROW_CARD, targetId } from './page-helpers.ts';

/** git's output in REPO_ROOT, as printed. */
function gitRaw(...args: string[]): string {
  return execFileSync('git', ['-C', REPO_ROOT, ...args], { encoding: 'utf8' });
}

/** git's output in REPO_ROOT, trimmed. */
function git(...args: string[]): string {
  return gitRaw(...args).trim();
}

/** The row id rule of the decision trail: first 8 hex of sha256(ts + ticket + decision). */
function rowId(ts: string, ticket: string, decision: string): string {
  return createHash('sha256').update(ts + ticket + decision).digest('hex').slice(0, 8);
}

interface Row {
  id: string;
  ts: string;
  phase: string;
  ticket?: string;
  actor: string;
  decision: string;
  why: string;
  evidence: string;
  result: string;
}

function makeRow(fields: Omit<Row, 'id'>): Row {
  return { id: rowId(fields.ts, fields.ticket ?? '', fields.decision), ...fields };
}

/** Number of lines of a file's text as an editor counts them (a final newline ends the last line). */
function lineCount(text: string): number {
  const lines = text.split('\n');
  return lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

const ROOT_SHA = git('rev-list', '--max-parents=0', 'HEAD').split('\n')[0] ?? '';
const ROOT_SUBJECT = git('log', '-1', '--format=%s', ROOT_SHA);
/**
 * The day after the checkout's head was committed: the trail is written after the commits it
 * cites, as a real one is (trust10: a row dated before a commit it cites by SHA is the medium
 * evidence/commit-after-row; dated 2026-04-01, these rows came before Trailbook's root commit).
 */
const DAY = new Date(Number(git('log', '-1', '--format=%ct', 'HEAD')) * 1000 + 86_400_000).toISOString().slice(0, 10);

const rows = [
  makeRow({ ts: `${DAY}T09:00:00Z`, phase: 'start', actor: 'lead', decision: 'Open the trail for Trailbook on its own repository', why: 'A new lead session writes a start row before any other row', evidence: ROOT_SHA, result: 'verified' }),
  makeRow({ ts: `${DAY}T09:30:00Z`, phase: 'phase-1', ticket: 'T-1', actor: 'lead', decision: 'Build on the root commit', why: 'It is where the history starts', evidence: `commit ${ROOT_SHA.slice(0, 7)}`, result: 'verified' }),
  makeRow({ ts: `${DAY}T09:40:00Z`, phase: 'phase-1', ticket: 'T-1', actor: 'worker-1', decision: 'Keep the package manifest as the entry point', why: 'It names the trailbook bin', evidence: 'package.json:1', result: 'verified' }),
  makeRow({ ts: `${DAY}T09:50:00Z`, phase: 'handover', actor: 'lead', decision: 'Hand over with the README', why: 'It documents the commands', evidence: 'README.md', result: 'verified' }),
];

describe('a trail on Trailbook’s own repository', () => {
  let browser: Browser;
  let origin: string;
  let page: Page;
  let projectPath: string;
  let projectDir = '';

  archiveInBrowser(
    async () => {
      expect(ROOT_SHA).toMatch(/^[0-9a-f]{40}$/);
      expect(git('ls-files', '--', 'package.json', 'README.md').split('\n').sort()).toEqual(['README.md', 'package.json']);
      const dir = await mkdtemp(join(tmpdir(), 'trailbook-own-'));
      projectDir = dir;
      const project = join(dir, 'own-trail');
      await mkdir(project);
      await writeFile(join(project, 'trailbook.json'), `${JSON.stringify({ title: 'Trailbook on itself', repo: REPO_ROOT }, null, 2)}\n`);
      await writeFile(join(project, 'decisions.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
      // The repository lies outside the input folder: the archive's configuration allows it
      // (docs/security.md: a project's repo may name only input folders unless allowRepositories lists it).
      const config = join(dir, 'trailbook.config.json');
      await writeFile(config, `${JSON.stringify({ allowRepositories: [REPO_ROOT] })}\n`);
      return buildSite([project], ['--config', config]);
    },
    { viewport: { width: 1024, height: 640 } },
    (a) => ({ browser, origin, page } = a),
  );

  beforeAll(async () => {
    const home = await browser.newPage();
    await home.goto(`${origin}/`);
    const links = await home.locator('table.projects tbody th a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await home.close();
    expect(links).toHaveLength(1);
    projectPath = links[0] ?? '';
  });

  afterAll(async () => {
    if (projectDir) await rm(projectDir, { recursive: true, force: true });
  });

  async function openRecap(): Promise<void> {
    const response = await page.goto(`${origin}${projectPath}`);
    expect(response?.status()).toBe(200);
  }

  /** The landed head the recap names (the repository's HEAD when the build ran). */
  async function landedHead(): Promise<string> {
    // Linked when a row cites it (its commit page exists), else named with the full SHA as its title.
    const link = page.locator('dt:text-is("Repository") + dd a');
    const href = (await link.count()) > 0 ? ((await link.getAttribute('href')) ?? '') : `/commit/${(await page.locator('dt:text-is("Repository") + dd code[title]').getAttribute('title')) ?? ''}/`;
    const sha = /\/commit\/([0-9a-f]{40})\/$/.exec(href)?.[1] ?? '';
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(git('cat-file', '-t', sha)).toBe('commit');
    return sha;
  }

  /** Pointer, kind, status word and reason of an evidence item ('' for a part the card leaves out). */
  function parts(item: Locator): Promise<string[]> {
    return Promise.all([EVIDENCE_ITEM.pointer, EVIDENCE_ITEM.kind, EVIDENCE_ITEM.status, EVIDENCE_ITEM.reason].map(async (selector) => ((await item.locator(selector).count()) > 0 ? readText(item.locator(selector)) : '')));
  }

  it('the ids follow the rule, so Trailbook raises no flag', async () => {
    await openRecap();
    expect(await readText(page.locator('h1'))).toBe('Trailbook on itself');
    expect(await readTexts(page.locator('.rows > article').locator(`${ROW_CARD.meta} code`))).toEqual(rows.map((r) => r.id));
    expect(await readText(page.locator('section.attention p.none'))).toBe("Trailbook's own checks (layer 1) raised no flags.");
    expect(await page.locator('section.attention li.flag').count()).toBe(0);
    expect(await readText(page.locator('section.check-first p.none'))).toBe("Every row's evidence resolved and every result is verified.");
  });

  it('every pointer is verified against the repository', async () => {
    await openRecap();
    const head = await landedHead();
    const short = ROOT_SHA.slice(0, 7);
    const item = (id: string) => page.locator(`#row-${id} ${ROW_CARD.evidenceItem}`);
    expect(await item(rows[0]!.id).count()).toBe(1);
    // A verified commit says its subject; a verified file says no more than its page (issue 30, output size).
    expect(await parts(item(rows[0]!.id))).toEqual([ROOT_SHA, '', 'verified', `“${ROOT_SUBJECT}”`]);
    expect(await parts(item(rows[1]!.id))).toEqual([`commit ${short}`, '', 'verified', `“${ROOT_SUBJECT}”`]);
    expect(await parts(item(rows[2]!.id))).toEqual(['package.json:1', '', 'verified', '']);
    expect(await parts(item(rows[3]!.id))).toEqual(['README.md', '', 'verified', '']);
    const statuses = await page.locator(ROW_CARD.evidenceItem).evaluateAll((ls) => ls.map((l) => l.getAttribute('data-status') ?? 'VERIFIED'));
    expect(statuses).toEqual(['VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED']);
    // The file's page names the file's real length at the landed head.
    const readmeLines = lineCount(gitRaw('show', `${head}:README.md`));
    await item(rows[3]!.id).locator(EVIDENCE_ITEM.link).click();
    expect(await readText(page.locator('.file-facts'))).toMatch(new RegExp(`^at landed head ${head.slice(0, 12)} · ${readmeLines} lines · `));
  });

  it('the commit link opens the commit page with the commit’s real subject', async () => {
    await openRecap();
    await page.locator(`#row-${rows[0]!.id} ${ROW_CARD.evidenceItem} > a:first-child`).click();
    await page.waitForURL(/\/commit\/[0-9a-f]{40}\/$/);
    expect(page.url()).toMatch(new RegExp(`/commit/${ROOT_SHA}/$`));
    expect(await readText(page.locator('h1'))).toBe(ROOT_SUBJECT);
    expect(await readText(page.locator('dt:text-is("Commit") + dd'))).toBe(ROOT_SHA);
    expect((await page.locator('pre.commit-message').textContent())?.trimEnd()).toBe(git('log', '-1', '--format=%B', ROOT_SHA));
    const author = git('log', '-1', '--format=%an <%ae>', ROOT_SHA);
    expect(await readText(page.locator('dt:text-is("Author") + dd'))).toMatch(new RegExp(`^${author.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `));
    expect(await readTexts(page.locator('ul.cited-by > li'))).toEqual([
      `${rows[0]!.decision} — Trailbook on itself, row ${rows[0]!.id}`,
      `${rows[1]!.decision} — Trailbook on itself, row ${rows[1]!.id}`,
    ]);
    // The short form `commit <7 hex>` links to the same page.
    await page.goBack();
    const full = await page.locator(`#row-${rows[0]!.id} ${ROW_CARD.evidenceItem} > a:first-child`).getAttribute('href');
    expect(await page.locator(`#row-${rows[1]!.id} ${ROW_CARD.evidenceItem} > a:first-child`).getAttribute('href')).toBe(full);
  });

  it('the package.json:1 link opens the file page at #L1, marked', async () => {
    await openRecap();
    const head = await landedHead();
    await page.locator(`#row-${rows[2]!.id} ${ROW_CARD.evidenceItem} > a:first-child`).click();
    await page.waitForURL(/\/file\/package\.json\/#L1$/);
    expect(await readText(page.locator('h1'))).toBe('package.json');
    expect(await targetId(page)).toBe('L1');
    const line = page.locator('#L1');
    expect(await isInViewport(line)).toBe(true);
    expect(await line.getAttribute('class')).toMatch(/\bmarked\b/);
    const text = await line.evaluate((el) => Array.from(el.childNodes).filter((n) => !(n instanceof Element && n.classList.contains('ln'))).map((n) => n.textContent).join('').replace(/\n$/, ''));
    expect(text).toBe(git('show', `${head}:package.json`).split('\n')[0]);
  });
});
