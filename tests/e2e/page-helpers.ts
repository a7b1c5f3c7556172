/**
 * Small helpers shared by the end-to-end tests: what a reader sees in an element, whether it
 * is on screen, and a watch on console errors and on requests that leave the local server.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * The element's text as a reader gets it: decorative parts (`aria-hidden="true"`, such as
 * the ✓ / ✗ / ? status icons) are left out and runs of whitespace become one space.
 */
export function readText(locator: Locator): Promise<string> {
  return locator.evaluate((node) => {
    const copy = node.cloneNode(true) as Element;
    for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** `readText` of every element the locator matches, in document order. */
export async function readTexts(locator: Locator): Promise<string[]> {
  const out: string[] = [];
  for (const one of await locator.all()) out.push(await readText(one));
  return out;
}

/** True when at least part of the element is inside the viewport (it was scrolled to). */
export function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
  });
}

/** The id of the element that is the document's `:target` (the URL fragment), or null. */
export function targetId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector(':target')?.id ?? null);
}

export interface PageWatch {
  /** Console messages of type `error` and uncaught page errors. */
  errors: string[];
  /** Every request whose origin is not the local test server. */
  offsite: string[];
}

/** Records console errors, page errors and requests to any origin other than `origin`. */
export function watchPage(page: Page, origin: string): PageWatch {
  const watch: PageWatch = { errors: [], offsite: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.errors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) watch.offsite.push(url);
  });
  return watch;
}

/**
 * Waits until the search page has listed the first results of its current search (or said
 * there are none, or that it could not load its index): the status line then carries
 * `data-count` (src/scripts/search.ts).
 */
export async function searchDone(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const status = document.querySelector('#search-status');
    return (status?.hasAttribute('data-count') ?? false) || /could not be (loaded|read)|^Type words/.test(status?.textContent ?? '');
  });
}

/**
 * Where the parts of a decision row card are, for a locator of its `.rows > article` (`:scope` is
 * the card: `page.locator('.rows > article').locator(ROW_CARD.meta)`). Row cards are bare markup styled by position (src/components/html/decision-row.ts; site.css "Row cards"): the
 * heading's link is the row's permalink, the `<b>` beside the heading is the result.
 */
export const ROW_CARD = {
  decision: ':scope > h3',
  permalink: ':scope > h3 > a',
  result: ':scope > b',
  why: ':scope > dl > dt:text-is("Why") + dd',
  meta: ':scope > dl > dd:last-child',
  /** An evidence item (nested ones under a command included): bare when verified, else with data-status (decision-row.ts). */
  evidenceItem: ':is(.evidence, dd > ul:not([class])) li',
} as const;

/**
 * Where a row card says its row was read (`decisions.jsonl:7`): the last part of its Meta line,
 * as a person reads it (the parts are separated by " · ").
 */
export async function rowSource(card: Locator): Promise<string> {
  return (await readText(card.locator(ROW_CARD.meta))).split(' · ').pop() ?? '';
}

/** An evidence item's status as the card says it: its data-status, `VERIFIED` for a bare item (issue 30, output size). */
export async function evidenceStatus(item: Locator): Promise<string> {
  return (await item.getAttribute('data-status')) ?? 'VERIFIED';
}

/** Where the parts of an evidence item ({@link ROW_CARD}.evidenceItem) are: pointer, kind, status word, reason. */
export const EVIDENCE_ITEM = {
  /** The pointer as written: a link, or `<code>` when it leads nowhere. */
  pointer: ':scope > :first-child',
  link: ':scope > a:first-child',
  kind: ':scope > i',
  status: ':scope > b',
  reason: ':scope > small',
} as const;

/**
 * The icon drawn before an element (a status word's ✓ / ✗ / ?), as the CSS `content` Chromium
 * computes for its `::before`: `"✓" / ""` (the empty alternative text keeps screen readers off it).
 */
export function beforeContent(locator: Locator): Promise<string> {
  return locator.evaluate((node) => getComputedStyle(node, '::before').content);
}
