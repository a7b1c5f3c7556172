/**
 * Sharded builds (issue 17), the core: the partition, which shards merge, and the markup the
 * merge writes again on evidence pages cited from several shards.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseShard, shardOf } from '../../src/lib/shard/partition.ts';
import { checkShards, ShardMismatchError, type GivenShard } from '../../src/lib/shard/check-shards.ts';
import { mismatchWords } from '../../src/cli/shard-words.ts';
import { baselineOption, SHARD_FORMAT, SHARD_FORMAT_2, type ShardManifest } from '../../src/lib/shard/manifest.ts';
import { acceptedOfShards } from '../../src/lib/shard/merge.ts';
import { codeLinesHtml, remarkLines } from '../../src/components/html/code.ts';
import { replacePart } from '../../src/integrations/merged-evidence-pages.ts';
import { EVIDENCE_PARTS, citedByHtml, notLandedHtml } from '../../src/components/html/evidence-page.ts';
import { commitEntryDigest, gatherEvidence } from '../../src/lib/archive/evidence-entries.ts';

describe('the partition', () => {
  it('reads K/N and refuses anything else, saying why', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    expect(() => parseShard('0/4')).toThrow('--shard 0/4: the shard must be between 1 and 4');
    expect(() => parseShard('5/4')).toThrow('--shard 5/4: the shard must be between 1 and 4');
    expect(() => parseShard('2')).toThrow('--shard 2 is not K/N (e.g. --shard 2/4: the second of four shards)');
    expect(() => parseShard('1/0')).toThrow('--shard 1/0: the number of shards must be between 1 and 1000');
  });

  it('puts a project in one shard by its id alone', () => {
    expect(shardOf('tickets-clean', 4)).toBe(shardOf('tickets-clean', 4));
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 50 }), (id, n) => {
        const k = shardOf(id, n);
        return k >= 1 && k <= n && Number.isInteger(k);
      }),
    );
  });

  it('spreads projects over the shards', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) (counts[shardOf(`projects-project-${String(i).padStart(4, '0')}`, 4) - 1] as number)++;
    for (const c of counts) expect(c).toBeGreaterThan(900);
  });
});

const manifest = (index: number, count: number, extra: Partial<ShardManifest> = {}): ShardManifest => ({
  format: SHARD_FORMAT,
  version: '0.1.0',
  code: 'c'.repeat(32),
  searchParts: '2.4.12',
  options: { base: '/', title: 'Trailbook', siteUrl: null, repositories: [], filter: { include: [], exclude: [] }, bdExport: false, allowRepositories: [], recapHtml: false, decisionsCsv: false, secrets: { redact: true, allow: [], patterns: [] } },
  shard: { index, count },
  roots: ['runs'],
  discovered: ['a', 'b', 'c'],
  problems: [],
  projects: [],
  pages: {},
  files: {},
  commits: {},
  inputs: { projects: { a: 'a1', b: 'b1', c: 'c1' }, repositories: { repo: 'f'.repeat(40) } },
  contents: { bytes: 2, sha256: 'e'.repeat(64) },
  ...extra,
});
const given = (m: ShardManifest, display = `shard-${m.shard.index}`): GivenShard => ({ dir: `/x/${display}`, display, manifest: m });

/** {@link checkShards}, its refusal (a code and data) worded as the CLI says it (src/cli/shard-words.ts). */
function refused(shards: readonly GivenShard[]): GivenShard[] {
  try {
    return checkShards(shards);
  } catch (error) {
    if (error instanceof ShardMismatchError) throw new Error(mismatchWords(error.mismatch).message);
    throw error;
  }
}

describe('which shards merge', () => {
  it('every shard of one build, returned by index', () => {
    expect(checkShards([given(manifest(2, 2)), given(manifest(1, 2))]).map((s) => s.display)).toEqual(['shard-1', 'shard-2']);
  });

  it('not a missing shard', () => {
    expect(() => refused([given(manifest(1, 3)), given(manifest(3, 3))])).toThrow('shard 2/3 is missing: the archive has 3 shards and 2 were given');
  });

  it('not one given twice', () => {
    expect(() => refused([given(manifest(1, 2), 'a'), given(manifest(1, 2), 'b')])).toThrow('shard 1/2 is given twice: a and b');
  });

  it('not shards of different splits', () => {
    expect(() => refused([given(manifest(1, 2)), given(manifest(2, 3))])).toThrow('shard 1/2 (shard-1) is one of 2 shards, shard 2/3 (shard-2) one of 3');
  });

  it('not shards of different Trailbook versions', () => {
    expect(() => refused([given(manifest(1, 2)), given(manifest(2, 2, { version: '0.2.0', code: 'd'.repeat(32) }))])).toThrow(
      'shard 2/2 (shard-2) was built by Trailbook 0.2.0 (code dddddddddddd), shard 1/2 (shard-1) by Trailbook 0.1.0 (code cccccccccccc); shards of different Trailbook versions cannot be merged',
    );
  });

  it('not shards whose search index parts another Node serialised', () => {
    expect(() => refused([given(manifest(1, 2)), given(manifest(2, 2, { searchParts: '2.4.13' }))])).toThrow(
      'shard 2/2 (shard-2) holds search index parts of format 2.4.13, shard 1/2 (shard-1) of format 2.4.12 (part, index and V8 versions: built on different Node versions)',
    );
  });

  it('not shards built with different options', () => {
    const other = manifest(2, 2);
    other.options = { ...other.options, base: '/archive/' };
    expect(() => refused([given(manifest(1, 2)), given(other)])).toThrow('shard 1/2 (shard-1) and shard 2/2 (shard-2) were built with different base path (--base): / and /archive/');
  });

  it('not shards of which only some wrote recap.html (--recap-html)', () => {
    const other = manifest(2, 2);
    other.options = { ...other.options, recapHtml: true };
    expect(() => refused([given(manifest(1, 2)), given(other)])).toThrow('shard 1/2 (shard-1) and shard 2/2 (shard-2) were built with different single-file recap.html setting (--recap-html, or recapHtml in the configuration): false and true');
  });

  it('not shards that read other baselines (count16): their recaps would mark other flags accepted', () => {
    const other = manifest(2, 2);
    other.options = { ...other.options, baseline: baselineOption([{ project: 'a', kind: 'k', fingerprint: '0'.repeat(16), reason: 'known' }]) };
    expect(() => refused([given(manifest(1, 2, { options: { ...other.options, baseline: baselineOption(null) } })), given(other)])).toThrow(
      'shard 1/2 (shard-1) and shard 2/2 (shard-2) were built with different baselines (trailbook.baseline.json, or --baseline FILE): none and 1 entry, sha256 ',
    );
  });

  it('the accepted flags each shard counted, in one map; none from a trailbook-shard/2 manifest, which is named (count16)', () => {
    const a = { high: 1, medium: 0, low: 0, open: { flags: { high: 0, medium: 1, low: 0 }, problems: { high: 0, medium: 1, low: 0, citesMissing: 0 } }, places: [1] };
    const one = given(manifest(1, 2, { projects: [{ id: 'a', digest: 'da' }], accepted: { file: 'trailbook.baseline.json', projects: { a } } }));
    const two = given(manifest(2, 2, { projects: [{ id: 'b', digest: 'db' }], accepted: { file: 'trailbook.baseline.json', projects: {} } }));
    const { accepted, unknown } = acceptedOfShards([one, two]);
    expect(accepted?.file).toBe('trailbook.baseline.json');
    expect([...(accepted?.counts ?? [])]).toEqual([['a', a]]);
    expect(unknown).toEqual([]);
    // No baseline read: nothing accepted, and nothing to say.
    expect(acceptedOfShards([given(manifest(1, 1, { accepted: { file: null, projects: {} } }))])).toEqual({ accepted: null, unknown: [] });
    // A shard of the format before: it does not say; the merge names it.
    const old = given({ ...manifest(2, 2, { projects: [{ id: 'b', digest: 'db' }] }), format: SHARD_FORMAT_2 });
    expect(acceptedOfShards([one, old]).unknown.map((s) => s.display)).toEqual(['shard-2']);
    // A manifest counting a project it does not hold is refused, naming it.
    const stray = given(manifest(1, 1, { projects: [{ id: 'a', digest: 'da' }], accepted: { file: 'b.json', projects: { c: a } } }));
    expect(() => acceptedOfShards([stray])).toThrow(`shard shard-1's manifest counts accepted flags of "c" that are not a project of the shard or not counts; the shard was not written by Trailbook`);
  });

  it('not shards of input folders with other names', () => {
    expect(() => refused([given(manifest(1, 2)), given(manifest(2, 2, { roots: ['checkout-2'] }))])).toThrow('shard 1/2 (shard-1) and shard 2/2 (shard-2) read input folders of different names (runs and checkout-2); project and repository paths start with them');
  });

  it('not shards of different inputs', () => {
    expect(() => refused([given(manifest(1, 2)), given(manifest(2, 2, { discovered: ['a', 'b'] }))])).toThrow('shard 1/2 (shard-1) and shard 2/2 (shard-2) read different inputs: 3 and 2 projects found; c only in 1/2');
  });

  // Issue 28, reproduction 2: the same folder names and project list are not the same inputs.
  it('not shards of other records with the same project list', () => {
    const other = manifest(2, 2, { inputs: { projects: { a: 'a1', b: 'b2', c: 'c1' }, repositories: { repo: 'f'.repeat(40) } } });
    expect(() => refused([given(manifest(1, 2)), given(other)])).toThrow('shard 1/2 (shard-1) and shard 2/2 (shard-2) read different inputs: the record files of project b differ');
  });

  it('not shards of a repository at another commit', () => {
    const other = manifest(2, 2, { inputs: { projects: { a: 'a1', b: 'b1', c: 'c1' }, repositories: { repo: '0'.repeat(40) } } });
    expect(() => refused([given(manifest(1, 2)), given(other)])).toThrow('shard 1/2 (shard-1) and shard 2/2 (shard-2) read different inputs: repository repo is at ffffffffffff in one and at 000000000000 in the other');
  });
});

describe('a refused merge is a code and its data, worded at the edge', () => {
  const caught = (shards: readonly GivenShard[]): unknown => {
    try {
      checkShards(shards);
    } catch (error) {
      return error instanceof ShardMismatchError ? error.mismatch : error;
    }
    return null;
  };

  it('names the missing shards, the split and how many were given', () => {
    expect(caught([given(manifest(1, 3)), given(manifest(3, 3))])).toEqual({ code: 'missing', missing: [{ index: 2, count: 3 }], count: 3, given: 2 });
    expect(caught([])).toEqual({ code: 'no-shards' });
  });

  it('names the two shards, the option and both values', () => {
    const other = manifest(2, 2);
    other.options = { ...other.options, base: '/archive/' };
    expect(caught([given(manifest(1, 2)), given(other)])).toEqual({ code: 'other-option', first: { shard: { index: 1, count: 2 }, display: 'shard-1' }, other: { shard: { index: 2, count: 2 }, display: 'shard-2' }, option: 'base', values: ['/', '/archive/'] });
  });
});

describe('what a merge writes again', () => {
  it('marks the lines of every shard, and only line markup', () => {
    const lines = [[{ text: '<span class="line" id="L9">', cls: '' }], [{ text: 'b', cls: 'hx' }], [{ text: 'c', cls: '' }]];
    const one = codeLinesHtml(lines, 1, [{ from: 1, to: 1 }], true).value;
    const both = codeLinesHtml(lines, 1, [{ from: 1, to: 1 }, { from: 3, to: 3 }], true).value;
    expect(remarkLines(one, [{ from: 1, to: 1 }, { from: 3, to: 3 }])).toBe(both);
    expect(remarkLines(both, [])).toBe(codeLinesHtml(lines, 1, [], true).value);
  });

  it('replaces one part of a page and refuses a page without it', () => {
    const page = `<main><h1>x</h1>${citedByHtml([], 0, '/').value}<p>after</p></main>`;
    const cite = [{ rowId: '1', anchor: 'row-1', decision: 'D </section>', projectId: 'p', projectTitle: 'P' }];
    expect(replacePart(page, EVIDENCE_PARTS.citedBy, citedByHtml(cite, 2, '/').value, 'page')).toBe(`<main><h1>x</h1>${citedByHtml(cite, 2, '/').value}<p>after</p></main>`);
    expect(() => replacePart('<main></main>', EVIDENCE_PARTS.citedBy, '', 'r/x/commit/y/index.html')).toThrow('r/x/commit/y/index.html has no <section aria-labelledby="cited-by">: it was not written by this Trailbook');
  });
});

describe('a commit not in a landed history, across shards', () => {
  const cite = (rowId: string) => ({ rowId, anchor: `row-${rowId}`, decision: `D${rowId}`, lines: null });
  const projects = [
    { id: 'a', title: 'A', repository: { id: 'repo', path: 'repo', head: 'a'.repeat(40) } },
    { id: 'b', title: 'B <b>', repository: { id: 'repo', path: 'repo', head: 'b'.repeat(40) } },
  ];
  const cited = async (id: string) => ({ commits: [{ oid: 'c'.repeat(40), by: [cite(id)], ...(id === 'b' ? { notLanded: true as const } : {}) }], files: [] });

  it('lists the citing projects whose landed head lacks it, and the digest changes with them', async () => {
    const { commits } = await gatherEvidence(projects, cited as never);
    const entry = commits[0] as (typeof commits)[number];
    expect(entry.notLandedIn).toEqual([{ projectId: 'b', projectTitle: 'B <b>', head: 'b'.repeat(40) }]);
    expect(commitEntryDigest(entry, [])).not.toBe(commitEntryDigest({ ...entry, notLandedIn: [] }, []));
  });

  it('writes the notice between its comments, escaped, and nothing when every project has it', () => {
    expect(notLandedHtml([], '/').value).toBe('<!--trailbook:not-landed--><!--/trailbook:not-landed-->');
    const one = notLandedHtml([{ projectId: 'b', projectTitle: 'B <b>', head: 'b'.repeat(40) }], '/base/').value;
    expect(one).toContain('<a href="/base/p/b/">B &lt;b&gt;</a> — landed head <code>bbbbbbbbbbbb</code>');
    expect(one).toContain('the landed head of the project citing it');
    const page = `<main>${notLandedHtml([], '/base/').value}</main>`;
    expect(replacePart(page, EVIDENCE_PARTS.notLanded, one, 'page')).toBe(`<main>${one}</main>`);
  });
});

describe('ids read from a shard', () => {
  it('are the ids Trailbook writes, never a way out of a folder', async () => {
    const { isSafeId } = await import('../../src/lib/shard/manifest.ts');
    for (const id of ['tickets-clean', 'repo-0001.git', 'a..b', 'x_y']) expect(isSafeId(id), id).toBe(true);
    for (const id of ['..', '.', '../etc', 'a/b', 'A', '', 'x'.repeat(101), 7, null]) expect(isSafeId(id), String(id)).toBe(false);
  });
});
