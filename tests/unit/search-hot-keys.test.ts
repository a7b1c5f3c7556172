/**
 * Exact tokens with many hits (issue 30, scope 2): a commit cited by a thousand rows across a
 * thousand projects must not cost a request per project. Index format 7 keeps each exact
 * entry's facet code word (no part's `sigs.bin` is read) and gives a hot key a file of its own
 * with its first page's records (format.ts, HotKey). Checked against the engine and merge of
 * format 6 (tests/oracle/search-v6/) as an oracle: the same parts give the same results, order,
 * counts and shown records, with a bounded number of files read.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { deserialize, serialize } from 'node:v8';
import { buildPart, type SearchPart } from '../../src/lib/search/index/part.ts';
import { writePart } from './search-memory-site.ts';
import { mergeParts } from '../../src/lib/search/index/merge.ts';
import { buildManifest, byRecency, partHeader } from '../../src/lib/search/index/manifest.ts';
import { docFileOf, HOT_FIRST, type StoredDoc } from '../../src/lib/search/index/format.ts';
import { SearchEngine, type Filters } from '../../src/lib/search/query/engine.ts';
import { mergeParts as mergePartsV6 } from '../oracle/search-v6/merge.ts';
import { SearchEngine as SearchEngineV6 } from '../oracle/search-v6/engine.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

const SHAS = ['0edc03f0d06ca0acef7de6af02d2981ede6c2c76', '0edc1111aaaabbbbccccddddeeeeffff00001111', '7b88593aaaabbbbccccddddeeeeffff000022223'];
const PATHS = ['src/core/queue-0.go', 'apps/web/src/queue-0.go', 'docs/site-3.md'];
const PHASES = ['design', 'build', 'verify'];
const RESULTS = ['verified', 'open', 'failed'];

interface Spec {
  project: number;
  sha: number | null;
  path: number | null;
  line: number | null;
  phase: number;
  result: number;
  severity: 'high' | 'low' | null;
  word: 'cache' | 'ledger';
}

const specArb = fc.record({
  project: fc.nat({ max: 7 }),
  sha: fc.option(fc.nat({ max: SHAS.length - 1 }), { freq: 1 }),
  path: fc.option(fc.nat({ max: PATHS.length - 1 }), { freq: 2 }),
  line: fc.option(fc.integer({ min: 1, max: 40 })),
  phase: fc.nat({ max: PHASES.length - 1 }),
  result: fc.nat({ max: RESULTS.length - 1 }),
  severity: fc.constantFrom('high' as const, 'low' as const, null),
  word: fc.constantFrom('cache' as const, 'ledger' as const),
});

function record(spec: Spec, i: number): SearchRecord {
  const id = i.toString(16).padStart(8, '0');
  const exact: SearchRecord['exact'] = [{ key: `id:${id}`, quality: 3 }];
  if (spec.sha !== null) exact.push({ key: `hex:${SHAS[spec.sha]}`, quality: 2 });
  if (spec.path !== null) {
    const path = PATHS[spec.path] as string;
    exact.push({ key: `path:${path.slice(path.lastIndexOf('/') + 1)}`, quality: 2, path, ...(spec.line !== null ? { from: spec.line, to: spec.line + (i % 3) } : {}) });
  }
  return {
    anchor: `row-${id}`,
    title: `Keep the ${spec.word} for step ${i}`,
    body: `because the ${spec.word} matters`,
    evidence: [spec.sha !== null ? SHAS[spec.sha] : '', spec.path !== null ? PATHS[spec.path] : ''].join(' '),
    facets: { type: [i % 9 === 0 ? 'flag' : 'decision'], phase: [PHASES[spec.phase] as string], result: [RESULTS[spec.result] as string] },
    exact,
    severity: spec.severity,
    time: `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00Z`,
  };
}

/** Both indexes of the same parts: format 7 (hot keys above `hot` entries) and the format-6 oracle, each with an engine that logs what it reads. */
async function both(specs: Spec[], hot: number, changed: number | null) {
  const byProject = new Map<number, SearchRecord[]>();
  specs.forEach((s, i) => byProject.set(s.project, [...(byProject.get(s.project) ?? []), record(s, i)]));
  const docs = new Map<string, Uint8Array>();
  const make = (p: number, records: SearchRecord[], latest: string): SearchPart => writePart(docs, { key: `p/p${p}`, title: `Project ${p}`, latest, records });
  const parts = [...byProject].map(([p, rs]) => make(p, rs, `2026-02-${String(10 + p).padStart(2, '0')}`)).sort(byRecency);
  // With `changed`, that project's part changed since main was merged (a delta index; main's copy stale).
  const changedRecords = changed !== null && byProject.has(changed) ? (byProject.get(changed) as SearchRecord[]).slice(1) : null;
  const changedParts = changedRecords ? [make(changed as number, changedRecords, `2026-02-${String(10 + (changed as number)).padStart(2, '0')}`)] : [];
  const current = [...parts.filter((p) => !changedParts.some((c) => c.key === p.key)), ...changedParts].sort(byRecency);
  const storedDoc = (list: readonly SearchPart[]) => (part: number, local: number): StoredDoc | null => {
    const key = list[part]?.key as string;
    const file = docs.get(`docs/${key}/${docFileOf(local).file}.bin`);
    return file ? ((JSON.parse(gunzipSync(file).toString('utf8')) as StoredDoc[])[docFileOf(local).at] ?? null) : null;
  };
  const engines = await Promise.all(
    [false, true].map(async (oracle) => {
      const files = new Map(docs);
      const merge = oracle ? (name: 'main' | 'delta', ps: SearchPart[], prefix: string) => mergePartsV6(name, ps, (path, data) => void files.set(`${prefix}/${path}`, data)) : (name: 'main' | 'delta', ps: SearchPart[], prefix: string) => mergeParts(name, ps, (path, data) => void files.set(`${prefix}/${path}`, data), { hotEntries: hot, storedDoc: storedDoc(ps) });
      const main = await merge('main', parts, 'main');
      const delta = changedParts.length > 0 ? await merge('delta', changedParts, 'delta') : null;
      const manifest = buildManifest(current.map((p) => partHeader(p, 'd', `p/${p.key.slice(2)}/`)), main, delta, changedParts.map((p) => p.key));
      const read: string[] = [];
      const load = async (path: string) => {
        read.push(path);
        const data = files.get(path);
        if (!data) throw new Error(`no file ${path}`);
        return gunzipSync(data);
      };
      return { engine: oracle ? new SearchEngineV6(manifest, load) : new SearchEngine(manifest, load), read, files };
    }),
  );
  return { now: engines[0] as (typeof engines)[0], oracle: engines[1] as (typeof engines)[1] };
}

/** What a person sees of a search: the results in order (shown), totals, complete, counts. */
async function seen(engine: SearchEngine | SearchEngineV6, q: string, filters: Filters) {
  const out = await engine.search(q, filters);
  // Shown without the query's SHA prefixes (\`parsed\`): the format-6 engine marked no SHA; the
  // marks and excerpt window a SHA gets now are tested in tests/unit/search-excerpt.test.ts.
  const shown = await engine.show(out.hits.slice(0, 40) as never, { terms: out.terms, prefix: out.prefix, line: out.line });
  return { n: out.hits.length, shown: shown.map((h) => [h.href, h.title, JSON.stringify(h.excerpt), JSON.stringify(h.tags), h.type]), totals: { ...out.totals }, complete: out.complete, counts: JSON.parse(JSON.stringify(out.counts)) as unknown, exact: out.exactTokens };
}

describe('exact tokens with many hits (format 7 against the format-6 engine)', () => {
  it('finds, ranks, counts and shows what the format-6 engine does, hot keys or not (property)', async () => {
    const queryArb = fc.oneof(
      fc.constantFrom(...SHAS.map((s) => s.slice(0, 7)), SHAS[0] as string, '0edc', ...PATHS, 'queue-0.go', 'queue-0.go:12', `${PATHS[0]}:7`, 'cache', 'ledger'),
      fc.tuple(fc.constantFrom(SHAS[0]?.slice(0, 7) as string, 'queue-0.go'), fc.constantFrom('cache', 'ledger')).map(([a, b]) => `${a} ${b}`),
      fc.nat({ max: 80 }).map((i) => i.toString(16).padStart(8, '0')),
    );
    const filterArb = fc.record({ phase: fc.option(fc.subarray(PHASES, { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 2 }), result: fc.option(fc.subarray(RESULTS, { minLength: 1, maxLength: 1 }), { nil: undefined, freq: 3 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(specArb, { minLength: 1, maxLength: 80 }), fc.constantFrom(1, 4, 32), fc.option(fc.nat({ max: 7 }), { freq: 3 }), fc.array(fc.tuple(queryArb, filterArb), { minLength: 1, maxLength: 4 }), async (specs, hot, changed, queries) => {
        const { now, oracle } = await both(specs, hot, changed);
        for (const [q, rawFilters] of queries) {
          const filters = Object.fromEntries(Object.entries(rawFilters).filter(([, v]) => v !== undefined)) as Filters;
          expect(await seen(now.engine, q, filters)).toEqual(await seen(oracle.engine, q, filters));
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a SHA cited by rows of 200 projects is listed from a bounded number of files, none of them a project’s sigs.bin', async () => {
    const specs: Spec[] = Array.from({ length: 2000 }, (_, i) => ({ project: i % 200, sha: i % 3 === 0 ? 0 : null, path: i % 4 === 0 ? 0 : null, line: null, phase: i % 3, result: i % 3, severity: null, word: 'cache' }));
    for (const q of [SHAS[0]?.slice(0, 7) as string, PATHS[0] as string]) {
      const { now, oracle } = await both(specs, 32, null);
      const a = await seen(now.engine, q, {});
      const b = await seen(oracle.engine, q, {});
      expect(a).toEqual(b);
      expect(a.n).toBe(q === PATHS[0] ? 500 : 667);
      // The format-6 engine read a sigs.bin per project holding the key, and a doc-store file per result shown.
      expect(oracle.read.filter((p) => p.endsWith('/sigs.bin')).length).toBe(new Set(specs.filter((s) => (q === PATHS[0] ? s.path : s.sha) !== null).map((s) => s.project)).size);
      expect(now.read.filter((p) => p.endsWith('/sigs.bin'))).toEqual([]);
      // Format 7: the parts table, the exact page of each form of the token (a SHA prefix is
      // also looked up as an id; a path as an id, a flag kind and a file name), the hot key's
      // file, and the doc-store files of the results shown past the first page's HOT_FIRST (40
      // shown here: 15 more), whatever the number of projects.
      const index = now.read.filter((p) => !p.startsWith('docs/'));
      expect(index[0]).toBe('main/parts.bin');
      expect(index.filter((p) => /^main\/hot\/\d+\.bin$/.test(p)).length, q).toBe(1);
      expect(index.filter((p) => /^main\/exact\/\d+\.bin$/.test(p)).length, q).toBeLessThanOrEqual(3);
      expect(index.length, q).toBeLessThanOrEqual(5);
      expect(now.read.filter((p) => p.startsWith('docs/')).length).toBeLessThanOrEqual(40 - HOT_FIRST);
    }
  });

  it('writes the same bytes when the parts and their doc stores come from elsewhere (a merge of shards)', async () => {
    const specs: Spec[] = Array.from({ length: 300 }, (_, i) => ({ project: i % 6, sha: i % 2 === 0 ? 0 : null, path: null, line: null, phase: i % 3, result: i % 3, severity: i % 50 === 0 ? 'high' : null, word: 'cache' }));
    const { now } = await both(specs, 32, null);
    const built = [...now.files].filter(([k]) => k.startsWith('main/'));
    expect(built.some(([k]) => k.startsWith('main/hot/'))).toBe(true);
    // The same parts, as a shard's cache hands them over, with their doc stores copied.
    const byProject = new Map<number, SearchRecord[]>();
    specs.forEach((sp, i) => byProject.set(sp.project, [...(byProject.get(sp.project) ?? []), record(sp, i)]));
    const docs = new Map<string, Uint8Array>();
    const parts = [...byProject].map(([p, rs]) => {
      const { part, files } = buildPart({ key: `p/p${p}`, title: `Project ${p}`, project: `content/p${p}`, latest: `2026-02-${String(10 + p).padStart(2, '0')}`, records: rs });
      files.docs.forEach((d, i) => docs.set(`docs/p/p${p}/${i}.bin`, Buffer.from(d)));
      return deserialize(serialize(part)) as SearchPart;
    }).sort(byRecency);
    const files = new Map<string, Uint8Array>();
    await mergeParts('main', parts, (path, data) => void files.set(`main/${path}`, data), { storedDoc: (part, local) => (JSON.parse(gunzipSync(docs.get(`docs/${parts[part]?.key}/${docFileOf(local).file}.bin`) as Uint8Array).toString('utf8')) as StoredDoc[])[docFileOf(local).at] ?? null });
    expect([...files.keys()].sort()).toEqual(built.map(([k]) => k).sort());
    for (const [path, data] of built) expect(Buffer.compare(Buffer.from(data), Buffer.from(files.get(path) as Uint8Array)), path).toBe(0);
  });
});
