/**
 * The excerpt of a search result (src/lib/search/query/excerpt.ts): the window around the first
 * query word; a long title's late match, which the page shows on a phone (issue 11 scope 4 and 6).
 */
import { describe, expect, it } from 'vitest';
import { excerpt, lateTitleExcerpt, marked, TITLE_IN_VIEW } from '../../src/lib/search/query/excerpt.ts';
import { tokenize } from '../../src/lib/search/tokenize.ts';

const terms = (q: string): Set<string> => new Set(tokenize(q).map((t) => t.term));
const text = (segments: ReadonlyArray<{ text: string; mark: boolean }>): string => segments.map((s) => (s.mark ? `[${s.text}]` : s.text)).join('');

describe('search excerpt', () => {
  const title = 'coord/takeover-denied: TAKEOVER evt_f06 by cobalt-harbor at 2026-03-06T09:10:00.000Z (coordination.jsonl:6) of src/parser.ts held by amber-otter: denied';

  it('marks the query words of the field that holds most of them', () => {
    expect(text(excerpt(['no match here', 'the parser cache is kept'], terms('parser cache'), null))).toBe('the [parser] [cache] is kept');
  });

  it('gives the title around a word found only past what a phone shows of it', () => {
    expect(title.indexOf('parser')).toBeGreaterThan(TITLE_IN_VIEW);
    expect(text(lateTitleExcerpt(title, terms('parser'), null))).toBe('… 00.000Z (coordination.jsonl:6) of src/[parser].ts held by amber-otter: denied');
  });

  it('gives nothing for a word early in the title, a short title or no word', () => {
    expect(lateTitleExcerpt(title, terms('cobalt'), null)).toEqual([]);
    expect(lateTitleExcerpt('Skip the parser tests', terms('parser'), null)).toEqual([]);
    expect(lateTitleExcerpt(title, terms('nowhere'), null)).toEqual([]);
  });

  it('marks every query word of a title', () => {
    expect(text(marked('Skip the parser tests', terms('parser tests'), null))).toBe('Skip the [parser] [tests]');
  });

  it('marks each character of overlapping CJK bigrams once, as one mark (승인된, not 승인인된)', () => {
    const korean = '승인된 순차 구현 계획';
    expect(marked(korean, terms('승인된'), null)).toEqual([{ text: '승인된', mark: true }, { text: ' 순차 구현 계획', mark: false }]);
    expect(text(excerpt([korean], terms('승인된'), null))).toBe('[승인된] 순차 구현 계획');
    expect(text(marked('数据库迁移', terms('数据库'), null))).toBe('[数据库]迁移');
  });
});

describe('a SHA the query names', () => {
  // The tokenizer leaves hex ids out of the words, so a SHA query marked nothing and its
  // excerpt showed the start of a long body, the SHA out of view (real corpus: "8e31e95").
  const body = `${'Plenty of words before the commit is named, '.repeat(4)}then it was fixed in 8e31e95abc: two-generation backup rotation, and 2842af7 was left alone.`;

  it('is marked, and the excerpt is cut around it', () => {
    expect(text(excerpt([body], new Set(), null, ['8e31e95']))).toBe('… Plenty of words before the commit is named, then it was fixed in [8e31e95abc]: two-generation backup rotation, and 2842af7 was left alone.');
    expect(text(marked('Fagan Inspection: audit batch 43f3227..70873bc', new Set(), null, ['4387', '70873bc']))).toBe('Fagan Inspection: audit batch 43f3227..[70873bc]');
    // A SHA cited short is the commit a longer query names.
    expect(text(marked('evidence 8879725, not 887972f0', new Set(), null, ['8879725e58']))).toBe('evidence [8879725], not 887972f0');
    // Without SHAs nothing changes.
    expect(text(excerpt([body], new Set(), null))).toBe(text(excerpt([body], new Set(), null, [])));
  });
});

describe('a path the query names', () => {
  // An auditor's trial (use9): `docs/HORIZONTAL_SCALING_ARCHITECTURE.md` listed the two rows
  // citing it with their why as the excerpt and the path nowhere, since a token matched exactly
  // gives no words to mark (a SHA was marked; a path was not).
  const why = 'It satisfies the audit without adding infrastructure';
  const evidence = 'docs/HORIZONTAL_SCALING_ARCHITECTURE.md; crates/zoen-engine/src/admission.rs:141-162';

  it('is marked in the field that cites it, which the excerpt shows', () => {
    expect(text(excerpt([why, evidence], new Set(), null, [], ['docs/horizontal_scaling_architecture.md']))).toBe('[docs/HORIZONTAL_SCALING_ARCHITECTURE.md]; crates/zoen-engine/src/admission.rs:141-162');
    // A file name alone marks the path where it ends on a segment boundary (six words before it kept, as for any word;
    // an identifier of words joined by _ or - is one word, as written: HORIZONTAL_SCALING_ARCHITECTURE, zoen-engine).
    expect(text(excerpt([why, evidence], new Set(), null, [], ['admission.rs']))).toBe('docs/HORIZONTAL_SCALING_ARCHITECTURE.md; crates/zoen-engine/src/[admission.rs]:141-162');
    expect(text(marked('see src/zoen-engine/src/admission.rs and myadmission.rs, admission.rsx', new Set(), null, [], ['admission.rs']))).toBe('see src/zoen-engine/src/[admission.rs] and myadmission.rs, admission.rsx');
  });

  it('marks nothing when the text does not hold it', () => {
    expect(text(excerpt([why], new Set(), null, [], ['docs/other.md']))).toBe(why);
  });
});
