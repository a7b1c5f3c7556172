/**
 * Evidence page data kept beside the model store, out of Astro's content store: each cited
 * commit's details and diffs (`<cacheDir>/evidence/commits/<repo>/<sha>.json`, immutable per
 * SHA, so computed once) and each cited file's excerpt (`<cacheDir>/evidence/files/<key>.json`, kept
 * with the key of the head, path and ranges it shows, so it is read again only when they change).
 * The collections hold only what lists and routes need; pages read the rest from here.
 * Everything is discarded when Trailbook's core code changes (its digest is recorded).
 *
 * Each entry is sealed: its file is the sha256 of its JSON text, a line break, then the text
 * (rel12). An entry is read back only when its text has that sha256: a byte flipped inside one
 * of its strings keeps it JSON, and a store that checked only that it parsed published the
 * altered text (a commit page's author `Lin Exbmple`) with no notice.
 */
import { readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { cacheNotice } from '../fs/cache-notice.ts';
import type { CommitDetails } from '../git/commit-details.ts';
import type { FileExcerpt } from '../git/file-excerpt.ts';
import { codeDigest } from './code-digest.ts';
import { writeAtomic } from '../fs/cache-files.ts';

const root = (cacheDir: string): string => join(cacheDir, 'evidence');

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** An entry's file: the sha256 of its JSON text, a line break, the text. */
const sealed = (json: string): string => `${sha256(json)}\n${json}`;

/**
 * The value of an entry's file, or why it is damaged: `not JSON: cut short or altered` when its
 * text does not parse (`empty` when there is none), `not as written: its sha256 differs` when
 * it parses but is not the text written (a flipped byte inside a string) or carries no seal.
 */
function unsealed(file: string): { value: object } | { problem: string } {
  if (file.length === 0) return { problem: 'empty' };
  const sealedText = file.length > 65 && file.charCodeAt(64) === 10;
  const json = sealedText ? file.slice(65) : file;
  let value: unknown = null;
  try {
    value = JSON.parse(json);
  } catch {
    return { problem: 'not JSON: cut short or altered' };
  }
  if (typeof value !== 'object' || value === null) return { problem: 'not JSON: cut short or altered' };
  if (!sealedText || sha256(json) !== file.slice(0, 64)) return { problem: 'not as written: its sha256 differs' };
  return { value };
}


let checked: Promise<void> | null = null;

/**
 * Empties the evidence store when it was written by other core code, or under other secret
 * settings (`settingsKey`: what is redacted changes what is stored), once per process.
 */
export function ensureEvidenceStore(cacheDir: string, settingsKey = ''): Promise<void> {
  checked ??= (async () => {
    const code = `${await codeDigest()}${settingsKey === '' ? '' : `:${settingsKey}`}`;
    const marker = join(root(cacheDir), 'code');
    if ((await readFile(marker, 'utf8').catch(() => '')) !== code) {
      await rm(root(cacheDir), { recursive: true, force: true });
      await writeAtomic(marker, code);
    }
  })();
  return checked;
}

/** A commit's details, or why they could not be read. */
export type StoredCommit = CommitDetails | { problem: string };

/** A file's excerpt, or why it could not be read. */
export type StoredExcerpt = FileExcerpt | { problem: string };

const commitPath = (cacheDir: string, repoId: string, oid: string): string => join(root(cacheDir), 'commits', repoId, `${oid}.json`);
const filePath = (cacheDir: string, id: string): string => join(root(cacheDir), 'files', `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`);

/** The stored details of a commit, or null when not stored yet. */
export function readCommitDetails(cacheDir: string, repoId: string, oid: string): Promise<StoredCommit | null> {
  return readEntry<StoredCommit>(cacheDir, commitPath(cacheDir, repoId, oid));
}

/** Stores a commit's details. */
export function writeCommitDetails(cacheDir: string, repoId: string, oid: string, details: StoredCommit): Promise<void> {
  return writeAtomic(commitPath(cacheDir, repoId, oid), sealed(JSON.stringify(details)));
}

/** A stored excerpt with the key of what it shows (src/lib/archive/evidence-entries.ts `fileExcerptKey`). */
export interface KeyedExcerpt {
  key: string;
  excerpt: StoredExcerpt;
}

/** The stored excerpt of a cited file entry, or null. */
export async function readFileExcerpt(cacheDir: string, id: string): Promise<StoredExcerpt | null> {
  return (await readKeyedExcerpt(cacheDir, id))?.excerpt ?? null;
}

/** The stored excerpt of a cited file entry with its key, or null. */
export function readKeyedExcerpt(cacheDir: string, id: string): Promise<KeyedExcerpt | null> {
  return readEntry<KeyedExcerpt>(cacheDir, filePath(cacheDir, id));
}

/** Stores a cited file entry's excerpt under the key of what it shows. */
export function writeFileExcerpt(cacheDir: string, id: string, excerpt: StoredExcerpt, key: string): Promise<void> {
  return writeAtomic(filePath(cacheDir, id), sealed(JSON.stringify({ key, excerpt } satisfies KeyedExcerpt)));
}

const citationsPath = (cacheDir: string, key: string): string => join(root(cacheDir), 'citations', `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);

/** The rows citing an evidence page's commit or file (`key`: `commit:<id>` or `file:<id>`), or null. */
export function readCitations<T>(cacheDir: string, key: string): Promise<T[] | null> {
  return readEntry<T[]>(cacheDir, citationsPath(cacheDir, key), false);
}

/** Stores the rows citing an evidence page's commit or file. */
export function writeCitations<T>(cacheDir: string, key: string, citations: readonly T[]): Promise<void> {
  return writeAtomic(citationsPath(cacheDir, key), sealed(JSON.stringify(citations)));
}

/**
 * Whether `path` holds a stored entry that reads back (JSON of an object or array, with the
 * sha256 it was written with): a cut, damaged or altered entry is not one (issue 28, rel12), so
 * the loader makes it again from the repository instead of letting a page say it was never
 * read, or show what it did not hold.
 */
async function holdsEntry(cacheDir: string, path: string, notify: boolean): Promise<boolean> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return false;
  const read = unsealed(text);
  if ('value' in read) return true;
  if (notify) cacheNotice(relative(cacheDir, path).split(sep).join('/'), read.problem);
  return false;
}

/** A stored entry, or null when there is none; a damaged or altered one is null too, with a notice unless `notify` is false. */
async function readEntry<T>(cacheDir: string, path: string, notify = true): Promise<T | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return null;
  const read = unsealed(text);
  if ('value' in read) return read.value as T;
  if (notify) cacheNotice(relative(cacheDir, path).split(sep).join('/'), read.problem);
  return null;
}

/**
 * Whether a commit's details are stored and read back; a damaged entry is said (the analysis
 * that reads commits for their secrets, or the loader, makes it again).
 */
export function hasCommitDetails(cacheDir: string, repoId: string, oid: string): Promise<boolean> {
  return holdsEntry(cacheDir, commitPath(cacheDir, repoId, oid), true);
}

/** Whether a cited file entry's excerpt is stored and reads back. */
export function hasFileExcerpt(cacheDir: string, id: string): Promise<boolean> {
  return holdsEntry(cacheDir, filePath(cacheDir, id), false);
}

/** Whether an evidence page's citations are stored and read back. */
export function hasCitations(cacheDir: string, key: string): Promise<boolean> {
  return holdsEntry(cacheDir, citationsPath(cacheDir, key), true);
}
