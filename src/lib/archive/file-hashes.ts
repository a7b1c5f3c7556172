/**
 * Content hashes of input files, remembered between builds by their file-system identity
 * (device, inode, size, modification and change times in nanoseconds), so a rebuild reads only
 * the files that changed. Digests stay content hashes: the same bytes give the same digest
 * whatever the file's times (docs/performance.md).
 */
import { constants, statSync, type BigIntStats } from 'node:fs';
import { open } from 'node:fs/promises';
import { readCacheJson, writeAtomic } from '../fs/cache-files.ts';
import { cacheNotice } from '../fs/cache-notice.ts';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

interface Entry {
  id: string;
  hash: string;
}

/**
 * sha256 of a regular file, opened non-blocking (a FIFO swapped in is refused, never waited
 * on) and read in pieces of at most 1 MiB, each buffer sized to the file (an empty file
 * allocates nothing: 40,000 of them with 64 KiB stream buffers kept the collector busy).
 */
async function hashContent(path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const info = await handle.stat();
      if (!info.isFile()) return 'unreadable:EINVAL';
      const buffer = Buffer.allocUnsafe(Math.min(Math.max(info.size, 1), 1 << 20));
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
      }
      return hash.digest('hex');
    } finally {
      await handle.close();
    }
  } catch (error) {
    return `unreadable:${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/** sha256 hex of remembered entries as JSON (read back and written again, the same text). */
function entriesSum(entries: Record<string, Entry>): string {
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

/** Hashes files, reusing remembered hashes of files whose identity has not changed. */
export class FileHashes {
  #file: string | null;
  #known = new Map<string, Entry>();
  #seen = new Map<string, Entry>();

  /** `cacheDir` null: nothing is remembered (every file is read). */
  constructor(cacheDir: string | null) {
    this.#file = cacheDir === null ? null : join(cacheDir, 'input-hashes.json');
  }

  /**
   * Loads what the previous build remembered, checked against the sha256 of its entries as
   * written (rel15: a hash altered in the file, still JSON, was trusted while its file's stamp
   * held, and the archive published digests of bytes no input had); damaged: nothing is
   * remembered, with a notice; written by another Trailbook (no sha256): nothing, silently.
   * Never throws.
   */
  async load(): Promise<void> {
    if (this.#file === null) return;
    const data = await readCacheJson<{ sha256?: unknown; entries?: Record<string, Entry> }>(this.#file, (problem) => cacheNotice('input-hashes.json', problem));
    if (typeof data?.sha256 !== 'string' || typeof data.entries !== 'object' || data.entries === null) return;
    if (entriesSum(data.entries) !== data.sha256) {
      cacheNotice('input-hashes.json', 'its entries are not as written: their sha256 differs');
      return;
    }
    for (const [path, entry] of Object.entries(data.entries)) {
      if (typeof entry?.id === 'string' && typeof entry.hash === 'string') this.#known.set(path, entry);
    }
  }

  /**
   * sha256 hex of the file's bytes (or `unreadable:<code>`). The file-system identity is looked
   * up synchronously (issue 30: a rebuild looks up every input file of 1,000 projects, most of
   * them unchanged, and each awaited stat waited its turn on the thread pool); a file read for its
   * hash is read asynchronously.
   */
  async hash(path: string): Promise<string> {
    let info: BigIntStats | null;
    try {
      info = statSync(path, { bigint: true, throwIfNoEntry: false }) ?? null;
    } catch {
      info = null;
    }
    if (info === null || !info.isFile()) return hashContent(path);
    const id = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
    const known = this.#known.get(path);
    const entry = known && known.id === id ? known : { id, hash: await hashContent(path) };
    this.#seen.set(path, entry);
    return entry.hash;
  }

  /** Remembers the hashes of the files met in this build (and only those). */
  async save(): Promise<void> {
    if (this.#file === null) return;
    const entries = Object.fromEntries(this.#seen);
    await writeAtomic(this.#file, JSON.stringify({ sha256: entriesSum(entries), entries }));
  }
}
