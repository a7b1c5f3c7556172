/**
 * The shard manifest (issue 17): what `trailbook build --shard K/N` writes beside the pages of
 * its projects, for `trailbook merge` to compose one archive without analysing anything again.
 *
 * ```
 * <shard>/                              the shard's own pages (its projects, and the commits and
 *                                       files they cite, with their citations only)
 * <shard>/trailbook-shard/shard.json    this manifest
 * <shard>/trailbook-shard/projects/     each project's summary, cited list and report details
 *                                       (<id>.summary.json, <id>.cited.json, <id>.report.json)
 * <shard>/trailbook-shard/files/        the full text of cited repository files too long to be
 *                                       shown whole (src/lib/git/file-excerpt.ts), whose excerpt
 *                                       a merge may have to cut again around other shards' lines
 * <shard>/trailbook-shard/search/       each project's search index part (<id>.v8, as the
 *                                       build's cache holds it: src/lib/search/index/part.ts);
 *                                       its doc store is the shard's search-index/docs/p/<id>/
 * <shard>/trailbook-shard/contents.json every other file of the shard with its size and sha256
 *                                       (issue 28): a merge refuses a shard that lacks one, holds
 *                                       one more, or one of other bytes, naming the first
 * ```
 *
 * The manifest is written last, so a shard whose writing stopped has none.
 *
 * The folder is named without a leading dot: CI systems drop hidden folders from uploaded
 * artifacts. Nothing in it is published: the merge leaves it out of the archive.
 */
import type { SecretSettings } from '../config/secret-settings.ts';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RepositoryRule } from '../config/config-schema.ts';
import type { AcceptedOf } from '../archive/accepted-counts.ts';
import type { ShardSpec } from './partition.ts';

/** The folder of shard data inside a shard's output. */
export const SHARD_DATA = 'trailbook-shard';

/**
 * The manifest's format name. `/3` (count16) carries each project's accepted flags
 * ({@link ShardManifest.accepted}) and the baseline the shard read ({@link ShardOptions.baseline}).
 */
export const SHARD_FORMAT = 'trailbook-shard/3';

/**
 * The format before count16, still merged: its manifest does not say which flags the baseline
 * accepted, so the merge counts its projects' flags as open and says so.
 */
export const SHARD_FORMAT_2 = 'trailbook-shard/2';

/** The list of a shard's files, beside its manifest. */
export const SHARD_CONTENTS = 'contents.json';

/** A file's size in bytes and sha256 (hex). */
export interface ContentSum {
  bytes: number;
  sha256: string;
}

/** The build options every shard of an archive must share (they shape analysis or every page). */
export interface ShardOptions {
  base: string;
  title: string;
  siteUrl: string | null;
  repositories: RepositoryRule[];
  filter: { include: string[]; exclude: string[] };
  bdExport: boolean;
  /** The configuration's `allowRepositories` (folders outside the inputs whose repositories projects may name). */
  allowRepositories: string[];
  /** `--recap-html` (configuration `recapHtml`): whether each project's recap.html is written (every recap's Download list says which). */
  recapHtml: boolean;
  /** `--decisions-csv` (configuration `decisionsCsv`): whether each project's decisions.csv.gz is written (the Download lists say which). */
  decisionsCsv: boolean;
  /** What is secret and whether it is redacted (configuration `secrets`, `--no-redact`: src/lib/secrets/). */
  secrets: SecretSettings;
  /**
   * The baseline the shard read (`trailbook.baseline.json` or `--baseline FILE`), by content
   * ({@link baselineOption}): `none`, or `<n> entries, sha256 <12 hex>`. Shards that accepted
   * other flags are not merged (their recaps would mark them otherwise). Absent in `trailbook-shard/2`.
   */
  baseline?: string;
}

/** {@link ShardOptions.baseline} for a baseline's `entries` (null: none read). */
export function baselineOption(entries: readonly unknown[] | null): string {
  return entries === null ? 'none' : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}, sha256 ${createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12)}`;
}

/** `trailbook-shard/shard.json`. */
export interface ShardManifest {
  format: typeof SHARD_FORMAT | typeof SHARD_FORMAT_2;
  /** Trailbook's version (package.json). */
  version: string;
  /** Fingerprint of Trailbook's code, its Astro config and locked dependencies (what shapes every page). */
  code: string;
  /**
   * The format of the search index parts in `search/` (src/lib/search/write-search-index.ts,
   * `PART_CACHE_VERSION`: part and index formats and the V8 version that serialised them).
   */
  searchParts: string;
  options: ShardOptions;
  shard: ShardSpec;
  /** The input folders' names, as display paths start with them (`runs` of `runs/app`). */
  roots: string[];
  /** Every project discovered in the inputs, in discovery order (the archive's order). */
  discovered: string[];
  /** Discovery problems (display paths), as the build report lists them. */
  problems: Array<{ path: string; problem: string }>;
  /** This shard's projects, in discovery order, with their input digests. */
  projects: Array<{ id: string; digest: string }>;
  /**
   * The digest of every entry this shard rendered (`project:<id>`, `commit:<repo>/<oid>`,
   * `file:<entry id>`; src/lib/archive/render-plan.ts): a merge copies a page whose digest
   * equals the archive's, and writes the others again from the shards' data.
   */
  pages: Record<string, string>;
  /**
   * Each cited repository file of this shard (entry id): its size as its page states it (null:
   * not readable), and, for a file too long to be shown whole, the name of its full text in `files/`.
   */
  files: Record<string, { facts: { totalLines: number; bytes: number } | null; long?: string }>;
  /**
   * The parents of each commit this shard cites (entry id `<repo>/<oid>`; [] when it could not
   * be read): a commit page links a parent that has a page, and a parent may be cited by
   * another shard only, so the merge decides which links a page has.
   */
  commits: Record<string, string[]>;
  /**
   * The identity of the inputs every shard read (src/lib/archive/inputs-digest.ts): each
   * discovered project's record files and each repository's checked-out commit, so shards of
   * other records with the same folder names and project list are told apart.
   */
  inputs: { projects: Record<string, string>; repositories: Record<string, string | null> };
  /** The size and sha256 of `contents.json` ({@link SHARD_CONTENTS}): every other file of the shard, by `/`-separated path. */
  contents: ContentSum;
  /**
   * The flags the baseline accepts in this shard's projects (count16; src/lib/archive/accepted-counts.ts):
   * `file`, the baseline as named (null: none read); `projects`, each project with an accepted
   * flag: its accepted flags by severity, what stays open and the places of those accepted. The
   * merge's home, report and exports count from it, as a single build counts from the models.
   * Absent in `trailbook-shard/2`.
   */
  accepted?: { file: string | null; projects: Record<string, AcceptedOf> };
}

/** Paths inside a shard's output folder. */
export function shardPaths(shardDir: string): { data: string; manifest: string; contents: string; projects: string; files: string; search: string } {
  const data = join(shardDir, SHARD_DATA);
  return { data, manifest: join(data, 'shard.json'), contents: join(data, SHARD_CONTENTS), projects: join(data, 'projects'), files: join(data, 'files'), search: join(data, 'search') };
}

/** The identity of a shard's content: equal digests mean a merge can reuse what it made of it. */
export function shardDigest(manifest: ShardManifest): string {
  return createHash('sha256').update(JSON.stringify([manifest.format, manifest.code, manifest.searchParts, manifest.options, manifest.shard, manifest.projects, manifest.pages, manifest.contents])).digest('hex').slice(0, 32);
}

/**
 * Whether `id` is a project or repository id as Trailbook writes them (src/lib/text/slug.ts:
 * lowercase letters, digits, `._-`): a merge makes paths of ids read from shard folders, so an
 * id that could leave a folder (`..`, `/`) is refused, never joined into a path.
 */
export function isSafeId(id: unknown): id is string {
  return typeof id === 'string' && /^[a-z0-9._-]{1,100}$/.test(id) && id !== '.' && id !== '..';
}

/** A shard folder that cannot be merged, with what to do about it. */
export class ShardError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.name = 'ShardError';
    this.hint = hint;
  }
}

/**
 * Reads a shard's manifest. Throws {@link ShardError} naming the folder when it holds none, or
 * one this Trailbook cannot read.
 */
export async function readShardManifest(shardDir: string, display: string = shardDir): Promise<ShardManifest> {
  const path = shardPaths(shardDir).manifest;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new ShardError(`${display} is not a shard: it has no ${SHARD_DATA}/shard.json`, 'pass the --out folders of `trailbook build --shard K/N` runs');
  }
  let manifest: Partial<ShardManifest>;
  try {
    manifest = JSON.parse(text) as Partial<ShardManifest>;
  } catch (error) {
    throw new ShardError(`${display}/${SHARD_DATA}/shard.json is not JSON (${(error as Error).message})`, 'build the shard again');
  }
  if (manifest.format !== SHARD_FORMAT && manifest.format !== SHARD_FORMAT_2) {
    throw new ShardError(`${display} was written in shard format ${String(manifest.format)}; this Trailbook reads ${SHARD_FORMAT} and ${SHARD_FORMAT_2}`, 'build every shard and merge them with the same Trailbook');
  }
  return manifest as ShardManifest;
}
