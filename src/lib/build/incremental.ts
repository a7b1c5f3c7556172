/**
 * Incremental builds (issue 5): decide whether the previous output can be reused, and carry
 * its unchanged pages into the new one (by hard link, or copy where links cannot be made: the
 * previous output is never changed, so a build killed while carrying over leaves it whole;
 * issue 28, docs/reliability.md). See src/lib/archive/render-plan.ts for the plan the pages read.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { RenderRecord } from '../archive/render-plan.ts';
import { readCacheJson, removeCacheFile, writeAtomic } from '../fs/cache-files.ts';
import { cacheNotice } from '../fs/cache-notice.ts';
import { faultPoint } from '../fs/fault-point.ts';
import { linkOrCopySync, linkTreeSync } from '../fs/link-files.ts';
import { outputSeal, sealHolds } from '../fs/output-seal.ts';

const recordFile = (cacheDir: string): string => join(cacheDir, 'rendered.json');

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const entry of (await readdir(d, { withFileTypes: true }).catch(() => [])).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  await walk(dir);
  return out;
}

/**
 * Fingerprint of everything that shapes rendered pages apart from the data: Trailbook's
 * sources (src/), the Astro config and the locked dependency versions, under `root` (the
 * package's folder: src/cli/paths.ts `PACKAGE_ROOT`). 32 hex digits.
 */
export async function siteFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  const files = [...(await listFiles(join(root, 'src'))), join(root, 'astro.config.mjs'), join(root, 'package-lock.json')];
  for (const file of files) hash.update(relative(root, file)).update('\0').update(await readFile(file).catch(() => Buffer.alloc(0))).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * The file of the output an entry's pages are checked by (posix, relative to the site): a
 * project's recap, its exports' recap.json.gz, a commit's or a cited file's page. Null for a
 * key of no known shape (its entry is rendered again).
 */
export function promisedFile(key: string): string | null {
  const colon = key.indexOf(':');
  const [kind, rest] = [key.slice(0, colon), key.slice(colon + 1)];
  if (kind === 'project') return `p/${rest}/index.html`;
  if (kind === 'exports') return `p/${rest}/recap.json.gz`;
  if (kind === 'commit') {
    const slash = rest.indexOf('/');
    return slash > 0 ? `r/${rest.slice(0, slash)}/commit/${rest.slice(slash + 1)}/index.html` : null;
  }
  if (kind === 'file') {
    const parts = rest.split('/');
    if (parts.length < 3 || (parts[0] !== 'p' && parts[0] !== 'r')) return null;
    // A repository file as it was at a commit (`file:r/<repo>/at/<sha>/<key>`): its page is under
    // `r/<repo>/at/<sha>/file/` (urls.ts `repositoryFile`).
    if (parts[0] === 'r' && parts[2] === 'at' && parts.length >= 5) return `r/${parts[1]}/at/${parts[3]}/file/${parts.slice(4).join('/')}/index.html`;
    return `${parts[0]}/${parts[1]}/file/${parts.slice(2).join('/')}/index.html`;
  }
  return null;
}

/** Whether `path` is a regular file (any error: no). */
function isFileSync(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/**
 * The entries of `pages` whose promised file ({@link promisedFile}) is in `outDir`, and how
 * many are not: the record of a previous run is trusted only as far as the files it promises
 * are there (issue 28: a record that outlived its pages made a build publish links to recaps
 * it no longer had).
 */
export async function presentPages(outDir: string, pages: Readonly<Record<string, string>>): Promise<{ pages: Record<string, string>; missing: number }> {
  const present: Record<string, string> = {};
  let missing = 0;
  // One synchronous stat per entry (tens of thousands at 1,000 projects): nothing else runs yet
  // (issue 30: awaited, each waited on the thread pool).
  for (const key of Object.keys(pages)) {
    const file = promisedFile(key);
    if (file !== null && isFileSync(join(outDir, ...file.split('/')))) present[key] = pages[key] as string;
    else missing++;
  }
  return { pages: present, missing };
}

/** Why the previous output's pages are not reused although its record matches: a file of it changed since it was written. */
export interface OutputChanged {
  outputChanged: true;
}

/**
 * The previous build's record when its pages can be reused for this build, else null; only
 * the entries whose files are in the output (`missing`: how many were left out, to render
 * again). {@link OutputChanged} when the output's files are not those the record sealed
 * ({@link sealHolds}; a record without a seal, or with a seal of an older build's form, is not
 * trusted either): every page is rendered again.
 */
export async function reusableRecord(cacheDir: string, outDir: string, site: string, base: string): Promise<(RenderRecord & { missing: number }) | OutputChanged | null> {
  const hasSite = await stat(join(outDir, 'index.html')).then((s) => s.isFile(), () => false);
  if (!hasSite) return null;
  const record = await readCacheJson<RenderRecord & { outDir?: string; seal?: unknown }>(recordFile(cacheDir), (problem) => cacheNotice('rendered.json', problem));
  if (record === null) return null;
  // JSON of another shape (altered, or another file put in its place): every page is rendered
  // again, and the notice says why (a fault-injecting trial: `{}` re-rendered every page unsaid).
  if (typeof record !== 'object' || Array.isArray(record) || typeof record.pages !== 'object' || record.pages === null || Array.isArray(record.pages)) {
    cacheNotice('rendered.json', 'not a record of rendered pages');
    return null;
  }
  // Another output folder's record, or one of other site code or base: not this output's pages.
  if (record.site !== site || record.base !== base || record.outDir !== outDir) return null;
  if (!sealHolds(outDir, record.seal)) return { outputChanged: true };
  const { pages, missing } = await presentPages(outDir, record.pages);
  return { site: record.site, base: record.base, pages, missing };
}

/** Records what this build rendered, for the next one, with the seal of its files (after its output is in place: {@link outputSeal}). */
export async function writeRecord(cacheDir: string, outDir: string, record: RenderRecord): Promise<void> {
  await writeAtomic(recordFile(cacheDir), JSON.stringify({ ...record, outDir, seal: outputSeal(outDir) }));
}

/**
 * Forgets the previous build's record: done before the output is replaced, so a build killed
 * between the swap and writing its own record leaves no record of pages that are not those of
 * the output (the next build renders every page).
 */
export async function forgetRecord(cacheDir: string): Promise<void> {
  await removeCacheFile(recordFile(cacheDir));
}

/** The render-plan key owning an output path (posix, relative to the site), or null for site-wide files. */
export function ownerKey(rel: string): string | null {
  const parts = rel.split('/');
  if (parts[0] === 'p' && parts.length >= 3) {
    if (parts[2] === 'file') return `file:p/${parts[1]}/${parts.slice(3, -1).join('/')}`;
    return `project:${parts[1]}`;
  }
  if (parts[0] === 'r' && parts.length >= 5) {
    if (parts[2] === 'commit') return `commit:${parts[1]}/${parts[3]}`;
    if (parts[2] === 'file') return `file:r/${parts[1]}/${parts.slice(3, -1).join('/')}`;
    // `r/<repo>/at/<sha>/file/<key>/index.html`: the file as it was at that commit.
    if (parts[2] === 'at' && parts[4] === 'file' && parts.length >= 7) return `file:r/${parts[1]}/at/${parts[3]}/${parts.slice(5, -1).join('/')}`;
  }
  return null;
}

/**
 * The render-plan key owning a whole folder of the output, when everything under it belongs
 * to one entry: `p/<id>` (a project: its recap, exports, issue pages and cited artifacts, which
 * change only with the project's rows) and `r/<repo>/commit/<sha>`. Null otherwise.
 */
export function folderOwnerKey(rel: string): string | null {
  const parts = rel.split('/');
  if (parts.length === 2 && parts[0] === 'p') return `project:${parts[1]}`;
  if (parts.length === 4 && parts[0] === 'r' && parts[2] === 'commit') return `commit:${parts[1]}/${parts[3]}`;
  return null;
}

/** What {@link carryOver} carried: items (files, and folders linked whole), and the files and HTML pages in them. */
export interface CarriedOver {
  items: number;
  files: number;
  pages: number;
}

/**
 * Links (or copies) into the new output everything of the previous output that this build did
 * not write again and whose entry still exists: whole folders where one entry owns them (a
 * project's pages), single pages elsewhere, and every asset under `_astro/`. The previous
 * output is left as it was (issue 28): a build stopped here leaves it whole, and the caller
 * swaps the new one in after. Returns how many items (files, and folders carried whole) were
 * carried over, and the files and HTML pages among them (the new output's totals, with the
 * staged files: src/lib/build/output-files.ts `stagedFiles`).
 *
 * The calls are synchronous: nothing else runs while the output is carried over (pages are
 * rendered and the search index written), and a one-row rebuild carries tens of thousands of
 * files, which awaited one by one waited on the thread pool for each (issue 30).
 *
 * `done`: the items (paths relative to the output) already carried over ahead and moved in
 * ({@link carryAhead}, {@link moveAheadIn}); they are not visited again.
 */
export async function carryOver(previousOut: string, newOut: string, pages: Readonly<Record<string, string>>, previousPages: Readonly<Record<string, string>> = {}, done: ReadonlySet<string> = new Set()): Promise<CarriedOver> {
  let carried = 0;
  let files = 0;
  const html = { n: 0 };
  // A repository's whole folder moves in one step when none of its pages was written again
  // and none of its commits or files stopped being cited.
  const lostRepos = lostRepositories(pages, previousPages);
  const wholeRepo = (rel: string): boolean => {
    const parts = rel.split('/');
    return parts.length === 2 && parts[0] === 'r' && !lostRepos.has(parts[1] as string);
  };
  const visit = (rel: string): void => {
    const from = join(previousOut, rel);
    let entries;
    try {
      entries = readdirSync(from, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      // Carried over ahead, while Astro rendered ({@link carryAhead}).
      if (done.has(childRel)) continue;
      const target = join(newOut, childRel);
      if (entry.isDirectory()) {
        if (wholeRepo(childRel) && !existsSync(target)) {
          files += linkTreeSync(join(from, entry.name), target, html);
          carried++;
          faultPoint('carry-over');
          continue;
        }
        const owner = folderOwnerKey(childRel);
        if (owner !== null && !existsSync(target)) {
          if (owner in pages) {
            files += linkTreeSync(join(from, entry.name), target, html);
            carried++;
            faultPoint('carry-over');
          }
          continue;
        }
        visit(childRel);
        continue;
      }
      if (!entry.isFile() || existsSync(target)) continue;
      const owner = ownerKey(childRel);
      if (owner === null ? !childRel.startsWith('_astro/') : !(owner in pages)) continue;
      linkOrCopySync(join(from, entry.name), target);
      carried++;
      files++;
      if (entry.name.endsWith('.html')) html.n++;
      faultPoint('carry-over');
    }
  };
  visit('');
  return { items: carried, files, pages: html.n };
}

/** The repositories some of whose commits or files the previous build had pages for and this one has not. */
function lostRepositories(pages: Readonly<Record<string, string>>, previousPages: Readonly<Record<string, string>>): Set<string> {
  const lost = new Set<string>();
  for (const key of Object.keys(previousPages)) {
    if (key in pages) continue;
    const repo = repositoryOfKey(key);
    if (repo !== null) lost.add(repo);
  }
  return lost;
}

/** The repository folder (`r/<repo>`) holding the pages of a commit or repository file key, else null. */
function repositoryOfKey(key: string): string | null {
  return /^commit:([^/]+)\//.exec(key)?.[1] ?? /^file:r\/([^/]+)\//.exec(key)?.[1] ?? null;
}

/** The project folder (`p/<id>`) holding the pages of a project, exports or artifact file key, else null. */
function projectOfKey(key: string): string | null {
  return /^(?:project|exports):(.+)$/.exec(key)?.[1] ?? /^file:p\/([^/]+)\//.exec(key)?.[1] ?? null;
}

/**
 * The folders of the previous output that the carry-over would link whole and that nothing of
 * this build writes into, known as soon as the routes are (issue 30: the carry-over then runs
 * while Vite bundles and Astro renders, not after): `p/<id>` when the project's recap, exports
 * and artifact file entries all have the digests of the previous build (none is rendered or
 * exported again), `r/<repo>` when every commit and file entry of the repository has (none is
 * rendered again) and none stopped being cited. These are exactly folders {@link carryOver}
 * links whole once Astro is done (the new output then has no such folder); an entry of a key of
 * no known shape that changed carries nothing ahead. Paths are relative to the output, sorted.
 */
export function aheadFolders(previousOut: string, pages: Readonly<Record<string, string>>, previousPages: Readonly<Record<string, string>>): string[] {
  const changedProjects = new Set<string>();
  const changedRepos = new Set<string>();
  for (const [key, digest] of Object.entries(pages)) {
    if (previousPages[key] === digest) continue;
    const project = projectOfKey(key);
    const repo = project === null ? repositoryOfKey(key) : null;
    if (project !== null) changedProjects.add(project);
    else if (repo !== null) changedRepos.add(repo);
    else return [];
  }
  const lostRepos = lostRepositories(pages, previousPages);
  const folders = (rel: string): string[] => {
    try {
      return readdirSync(join(previousOut, rel), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    } catch {
      return [];
    }
  };
  const out: string[] = [];
  for (const id of folders('p')) if (`project:${id}` in pages && !changedProjects.has(id)) out.push(`p/${id}`);
  for (const repo of folders('r')) if (!changedRepos.has(repo) && !lostRepos.has(repo)) out.push(`r/${repo}`);
  return out;
}

/** What {@link carryAhead} carried: the folders carried whole, in order, and the files and HTML pages in each. */
export interface CarriedAhead {
  done: string[];
  counts: Record<string, { files: number; pages: number }>;
}

/**
 * Links (or copies) the folders `folders` of the previous output ({@link aheadFolders}) into
 * the same places under `into` (a folder of the staging folder, beside the site Astro writes
 * and empties), with synchronous calls: run in a worker thread while Astro renders. The
 * previous output is left as it was.
 */
export function carryAhead(previousOut: string, into: string, folders: readonly string[]): CarriedAhead {
  const done: string[] = [];
  const counts: CarriedAhead['counts'] = {};
  for (const rel of folders) {
    const html = { n: 0 };
    const files = linkTreeSync(join(previousOut, rel), join(into, rel), html);
    done.push(rel);
    counts[rel] = { files, pages: html.n };
    faultPoint('carry-over');
  }
  return { done, counts };
}

/**
 * Moves the folders carried over ahead (`ahead.done`, under `from`) into the new output `newOut`,
 * once Astro and the search index are done, each by one rename; only those in `safe` (the
 * folders {@link aheadFolders} names for this build's routes, asked again by the caller) and
 * not in the new output. Returns the folders moved in (for {@link carryOver}'s `done`) and the
 * files and pages they hold; a folder not moved is carried over by {@link carryOver} as before.
 */
export function moveAheadIn(from: string, newOut: string, ahead: CarriedAhead, safe: ReadonlySet<string>): CarriedOver & { done: Set<string> } {
  const moved = new Set<string>();
  let files = 0;
  let pages = 0;
  for (const rel of ahead.done) {
    const counts = ahead.counts[rel];
    if (!safe.has(rel) || counts === undefined) continue;
    const target = join(newOut, rel);
    if (existsSync(target)) continue;
    try {
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(from, rel), target);
    } catch {
      continue;
    }
    moved.add(rel);
    files += counts.files;
    pages += counts.pages;
  }
  return { items: moved.size, files, pages, done: moved };
}
