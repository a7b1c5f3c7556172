/**
 * A `.beads/` folder that keeps its issues only in a Dolt database, end to end (issue 18): the
 * real CLI builds it, and Chromium reads the recap, at desktop and phone widths. Without
 * configuration the recap says what the folder is and shows the exact `bd export` command,
 * and the audit log's coord.v1 event and field changes are still read. With
 * `beads.runExport` and a stand-in `bd` on the PATH, Trailbook runs the export and the
 * issues appear; an issue whose `created_at` disagrees with its `created` event shows both
 * times on its history page, which is in the log's time order. Set TRAILBOOK_SCREENSHOTS to
 * a folder to keep screenshots of both pages at both widths.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { archivesInBrowser } from './archive-in-browser.ts';
import { buildSite, REPO_ROOT, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { readText, readTexts } from './page-helpers.ts';
import { EMBEDDED_METADATA, EXPORT_ALL_LINES, INTERACTION_LINES } from '../beads-release-fixtures.ts';

const SHOTS = process.env['TRAILBOOK_SCREENSHOTS'];
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** backup/events.jsonl rows as `bd backup` writes them: demo-a2's created event is 11 h after its export time, demo-a3's export has the epoch. */
const EVENTS = [
  ['demo-a1', '2026-05-02T10:15:00Z', 'e-1'],
  ['demo-a2', '2026-05-02T21:15:29Z', 'e-2'],
  ['demo-a3', '2026-05-02T10:14:00Z', 'e-3'],
].map(([issue, at, id]) => JSON.stringify({ actor: 'amber-otter', comment: null, created_at: at, event_type: 'created', id, issue_id: issue, new_value: '', old_value: '' }));

async function input(): Promise<{ dir: string; root: string; bin: string; config: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'trailbook-e2e-beads-'));
  const root = join(dir, 'runs');
  const files: Record<string, string> = {
    'demo/.beads/metadata.json': EMBEDDED_METADATA,
    'demo/.beads/embeddeddolt/beads_demo/.dolt/noms/manifest': '5:__DOLT__:abc',
    'demo/.beads/interactions.jsonl': `${INTERACTION_LINES.join('\n')}\n`,
    'demo/.beads/backup/events.jsonl': `${EVENTS.join('\n')}\n`,
  };
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(join(root, rel, '..'), { recursive: true });
    await writeFile(join(root, rel), text);
  }
  const bin = join(dir, 'bin');
  await mkdir(bin);
  await writeFile(join(dir, 'export.jsonl'), `${EXPORT_ALL_LINES.join('\n')}\n`);
  await writeFile(join(bin, 'bd'), `#!/bin/sh\n[ "$*" = "--readonly --sandbox export --all" ] || exit 2\ncat '${join(dir, 'export.jsonl')}'\n`);
  await chmod(join(bin, 'bd'), 0o755);
  const config = join(dir, 'trailbook.config.json');
  await writeFile(config, JSON.stringify({ beads: { runExport: true, exportTimeout: 30 } }));
  return { dir, root, bin, config };
}

describe.skipIf(!chromiumAvailable())('a Dolt-only .beads folder in Chromium', () => {
  let plain: BuiltSite;
  let exported: BuiltSite;
  let page: Page;
  let inputDir = '';

  const archives = archivesInBrowser(async () => {
    const { dir, root, bin, config } = await input();
    inputDir = dir;
    plain = await buildSite([root]);
    exported = await buildSite([root, '--config', config], [], { PATH: `${bin}:${process.env['PATH'] ?? ''}` });
    return [plain, exported];
  });

  afterAll(async () => {
    if (inputDir) await rm(inputDir, { recursive: true, force: true });
  });

  async function open(site: 0 | 1, path: string, viewport: { width: number; height: number } = WIDTHS[0]): Promise<void> {
    page = await archives.open(site, path, { viewport });
  }

  it('says what the folder is and shows the exact export command, at desktop and phone widths', async () => {
    for (const viewport of WIDTHS) {
      await open(0, '/p/demo/', viewport);
      const store = page.locator('[data-testid="beads-store"]');
      expect(await store.getAttribute('data-kind')).toBe('embedded');
      expect(await readText(store.locator('p').first())).toBe(
        'No issue export in this folder. .beads/ holds an embedded Dolt database (run inside bd) at .beads/embeddeddolt, database beads_demo, and none of issues.jsonl, beads.jsonl or beads.base.jsonl. Trailbook reads the JSONL export and the audit log (.beads/interactions.jsonl), not the database.',
      );
      expect(await readText(page.locator('[data-testid="beads-export-command"]'))).toBe('bd export --all -o .beads/issues.jsonl');
      expect(await page.locator('[data-testid="beads-export-command"]').isVisible()).toBe(true);
      // The command fits the phone's width, or scrolls inside its own box; the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await readTexts(page.locator('section.not-read li'))).toEqual([
        '.beads (beads records): .beads/ holds an embedded Dolt database (run inside bd) at .beads/embeddeddolt, database beads_demo, and no JSONL export of its issues (issues.jsonl, beads.jsonl, beads.base.jsonl). Trailbook reads the export and the audit log (.beads/interactions.jsonl), not the database. To write the export, run in the project folder: bd export --all -o .beads/issues.jsonl',
      ]);
      if (SHOTS) {
        await page.screenshot({ path: join(SHOTS, `dolt-only-recap-${viewport.width}.png`), fullPage: true });
        await store.screenshot({ path: join(SHOTS, `dolt-only-store-${viewport.width}.png`) });
      }
      if (viewport !== WIDTHS.at(-1)) await page.context().close();
    }
  });

  it('still reads the audit log: its coord.v1 event in the timeline, its field changes in the issue history', async () => {
    await open(0, '/p/demo/');
    expect(await readTexts(page.locator('#coord-timeline-table tbody tr td:nth-child(3)'))).toEqual(['RESERVE']);
    expect(await readText(page.locator('.beads-store p.meta').last())).toBe('Read all the same: .beads/backup/events.jsonl (3 records), .beads/interactions.jsonl (3 records). Its coord.v1 events are in the coordination timeline, its field changes in each issue’s history.');
    expect(await readTexts(page.locator('.beads-table tbody tr td:first-child'))).toEqual(['demo-a1', 'demo-a2', 'demo-a3']);
  });

  it('runs bd export when the configuration asks, and shows the issues it exported', async () => {
    await open(1, '/p/demo/');
    expect(await readText(page.locator('[data-testid="beads-store-run"]'))).toBe('Trailbook ran bd --readonly --sandbox export --all on a temporary copy of the folder, as the configuration asks (beads.runExport), and read 5 issues from its output (6 lines, listed as .beads (bd export)). To keep an export beside the database, run:');
    expect(await readTexts(page.locator('.beads-table tbody tr td:first-child'))).toEqual(['demo-a1', 'demo-a2', 'demo-a3', 'demo-w1 (wisp: heartbeat)', 'demo-t1 (template)']);
    expect(await readTexts(page.locator('.beads-table tbody tr td:nth-child(3)'))).toEqual(['review', 'hooked replay: open', 'pinned replay: open', 'open', 'open']);
    expect(await page.locator('section.not-read').count()).toBe(0);
  });

  it('shows both creation times on the history page, in the log’s order, at both widths', async () => {
    for (const viewport of WIDTHS) {
      await open(1, '/p/demo/issue/demo-a2/', viewport);
      expect(await readText(page.locator('[data-testid="time-disagreement"]'))).toBe(
        'The export and the log disagree: .beads (bd export) says it was created at 2026-05-02T10:15:30Z; its created event at .beads/backup/events.jsonl:2 says 2026-05-02T21:15:29Z, 10 h 59 min 59 s later (a whole time-zone offset: one of the two wrote local time as UTC). Flagged beads/created-time-disagrees (low).',
      );
      // Said once: under Created, not again under History (its row is marked there).
      expect(await page.locator('p.status').filter({ hasText: 'disagree' }).count()).toBe(1);
      expect(await readTexts(page.locator('[data-testid="issue-history"] tbody tr td:first-child'))).toEqual(['2026-05-02T21:15:29Z the export says created 2026-05-02T10:15:30Z']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (SHOTS) {
        await page.screenshot({ path: join(SHOTS, `issue-history-${viewport.width}.png`), fullPage: true });
        await page.locator('article.beads-issue').screenshot({ path: join(SHOTS, `issue-history-article-${viewport.width}.png`) });
      }
      if (viewport !== WIDTHS.at(-1)) await page.context().close();
    }
  });

  it('shows started_at, the waits-for gate and the custom status of an issue from the export', async () => {
    await open(1, '/p/demo/issue/demo-a1/');
    expect(await readText(page.locator('[data-testid="issue-created"]'))).toBe('2026-05-02T10:15:00Z by amber-otter · started 2026-05-02T11:00:00Z · updated 2026-05-02T12:00:00.5Z');
    expect(await readTexts(page.locator('dd ul.sources li'))).toEqual([
      'demo-a2 conditional-blocks: this issue runs only if that one fails (closes with a failure reason)',
      'demo-a3 waits-for (gate all-children): this issue waits for the children of that one',
    ]);
    expect(await readText(page.locator('[data-testid="issue-status"]'))).toBe('review (a status beads does not define and the config does not declare; shown as written) · replayed from events: review');
    expect(await readTexts(page.locator('[data-testid="issue-history"] tbody tr td:first-child'))).toEqual(['2026-05-02T10:15:00Z', '2026-05-02T11:00:00.1234567Z', '2026-05-02T12:00:00.5Z']);
  });

  it('has no serious or critical axe violation on the store notice and the history page', async () => {
    const axeSource = await readFile(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    for (const [site, path] of [
      [0, '/p/demo/'],
      [1, '/p/demo/issue/demo-a2/'],
    ] as const) {
      await open(site, path);
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe;
        return (await axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      });
      expect(violations).toEqual([]);
      await page.context().close();
    }
  });

  it('prints what the folder is and the export command when it builds, and nothing of it once exported', () => {
    expect((plain.stdout + plain.stderr).split('\n').filter((l) => l.startsWith('  demo: '))).toEqual([
      '  demo: .beads/ holds an embedded Dolt database (run inside bd) at .beads/embeddeddolt, database beads_demo, and no JSONL export of its issues (issues.jsonl, beads.jsonl, beads.base.jsonl). Trailbook reads the export and the audit log (.beads/interactions.jsonl), not the database. To write the export, run in the project folder: bd export --all -o .beads/issues.jsonl',
    ]);
    expect(exported.stdout + exported.stderr).not.toContain('not read yet');
  });
});
