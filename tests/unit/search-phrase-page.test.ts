/**
 * A phrase with a near-universal word (issue 30, format 10): a word in more than TOP_MIN
 * records and more than half the index is checked in stored titles; the query's other words
 * are read from their first blocks (WORD_BLOCK_POSTINGS), and the decision rows holding them
 * first in their titles at their places in the phrase are the only records that may have the
 * best key (phrase-page.ts; phrase.ts). The first page so found is the whole search's,
 * record for record. The limits are lowered here, so a thousand records show it.
 */
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import type { DictEntry } from '../../src/lib/search/index/format.ts';
import { FIRST_PAGE, SearchEngine, type Hit, type SearchOutcome } from '../../src/lib/search/query/engine.ts';
import { memorySite } from './search-memory-site.ts';
import { phrasePlan, titlePositions } from '../../src/lib/search/query/phrase.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

const THINGS = ['ledger writer', 'cache reader', 'queue'];
const VERBS = ['Replace', 'Inline', 'Split', 'Cache'];

/** Title of row i of project p: `<verb> the <thing> for step <n> of project <p>`, n = ⌊i / 3⌋ mod 10. */
function title(p: number, i: number, stage = false): string {
  const n = Math.floor(i / 3) % 10;
  // Step 4's rows: two in three about the ledger writer, the third with the phrase's words apart.
  const thing = n === 4 ? (i % 3 === 2 ? 'ledger writer that waits at' : 'ledger writer') : THINGS[i % 3];
  // With `stage`, two of them say `stage` for `step`: every word of the phrase but one in its place.
  return `${VERBS[i % 4]} the ${thing} for ${stage && n === 4 && i % 3 !== 1 ? 'stage' : 'step'} ${n} of project ${p}`;
}

/**
 * A project of 300 decision rows ({@link title}: `step` in every title; `… the ledger writer
 * for step 4 …` two rows in 30). Every tenth row's body also says `the ledger writer waits at
 * step 4` (every word, no phrase in one field). `flags` high-severity flags first, whose titles
 * quote a row (the phrase, in a title that is not a decision's: they come first in document
 * order, fill the words' top blocks, and rank below the rows).
 */
function records(p: number, flags: number, stage = false): SearchRecord[] {
  const out: SearchRecord[] = [];
  for (let i = 0; i < 300; i++) {
    const id = (p * 1000 + i).toString(16).padStart(8, '0');
    out.push({
      anchor: `row-${id}`,
      title: title(p, i, stage),
      body: i % 10 === 0 ? 'the ledger writer waits at step 4' : 'nothing to add',
      evidence: '',
      facets: { type: ['decision'], result: [i % 5 === 0 ? 'open' : 'verified'] },
      exact: [{ key: `id:${id}`, quality: 3 }],
      severity: null,
      time: `2026-01-01T${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`,
    });
  }
  for (let f = 0; f < flags; f++)
    out.push({
      anchor: `flag-${p}-${f}`,
      title: `Row quotes: Replace the ledger writer for step 4 of project ${p}`,
      body: 'a flag',
      evidence: '',
      facets: { type: ['flag'] },
      severity: 'high',
      time: null,
    });
  return out;
}

async function site(options: { projects?: number; flags?: number; wordBlock?: number; stage?: boolean } = {}) {
  const specs = Array.from({ length: options.projects ?? 4 }, (_, p) => ({ key: `p/p${p}`, latest: `2026-02-1${p}`, records: records(p, options.flags ?? 10, options.stage) }));
  const built = await memorySite(specs, { merge: { top: { min: 100, postings: 40 }, ...(options.wordBlock ? { wordBlock: options.wordBlock } : {}) } });
  const entries = (): Map<string, DictEntry> => new Map([...built.files].filter(([p]) => p.startsWith('main/dict/')).flatMap(([, d]) => JSON.parse(gunzipSync(d).toString('utf8')) as DictEntry[]).map((e) => [e[0], e]));
  return { engine: built.engine, read: built.read, entries, docs: built.main.docs, manifest: built.manifest, load: built.load };
}

/** What a person sees of the first page: links and titles in order, and the results' keys. */
async function page(engine: SearchEngine, q: string, firstPage: boolean) {
  const out = await engine.search(q, {}, { firstPage });
  const shown = await engine.show(out.hits.slice(0, FIRST_PAGE), out);
  return { firstPage: out.firstPage, shown: shown.map((h) => `${h.href} ${h.title}`), scores: out.hits.slice(0, FIRST_PAGE).map((h) => h.score), n: out.hits.length };
}

const Q = 'ledger writer step 4';

describe('a phrase with a near-universal word (format 10)', () => {
  it('cuts a word’s list into blocks of `wordBlock` postings, and tells near-universal words from their entries', async () => {
    const { entries, docs } = await site({ wordBlock: 128 });
    const byTerm = entries();
    // 1,240 records: `step` in every title; `ledger` in 600 (titles, flags, bodies), fewer than half.
    expect(docs).toBe(1240);
    expect(byTerm.get('step')?.[1]).toBe(1240);
    expect(byTerm.get('ledger')?.[1]).toBe(600);
    expect(byTerm.get('ledger')?.[2].length).toBe(5);
    const plan = (q: string[]) => phrasePlan(q, q.map((t) => byTerm.get(t) ?? null), docs);
    // The two rarest words are read (`4` in 160 records, `ledger` and `writer` in 600: the first); the others checked in titles.
    expect(plan(['ledger', 'writer', 'step', '4'])).toEqual({ listed: [0, 3], checked: [1, 2] });
    expect(plan(['writer', 'step'])).toEqual({ listed: [0], checked: [1] });
    // No near-universal word, only near-universal words, a word repeated or missing: not such a phrase.
    expect(plan(['ledger', 'writer'])).toBeNull();
    expect(plan(['step', 'project'])).toBeNull();
    expect(plan(['step', 'ledger', 'step'])).toBeNull();
    expect(plan(['step', 'nowhere'])).toBeNull();
  });

  it('its first page is the whole search’s, record for record (the words’ top blocks hold the flags quoting the rows)', async () => {
    for (const wordBlock of [undefined, 128]) {
      // One block per word; blocks of 128, so a second block of the listed words is read.
      const { engine } = await site(wordBlock ? { wordBlock } : {});
      const whole = await page(engine(), Q, false);
      const first = await page(engine(), Q, true);
      expect(whole.firstPage).toBe(false);
      expect(first.firstPage).toBe(true);
      expect(first.shown).toEqual(whole.shown);
      expect(first.scores).toEqual(whole.scores);
      expect(first.n).toBe(FIRST_PAGE);
      expect(first.shown[0]).toBe('/p/p3/#row-00000cd3 Cache the ledger writer for step 4 of project 3');
      expect(first.shown.every((s) => / the ledger writer for step 4 of project \d$/.test(s))).toBe(true);
    }
  });

  it('when the first blocks do not hold a page of such rows: the words’ lists, as without it', async () => {
    // Blocks of 32: two blocks of each listed word reach too few rows.
    const short = await site({ wordBlock: 32, flags: 0 });
    expect(await page(short.engine(), Q, true)).toEqual({ ...(await page(short.engine(), Q, false)), firstPage: false });
    // One project: 20 rows read `… the ledger writer for step 4 …`, fewer than a page.
    const one = await site({ projects: 1, flags: 0 });
    const first = await page(one.engine(), Q, true);
    expect(first.firstPage).toBe(false);
    expect(first).toEqual(await page(one.engine(), Q, false));
    // Half the titles read do not hold the phrase (`stage` in the near-universal word's place):
    // given up after one batch of titles (then the top blocks, which hold every word in too few records).
    const stage = await site({ stage: true, flags: 0 });
    stage.read.length = 0;
    const staged = await page(stage.engine(), Q, true);
    expect(staged).toEqual({ ...(await page(stage.engine(), Q, false)), firstPage: false });
    expect(staged.shown[0]).toBe('/p/p3/#row-00000cd3 Cache the ledger writer for step 4 of project 3');
  });

  it('tells the whole search’s first result as soon as its title is read, while the page’s other titles are still read', async () => {
    const built = await site({ wordBlock: 128 });
    // Every doc-store file after the first held until released: a browser reads six at a time.
    const held: Array<() => void> = [];
    let docsRead = 0;
    const load = async (path: string): Promise<Uint8Array> => {
      if (path.startsWith('docs/') && docsRead++ > 0) await new Promise<void>((go) => held.push(go));
      return built.load(path);
    };
    const engine = new SearchEngine(built.manifest, load);
    let told: { hit: Hit; outcome: SearchOutcome } | null = null;
    let leadTold = (): void => undefined;
    const lead$ = new Promise<void>((go) => (leadTold = go));
    let resolved = false;
    const searching = engine.search(Q, {}, {
      firstPage: true,
      onLeading: (hit, outcome) => {
        told = { hit, outcome };
        leadTold();
      },
    });
    void searching.then(() => (resolved = true));
    await lead$;
    // Told with the others' files still unread, the search not ended.
    expect(resolved).toBe(false);
    expect(held.length).toBeGreaterThan(0);
    const lead = told as unknown as { hit: Hit; outcome: SearchOutcome };
    expect((await engine.show([lead.hit], lead.outcome))[0]?.href).toBe('/p/p3/#row-00000cd3');
    // Released: the page found is the whole search's, the hit told its first.
    while (!resolved) {
      held.splice(0).forEach((go) => go());
      await new Promise((r) => setTimeout(r, 0));
    }
    const out = await searching;
    expect(out.firstPage).toBe(true);
    expect(out.hits.hit(0)).toEqual(lead.hit);
    expect((await page(built.engine(), Q, false)).shown[0]).toBe('/p/p3/#row-00000cd3 Cache the ledger writer for step 4 of project 3');
  });

  it('the hit told is the whole search’s first when the page gives way too; no other query tells one', async () => {
    const first = async (engine: SearchEngine, q: string): Promise<string | null> => {
      let told: string | null = null;
      const out = await engine.search(q, {}, { firstPage: true, onLeading: (hit, partial) => void engine.show([hit], partial).then(([h]) => (told = `${h?.href} ${h?.title}`)) });
      await engine.show(out.hits.slice(0, 1), out);
      return told;
    };
    // Fewer than a page in one project; half the titles read without the phrase: the words' lists, and the first told all the same.
    for (const options of [{ projects: 1, flags: 0 }, { stage: true, flags: 0 }]) {
      const built = await site(options);
      const whole = await page(built.engine(), Q, false);
      expect(await first(built.engine(), Q)).toBe(whole.shown[0]);
    }
    // No near-universal word, a filter, a word only begun: no phrase page, nothing told early.
    const built = await site();
    expect(await first(built.engine(), 'ledger writer')).toBeNull();
    expect(await first(built.engine(), 'ledger writer step 4 of proj')).toBeNull();
    let told = 0;
    await built.engine().search(Q, { result: ['open'] }, { firstPage: true, onLeading: () => void told++ });
    expect(told).toBe(0);
  });

  it('where a stored title says the words stand, and when it cannot', () => {
    expect(titlePositions('Replace the ledger writer for step 14 of project 9', ['ledger', 'writer', 'step', '14'])).toEqual([1, 2, 3, 4]);
    expect(titlePositions('Replace the ledger writer for step 14 of project 9', ['step', '140'])).toEqual([3, -1]);
    // A title cut by the doc store (300 characters, the last `…`): its last word may be the start of a longer one.
    const cut = `d ${'word '.repeat(58)}step 14…`;
    expect(cut.length).toBe(300);
    expect(titlePositions(cut, ['step'])).toEqual([59]);
    expect(titlePositions(cut, ['step', '14'])).toBeNull();
    expect(titlePositions(cut, ['d', 'word', 'step'])).toEqual([0, 1, 59]);
  });
});
