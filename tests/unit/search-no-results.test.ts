/**
 * What the search page says when nothing is found (src/lib/search/facets.ts `noResultsText`):
 * with filters in use, whether the words alone find something, so "No results." does not read
 * as "nothing holds these words" (trial: `hotfix` with severity low found nothing, silently).
 */
import { describe, expect, it } from 'vitest';
import { noResultsText } from '../../src/lib/search/facets.ts';

describe('no results', () => {
  it('says what the words find without the filters', () => {
    expect(noResultsText(false, null)).toBe('No results.');
    expect(noResultsText(true, { decision: 2, flag: 3 })).toBe('No results with the filters in use. Without them: 5 results (2 rows, 3 flags); remove a filter with its ×.');
    expect(noResultsText(true, { flag: 1 })).toBe('No results with the filters in use. Without them: 1 result (1 flag); remove a filter with its ×.');
    expect(noResultsText(true, {})).toBe('No results, with or without the filters in use.');
  });

  it('writes the total as it writes the counts beside it (audit aud9: “1909 results (1,908 rows, 1 file)”)', () => {
    expect(noResultsText(true, { decision: 1908, file: 1 })).toBe('No results with the filters in use. Without them: 1,909 results (1,908 rows, 1 file); remove a filter with its ×.');
  });
});

describe('quoted words', () => {
  it('are said not to be a phrase search', async () => {
    const { phraseNotice } = await import('../../src/lib/search/query/parse.ts');
    expect(phraseNotice('"line counter"')).toBe('Quotes do not search a phrase: each word is searched, and results holding every word come first.');
    expect(phraseNotice('keep “legacy line” counter')).toBe('Quotes do not search a phrase: each word is searched, and results holding every word come first.');
    expect(phraseNotice('"hotfix"')).toBeNull();
    expect(phraseNotice('line counter')).toBeNull();
  });
});

describe('words typed as a filter', () => {
  it('say the box searches words and where filters are picked', async () => {
    const { filterWordsNotices } = await import('../../src/lib/search/query/url-state.ts');
    const facets = [{ key: 'severity', name: 'flag severity', values: ['high', 'low'] }];
    expect(filterWordsNotices('severity:high crash', facets)).toEqual(['“severity:high” is searched as words; to filter by flag severity, pick a value under Filters.']);
    // A filter this archive has no record of is still a filter's name; paths, URLs and words are not.
    expect(filterWordsNotices('type=issue src/a.ts:12 https://x.org note:', facets)).toEqual(['“type=issue” is searched as words; to filter by type, pick a value under Filters.']);
    expect(filterWordsNotices('crash', facets)).toEqual([]);
  });
});
