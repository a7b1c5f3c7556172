/**
 * Accepted flags in a sharded build, and "since the last build" when the baseline changes
 * (count16). The example corpus with a baseline accepting 5 high flags, built once and as 2
 * shards merged:
 * - before, the merge passed no baseline to the pages that span projects (its store holds no
 *   model), so the merged home said `23 high 20 medium 5 low` with no "+ 5 accepted", and
 *   report.json `accepted` 0/0/0 with `acceptedIn` null, while each recap (copied from its shard)
 *   marked the 5 flags accepted; now the shards' manifests carry each project's accepted and open
 *   counts, and the merged home, projects, report page, report.json, archive.json and feed.xml are
 *   the single build's, byte for byte;
 * - before, a build whose baseline no longer accepted those flags said "no project changed"; now
 *   the build, the merge and their homes say `5 flags no longer accepted`, and a second merge
 *   copies every recap again (it kept the recaps marking the flags accepted);
 * - a merge ends with the build's "Next:" line (it named no project to start with);
 * - shards of the format before (`trailbook-shard/2`, no accepted counts) still merge, with a note,
 *   their flags counted as open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runCli, type CliRun } from './build-site.ts';

let tmp: string;
let baseline: string;
let empty: string;
const content = join(REPO_ROOT, 'content');
const out = (name: string): string => join(tmp, name);

async function run(args: string[]): Promise<CliRun> {
  const r = await runCli(args);
  if (r.code !== 0) throw new Error(`trailbook ${args.join(' ')} failed (${r.code}):\n${r.stderr}\n${r.stdout}`);
  return r;
}

/** The two shards, all with `file` as the baseline. */
async function buildShards(file: string): Promise<void> {
  for (const k of [1, 2]) await run(['build', content, '--shard', `${k}/2`, '--out', out(`shard-${k}`), '--cache-dir', out(`cache-${k}`), '--baseline', file]);
}

/** The single build into `single`, the two shards and their merge into `merged`, all with `file` as the baseline. */
async function buildBoth(file: string): Promise<{ single: CliRun; merge: CliRun }> {
  const single = await run(['build', content, '--out', out('single'), '--cache-dir', out('cache-single'), '--baseline', file]);
  await buildShards(file);
  const merge = await run(['merge', out('shard-1'), out('shard-2'), '--out', out('merged'), '--cache-dir', out('cache-merge')]);
  return { single, merge };
}

/** The text of the element `data-testid="<id>"` of a page, when it holds text alone. */
async function testId(site: string, page: string, id: string): Promise<string | undefined> {
  const html = await readFile(join(out(site), page), 'utf8');
  return new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

/** The files of the pages that span projects, and a recap with accepted flags: equal in a single build and a merge. */
const SPANNING = ['index.html', 'report/index.html', 'report.json', 'archive.json', 'feed.xml', 'p/tickets-faults/index.html', 'p/coordination-faults/index.html'];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'trailbook-accepted-shards-'));
  baseline = join(tmp, 'trailbook.baseline.json');
  empty = join(tmp, 'empty.baseline.json');
  await writeFile(empty, '{"version":"trailbook.baseline/1","accepted":[]}\n');
  const wrote = await run(['baseline', content, '--baseline', baseline, '--reason', 'planted before the gate', '--kind', 'evidence/path-not-found', 'trail/supersedes-forward', 'coord/missing-field']);
  expect(wrote.stderr).toContain('5 accepted flags (5 new with the reason given, 0 kept with their own).');
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('accepted flags in a sharded build', () => {
  it('the merged archive counts the accepted flags as the single build does', async () => {
    const { single, merge } = await buildBoth(baseline);
    // The project to start with, its accepted flags set apart: before, a merge ended with no "Next:" line.
    const next = (r: CliRun): string | undefined => /^Next: .*? Its recap:/m.exec(r.stderr)?.[0];
    expect(next(single)).toBe('Next: start with Planted faults (tickets-faults): 2 of its 12 problems cite what does not exist (7 high-severity flags, 4 medium-severity flags, 1 low-severity flag), 1 invalid record. Its recap:');
    expect(next(merge)).toBe(next(single));
    for (const file of SPANNING) expect(await readFile(join(out('merged'), file), 'utf8'), file).toBe(await readFile(join(out('single'), file), 'utf8'));
    // What a person reads, in both.
    for (const site of ['single', 'merged']) {
      expect(await testId(site, 'index.html', 'home-accepted'), site).toBe(`+ 5 accepted in ${baseline} (not counted as open)`);
      const report = JSON.parse(await readFile(join(out(site), 'report.json'), 'utf8')) as { totals: { accepted: unknown; acceptedIn: unknown; openProblems: unknown } };
      expect(report.totals.accepted, site).toEqual({ high: 5, medium: 0, low: 0 });
      expect(report.totals.acceptedIn, site).toBe(baseline);
      expect(report.totals.openProblems, site).toEqual({ high: 18, medium: 20, low: 5 });
      expect(await testId(site, 'report/index.html', 'open-problems'), site).toBe('18 / 20 / 5');
    }
    // Each shard's manifest says what it counted (trailbook-shard/3).
    const manifest = JSON.parse(await readFile(join(out('shard-1'), 'trailbook-shard', 'shard.json'), 'utf8')) as { format: string; options: { baseline: string }; accepted: { file: string } };
    expect(manifest.format).toBe('trailbook-shard/3');
    expect(manifest.options.baseline).toMatch(/^5 entries, sha256 [0-9a-f]{12}$/);
    expect(manifest.accepted.file).toBe(baseline);
  });

  it('a baseline that no longer accepts them: the build, the merge and both homes say "5 flags no longer accepted"; the merge copies the recaps again', async () => {
    const { single, merge } = await buildBoth(empty);
    // Before: 'since build 1: no project changed', and the home 'no project changed (14 projects as they were)'.
    expect(single.stderr).toContain('  history: build 2 (2 builds kept); since build 1: 2 projects new or changed, 5 flags no longer accepted\n');
    expect(merge.stderr).toContain('  history: build 2 (2 builds kept); since build 1: 2 projects new or changed, 5 flags no longer accepted\n');
    for (const site of ['single', 'merged']) {
      expect(await testId(site, 'index.html', 'archive-since-summary'), site).toBe('Build 2 compared with build 1: 2 projects changed; 5 flags no longer accepted. 12 projects unchanged.');
      expect(await testId(site, 'index.html', 'home-accepted'), site).toBeUndefined();
    }
    expect(await testId('single', 'p/tickets-faults/index.html', 'since-summary')).toBe('Build 2 compared with build 1: 3 flags no longer accepted.');
    // Before: the second merge kept the recaps of the first, which marked the 3 flags accepted.
    for (const file of SPANNING) expect(await readFile(join(out('merged'), file), 'utf8'), file).toBe(await readFile(join(out('single'), file), 'utf8'));
    // Attention's "3 flags are accepted in …" is gone from the merged recap as from the single build's.
    expect(await readFile(join(out('merged'), 'p/tickets-faults/index.html'), 'utf8')).not.toMatch(/flags? (?:is|are) accepted in/);
  });

  it('shards of the format before still merge, with a note, their flags counted as open', async () => {
    await buildShards(baseline);
    for (const k of [1, 2]) {
      const path = join(out(`shard-${k}`), 'trailbook-shard', 'shard.json');
      const manifest = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown> & { options: Record<string, unknown> };
      delete manifest['accepted'];
      delete manifest.options['baseline'];
      await writeFile(path, `${JSON.stringify({ ...manifest, format: 'trailbook-shard/2' })}\n`);
    }
    const merge = await run(['merge', out('shard-1'), out('shard-2'), '--out', out('merged-old'), '--cache-dir', out('cache-merge-old')]);
    expect(merge.stderr).toContain(
      `  note: shard 1/2 (${out('shard-1')}), shard 2/2 (${out('shard-2')}) were written by an earlier Trailbook (trailbook-shard/2), whose shards do not say which flags a baseline (trailbook.baseline.json) accepts: the home, the report and the exports count every flag of their projects as open, though their recaps mark those a baseline accepts; build them again with this Trailbook to count them apart\n`,
    );
    const report = JSON.parse(await readFile(join(out('merged-old'), 'report.json'), 'utf8')) as { totals: { accepted: unknown; acceptedIn: unknown } };
    expect([report.totals.accepted, report.totals.acceptedIn]).toEqual([{ high: 0, medium: 0, low: 0 }, null]);
  });
});
