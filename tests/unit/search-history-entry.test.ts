/**
 * Which searches get a history entry of their own (src/lib/search/query/url-state.ts
 * newHistoryEntry; found by a new-user trial: Back never returned to an earlier query).
 */
import { describe, expect, it } from 'vitest';
import { listingHistoryState, MAX_RESTORED, newHistoryEntry, READ_MS, readListingState } from '../../src/lib/search/query/url-state.ts';

describe('a search’s history entry', () => {
  const shown = { url: '/search/?q=parser', listedAt: 1000 };
  it('a committed search that changes the URL is a new entry; the same URL, or the page’s first search, replaces', () => {
    expect(newHistoryEntry(shown, { url: '/search/?q=hotfix', trigger: 'committed' }, 1001)).toBe(true);
    expect(newHistoryEntry(shown, { url: '/search/?q=parser', trigger: 'committed' }, 9000)).toBe(false);
    expect(newHistoryEntry({ url: '/search/', listedAt: null }, { url: '/search/?q=parser', trigger: 'committed' }, 9000)).toBe(false);
  });
  it('a typed search is a new entry once the search shown was read, not while a word is typed', () => {
    expect(READ_MS).toBe(2000);
    expect(newHistoryEntry(shown, { url: '/search/?q=parse', trigger: 'typed' }, 1000 + READ_MS - 1)).toBe(false);
    expect(newHistoryEntry(shown, { url: '/search/?q=cache', trigger: 'typed' }, 1000 + READ_MS)).toBe(true);
    // A search not listed yet (typing on): replaced, whatever the trigger.
    expect(newHistoryEntry({ url: '/search/?q=cach', listedAt: null }, { url: '/search/?q=cache', trigger: 'typed' }, 99999)).toBe(false);
  });
});

describe('readListingState: how far a reader had gone, kept in the history entry', () => {
  it('reads back what listingHistoryState wrote, the offset in whole pixels', () => {
    expect(readListingState(listingHistoryState({ shown: 50, scrollY: 1234.6 }))).toEqual({ shown: 50, scrollY: 1235 });
  });
  it('holds nothing for an entry without one (the first visit, an older build, another script)', () => {
    for (const state of [null, undefined, 3, 'x', {}, { listing: null }, { listing: { shown: '50', scrollY: 0 } }]) expect(readListingState(state)).toBeNull();
  });
  it('refuses values out of range and caps the results a returning reader lists again', () => {
    expect(readListingState({ listing: { shown: -1, scrollY: 0 } })).toBeNull();
    expect(readListingState({ listing: { shown: 2.5, scrollY: 0 } })).toBeNull();
    expect(readListingState({ listing: { shown: 10, scrollY: Number.NaN } })).toBeNull();
    expect(readListingState({ listing: { shown: 10, scrollY: -4 } })).toBeNull();
    expect(readListingState({ listing: { shown: 1e9, scrollY: 10 } })).toEqual({ shown: MAX_RESTORED, scrollY: 10 });
  });
});
