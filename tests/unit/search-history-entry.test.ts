/**
 * Which searches get a history entry of their own (src/lib/search/query/url-state.ts
 * newHistoryEntry; found by a new-user trial: Back never returned to an earlier query).
 */
import { describe, expect, it } from 'vitest';
import { newHistoryEntry, READ_MS } from '../../src/lib/search/query/url-state.ts';

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
