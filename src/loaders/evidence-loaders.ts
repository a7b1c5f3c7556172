/**
 * The `commits` and `files` collections: one entry per cited commit and cited file ("Only
 * cited commits and files get pages", spec/archive.md). Commit entries are keyed by
 * repository and SHA (immutable, so an existing entry is never recomputed); file entries by
 * repository, head and path, or by project and path for artifacts.
 */
import { preparing } from '../lib/progress/render-counter.ts';
import type { Loader } from 'astro/loaders';
import { citedOf, loadArchive } from './archive.ts';
import { buildContext } from '../lib/config/build-context.ts';
import { carriedOver, readRenderPlan, writeRoutes } from '../lib/archive/render-plan.ts';
import { ensureEvidenceStore, hasCitations, hasCommitDetails, hasFileExcerpt, readCommitDetails, readKeyedExcerpt, writeCitations, writeCommitDetails, writeFileExcerpt } from '../lib/archive/evidence-store.ts';
import { commitEntryDigest, parentsWithPages, fileEntryDigest, fileExcerptKey, listedCitations, packRanges, MAX_CITATIONS_SHOWN, shownAt, type EvidenceEntries, type ProjectCitation } from '../lib/archive/evidence-entries.ts';
import { gatherEvidenceKept } from '../lib/archive/evidence-state.ts';
import { describeCommit } from '../lib/git/commit-details.ts';
import { freshHandles } from '../lib/git/repository.ts';
import { isCutExcerpt, repositoryFileExcerpt } from '../lib/git/file-excerpt.ts';
import { artifactFileExcerpt } from '../lib/evidence/artifact-excerpt.ts';
import { ArtifactFolder } from '../lib/evidence/artifacts.ts';
import { diffContextTexts, redactCommit, redactExcerpt } from '../lib/secrets/evidence-secrets.ts';
import { secretSettingsKey } from '../lib/secrets/detect.ts';
import { readByRedactedName, repositoryFolderNames, wholeFileText } from '../lib/secrets/redacted-names.ts';

export type { NotLandedIn, ProjectCitation } from '../lib/archive/evidence-entries.ts';
export { MAX_CITATIONS_SHOWN } from '../lib/archive/evidence-entries.ts';

let gathered: Promise<EvidenceEntries> | null = null;
/** Which halves the loaders took from `gathered`. */
const taken = new Set<keyof EvidenceEntries>();

/**
 * The archive's evidence entries of one kind, gathered once for both loaders. Once both took
 * theirs, the entries are let go: Astro renders after its loaders, and holding every citation
 * of every cited commit and file through the render was issue 30's memory (a later load
 * gathers them again). A build that renders only the pages spanning projects (the merge of a
 * sharded build) has none: the merge writes evidence pages itself (src/lib/shard/).
 */
async function evidenceEntries<K extends keyof EvidenceEntries>(kind: K): Promise<EvidenceEntries[K]> {
  gathered ??= (async () => {
    if ((await readRenderPlan(buildContext().cacheDir)).spanningOnly) return { commits: [], files: [] };
    // Only what the pages list is kept of each entry's citations (issue 30): their count is kept apart.
    // Only the cited lists of changed projects, and of projects citing what they cite, are read (src/lib/archive/evidence-state.ts).
    return gatherEvidenceKept(buildContext().cacheDir, (await loadArchive()).projects, citedOf, MAX_CITATIONS_SHOWN);
  })();
  const pending = gathered;
  taken.add(kind);
  if (taken.size === 2) {
    gathered = null;
    taken.clear();
  }
  return (await pending)[kind];
}

/**
 * Stores the citations an evidence page lists (out of the content store, which would
 * otherwise carry them for every commit and file) and returns how many there are.
 */
async function storeCitations(cacheDir: string, key: string, entry: { by: ProjectCitation[]; citations: number }): Promise<{ citations: number; moreCitations: number }> {
  const { listed, citations, moreCitations } = listedCitations(entry);
  await writeCitations(cacheDir, key, listed);
  return { citations, moreCitations };
}

export function commitsLoader(): Loader {
  return {
    name: 'trailbook-commits',
    async load({ store, logger }) {
      const archive = await loadArchive();
      // Handles of this load's own: what it reads is not held by the memoised archive through the render (issue 30).
      const repositories = freshHandles(archive.repositories);
      const cacheDir = buildContext().cacheDir;
      await ensureEvidenceStore(cacheDir, secretSettingsKey(buildContext().secrets));
      const entries = await evidenceEntries('commits');
      const plan = await readRenderPlan(cacheDir);
      const cited = new Set(entries.map((e) => e.id));
      for (const id of store.keys()) if (!cited.has(id)) store.delete(id);
      // A parent links to its own page when it has one (it is cited too): which parents do is
      // part of the entry's digest, so a commit's page is rendered again when a parent gains a page
      // (and so are the projects whose landed history lacks it).
      // Commits are read eight at a time: the reads wait on the disk more than on the CPU.
      const one = async (entry: (typeof entries)[number]): Promise<void> => {
        const { id } = entry;
        const previous = store.get(id);
        const known = (previous?.data as { parents?: string[] } | undefined)?.parents;
        const digest = known ? commitEntryDigest(entry, parentsWithPages(cited, entry.repoId, known)) : null;
        // An unchanged entry whose page is carried over is not read back (its stored entries are not read by this build).
        if (digest !== null && previous?.digest === digest && (carriedOver(plan, `commit:${id}`, digest) || ((await hasCommitDetails(cacheDir, entry.repoId, entry.oid)) && (await hasCitations(cacheDir, `commit:${id}`))))) return;
        let details = await readCommitDetails(cacheDir, entry.repoId, entry.oid);
        if (details === null) {
          const repo = repositories.get(entry.repoId);
          // Redacted as it is read (src/lib/secrets/): every page, index record and shard copy is made from the store.
          const read = repo ? await describeCommit(repo, entry.oid) : { problem: 'repository not available' };
          details = 'oid' in read && repo ? await redactCommit(read, buildContext().secrets, undefined, await diffContextTexts(repo, read)) : read;
          await writeCommitDetails(cacheDir, entry.repoId, entry.oid, details);
        }
        const subject = 'subject' in details ? details.subject : '';
        const parents = 'parents' in details ? details.parents : [];
        const parentPages = parentsWithPages(cited, entry.repoId, parents);
        store.set({ id, data: { repoId: entry.repoId, repoPath: entry.repoPath, oid: entry.oid, subject, parents, parentPages, notLandedIn: entry.notLandedIn, ...(await storeCitations(cacheDir, `commit:${id}`, entry)) }, digest: commitEntryDigest(entry, parentPages) });
      };
      for (let i = 0; i < entries.length; i += 8) {
        await Promise.all(entries.slice(i, i + 8).map(one));
        preparing('cited commits', Math.min(i + 8, entries.length), entries.length);
      }
      await writeRoutes(cacheDir, 'commits', Object.fromEntries([...store.entries()].map(([id, e]) => [`commit:${id}`, String(e.digest ?? '')])));
      logger.info(`${entries.length} cited commits`);
    },
  };
}

export function filesLoader(): Loader {
  return {
    name: 'trailbook-files',
    async load({ store, logger }) {
      const archive = await loadArchive();
      // Handles of this load's own: what it reads is not held by the memoised archive through the render (issue 30).
      const repositories = freshHandles(archive.repositories);
      const cacheDir = buildContext().cacheDir;
      await ensureEvidenceStore(cacheDir, secretSettingsKey(buildContext().secrets));
      const entries = await evidenceEntries('files');
      const plan = await readRenderPlan(cacheDir);
      const cited = new Set(entries.map((e) => e.id));
      for (const id of store.keys()) if (!cited.has(id)) store.delete(id);
      // Files are read eight at a time, as commits are (the reads wait on the disk more than on
      // the CPU); each batch's entries are set in the store in their order.
      const one = async (entry: (typeof entries)[number]): Promise<(() => void) | null> => {
        const { id } = entry;
        const digest = fileEntryDigest(entry);
        // A file at a landed head never changes: its excerpt is read again only when the head,
        // the path or the cited ranges change. An artifact in a project folder may change at any time.
        // The store's digest covers the head and ranges too: when it holds, a stat is enough.
        // An unchanged entry whose page is carried over is not read back (its stored entries are not read by this build).
        if (store.get(id)?.digest === digest && entry.scope === 'repository' && (carriedOver(plan, `file:${id}`, digest) || ((await hasFileExcerpt(cacheDir, id)) && (await hasCitations(cacheDir, `file:${id}`))))) return null;
        const excerptKey = fileExcerptKey(entry);
        const excerptStored = entry.scope === 'repository' && (await readKeyedExcerpt(cacheDir, id))?.key === excerptKey;
        if (!excerptStored) {
          let excerpt;
          if (entry.scope === 'repository') {
            const repo = repositories.get(entry.owner);
            const at = shownAt(entry);
            // A file whose name holds a secret is known by its redacted name: read by its real one (src/lib/secrets/redacted-names.ts).
            excerpt = repo && at ? await readByRedactedName(entry.path, (path) => repositoryFileExcerpt(repo, at, path, entry.ranges), repositoryFolderNames(repo, at), buildContext().secrets) : { problem: 'repository not available' };
          } else {
            const projectDir = archive.projectDirs.get(entry.firstProject);
            const folder = projectDir ? new ArtifactFolder(projectDir) : null;
            excerpt = folder ? await readByRedactedName(entry.path, (path) => artifactFileExcerpt(folder, path, entry.ranges), (path) => folder.names(path), buildContext().secrets) : { problem: 'project folder not available' };
          }
          // A cut excerpt is redacted as its whole file reads (a window may start inside a private key's body).
          const whole = 'windows' in excerpt && isCutExcerpt(excerpt) && entry.scope === 'repository' ? await wholeFileText(repositories.get(entry.owner) ?? null, shownAt(entry), entry.path, buildContext().secrets) : null;
          if ('windows' in excerpt) excerpt = await redactExcerpt(excerpt, buildContext().secrets, undefined, whole);
          await writeFileExcerpt(cacheDir, id, excerpt, excerptKey);
        }
        const cited = await storeCitations(cacheDir, `file:${id}`, entry);
        return () => store.set({ id, data: { scope: entry.scope, owner: entry.owner, ownerPath: entry.ownerPath, head: entry.head, ...(entry.at !== undefined ? { at: entry.at } : {}), ...(entry.alsoAt !== undefined ? { alsoAt: entry.alsoAt } : {}), path: entry.path, ranges: packRanges(entry.ranges), key: entry.key, ...cited }, digest });
      };
      for (let i = 0; i < entries.length; i += 8) {
        for (const set of await Promise.all(entries.slice(i, i + 8).map(one))) set?.();
        // The build's progress line (src/lib/progress/render-counter.ts).
        preparing('cited files', Math.min(i + 8, entries.length), entries.length);
      }
      await writeRoutes(cacheDir, 'files', Object.fromEntries([...store.entries()].map(([id, e]) => [`file:${id}`, String(e.digest ?? '')])));
      logger.info(`${entries.length} cited files`);
    },
  };
}
