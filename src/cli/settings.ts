/**
 * The settings of one command run: the configuration file (src/lib/config) with the
 * command-line flags over it, folders resolved (flags against the working folder, file
 * values against the file's folder), and defaults for the rest: the working folder as input,
 * `dist` as output (the per-user cache when the working folder is an input) and a build cache
 * in the per-user cache folder (src/cli/user-cache.ts).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../lib/config/config-error.ts';
import { isBasePath, isHttpUrl } from '../lib/config/config-schema.ts';
import { pathFilter } from '../lib/config/glob.ts';
import { loadConfig, type LoadedConfig } from '../lib/config/load-config.ts';
import { DEFAULT_SITE_SETTINGS } from '../lib/config/site-settings.ts';
import { normaliseBase } from '../lib/site/urls.ts';
import { DEFAULT_EXPORT_TIMEOUT_MS } from '../lib/beads/run-export.ts';
import type { BuildSettings } from '../lib/build/build-settings.ts';
import { resolveInputs } from './inputs.ts';
import { UsageError } from './output.ts';
import { fromCwd, within } from './paths.ts';
import { defaultCacheDir, defaultSiteDir, userCacheRoot } from './user-cache.ts';

/** Flags every command that reads a configuration understands (all optional). */
export interface SettingsFlags {
  /** `--config FILE`. */
  config?: string;
  /** `--out DIR`. */
  out?: string;
  /** `--base PATH`. */
  base?: string;
  /** `--cache-dir DIR`. */
  cacheDir?: string;
  /** `--title TEXT`. */
  title?: string;
  /** `--site URL`. */
  site?: string;
  /** `--example`: read the bundled example corpus. */
  example?: boolean;
  /** `--recap-html`: write each project's single-file recap.html. */
  recapHtml?: boolean;
  /** `--decisions-csv`: write each project's decisions.csv.gz. */
  decisionsCsv?: boolean;
  /** `--no-redact` sets it false: secrets are flagged but published as written. */
  redact?: boolean;
}

/**
 * Where the output or cache folder was given, so a refusal names what the user typed:
 * `flag` (`--out`, `--cache-dir`, or the default), or `config` with the file as shown
 * (`trailbook.config.json`), whose key it was (`out`, `cacheDir`) and its folder, against
 * which the file's paths are read.
 */
export type FolderOrigin = { from: 'flag' } | { from: 'config'; file: string; dir: string };

/** Everything a command needs to know, resolved. */
export interface Settings extends BuildSettings {
  /** The configuration file read, or null. */
  loaded: LoadedConfig | null;
  /** Where {@link BuildSettings.outDir} and {@link BuildSettings.cacheDir} came from (src/cli/folders.ts words a refusal of them). */
  origins: { out: FolderOrigin; cacheDir: FolderOrigin };
}

/** Defaults of {@link resolveSettings}. */
export interface SettingsDefaults {
  /** Output folder when neither flag nor file gives one (default `dist`). */
  out?: string;
  /** Working folder: where the configuration is looked up and flags' paths start (default: the process's). */
  cwd?: string;
  /** The per-user cache folder (default: src/cli/user-cache.ts userCacheRoot). */
  cacheRoot?: string;
  /** The output path the default cache folder is keyed by, when not the output folder (`dev` builds into a new folder every run). */
  cacheKey?: string;
}

/** Reads the configuration and merges the flags over it. Throws {@link UsageError} or {@link ConfigError}. */
export async function resolveSettings(dirs: string[], flags: SettingsFlags, defaults: SettingsDefaults = {}): Promise<Settings> {
  const cwd = defaults.cwd ?? process.cwd();
  const loaded = await loadConfig({ cwd, ...(flags.config === undefined ? {} : { file: flags.config }), display: fromCwd });
  const config = loaded?.config ?? {};
  const fromFile = (path: string): string => resolve(loaded?.dir ?? cwd, path);
  const name = loaded ? fromCwd(loaded.file) : '';

  let roots: string[];
  if (dirs.length > 0 || flags.example || config.inputs === undefined) roots = await resolveInputs(dirs, cwd, flags.example === true);
  else {
    roots = [];
    for (const [i, input] of config.inputs.entries()) {
      const abs = fromFile(input);
      const info = await stat(abs).catch(() => null);
      if (!info?.isDirectory()) throw new ConfigError([`${name}: inputs[${i}]: ${info ? 'is not a folder' : 'no such folder'}: ${input}`], `fix the path (relative to ${name}), or pass the folders on the command line`);
      if (!roots.includes(abs)) roots.push(abs);
    }
  }

  if (flags.base !== undefined && !isBasePath(normaliseBase(flags.base))) {
    throw new UsageError(`--base ${flags.base} is not a usable base path`, 'pass a path of letters, digits and ._~- segments, e.g. --base /archive/');
  }
  if (flags.site !== undefined && !isHttpUrl(flags.site)) throw new UsageError(`--site ${flags.site} is not an http(s) URL`, 'pass the absolute address the archive is published at, e.g. --site https://example.com/archive/');
  if (flags.title !== undefined && flags.title.trim() === '') throw new UsageError('--title is empty', 'pass the archive title, e.g. --title "Team archive"');

  const accept = pathFilter(config.include, config.exclude);
  const cacheRoot = defaults.cacheRoot ?? userCacheRoot();
  // Nothing is written into the records: when the working folder is an input, the default
  // output goes to the per-user cache rather than `dist/` among them.
  const outDir = flags.out !== undefined ? resolve(cwd, flags.out) : config.out !== undefined ? fromFile(config.out) : roots.some((r) => within(r, cwd)) ? defaultSiteDir(roots, cacheRoot) : resolve(cwd, defaults.out ?? 'dist');
  const fromConfig = (given: string | undefined, flag: string | undefined): FolderOrigin =>
    flag === undefined && given !== undefined && loaded ? { from: 'config', file: name, dir: loaded.dir } : { from: 'flag' };
  return {
    loaded,
    origins: { out: fromConfig(config.out, flags.out), cacheDir: fromConfig(config.cacheDir, flags.cacheDir) },
    roots,
    base: normaliseBase(flags.base ?? config.base ?? '/'),
    outDir,
    cacheDir: flags.cacheDir !== undefined ? resolve(cwd, flags.cacheDir) : config.cacheDir !== undefined ? fromFile(config.cacheDir) : defaultCacheDir(roots, defaults.cacheKey ?? outDir, cacheRoot),
    filter: { include: config.include ?? [], exclude: config.exclude ?? [] },
    ...(accept ? { accept } : {}),
    title: flags.title?.trim() ?? config.title ?? DEFAULT_SITE_SETTINGS.title,
    siteUrl: flags.site ?? config.site ?? null,
    repositories: config.repositories ?? [],
    bdExport: { run: config.beads?.runExport ?? false, timeoutMs: (config.beads?.exportTimeout ?? DEFAULT_EXPORT_TIMEOUT_MS / 1000) * 1000 },
    compare: config.compare ?? [],
    allowRepositories: [...new Set((config.allowRepositories ?? []).map(fromFile))],
    recapHtml: flags.recapHtml ?? config.recapHtml ?? false,
    decisionsCsv: flags.decisionsCsv ?? config.decisionsCsv ?? false,
    secrets: { redact: flags.redact !== false, allow: config.secrets?.allow ?? [], patterns: config.secrets?.patterns ?? [] },
  };
}

// What the settings change on every page: in the core, beside the build that uses them.
export { settingsFingerprint, siteSettings } from '../lib/build/build-settings.ts';
