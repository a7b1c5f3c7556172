/**
 * The evidence pages of an archive (spec/archive.md, Evidence pages: "Only cited commits and
 * files get pages"): one entry per cited commit and per cited file, with every row citing it,
 * gathered from the projects' cited lists in project order. The `commits` and `files` loaders
 * and the merge of a sharded build (src/lib/shard/) both gather them here, so a merged
 * archive lists citations exactly as a single build does.
 */
import { createHash } from 'node:crypto';
import type { Citation, Cited, CitedCommit, CitedFile, TrailRow } from '../model/types.ts';
import { rowPagesByAnchor } from '../site/row-pages.ts';
import { fileKey } from '../site/urls.ts';

/**
 * A row citing evidence, with the page of the project's rows it is on (src/lib/site/row-pages.ts):
 * `page` (≥ 2) when the row is on a row page (`p/<id>/rows/<page>/`), absent when it is on the
 * recap (or is not a decision row: an invalid record, a review finding).
 */
export type PagedCitation = Citation & { page?: number };

/** A project's cited list as the model store keeps it (`<id>.cited.json`): each citation with its row's page ({@link citedWithRowPages}). */
export interface StoredCited {
  /** `subject`: the first line of the commit's message, when a citing row's reason quotes it ({@link withCommitSubjects}). */
  commits: Array<Omit<CitedCommit, 'by'> & { by: PagedCitation[]; subject?: string }>;
  files: Array<Omit<CitedFile, 'by'> & { by: PagedCitation[] }>;
}

/** A row citing evidence, with its project (and its page of rows: {@link PagedCitation}). */
export type ProjectCitation = PagedCitation & { projectId: string; projectTitle: string };

/**
 * `cited` with each citation of a row past the recap's first rows given that row's page, so a
 * Cited by list links it where it lands without scripts (`/p/<id>/rows/3/#row-…`, not the
 * recap's fragment that only the recap's script takes there). A citation of a row on the recap
 * is left as it is (no `page` key). Pure; `cited` is not changed.
 *
 * @param rows - The project's decision rows in file order, as the recap pages them ({@link rowPagesByAnchor}).
 */
export function citedWithRowPages(cited: StoredCited | Cited, rows: ReadonlyArray<{ anchor: string; supersededBy: readonly string[] }>): StoredCited {
  const pages = rowPagesByAnchor(rows);
  const paged = (c: PagedCitation): PagedCitation => {
    const page = pages.get(c.anchor);
    return page === undefined ? c : { ...c, page };
  };
  return {
    commits: cited.commits.map((e) => ({ ...e, by: e.by.map(paged) })),
    files: cited.files.map((e) => ({ ...e, by: e.by.map(paged) })),
  };
}

/**
 * `stored` with each commit given its subject (the first line of its message) where a citing
 * row's VERIFIED reason quotes it: a commit named by its SHA (`reasonKind` `commit-exists`,
 * src/lib/evidence/resolve.ts `resolveCommit`), the first such row in file order. The commit's
 * search record holds it, so an auditor finds a commit, and the rows resting on it, by what it
 * did (src/lib/search/evidence-records.ts). The rows are redacted already, so is the subject.
 * Pure; `stored` is not changed.
 */
export function withCommitSubjects(stored: StoredCited, rows: ReadonlyArray<Pick<TrailRow, 'evidence'>>): StoredCited {
  const subjects = new Map<string, string>();
  for (const row of rows) {
    for (const p of row.evidence) {
      if (p.status !== 'VERIFIED' || p.target?.type !== 'commit' || p.reasonKind?.kind !== 'commit-exists' || !p.reasonKind.subject) continue;
      if (!subjects.has(p.target.oid)) subjects.set(p.target.oid, p.reasonKind.subject);
    }
  }
  if (subjects.size === 0) return stored;
  return { ...stored, commits: stored.commits.map((c) => (subjects.has(c.oid) ? { ...c, subject: subjects.get(c.oid) as string } : c)) };
}

/**
 * Citations listed on one evidence page; the rest are counted ("and 1,204 more rows cite it.
 * Search for it to see them all."). 20, not 200 nor 50 (issue 30, output size): a Cited by
 * entry is about 170 bytes and at 1,000 projects most commit and file pages listed the full
 * 200, 168 MB of the uniform benchmark's 404 MB `r/`; at 50 the lists were still a third of
 * a commit page and a quarter of a file page. The search answers "which rows cite this" in
 * full (a SHA or a path cited by a thousand rows in about 200 ms and 13–17 requests,
 * docs/performance.md).
 */
export const MAX_CITATIONS_SHOWN = 20;

/** What an evidence entry needs to know of a project. */
export interface CitingProject {
  id: string;
  title: string;
  repository: { id: string | null; path: string | null; head: string | null };
}

/** A project whose landed head does not have a cited commit in its history (`evidence/commit-not-landed`). */
export type NotLandedIn = { projectId: string; projectTitle: string; head: string | null };

/** A cited commit: `id` is `<repo>/<oid>`. */
export interface CommitEntry {
  id: string;
  repoId: string;
  /** The repository's display path (of the first citing project), as the recap names it. */
  repoPath: string | null;
  oid: string;
  /** The rows citing it, in project order: every one, or the first {@link GatherOptions.keep} when the gathering kept no more. */
  by: ProjectCitation[];
  /** How many rows cite it (`by` may hold fewer). */
  citations: number;
  /** The citing projects whose landed history lacks the commit, in project order (empty when every one has it). */
  notLandedIn: NotLandedIn[];
}

/** A cited file: `id` is `r/<repo>/<key>` (at the landed head) or `p/<project>/<key>` (an artifact). */
export interface FileEntry {
  id: string;
  scope: 'repository' | 'artifact';
  /** Repository id, or project id for an artifact. */
  owner: string;
  /** The repository's display path (of the first citing project); null for an artifact. */
  ownerPath: string | null;
  /** The landed head of the first project citing it. */
  head: string | null;
  /**
   * The commit (full SHA) the file is shown at, when it is the commit that recorded the rows
   * citing it rather than the landed head (issue 26, item 1): a page of its own,
   * `r/<repo>/at/<sha>/file/<key>/`; absent at the landed head.
   */
  at?: string;
  /**
   * The other pages of the same repository file, each linked from this one: null for the page at
   * the landed head, a full SHA for a page at a row's own commit (sorted: the head first). Absent when there is none.
   */
  alsoAt?: Array<string | null>;
  path: string;
  /** URL key of the path (src/lib/site/urls.ts `fileKey`). */
  key: string;
  /** Cited line ranges of every citing project, sorted, without repeats. */
  ranges: Array<{ from: number; to: number }>;
  /** The rows citing it, in project order: every one, or the first {@link GatherOptions.keep} when the gathering kept no more. */
  by: ProjectCitation[];
  /** How many rows cite it (`by` may hold fewer). */
  citations: number;
  /** The first project citing it (an artifact's own project). */
  firstProject: string;
}

/** Every evidence entry of an archive, sorted by id. */
export interface EvidenceEntries {
  commits: CommitEntry[];
  files: FileEntry[];
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const byId = <T extends { id: string }>(a: T, b: T): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** How much of each entry's citations a gathering keeps. */
export interface GatherOptions {
  /**
   * Keep only the first `keep` citations of each entry in `by` (the rest are counted in
   * `citations`). The loaders keep {@link MAX_CITATIONS_SHOWN}, what a page lists: holding
   * every citation of every entry (1.5 million at 1,000 projects) cost each build seconds of
   * allocation whatever changed (issue 30). The merge of a sharded build keeps them all.
   */
  keep?: number;
}

/**
 * Entries being gathered, by id, with what gathering them needs: each file entry's ranges so
 * far (`from:to`) and each path's URL key, looked up, not searched or made again, for each of a
 * project's cited files (issue 30: at 1,000 projects citing one monorepo, half a million ranges
 * were each compared with every range of their file).
 */
export interface Gathering {
  keep: number;
  commits: Map<string, CommitEntry>;
  files: Map<string, FileEntry>;
  rangesSeen: Map<FileEntry, Set<string>>;
  keys: Map<string, string>;
}

/** An empty {@link Gathering} keeping `keep` citations of each entry. */
export function startGathering(keep: number = Number.POSITIVE_INFINITY): Gathering {
  return { keep, commits: new Map(), files: new Map(), rangesSeen: new Map(), keys: new Map() };
}

/**
 * Adds project `p`'s cited list to `g` (projects are added in archive order) and returns the
 * ids of the entries it cites (commit ids, then file ids, in its list's order, without
 * repeats; none when `track` is false: collecting them costs a set of ids a project). With
 * `only`, entries whose id is not in it are left out (their ids still returned).
 */
export function gatherProject(g: Gathering, p: CitingProject, cited: StoredCited | Cited, only?: ReadonlySet<string>, track = true): string[] {
  const { keep, commits, files, rangesSeen, keys } = g;
  const ids: string[] = [];
  const seenIds = new Set<string>();
  const note = (id: string): boolean => {
    if (track && !seenIds.has(id)) {
      seenIds.add(id);
      ids.push(id);
    }
    return only === undefined || only.has(id);
  };
  const repoId = p.repository.id;
  if (repoId !== null) {
    for (const c of cited.commits) {
      const id = `${repoId}/${c.oid}`;
      if (!note(id)) continue;
      let entry = commits.get(id);
      if (!entry) commits.set(id, (entry = { id, repoId, repoPath: p.repository.path, oid: c.oid, by: [], citations: 0, notLandedIn: [] }));
      for (const b of c.by) if (entry.by.length < keep) entry.by.push({ ...b, projectId: p.id, projectTitle: p.title });
      entry.citations += c.by.length;
      if (c.notLanded) entry.notLandedIn.push({ projectId: p.id, projectTitle: p.title, head: p.repository.head });
    }
  }
  for (const f of cited.files) {
    const owner = f.origin === 'repository' ? repoId : p.id;
    if (owner === null) continue;
    let key = keys.get(f.path);
    if (key === undefined) keys.set(f.path, (key = fileKey(f.path, sha256)));
    const at = f.origin === 'repository' ? f.at : undefined;
    const id = `${f.origin === 'repository' ? 'r' : 'p'}/${owner}/${at !== undefined ? `at/${at}/` : ''}${key}`;
    if (!note(id)) continue;
    let entry = files.get(id);
    if (!entry) files.set(id, (entry = { id, scope: f.origin, owner, ownerPath: f.origin === 'repository' ? p.repository.path : null, head: p.repository.head, ...(at !== undefined ? { at } : {}), path: f.path, key, ranges: [], by: [], citations: 0, firstProject: p.id }));
    let seen = rangesSeen.get(entry);
    if (seen === undefined) rangesSeen.set(entry, (seen = new Set()));
    for (const r of f.ranges) {
      const rangeKey = `${r.from}:${r.to}`;
      if (seen.has(rangeKey)) continue;
      seen.add(rangeKey);
      entry.ranges.push(r);
    }
    for (const b of f.by) if (entry.by.length < keep) entry.by.push({ ...b, projectId: p.id, projectTitle: p.title });
    entry.citations += f.by.length;
  }
  return ids;
}

/** The gathered entries of `g` with each file entry's ranges sorted (`alsoAt` not set: {@link linkFileVersions}). */
export function gathered(g: Gathering): { commits: CommitEntry[]; files: FileEntry[] } {
  for (const entry of g.files.values()) entry.ranges.sort((a, b) => a.from - b.from || a.to - b.to);
  return { commits: [...g.commits.values()], files: [...g.files.values()] };
}

/**
 * Sets `alsoAt` on every repository file entry of `files` shown at more than one commit (each
 * of its pages links to the others: issue 26, item 1) and removes it from the others. Changes the entries.
 */
export function linkFileVersions(files: readonly FileEntry[]): void {
  const versions = new Map<string, FileEntry[]>();
  for (const entry of files) {
    delete entry.alsoAt;
    if (entry.scope !== 'repository') continue;
    const same = `${entry.owner}\u0000${entry.key}`;
    const list = versions.get(same);
    if (list) list.push(entry);
    else versions.set(same, [entry]);
  }
  for (const list of versions.values()) {
    if (list.length < 2) continue;
    const all = list.map((e) => e.at ?? null).sort((a, b) => (a === null ? -1 : b === null ? 1 : a < b ? -1 : a > b ? 1 : 0));
    for (const entry of list) entry.alsoAt = all.filter((at) => at !== (entry.at ?? null));
  }
}

/** Sorts entries by id (the order {@link gatherEvidence} returns them in). */
export const sortById = <T extends { id: string }>(entries: T[]): T[] => entries.sort(byId);

/**
 * Gathers the evidence entries of `projects` (in archive order) from their cited lists.
 * `citedOf` reads a project's list (the model store's `<id>.cited.json`); it may throw.
 */
export async function gatherEvidence(projects: readonly CitingProject[], citedOf: (id: string) => Promise<StoredCited | Cited>, options: GatherOptions = {}): Promise<EvidenceEntries> {
  const g = startGathering(options.keep);
  for (const p of projects) gatherProject(g, p, await citedOf(p.id));
  const { commits, files } = gathered(g);
  linkFileVersions(files);
  return { commits: sortById(commits), files: sortById(files) };
}

/**
 * What a page shows of an entry's citations: the ones it lists and how many rows cite it. A
 * digest covers these, not every citation: equal for an entry gathered whole or with
 * {@link GatherOptions.keep} of at least {@link MAX_CITATIONS_SHOWN}, and hashing every
 * citation of every entry cost each build seconds whatever changed (issue 30).
 */
const shownCitations = (entry: Pick<CommitEntry, 'by' | 'citations'>): [ProjectCitation[], number] => [entry.by.slice(0, MAX_CITATIONS_SHOWN), entry.citations];

/**
 * The digest of a commit page's data: the citations it lists (each with its row's page, which its link names) and their count, repository path,
 * which of its parents have a page of their own (`parentPages`: parents that are cited too, so
 * linked) and, when any, the projects whose landed history lacks it (`notLandedIn`). Equal
 * digests render the same page.
 */
export function commitEntryDigest(entry: Pick<CommitEntry, 'by' | 'citations' | 'repoPath' | 'notLandedIn'>, parentPages: readonly string[]): string {
  const by = shownCitations(entry);
  return sha256(JSON.stringify(entry.notLandedIn.length > 0 ? [by, entry.repoPath, parentPages, entry.notLandedIn] : [by, entry.repoPath, parentPages]));
}

/** The parents of commit `oid` of `repoId` that have a page in an archive whose commit entry ids are `cited`. */
export function parentsWithPages(cited: ReadonlySet<string>, repoId: string, parents: readonly string[]): string[] {
  return parents.filter((p) => cited.has(`${repoId}/${p}`));
}

/** The digest of a file page's data (head, ranges, the citations it lists with their rows' pages and their count, repository path). */
export function fileEntryDigest(entry: Pick<FileEntry, 'head' | 'at' | 'alsoAt' | 'ranges' | 'by' | 'citations' | 'ownerPath'>): string {
  const by = shownCitations(entry);
  return sha256(JSON.stringify(entry.at !== undefined || entry.alsoAt !== undefined ? [entry.head, entry.ranges, by, entry.ownerPath, entry.at ?? null, entry.alsoAt ?? []] : [entry.head, entry.ranges, by, entry.ownerPath]));
}

/** The commit whose version of the file a page shows: the row's own commit, else the landed head. */
export const shownAt = (entry: Pick<FileEntry, 'head' | 'at'>): string | null => entry.at ?? entry.head;

/** The digest of the text a file page shows: its head, path and cited ranges (not who cites it). */
export function fileExcerptKey(entry: Pick<FileEntry, 'scope' | 'head' | 'at' | 'path' | 'ranges'>): string {
  return sha256(JSON.stringify([entry.scope, shownAt(entry), entry.path, entry.ranges]));
}

/** The citations a page lists of an entry and how many more there are. */
export function listedCitations(entry: Pick<CommitEntry, 'by' | 'citations'>): { listed: ProjectCitation[]; citations: number; moreCitations: number } {
  return { listed: entry.by.slice(0, MAX_CITATIONS_SHOWN), citations: entry.citations, moreCitations: Math.max(0, entry.citations - MAX_CITATIONS_SHOWN) };
}

/**
 * A file entry's cited ranges as the `files` collection keeps them: `8-13,10-15,16` (a range of
 * one line is its number). Astro's content store is written whole after every change, and a
 * range as an object was two of its values and an object of its own: the ranges were 5 MB of
 * its 8 MB at 1,000 uniform projects and the store's write about a second of each rebuild (issue 30).
 */
export function packRanges(ranges: ReadonlyArray<{ from: number; to: number }>): string {
  return ranges.map((r) => (r.from === r.to ? String(r.from) : `${r.from}-${r.to}`)).join(',');
}

/** The ranges {@link packRanges} packed, in their order. */
export function unpackRanges(packed: string): Array<{ from: number; to: number }> {
  if (packed === '') return [];
  return packed.split(',').map((part) => {
    const dash = part.indexOf('-');
    return dash < 0 ? { from: Number(part), to: Number(part) } : { from: Number(part.slice(0, dash)), to: Number(part.slice(dash + 1)) };
  });
}
