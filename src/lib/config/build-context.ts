/**
 * How the CLI hands a build to Astro: environment variables, because Astro runs the content
 * config and the pages in its own module graph. astro.config.mjs sets the defaults, so a
 * plain `astro build` builds the bundled example corpus.
 * - `TRAILBOOK_INPUTS`: JSON array of absolute input folders.
 * - `TRAILBOOK_CACHE_DIR`: absolute model-store folder.
 * - `TRAILBOOK_SITE` (optional): JSON {@link SiteSettings} from the configuration file (title,
 *   site URL, forge links); unset means the defaults.
 * - `TRAILBOOK_FILTER` (optional): JSON `{ include, exclude }` globs from the configuration
 *   file, applied in discovery (src/lib/config/glob.ts); unset means every record file.
 * - `TRAILBOOK_ALLOW_REPOSITORIES` (optional): JSON array of absolute folders outside the
 *   inputs whose repositories projects may name (configuration `allowRepositories`); unset
 *   means none.
 */
import { siteSettingsFrom, type SiteSettings } from './site-settings.ts';

export interface BuildEnv {
  inputs: string[];
  cacheDir: string;
  /** Title, site URL and forge links (src/lib/config/site-settings.ts). */
  site: SiteSettings;
  /** The configuration's include/exclude globs. */
  filter: { include: string[]; exclude: string[] };
  /** Folders outside the inputs whose repositories projects may name. */
  allowRepositories: string[];
}

function filterFrom(value: string | undefined): BuildEnv['filter'] {
  if (value === undefined || value === '') return { include: [], exclude: [] };
  let parsed: { include?: unknown; exclude?: unknown };
  try {
    parsed = JSON.parse(value) as { include?: unknown; exclude?: unknown };
  } catch {
    throw new Error(`TRAILBOOK_FILTER is not JSON: ${value.slice(0, 200)}`);
  }
  const globs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : []);
  return { include: globs(parsed.include), exclude: globs(parsed.exclude) };
}

function foldersFrom(value: string | undefined): string[] {
  if (value === undefined || value === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`TRAILBOOK_ALLOW_REPOSITORIES is not JSON: ${value.slice(0, 200)}`);
  }
  return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
}

/** Reads the build environment. Throws with the variable's name when it is missing or malformed. */
export function buildEnv(): BuildEnv {
  const inputs = process.env['TRAILBOOK_INPUTS'];
  const cacheDir = process.env['TRAILBOOK_CACHE_DIR'];
  if (!inputs || !cacheDir) throw new Error('TRAILBOOK_INPUTS and TRAILBOOK_CACHE_DIR must be set (astro.config.mjs sets defaults; run the build through `trailbook build`)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(inputs);
  } catch {
    throw new Error(`TRAILBOOK_INPUTS is not a JSON array of folders: ${inputs}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string')) throw new Error(`TRAILBOOK_INPUTS is not a JSON array of folders: ${inputs}`);
  return { inputs: parsed, cacheDir, site: siteSettingsFrom(process.env['TRAILBOOK_SITE']), filter: filterFrom(process.env['TRAILBOOK_FILTER']), allowRepositories: foldersFrom(process.env['TRAILBOOK_ALLOW_REPOSITORIES']) };
}
