/**
 * Evidence as the row saw it (issue 26, items 1 and 2), in Chromium at 1280 and 390 px: a row
 * committed with the code it cites links to the file at its own commit, where the cited lines
 * are marked, and its reason says where they are now; the file at the landed head keeps a page
 * of its own. A trail dated after its repository's head says so once in the recap's header.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { buildSite, runCli, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { EVIDENCE_ITEM, ROW_CARD, readText, evidenceStatus } from './page-helpers.ts';
import { bbsRow, bbsRowId, git } from '../history-fixtures.ts';

let dir: string;
let built: BuiltSite;
let page: Page;
let origin: string;
const sha: Record<string, string> = {};

const fn = (name: string, body: number): string[] => [`fn ${name}() {`, ...Array.from({ length: body }, (_, i) => `    step_${name}_${i + 1}();`), '}'];

/** A repository whose cited file changed after the row citing it was committed, and a project dated after its head. */
async function buildRowCommit(): Promise<BuiltSite> {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-row-commit-e2e-'));
  const repo = join(dir, 'in', 'repo');
  await mkdir(join(repo, 'src'), { recursive: true });
  git(repo, ['init', '-q', '-b', 'main']);
  await writeFile(join(repo, 'src', 'admission.rs'), [...fn('open', 8), ...fn('admit', 8), ...fn('tail', 8)].join('\n') + '\n');
  await writeFile(join(repo, 'decisions.jsonl'), `${bbsRow(1, 'Admit in one place', { evidence: 'src/admission.rs:11-20' })}\n`);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'Admission, first cut'], '2026-03-02T08:05:00Z');
  sha['first'] = git(repo, ['rev-parse', 'HEAD']).trim();
  await writeFile(join(repo, 'src', 'admission.rs'), [...fn('open', 8), ...fn('gate', 9), ...fn('admit', 8), ...fn('tail', 8)].join('\n') + '\n');
  await appendFile(join(repo, 'decisions.jsonl'), `${bbsRow(2, 'Admit after the gate', { evidence: 'src/admission.rs:22-31' })}\n`);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'A gate before admission'], '2026-03-02T09:05:00Z');
  sha['head'] = git(repo, ['rev-parse', 'HEAD']).trim();
  // A project outside the repository, written a week after its head.
  const later = join(dir, 'in', 'later');
  await mkdir(later);
  await writeFile(join(later, 'trailbook.json'), JSON.stringify({ repo: '../repo' }));
  const row = (n: number, decision: string, evidence: string): string => {
    const ts = `2026-03-09T10:0${n}:00Z`;
    return JSON.stringify({ ...(JSON.parse(bbsRow(n, decision, { evidence })) as object), ts, id: createHash('sha256').update(`${ts}T-1${decision}`).digest('hex').slice(0, 8) });
  };
  await writeFile(join(later, 'decisions.jsonl'), `${row(1, 'A new module', 'src/later.rs')}\n${row(2, 'Another', 'src/admission.rs:1')}\n`);
  built = await buildSite([join(dir, 'in')]);
  return built;
}

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!chromiumAvailable())('a path:line at the commit that recorded its row', () => {
  archiveInBrowser(buildRowCommit, {}, (a) => ({ page, origin } = a));

  for (const width of [1280, 390]) {
    it(`links to the file at that commit with the cited lines marked, and says where they are now (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${origin}/p/repo/`);
      const [first, head] = [(sha['first'] as string).slice(0, 7), (sha['head'] as string).slice(0, 7)];
      const cited = page.locator(`#row-${bbsRowId(1, 'Admit in one place')} ${ROW_CARD.evidenceItem}`);
      expect(await evidenceStatus(cited)).toBe('VERIFIED');
      expect(await cited.locator(EVIDENCE_ITEM.reason).textContent()).toBe(`cited 11–20 at ${first}; now 22–31 at the landed head ${head}, as src/admission.rs changed since`);
      const href = await cited.locator('a').first().getAttribute('href');
      expect(href).toBe(`/r/in-repo/at/${sha['first']}/file/src/admission.rs/?lines=11-20#L11`);
      await page.goto(`${origin}${href}`);
      expect(await readText(page.locator('.file-facts'))).toContain(`at commit ${(sha['first'] as string).slice(0, 12)}, as the rows citing it saw it (the landed head is ${(sha['head'] as string).slice(0, 12)})`);
      expect(await page.locator('.line.marked').evaluateAll((lines) => lines.map((l) => l.id))).toEqual(['L11', 'L12', 'L13', 'L14', 'L15', 'L16', 'L17', 'L18', 'L19', 'L20']);
      expect(await readText(page.locator('#L11'))).toBe('fn admit() {');
      // A file shown at more than one commit: each page links to the other.
      expect(await readText(page.locator('[data-testid="file-versions"]'))).toBe('Also shown: at the landed head');
      expect(await page.locator('[data-testid="file-versions"] a').getAttribute('href')).toBe('/r/in-repo/file/src/admission.rs/');
      if (process.env['TRAILBOOK_SCREENSHOTS']) await page.screenshot({ path: join(process.env['TRAILBOOK_SCREENSHOTS'], `file-at-row-commit-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The same file at the landed head: its own page, the later row's lines marked (and line 1, cited by the other project).
      await page.goto(`${origin}/r/in-repo/file/src/admission.rs/`);
      expect(await page.locator('.line.marked').evaluateAll((lines) => lines.map((l) => l.id))).toEqual(['L1', 'L22', 'L23', 'L24', 'L25', 'L26', 'L27', 'L28', 'L29', 'L30', 'L31']);
      expect(await readText(page.locator('#L22'))).toBe('fn admit() {');
      expect(await readText(page.locator('[data-testid="file-versions"]'))).toBe(`Also shown: at commit ${(sha['first'] as string).slice(0, 12)}`);
    });
  }

  it('says once in the recap header that the repository is older than the trail', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${origin}/p/later/`);
    expect(await page.locator('[data-testid="head-predates"]').allTextContents()).toEqual(["the repository's head predates 2 of 2 rows; what they cite and it lacks is inconclusive, not flagged"]);
    const missing = page.locator(`${ROW_CARD.evidenceItem}[data-status="INCONCLUSIVE"]`);
    expect(await missing.count()).toBe(1);
    if (process.env['TRAILBOOK_SCREENSHOTS']) await page.screenshot({ path: join(process.env['TRAILBOOK_SCREENSHOTS'], 'head-predates-1280.png'), fullPage: false });
  });

  // Last: it builds the served folder again. The page of a file at a commit was never found by
  // the rebuild's check of the previous build's pages (incremental.ts promisedFile looked under
  // r/<repo>/file/at/), so every rebuild said a page was missing and rendered it again.
  it('keeps the page of a file at a commit on a rebuild: nothing said missing, the page the same', async () => {
    const atPage = join(built.out, 'r', 'in-repo', 'at', sha['first'] as string, 'file', 'src', 'admission.rs', 'index.html');
    const before = await readFile(atPage, 'utf8');
    const again = await runCli(['build', join(dir, 'in'), '--out', built.out, '--cache-dir', built.cacheDir]);
    expect(again.code).toBe(0);
    expect(`${again.stdout}${again.stderr}`.split('\n').filter((l) => l.includes('notice'))).toEqual([]);
    expect(await readFile(atPage, 'utf8')).toBe(before);
  });
});
