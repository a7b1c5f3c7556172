/**
 * An auditor searching decisions across projects (find15): the row meant comes first and the
 * search says what it found. Records are rows of the real corpus (../shared/corpus/real:
 * EnzoTironi/OS `.audit/build-v1-04.tsv`, Jonghakseo/picky, SenriganMaster/csv_zero) as the
 * build indexes them: no repository, so a cited short SHA stays the SHA as written.
 */
import { describe, expect, it } from 'vitest';
import { memorySite } from './search-memory-site.ts';
import { hexKey, pathKey, idKey, type ExactKey } from '../../src/lib/search/exact-keys.ts';
import type { SearchEngine } from '../../src/lib/search/query/engine.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

function row(id: string, title: string, body: string, evidence: string, exact: ExactKey[], time: string): SearchRecord {
  return { anchor: `row-${id}`, title, body, evidence, facets: { type: ['decision'] }, exact: [idKey(id, 3), ...exact], severity: null, time };
}

const OS: SearchRecord[] = [
  row('9ffa5c1f', 'Committed and pushed the first complete protocol, store, and E2E unit', 'The generated protocol and all Rust crates compile together', 'commit 2842af7; npm run build; cargo test --locked --workspace', [hexKey('2842af7', 2)], '2026-08-19T05:55:00Z'),
  row('9615ff5d', 'Sorted the multi-effect fixture by semantic relation identity', 'The authority normalizer sorts effect arrays beyond RFC 8785 object-key ordering', 'just e2e durable-commit failed at publish; crates/zoen-engine/src/admission.rs:141-162', [pathKey('crates/zoen-engine/src/admission.rs', 2, 141, 162) as ExactKey], '2026-08-19T06:08:23Z'),
  row('5d7c1bc5', 'Chose one typed commit protocol across core, engine, Postgres, and Connect', 'A generic conflict-only patch cannot represent operation mismatch, record collision, effect collision, or canonical effect ordering', 'docs/adr/0006-operation-identity-durable-commit.md; crates/zoen-adapters/src/action_store.rs', [pathKey('docs/adr/0006-operation-identity-durable-commit.md', 2) as ExactKey, pathKey('crates/zoen-adapters/src/action_store.rs', 2) as ExactKey], '2026-08-19T06:04:00Z'),
  row('ebf39816', 'Applied operation-scoped identities, one transactional StateBasis reader, an opaque head-lock transaction, cfg-gated failpoints, and law-owned E2E modules', 'The eleven requested changes require one durable replay and collision contract rather than point fixes', 'PR 225 review 4969103341; commit 3d2dc89', [hexKey('3d2dc89', 2)], '2026-08-19T06:57:19Z'),
  // Words of the paths above, in another row's text: a search by words finds it too.
  row('0c0a11ed', 'Crates engine src admission notes', 'Zoen engine rs crates src admission', 'notes', [], '2026-08-19T07:00:00Z'),
];

const PICKY: SearchRecord[] = [
  row('f002f1ac', 'attachedImagesCount를 표시 증거로만 취급', '개수만으로는 읽을 수 있는 screenshot reference를 복원할 수 없기 때문에', 'agentd/src/domain/queue-policy.ts', [pathKey('agentd/src/domain/queue-policy.ts', 2) as ExactKey], '2026-07-01T10:00:00Z'),
  row('27bdaf0f', '동일 길이 duplicate snapshot에서 교체를 추론하지 않음', 'snapshot만으로 unchanged와 consume+append를 구분할 수 없어 잘못된 첨부 count와 user_text를 새 pending에 귀속할 위험이 있기 때문에', 'challenger run #13; agentd/src/runtime/types.ts input_delivery', [pathKey('agentd/src/runtime/types.ts', 2) as ExactKey], '2026-07-01T11:00:00Z'),
  // Other rows holding the words of the identifiers apart.
  row('aa11aa11', 'Count the images attached to a queued prompt later', 'The state of the queue is read once', 'agentd/src/domain/queue.ts', [], '2026-07-01T12:00:00Z'),
  row('bb22bb22', 'Read the review through the GitHub CLI', 'gh is on the path', 'gh pr view 13', [], '2026-07-01T13:00:00Z'),
  row('cc33cc33', 'Link each review to its pull request', 'a link is what a reader opens', 'https://github.com/Jonghakseo/picky/pull/13', [], '2026-07-01T09:00:00Z'),
  row('dd44dd44', 'Keep the git hub of remotes apart', 'one remote', 'git remote -v', [], '2026-07-01T08:00:00Z'),
  // `2026`, `08` and `19` in records, never in one.
  row('ee55ee55', 'Plan 2026 in 19 steps', 'the reviews', 'notes', [], '2026-07-01T07:00:00Z'),
  row('ff66ff66', 'Review 08 of the plan', 'the notes', 'notes', [], '2026-07-01T06:00:00Z'),
];

async function site(): Promise<SearchEngine> {
  return (await memorySite([
    { key: 'p/enzotironi__os--build-v1-04', records: OS, latest: '2026-08-19' },
    { key: 'p/jonghakseo__picky', records: PICKY, latest: '2026-07-01' },
  ])).engine();
}

/** What the reader sees: each result's link and marked words, in order, and the counts. */
async function seen(engine: SearchEngine, q: string) {
  const out = await engine.search(q, {});
  const shown = await engine.show(out.hits.slice(0, 10), out);
  return {
    hrefs: shown.map((h) => h.href),
    marks: shown.map((h) => [...h.titleMarks, ...h.excerpt].filter((s) => s.mark).map((s) => s.text)),
    totals: { ...out.totals },
    complete: out.complete,
  };
}

describe('a SHA typed longer than the row wrote it', () => {
  it('finds the row citing the short SHA (a full SHA pasted from git log; no repository resolved it)', async () => {
    const engine = await site();
    // Before: "No results." for the full SHA of the commit the row cites as `commit 2842af7`.
    for (const q of ['2842af7d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b', '2842AF7D1E', '3D2DC89AB']) {
      const s = await seen(engine, q);
      expect(s.hrefs[0], q).toBe(q.startsWith('3') ? '/p/enzotironi__os--build-v1-04/#row-ebf39816' : '/p/enzotironi__os--build-v1-04/#row-9ffa5c1f');
      expect(s.totals, q).toEqual({ decision: 1 });
    }
    expect((await seen(engine, '2842af7d1e')).marks[0]).toEqual(['2842af7']);
  });

  it('does not read a SHA shorter than seven digits into a longer query', async () => {
    const engine = await site();
    // A longer SHA sharing only 6 digits with a cited one is another commit.
    expect((await seen(engine, '2842a0000000')).hrefs).toEqual([]);
  });
});

describe('a path typed with a leading slash', () => {
  it('is the path: the rows citing it, exactly, and no row merely holding its words', async () => {
    const engine = await site();
    // Before: "/crates/…" was searched as the words crates, zoen, engine, src, admission, rs:
    // 2 results, the row of those words counted beside the row citing the file.
    for (const q of ['/crates/zoen-engine/src/admission.rs', './crates/zoen-engine/src/admission.rs', 'crates/zoen-engine/src/admission.rs', '/agentd/src/domain/queue-policy.ts']) {
      const s = await seen(engine, q);
      expect(s.hrefs, q).toEqual([q.includes('agentd') ? '/p/jonghakseo__picky/#row-f002f1ac' : '/p/enzotironi__os--build-v1-04/#row-9615ff5d']);
      expect(s.totals, q).toEqual({ decision: 1 });
    }
    expect((await seen(engine, '/crates/zoen-engine/src/admission.rs')).marks[0]).toEqual(['crates/zoen-engine/src/admission.rs']);
  });
});

describe('words left out of a search', () => {
  it('are said with the reason that is theirs', async () => {
    const { leftOutNotices, parseQuery } = await import('../../src/lib/search/query/parse.ts');
    // Before: each of these said “(too common, or past the 12-word limit)”.
    expect(leftOutNotices(parseQuery('the of and').ignored)).toEqual(['Left out of the search: “the”, “of”, “and” (words too common to search).']);
    expect(leftOutNotices(parseQuery('cache []()*+?{}^$|\\').ignored)).toEqual(['Left out of the search: “[]()*+?{}^$|\\” (no letter or digit to search).']);
    expect(leftOutNotices(parseQuery('The cache').ignored)).toEqual(['Left out of the search: “The” (a word too common to search).']);
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    expect(leftOutNotices(parseQuery(long).ignored)).toEqual(['Left out of the search: “thirteen”, “fourteen” (past the 12-word limit).']);
    expect(leftOutNotices(parseQuery('cache').ignored)).toEqual([]);
  });

  it('leave a status that does not read as "nothing holds these words"', async () => {
    const { noResultsText } = await import('../../src/lib/search/facets.ts');
    expect(noResultsText(false, null, true)).toBe('No results: no word typed was searched (why is said above).');
    expect(noResultsText(false, null, false)).toBe('No results.');
  });
});

describe('an identifier typed in another case style', () => {
  it('finds a camelCase identifier by its words, snake_case or apart, and the row writing it comes first', async () => {
    const engine = await site();
    // Before: “state basis” listed 0 rows holding both words (StateBasis was one word), and
    // “attached images count”, “attached_images_count” found the row that wrote attachedImagesCount nowhere.
    expect((await seen(engine, 'state basis')).hrefs[0]).toBe('/p/enzotironi__os--build-v1-04/#row-ebf39816');
    for (const q of ['attached images count', 'attached_images_count', 'attached-images-count', 'AttachedImagesCount', 'attachedImagesCount', 'attachedimagescount']) {
      const s = await seen(engine, q);
      expect(s.hrefs[0], q).toBe('/p/jonghakseo__picky/#row-f002f1ac');
      expect(s.marks[0], q).toEqual(['attachedImagesCount']);
    }
  });

  it('finds words joined by _ or - by the identifier typed whole, and a brand by its capitals', async () => {
    const engine = await site();
    // Before: “userText” found nothing (the row wrote user_text); “headlock”, “actionstore”
    // found nothing (head-lock, action_store.rs).
    let s = await seen(engine, 'userText');
    expect(s.hrefs).toEqual(['/p/jonghakseo__picky/#row-27bdaf0f']);
    expect(s.marks[0]).toEqual(['user_text']);
    expect((await seen(engine, 'headlock')).hrefs).toEqual(['/p/enzotironi__os--build-v1-04/#row-ebf39816']);
    expect((await seen(engine, 'ActionStore')).hrefs).toEqual(['/p/enzotironi__os--build-v1-04/#row-5d7c1bc5']);
    // A word typed with capitals is the word, wherever written in lower case (not its parts).
    s = await seen(engine, 'GitHub');
    expect(s.hrefs).toEqual(['/p/jonghakseo__picky/#row-bb22bb22', '/p/jonghakseo__picky/#row-cc33cc33']);
  });

  it('cuts an identifier where its case changes, and joins words written with _ or -, as the index does', async () => {
    const { termsOf, tokenize, queryTerms } = await import('../../src/lib/search/tokenize.ts');
    expect(termsOf('one StateBasis reader')).toEqual(['on', 'statebasi', 'state', 'basi', 'reader']);
    expect(termsOf('XMLHttpRequest getHTTPResponse')).toEqual(['xmlhttprequest', 'xml', 'http', 'request', 'gethttprespons', 'get', 'http', 'respons']);
    expect(termsOf('the user_text, head-lock')).toEqual(['usertext', 'user', 'text', 'headlock', 'head', 'lock']);
    // A time, a date and a numbered file are no identifiers: `19T05`, `00Z` stay whole, no run of digits joins.
    expect(termsOf('2026-08-19T05:55:00Z queue-0')).toEqual(['2026', '08', '19t05', '55', '00z', 'queue', '0']);
    // Words as written in one case are one word.
    expect(termsOf('Committed GITHUB github')).toEqual(['commit', 'github', 'github']);
    expect(tokenize('the user_text, head-lock').map((t) => t.term)).toEqual(termsOf('the user_text, head-lock'));
    expect(tokenize('one StateBasis reader').map((t) => t.term)).toEqual(termsOf('one StateBasis reader'));
    expect(queryTerms('StateBasis user_text')).toEqual(['statebasi', 'user', 'text']);
  });
});

describe('a word typed that no record holds', () => {
  it('is named, so "0 hold every word" does not leave the reader guessing which word (a typo)', async () => {
    const engine = await site();
    // Before: "3 results: 3 rows. 0 hold every word." and nothing said of “colision”.
    let out = await engine.search('durable collision', {});
    expect(out.absent).toEqual([]);
    out = await engine.search('durable colision', {});
    expect(out.absent).toEqual(['colision']);
    out = await engine.search('goverened colision', {});
    expect(out.absent).toEqual(['goverened', 'colision']);
    // A last word that begins a word of the records is found as that word's start: not absent.
    out = await engine.search('durable collis', {});
    expect(out.absent).toEqual([]);
    // A SHA, a path or an id found exactly is not a word.
    out = await engine.search('2842af7 colision', {});
    expect(out.absent).toEqual(['colision']);
    const { absentText } = await import('../../src/lib/search/facets.ts');
    expect(absentText(['colision'])).toBe(' No record holds “colision”.');
    expect(absentText(['goverened', 'colision'])).toBe(' No record holds “goverened” or “colision”.');
    expect(absentText(['a', 'b', 'c'])).toBe(' No record holds “a”, “b” or “c”.');
    expect(absentText([])).toBe('');
  });
});

describe('operators search does not have are said, not searched as words (find16)', () => {
  it('OR, AND and NOT in capitals are left out and said so; a word after “-” is searched and said so', async () => {
    const { leftOutNotices, operatorNotices, parseQuery } = await import('../../src/lib/search/query/parse.ts');
    // Before: `libpipewire OR pipewire` said “OR” was “a word too common to search”; `NOT` was searched as the word “not”.
    const q = 'libpipewire OR pipewire NOT baseline';
    const parsed = parseQuery(q);
    expect(parsed.tokens.map((t) => t.raw)).toEqual(['libpipewire', 'pipewire', 'baseline']);
    expect(parsed.ignored).toEqual(['OR', 'NOT']);
    expect(leftOutNotices(parsed.ignored)).toEqual([]);
    expect(operatorNotices(q)).toEqual(['Left out of the search: “OR”, “NOT” (search has no operators: every other word is searched, and results holding every word come first, then those holding some).']);
    // Before: `-baseline` ranked the records holding “baseline” first, and nothing was said.
    expect(operatorNotices('libpipewire -baseline')).toEqual(['A leading “-” does not leave a word out here: “baseline” is searched like the other words. To narrow results, pick a filter.']);
    expect(parseQuery('libpipewire -baseline').tokens.map((t) => t.terms)).toEqual([['libpipewir'], ['baselin']]);
    // Lower case is a word (a stop word, left out as one); a command's flags are not exclusions.
    expect(operatorNotices('cats or dogs')).toEqual([]);
    expect(leftOutNotices(parseQuery('cats or dogs').ignored)).toEqual(['Left out of the search: “or” (a word too common to search).']);
    expect(operatorNotices('cargo test -p nyxid --locked -1')).toEqual([]);
  });
});

describe('a query no record holds, though each of its words is somewhere (find16)', () => {
  it('names the token (a date no record writes, a SHA cited nowhere) and says a row’s date is not searched', async () => {
    const { dateNotice } = await import('../../src/lib/search/query/parse.ts');
    const engine = await site();
    // Before: "No results." and nothing more: `2026`, `08` and `19` are each in some record, not together.
    for (const q of ['2026-08-19', 'deadbeef1']) {
      const out = await engine.search(q, {});
      expect(out.hits.length).toBe(0);
      expect(out.absent).toEqual([q]);
    }
    // With a filter, "no record holds" would not be sure: only the dictionary says (none here).
    expect((await engine.search('2026-08-19', { type: ['flag'] })).absent).toEqual([]);
    expect(dateNotice('rows of 2026-08-19')).toBe('A date is found only where a record writes it: a row’s own date is not searched. To narrow results by year, pick the year filter.');
    expect(dateNotice('2026-08-19T05:55:00Z')).not.toBeNull();
    expect(dateNotice('2026 08 19 v1.2.3-4')).toBeNull();
  });
});
