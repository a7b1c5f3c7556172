/**
 * Which shards can be merged into one archive (issue 17): built by the same Trailbook with the
 * same options from the same inputs, one of each `K/N`, none missing. Anything else is refused
 * before anything is written, with a code and the shards and values that differ
 * ({@link ShardMismatch}; the CLI words it).
 */
import { codedErrorClass, type CodedError } from '../text/coded-error.ts';
import type { ShardManifest, ShardOptions } from './manifest.ts';
import type { ShardSpec } from './partition.ts';

/** A shard as the merge was given it. */
export interface GivenShard {
  /** Its folder as the user wrote it (for messages). */
  display: string;
  dir: string;
  manifest: ShardManifest;
}

/** A shard as a refusal names it: its place in the split and its folder as the user wrote it. */
export interface NamedShard {
  shard: ShardSpec;
  display: string;
}

/**
 * Why shards cannot be merged into one archive (issue 31, scope 6: a code and its data; the
 * CLI words it, src/cli/shard-words.ts). `first` is the first shard given, `other` the one
 * that differs from it; pairs hold the first's value, then the other's.
 */
export type ShardMismatch =
  | { code: 'no-shards' }
  /** Built by other Trailbook code: versions and site fingerprints (32 hex digits). */
  | { code: 'other-trailbook'; first: NamedShard; other: NamedShard; versions: [string, string]; fingerprints: [string, string] }
  /** Search index parts of other formats (another Node). */
  | { code: 'other-search-parts'; first: NamedShard; other: NamedShard; formats: [string, string] }
  /** Built with another value of `option`, each shown as text (JSON unless a string). */
  | { code: 'other-option'; first: NamedShard; other: NamedShard; option: keyof ShardOptions; values: [string, string] }
  /** Shards of splits into other numbers of shards. */
  | { code: 'other-split'; first: NamedShard; other: NamedShard }
  | { code: 'given-twice'; shard: ShardSpec; displays: [string, string] }
  /** `missing`: the absent shards' places, in order; `count` shards in the split, `given` given. */
  | { code: 'missing'; missing: ShardSpec[]; count: number; given: number }
  | { code: 'other-root-names'; first: NamedShard; other: NamedShard; roots: [string[], string[]] }
  /** Other projects found (`found`: how many each), or the same in another order (`reordered`), or other discovery problems; `onlyIn`: a project only one of them found. */
  | { code: 'other-discovery'; first: NamedShard; other: NamedShard; found: [number, number]; onlyIn: { id: string; in: 'first' | 'other' } | null; reordered: boolean }
  /** The same project list, but `project`'s record files differ. */
  | { code: 'other-records'; first: NamedShard; other: NamedShard; project: string }
  /** A repository at other commits: a commit id, null (at no commit) or undefined (not opened). */
  | { code: 'other-repository-state'; first: NamedShard; other: NamedShard; repository: string; at: [string | null | undefined, string | null | undefined] };

/** Shards {@link checkShards} refuses to merge: a {@link CodedError} whose {@link ShardMismatch} reads also as `mismatch`; message `shards refused: <code>`. */
export const ShardMismatchError = codedErrorClass<ShardMismatch, 'mismatch'>('ShardMismatchError', 'shards refused', 'mismatch');
/** An error of {@link ShardMismatchError}. */
export type ShardMismatchError = InstanceType<typeof ShardMismatchError>;

const OPTIONS: ReadonlyArray<keyof ShardOptions> = ['base', 'title', 'siteUrl', 'repositories', 'filter', 'bdExport', 'allowRepositories', 'recapHtml', 'decisionsCsv', 'secrets', 'baseline'];

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Throws {@link ShardMismatchError} unless `shards` are every shard of one sharded build.
 * Returns them ordered by shard index.
 */
export function checkShards(shards: readonly GivenShard[]): GivenShard[] {
  if (shards.length === 0) throw new ShardMismatchError({ code: 'no-shards' });
  const first = shards[0] as GivenShard;
  const named = (s: GivenShard): NamedShard => ({ shard: s.manifest.shard, display: s.display });
  const refuse = (s: GivenShard, mismatch: ShardMismatch | ((pair: { first: NamedShard; other: NamedShard }) => ShardMismatch)): ShardMismatchError =>
    new ShardMismatchError(typeof mismatch === 'function' ? mismatch({ first: named(first), other: named(s) }) : mismatch);
  for (const s of shards.slice(1)) {
    if (s.manifest.code !== first.manifest.code || s.manifest.version !== first.manifest.version) {
      throw refuse(s, (pair) => ({ code: 'other-trailbook', ...pair, versions: [first.manifest.version, s.manifest.version], fingerprints: [first.manifest.code, s.manifest.code] }));
    }
    if (s.manifest.searchParts !== first.manifest.searchParts) throw refuse(s, (pair) => ({ code: 'other-search-parts', ...pair, formats: [first.manifest.searchParts, s.manifest.searchParts] }));
    for (const option of OPTIONS) {
      const values: [string, string] = [show(first.manifest.options[option]), show(s.manifest.options[option])];
      if (values[0] !== values[1]) throw refuse(s, (pair) => ({ code: 'other-option', ...pair, option, values }));
    }
    if (s.manifest.shard.count !== first.manifest.shard.count) throw refuse(s, (pair) => ({ code: 'other-split', ...pair }));
  }
  const count = first.manifest.shard.count;
  const byIndex = new Map<number, GivenShard>();
  for (const s of shards) {
    const twice = byIndex.get(s.manifest.shard.index);
    if (twice) throw refuse(s, { code: 'given-twice', shard: s.manifest.shard, displays: [twice.display, s.display] });
    byIndex.set(s.manifest.shard.index, s);
  }
  const missing: ShardSpec[] = [];
  for (let k = 1; k <= count; k++) if (!byIndex.has(k)) missing.push({ index: k, count });
  if (missing.length > 0) throw new ShardMismatchError({ code: 'missing', missing, count, given: shards.length });
  const expected = first.manifest.discovered;
  for (const s of shards.slice(1)) {
    if (JSON.stringify(s.manifest.roots) !== JSON.stringify(first.manifest.roots)) throw refuse(s, (pair) => ({ code: 'other-root-names', ...pair, roots: [first.manifest.roots, s.manifest.roots] }));
    const found = s.manifest.discovered;
    if (found.length === expected.length && found.every((id, i) => id === expected[i]) && JSON.stringify(s.manifest.problems) === JSON.stringify(first.manifest.problems)) continue;
    const only = (a: readonly string[], b: readonly string[]): string | undefined => {
      const other = new Set(b);
      return a.find((id) => !other.has(id));
    };
    const a = only(expected, found);
    const b = only(found, expected);
    const onlyIn = a !== undefined ? { id: a, in: 'first' as const } : b !== undefined ? { id: b, in: 'other' as const } : null;
    const reordered = onlyIn === null && found.length === expected.length && found.some((id, i) => id !== expected[i]);
    throw refuse(s, (pair) => ({ code: 'other-discovery', ...pair, found: [expected.length, found.length], onlyIn, reordered }));
  }
  // The same names are not the same inputs (issue 28): each project's record files and each
  // repository's checked-out commit must be those every other shard read.
  for (const s of shards.slice(1)) {
    const [a, b] = [first.manifest.inputs, s.manifest.inputs];
    const project = expected.find((id) => a?.projects[id] !== b?.projects[id]);
    if (project !== undefined) throw refuse(s, (pair) => ({ code: 'other-records', ...pair, project }));
    const repos = [...new Set([...Object.keys(a?.repositories ?? {}), ...Object.keys(b?.repositories ?? {})])].sort();
    const repo = repos.find((id) => a?.repositories[id] !== b?.repositories[id]);
    if (repo !== undefined) throw refuse(s, (pair) => ({ code: 'other-repository-state', ...pair, repository: repo, at: [a?.repositories[repo], b?.repositories[repo]] }));
  }
  return [...byIndex.values()].sort((x, y) => x.manifest.shard.index - y.manifest.shard.index);
}
