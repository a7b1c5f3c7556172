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
import { siteSettingsFrom, type SiteSettings } from '../config/site-settings.ts';
import { DEFAULT_SECRET_SETTINGS, type SecretSettings } from '../secrets/detect.ts';

export interface BuildEnv {
  inputs: string[];
  cacheDir: string;
  /** Title, site URL and forge links (src/lib/config/site-settings.ts). */
  site: SiteSettings;
  /** The configuration's include/exclude globs. */
  filter: { include: string[]; exclude: string[] };
  /** Folders outside the inputs whose repositories projects may name. */
  allowRepositories: string[];
  /** What is secret and whether it is redacted (`TRAILBOOK_SECRETS`, JSON {@link SecretSettings}; unset: the default, redact). */
  secrets: SecretSettings;
}

function secretsFrom(value: string | undefined): SecretSettings {
  if (value === undefined || value === '') return DEFAULT_SECRET_SETTINGS;
  try {
    const parsed = JSON.parse(value) as Partial<SecretSettings>;
    return { redact: parsed.redact !== false, allow: Array.isArray(parsed.allow) ? parsed.allow.filter((a) => typeof a === 'string') : [], patterns: Array.isArray(parsed.patterns) ? parsed.patterns : [] };
  } catch {
    throw new Error(`TRAILBOOK_SECRETS is not JSON: ${value.slice(0, 200)}`);
  }
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

/** The secret settings of the build (`TRAILBOOK_SECRETS`), without the rest of the environment: the default when unset. */
export function buildSecrets(): SecretSettings {
  return secretsFrom(process.env['TRAILBOOK_SECRETS']);
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
  return { inputs: parsed, cacheDir, site: siteSettingsFrom(process.env['TRAILBOOK_SITE']), filter: filterFrom(process.env['TRAILBOOK_FILTER']), allowRepositories: foldersFrom(process.env['TRAILBOOK_ALLOW_REPOSITORIES']), secrets: secretsFrom(process.env['TRAILBOOK_SECRETS']) };
}
