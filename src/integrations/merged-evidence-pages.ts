/**
 * The evidence pages of a merged archive (issue 17, scope 3; the merge is src/lib/shard/). Each shard knows only its own
 * projects' citations of a commit or file. A page cited from one shard only is that shard's
 * page, copied. A page cited from several is written once from the shards' data, without
 * analysing anything again: the page of the shard of the first citing project (which has the
 * right landed head) is taken, and the parts that depend on who cites it are written again by
 * the builders the pages use (src/components/html/evidence-page.ts): Cited by; on a commit page
 * the projects whose landed history lacks it, and the parents (a parent cited by another shard only has a page in the archive, not in the
 * shard, so a page of one shard is written again when its links differ); on a file page
 * also the facts line, the forge link and the marks on the cited lines — and, in a file too
 * long to be shown whole, the excerpt, cut again around every shard's lines from the full text
 * the shard kept. The page equals a single build's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { commitEntryDigest, fileEntryDigest, listedCitations, parentsWithPages, shownAt, type CommitEntry, type EvidenceEntries, type FileEntry } from '../lib/archive/evidence-entries.ts';
import { bindForge } from '../lib/config/forge-links.ts';
import type { ForgeTemplates } from '../lib/config/forge-styles.ts';
import { excerptText } from '../lib/git/file-excerpt.ts';
import { highlightLines, languageOf } from '../lib/highlight/highlight.ts';
import type { GivenShard } from '../lib/shard/check-shards.ts';
import { linkOrCopy } from '../lib/fs/link-files.ts';
import { runBounded } from '../lib/fs/bounded-tasks.ts';
import { shardPaths } from '../lib/shard/manifest.ts';
import type { LongFile } from '../lib/shard/write-shard.ts';
import { citedByHtml, commitParentsHtml, EVIDENCE_PARTS, fileContentHtml, notLandedHtml, repositoryFilePageHtml } from '../components/html/evidence-page.ts';
import { remarkLines } from '../components/html/code.ts';
import { SafeHtml } from '../components/html/html.ts';

/** Pages read and written at once (each is small; see src/lib/fs/bounded-tasks.ts). */
const WRITES_AT_ONCE = 16;

/** What writing the evidence pages needs. */
export interface EvidenceMerge {
  entries: EvidenceEntries;
  /** The shard of each project. */
  shardOf: ReadonlyMap<string, GivenShard>;
  /** The merged site folder being written. */
  outDir: string;
  base: string;
  /** Forge templates by repository id (the site settings' `forges`). */
  forges: Readonly<Record<string, ForgeTemplates>>;
  /** True when the previous merge's page for `key` with `digest` is kept (carried over later). */
  kept: (key: string, digest: string) => boolean;
}

/** What was written: each entry's digest by render-plan key, and how many pages were copied and combined. */
export interface EvidenceMergeResult {
  pages: Record<string, string>;
  copied: number;
  combined: number;
}

/** `page` with the element starting with `part.start` (through the first `part.end` after it) replaced. */
export function replacePart(page: string, part: { start: string; end: string }, replacement: string, where: string): string {
  const at = page.indexOf(part.start);
  if (at === -1 || page.indexOf(part.start, at + 1) !== -1) throw new Error(`${where} has ${at === -1 ? 'no' : 'more than one'} ${part.start}: it was not written by this Trailbook`);
  const end = page.indexOf(part.end, at);
  if (end === -1) throw new Error(`${where}: ${part.start} is not closed`);
  return page.slice(0, at) + replacement + page.slice(end + part.end.length);
}

/** The element starting with `part.start` in `page`. */
function partOf(page: string, part: { start: string; end: string }, where: string): string {
  const at = page.indexOf(part.start);
  const end = at === -1 ? -1 : page.indexOf(part.end, at);
  if (end === -1) throw new Error(`${where} has no ${part.start}: it was not written by this Trailbook`);
  return page.slice(at, end + part.end.length);
}

/** The shards citing an entry, the first citing project's first. */
function citingShards(entry: CommitEntry | FileEntry, shardOf: ReadonlyMap<string, GivenShard>): GivenShard[] {
  const out: GivenShard[] = [];
  for (const b of entry.by) {
    const s = shardOf.get(b.projectId);
    if (!s) throw new Error(`project ${b.projectId} cites ${entry.id} but is in no shard`);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}


/**
 * Writes the commit and repository file pages of the merged archive into `outDir/r/`
 * (artifact pages come with their project's folder). Throws, naming the shard and page, when a
 * shard's page or data is missing or was written by other code.
 */
export async function writeEvidencePages(merge: EvidenceMerge): Promise<EvidenceMergeResult> {
  const pages: Record<string, string> = {};
  let copied = 0;
  let combined = 0;
  // Each page is planned in order (its digest recorded) and written later, a few at a time.
  const writes: Array<() => Promise<void>> = [];
  // Pages are read and written with synchronous calls: nothing else needs this thread meanwhile
  // (the search index is written in its worker), and a round trip through the thread pool for
  // each of thousands of small files cost more than the file. Each folder is made once.
  const folders = new Set<string>();
  const writeText = (path: string, text: string): void => {
    const dir = dirname(path);
    if (!folders.has(dir)) {
      mkdirSync(dir, { recursive: true });
      folders.add(dir);
    }
    writeFileSync(path, text);
  };
  /**
   * The page at `rel` of the shard `frame`: copied as it is when one shard cites the entry and
   * its page has the archive's digest (null is returned), else read, to be written again.
   */
  const framePage = async (shards: readonly GivenShard[], frame: GivenShard, key: string, digest: string, rel: string): Promise<string | null> => {
    if (shards.length === 1 && frame.manifest.pages[key] === digest) {
      await linkOrCopy(join(frame.dir, rel), join(merge.outDir, rel));
      copied++;
      return null;
    }
    if (frame.manifest.pages[key] === undefined) throw new Error(`shard ${frame.display} has no page for ${key}; build the shard again`);
    try {
      return readFileSync(join(frame.dir, rel), 'utf8');
    } catch {
      throw new Error(`shard ${frame.display} has no page ${rel}; build the shard again`);
    }
  };
  const commitIds = new Set(merge.entries.commits.map((e) => e.id));
  for (const entry of merge.entries.commits) {
    if (!/^[0-9a-f]{4,64}$/.test(entry.oid)) throw new Error(`a shard's cited list names a commit ${JSON.stringify(entry.oid).slice(0, 80)} that is not a SHA; the shard was not written by Trailbook`);
    const key = `commit:${entry.id}`;
    const shards = citingShards(entry, merge.shardOf);
    const frame = shards[0] as GivenShard;
    const parents = frame.manifest.commits[entry.id];
    if (!parents || !parents.every((p) => /^[0-9a-f]{4,64}$/.test(p))) throw new Error(`shard ${frame.display} has no readable parents of the cited commit ${entry.id}; build the shard again`);
    const parentPages = parentsWithPages(commitIds, entry.repoId, parents);
    const digest = commitEntryDigest(entry, parentPages);
    pages[key] = digest;
    if (merge.kept(key, digest)) continue;
    writes.push(async () => {
      const rel = join('r', entry.repoId, 'commit', entry.oid, 'index.html');
      const page = await framePage(shards, frame, key, digest, rel);
      if (page === null) return;
      const where = `${frame.display}/${rel}`;
      const { listed, moreCitations } = listedCitations(entry);
      const cited = replacePart(page, EVIDENCE_PARTS.citedBy, citedByHtml(listed, moreCitations, merge.base, entry.oid).value, where);
      // A commit that could not be read shows no parents.
      const linked = cited.includes(EVIDENCE_PARTS.parents.start) ? replacePart(cited, EVIDENCE_PARTS.parents, commitParentsHtml(entry.repoId, parents, new Set(parentPages), merge.base).value, where) : cited;
      // Which citing projects lack it in their landed history: each shard knows only its own.
      const landed = linked.includes(EVIDENCE_PARTS.notLanded.start) ? replacePart(linked, EVIDENCE_PARTS.notLanded, notLandedHtml(entry.notLandedIn, merge.base).value, where) : linked;
      writeText(join(merge.outDir, rel), landed);
      combined++;
    });
  }
  for (const entry of merge.entries.files) {
    const key = `file:${entry.id}`;
    const digest = fileEntryDigest(entry);
    pages[key] = digest;
    if (entry.scope === 'artifact') continue;
    if (merge.kept(key, digest)) continue;
    const shards = citingShards(entry, merge.shardOf);
    const frame = merge.shardOf.get(entry.firstProject) as GivenShard;
    writes.push(async () => {
      const rel = join('r', entry.owner, ...(entry.at !== undefined ? ['at', entry.at] : []), 'file', ...entry.key.split('/'), 'index.html');
      const page = await framePage(shards, frame, key, digest, rel);
      if (page === null) return;
      const where = `${frame.display}/${rel}`;
      const known = frame.manifest.files[entry.id];
      if (!known) throw new Error(`shard ${frame.display} has no data for the cited file ${entry.id}; build the shard again`);
      let content: string;
      if (known.long !== undefined) {
        const long = JSON.parse(await readFile(join(shardPaths(frame.dir).files, known.long), 'utf8')) as LongFile;
        const excerpt = excerptText(entry.path, long.text, entry.ranges);
        const lang = languageOf(entry.path);
        const highlighted = await Promise.all(excerpt.windows.map((w) => highlightLines(w.lines.join('\n'), lang)));
        content = fileContentHtml(entry.path, excerpt, highlighted, entry.ranges).value;
      } else {
        content = remarkLines(partOf(page, EVIDENCE_PARTS.fileContent, where), entry.ranges);
      }
      const templates = merge.forges[entry.owner];
      const { listed, moreCitations } = listedCitations(entry);
      const body = repositoryFilePageHtml({
        owner: entry.owner,
        ownerPath: entry.ownerPath,
        head: entry.head,
        ...(entry.at !== undefined ? { at: entry.at } : {}),
        ...(entry.alsoAt !== undefined ? { alsoAt: entry.alsoAt } : {}),
        path: entry.path,
        base: merge.base,
        forge: templates ? bindForge(templates, shownAt(entry)) : null,
        facts: known.facts,
        ranges: entry.ranges,
        citedBy: listed,
        more: moreCitations,
        content: new SafeHtml(content),
    });
    writeText(join(merge.outDir, rel), replacePart(page, EVIDENCE_PARTS.repositoryFile, body.value, where));
    combined++;
    });
  }
  // Reading and writing pages one at a time leaves the process waiting on the disk.
  await runBounded(writes.length, WRITES_AT_ONCE, (i) => (writes[i] as () => Promise<void>)());
  return { pages, copied, combined };
}
