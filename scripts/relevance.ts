/**
 * The relevance benchmark (issue 11 scope 8), run by `npm run bench`: builds the corpus of
 * scripts/gen-relevance-corpus.ts (rows sharing most of their words), samples 100 rows and
 * asks the search engine — the one the search page runs, reading the built index files — for
 * each of them:
 * - `words`: three words of its decision, one of them a word that tells it apart (its code
 *   name or its number), the other two of the words every row shares, in random order;
 * - `words (any three)`: three words of its decision drawn at random (for information: such a
 *   query may not tell one row from others, and the number of rows holding all three is shown);
 * - `id`: its row id;
 * - `SHA prefix`: the first 4–12 characters of the commit it cites (among rows citing one).
 * Reported per kind: the share of queries with the row in the first 3 results, and the mean
 * reciprocal rank (within the first 20; 0 beyond). Goal: ≥ 95% in the first 3.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { SearchEngine } from '../src/lib/search/query/engine.ts';
import type { SearchManifest } from '../src/lib/search/index/format.ts';
import { prng } from './gen-corpus.ts';
import type { TruthRow } from './gen-relevance-corpus.ts';

/** One kind's result. */
export interface RelevanceResult {
  kind: string;
  queries: number;
  top3: number;
  mrr: number;
  /** Median and largest number of results holding every query word (words kinds). */
  holders?: { median: number; max: number };
  /** A few queries that missed the first 3, for the record. */
  misses: Array<{ query: string; rank: number | null }>;
}

/** An engine over a built site's index, reading the files from disk. */
export async function engineOver(site: string): Promise<SearchEngine> {
  const dir = join(site, 'search-index');
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as SearchManifest;
  return new SearchEngine(manifest, async (path) => {
    const data = await readFile(join(dir, path));
    return data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
  });
}

/** Runs the benchmark's queries against a built site of the relevance corpus. */
export async function relevance(site: string, truth: readonly TruthRow[], samples = 100, seed = 11): Promise<RelevanceResult[]> {
  const engine = await engineOver(site);
  const pathOf = new Map<string, string>();
  for (const p of engine.manifest.parts) {
    const m = /(project-\d+)$/.exec(p.project ?? '');
    if (m) pathOf.set(m[1] as string, p.path);
  }
  const rand = prng(seed);
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const pool = [...list];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0] as T);
    return out;
  };
  const shuffle = <T>(list: T[]): T[] => sample(list, list.length);
  const rankOf = async (q: string, row: TruthRow): Promise<{ rank: number | null; complete: number }> => {
    // As the search page asks (src/scripts/search.ts): a first page from common words' top blocks when they hold one.
    const out = await engine.search(q, {}, { firstPage: true });
    const shown = await engine.show(out.hits.slice(0, 20), out);
    // The row on its recap (its first 100 rows) or on one of the recap's row pages (`rows/<n>/`, issue 30).
    const recap = `/${pathOf.get(row.project) ?? ''}`;
    const at = shown.findIndex((h) => h.href.startsWith(recap) && /^(rows\/\d+\/)?$/.test(h.href.slice(recap.length, h.href.indexOf('#'))) && h.href.endsWith(`#row-${row.id}`));
    // (A first page counts only the records it read: the rows holding every word are counted by the whole search.)
    return { rank: at < 0 ? null : at + 1, complete: out.firstPage ? (await engine.search(q, {})).complete : out.complete };
  };
  const kinds: Array<{ kind: string; rows: TruthRow[]; query: (r: TruthRow) => string; holders: boolean }> = [];
  const rows = sample(truth, samples);
  kinds.push({
    kind: 'words',
    rows,
    query: (r) => shuffle([r.words[4 + Math.floor(rand() * 2)] as string, ...sample(r.words.slice(0, 4), 2)]).join(' '),
    holders: true,
  });
  kinds.push({ kind: 'words (any three)', rows, query: (r) => sample(r.words, 3).join(' '), holders: true });
  kinds.push({ kind: 'id', rows, query: (r) => r.id, holders: false });
  kinds.push({ kind: 'SHA prefix', rows: sample(truth.filter((r) => r.sha !== null), samples), query: (r) => (r.sha as string).slice(0, 4 + Math.floor(rand() * 9)), holders: false });
  const results: RelevanceResult[] = [];
  for (const k of kinds) {
    let top3 = 0;
    let rr = 0;
    const holders: number[] = [];
    const misses: RelevanceResult['misses'] = [];
    for (const row of k.rows) {
      const q = k.query(row);
      const { rank, complete } = await rankOf(q, row);
      if (rank !== null && rank <= 3) top3++;
      else if (misses.length < 5) misses.push({ query: q, rank });
      rr += rank === null ? 0 : 1 / rank;
      holders.push(complete);
    }
    holders.sort((a, b) => a - b);
    results.push({
      kind: k.kind,
      queries: k.rows.length,
      top3: top3 / Math.max(1, k.rows.length),
      mrr: rr / Math.max(1, k.rows.length),
      ...(k.holders ? { holders: { median: holders[Math.floor(holders.length / 2)] ?? 0, max: holders[holders.length - 1] ?? 0 } } : {}),
      misses,
    });
  }
  return results;
}
