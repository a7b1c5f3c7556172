/**
 * The project recap of the bundled example corpus, in Chromium: the Attention sentence in
 * the seed's exact words (team-decision-trail.md, Part 3), one flag per planted fault
 * (content/README.md), superseded rows, row permalinks, evidence marks, and the commit and
 * file pages an evidence link opens.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { buildSite, REPO_ROOT } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { beforeContent, EVIDENCE_ITEM, isInViewport, readText, readTexts, ROW_CARD, rowSource, targetId } from './page-helpers.ts';

const EXAMPLE_GIT = join(REPO_ROOT, 'content', 'repos', 'example.git');
const REPO_PAGES = '/r/content-repos-example.git';

function exampleGit(...args: string[]): string {
  return execFileSync('git', ['--git-dir', EXAMPLE_GIT, ...args], { encoding: 'utf8' });
}

let origin: string;
let page: Page;

// A short viewport, so that a row lower on the page is off screen until it is scrolled to.
archiveInBrowser(() => buildSite([]), { viewport: { width: 1024, height: 640 } }, (a) => ({ origin, page } = a));

async function open(path: string): Promise<void> {
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
}

function row(id: string) {
  return page.locator(`.rows > article[id="row-${id}"]`);
}

/** What an evidence item says, part by part: pointer, kind, status word and reason ('' for a part the card leaves out). */
async function evidenceParts(item: Locator): Promise<string[]> {
  const part = async (selector: string): Promise<string> => ((await item.locator(selector).count()) > 0 ? readText(item.locator(selector)) : '');
  return [await part(EVIDENCE_ITEM.pointer), await part(EVIDENCE_ITEM.kind), await part(EVIDENCE_ITEM.status), await part(EVIDENCE_ITEM.reason)];
}

/** The evidence item of a row whose pointer text is `pointer`. */
function evidence(rowId: string, pointer: string) {
  return row(rowId).locator(ROW_CARD.evidenceItem).filter({ has: page.locator(EVIDENCE_ITEM.pointer, { hasText: pointer }) });
}

describe('Attention: the audit sentence in the seed words', () => {
  const sentences: Array<[project: string, sentence: string]> = [
    ['tickets-clean', 'No flags from codex-x / gpt-y'],
    ['tickets-not-run', 'Not reviewed: no other family installed'],
    ['tickets-failed', 'Not reviewed: reviewer error: invalid JSON output'],
    ['tickets-no-audit', 'The handover audit was never invoked: this project has no audit.json, so no reviewer looked at the trail.'],
    ['tickets-faults', "2 flags from codex-x / gpt-y (layer 2, the reviewer); Trailbook's own checks (layer 1) raised 13 more."],
    ['pstack-app', 'The handover audit was never invoked: this project has no audit.json, so no reviewer looked at the trail.'],
  ];

  it.each(sentences)('%s says “%s”', async (project, sentence) => {
    await open(`/p/${project}/`);
    const attention = page.locator('section.attention');
    expect(await readText(attention.locator('h2'))).toBe('Attention');
    const shown = attention.locator('[data-testid="audit-sentence"], .audit-sentence');
    expect(await shown.count()).toBe(1);
    expect(await readText(shown)).toBe(sentence);
    expect(await shown.isVisible()).toBe(true);
  });

  it('a project whose audit did not run or failed is never shown as clean', async () => {
    for (const project of ['tickets-not-run', 'tickets-failed']) {
      await open(`/p/${project}/`);
      const sentence = await readText(page.locator('section.attention .audit-sentence'));
      expect(sentence).toMatch(/^Not reviewed: /);
      expect(sentence).not.toMatch(/No flags/);
    }
    await open('/');
    const audit = async (project: string) => readText(page.locator(`tr[data-project="${project}"] td.audit`));
    expect(await audit('tickets-not-run')).toBe('Not reviewed: no other family installed');
    expect(await audit('tickets-failed')).toBe('Not reviewed: reviewer error: invalid JSON output');
    expect(await audit('tickets-no-audit')).toBe('Never invoked');
    expect(await audit('tickets-clean')).toBe('No flags from codex-x / gpt-y');
    expect(await audit('tickets-faults')).toBe('2 flags from codex-x / gpt-y');
    expect(await audit('tickets-verdict-faults')).toBe('No trail to audit');
    // Nothing is wrong there: the badge is neutral, not a warning.
    const badge = (project: string) => page.locator(`tr[data-project="${project}"] td.audit .status`).getAttribute('class');
    expect(await badge('tickets-verdict-faults')).toBe('status status-zero');
    expect(await badge('tickets-no-audit')).toBe('status status-unknown');
  });

  it('the clean project lists no flag, and says so', async () => {
    await open('/p/tickets-clean/');
    const attention = page.locator('section.attention');
    expect(await attention.locator('li.flag').count()).toBe(0);
    expect(await readText(attention.locator('p.none'))).toBe("Trailbook's own checks (layer 1) raised no flags.");
  });
});

describe('Attention on tickets-faults: one flag for every planted fault', () => {
  /** content/README.md, "Planted faults": the row (or invalid line) and the flag it must raise. */
  const planted: Array<[fault: string, target: string, kind: string, severity: string]> = [
    ['a', '#row-8635af1e', 'evidence/commit-not-found', 'high'],
    ['b', '#row-3730d30f', 'evidence/commit-ambiguous', 'medium'],
    ['c', '#row-7701de86', 'evidence/path-not-found', 'high'],
    ['d', '#row-29700948', 'evidence/line-out-of-range', 'high'],
    ['e', '#row-8ada2ddc', 'trail/supersedes-forward', 'high'],
    ['f', '#row-c1e14233', 'trail/supersedes-missing', 'high'],
    ['g', '#row-3ec852ad', 'trail/duplicate-id', 'high'],
    ['h', '#row-0badc0de', 'trail/id-mismatch', 'medium'],
    ['i', '#row-6be99327', 'trail/row-too-large', 'medium'],
    ['j', '#invalid-decisions-jsonl-L12', 'trail/not-json', 'high'],
    ['k', '#row-0a1f7f7c', 'evidence/prose', 'medium'],
    ['l', '#row-bcbab5af', 'trail/supersedes-forward', 'high'],
    ['l', '#row-83d1c257', 'trail/supersedes-cycle', 'high'],
  ];

  it.each(planted)('fault %s: %s raises %s (%s)', async (_fault, target, kind, severity) => {
    await open('/p/tickets-faults/');
    const flags = page.locator(`section.attention li.flag[data-kind="${kind}"]`).filter({ has: page.locator(`.flag-links a[href="${target}"]`) });
    expect(await flags.count()).toBe(1);
    const flag = flags.first();
    expect(await readText(flag.locator('.status'))).toBe(severity);
    expect(await readText(flag.locator('.flag-kind'))).toBe(kind);
    expect((await readText(flag.locator('.flag-summary'))).length).toBeGreaterThan(0);
  });

  it('lists every layer-1 and layer-2 flag with its severity, kind, layer and summary', async () => {
    await open('/p/tickets-faults/');
    const flags = page.locator('section.attention ol.flags > li.flag');
    const kinds = await flags.evaluateAll((items) => items.map((li) => li.getAttribute('data-kind')));
    expect([...kinds].sort()).toEqual(
      [
        'evidence/commit-ambiguous',
        'evidence/commit-not-found',
        'evidence/line-out-of-range',
        'evidence/path-not-found',
        'evidence/prose',
        'gap',
        'trail/duplicate-id',
        'trail/id-mismatch',
        'trail/not-json',
        'trail/row-too-large',
        'trail/supersedes-cycle',
        'trail/supersedes-forward',
        'trail/supersedes-forward',
        'trail/supersedes-missing',
        'unsupported-claim',
      ].sort(),
    );
    const commitNotFound = flags.filter({ has: page.locator('.flag-kind', { hasText: /^evidence\/commit-not-found$/ }) });
    expect(await readText(commitNotFound.locator('.flag-summary'))).toBe(
      'row 8635af1e “Ship the fake-sha hotfix” — no commit 6b8467766823b30e559d624defde1c57a594bda6 in content/repos/example.git',
    );
    expect(await readText(commitNotFound.locator('.flag-layer'))).toBe('layer 1 · evidence');

    // Layer 2, copied from audit.json (content/README.md: the two reviewer flags).
    const claim = flags.filter({ has: page.locator('.flag-kind', { hasText: /^unsupported-claim$/ }) });
    expect(await readText(claim.locator('.status'))).toBe('high');
    expect(await readText(claim.locator('.flag-layer'))).toBe('layer 2 · codex-x / gpt-y');
    expect(await readText(claim.locator('.flag-summary'))).toBe('The hotfix row cites a commit nobody can find');
    expect(await claim.locator('.flag-links a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]))).toEqual([['#row-8635af1e', 'row 8635af1e']]);
    expect(await readText(claim.locator('.flag-links > span'))).toBe('evidence: 6b8467766823b30e559d624defde1c57a594bda6');
    const gap = flags.filter({ has: page.locator('.flag-kind', { hasText: /^gap$/ }) });
    expect(await readText(gap.locator('.status'))).toBe('low');
    expect(await readText(gap.locator('.flag-summary'))).toBe('No handover row');
    expect(await readText(gap.locator('.flag-links'))).toBe('evidence: decisions.jsonl');
  });

  it('sorts flags by severity, then by the first place in the trail they point at', async () => {
    await open('/p/tickets-faults/');
    const lineOf = new Map<string, number>();
    for (const article of await page.locator('.rows > article').all()) {
      const id = (await article.getAttribute('id')) ?? '';
      const where = await rowSource(article);
      lineOf.set(`#${id}`, Number(/:(\d+)$/.exec(where)?.[1]));
    }
    const flags = await page.locator('section.attention ol.flags > li.flag').all();
    const order = { high: 0, medium: 1, low: 2 } as Record<string, number>;
    let last: [number, number] = [-1, -1];
    for (const flag of flags) {
      const severity = order[await readText(flag.locator('.status'))];
      expect(severity).toBeDefined();
      const hrefs = await flag.locator('.flag-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      // A flag's place is its first row, or the trail line it names (the not-JSON line 12 sits
      // between rows 11 and 13); flags with neither (a reviewer's gap) come last in their severity.
      const lines = hrefs.map((h) => (h.startsWith('#row-') ? (lineOf.get(h) ?? Number.NaN) : h.startsWith('#invalid-') ? Number(/-L(\d+)$/.exec(h)?.[1] ?? Number.NaN) : Number.POSITIVE_INFINITY));
      const line = lines.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...lines);
      expect(line).not.toBeNaN();
      const key: [number, number] = [severity as number, line];
      expect(key[0] > last[0] || (key[0] === last[0] && key[1] >= last[1])).toBe(true);
      last = key;
    }
  });

  it('a flag link jumps to its row, and the not-JSON flag to the raw line', async () => {
    await open('/p/tickets-faults/');
    await page.locator('section.attention li.flag[data-kind="evidence/prose"] .flag-links a').click();
    expect(new URL(page.url()).hash).toBe('#row-0a1f7f7c');
    expect(await targetId(page)).toBe('row-0a1f7f7c');
    expect(await isInViewport(row('0a1f7f7c'))).toBe(true);

    // Its card says the place once, in the link (use16: "decisions.jsonl:12: not valid JSON: …" over the link "decisions.jsonl:12").
    const notJson = page.locator('section.attention li.flag[data-kind="trail/not-json"]');
    expect([await readText(notJson.locator('.flag-summary')), await readText(notJson.locator('.flag-links'))]).toEqual(['not valid JSON: Unexpected end of JSON input', 'decisions.jsonl:12']);
    await page.locator('section.attention li.flag[data-kind="trail/not-json"] .flag-links a').click();
    expect(await targetId(page)).toBe('invalid-decisions-jsonl-L12');
    expect(await isInViewport(page.locator('#invalid-decisions-jsonl-L12'))).toBe(true);
  });

  it('the duplicate-id flag links to both rows that share the id (lines 8 and 9)', async () => {
    await open('/p/tickets-faults/');
    const links = page.locator('section.attention li.flag[data-kind="trail/duplicate-id"] .flag-links a');
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['#row-3ec852ad', '#row-3ec852ad-L9']);
  });

  it('shows the line that is not JSON with its raw text', async () => {
    await open('/p/tickets-faults/');
    const raw = readFileSync(join(REPO_ROOT, 'content', 'tickets', 'faults', 'decisions.jsonl'), 'utf8').split('\n')[11];
    expect(raw).toBe('{"id": "broken", "ts": "2026-03-02T12:00:00Z", "phase": ');
    const section = page.locator('section.invalid');
    expect(await readText(section.locator('h2'))).toBe('Invalid records');
    expect(await readText(section.locator('h2 + p'))).toBe('1 line could not be read as records. Each is kept here with its raw text.');
    const item = section.locator('li#invalid-decisions-jsonl-L12');
    expect(await item.getAttribute('data-kind')).toBe('trail/not-json');
    expect(await readText(item.locator('p'))).toBe('decisions.jsonl:12 trail/not-json — not valid JSON: Unexpected end of JSON input');
    expect(await item.locator('pre.raw').textContent()).toBe(raw);
    expect(await item.locator('pre.raw').isVisible()).toBe(true);
  });
});

describe('superseded rows', () => {
  it('are hidden in a closed <details>, counted in a footnote, and revealed on click', async () => {
    await open('/p/tickets-clean/');
    const details = page.locator('section.decisions details.superseded');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await row('3ef5b39d').isVisible()).toBe(false);
    expect(await page.locator('section.decisions .rows > article:visible').count()).toBe(9);

    const meta = page.locator('section.decisions > p.meta');
    expect(await meta.evaluate((p) => p.firstChild?.textContent)).toBe('9 rows in file order, 1 superseded row hidden');
    const ref = meta.locator('sup a');
    expect(await ref.textContent()).toBe('1');
    expect(await ref.getAttribute('href')).toBe('#superseded-note');
    expect(await details.getAttribute('id')).toBe('superseded-note');
    const summary = details.locator('summary');
    // A screen reader hears which footnote it is; the eye sees no doubled "¹ 1".
    expect(await readText(summary)).toBe('Footnote 1: 1 superseded row is hidden: a later row replaced it. Show it, with the chain.');
    expect(await summary.locator('sup').count()).toBe(0);
    expect(await summary.locator('.visually-hidden').evaluate((e) => [e.textContent, e.getBoundingClientRect().width])).toEqual(['Footnote 1: ', 1]);

    // The footnote mark opens the footnote (the page's script opens the <details> it targets).
    await ref.click();
    // hashchange fires after the click returns: wait for it rather than race it.
    await page.waitForFunction(() => (document.getElementById('superseded-note') as HTMLDetailsElement).open, undefined, { timeout: 5000 });
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await summary.click();
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await summary.click();
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await row('3ef5b39d').isVisible()).toBe(true);
    expect(await readText(row('3ef5b39d').locator(ROW_CARD.decision))).toBe('Integrate phase 1 at the parser commit');
    // The chain: the hidden row names the row that replaced it, and that row names it back.
    const by = row('3ef5b39d').locator('dt:text-is("Superseded by") + dd a');
    expect(await by.getAttribute('href')).toBe('#row-529bc5a0');
    expect(await readText(by)).toBe('529bc5a0');
    expect(await row('529bc5a0').locator('dt:text-is("Supersedes") + dd a').getAttribute('href')).toBe('#row-3ef5b39d');
  });

  it('opening the anchor of a superseded row opens the <details> and shows the row', async () => {
    await open('/p/tickets-clean/#row-3ef5b39d');
    expect(await page.locator('details.superseded').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await row('3ef5b39d').isVisible()).toBe(true);
    expect(await targetId(page)).toBe('row-3ef5b39d');
    expect(await isInViewport(row('3ef5b39d'))).toBe(true);
  });

  it('following an in-page link to a superseded row reveals it', async () => {
    await open('/p/tickets-clean/');
    await row('529bc5a0').locator('dt:text-is("Supersedes") + dd a').click();
    expect(await row('3ef5b39d').isVisible()).toBe(true);
    expect(await targetId(page)).toBe('row-3ef5b39d');
    expect(await isInViewport(row('3ef5b39d'))).toBe(true);

    // tickets-faults: Check first lists the superseded "Revert the off-by-one fix" row.
    await open('/p/tickets-faults/');
    expect(await row('bcbab5af').isVisible()).toBe(false);
    await page.locator('section.check-first a[href="#row-bcbab5af"]').click();
    expect(await row('bcbab5af').isVisible()).toBe(true);
    expect(await isInViewport(row('bcbab5af'))).toBe(true);
  });
});

describe('row permalinks', () => {
  it('every row has a #row-<id> permalink matching its id', async () => {
    await open('/p/tickets-clean/');
    const rows = await page.locator('.rows > article').all();
    expect(rows.length).toBe(10);
    for (const article of rows) {
      const id = await readText(article.locator(`${ROW_CARD.meta} code`).first());
      expect(id).toMatch(/^[0-9a-f]{8}$/);
      expect(await article.getAttribute('id')).toBe(`row-${id}`);
      // The decision heading is the permalink; its name is the decision, its "#" drawn by CSS (not read out).
      const permalink = article.locator(ROW_CARD.permalink);
      expect(await permalink.getAttribute('href')).toBe(`#row-${id}`);
      expect(await readText(permalink)).toBe(await readText(article.locator(ROW_CARD.decision)));
      expect(await beforeContent(permalink)).toBe('"# " / ""');
    }
  });

  it('opening a permalink scrolls the row into view and marks it as :target', async () => {
    await open('/p/tickets-clean/');
    expect(await isInViewport(row('21959e5c'))).toBe(false);
    await page.goto('about:blank'); // a fresh load, not a same-document jump
    await open('/p/tickets-clean/#row-21959e5c');
    expect(await targetId(page)).toBe('row-21959e5c');
    expect(await isInViewport(row('21959e5c'))).toBe(true);
    expect(await row('21959e5c').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    expect(await readText(row('21959e5c').locator(ROW_CARD.decision))).toBe('Hand over example-app with usage docs on main');
  });

  it('clicking a permalink puts its anchor in the URL', async () => {
    await open('/p/tickets-clean/');
    await row('affba2cd').locator(ROW_CARD.permalink).click();
    expect(page.url()).toBe(`${origin}/p/tickets-clean/#row-affba2cd`);
    expect(await targetId(page)).toBe('row-affba2cd');
  });

  it('a Check first link scrolls to its row', async () => {
    await open('/p/tickets-faults/');
    // The row fails two ways (its evidence, its result): it is under both reasons.
    expect(await page.locator('section.check-first a[href="#row-29700948"]').count()).toBe(2);
    await page.locator('section.check-first a[href="#row-29700948"]').first().click();
    expect(await targetId(page)).toBe('row-29700948');
    expect(await isInViewport(row('29700948'))).toBe(true);
  });
});

describe('evidence marks', () => {
  it('a commit that exists is “verified”, with its subject as the reason; a verified line says no more than its page (issue 30)', async () => {
    await open('/p/tickets-clean/');
    const item = evidence('09610072', 'f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534');
    expect(await readText(item.locator(EVIDENCE_ITEM.status))).toBe('verified');
    expect(await beforeContent(item.locator(EVIDENCE_ITEM.status))).toBe('"✓" / ""');
    expect(await evidenceParts(item)).toEqual(['f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', '', 'verified', '“Initial commit: README and package.json”']);
    // A verified item is a bare <li> (issue 30, output size), its word green as a verified result's.
    expect(await item.getAttribute('data-status')).toBeNull();
    const colour = (l: Locator): Promise<string> => l.evaluate((n) => `${getComputedStyle(n).color} on ${getComputedStyle(n).backgroundColor}`);
    expect(await colour(item.locator(EVIDENCE_ITEM.status))).toBe(await colour(page.locator('.rows > article[data-result="verified"] > b').first()));
    // A path and a line range are verified too; the file's page says where it is and its size, and marks the lines.
    const lines = evidence('9e045a65', 'src/parser.ts:10-20');
    expect(await evidenceParts(lines)).toEqual(['src/parser.ts:10-20', '', 'verified', '']);
    await lines.locator(EVIDENCE_ITEM.link).click();
    await page.waitForURL(/\/file\/src\/parser\.ts\/\?lines=10-20#L10$/);
    expect(await readText(page.locator('.file-facts'))).toMatch(/^at landed head [0-9a-f]{12} · 43 lines · [\d,]+ bytes · cited: .*lines 10–20/);
    expect(await page.locator('.code .line.marked').count()).toBeGreaterThanOrEqual(11);
  });

  it('the fake SHA is “not verified”, with the reason, and is not a link', async () => {
    await open('/p/tickets-faults/');
    const item = evidence('8635af1e', '6b8467766823b30e559d624defde1c57a594bda6');
    expect(await readText(item.locator(EVIDENCE_ITEM.status))).toBe('not verified');
    expect(await beforeContent(item.locator(EVIDENCE_ITEM.status))).toBe('"✗" / ""');
    expect(await readText(item.locator(EVIDENCE_ITEM.reason))).toBe('no commit 6b8467766823b30e559d624defde1c57a594bda6 in content/repos/example.git');
    expect(await item.locator('a').count()).toBe(0);
    // The row's own claim is still shown as written.
    expect(await readText(row('8635af1e').locator(ROW_CARD.result))).toBe('result: verified');
  });

  it('a pstack command is “not verified (inconclusive)”: a command is not evidence of its result', async () => {
    await open('/p/pstack-app/');
    const item = evidence('e04c35f7', 'npm test');
    expect(await evidenceParts(item)).toEqual(['npm test', 'command', 'not verified (inconclusive)', 'a command is not evidence of its result']);
    expect(await readText(item.locator(EVIDENCE_ITEM.status))).toBe('not verified (inconclusive)');
    expect(await beforeContent(item.locator(EVIDENCE_ITEM.status))).toBe('"?" / ""');
    // A cell with two pointers: each is marked on its own.
    const items = row('00b3022c').locator(ROW_CARD.evidenceItem);
    expect(await items.count()).toBe(2);
    expect(await evidenceParts(items.nth(0))).toEqual(['commit 8879725', '', 'verified', '“Fix off-by-one in line counter”']);
    expect(await evidenceParts(items.nth(1))).toEqual(['npm run build', 'command', 'not verified (inconclusive)', 'a command is not evidence of its result']);
  });

  it('a commit link opens the commit page: subject, message, changed files and diff', async () => {
    await open('/p/tickets-clean/');
    const sha = 'f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534';
    await evidence('09610072', sha).locator(EVIDENCE_ITEM.link).click();
    await page.waitForURL(`${origin}${REPO_PAGES}/commit/${sha}/`);
    expect(await page.title()).toMatch(/Initial commit: README and package.json/);
    expect(await readText(page.locator('h1'))).toBe('Initial commit: README and package.json');
    expect(await readText(page.locator('dt:text-is("Commit") + dd'))).toBe(sha);
    expect(await readText(page.locator('dt:text-is("Parents") + dd'))).toBe('none (root commit)');
    expect(await readText(page.locator('dt:text-is("Author") + dd'))).toMatch(/^Ada Example <ada@example\.com>, 2026-03-02T09:00:00Z/);
    expect(await page.locator('pre.commit-message').textContent()).toBe(exampleGit('log', '-1', '--format=%B', sha).replace(/\n+$/, '\n'));
    expect(await readTexts(page.locator('ul.changed-files > li'))).toEqual(['README.md added, +3 −0', 'package.json added, +11 −0']);
    expect(await readTexts(page.locator('ul.cited-by > li'))).toEqual([
      'Open the trail for the example-app parser — Clean trail, row 09610072',
      'Open the trail for the fault-planting run — Planted faults, row 9e5f97ba',
    ]);

    // The diff body, line for line as git prints it (hunk headers are checked separately).
    const gitDiff = exampleGit('show', '--format=', sha, '--', 'README.md').split('\n');
    const gitBody = gitDiff.slice(gitDiff.findIndex((l) => l.startsWith('@@')) + 1).filter((l) => l !== '');
    // The lines of a diff are the text's lines (one span per run of a kind of line, not per line: issue 30).
    const diffText = async (file: string): Promise<string[]> => ((await page.locator(`section.diff[aria-label="Diff of ${file}"] pre.code > code`).textContent()) ?? '').replace(/\n$/, '').split('\n');
    const shown = await diffText('README.md');
    expect(shown.slice(1)).toEqual(gitBody);
    expect(shown.slice(1)).toEqual(['+# example-app', '+', '+A small parser for append-only decision trails: one JSON object per line.']);
    expect(await page.locator('section.diff[aria-label="Diff of README.md"] pre.code > code > span').evaluateAll((spans) => spans.map((s) => [s.className, s.textContent]))).toEqual([
      ['hf', '@@ -0,0 +1,3 @@\n'],
      ['ha', '+# example-app\n+\n+A small parser for append-only decision trails: one JSON object per line.\n'],
    ]);
    expect(await diffText('package.json')).toHaveLength(12);

    // Back to the row that cites it.
    await page.locator('ul.cited-by a[href="/p/tickets-clean/#row-09610072"]').click();
    await page.waitForURL(`${origin}/p/tickets-clean/#row-09610072`);
    await page.waitForLoadState('load');
    expect(await targetId(page)).toBe('row-09610072');
  });

  it('a diff of an added file has the hunk header git prints (@@ -0,0 +1,N @@)', async () => {
    for (const [sha, file] of [
      ['f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', 'README.md'],
      ['c2981f61f726f75731553273dfe3e5e0b2687f18', 'src/cli.ts'],
    ] as const) {
      await open(`${REPO_PAGES}/commit/${sha}/`);
      const header = exampleGit('show', '--format=', sha, '--', file).split('\n').find((l) => l.startsWith('@@')) ?? '';
      expect(header).toMatch(/^@@ -0,0 \+1,\d+ @@/);
      const shown = await page.locator(`section.diff[aria-label="Diff of ${file}"] pre.code > code`).textContent();
      expect(shown?.split('\n')[0]).toBe(header.trim());
    }
  });

  it('a commit page names the repository by its display path and links each parent that has a page', async () => {
    await open(`${REPO_PAGES}/commit/8879725e58e4dddd4a83a461e62c6d48f8c13d17/`);
    expect(await readText(page.locator('main > p.meta').first())).toBe('Archive / repository content/repos/example.git / commit');
    const parents = page.locator('dt:text-is("Parents") + dd');
    expect(await readText(parents)).toBe('c2981f61f726');
    await parents.locator('a').click();
    await page.waitForURL(`${origin}${REPO_PAGES}/commit/c2981f61f726f75731553273dfe3e5e0b2687f18/`);
    expect(await readText(page.locator('dt:text-is("Commit") + dd'))).toBe('c2981f61f726f75731553273dfe3e5e0b2687f18');
    await open(`${REPO_PAGES}/file/src/parser.ts/`);
    expect(await readText(page.locator('main > p.meta').first())).toBe('Archive / repository content/repos/example.git / file');
  });

  it('a cited line is scrolled to with room above it, not flush against the top edge', async () => {
    await open(`${REPO_PAGES}/file/src/parser.ts/#L10`);
    expect(await targetId(page)).toBe('L10');
    const top = await page.locator('#L10').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(60);
    expect(top).toBeLessThan(80);
  });

  it('a path:from-to link opens the file page at its first line with exactly the cited lines set apart', async () => {
    // Audit aud9: a row citing lines 7-12 of a file other rows cite too linked to #L7 alone; every
    // cited line is marked alike, so where the row's lines ended could not be seen.
    await open('/p/tickets-clean/');
    const link = evidence('9e045a65', 'src/parser.ts:10-20').locator(EVIDENCE_ITEM.link);
    expect(await link.getAttribute('href')).toBe(`${REPO_PAGES}/file/src/parser.ts/?lines=10-20#L10`);
    await link.click();
    await page.waitForURL(`${origin}${REPO_PAGES}/file/src/parser.ts/?lines=10-20#L10`);
    expect(await targetId(page)).toBe('L10');
    expect(await isInViewport(page.locator('#L10'))).toBe(true);
    const range = page.locator('.code .line.cited-range');
    expect(await range.evaluateAll((ls) => ls.map((l) => l.id))).toEqual(['L10', 'L11', 'L12', 'L13', 'L14', 'L15', 'L16', 'L17', 'L18', 'L19', 'L20']);
    expect(await range.first().evaluate((el) => getComputedStyle(el).boxShadow)).toMatch(/ 5px 0px 0px 0px inset$/);
    // A line the row did not cite is not set apart.
    expect(await page.locator('#L21').getAttribute('class')).not.toMatch(/cited-range/);
  });

  it('a link listing several cited ranges sets apart each of them, and nothing else', async () => {
    // Lead16: a pointer citing `:43 and 109` linked to #L43 alone; its link now lists both ranges.
    await open(`${REPO_PAGES}/file/src/parser.ts/?lines=10-12,20#L10`);
    expect(await targetId(page)).toBe('L10');
    expect(await page.locator('.code .line.cited-range').evaluateAll((ls) => ls.map((l) => l.id))).toEqual(['L10', 'L11', 'L12', 'L20']);
  });

  it('a path:line link opens the file page scrolled to #L12 with that line marked', async () => {
    await open('/p/tickets-clean/');
    await evidence('affba2cd', 'src/parser.ts:12').locator(EVIDENCE_ITEM.link).click();
    await page.waitForURL(`${origin}${REPO_PAGES}/file/src/parser.ts/#L12`);
    expect(await readText(page.locator('h1'))).toBe('src/parser.ts');
    const meta = await readText(page.locator('main > p.meta').nth(1));
    expect(meta).toMatch(/^at landed head 90ccfe22d4e9 · 43 lines · 1,238 bytes · cited: lines 10–20, line 12(, .*)?$/);
    const cited = page.locator('main > p.meta').nth(1).locator('a');
    expect(await cited.evaluateAll((as) => as.slice(0, 2).map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([['lines 10–20', '#L10'], ['line 12', '#L12']]);
    const line = page.locator('#L12');
    expect(await targetId(page)).toBe('L12');
    expect(await isInViewport(line)).toBe(true);
    expect(await line.getAttribute('class')).toMatch(/\bmarked\b/);
    expect(await line.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    // The line's text is the code alone: its number is not part of it (nor of what is copied).
    const text = await line.evaluate((el) => (el.textContent ?? '').replace(/\n$/, ''));
    const atHead = exampleGit('show', 'HEAD:src/parser.ts').split('\n');
    expect(text).toBe(atHead[11]);
    expect(text).toBe('export const MAX_ROW_BYTES = 4096;');
    // The number is drawn by CSS, not copied and not read out: in a block from line 1 (the whole
    // file) a counter of the block's lines, so line 12 is its block's 12th line and has no data-n.
    expect(await line.getAttribute('data-n')).toBeNull();
    expect(await line.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('counter(line) / ""');
    expect(await line.evaluate((el) => [...(el.parentElement?.children ?? [])].filter((l) => l.classList.contains('line')).indexOf(el) + 1)).toBe(12);
    // A click in the number gutter links the line, as a link on the number did.
    // (Playwright waits for the line to stand still: the page may still be scrolling to #L12.)
    await page.locator('#L14').click({ position: { x: 10, y: 5 } });
    await page.waitForFunction(() => location.hash === '#L14', null, { timeout: 5_000 });
    expect(new URL(page.url()).hash).toBe('#L14');
    // Exactly the lines the page says are cited (by any project of the archive) are marked.
    const citedLines = new Set<number>();
    for (const part of meta.replace(/^.* · cited: /, '').split(', ')) {
      const m = /^lines? (\d+)(?:–(\d+))?$/.exec(part);
      expect(m, part).not.toBeNull();
      for (let n = Number(m![1]); n <= Number(m![2] ?? m![1]); n++) citedLines.add(n);
    }
    expect([...citedLines].sort((a, b) => a - b).slice(0, 11)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(await page.locator('.code .line.marked').evaluateAll((ls) => ls.map((l) => l.id))).toEqual([...citedLines].sort((a, b) => a - b).map((n) => `L${n}`));
    expect(await page.locator('.code .line').count()).toBe(atHead.at(-1) === '' ? atHead.length - 1 : atHead.length);
  });
});

describe('recap sections in the spec order: Open blockers, Handover, Phases (spec/archive.md, "Project recap")', () => {
  it('sections follow the order of spec/archive.md', async () => {
    await open('/p/tickets-clean/');
    const ids = await page.locator('.recap-body > section[aria-labelledby]').evaluateAll((list) => list.map((s) => s.getAttribute('aria-labelledby')));
    expect(ids.filter((id) => ['open-blockers', 'check-first', 'attention', 'handover', 'decisions', 'phases'].includes(id ?? ''))).toEqual(['check-first', 'attention', 'handover', 'decisions', 'phases']);
    await open('/p/coordination-faults/');
    const first = await page.locator('.recap-body > section[aria-labelledby]').first().getAttribute('aria-labelledby');
    expect(first).toBe('open-blockers');
  });

  it('the handover report is shown as sanitised markdown, its raw HTML dropped', async () => {
    await open('/p/tickets-clean/');
    const handover = page.locator('section.handover');
    expect(await readText(handover.locator('p.meta'))).toBe('From handover.md, 14 lines; written by the team, not checked by Trailbook.');
    expect(await readTexts(handover.locator('.markdown h3, .markdown h4'))).toEqual(['Handover: example-app parser', 'What to look at', 'Not done']);
    expect(await handover.locator('a[href="https://example.org/trail-format"]').count()).toBe(1);
    expect(await handover.locator('script').count()).toBe(0);
    expect(await readText(handover.locator('.markdown p').last())).toBe('A report may hold raw HTML such as alert("handover"): Trailbook drops it and never runs it.');
  });

  it('an open blocker links to its event, and the home page counts it', async () => {
    await open('/p/coordination-faults/');
    const rows = page.locator('section.open-blockers tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await readTexts(rows.first().locator('td'))).toEqual(['coord.v1 BLOCKED', 'docs/* takeover not confirmed', 'asks amber-otter: confirm or release docs/*', 'jade-finch', 'ex-51', '2026-03-06T11:10:00.000Z']);
    await rows.first().locator('a').click();
    expect(await targetId(page)).toBe(await rows.first().locator('a').evaluate((a) => (a as HTMLAnchorElement).hash.slice(1)));
    await open('/');
    expect(await readText(page.locator('tr[data-project="coordination-faults"] td[data-label="Open blockers"]'))).toBe('1');
    expect(await readText(page.locator('tr[data-project="tickets-clean"] td[data-label="Open blockers"]'))).toBe('0');
  });

  it('phases list each phase with its rows, time span and results', async () => {
    await open('/p/tickets-clean/');
    const rows = page.locator('section.phases tbody tr');
    expect(await readTexts(rows.locator('th'))).toEqual(['start', 'design', 'phase-1', 'phase-2', 'handover']);
    expect(await readTexts(rows.nth(2).locator('td'))).toEqual(['4 (+1 superseded)', '2026-03-02 10:15 – 11:45 UTC', '4 verified', '0']);
  });
});

describe('a flagged row says so on its own card', () => {
  it('the wrong-id row lists its flag, and the link lands on that flag in Attention', async () => {
    await open('/p/tickets-faults/#row-0badc0de');
    const flags = row('0badc0de').locator('.row-flags');
    expect(await readText(flags)).toBe('Flagged: medium trail/id-mismatch');
    await flags.locator('a').click();
    const target = await targetId(page);
    expect(await page.locator(`#${target}`).getAttribute('data-kind')).toBe('trail/id-mismatch');
    // Both rows sharing an id carry the duplicate-id flag.
    expect(await page.locator('.rows > article[data-flags] .row-flags', { hasText: 'trail/duplicate-id' }).count()).toBe(2);
    // A row without flags has no flags line.
    expect(await page.locator('.rows > article:not([data-flags]) .row-flags').count()).toBe(0);
  });

  // use15: the flags line was a flex row, so the ", " between two flags was an item of its
  // own with the row's gap on both sides: "evidence/commit-not-found , high unsupported-claim".
  it.each([1280, 390])('at %i px, the comma between two flags sits right after the first flag', async (width) => {
    await page.setViewportSize({ width, height: 800 });
    await open('/p/tickets-faults/#row-8635af1e');
    const flags = row('8635af1e').locator('.row-flags');
    expect(await readText(flags)).toBe('Flagged: high evidence/commit-not-found, high unsupported-claim');
    // Pixels between the end of each flag but the last and the comma that follows it.
    const gaps = await flags.evaluate((p) =>
      Array.from(p.querySelectorAll(':scope > a:not(:last-child)')).map((a) => {
        const comma = a.nextSibling as Text;
        const range = document.createRange();
        range.setStart(comma, comma.data.indexOf(','));
        range.setEnd(comma, comma.data.indexOf(',') + 1);
        const box = range.getBoundingClientRect();
        const end = a.getClientRects()[a.getClientRects().length - 1] as DOMRect;
        const middle = (box.top + box.bottom) / 2;
        return { gap: Math.round(box.left - end.right), sameLine: middle > end.top && middle < end.bottom };
      }),
    );
    expect(gaps).toEqual([{ gap: 0, sameLine: true }]);
  });

  it('a long Attention list opens with its flags counted by kind', async () => {
    await open('/p/tickets-faults/');
    const kinds = page.locator('section.attention table.flag-kinds tbody tr');
    expect(await readText(page.locator('section.attention table.flag-kinds caption'))).toBe('15 flags of 14 kinds; each links to its first flag below.');
    expect(await readTexts(kinds.first().locator('th, td'))).toEqual(['trail/supersedes-forward', 'high', '2']);
    await open('/p/tickets-clean/');
    expect(await page.locator('table.flag-kinds').count()).toBe(0);
  });
});

describe('long texts are folded', () => {
  it('a 4 KiB why shows its first 400 characters, and the whole text one click away', async () => {
    await open('/p/tickets-faults/#row-6be99327');
    const why = row('6be99327').locator(`${ROW_CARD.why} details.long-text`);
    expect(await why.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    const summary = await readText(why.locator('summary'));
    expect(summary).toMatch(/^The reviewer read the parser, .{300,}… show all \d{4} characters$/);
    await why.locator('summary').click();
    expect(await why.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await why.locator('summary .preview').isVisible()).toBe(false);
    expect((await readText(why)).length).toBeGreaterThan(3000);
  });
});
