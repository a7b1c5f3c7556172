/**
 * Whether a shard holds exactly what its build wrote (issue 28, scope 3): every file its
 * `trailbook-shard/contents.json` lists, of the listed size and sha256, and no other. A shard
 * whose artifact upload was cut, or whose files were changed since, is refused before the
 * merge writes anything, naming the first difference in path order.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBounded } from '../fs/bounded-tasks.ts';
import { codedErrorClass, type CodedError } from '../text/coded-error.ts';
import type { GivenShard, NamedShard } from './check-shards.ts';
import { SHARD_CONTENTS, SHARD_DATA, type ContentSum } from './manifest.ts';

/** Files hashed at once. */
const HASHED_AT_ONCE = 8;

/** The files under `dir` that a shard's contents list covers: every one but the manifest and the list. */
export async function shardFiles(dir: string): Promise<Array<{ rel: string; regular: boolean }>> {
  const out: Array<{ rel: string; regular: boolean }> = [];
  const walk = async (d: string, prefix: string): Promise<void> => {
    const entries = (await readdir(d, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const rel = `${prefix}${e.name}`;
      if (e.isDirectory()) await walk(join(d, e.name), `${rel}/`);
      else if (rel !== `${SHARD_DATA}/shard.json` && rel !== `${SHARD_DATA}/${SHARD_CONTENTS}`) out.push({ rel, regular: e.isFile() });
    }
  };
  await walk(dir, '');
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The size and sha256 of a file's bytes. */
export function contentSum(data: Uint8Array): ContentSum {
  return { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/** Every file of a shard folder with its sum, by path (for `contents.json`). */
export async function listContents(dir: string): Promise<Record<string, ContentSum>> {
  const files = await shardFiles(dir);
  const sums = await runBounded(files.length, HASHED_AT_ONCE, async (i) => contentSum(await readFile(join(dir, ...(files[i] as { rel: string }).rel.split('/')))));
  return Object.fromEntries(files.map((f, i) => [f.rel, sums[i] as ContentSum]));
}

/**
 * Why a shard does not hold what it wrote (issue 31, scope 6: a code and its data; the CLI words
 * it, src/cli/shard-words.ts). `shard` is the shard as given; `path` is `/`-separated, relative
 * to the shard folder. `file-missing` counts the files its manifest lists and those there;
 * `file-size` holds the bytes there and those listed.
 */
export type ShardDamage =
  | { code: 'contents-list-missing'; shard: NamedShard }
  | { code: 'contents-list-altered'; shard: NamedShard }
  | { code: 'file-missing'; shard: NamedShard; path: string; listed: number; present: number }
  | { code: 'file-unlisted'; shard: NamedShard; path: string }
  | { code: 'file-not-regular'; shard: NamedShard; path: string }
  | { code: 'file-size'; shard: NamedShard; path: string; bytes: number; listedBytes: number }
  | { code: 'file-sum'; shard: NamedShard; path: string };

/** A shard that does not hold what it wrote: a {@link CodedError} whose {@link ShardDamage} reads also as `damage`; message `shard damaged: <code>`. */
export const ShardDamageError = codedErrorClass<ShardDamage, 'damage'>('ShardDamageError', 'shard damaged', 'damage');
/** An error of {@link ShardDamageError}. */
export type ShardDamageError = InstanceType<typeof ShardDamageError>;

/** The file problems {@link verifyShard} finds in the second pass, without the shard. */
type FileDamage = { code: 'file-size'; path: string; bytes: number; listedBytes: number } | { code: 'file-sum'; path: string };

/**
 * Throws {@link ShardDamageError} naming the shard and the first file (in path order) that its
 * contents list lacks, that is missing, or whose size or sha256 differ; resolves when the
 * shard holds exactly what was written.
 */
export async function verifyShard(shard: GivenShard): Promise<void> {
  const named: NamedShard = { shard: shard.manifest.shard, display: shard.display };
  const listPath = join(shard.dir, SHARD_DATA, SHARD_CONTENTS);
  const listData = await readFile(listPath).catch(() => null);
  if (listData === null) throw new ShardDamageError({ code: 'contents-list-missing', shard: named });
  const listSum = contentSum(listData);
  if (listSum.bytes !== shard.manifest.contents?.bytes || listSum.sha256 !== shard.manifest.contents.sha256) throw new ShardDamageError({ code: 'contents-list-altered', shard: named });
  const listed = JSON.parse(listData.toString('utf8')) as Record<string, ContentSum>;
  const expected = Object.keys(listed).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const found = await shardFiles(shard.dir);
  // The first difference in path order: a file missing, or one the list does not name.
  let i = 0;
  let j = 0;
  while (i < expected.length || j < found.length) {
    const want = expected[i];
    const have = found[j];
    if (want !== undefined && (have === undefined || want < have.rel)) throw new ShardDamageError({ code: 'file-missing', shard: named, path: want, listed: expected.length, present: found.length });
    if (have !== undefined && (want === undefined || have.rel < want)) throw new ShardDamageError({ code: 'file-unlisted', shard: named, path: have.rel });
    if (have !== undefined && !have.regular) throw new ShardDamageError({ code: 'file-not-regular', shard: named, path: have.rel });
    i++;
    j++;
  }
  const problems = await runBounded(expected.length, HASHED_AT_ONCE, async (n): Promise<FileDamage | null> => {
    const rel = expected[n] as string;
    const want = listed[rel] as ContentSum;
    const data = await readFile(join(shard.dir, ...rel.split('/')));
    if (data.length !== want.bytes) return { code: 'file-size', path: rel, bytes: data.length, listedBytes: want.bytes };
    if (contentSum(data).sha256 !== want.sha256) return { code: 'file-sum', path: rel };
    return null;
  });
  const first = problems.find((p) => p !== null);
  if (first) throw new ShardDamageError({ ...first, shard: named });
}
