/**
 * Shards the core refuses to merge (src/lib/shard/check-shards.ts, {@link ShardMismatch}) or
 * finds damaged (src/lib/shard/verify-shard.ts, {@link ShardDamage}), as the CLI says it: what
 * differs or is wrong, naming the shards as given, and what to do.
 */
import type { NamedShard, ShardMismatch } from '../lib/shard/check-shards.ts';
import { SHARD_CONTENTS, SHARD_DATA, type ShardOptions } from '../lib/shard/manifest.ts';
import type { ShardDamage } from '../lib/shard/verify-shard.ts';
import { grouped } from '../lib/text/grouped.ts';
import { shardLabel } from '../lib/shard/partition.ts';
import { agree } from '../lib/text/agree.ts';

/** Each option a shard records, as its flag or configuration key is named. */
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
  baseline: 'baselines (trailbook.baseline.json, or --baseline FILE)',
};

const SAME_INPUTS = 'build every shard from the same input folders at the same commit';

/** `shard K/N (folder)`. */
const named = (s: NamedShard): string => `shard ${shardLabel(s.shard)} (${s.display})`;

/** A repository's state in a shard: at a commit (12 digits), at no commit, or not opened. */
const at = (oid: string | null | undefined): string => (oid === undefined ? 'not opened' : oid === null ? 'at no commit' : `at ${oid.slice(0, 12)}`);

/** What is wrong (one line) and the fix, for a refused merge. */
export function mismatchWords(m: ShardMismatch): { message: string; hint: string } {
  switch (m.code) {
    case 'no-shards':
      return { message: 'no shard to merge', hint: 'pass the --out folders of every `trailbook build --shard K/N` run' };
    case 'other-trailbook':
      return {
        message: `${named(m.other)} was built by Trailbook ${m.versions[1]} (code ${m.fingerprints[1].slice(0, 12)}), ${named(m.first)} by Trailbook ${m.versions[0]} (code ${m.fingerprints[0].slice(0, 12)}); shards of different Trailbook versions cannot be merged`,
        hint: 'build every shard, and merge them, with the same Trailbook',
      };
    case 'other-search-parts':
      return { message: `${named(m.other)} holds search index parts of format ${m.formats[1]}, ${named(m.first)} of format ${m.formats[0]} (part, index and V8 versions: built on different Node versions)`, hint: 'build every shard, and merge them, with the same Trailbook on the same Node' };
    case 'other-option':
      return { message: `${named(m.first)} and ${named(m.other)} were built with different ${OPTION_NAMES[m.option]}: ${m.values[0]} and ${m.values[1]}`, hint: 'build every shard with the same options and configuration' };
    case 'other-split':
      return { message: `${named(m.first)} is one of ${m.first.shard.count} shards, ${named(m.other)} one of ${m.other.shard.count}`, hint: 'merge the shards of one split: every --shard K/N with the same N' };
    case 'given-twice':
      return { message: `shard ${shardLabel(m.shard)} is given twice: ${m.displays[0]} and ${m.displays[1]}`, hint: 'pass each shard folder once' };
    case 'missing':
      return {
        message: `${agree(m.missing.length, 'shard', 'shards')} ${m.missing.map(shardLabel).join(', ')} ${agree(m.missing.length, 'is', 'are')} missing: the archive has ${m.count} shards and ${m.given} ${agree(m.given, 'was', 'were')} given`,
        hint: `pass the --out folders of all ${m.count} shards`,
      };
    case 'other-root-names':
      return { message: `${named(m.first)} and ${named(m.other)} read input folders of different names (${m.roots[0].join(', ')} and ${m.roots[1].join(', ')}); project and repository paths start with them`, hint: 'build every shard from the same input folders, checked out at the same path' };
    case 'other-discovery': {
      const detail = m.onlyIn !== null ? `; ${m.onlyIn.id} only in ${shardLabel(m.onlyIn.in === 'first' ? m.first.shard : m.other.shard)}` : m.reordered ? ', in another order' : ', with different discovery problems';
      return { message: `${named(m.first)} and ${named(m.other)} read different inputs: ${m.found[0]} and ${m.found[1]} projects found${detail}`, hint: SAME_INPUTS };
    }
    case 'other-records':
      return { message: `${named(m.first)} and ${named(m.other)} read different inputs: the record files of project ${m.project} differ`, hint: SAME_INPUTS };
    case 'other-repository-state':
      return { message: `${named(m.first)} and ${named(m.other)} read different inputs: repository ${m.repository} is ${at(m.at[0])} in one and ${at(m.at[1])} in the other`, hint: SAME_INPUTS };
  }
}

/** `N byte(s)`, digits grouped. */
const bytes = (n: number): string => `${grouped(n)} ${agree(n, 'byte', 'bytes')}`;

/** What is wrong with a damaged shard (one line) and the fix. */
export function damageWords(d: ShardDamage): { message: string; hint: string } {
  const hint = 'build that shard again, or download its files again: a shard must reach the merge whole';
  const name = named(d.shard);
  switch (d.code) {
    case 'contents-list-missing':
      return { message: `${name} is incomplete: ${SHARD_DATA}/${SHARD_CONTENTS} is missing`, hint };
    case 'contents-list-altered':
      return { message: `${name} was altered: ${SHARD_DATA}/${SHARD_CONTENTS} is not the list its manifest names`, hint };
    case 'file-missing':
      return { message: `${name} is incomplete: ${d.path} is missing (its manifest lists ${grouped(d.listed)} files, ${grouped(d.present)} are there)`, hint };
    case 'file-unlisted':
      return { message: `${name} holds ${d.path}, which its manifest does not list`, hint };
    case 'file-not-regular':
      return { message: `${name} was altered: ${d.path} is not a regular file`, hint };
    case 'file-size':
      return { message: `${name} was altered: ${d.path} has ${bytes(d.bytes)}, its manifest says ${bytes(d.listedBytes)}`, hint };
    case 'file-sum':
      return { message: `${name} was altered: ${d.path} is not the file its manifest lists (its sha256 differs)`, hint };
  }
}
