/**
 * The `commits` and `files` collections: one entry per cited commit and cited file ("Only
 * cited commits and files get pages", spec/archive.md). Commit entries are keyed by
 * repository and SHA (immutable, so an existing entry is never recomputed); file entries by
 * repository, head and path, or by project and path for artifacts.
 */
import type { Loader } from 'astro/loaders';
import { createHash } from 'node:crypto';
import { citedOf, loadArchive } from './archive.ts';
import { buildEnv } from '../lib/archive/build-env.ts';
import { writeRoutes } from '../lib/archive/render-plan.ts';
import { ensureEvidenceStore, hasCitations, hasCommitDetails, hasFileExcerpt, readCommitDetails, writeCitations, writeCommitDetails, writeFileExcerpt } from '../lib/archive/evidence-store.ts';
import { describeCommit } from '../lib/git/commit-details.ts';
import { artifactFileExcerpt, repositoryFileExcerpt } from '../lib/git/file-excerpt.ts';
import { ArtifactFolder } from '../lib/evidence/artifacts.ts';
import { fileKey } from '../lib/site/urls.ts';
import type { Citation } from '../lib/model/types.ts';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A row citing evidence, with its project. */
export type ProjectCitation = Citation & { projectId: string; projectTitle: string };

/** A project whose landed head does not have a cited commit in its history (`evidence/commit-not-landed`). */
export type NotLandedIn = { projectId: string; projectTitle: string; head: string | null };

/** Citations listed on one evidence page; the rest are counted ("and 1,204 more"). */
export const MAX_CITATIONS_SHOWN = 200;

/**
 * Stores the citations an evidence page lists (out of the content store, which would
 * otherwise carry them for every commit and file) and returns how many more there are.
 */
async function storeCitations(cacheDir: string, key: string, by: ProjectCitation[]): Promise<{ citations: number; moreCitations: number }> {
  await writeCitations(cacheDir, key, by.slice(0, MAX_CITATIONS_SHOWN));
  return { citations: by.length, moreCitations: Math.max(0, by.length - MAX_CITATIONS_SHOWN) };
}

export function commitsLoader(): Loader {
  return {
    name: 'trailbook-commits',
    async load({ store, logger }) {
      const archive = await loadArchive();
      const cited = new Map<string, { repoId: string; repoPath: string | null; oid: string; by: ProjectCitation[]; notLandedIn: NotLandedIn[] }>();
      const cacheDir = buildEnv().cacheDir;
      await ensureEvidenceStore(cacheDir);
      for (const p of archive.projects) {
        const repoId = p.repository.id;
        if (repoId === null) continue;
        for (const c of (await citedOf(p.id)).commits) {
          const id = `${repoId}/${c.oid}`;
          const entry = cited.get(id) ?? { repoId, repoPath: p.repository.path, oid: c.oid, by: [], notLandedIn: [] };
          for (const b of c.by) entry.by.push({ ...b, projectId: p.id, projectTitle: p.title });
          if (c.notLanded) entry.notLandedIn.push({ projectId: p.id, projectTitle: p.title, head: p.repository.head });
          cited.set(id, entry);
        }
      }
      for (const id of store.keys()) if (!cited.has(id)) store.delete(id);
      // Commits are read eight at a time: the reads wait on the disk more than on the CPU.
      const pending = [...cited].sort(([a], [b]) => (a < b ? -1 : 1));
      // A parent links to its own page when it has one (it is cited too): which parents do is
      // part of the entry's digest, so a commit's page is rendered again when a parent gains a page
      // (and so are the projects whose landed history lacks it).
      const withPages = (repoId: string, parents: readonly string[]): string[] => parents.filter((p) => cited.has(`${repoId}/${p}`));
      const digestOf = (entry: { by: ProjectCitation[]; repoPath: string | null; notLandedIn: NotLandedIn[] }, parentPages: readonly string[]): string => digest(JSON.stringify(entry.notLandedIn.length > 0 ? [entry.by, entry.repoPath, parentPages, entry.notLandedIn] : [entry.by, entry.repoPath, parentPages]));
      const one = async ([id, entry]: (typeof pending)[number]): Promise<void> => {
        const previous = store.get(id);
        const known = (previous?.data as { parents?: string[] } | undefined)?.parents;
        if (known && previous?.digest === digestOf(entry, withPages(entry.repoId, known)) && (await hasCommitDetails(cacheDir, entry.repoId, entry.oid)) && (await hasCitations(cacheDir, `commit:${id}`))) return;
        let details = await readCommitDetails(cacheDir, entry.repoId, entry.oid);
        if (details === null) {
          const repo = archive.repositories.get(entry.repoId);
          details = repo ? await describeCommit(repo, entry.oid) : { problem: 'repository not available' };
          await writeCommitDetails(cacheDir, entry.repoId, entry.oid, details);
        }
        const subject = 'subject' in details ? details.subject : '';
        const parents = 'parents' in details ? details.parents : [];
        const parentPages = withPages(entry.repoId, parents);
        store.set({ id, data: { repoId: entry.repoId, repoPath: entry.repoPath, oid: entry.oid, subject, parents, parentPages, notLandedIn: entry.notLandedIn, ...(await storeCitations(cacheDir, `commit:${id}`, entry.by)) }, digest: digestOf(entry, parentPages) });
      };
      for (let i = 0; i < pending.length; i += 8) await Promise.all(pending.slice(i, i + 8).map(one));
      await writeRoutes(cacheDir, 'commits', Object.fromEntries([...store.entries()].map(([id, e]) => [`commit:${id}`, String(e.digest ?? '')])));
      logger.info(`${cited.size} cited commits`);
    },
  };
}

export function filesLoader(): Loader {
  return {
    name: 'trailbook-files',
    async load({ store, logger }) {
      const archive = await loadArchive();
      type Entry = { scope: 'repository' | 'artifact'; owner: string; ownerPath: string | null; head: string | null; path: string; ranges: Array<{ from: number; to: number }>; by: ProjectCitation[]; projectDir: string | null };
      const cited = new Map<string, Entry>();
      const cacheDir = buildEnv().cacheDir;
      await ensureEvidenceStore(cacheDir);
      for (const p of archive.projects) {
        for (const f of (await citedOf(p.id)).files) {
          const scope = f.origin;
          const owner = scope === 'repository' ? p.repository.id : p.id;
          if (owner === null) continue;
          const id = `${scope === 'repository' ? 'r' : 'p'}/${owner}/${fileKey(f.path, digest)}`;
          const entry: Entry = cited.get(id) ?? { scope, owner, ownerPath: scope === 'repository' ? p.repository.path : null, head: p.repository.head, path: f.path, ranges: [], by: [], projectDir: archive.projectDirs.get(p.id) ?? null };
          for (const r of f.ranges) if (!entry.ranges.some((x) => x.from === r.from && x.to === r.to)) entry.ranges.push(r);
          for (const b of f.by) entry.by.push({ ...b, projectId: p.id, projectTitle: p.title });
          cited.set(id, entry);
        }
      }
      for (const id of store.keys()) if (!cited.has(id)) store.delete(id);
      for (const [id, entry] of [...cited].sort(([a], [b]) => (a < b ? -1 : 1))) {
        entry.ranges.sort((a, b) => a.from - b.from || a.to - b.to);
        const key = digest(JSON.stringify([entry.head, entry.ranges, entry.by, entry.ownerPath]));
        if (store.get(id)?.digest === key && entry.scope === 'repository' && (await hasFileExcerpt(cacheDir, id)) && (await hasCitations(cacheDir, `file:${id}`))) continue;
        let excerpt;
        if (entry.scope === 'repository') {
          const repo = archive.repositories.get(entry.owner);
          excerpt = repo && entry.head ? await repositoryFileExcerpt(repo, entry.head, entry.path, entry.ranges) : { problem: 'repository not available' };
        } else {
          excerpt = entry.projectDir ? await artifactFileExcerpt(new ArtifactFolder(entry.projectDir), entry.path, entry.ranges) : { problem: 'project folder not available' };
        }
        await writeFileExcerpt(cacheDir, id, excerpt);
        const { projectDir: _dir, by, ...rest } = entry;
        store.set({ id, data: { ...rest, key: fileKey(entry.path, digest), ...(await storeCitations(cacheDir, `file:${id}`, by)) }, digest: key });
      }
      await writeRoutes(cacheDir, 'files', Object.fromEntries([...store.entries()].map(([id, e]) => [`file:${id}`, String(e.digest ?? '')])));
      logger.info(`${cited.size} cited files`);
    },
  };
}
