// @ts-check
/**
 * Astro configuration. `trailbook build` writes the build context (src/lib/config/build-context.ts)
 * and passes outDir and base; the default context makes a plain `astro build` build content/.
 */
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { createHash } from 'node:crypto';
import searchIndex from './src/integrations/search-index.ts';
import modulePreload from './src/integrations/module-preload.ts';
import renderProgress from './src/integrations/render-progress.ts';
import { THEME_BOOT_SCRIPT } from './src/lib/site/theme.ts';
import { buildContextOrNull, defaultBuildContext, writeBuildContext } from './src/lib/config/build-context.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
if (buildContextOrNull() === null) writeBuildContext(defaultBuildContext(root, resolve('.trailbook-cache')));
const { cacheDir } = /** @type {import('./src/lib/config/build-context.ts').BuildContext} */ (buildContextOrNull());
// Astro copies every environment variable into server-side `import.meta.env`, over its own
// values: an inherited BASE_URL or SITE (CI systems and test runners set them) would replace
// the base path and site URL the build was given.
for (const name of ['BASE_URL', 'SITE', 'ASSETS_PREFIX']) delete process.env[name];

export default defineConfig({
  trailingSlash: 'always',
  // Styles and scripts go to shared files under _astro/, never inline: a few KB inlined into
  // each of thousands of pages (recaps, evidence pages) is megabytes of the same bytes, and the
  // browser caches one file (docs/performance.md, "Output size").
  build: { format: 'directory', inlineStylesheets: 'never' },
  cacheDir: resolve(cacheDir, 'astro'),
  // Rows never enter the content store (pages read them from the model store), so the store
  // stays far below the single-file limit; Astro 7.3's chunked writer encodes the store one
  // character at a time and is ~30x slower (docs/performance.md).
  integrations: [searchIndex(), modulePreload(), renderProgress()],
  // `trailbook build` renders from a staging folder whose path changes on every run; Vite
  // hashes script names with module paths relative to the working folder unless told
  // otherwise, so pin it to the package: the same input gives the same file names. Vite's own
  // cache goes beside Astro's, never into Trailbook's folder (an installed copy may be read-only).
  vite: { cacheDir: resolve(cacheDir, 'vite'), build: { assetsInlineLimit: 0, rolldownOptions: { cwd: root } } },
  devToolbar: { enabled: false },
  // Trailbook highlights with its own shiki highlighter (src/lib/highlight); Astro's markdown
  // pipeline is not used, so its highlighter (inline styles, against the CSP) is off.
  markdown: { syntaxHighlight: false },
  // Content Security Policy (docs/security.md): Astro hashes the scripts and styles it emits;
  // nothing else may run (the search page's own engine needs no WebAssembly and no worker).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // The theme boot script is inline in every page's <head> (src/lib/site/theme.ts): its hash.
      scriptDirective: { resources: ["'self'"], hashes: [`sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}`] },
    },
  },
});
