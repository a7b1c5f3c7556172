/**
 * A sorted list of every object id in a repository (loose objects plus pack index v2 files),
 * read once per repository, so that full and short SHA lookups are binary searches instead
 * of a scan of every pack index per lookup (isomorphic-git's `expandOid` scans).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const HEX = /^[0-9a-f]{38}$/;

async function listDir(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch {
    return [];
  }
}

/**
 * Parses a pack index (version 2) and returns its object ids as hex strings.
 * Throws an Error naming the file when the index is not version 2 or is truncated.
 */
export function parsePackIndexV2(data: Buffer, file: string): string[] {
  if (data.length < 8 + 256 * 4 || data.readUInt32BE(0) !== 0xff744f63 || data.readUInt32BE(4) !== 2) {
    throw new Error(`${file}: not a version 2 pack index`);
  }
  const count = data.readUInt32BE(8 + 255 * 4);
  const start = 8 + 256 * 4;
  if (data.length < start + count * 20) throw new Error(`${file}: pack index is truncated`);
  const oids = new Array<string>(count);
  for (let i = 0; i < count; i++) oids[i] = data.toString('hex', start + i * 20, start + i * 20 + 20);
  return oids;
}

/** All object ids of a repository, sorted, with prefix search. */
export interface ObjectIndex {
  /** Number of distinct objects. */
  readonly size: number;
  /** Every object id starting with `prefix` (lowercase hex), at most `limit`. */
  find(prefix: string, limit?: number): string[];
  /** Problems met while reading (a corrupt pack index), in plain words. */
  readonly problems: string[];
}

/** Reads the object index of the repository whose git directory is `gitdir`. */
export async function readObjectIndex(gitdir: string): Promise<ObjectIndex> {
  const objects = join(gitdir, 'objects');
  const all: string[] = [];
  const problems: string[] = [];
  const fanout = (await listDir(objects)).filter((d) => /^[0-9a-f]{2}$/.test(d));
  const loose = await Promise.all(fanout.map(async (dir) => (await listDir(join(objects, dir))).filter((f) => HEX.test(f)).map((f) => dir + f)));
  for (const list of loose) for (const oid of list) all.push(oid);
  for (const name of (await listDir(join(objects, 'pack'))).filter((f) => f.endsWith('.idx')).sort()) {
    try {
      // A loop, not push(...oids): a pack of a few hundred thousand objects would overflow the stack.
      for (const oid of parsePackIndexV2(await readFile(join(objects, 'pack', name)), `objects/pack/${name}`)) all.push(oid);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  all.sort();
  const oids: string[] = [];
  for (const oid of all) if (oids[oids.length - 1] !== oid) oids.push(oid);
  return {
    size: oids.length,
    problems,
    find(prefix: string, limit = 10): string[] {
      let lo = 0;
      let hi = oids.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((oids[mid] as string) < prefix) lo = mid + 1;
        else hi = mid;
      }
      const out: string[] = [];
      for (let i = lo; i < oids.length && out.length < limit; i++) {
        const oid = oids[i] as string;
        if (!oid.startsWith(prefix)) break;
        out.push(oid);
      }
      return out;
    },
  };
}
