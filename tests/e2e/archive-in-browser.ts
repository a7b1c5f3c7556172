/**
 * The one harness of "build, serve, open in Chromium" (issue 31): registers the hooks that
 * build an archive with the real CLI (once per file or `describe`), serve it on localhost
 * under its base path and launch Debian's Chromium; give each test a fresh browser context
 * and page whose console errors, page errors and (unless allowed) off-site requests fail the
 * test; and close and remove everything afterwards. Without Chromium (tests/e2e/browser.ts) the
 * archive is still built and served, for the tests that read its files; those that open pages
 * skip themselves (`describe.skipIf(!chromiumAvailable())`).
 *
 * A test file keeps its own names for what it uses and binds them once:
 *
 *     let page: Page;
 *     let origin: string;
 *     archiveInBrowser(() => buildSite([]), { viewport: { width: 1024, height: 640 } }, (a) => ({ page, origin } = a));
 */
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BuiltSite } from './build-site.ts';
import { chromiumAvailable, launchBrowser } from './browser.ts';
import { watchPage, type PageWatch } from './page-helpers.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/** What the harness holds: the archive and its server for the whole file, the context and page for the current test. */
export interface ArchiveInBrowser {
  site: BuiltSite;
  server: StaticServer;
  browser: Browser;
  /** `http://127.0.0.1:<port>` of the server. */
  origin: string;
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
}

/** How the archive is served and opened. */
export interface ArchiveInBrowserOptions {
  /** The base path the archive was built with (`--base`), and is served under. */
  base?: string;
  /** Each test's viewport (Playwright's default when absent). */
  viewport?: { width: number; height: number };
  /** Requests to other origins are allowed (else each fails the test). */
  allowOffsite?: boolean;
  /** Serve files gzip-compressed to clients that accept it, as hosts do (tests/e2e/static-server.ts). */
  gzip?: boolean;
}

/**
 * Registers the hooks in the file or `describe` it is called in; `bind` is called with the
 * live state after the archive is served (before any test) and after each test's page is
 * opened, so the test file's own variables follow it.
 */
export function archiveInBrowser(build: () => Promise<BuiltSite>, options: ArchiveInBrowserOptions = {}, bind: (state: ArchiveInBrowser) => void = () => {}): ArchiveInBrowser {
  const state = {} as ArchiveInBrowser;
  beforeAll(async () => {
    state.site = await build();
    state.server = await serveStatic(state.site.out, options.base ?? '/', options.gzip ? { gzip: true } : {});
    state.origin = new URL(state.server.url).origin;
    if (chromiumAvailable()) state.browser = await launchBrowser();
    bind(state);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
    // KEEP=1 keeps the archive for a look after the run.
    if (state.site && !process.env['KEEP']) await rm(dirname(state.site.out), { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (!state.browser) return;
    state.context = await state.browser.newContext(options.viewport ? { viewport: options.viewport } : {});
    state.page = await state.context.newPage();
    state.watch = watchPage(state.page, state.origin);
    bind(state);
  });
  afterEach(async () => {
    if (!state.browser) return;
    await state.context.close();
    expect(state.watch.errors).toEqual([]);
    if (!options.allowOffsite) expect(state.watch.offsite).toEqual([]);
  });
  return state;
}
