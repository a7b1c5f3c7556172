/**
 * The build context: what the CLI hands a build to Astro, as one typed object (issue 31). The
 * CLI writes it once, before Astro runs (`writeBuildContext`), and every reader — content
 * loaders, pages, integrations, and the core modules they call — reads it here
 * (`buildContext`). It travels in one environment variable, `TRAILBOOK_BUILD` (JSON), because
 * Astro runs the content config and the pages in a module graph of its own, where a value the
 * CLI's modules hold is not seen. astro.config.mjs writes the default context, so a plain
 * `astro build` builds the bundled example corpus.
 */
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from './site-settings.ts';
import { DEFAULT_SECRET_SETTINGS, secretSettingsOf, type SecretSettings } from './secret-settings.ts';

/** The environment variable the context travels in. */
export const BUILD_CONTEXT_VARIABLE = 'TRAILBOOK_BUILD';

/** Everything a build's pages, loaders and integrations are told. */
export interface BuildContext {
  /** The package root, whose `src/lib` is the core hashed into each cached model's digest (src/lib/archive/code-digest.ts). */
  root: string;
  /** Absolute input folders. */
  inputs: string[];
  /** Absolute model-store folder. */
  cacheDir: string;
  /** The analysis run being rendered: pages take build-history views and compare pairs stored by it; null for a plain `astro build`. */
  run: string | null;
  /** Title, site URL, forge links and recap.html files (src/lib/config/site-settings.ts). */
  site: SiteSettings;
  /** The configuration's include/exclude globs, applied in discovery (src/lib/config/glob.ts). */
  filter: { include: string[]; exclude: string[] };
  /** Folders outside the inputs whose repositories projects may name (configuration `allowRepositories`). */
  allowRepositories: string[];
  /** `external`: the CLI writes the search index and exports in its own worker, so the integration does nothing (src/integrations/search-index.ts). */
  searchIndex: 'integration' | 'external';
  /** What is secret and whether it is redacted (configuration `secrets`, `--no-redact`: src/lib/config/secret-settings.ts); the loaders redact the evidence they read with it. */
  secrets: SecretSettings;
  /**
   * The accepted flags the recaps mark (`trailbook.baseline.json` or `--baseline FILE`, issue 32):
   * the file as named and its entries, checked again where read (src/lib/baseline/build-baseline.ts); null without one.
   */
  baseline: { file: string; entries: unknown[] } | null;
}

/** The context of a plain `astro build` in the package at `root`: the bundled example corpus. */
export function defaultBuildContext(root: string, cacheDir: string): BuildContext {
  return { root, inputs: [`${root.replace(/\/$/, '')}/content`], cacheDir, run: null, site: DEFAULT_SITE_SETTINGS, filter: { include: [], exclude: [] }, allowRepositories: [], searchIndex: 'integration', secrets: DEFAULT_SECRET_SETTINGS, baseline: null };
}

/** Hands `context` to the build that runs next in this process (and to the worker threads it starts). */
export function writeBuildContext(context: BuildContext): void {
  process.env[BUILD_CONTEXT_VARIABLE] = JSON.stringify(context);
}

/** The context's baseline: `{ file, entries }` as the CLI writes it, else none. */
function baselineOf(value: unknown): BuildContext['baseline'] {
  if (value === null || typeof value !== 'object') return null;
  const { file, entries } = value as { file?: unknown; entries?: unknown };
  return typeof file === 'string' && Array.isArray(entries) ? { file, entries } : null;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** The site settings of a context, with the defaults where a field is missing. */
export function siteSettingsOf(value: unknown): SiteSettings {
  const site = (value !== null && typeof value === 'object' ? value : {}) as Partial<SiteSettings>;
  return {
    title: typeof site.title === 'string' && site.title !== '' ? site.title : DEFAULT_SITE_SETTINGS.title,
    url: typeof site.url === 'string' ? site.url : null,
    forges: site.forges && typeof site.forges === 'object' ? site.forges : {},
    recapHtml: site.recapHtml === true,
    decisionsCsv: site.decisionsCsv === true,
  };
}

/** The context handed to this build, or null when none was (the CLI before it hands one over). Throws naming the variable when it is malformed. */
export function buildContextOrNull(): BuildContext | null {
  const text = process.env[BUILD_CONTEXT_VARIABLE];
  if (text === undefined || text === '') return null;
  let parsed: Partial<Record<keyof BuildContext, unknown>>;
  try {
    parsed = JSON.parse(text) as Partial<Record<keyof BuildContext, unknown>>;
  } catch {
    throw new Error(`${BUILD_CONTEXT_VARIABLE} is not JSON: ${text.slice(0, 200)}`);
  }
  if (parsed === null || typeof parsed !== 'object') throw new Error(`${BUILD_CONTEXT_VARIABLE} is not a JSON object`);
  const { root, inputs, cacheDir } = parsed;
  if (typeof root !== 'string' || typeof cacheDir !== 'string' || !Array.isArray(inputs) || !inputs.every((p) => typeof p === 'string')) {
    throw new Error(`${BUILD_CONTEXT_VARIABLE} needs root, inputs (a list of folders) and cacheDir: ${text.slice(0, 200)}`);
  }
  const filter = (parsed.filter !== null && typeof parsed.filter === 'object' ? parsed.filter : {}) as { include?: unknown; exclude?: unknown };
  return {
    root,
    inputs,
    cacheDir,
    run: typeof parsed.run === 'string' ? parsed.run : null,
    site: siteSettingsOf(parsed.site),
    filter: { include: strings(filter.include), exclude: strings(filter.exclude) },
    allowRepositories: strings(parsed.allowRepositories),
    searchIndex: parsed.searchIndex === 'external' ? 'external' : 'integration',
    secrets: secretSettingsOf(parsed.secrets),
    baseline: baselineOf(parsed.baseline),
  };
}

/** The context handed to this build. Throws when none was (astro.config.mjs writes the default; run the build through `trailbook build`) or it is malformed. */
export function buildContext(): BuildContext {
  const context = buildContextOrNull();
  if (context === null) throw new Error(`${BUILD_CONTEXT_VARIABLE} must be set (astro.config.mjs sets the default; run the build through \`trailbook build\`)`);
  return context;
}
