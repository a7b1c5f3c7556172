/**
 * Sizes and sha256 of cache files, recorded when they are written and checked whenever they
 * are read or published (issue 28, scope 4; docs/reliability.md): nothing read from a cache is
 * trusted unchecked. Synchronous calls: used by the search index writer in its worker thread.
 */
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { grouped } from '../text/grouped.ts';

/** A file's size in bytes and sha256 (hex). */
export interface FileSum {
  bytes: number;
  sha256: string;
}

/** A cache file that is not as it was written: missing, of another size, or other bytes. */
export class CacheDamage extends Error {
  /** The file, relative to its cache folder. */
  readonly file: string;
  /** What is wrong with it, as a user reads it. */
  readonly problem: string;
  constructor(file: string, problem: string) {
    super(`${file} is damaged: ${problem}`);
    this.name = 'CacheDamage';
    this.file = file;
    this.problem = problem;
  }
}

/** The sum of `data`. */
export function sumOf(data: Uint8Array): FileSum {
  return { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

const posix = (path: string): string => path.split(sep).join('/');

/**
 * The recorded sums of groups of files under `root` (a group: one search index part, the main
 * index), keyed by path relative to `root` (`/`-separated).
 */
export class FileSums {
  readonly #root: string;
  readonly #groups: Map<string, Record<string, FileSum>>;

  constructor(root: string, groups: Record<string, Record<string, FileSum>>) {
    this.#root = root;
    this.#groups = new Map(Object.entries(groups).filter(([, g]) => typeof g === 'object' && g !== null));
  }

  /** Whether `group` has recorded sums. */
  has(group: string): boolean {
    return this.#groups.has(group);
  }

  /** Records (replacing) the sums of `group`: the files at `paths` (absolute), as they are now. */
  record(group: string, paths: readonly string[]): void {
    const sums: Record<string, FileSum> = {};
    for (const path of paths) sums[posix(relative(this.#root, path))] = sumOf(readFileSync(path));
    this.#groups.set(group, sums);
  }

  /** Forgets every group not in `groups`. */
  keep(groups: readonly string[]): void {
    const wanted = new Set(groups);
    for (const g of [...this.#groups.keys()]) if (!wanted.has(g)) this.#groups.delete(g);
  }

  /** Every group's sums, groups and files sorted (for a cache file). */
  all(): Record<string, Record<string, FileSum>> {
    const out: Record<string, Record<string, FileSum>> = {};
    for (const g of [...this.#groups.keys()].sort()) {
      const sums = this.#groups.get(g) as Record<string, FileSum>;
      out[g] = Object.fromEntries(Object.keys(sums).sort().map((k) => [k, sums[k] as FileSum]));
    }
    return out;
  }

  /**
   * The bytes of `path` (absolute, a file of `group`), checked against its recorded sum. Throws
   * {@link CacheDamage} when it has none, is missing, or differs.
   */
  read(group: string, path: string): Buffer {
    const rel = posix(relative(this.#root, path));
    const sum = this.#groups.get(group)?.[rel];
    if (sum === undefined) throw new CacheDamage(rel, 'no size and sha256 were recorded for it');
    let data: Buffer;
    try {
      data = readFileSync(path);
    } catch (error) {
      throw new CacheDamage(rel, `it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (data.length !== sum.bytes) throw new CacheDamage(rel, `${grouped(data.length)} bytes, ${grouped(sum.bytes)} were written`);
    if (createHash('sha256').update(data).digest('hex') !== sum.sha256) throw new CacheDamage(rel, 'its sha256 is not the one recorded');
    return data;
  }

  /**
   * Copies every file of `group` under the folder `from` (absolute) to the same place under
   * `to`, each checked as it is read ({@link read}). The copies are new files: nothing
   * published is a link into the cache. Returns how many files were copied.
   *
   * `published`: the folder of the previous output that holds what `to` will (its search
   * index, published by the previous build). A file there whose size and sha256 are the recorded
   * ones is hard-linked instead (issue 30: a one-row rebuild wrote its 21,000 search index files
   * again, and creating a file costs ten times a link); any other is copied from the cache.
   * The previous output is only read and linked from, never changed.
   */
  copyUnder(group: string, from: string, to: string, published?: string): number {
    const prefix = posix(relative(this.#root, from));
    const sums = this.#groups.get(group) ?? {};
    let n = 0;
    let made = '';
    for (const rel of Object.keys(sums).sort()) {
      const inside = prefix === '' ? rel : rel.startsWith(`${prefix}/`) ? rel.slice(prefix.length + 1) : null;
      if (inside === null) continue;
      const target = join(to, ...inside.split('/'));
      const folder = dirname(target);
      if (folder !== made) {
        mkdirSync(folder, { recursive: true });
        made = folder;
      }
      const sum = sums[rel] as FileSum;
      if (published !== undefined && linkIfSame(join(published, ...inside.split('/')), target, sum)) {
        n++;
        continue;
      }
      writeFileSync(target, this.read(group, join(this.#root, ...rel.split('/'))));
      n++;
    }
    return n;
  }
}

/**
 * Hard-links `from` (a file of the previous output) to `to` when its bytes are `sum`'s; false
 * (nothing made) when it is missing, unreadable, of other bytes, or cannot be linked.
 */
function linkIfSame(from: string, to: string, sum: FileSum): boolean {
  let data: Buffer;
  try {
    data = readFileSync(from);
  } catch {
    return false;
  }
  if (data.length !== sum.bytes || createHash('sha256').update(data).digest('hex') !== sum.sha256) return false;
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}
