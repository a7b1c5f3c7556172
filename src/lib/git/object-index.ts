/**
 * A sorted list of every object id in a repository (loose objects plus pack index v2 files),
 * read once per repository, so that full and short SHA lookups are binary searches instead
 * of a scan of every pack index per lookup (isomorphic-git's `expandOid` scans).
 */
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { RefusedRead, type Confinement } from '../fs/confined.ts';
import { lowerBound } from '../text/lower-bound.ts';
import { applyDelta, deltaResultSize, readPackEntryHeader } from './pack-entry.ts';

const HEX = /^[0-9a-f]{38}$/;

/**
 * Parses a pack index (version 2) and returns its object ids as hex strings.
 * Throws an Error naming the file when the index is not version 2 or is truncated.
 */
export function parsePackIndexV2(data: Buffer, file: string): string[] {
  return parsePackIndexWithOffsets(data, file).oids;
}

/**
 * Parses a pack index (version 2): object ids and each object's byte offset in the pack.
 * Throws an Error naming the file when the index is not version 2 or is truncated.
 */
export function parsePackIndexWithOffsets(data: Buffer, file: string): { oids: string[]; offsets: number[] } {
  if (data.length < 8 + 256 * 4 || data.readUInt32BE(0) !== 0xff744f63 || data.readUInt32BE(4) !== 2) {
    throw new Error(`${file}: not a version 2 pack index`);
  }
  const count = data.readUInt32BE(8 + 255 * 4);
  const start = 8 + 256 * 4;
  const offsetsAt = start + count * 24;
  const largeAt = offsetsAt + count * 4;
  if (data.length < largeAt) throw new Error(`${file}: pack index is truncated`);
  const oids = new Array<string>(count);
  const offsets = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    oids[i] = data.toString('hex', start + i * 20, start + i * 20 + 20);
    const small = data.readUInt32BE(offsetsAt + i * 4);
    if (small & 0x80000000) {
      const at = largeAt + (small & 0x7fffffff) * 8;
      if (data.length < at + 8) throw new Error(`${file}: pack index is truncated`);
      offsets[i] = Number(data.readBigUInt64BE(at));
    } else offsets[i] = small;
  }
  return { oids, offsets };
}

/** Where an object is stored: a loose file, or a pack and the byte offset of its entry. */
export type ObjectLocation = { loose: string } | { pack: string; offset: number };

/** All object ids of a repository, sorted, with prefix search. */
export interface ObjectIndex {
  /** Number of distinct objects. */
  readonly size: number;
  /** Every object id starting with `prefix` (lowercase hex), at most `limit`. */
  find(prefix: string, limit?: number): string[];
  /** Where a full object id is stored, or null. */
  locate(oid: string): ObjectLocation | null;
  /** Problems met while reading (a corrupt pack index), in plain words. */
  readonly problems: string[];
}

/**
 * Reads the object index of the repository whose git directory is `gitdir`, every file read
 * through `files` (confined to the git directory: src/lib/git/git-directory.ts).
 */
export async function readObjectIndex(gitdir: string, files: Confinement): Promise<ObjectIndex> {
  const all: string[] = [];
  const problems: string[] = [];
  // A folder that leads out of the git directory is a problem of the object store, named; a
  // missing one is just empty.
  const refused: string[] = [];
  const listDir = (path: string): Promise<string[]> =>
    files.readdir(path).catch((error: unknown) => {
      if (error instanceof RefusedRead && !refused.some((r) => error.rel.startsWith(`${r}/`))) {
        refused.push(error.rel);
        problems.push(error.message);
      }
      return [];
    });
  const objects = join(gitdir, 'objects');
  const where = new Map<string, ObjectLocation>();
  const fanout = (await listDir(objects)).filter((d) => /^[0-9a-f]{2}$/.test(d));
  const loose = await Promise.all(fanout.map(async (dir) => (await listDir(join(objects, dir))).filter((f) => HEX.test(f)).map((f) => dir + f)));
  for (const list of loose) {
    for (const oid of list) {
      all.push(oid);
      where.set(oid, { loose: join(objects, oid.slice(0, 2), oid.slice(2)) });
    }
  }
  for (const name of (await listDir(join(objects, 'pack'))).filter((f) => f.endsWith('.idx')).sort()) {
    try {
      const { oids: packed, offsets } = parsePackIndexWithOffsets(await files.readFile(join(objects, 'pack', name)), `objects/pack/${name}`);
      const pack = join(objects, 'pack', `${name.slice(0, -'.idx'.length)}.pack`);
      // A loop, not push(...oids): a pack of a few hundred thousand objects would overflow the stack.
      for (let i = 0; i < packed.length; i++) {
        const oid = packed[i] as string;
        all.push(oid);
        if (!where.has(oid)) where.set(oid, { pack, offset: offsets[i] as number });
      }
    } catch (error) {
      problems.push(error instanceof RefusedRead ? error.message : (error as Error).message);
    }
  }
  all.sort();
  const oids: string[] = [];
  for (const oid of all) if (oids[oids.length - 1] !== oid) oids.push(oid);
  return {
    size: oids.length,
    problems,
    locate: (oid: string) => where.get(oid) ?? null,
    find(prefix: string, limit = 10): string[] {
      const out: string[] = [];
      for (let i = lowerBound(oids, prefix); i < oids.length && out.length < limit; i++) {
        const oid = oids[i] as string;
        if (!oid.startsWith(prefix)) break;
        out.push(oid);
      }
      return out;
    },
  };
}

/** A git object's id: the hex SHA-1 of its type, size in bytes and content (`git hash-object`). */
export function objectId(type: string, content: Uint8Array): string {
  return createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest('hex');
}

/** The longest delta chain read (git's own default `pack.depth` is 50). */
const MAX_DELTA_DEPTH = 64;

/** An object's type and size, read from its header only. */
export interface ObjectHeader {
  type: string;
  /** Bytes of the object's content. */
  size: number;
  /**
   * The most bytes reading the object inflates at once: its size, or for a delta the largest of
   * its base chain and the delta itself (a 4 MB pack can hold a blob of a gigabyte: a read
   * of it would take the memory of the whole).
   */
  inflated: number;
}

/** Inflates the first bytes of a zlib stream (at most 256 in, so never much out). */
function inflateStart(data: Buffer): Buffer {
  return inflateSync(data.subarray(0, 256), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
}

/**
 * Reads an object's type and size without reading the object: the header of a pack entry
 * (following delta bases, which share their base's type; a delta's size is the result size
 * at the start of its data) or of a loose file (inflating only its first bytes), as `git
 * cat-file --batch-check` does. Throws with the reason when the bytes are not a valid object.
 */
export class ObjectTypes {
  readonly #index: ObjectIndex;
  readonly #files: Confinement;

  /** `files`: the repository's confined reads (src/lib/git/git-directory.ts). */
  constructor(index: ObjectIndex, files: Confinement) {
    this.#index = index;
    this.#files = files;
  }

  readonly #handles = new Map<string, { handle: Promise<FileHandle>; timer: ReturnType<typeof setTimeout> | null }>();

  /**
   * Reads `length` bytes at `offset` of a pack (fewer at its end): from the pack read whole when
   * it is small enough ({@link packBytes}), else from a handle that stays open while in use and
   * closes after a second idle.
   */
  async #read(pack: string, offset: number, length: number): Promise<Buffer> {
    const whole = await this.#packBytes(pack);
    if (whole !== null) return whole.subarray(offset, offset + length);
    let entry = this.#handles.get(pack);
    if (!entry) {
      // Only a regular file whose real path is in the git directory is opened (never a FIFO).
      entry = { handle: this.#files.open(pack).then((o) => o.handle), timer: null };
      this.#handles.set(pack, entry);
    }
    if (entry.timer) clearTimeout(entry.timer);
    const current = entry;
    current.timer = setTimeout(() => {
      this.#handles.delete(pack);
      void current.handle.then((h) => h.close()).catch(() => undefined);
    }, 1000);
    current.timer.unref();
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await (await current.handle).read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  }

  /**
   * Headers already read, by pack and offset, with the number of deltas under each: a delta
   * chain's bases are shared by many objects (a file's versions), so each entry's header is read
   * once. Only finished results are kept, never pending ones, so a REF_DELTA loop still ends at
   * the depth limit instead of waiting on itself; the depth limit is checked against the kept
   * chain length, so the answer never depends on which object was read first. At most one
   * entry per object of the packs read.
   */
  readonly #packed = new Map<string, Map<number, { header: ObjectHeader; chain: number }>>();

  async #packedHeader(pack: string, offset: number, depth: number): Promise<{ header: ObjectHeader; chain: number }> {
    let known = this.#packed.get(pack);
    if (!known) {
      known = new Map();
      this.#packed.set(pack, known);
    }
    let entry = known.get(offset);
    if (!entry) {
      entry = await this.#readPackedHeader(pack, offset, depth);
      known.set(offset, entry);
    }
    if (depth + entry.chain > MAX_DELTA_DEPTH) throw new Error('delta chain too deep');
    return entry;
  }

  async #readPackedHeader(pack: string, offset: number, depth: number): Promise<{ header: ObjectHeader; chain: number }> {
    if (depth > MAX_DELTA_DEPTH) throw new Error('delta chain too deep');
    const entry = readPackEntryHeader(await this.#read(pack, offset, 64), offset);
    const { size } = entry;
    if (entry.kind === 'object') return { header: { type: entry.type, size, inflated: size }, chain: 0 };
    const base = entry.kind === 'ofs-delta' ? await this.#packedHeader(pack, entry.baseOffset, depth + 1) : await this.#header(entry.baseOid, depth + 1);
    // The delta's data starts with the base's size and the result's size.
    const result = deltaResultSize(inflateStart(await this.#read(pack, offset + entry.dataAt, 256)));
    return { header: { type: base.header.type, size: result, inflated: Math.max(result, size, base.header.inflated) }, chain: base.chain + 1 };
  }

  /** Type and size of a full object id, from its header (see {@link ObjectHeader}). */
  async header(oid: string): Promise<ObjectHeader> {
    return (await this.#header(oid, 0)).header;
  }

  async #header(oid: string, depth: number): Promise<{ header: ObjectHeader; chain: number }> {
    const location = this.#index.locate(oid);
    if (location === null) throw new Error(`object ${oid.slice(0, 12)} is not in the repository`);
    if ('pack' in location) return this.#packedHeader(location.pack, location.offset, depth);
    const { handle } = await this.#files.open(location.loose);
    let start: Buffer;
    try {
      const buffer = Buffer.alloc(256);
      const { bytesRead } = await handle.read(buffer, 0, 256, 0);
      start = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
    const header = inflateStart(start);
    const space = header.indexOf(0x20);
    const nul = header.indexOf(0);
    const type = space > 0 ? header.toString('latin1', 0, space) : '';
    const size = nul > space ? Number(header.toString('latin1', space + 1, nul)) : NaN;
    if (!['commit', 'tree', 'blob', 'tag'].includes(type) || !Number.isSafeInteger(size)) throw new Error('loose object header is not valid');
    return { header: { type, size, inflated: size }, chain: 0 };
  }

  /** The type of a full object id: `commit`, `tree`, `blob` or `tag`. */
  async type(oid: string): Promise<string> {
    return (await this.header(oid)).type;
  }

  /**
   * Inflated delta bases kept by pack and offset (a file's versions share their bases): the
   * the oldest kept let go first, {@link BASE_CACHE_BYTES} at most.
   */
  readonly #bases = new Map<string, { type: string; data: Buffer }>();
  #basesBytes = 0;

  /**
   * The content and type of a packed object, inflated by node:zlib and its deltas applied here
   * (issue 30: isomorphic-git inflates pack entries in JavaScript, 4.5 ms a blob of the
   * real-shaped benchmark's monorepo), checked against its id: the SHA-1 of its type, size and
   * content. Null for an object that is not packed (loose objects are read by isomorphic-git),
   * and for one whose bytes are not sound in any way (the caller reads it with isomorphic-git,
   * whose error then says why). Sizes are from the headers: the caller refuses an object over
   * its limit before reading it (src/lib/git/repository.ts `MAX_OBJECT_BYTES`).
   */
  async packedObject(oid: string): Promise<{ type: string; data: Buffer } | null> {
    const location = this.#index.locate(oid);
    if (location === null || !('pack' in location)) return null;
    let object: { type: string; data: Buffer };
    try {
      object = await this.#packedEntry(location.pack, location.offset, 0);
    } catch {
      this.#unverified.add(oid);
      return null;
    }
    if (objectId(object.type, object.data) === oid) return object;
    this.#unverified.add(oid);
    return null;
  }

  /** Packed objects {@link packedObject} answered null (see {@link unverified}). */
  readonly #unverified = new Set<string>();

  /**
   * Whether {@link packedObject} was asked for the packed object `oid` and could not give it: its
   * bytes were not sound (a delta copying past its base, a wrong size) or hashed to another id
   * (bytes changed in the pack, every size and zlib checksum kept). isomorphic-git checks no
   * packed object's SHA-1 and reads some such entries anyway (it clamps a delta's copy to its
   * base), so what it reads of such an object must be checked by the caller
   * (src/lib/git/repository.ts), or made-up bytes would be shown as the object.
   */
  unverified(oid: string): boolean {
    return this.#unverified.has(oid);
  }

  async #packedEntry(pack: string, offset: number, depth: number): Promise<{ type: string; data: Buffer }> {
    if (depth > MAX_DELTA_DEPTH) throw new Error('delta chain too deep');
    const key = `${offset}:${pack}`;
    const kept = this.#bases.get(key);
    if (kept) return kept;
    const entry = readPackEntryHeader(await this.#read(pack, offset, 64), offset);
    // zlib's own bound on deflated bytes (compressBound), and room for the stream's header and checksum.
    const deflated = entry.size + (entry.size >>> 12) + (entry.size >>> 14) + 64;
    const data = inflateSync(await this.#read(pack, offset + entry.dataAt, deflated), { maxOutputLength: Math.max(entry.size, 1) });
    if (data.length !== entry.size) throw new Error('pack entry size differs from its header');
    if (entry.kind === 'object') return { type: entry.type, data };
    let base: { type: string; data: Buffer };
    let baseKey: string;
    if (entry.kind === 'ofs-delta') {
      base = await this.#packedEntry(pack, entry.baseOffset, depth + 1);
      baseKey = `${entry.baseOffset}:${pack}`;
    } else {
      const at = this.#index.locate(entry.baseOid);
      if (at === null || !('pack' in at)) throw new Error('delta base not packed');
      base = await this.#packedEntry(at.pack, at.offset, depth + 1);
      baseKey = `${at.offset}:${at.pack}`;
    }
    this.#keepBase(baseKey, base);
    return { type: base.type, data: applyDelta(data, base.data) };
  }

  readonly #packs = new Map<string, Promise<Buffer | null>>();

  /**
   * A pack's bytes (`packBytes`), read once, when it is at most {@link WHOLE_PACK_BYTES} (isomorphic-git holds
   * every pack it reads whole too); null for a bigger one, read entry by entry.
   */
  #packBytes(pack: string): Promise<Buffer | null> {
    let pending = this.#packs.get(pack);
    if (!pending) {
      pending = this.#files.stat(pack).then((s) => (s.size <= WHOLE_PACK_BYTES ? this.#files.readFile(pack) : null));
      this.#packs.set(pack, pending);
    }
    return pending;
  }

  /** Keeps a delta's base for the next delta on it, the oldest kept let go past {@link BASE_CACHE_BYTES}. */
  #keepBase(key: string, base: { type: string; data: Buffer }): void {
    if (this.#bases.has(key) || base.data.length > BASE_CACHE_BYTES / 4) return;
    this.#bases.set(key, base);
    this.#basesBytes += base.data.length;
    for (const [old, value] of this.#bases) {
      if (this.#basesBytes <= BASE_CACHE_BYTES) break;
      this.#bases.delete(old);
      this.#basesBytes -= value.data.length;
    }
  }
}

/** The largest pack read whole by {@link ObjectTypes.packedObject} (a bigger one is read entry by entry). */
const WHOLE_PACK_BYTES = 64 * 1024 * 1024;

/** Bytes of inflated delta bases an {@link ObjectTypes} keeps (a delta's base is read once for the versions on it). */
const BASE_CACHE_BYTES = 8 * 1024 * 1024;
