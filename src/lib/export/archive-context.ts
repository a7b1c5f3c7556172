/**
 * What the archive-wide exports need to know about the build: base path, public root URL
 * (when a site URL is configured) and title, from Astro's `BASE_URL` and `SITE` and the
 * settings the CLI hands over (src/lib/config/build-context.ts).
 */
import { buildContext } from '../config/build-context.ts';
import { normaliseBase } from '../site/urls.ts';
import type { ArchiveContext } from './archive-index.ts';
import { archiveRoot } from './site-url.ts';

/**
 * The context of this build, from `import.meta.env.BASE_URL`, the settings' site URL (the
 * CLI's `--site` or the configuration's `site`) and, failing that, Astro's `site`
 * (`import.meta.env.SITE`, for a plain `astro build`).
 */
export function archiveContext(baseUrl: string, astroSite: string | undefined): ArchiveContext {
  const base = normaliseBase(baseUrl);
  const site = buildContext().site;
  return { base, root: archiveRoot(site.url ?? astroSite, base), title: site.title, recapHtml: site.recapHtml, decisionsCsv: site.decisionsCsv };
}
