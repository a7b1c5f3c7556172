/**
 * The quality controls in the built example archive, in Chromium (issue 3, "Done when"): the
 * score matrix shows the pick (table and static chart), a PASS hiding an unexplained
 * INCONCLUSIVE appears in Attention and links to the criterion, a finding's repro output is
 * visible and highlighted, and searching a criterion's words finds it and lands on it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildSite, REPO_ROOT } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { isInViewport, readText, readTexts, targetId, searchDone } from './page-helpers.ts';

let page: Page;
let origin: string;

archiveInBrowser(() => buildSite([join(REPO_ROOT, 'content')]), { viewport: { width: 1024, height: 700 } }, (a) => ({ page, origin } = a));

async function open(path: string): Promise<void> {
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
}

describe('design arena', () => {
  it('the score matrix shows the pick, in the table and in the chart', async () => {
    await open('/p/tickets-arena-clean/#arena-matrix');
    const table = page.locator('[data-testid="score-matrix"]');
    expect(await isInViewport(table)).toBe(true);
    expect(await readTexts(table.locator('thead th'))).toEqual(['Criterion', 'A', 'B (pick)']);
    expect(await table.locator('thead th.pick').getAttribute('data-candidate')).toBe('B');
    const rows: string[][] = [];
    for (const tr of await table.locator('tbody tr').all()) rows.push(await readTexts(tr.locator('th, td')));
    expect(rows).toEqual([
      ['Size cap first', '4 § Data flow', '5 § Shape'],
      ['Line numbers', '4 § Errors', '4 § Errors'],
      ['Interface depth', '4 § Interface', '4 § Interface'],
      ['Memory', '2 § Shape', '5 § Data flow'],
    ]);
    expect(await table.locator('tbody td.pick').count()).toBe(4);
    expect(await table.locator('tbody td.pick').evaluateAll((tds) => tds.every((td) => td.getAttribute('data-candidate') === 'B'))).toBe(true);
    expect(await readTexts(table.locator('tfoot th, tfoot td'))).toEqual(['Total (top: B)', '14', '18']);
    expect(await readText(table.locator('caption'))).toContain('The pick is B.');

    const chart = page.locator('svg[data-testid="score-chart"]');
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await readText(chart.locator('desc'))).toBe('4 criteria, scale 0–5; the total bars are scaled to 0–20. Totals: A 14, B 18. Pick: B. The table above holds the same numbers.');
    expect(await readTexts(chart.locator('g.bar.pick text'))).toEqual(['B (pick) 5', 'B (pick) 4', 'B (pick) 4', 'B (pick) 5', 'B (pick) 18']);
    expect(await chart.locator('g.bar:not(.pick)').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-candidate')))).toEqual(['A', 'A', 'A', 'A', 'A']);
    expect(await chart.locator('script, foreignObject').count()).toBe(0);
  });

  it('shows the pick’s trail row, the graft, the dropped candidate and the single-family note', async () => {
    await open('/p/tickets-arena-clean/');
    expect(await readText(page.locator('[data-testid="arena-pick"]'))).toBe('Candidate B — the top scorer.');
    const rowLink = page.locator('#arena-pick a');
    expect(await rowLink.getAttribute('href')).toMatch(/^#row-[0-9a-f]{8}$/);
    expect(await readTexts(page.locator('#arena-grafts li'))).toEqual(['from A: the one-schema validation function (§ Interface) (front matter, line 6)']);
    expect(await readTexts(page.locator('#arena-dropped li'))).toEqual(['A: it holds the whole file in memory (Memory 2), the risk the spec names for large trails.']);
    expect(await readText(page.locator('[data-testid="single-family-note"]'))).toContain('single-family judge The judge runs in the same model family as the candidates’ authors');
    expect(await readTexts(page.locator('.arena-candidate h4'))).toEqual(['Candidate A design/candidates/1/design.md', 'Candidate B pick design/candidates/2/design.md']);
  });

  it('a skipped arena reads as skipped, with the row and its reason', async () => {
    await open('/p/tickets-single-shape/#design-arena');
    expect(await readText(page.locator('#arena-skipped p'))).toBe('arena skipped The design arena was skipped: the lead recorded that the requirement has one viable shape.');
    expect(await page.locator('#arena-skipped li a').getAttribute('href')).toMatch(/^#row-/);
  });
});

describe('verdicts in Attention', () => {
  it('a PASS hiding an unexplained INCONCLUSIVE is flagged in Attention and links to the criterion', async () => {
    await open('/p/tickets-verdict-faults/');
    const flag = page.locator('section.attention li.flag[data-kind="verdict/pass-with-inconclusive"]');
    expect(await flag.count()).toBe(1);
    expect(await readText(flag.locator('.flag-summary'))).toBe('qa gate of T-61 says PASS, but journey J-2 “Upload the export to the shared drive” is INCONCLUSIVE (not verified) with no nonblocking reason');
    expect(await readText(flag.locator('.status'))).toBe('high');
    expect(await readText(flag.locator('.flag-layer'))).toBe('layer 1 · verdicts');
    const link = flag.locator('.flag-links a');
    expect(await link.getAttribute('href')).toBe('#qa-t-61-j-2');
    await link.click();
    await page.waitForURL(`${origin}/p/tickets-verdict-faults/#qa-t-61-j-2`);
    expect(await targetId(page)).toBe('qa-t-61-j-2');
    const row = page.locator('#qa-t-61-j-2');
    expect(await isInViewport(row)).toBe(true);
    expect(await readText(row.locator('td').first())).toBe('not verified (inconclusive)');
    expect(await readText(page.locator('#qa-t-61 h3'))).toBe('qa gate · T-61 — PASS criteria do not support PASS');
  });

  it('every planted verdict kind is in Attention', async () => {
    await open('/p/tickets-verdict-faults/');
    const kinds = await page.locator('section.attention li.flag').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-kind')));
    expect([...kinds].sort()).toEqual(
      [
        'finding/cleared-level-1',
        'finding/confirmed-below-level-4',
        'finding/confirmed-without-checkout',
        'finding/confirmed-without-repro',
        'finding/location-not-found',
        'finding/repro-output-too-long',
        'loop/attempt-after-failed-premise',
        'loop/counter-reset',
        'loop/no-premise-row',
        'verdict/pass-contradicts-rubric',
        'verdict/pass-with-inconclusive',
        'verdict/pass-with-not-verified',
      ].sort(),
    );
  });

  it('the archive home counts the new flags', async () => {
    await open('/');
    expect(await readText(page.locator('tr[data-project="tickets-verdict-faults"] td.flag-counts'))).toBe('7 high 4 medium 1 low 12 problems');
    expect(await readText(page.locator('tr[data-project="tickets-arena-faults"] td.flag-counts'))).toBe('1 high 7 medium 0 low 8 problems');
    expect(await readText(page.locator('tr[data-project="tickets-arena-clean"] td.flag-counts'))).toBe('0 high 0 medium 0 low');
  });
});

describe('review findings and repair loops', () => {
  it('a finding’s repro command and output are visible, highlighted', async () => {
    await open('/p/tickets-arena-clean/#finding-pr-7-1');
    expect(await targetId(page)).toBe('finding-pr-7-1');
    const finding = page.locator('#finding-pr-7-1');
    expect(await readText(finding.locator('h4'))).toBe('parseTrail numbers lines from 0, so every error names the line above the bad row');
    expect(await readText(finding.locator('.row-head .status'))).toBe('confirmed');
    const repro = finding.locator('[data-testid="repro"]');
    const [command, output] = await repro.locator('pre.code').all();
    if (!command || !output) throw new Error('repro blocks missing');
    expect(await readText(command)).toBe('npx vitest run tests/parser.test.ts -t "numbers lines from 1"');
    // One span per run of a colour, its class from TOKEN_CLASS (src/lib/highlight/highlight.ts).
    expect(await command.locator('code > span').evaluateAll((spans) => spans.map((s) => [s.className, s.textContent]))).toEqual([
      ['hf', 'npx'],
      ['hs', 'vitest run tests/parser.test.ts -t'],
      ['hx', '"numbers lines from 1"'],
    ]);
    expect(await output.isVisible()).toBe(true);
    expect(await readTexts(output.locator('.line.marked'))).toEqual([
      'FAIL tests/parser.test.ts > parseTrail > numbers lines from 1',
      "AssertionError: expected [Function] to throw error including 'line 2: not JSON' but got 'line 1: not JSON'",
    ]);
    expect(await readText(finding.locator('dd').first())).toBe('level 4 — ran a repro or test on the real artifact');
    const location = finding.locator('.evidence a');
    expect(await location.getAttribute('href')).toBe('/r/content-repos-example.git/file/src/parser.ts/#L39');
  });

  it('a loop whose premise fails shows the premise, its result and the outcome', async () => {
    await open('/p/tickets-verdict-faults/#loop-1');
    const loop = page.locator('#loop-1');
    expect(await readText(loop.locator('h3'))).toBe('T-63 · gate qa 3 attempts');
    expect(await readText(loop.locator('.loop-outcome'))).toBe('Outcome: premise fails at attempt 2, yet 1 more attempt was made: the loop should have stopped and handed the blocker to investigate.');
    expect(await readTexts(loop.locator('tbody tr td:nth-child(3)'))).toEqual(['—', 'fails', '—']);
  });
});

describe('search', () => {
  it('searching a criterion’s words finds it and lands on it', async () => {
    await open('/search/?q=upload+the+export+shared+drive');
    await searchDone(page);
    const result = page.locator('#search-results li.result').filter({ has: page.locator('.result-title', { hasText: /^J-2: Upload the export to the shared drive$/ }) });
    expect(await result.count()).toBe(1);
    expect(await readText(result.locator('.result-filters'))).toBe('type: criterion · verdict: not verified (inconclusive)');
    await result.locator('a.result-title').click();
    await page.waitForURL(`${origin}/p/tickets-verdict-faults/#qa-t-61-j-2`);
    expect(await targetId(page)).toBe('qa-t-61-j-2');
  });

  it('filters by record type and verdict state, without words', async () => {
    await open('/search/?type=arena+pick');
    await searchDone(page);
    expect((await readTexts(page.locator('#search-results .result-title'))).map((t) => t.slice(0, 26)).sort()).toEqual(['Design pick: candidate A —', 'Design pick: candidate A —', 'Design pick: candidate B —']);
    await open('/search/?type=finding&verdict=CONFIRMED');
    await searchDone(page);
    expect((await readTexts(page.locator('#search-results .result-title'))).sort()).toEqual([
      'The CLI crashes on an empty trail file',
      'The size check counts characters instead of bytes',
      'parseTrail numbers lines from 0, so every error names the line above the bad row',
      'parseTrail returns rows out of time order',
    ]);
  });
});
