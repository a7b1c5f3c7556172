/**
 * The settings a build runs with (src/cli/settings.ts resolves them from flags and the
 * configuration file) and what they change on every page.
 */
import { createHash } from 'node:crypto';
import type { RepositoryRule } from '../config/config-schema.ts';
import { resolveForges, type ArchiveRepository } from '../config/forge-links.ts';
import type { SiteSettings } from '../config/site-settings.ts';
import type { BdExportOptions } from '../beads/run-export.ts';
import type { SecretSettings } from '../config/secret-settings.ts';

/** What a build reads of its resolved settings (src/cli/settings.ts `Settings` holds these and more). */
export interface BuildSettings {
  /** Absolute input folders. */
  roots: string[];
  /** Base path, `/x/` form. */
  base: string;
  /** Absolute output folder. */
  outDir: string;
  /** Absolute model store and build cache. */
  cacheDir: string;
  /** The configuration's include/exclude globs. */
  filter: { include: string[]; exclude: string[] };
  /** The include/exclude filter for discovery, when the configuration has one. */
  accept?: (rel: string, isDirectory: boolean) => boolean;
  /** Title and published URL. */
  title: string;
  siteUrl: string | null;
  /** Forge link rules, in order. */
  repositories: RepositoryRule[];
  /** Whether and how `bd export` is run for `.beads/` folders without an export. */
  bdExport: BdExportOptions;
  /** Pairs of projects to compare (configuration `compare`), as written. */
  compare: Array<{ a: string; b: string }>;
  /** Absolute folders outside the inputs whose repositories projects may name. */
  allowRepositories: string[];
  /** Whether the build writes each project's `recap.html`. */
  recapHtml: boolean;
  /** Whether the build writes each project's `decisions.csv.gz` (`--decisions-csv`, configuration `decisionsCsv`); else the Download lists make it from recap.json.gz. */
  decisionsCsv: boolean;
  /** What is secret and whether it is redacted. */
  secrets: SecretSettings;
}

/** The settings the pages read, with forge templates resolved for the archive's repositories. */
export function siteSettings(settings: Pick<BuildSettings, 'title' | 'siteUrl' | 'repositories' | 'recapHtml' | 'decisionsCsv'>, repositories: readonly ArchiveRepository[]): SiteSettings {
  return { title: settings.title, url: settings.siteUrl, forges: resolveForges(settings.repositories, repositories), recapHtml: settings.recapHtml, decisionsCsv: settings.decisionsCsv };
}

/**
 * A digest of what the settings change on every page (title, site URL, forge rules, whether
 * recap.html and decisions.csv.gz files are written: each recap's Download list says which), mixed
 * into the incremental build's site fingerprint so that a changed setting re-renders all.
 * 16 hex digits.
 */
export function settingsFingerprint(settings: Pick<BuildSettings, 'title' | 'siteUrl' | 'repositories' | 'recapHtml' | 'decisionsCsv' | 'secrets'>): string {
  return createHash('sha256').update(JSON.stringify([settings.title, settings.siteUrl, settings.repositories, settings.recapHtml, ...(settings.decisionsCsv ? ['decisions.csv'] : []), ...(settings.secrets.redact && settings.secrets.allow.length === 0 && settings.secrets.patterns.length === 0 ? [] : [settings.secrets])])).digest('hex').slice(0, 16);
}
