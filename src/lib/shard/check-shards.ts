/**
 * Which shards can be merged into one archive (issue 17): built by the same Trailbook with the
 * same options from the same inputs, one of each `K/N`, none missing. Anything else is refused
 * with a message naming the shards and what differs, before anything is written.
 */
import { ShardError, type ShardManifest, type ShardOptions } from './manifest.ts';
import { shardLabel } from './partition.ts';
import { agree } from '../text/agree.ts';

/** A shard as the merge was given it. */
export interface GivenShard {
  /** Its folder as the user wrote it (for messages). */
  display: string;
  dir: string;
  manifest: ShardManifest;
}

const OPTION_NAMES: Record<keyof ShardOptions, string> = {
  base: 'base path (--base)',
  title: 'title (--title)',
  siteUrl: 'site URL (--site)',
  repositories: 'forge links (repositories in the configuration)',
  filter: 'include/exclude globs (configuration)',
  bdExport: 'beads.runExport (configuration)',
  allowRepositories: 'allowRepositories (configuration)',
  recapHtml: 'single-file recap.html setting (--recap-html, or recapHtml in the configuration)',
  decisionsCsv: 'decisions.csv.gz setting (--decisions-csv, or decisionsCsv in the configuration)',
  secrets: 'secret settings (--no-redact, or secrets in the configuration)',
};

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Throws {@link ShardError} unless `shards` are every shard of one sharded build. Returns them
 * ordered by shard index.
 */
export function checkShards(shards: readonly GivenShard[]): GivenShard[] {
  if (shards.length === 0) throw new ShardError('no shard to merge', 'pass the --out folders of every `trailbook build --shard K/N` run');
  const first = shards[0] as GivenShard;
  const name = (s: GivenShard): string => `shard ${shardLabel(s.manifest.shard)} (${s.display})`;
  for (const s of shards.slice(1)) {
    if (s.manifest.code !== first.manifest.code || s.manifest.version !== first.manifest.version) {
      throw new ShardError(
        `${name(s)} was built by Trailbook ${s.manifest.version} (code ${s.manifest.code.slice(0, 12)}), ${name(first)} by Trailbook ${first.manifest.version} (code ${first.manifest.code.slice(0, 12)}); shards of different Trailbook versions cannot be merged`,
        'build every shard, and merge them, with the same Trailbook',
      );
    }
    if (s.manifest.searchParts !== first.manifest.searchParts) {
      throw new ShardError(`${name(s)} holds search index parts of format ${s.manifest.searchParts}, ${name(first)} of format ${first.manifest.searchParts} (part, index and V8 versions: built on different Node versions)`, 'build every shard, and merge them, with the same Trailbook on the same Node');
    }
    for (const key of Object.keys(OPTION_NAMES) as Array<keyof ShardOptions>) {
      const [a, b] = [show(first.manifest.options[key]), show(s.manifest.options[key])];
      if (a !== b) throw new ShardError(`${name(first)} and ${name(s)} were built with different ${OPTION_NAMES[key]}: ${a} and ${b}`, 'build every shard with the same options and configuration');
    }
    if (s.manifest.shard.count !== first.manifest.shard.count) {
      throw new ShardError(`${name(first)} is one of ${first.manifest.shard.count} shards, ${name(s)} one of ${s.manifest.shard.count}`, 'merge the shards of one split: every --shard K/N with the same N');
    }
  }
  const count = first.manifest.shard.count;
  const byIndex = new Map<number, GivenShard>();
  for (const s of shards) {
    const twice = byIndex.get(s.manifest.shard.index);
    if (twice) throw new ShardError(`shard ${shardLabel(s.manifest.shard)} is given twice: ${twice.display} and ${s.display}`, 'pass each shard folder once');
    byIndex.set(s.manifest.shard.index, s);
  }
  const missing: string[] = [];
  for (let k = 1; k <= count; k++) if (!byIndex.has(k)) missing.push(`${k}/${count}`);
  if (missing.length > 0) {
    throw new ShardError(`${agree(missing.length, 'shard', 'shards')} ${missing.join(', ')} ${agree(missing.length, 'is', 'are')} missing: the archive has ${count} shards and ${shards.length} ${agree(shards.length, 'was', 'were')} given`, `pass the --out folders of all ${count} shards`);
  }
  const expected = first.manifest.discovered;
  for (const s of shards.slice(1)) {
    if (JSON.stringify(s.manifest.roots) !== JSON.stringify(first.manifest.roots)) {
      throw new ShardError(`${name(first)} and ${name(s)} read input folders of different names (${first.manifest.roots.join(', ')} and ${s.manifest.roots.join(', ')}); project and repository paths start with them`, 'build every shard from the same input folders, checked out at the same path');
    }
    const found = s.manifest.discovered;
    if (found.length === expected.length && found.every((id, i) => id === expected[i]) && JSON.stringify(s.manifest.problems) === JSON.stringify(first.manifest.problems)) continue;
    const only = (a: readonly string[], b: readonly string[]): string | undefined => {
      const other = new Set(b);
      return a.find((id) => !other.has(id));
    };
    const a = only(expected, found);
    const b = only(found, expected);
    const detail = a !== undefined ? `; ${a} only in ${shardLabel(first.manifest.shard)}` : b !== undefined ? `; ${b} only in ${shardLabel(s.manifest.shard)}` : found.length === expected.length && found.some((id, i) => id !== expected[i]) ? ', in another order' : ', with different discovery problems';
    throw new ShardError(
      `${name(first)} and ${name(s)} read different inputs: ${expected.length} and ${found.length} projects found${detail}`,
      'build every shard from the same input folders at the same commit',
    );
  }
  // The same names are not the same inputs (issue 28): each project's record files and each
  // repository's checked-out commit must be those every other shard read.
  for (const s of shards.slice(1)) {
    const [a, b] = [first.manifest.inputs, s.manifest.inputs];
    const project = expected.find((id) => a?.projects[id] !== b?.projects[id]);
    if (project !== undefined) {
      throw new ShardError(`${name(first)} and ${name(s)} read different inputs: the record files of project ${project} differ`, 'build every shard from the same input folders at the same commit');
    }
    const repos = [...new Set([...Object.keys(a?.repositories ?? {}), ...Object.keys(b?.repositories ?? {})])].sort();
    const repo = repos.find((id) => a?.repositories[id] !== b?.repositories[id]);
    if (repo !== undefined) {
      const at = (oid: string | null | undefined): string => (oid === undefined ? 'not opened' : oid === null ? 'at no commit' : `at ${oid.slice(0, 12)}`);
      throw new ShardError(`${name(first)} and ${name(s)} read different inputs: repository ${repo} is ${at(a?.repositories[repo])} in one and ${at(b?.repositories[repo])} in the other`, 'build every shard from the same input folders at the same commit');
    }
  }
  return [...byIndex.values()].sort((x, y) => x.manifest.shard.index - y.manifest.shard.index);
}
