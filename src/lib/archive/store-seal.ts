/**
 * The seal of a project's entry in the model store (issue 28, scope 4; docs/reliability.md):
 * `<cacheDir>/projects/<id>.seal.json`, written last, after the model, cited list, summary,
 * report details and build-history state. It holds each file's size and sha256, the input
 * digest the entry was made from, and the paths of the project folder its verdicts read
 * (artifacts: files outside git, which the input digest does not cover), but for those that
 * hold a secret ({@link sealedConsulted}).
 *
 * A build reuses a stored model only when its seal says the inputs are those of this build —
 * the record files and repository (the project digest) and every artifact path its verdicts
 * read (a deleted `bench-report.txt` makes the entry stale, as `trailbook check` would say) —
 * and every sealed file is as it was written: its size, and, when its file-system stamp
 * (inode and change time: src/lib/fs/file-stamp.ts) is not the one sealed, its sha256. A damaged entry is
 * analysed again from the input, with a one-line notice; it is never read, never fatal.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { ConsultedPaths } from '../evidence/artifacts.ts';
import { writeAtomic } from '../fs/cache-files.ts';
import { fileStamp } from '../fs/file-stamp.ts';
import type { FileHashes } from './file-hashes.ts';
import type { ProjectSummary } from './summary.ts';
import { grouped } from '../text/grouped.ts';
import { agree } from '../text/agree.ts';

/** The store files a seal covers, by suffix (`<id>.<suffix>.json`). */
export const SEALED_FILES = ['model', 'cited', 'summary', 'report', 'state'] as const;

interface SealedFile {
  bytes: number;
  sha256: string;
  /** `ino:mtimeNs:ctimeNs` when sealed: while it holds, the bytes are those hashed. */
  stamp: string;
}

/**
 * The consulted paths as a seal holds them: a path that holds a secret is left out and counted
 * (`withheld`), since the cache is an output too (sec15: a private key's body line or an AWS
 * secret key cited as evidence reads as a path, and was written there as written).
 */
export interface SealedConsulted extends ConsultedPaths {
  /** How many paths and folders holding a secret were left out: the entry cannot be checked, so it is never reused. */
  withheld?: number;
}

/** `consulted` without the paths and folders `holdsSecret` says hold a secret, counted in `withheld` when there are any. */
export function sealedConsulted(consulted: ConsultedPaths, holdsSecret: (path: string) => boolean): SealedConsulted {
  const paths = consulted.paths.filter((p) => !holdsSecret(p));
  const folders = consulted.folders.filter((f) => !holdsSecret(f));
  const withheld = consulted.paths.length - paths.length + consulted.folders.length - folders.length;
  return withheld > 0 ? { paths, folders, withheld } : { paths, folders };
}

/** `<id>.seal.json`. */
export interface StoreSeal {
  format: 1;
  /** The project digest the entry was made from (src/lib/archive/project-digest.ts). */
  base: string;
  /** The entry's digest: `base`, with the state of the consulted paths when there are any. */
  digest: string;
  consulted: SealedConsulted;
  files: Record<string, SealedFile>;
}

/** What the store holds of a project for this build. */
export type StoredEntry =
  | { status: 'absent' }
  /** The inputs changed since (or the artifacts its verdicts read did): analyse again. */
  | { status: 'changed' }
  /** A file of the entry is not as written: analyse again, and say so. */
  | { status: 'damaged'; problem: string }
  | { status: 'valid'; summary: ProjectSummary };

const sealPath = (cacheDir: string, id: string): string => join(cacheDir, 'projects', `${id}.seal.json`);
const filePath = (cacheDir: string, id: string, suffix: string): string => join(cacheDir, 'projects', `${id}.${suffix}.json`);

/** How many entries of a consulted folder are listed at most (a verdict looks at no more: src/lib/evidence/path-lookup.ts). */
const FOLDER_LIST_LIMIT = 10_000;

/**
 * A key of the state of the consulted paths of a project folder `root`: for each path, what
 * it is (missing, folder, file with its content hash, by its real path relative to the folder's),
 * and for each listed folder, its entries. Equal keys mean the verdicts on them read the same
 * bytes; the key does not depend on where the folder lies.
 */
export async function consultedKey(root: string, consulted: ConsultedPaths, files: FileHashes): Promise<string> {
  if (consulted.paths.length === 0 && consulted.folders.length === 0) return '';
  const hash = createHash('sha256');
  // Where a path leads is hashed relative to the folder's real path, never as an absolute path:
  // the same input built from another folder has the same key, so the same published digest (rel12).
  const realRoot = quietly(() => realpathSync(root)) ?? root;
  // Synchronous look-ups (issue 30): a rebuild checks about 30 consulted paths of each of 1,000
  // projects, most of them missing (repository paths a row names), and each awaited call
  // waited its turn on the thread pool; the files' hashes stay asynchronous (they may be read).
  for (const path of consulted.paths) {
    // A file the analysis read: as read (a file changed since is then not sealed as read: rel15).
    const read = consulted.read?.[path];
    if (read !== undefined) {
      hash.update(`${path}\0${relative(realRoot, read.real)}\0file:${read.sha256}\0`);
      continue;
    }
    const abs = resolve(root, path);
    if (quietly(() => lstatSync(abs, { throwIfNoEntry: false })) === undefined) {
      hash.update(`${path}\0missing\0`);
      continue;
    }
    const real = quietly(() => realpathSync(abs)) ?? null;
    const info = real === null ? undefined : quietly(() => statSync(real, { throwIfNoEntry: false }));
    const what = info === undefined || real === null ? 'missing' : info.isDirectory() ? 'folder' : info.isFile() ? `file:${await files.hash(real)}` : 'other';
    hash.update(`${path}\0${real === null ? '' : relative(realRoot, real)}\0${what}\0`);
  }
  for (const folder of consulted.folders) {
    const names: string[] = [];
    const stack = [folder];
    while (stack.length > 0 && names.length < FOLDER_LIST_LIMIT) {
      const rel = stack.pop() as string;
      const entries = quietly((): Dirent[] => readdirSync(resolve(root, rel), { withFileTypes: true })) ?? null;
      if (entries === null) {
        names.push(`${rel}\0unlisted`);
        continue;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const child = rel === '' ? e.name : `${rel}/${e.name}`;
        names.push(`${child}\0${e.isDirectory() ? 'd' : e.isFile() ? 'f' : 'o'}`);
        if (e.isDirectory()) stack.push(child);
      }
    }
    hash.update(`folder:${folder}\0${names.join('\0')}\0`);
  }
  return hash.digest('hex');
}

/** `read()`, or undefined when it throws (a path that cannot be looked at is missing). */
function quietly<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The digest of a stored entry: the project digest, and the consulted paths' key when there is one. */
export function entryDigest(base: string, key: string): string {
  return key === '' ? base : createHash('sha256').update(`${base}\0${key}`).digest('hex').slice(0, 32);
}

/** Seals a project's entry once all its files are written (the seal goes last). */
export async function writeSeal(cacheDir: string, id: string, base: string, digest: string, consulted: SealedConsulted): Promise<void> {
  const files: Record<string, SealedFile> = {};
  for (const suffix of SEALED_FILES) {
    const path = filePath(cacheDir, id, suffix);
    const data = await readFile(path);
    const info = await stat(path, { bigint: true });
    files[suffix] = { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex'), stamp: fileStamp(info) };
  }
  // The paths only: a later build checks them as they are then.
  await writeAtomic(sealPath(cacheDir, id), JSON.stringify({ format: 1, base, digest, consulted: { paths: consulted.paths, folders: consulted.folders }, files } satisfies StoreSeal));
}

function isSeal(value: unknown): value is StoreSeal {
  const s = value as Partial<StoreSeal> | null;
  return (
    typeof s === 'object' && s !== null && s.format === 1 && typeof s.base === 'string' && typeof s.digest === 'string' &&
    Array.isArray(s.consulted?.paths) && Array.isArray(s.consulted?.folders) && typeof s.files === 'object' && s.files !== null &&
    SEALED_FILES.every((f) => typeof s.files?.[f]?.bytes === 'number' && typeof s.files?.[f]?.sha256 === 'string')
  );
}

const bytes = (n: number): string => `${grouped(n)} ${agree(n, 'byte', 'bytes')}`;

/**
 * What the store holds of project `id` (folder `projectDir`, project digest `base`) for this
 * build: a valid entry (its summary) only when its seal holds for the inputs and every file.
 * Never throws for what is in the cache folder.
 */
export async function checkStored(cacheDir: string, id: string, base: string, projectDir: string, hashes: FileHashes): Promise<StoredEntry> {
  // Synchronous reads and stats (issue 30): a rebuild checks 1,000 seals, each a seal, five
  // stats and a summary, and each awaited call waited its turn on the thread pool while the
  // analysis had nothing else to do (1.6 ms a project); the checks are the same.
  const text = quietRead(sealPath(cacheDir, id));
  // No seal: a new project, or a store written before seals (analysed again, nothing to say).
  if (text === null) return { status: 'absent' };
  let seal: unknown;
  try {
    seal = JSON.parse(text);
  } catch {
    seal = null;
  }
  if (!isSeal(seal)) return { status: 'damaged', problem: `projects/${id}.seal.json is not a seal Trailbook wrote` };
  if (seal.base !== base) return { status: 'changed' };
  // Paths holding a secret were not written: what the verdicts read cannot be checked (sec15).
  if ((seal.consulted.withheld ?? 0) > 0) return { status: 'changed' };
  if (entryDigest(base, await consultedKey(projectDir, seal.consulted, hashes)) !== seal.digest) return { status: 'changed' };
  for (const suffix of SEALED_FILES) {
    const path = filePath(cacheDir, id, suffix);
    const sealed = seal.files[suffix] as SealedFile;
    const name = `projects/${id}.${suffix}.json`;
    const info = quietly(() => statSync(path, { bigint: true, throwIfNoEntry: false })) ?? null;
    if (info === null || !info.isFile()) return { status: 'damaged', problem: `${name} is missing` };
    if (Number(info.size) !== sealed.bytes) return { status: 'damaged', problem: `${name} has ${bytes(Number(info.size))}, ${bytes(sealed.bytes)} were written` };
    if (fileStamp(info) === sealed.stamp) continue;
    const data = quietly(() => readFileSync(path));
    if (data === undefined) return { status: 'damaged', problem: `${name} is missing` };
    const digest = createHash('sha256').update(data).digest('hex');
    if (digest !== sealed.sha256) return { status: 'damaged', problem: `${name} is not as written (its sha256 differs)` };
  }
  let summary: ProjectSummary;
  try {
    summary = JSON.parse(readFileSync(filePath(cacheDir, id, 'summary'), 'utf8')) as ProjectSummary;
  } catch {
    return { status: 'damaged', problem: `projects/${id}.summary.json is not JSON` };
  }
  if (summary?.id !== id || summary.digest !== seal.digest) return { status: 'damaged', problem: `projects/${id}.summary.json is of another entry` };
  return { status: 'valid', summary };
}

/** A seal's text: null when there is none (ENOENT), '' when it cannot be read (it is then not a seal). */
function quietRead(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : '';
  }
}
