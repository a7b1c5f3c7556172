/**
 * A cited commit that exists but is not an ancestor of the landed head (issue 15, scope 2), in
 * Chromium at 1280 and 390 px: its evidence stays verified and says why it is not of what
 * landed, the row carries a low notice, and the commit page lists the project under "Not in
 * the landed history"; a landed commit's page does not.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { EVIDENCE_ITEM, ROW_CARD, evidenceStatus } from './page-helpers.ts';
import { bbsRow, bbsRowId, git } from '../history-fixtures.ts';

let dir: string;
let page: Page;
let origin: string;
const sha: Record<string, string> = {};

/** A repository with a commit on a branch never merged (spike), and a project citing it and a landed one. */
async function buildLanded(): Promise<BuiltSite> {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-landed-e2e-'));
  const repo = join(dir, 'in', 'repo');
  await mkdir(repo, { recursive: true });
  git(repo, ['init', '-q', '-b', 'main']);
  const commit = async (name: string, file: string): Promise<void> => {
    await writeFile(join(repo, file), `${name}\n`);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', `Commit ${name}`]);
    sha[name] = git(repo, ['rev-parse', 'HEAD']).trim();
  };
  await commit('A', 'a.txt');
  git(repo, ['checkout', '-q', '-b', 'spike']);
  await commit('S', 's.txt');
  git(repo, ['checkout', '-q', 'main']);
  await commit('B', 'b.txt');
  const project = join(dir, 'in', 'run');
  await mkdir(project);
  await writeFile(join(project, 'trailbook.json'), JSON.stringify({ repo: '../repo' }));
  await writeFile(join(project, 'decisions.jsonl'), `${bbsRow(1, 'Landed work', { evidence: sha['A'] as string })}\n${bbsRow(2, 'Work on a spike', { evidence: `commit ${sha['S']}` })}\n`);
  return buildSite([join(dir, 'in')]);
}

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!chromiumAvailable())('a cited commit off the landed history', () => {
  archiveInBrowser(buildLanded, {}, (a) => ({ page, origin } = a));

  for (const width of [1280, 390]) {
    it(`is verified, says so, and its commit page names the project (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${origin}/p/run/`);
      const spike = page.locator(`#row-${bbsRowId(2, 'Work on a spike')} ${ROW_CARD.evidenceItem}`);
      expect(await evidenceStatus(spike)).toBe('VERIFIED');
      expect(await spike.locator(EVIDENCE_ITEM.reason).textContent()).toBe(`commit ${sha['S']?.slice(0, 7)} exists: “Commit S”; it is not an ancestor of the landed head ${sha['B']?.slice(0, 7)} (on branch spike, not merged into the landed head)`);
      expect(await page.locator('.flag[data-kind="evidence/commit-not-landed"] .status').first().textContent()).toContain('low');
      await page.goto(`${origin}/r/in-repo/commit/${sha['S']}/`);
      if (process.env['TRAILBOOK_SCREENSHOTS']) await page.screenshot({ path: join(process.env['TRAILBOOK_SCREENSHOTS'], `commit-not-landed-${width}.png`), fullPage: true });
      const notice = page.locator('[data-testid="not-landed"]');
      expect(await notice.locator('li').textContent()).toBe(`run — landed head ${sha['B']?.slice(0, 12)}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goto(`${origin}/r/in-repo/commit/${sha['A']}/`);
      expect(await page.locator('[data-testid="not-landed"]').count()).toBe(0);
    });
  }
});
