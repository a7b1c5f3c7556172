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
 *
 * A file that compares archives (two builds of one input, say) serves them all with
 * {@link archivesInBrowser}, and opens each page it needs with its own context options; every
 * page it opens is watched the same way.
 */
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
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

/** What {@link archivesInBrowser} holds: the archives and their servers for the whole file or `describe`. */
export interface ArchivesInBrowser {
  /** The archives, in the order `build` gave them. */
  sites: BuiltSite[];
  servers: StaticServer[];
  /** `http://127.0.0.1:<port>` of each archive's server, in the same order. */
  origins: string[];
  browser: Browser;
  /**
   * Opens `path` (with the base path, as `/p/demo/`) of archive `site` in a new context made
   * with `context`; the context is closed after the test (or earlier by the test), and the
   * page's console errors, page errors and (unless allowed) off-site requests fail the test.
   */
  open(site: number, path: string, context?: BrowserContextOptions): Promise<Page>;
}

/**
 * The harness for several archives: registers the hooks that build them (`build` gives them
 * all, once), serve each under the base path, launch Chromium when there is one, check and
 * close every page {@link ArchivesInBrowser.open} opened after each test, and close and remove
 * everything afterwards (KEEP=1 keeps the archives). `options.viewport` is given per page.
 */
export function archivesInBrowser(build: () => Promise<readonly BuiltSite[]>, options: Omit<ArchiveInBrowserOptions, 'viewport'> = {}): ArchivesInBrowser {
  let opened: Array<{ context: BrowserContext; watch: PageWatch }> = [];
  const state: ArchivesInBrowser = {
    sites: [],
    servers: [],
    origins: [],
    browser: undefined as unknown as Browser,
    async open(site, path, context = {}) {
      const origin = state.origins[site];
      if (origin === undefined) throw new Error(`no archive ${site}: ${state.sites.length} served`);
      const made = await state.browser.newContext(context);
      const page = await made.newPage();
      opened.push({ context: made, watch: watchPage(page, origin) });
      await page.goto(`${origin}${path}`);
      return page;
    },
  };
  beforeAll(async () => {
    state.sites = [...(await build())];
    for (const site of state.sites) state.servers.push(await serveStatic(site.out, options.base ?? '/', options.gzip ? { gzip: true } : {}));
    state.origins = state.servers.map((s) => new URL(s.url).origin);
    if (chromiumAvailable()) state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    for (const server of state.servers) await server.close();
    if (!process.env['KEEP']) for (const site of state.sites) await rm(dirname(site.out), { recursive: true, force: true });
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    for (const { context } of pages) await context.close();
    expect(pages.flatMap((p) => p.watch.errors)).toEqual([]);
    if (!options.allowOffsite) expect(pages.flatMap((p) => p.watch.offsite)).toEqual([]);
  });
  return state;
}
