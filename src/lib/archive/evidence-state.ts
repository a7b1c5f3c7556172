/**
 * The evidence entries of the last build, kept between builds (issue 30: a one-row rebuild read
 * and parsed every project's cited list, 128 MB of JSON at 1,000 uniform projects, about 2 s,
 * to gather entries of which a handful changed). `<cacheDir>/evidence-entries.json` holds each
 * project's key (its input digest, title and repository: everything of a project an entry is
 * made from, src/lib/archive/evidence-entries.ts `gatherProject`), the entries it cites (as
 * positions in the entry list) and the gathered entries.
 *
 * What is read back is checked before it is used: the file carries the sha256 of its body (a
 * file cut short or altered is said with a notice and the entries are gathered whole), and a
 * project's part is taken only when its key is this build's. A project's input digest names
 * its cited list: the analysis reused its stored model only after its seal held for those
 * inputs and its files (src/lib/archive/store-seal.ts), and the digest covers Trailbook's core
 * code. Every entry a changed, added or removed project cites, before or after, is gathered
 * again from the cited lists of every project citing it, in archive order: the result is the
 * one `gatherEvidence` gives (tests/unit/evidence-state.test.ts).
 *
 * A build killed at any point leaves a state that is either the previous one or this one, each
 * whole (written atomically) and each true of the projects its keys name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cited } from '../model/types.ts';
import { removeCacheFile, writeAtomic } from '../fs/cache-files.ts';
import { cacheNotice } from '../fs/cache-notice.ts';
import { gathered, gatherProject, linkFileVersions, sortById, startGathering, type CitingProject, type CommitEntry, type EvidenceEntries, type FileEntry, type StoredCited } from './evidence-entries.ts';

/** A project as the state knows it: {@link CitingProject} with its input digest. */
export type DigestedProject = CitingProject & { digest: string };

/**
 * Past this many (project, entry) pairs no state is kept: where every project cites most
 * entries (one monorepo cited by every project), a change reaches nearly every project's list
 * anyway, and the state would be larger than what it saves reading.
 */
export const MAX_STATE_PAIRS = 400_000;

const FILE = 'evidence-entries.json';
const FORMAT = 1;

interface StateBody {
  format: number;
  keep: number;
  /** In archive order: id, key, and the positions (in `commits` then `files`) of the entries it cites. */
  projects: Array<[id: string, key: string, cites: number[]]>;
  /** Sorted by id, `alsoAt` left out (made again from every file entry). */
  commits: CommitEntry[];
  files: FileEntry[];
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Everything of `p` its entries are made from, as one string. */
const projectKey = (p: DigestedProject): string => JSON.stringify([p.digest, p.title, p.repository.id, p.repository.path, p.repository.head]);

/** The state in `cacheDir`, checked against its sha256; null when there is none or it is damaged (said). */
function readState(cacheDir: string, keep: number): StateBody | null {
  let text: string;
  try {
    text = readFileSync(join(cacheDir, FILE), 'utf8');
  } catch {
    return null;
  }
  const newline = text.indexOf('\n');
  const body = newline < 0 ? '' : text.slice(newline + 1);
  if (newline !== 64 || sha256(body) !== text.slice(0, 64)) {
    cacheNotice(FILE, text.length === 0 ? 'empty' : 'not as written: cut short or altered');
    return null;
  }
  const state = JSON.parse(body) as StateBody;
  return state.format === FORMAT && state.keep === keep ? state : null;
}

/** Writes the state (or removes it when it would be too large: {@link MAX_STATE_PAIRS}). */
async function writeState(cacheDir: string, keep: number, projects: readonly DigestedProject[], cites: ReadonlyMap<string, readonly string[]>, entries: EvidenceEntries, maxPairs: number): Promise<void> {
  const path = join(cacheDir, FILE);
  let pairs = 0;
  for (const ids of cites.values()) pairs += ids.length;
  if (pairs > maxPairs) {
    await removeCacheFile(path);
    return;
  }
  const position = new Map<string, number>();
  for (const e of entries.commits) position.set(e.id, position.size);
  for (const e of entries.files) position.set(e.id, position.size);
  const body: StateBody = {
    format: FORMAT,
    keep,
    projects: projects.map((p) => [p.id, projectKey(p), (cites.get(p.id) ?? []).map((id) => position.get(id) as number)]),
    commits: entries.commits,
    files: entries.files.map(({ alsoAt: _alsoAt, ...rest }) => rest),
  };
  const text = JSON.stringify(body);
  await writeAtomic(path, `${sha256(text)}\n${text}`);
}

/**
 * src/lib/archive/evidence-entries.ts `gatherEvidence` of `projects` (archive order) keeping `keep` citations of each entry,
 * reading only the cited lists it must: those of the projects whose key changed since the
 * state in `cacheDir` was written, and of the projects citing an entry one of those cites.
 * Writes the state for the next build (none past `maxPairs` project-entry pairs). `citedOf`
 * reads a project's list; it may throw.
 */
export async function gatherEvidenceKept(cacheDir: string, projects: readonly DigestedProject[], citedOf: (id: string) => Promise<StoredCited | Cited>, keep: number, maxPairs: number = MAX_STATE_PAIRS): Promise<EvidenceEntries> {
  const state = readState(cacheDir, keep);
  const cites = new Map<string, string[]>();
  const whole = async (): Promise<EvidenceEntries> => {
    const g = startGathering(keep);
    // Each project's entry ids are collected only while a state may be kept (on the real-shaped
    // corpus, a monorepo every project cites, there would be about 1.5 million).
    let pairs = 0;
    for (const p of projects) {
      const ids = gatherProject(g, p, await citedOf(p.id), undefined, pairs <= maxPairs);
      pairs += ids.length;
      cites.set(p.id, ids);
    }
    const { commits, files } = gathered(g);
    linkFileVersions(files);
    return { commits: sortById(commits), files: sortById(files) };
  };
  const entries = (state ? await fromState(state, projects, citedOf, keep, cites) : null) ?? (await whole());
  await writeState(cacheDir, keep, projects, cites, entries, maxPairs);
  return entries;
}

/**
 * The entries from `state`, the changed projects' entries gathered again; null when the
 * projects kept from the state are not in the same order (then everything is gathered).
 * Fills `cites` with every project's entry ids.
 */
async function fromState(state: StateBody, projects: readonly DigestedProject[], citedOf: (id: string) => Promise<StoredCited | Cited>, keep: number, cites: Map<string, string[]>): Promise<EvidenceEntries | null> {
  const ids = [...state.commits.map((e) => e.id), ...state.files.map((e) => e.id)];
  const before = new Map(state.projects.map(([id, key, at]) => [id, { key, cites: at.map((i) => ids[i] as string) }]));
  // Projects kept (same key) must keep their order: an entry none of the changed projects cites is then made of the same lists in the same order.
  let last = -1;
  const order = new Map(state.projects.map(([id], i) => [id, i]));
  const reached = new Set<string>();
  const read = new Map<string, StoredCited | Cited>();
  for (const p of projects) {
    const old = before.get(p.id);
    if (old && old.key === projectKey(p)) {
      const at = order.get(p.id) as number;
      if (at < last) return null;
      last = at;
      cites.set(p.id, old.cites);
      continue;
    }
    // Changed or added: what it cited before and what it cites now are gathered again.
    for (const id of old?.cites ?? []) reached.add(id);
    const cited = await citedOf(p.id);
    read.set(p.id, cited);
    const now = gatherProject(startGathering(0), p, cited);
    for (const id of now) reached.add(id);
    cites.set(p.id, now);
  }
  const present = new Set(projects.map((p) => p.id));
  for (const [id, old] of before) if (!present.has(id)) for (const e of old.cites) reached.add(e);
  const g = startGathering(keep);
  if (reached.size > 0) {
    for (const p of projects) {
      if (!(cites.get(p.id) as string[]).some((id) => reached.has(id))) continue;
      gatherProject(g, p, read.get(p.id) ?? (await citedOf(p.id)), reached);
    }
  }
  const again = gathered(g);
  const commits = [...state.commits.filter((e) => !reached.has(e.id)), ...again.commits];
  const files = [...state.files.filter((e) => !reached.has(e.id)), ...again.files];
  linkFileVersions(files);
  return { commits: sortById(commits), files: sortById(files) };
}
