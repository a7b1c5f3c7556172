/**
 * The real input corpus (../shared/corpus/real beside the repository: 19 public pstack trails
 * and two beads folders, see its SOURCES.md) built with the real CLI and read in Chromium.
 * None of these projects has a repository, so every git-backed pointer must be "not verified
 * (inconclusive)" with the reason "no repository", never verified and never a crash
 * (spec/input.md section 1); every row of every trail is shown, its header read by name.
 * Skipped only where the corpus is not on disk (CI has ../shared beside the clone).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildSite, type BuiltSite } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { EVIDENCE_ITEM, readText, readTexts, ROW_CARD, rowSource } from './page-helpers.ts';
import { REAL_CORPUS } from '../real-corpus.ts';
import { readPstackTrail } from '../../src/lib/adapters/pstack-trail.ts';
import { grouped } from '../../src/lib/text/grouped.ts';

const REAL = REAL_CORPUS;

/** Each pstack trail of the corpus: its archive id, its project folder and the trail file inside it. */
const TRAILS: Array<{ id: string; folder: string; trail: string }> = existsSync(REAL)
  ? readdirSync(REAL)
      .sort()
      .flatMap((folder) => {
        if (existsSync(join(REAL, folder, 'decisions.tsv'))) return [{ id: folder.toLowerCase(), folder, trail: 'decisions.tsv' }];
        if (!existsSync(join(REAL, folder, '.audit'))) return [];
        return readdirSync(join(REAL, folder, '.audit'))
          .filter((f) => f.endsWith('.tsv'))
          .map((f) => ({ id: `${folder.toLowerCase()}--${f.replace(/\.tsv$/, '')}`, folder, trail: `.audit/${f}` }));
      })
  : [];
const BEADS = [
  { id: 'rand__loop', title: 'rand__loop' },
  { id: '45ck__prompt-language', title: '45ck__prompt-language' },
];
/** Pointer kinds whose check needs the repository. */
const GIT_BACKED = new Set(['commit', 'path', 'test', 'symbol', 'rubric']);

/** The trail as Trailbook's reader reads it (its header by name: tests/unit/real-corpus.test.ts pins that reading). */
async function readTrail(folder: string, trail: string): Promise<Awaited<ReturnType<typeof readPstackTrail>>> {
  return readPstackTrail(join(REAL, folder, trail), trail, 0);
}

describe.skipIf(!existsSync(REAL))('the real corpus', () => {
  let site: BuiltSite;
  let browser: Browser;
  let origin: string;
  let page: Page;

  // --recap-html: each project's recap.html is checked too (the default build makes it in the browser).
  archiveInBrowser(() => buildSite([REAL], ['--recap-html']), {}, (a) => ({ site, browser, origin, page } = a));

  async function open(path: string): Promise<void> {
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status()).toBe(200);
  }

  it('the build reports every project', () => {
    expect(TRAILS).toHaveLength(19);
    expect(site.stderr + site.stdout).toContain('Found 21 projects.');
    expect(site.stderr + site.stdout).toContain('342 rows from pstack TSV trails');
  });

  it('the archive home lists every trail and every beads folder', async () => {
    await open('/');
    const ids = await page.locator('table.projects tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project')));
    expect([...ids].sort()).toEqual([...TRAILS.map((t) => t.id), ...BEADS.map((b) => b.id)].sort());
    for (const { id } of [...TRAILS, ...BEADS]) {
      expect(await page.locator(`tr[data-project="${id}"] th a`).getAttribute('href')).toBe(`/p/${id}/`);
    }
  });

  // use11: the home's "30 problems (107 flags)" had no figure in report.json or the report page
  // (`totals.problems` is the discovery problems, 0); now `totals.projectProblems` and a row say it.
  it("the home's problems are the report's, page and JSON", async () => {
    await open('/');
    expect(await readText(page.locator('[data-testid="home-summary"] [data-figure="flags"]'))).toContain('30 problems (107 flags) in 16 projects');
    const report = JSON.parse(readFileSync(join(site.out, 'report.json'), 'utf8')) as { totals: { problems: number; discoveryProblems: number; projectProblems: Record<string, number> } };
    expect(report.totals.projectProblems).toEqual({ high: 1, medium: 18, low: 11, citesMissing: 0 });
    expect([report.totals.problems, report.totals.discoveryProblems]).toEqual([0, 0]);
    await open('/report/');
    expect(await readText(page.locator('.report-counts tr', { hasText: 'Problems' }).locator('td'))).toBe('1 / 18 / 11');
  });

  // use11: "51 not checkable" landed on Check first, whose words never said 51 nor "not
  // checkable" (the pointers are on rows listed under their results). Now Check first says them.
  it("the Evidence figure's not-checkable count is said where it lands, under Check first", async () => {
    await open('/p/leomartindev__plume/');
    const figure = page.locator('[data-testid="verdict"] [data-figure="evidence"] a', { hasText: 'not checkable' });
    expect(await readText(figure)).toBe('51 not checkable');
    await figure.click();
    expect(new URL(page.url()).hash).toBe('#check-first');
    expect(await readText(page.locator('[data-testid="check-first-not-checkable"]'))).toBe(
      "51 evidence pointers of 35 rows could not be checked (no repository: commits and paths could not be looked up): each of those rows is listed here, and each pointer is marked not checkable on its row's card under Decisions.",
    );
    expect(readFileSync(join(site.out, 'p', 'leomartindev__plume', 'recap.html'), 'utf8')).toContain('<p class="meta" data-testid="check-first-not-checkable">51 evidence pointers of 35 rows could not be checked');
  });

  it("lands '49 not checkable' on Check first, which says the 10 of them on invalid records, and '7 not checkable' on groups that say 7", async () => {
    await open('/p/howard-starfield__diablo-iv-masterwork-companion/');
    await page.locator('[data-testid="verdict"] [data-figure="evidence"] a', { hasText: '49 not checkable' }).click();
    expect(new URL(page.url()).hash).toBe('#check-first');
    expect(await readText(page.locator('[data-testid="check-first-not-checkable"]'))).toBe(
      "49 evidence pointers could not be checked (no repository: commits and paths could not be looked up): 39 on 28 rows, each row listed here and each pointer marked not checkable on its row's card under Decisions; 10 on 2 invalid records, under Invalid records.",
    );
    await open('/p/jenzoga__jmt-mcmt/');
    await page.locator('[data-testid="verdict"] [data-figure="evidence"] a', { hasText: '7 not checkable' }).click();
    expect(new URL(page.url()).hash).toBe('#check-first-not-checkable');
    expect(await readText(page.locator('#check-first-words > p.meta'))).toBe(
      "9 verified, with prose for evidence; 4 verified, with evidence that could not be checked (7 pointers). These are the agent's own words, not checks Trailbook made: each row shows its result as written.",
    );
    expect(await page.locator('#check-first-words > p.meta').isVisible()).toBe(true);
  });

  // use11: the Evidence figure "12 prose, no pointer" linked to a card, and sat under a glance,
  // both saying "10 rows: prose, not a pointer" (two rows hold two cells of prose).
  it("the Evidence figure's prose count is the card's it links to, and the glance's, on the page and in recap.html", async () => {
    const sentence = '12 cells in 10 rows: prose, not a pointer';
    await open('/p/leomartindev__plume/');
    const figure = page.locator('[data-testid="verdict"] [data-figure="evidence"] a', { hasText: 'prose' });
    expect(await readText(figure)).toBe('12 prose, no pointer');
    expect(await readText(page.locator('[data-testid="verdict"] .worst-summary').first())).toBe(sentence);
    await figure.click();
    expect(await readText(page.locator('#attention ~ * li.flag[data-kind="evidence/prose"] > .flag-summary, section:has(> #attention) li.flag[data-kind="evidence/prose"] > .flag-summary').first())).toBe(sentence);
    const recapHtml = readFileSync(join(site.out, 'p', 'leomartindev__plume', 'recap.html'), 'utf8');
    expect(recapHtml).toContain(`<p class="flag-summary">${sentence}</p>`);
    expect(recapHtml).toContain(`<span class="worst-summary">${sentence}</span>`);
  });

  it('Check first lists the open rows by reason, and folds the results in the agent\'s words apart, one click away (issue 27)', async () => {
    await open('/p/jonghakseo__picky/');
    const groups = page.locator('.cf-group');
    // `reviewer finding F2` names a finding (a reference), not prose: nothing fails here without a
    // repository. `reverted, minimal scope` and `stopped with blocker` need a person; the rest are
    // the agent's words: reported done (`tests green`, `implemented`, `reviewer F1 fixed`) and notes.
    expect(await readTexts(groups.locator('> summary'))).toEqual(['result reverted 1 row', 'result open 1 row', "result reported done: the agent's word, not a check 4 rows", 'result a note: no state 6 rows']);
    expect(await readText(page.locator('section.check-first > p'))).toBe("2 of 12 rows need a look: 1 reverted; 1 open. 10 more are results in the agent's words (reported done or notes, or evidence not checked), folded below.");
    const words = page.locator('#check-first-words');
    expect(await words.getAttribute('open')).toBeNull();
    expect(await words.locator('li').first().isVisible()).toBe(false);
    await words.locator('> summary').click();
    expect(await words.locator('li').count()).toBe(10);
    expect(await words.locator('li').first().isVisible()).toBe(true);
    // The verdict strip and the home say each outcome apart: did not resolve, prose, not checkable.
    expect(await readText(page.locator('[data-testid="verdict"] [data-figure="evidence"] .figure-main'))).toBe('0 verified 0 did not resolve 0 prose, no pointer 23 not checkable');
    await open('/');
    expect(await readText(page.locator('tr[data-project="jonghakseo__picky"] td.evidence-counts'))).toBe('0 did not resolve 0 prose, no pointer 23 not checkable');
  });

  it('no page is wider than a phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    const wide: Record<string, number> = {};
    const projects = [...TRAILS, ...BEADS].map((p) => p.id);
    // Every recap, its single-file recap.html, and a beads issue page with markdown and long lines.
    for (const id of ['', ...projects.map((p) => `p/${p}/`), ...projects.map((p) => `p/${p}/recap.html`), 'p/45ck__prompt-language/issue/prompt-language-2t1h/']) {
      await small.goto(`${origin}/${id}`);
      const width = await small.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide[id] = width;
    }
    await phone.close();
    expect(wide).toEqual({});
  });

  // use14: on a phone the beads issue list was a 1,177 px table in a 342 px sideways scroll: the
  // id column filled the screen, titles were cut mid-word, and status, assignee, close reason and
  // history were out of sight. Now one card per issue, each cell labelled, as Phases.
  it('on a phone, the beads issue list is one card per issue, nothing past a sideways scroll', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`${origin}/p/45ck__prompt-language/`);
    const wraps = await small.locator('.table-wrap:has(> .beads-table)').evaluateAll((ws) => ws.map((w) => [w.scrollWidth, w.clientWidth]));
    expect(wraps.length).toBe(2);
    for (const [scroll, client] of wraps) expect(scroll).toBeLessThanOrEqual(client as number);
    const first = small.locator('section.beads-issues > .table-wrap tbody tr').first();
    await first.scrollIntoViewIfNeeded();
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const box = await first.locator(`td:nth-child(${n})`).boundingBox();
      expect(box, `cell ${n}`).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `cell ${n}`).toBeLessThanOrEqual(390);
    }
    expect(await first.locator('td:nth-child(4)').evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Assignee: "');
    await phone.close();
    // On a desktop the table fits too: a close reason holding a long path wraps, History stays in view.
    await open('/p/45ck__prompt-language/');
    const desk = await page.locator('.table-wrap:has(> .beads-table)').evaluateAll((ws) => ws.map((w) => w.scrollWidth - w.clientWidth));
    expect(desk).toEqual([0, 0]);
  });

  it('a flag with many places lists the first five and folds the rest, on the page and in recap.html', async () => {
    for (const path of ['/p/45ck__prompt-language/', '/p/45ck__prompt-language/recap.html']) {
      await open(path);
      const flag = page.locator('li.flag[data-kind="beads/created-time-disagrees"]').filter({ hasText: '542 issues' });
      expect(await flag.count(), path).toBe(1);
      expect(await readTexts(flag.locator('> p.flag-links > *')), path).toEqual(['.beads/issues.jsonl:1', '.beads/issues.jsonl:2', '.beads/issues.jsonl:3', '.beads/issues.jsonl:4', '.beads/issues.jsonl:5']);
      const more = flag.locator('> details.flag-more');
      expect(await readText(more.locator('> summary')), path).toBe('and 537 more places');
      expect(await more.getAttribute('open'), path).toBeNull();
      expect(await more.locator('.flag-links > *').count(), path).toBe(537);
      expect(await more.locator('.flag-links > *').first().isVisible(), path).toBe(false);
      // Folded, the flag takes a few lines, not a hundred.
      expect(await flag.evaluate((e) => e.getBoundingClientRect().height), path).toBeLessThan(200);
    }
  });

  it('a beads-only project without a repository is not said to have inconclusive git checks: nothing there cites git', async () => {
    await open('/p/rand__loop/');
    expect(await readTexts(page.locator('dt:text-is("Repository") + dd > span'))).toEqual(['none']);
    // Without a lifecycle log there is no history to agree with the export: the fold says only what it holds.
    expect(await readText(page.locator('[data-testid="beads-folded"] > summary'))).toBe('56 closed issues');
  });

  it("a trail dated without times of day gives its dates as its time span, on the page and in recap.html (use12: 'no timed records')", async () => {
    await open('/p/jenzoga__jmt-mcmt/');
    expect(await readText(page.locator('.recap-header dt:text-is("Time span") + dd'))).toBe('2026-10-07: dates only (14 rows dated without a time of day)');
    const offline = readFileSync(join(site.out, 'p', 'jenzoga__jmt-mcmt', 'recap.html'), 'utf8');
    expect(offline).toContain('<dt>Time span</dt><dd>2026-10-07: dates only (14 rows dated without a time of day)</dd>');
  });

  it("the archive home gives the same project's dates as its Time span (use13: '—')", async () => {
    const cell = page.locator('tr[data-project="jenzoga__jmt-mcmt"] td[data-label="Time span"]');
    // The home lists the project on one of its pages (the first, /projects/2/, …).
    for (let n = 1; n < 20; n++) {
      await open(n === 1 ? '/' : `/projects/${n}/`);
      if ((await cell.count()) > 0) break;
    }
    expect(await readText(cell)).toBe('2026-10-07 (dates only)');
  });

  it('a long beads issue list keeps in view what may need a person and folds closed issues whose history agrees', async () => {
    await open('/p/45ck__prompt-language/');
    const folded = page.locator('[data-testid="beads-folded"]');
    expect(await readText(folded.locator('> summary'))).toBe('406 closed issues whose history agrees with the export');
    expect(await folded.getAttribute('open')).toBeNull();
    expect(await folded.locator('tbody tr').count()).toBe(406);
    // Shown: the 118 open or in progress, and the 40 closed whose log disagrees (34 status mismatches, the rest gaps).
    const shown = page.locator('section.beads-issues > .table-wrap tbody tr');
    expect(await shown.count()).toBe(158);
    expect(await shown.evaluateAll((trs) => trs.filter((tr) => tr.getAttribute('data-status') === 'closed').length)).toBe(40);
    // Folded, the recap is a third of the 68,000 px it was.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(30_000);
    // A flag's link to a folded issue opens the fold.
    const link = page.locator('li.flag').filter({ hasText: '542 issues' }).getByText('.beads/issues.jsonl:1', { exact: true });
    expect(await link.getAttribute('href')).toBe('#beads-prompt-language-bfkj');
    await link.click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="beads-folded"]') as HTMLDetailsElement).open);
    expect(await page.locator('#beads-prompt-language-bfkj').isVisible()).toBe(true);
  });

  it('a beads issue page renders its description as markdown and says a created-time disagreement once', async () => {
    await open('/p/45ck__prompt-language/issue/prompt-language-2t1h/');
    const description = page.locator('section:has(> h2:text-is("Description")) .markdown');
    // Its `## Why` sits one level under the page's Description (h2), as h3: it was h4, a level
    // skipped (use15: axe heading-order on the beads issue pages).
    expect(await readTexts(description.locator('h3'))).toEqual(['Why', 'What', 'Acceptance criteria']);
    expect(await description.locator('h4, h5, h6').count()).toBe(0);
    expect(await description.locator('ol > li').count()).toBe(4);
    expect(await readText(description.locator('ul > li').first())).toBe('Hook stdin reads do not hang forever when stdin stays open.');
    expect(await readText(description)).not.toContain('##');
    expect(await readTexts(page.locator('p.status').filter({ hasText: 'disagree' }))).toEqual([
      'The export and the log disagree: .beads/issues.jsonl says it was created at 2026-04-18T00:53:30Z; its created event at .beads/backup/events.jsonl:2236 says 2026-04-18T10:53:29Z, 9 h 59 min 59 s later (a whole time-zone offset: one of the two wrote local time as UTC). Flagged beads/created-time-disagrees (low).',
    ]);
  });

  describe.each(TRAILS)('pstack trail $folder/$trail', ({ id, folder, trail }) => {
    let rows: Awaited<ReturnType<typeof readTrail>>['rows'] = [];
    let read: Awaited<ReturnType<typeof readTrail>>;
    beforeAll(async () => {
      read = await readTrail(folder, trail);
      rows = read.rows;
    });

    it(`has a recap at /p/${id}/ with every row in file order`, async () => {
      await open(`/p/${id}/`);
      expect(await readTexts(page.locator('dt:text-is("Repository") + dd > span'))).toEqual(['none', 'git checks inconclusive: no repository']);
      expect(await readTexts(page.locator('ul.sources > li'))).toEqual([`${trail} — pstack trail (TSV): ${read.source.lines} lines, ${read.source.headers ? `${read.source.headers} header, ` : ''}${read.source.valid - (read.source.headers ?? 0)} read, ${read.source.invalid} invalid`]);
      expect(rows.length).toBeGreaterThan(0);
      expect(await readText(page.locator('section.attention .audit-sentence'))).toBe(
        'The handover audit was never invoked: this project has no audit.json, so no reviewer looked at the trail.',
      );
      const articles = page.locator('section.decisions .rows > article');
      expect(await articles.count()).toBe(rows.length);
      expect(await readTexts(articles.locator(ROW_CARD.decision))).toEqual(rows.map((r) => r.decision));
      expect(await readTexts(articles.locator(ROW_CARD.why))).toEqual(rows.map((r) => r.why));
      expect(await readTexts(articles.locator(ROW_CARD.result))).toEqual(rows.map((r) => `result: ${r.result}`));
      const sources: string[] = [];
      for (const card of await articles.all()) sources.push(await rowSource(card));
      expect(sources).toEqual(rows.map((r) => `${trail}:${r.line}`));
    });

    it('git-backed evidence is “not verified (inconclusive)”: no repository', async () => {
      await open(`/p/${id}/`);
      const items = await page.locator(`section.decisions ${ROW_CARD.evidenceItem}`).all();
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const kind = await readText(item.locator(EVIDENCE_ITEM.kind));
        const pointer = await readText(item.locator(EVIDENCE_ITEM.pointer));
        const mark = await readText(item.locator(EVIDENCE_ITEM.status));
        const reason = await readText(item.locator(EVIDENCE_ITEM.reason));
        // A trail citing its own file: a claim is not evidence of anything.
        if (reason.endsWith('is the record that makes the claim: a claim cannot be its own evidence')) {
          expect([mark, existsSync(join(REAL, folder, pointer)) && statSync(join(REAL, folder, pointer)).isFile()]).toEqual(['not verified', true]);
          continue;
        }
        // A row about the trail citing it: a reference, linked to the trail's rows in the recap.
        if (reason === 'the row is about the trail, and cites it: a reference to the record, not evidence checked') {
          expect([pointer, kind, mark, await item.locator(EVIDENCE_ITEM.link).getAttribute('href')]).toEqual([pointer, 'reference', 'not verified (inconclusive)', `/p/${id}/#decisions`]);
          continue;
        }
        // Nothing is clean without a repository: every pointer is not verified, prose flagged.
        // "n/a" on a row whose result is open: nothing is claimed yet, nothing flagged.
        const claimsNothing = reason.startsWith('no evidence given, and the row claims none yet');
        // Prose beside a cell's evidence is a remark (issue 27, scope 5): shown, not flagged; a
        // cell of prose reads "prose, no pointer" (issue 27), apart from a pointer that did not resolve.
        const remark = reason === "a remark beside the cell's evidence: shown as written, not checked";
        expect([pointer, mark]).toEqual([pointer, kind === 'prose' && !reason.includes('not read') && !claimsNothing && !remark ? 'prose, no pointer' : 'not verified (inconclusive)']);
        if (GIT_BACKED.has(kind) && !reason.includes('inside an archive')) {
          expect([pointer, kind, reason]).toEqual([pointer, kind, 'no repository']);
          expect(await item.locator(':scope > a').count()).toBe(0);
        }
      }
    });

    it('shows every word of each evidence cell (nothing the agent wrote is dropped)', async () => {
      await open(`/p/${id}/`);
      const evidenceCells = await readTexts(page.locator('section.decisions .rows > article dt:text-is("Evidence") + dd'));
      expect(evidenceCells.length).toBe(rows.length);
      const missing: string[] = [];
      rows.forEach((row, i) => {
        // Separators (`;`, `,`, ` and `, ` plus `, ` + `) join pointers; a pointer is shown without the sentence's punctuation around it (`fd4f3f4..331919e:`).
        for (const word of row.evidenceText.split(/[\s;,]+/).filter((w) => w !== '' && !/^(?:and|plus|\+)$/i.test(w))) {
          const bare = word.replace(/^[(["'`]+|[)\]"'`.,:;!?]+$/g, '') || word;
          if (!(evidenceCells[i] ?? '').includes(bare)) missing.push(`line ${row.line}: ${word}`);
        }
      });
      expect(missing).toEqual([]);
    });
  });

  describe.each(BEADS)('beads folder $id', ({ id, title }) => {
    /** Every JSONL file under the folder's .beads/, relative to the project folder. */
    const beadsFiles = existsSync(REAL)
      ? readdirSync(join(REAL, id, '.beads'), { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.jsonl'))
          .map((f) => `.beads/${f}`)
          .sort()
      : [];

    it('has a page that says what was read: “not read yet”, or every beads file with its line count', async () => {
      await open(`/p/${id}/`);
      expect(await readText(page.locator('h1'))).toBe(title);
      expect(await page.locator('section.decisions').count()).toBe(0);
      const sources = await readTexts(page.locator('ul.sources > li'));
      if (sources.some((s) => s.endsWith('not read yet'))) {
        // The beads reader has not landed: the folder is listed and the page says so.
        expect(sources).toEqual(['.beads — beads records: not read yet']);
        const section = page.locator('section.not-read');
        expect(await readText(section.locator('h2'))).toBe('Not read yet');
        expect(await readText(section.locator('p'))).toMatch(/^\.beads \(beads records\) ?: Trailbook found these records but does not read this format yet\.$/);
        expect(site.stderr + site.stdout).toContain('2 sources not read yet (beads)');
      } else {
        // The beads reader has landed: every file is read in full.
        expect(sources).toEqual(
          beadsFiles.map((f) => {
            const n = readFileSync(join(REAL, id, f), 'utf8').split('\n').filter((l) => l !== '').length;
            return `${f} — beads records: ${grouped(n)} line${n === 1 ? '' : 's'}, ${grouped(n)} read, 0 invalid`;
          }),
        );
      }
      await open('/');
      expect(await readText(page.locator(`tr[data-project="${id}"] th a`))).toBe(title);
    });
  });
});
