/**
 * The archive's public address, for exports that need absolute URLs (the Atom feed, the
 * JSON Schemas' `$id` and the documents' `$schema`, links out of the single-file recap).
 * The address comes from `--site` or the configuration's `site` (which the CLI hands to
 * Astro as `site` and to pages in the build context, src/lib/config/build-context.ts); without one, exports use
 * site-relative links (docs/publishing.md).
 */

/**
 * The absolute URL of the archive's root (ends with `/`), or null when no site is set.
 * A site given as an origin (`https://example.com`) gets the base path appended; a site
 * with a path (`https://example.com/archive/`) is taken as the archive's root as it is.
 * Throws, naming the fix, when `site` is not an http(s) URL.
 */
export function archiveRoot(site: string | null | undefined, base: string): string | null {
  if (site === null || site === undefined || site.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(site.trim());
  } catch {
    throw new Error(`the site URL ${site} is not a URL; pass the archive's public address, e.g. --site https://example.com/archive/`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the site URL ${site} is not http(s); pass e.g. --site https://example.com/archive/`);
  if (url.pathname === '/' || url.pathname === '') return `${url.origin}${base}`;
  return `${url.origin}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`;
}

/**
 * A base-prefixed path (`/archive/p/x/`) as an absolute URL under `root`, or unchanged when
 * there is no root.
 */
export function absoluteUrl(root: string | null, base: string, path: string): string {
  if (root === null) return path;
  return `${root}${path.startsWith(base) ? path.slice(base.length) : path.replace(/^\//, '')}`;
}
