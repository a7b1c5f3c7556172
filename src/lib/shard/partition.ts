/**
 * The stable partition of a sharded build (issue 17): project `id` belongs to shard
 * `1 + (first 32 bits of sha256(id)) mod N`. It depends on the id alone, so a project's shard
 * never changes when other projects come or go, and every machine computes the same split.
 */
import { createHash } from 'node:crypto';

/** One shard of a sharded build: `index` of `count`, 1-based (`--shard 2/4`). */
export interface ShardSpec {
  index: number;
  count: number;
}

/** Most shards a build may be split into (a CI matrix beyond this is a typo). */
export const MAX_SHARDS = 1000;

/**
 * Parses `K/N` (1 ≤ K ≤ N ≤ {@link MAX_SHARDS}). Throws an Error whose message says what is
 * wrong with `text`, for the CLI to print.
 */
export function parseShard(text: string): ShardSpec {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new Error(`--shard ${text} is not K/N (e.g. --shard 2/4: the second of four shards)`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) throw new Error(`--shard ${text}: the number of shards must be between 1 and ${MAX_SHARDS}`);
  if (index < 1 || index > count) throw new Error(`--shard ${text}: the shard must be between 1 and ${count}`);
  return { index, count };
}

/** The shard (1-based) of project `id` in a build split into `count` shards. */
export function shardOf(id: string, count: number): number {
  const head = createHash('sha256').update(id).digest().readUInt32BE(0);
  return 1 + (head % count);
}

/** `K/N`, as the CLI writes a shard. */
export const shardLabel = (shard: ShardSpec): string => `${shard.index}/${shard.count}`;
