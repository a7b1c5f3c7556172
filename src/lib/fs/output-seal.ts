/**
 * The seal of a built output (rel9, rel10): what a rebuild or a second merge checks before it
 * carries the previous output's pages into the new one. The previous output is a cache, and
 * nothing read from a cache is trusted unchecked.
 *
 * A seal lists every file a rebuild may carry over ({@link SEALED_FOLDERS}) with its size, its
 * modification time (whole seconds), its inode and change time (ns), and a SHA-256 of its bytes. A
 * file is taken as sealed when its size and time agree and either its inode and change time
 * are those recorded (no write since: a change time cannot be set back) or its bytes hash to
 * the recorded digest (a copy restored with its times, as a CI cache is). So a page edited in
 * place with its size and time put back is found (rel10: it was carried into every later
 * build), and a restored output costs one read of its files, not a render of every page.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { fileStamp } from './file-stamp.ts';

/** The folders of an output whose files a rebuild carries over (the pages of projects, commits and files, and the assets). */
const SEALED_FOLDERS = ['p', 'r', '_astro'] as const;

/** One sealed file: `[size in bytes, modification time in whole seconds, its stamp (`inode:change time in ns`), SHA-256 of its bytes (32 hex digits)]`. */
export type SealedFile = [size: number, mtime: number, stamp: string, sha: string];

/** A seal: each file's path relative to the output (`p/x/index.html`) → {@link SealedFile}. */
export type OutputSeal = Record<string, SealedFile>;

/** A file's size, its modification time in whole seconds and its stamp (inode and change time: no write since while it holds; a change time cannot be set back). */
interface FileFacts {
  size: number;
  mtime: number;
  stamp: string;
}

const factsOf = (st: BigIntStats): FileFacts => ({ size: Number(st.size), mtime: Number(st.mtimeMs / 1000n), stamp: fileStamp(st) });

/** Every file of the sealed folders with its facts, in path order. Synchronous: one `stat` a file (tens of thousands at 1,000 projects). */
function sealedFiles(outDir: string): Array<[string, FileFacts | undefined]> {
  const out: Array<[string, FileFacts | undefined]> = [];
  const walk = (rel: string): void => {
    let entries;
    try {
      entries = readdirSync(join(outDir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(childRel);
      else {
        const st = statSync(join(outDir, childRel), { bigint: true, throwIfNoEntry: false });
        out.push([childRel, st ? factsOf(st) : undefined]);
      }
    }
  };
  for (const folder of SEALED_FOLDERS) walk(folder);
  return out;
}

const digestOf = (path: string): string | null => {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 32);
  } catch {
    return null;
  }
};

/** The seals checked by {@link sealHolds} in this process, by output folder: what {@link outputSeal} need not read again. */
const checked = new Map<string, OutputSeal>();

/**
 * Whether the files of `outDir` are those `recorded` sealed (see the module comment); false for
 * anything that is not a seal (a record of an older build). When they are, their seal as they
 * stand now is kept for {@link outputSeal}, so the files this build carries over (hard links:
 * the same inode, a new change time) are not read again.
 */
export function sealHolds(outDir: string, recorded: unknown): boolean {
  if (typeof recorded !== 'object' || recorded === null || Array.isArray(recorded)) return false;
  const seal = recorded as Record<string, unknown>;
  const files = sealedFiles(outDir);
  if (files.length !== Object.keys(seal).length) return false;
  const now: OutputSeal = Object.create(null);
  for (const [rel, facts] of files) {
    const was = seal[rel];
    if (!facts || !Array.isArray(was) || was.length !== 4) return false;
    const [size, mtime, stamp, sha] = was as SealedFile;
    if (facts.size !== size || facts.mtime !== mtime) return false;
    if (facts.stamp !== stamp && digestOf(join(outDir, rel)) !== sha) return false;
    now[rel] = [size, mtime, facts.stamp, sha];
  }
  checked.set(outDir, now);
  return true;
}

/**
 * The seal of the files a rebuild may carry over from `outDir` ({@link SEALED_FOLDERS}), made
 * after the build's output is in place. A file checked by {@link sealHolds} in this process and
 * still the same inode, size and time keeps its digest; every other file is read and hashed.
 */
export function outputSeal(outDir: string): OutputSeal {
  const known = checked.get(outDir);
  checked.delete(outDir);
  const seal: OutputSeal = Object.create(null);
  for (const [rel, st] of sealedFiles(outDir)) {
    if (!st) continue;
    const was = known?.[rel];
    // The same inode, size and time as when checked: the file carried over (a hard link, whose change time the link moved).
    const sha = was && was[0] === st.size && was[1] === st.mtime && was[2].split(':')[0] === st.stamp.split(':')[0] ? was[3] : digestOf(join(outDir, rel));
    if (sha !== null) seal[rel] = [st.size, st.mtime, st.stamp, sha];
  }
  return seal;
}
