/**
 * The search page's status line past its counts: how many results hold the words typed. use14:
 * `?q=test` on the real corpus said "390 results: … 385 hold every word." of a single word,
 * and a reader asked what the other 5 held: a longer word beginning with it (`testH44`,
 * `TestMedia`), as the last word typed is also read as the start of one.
 */
import { describe, expect, it } from 'vitest';
import { partialText } from '../../src/lib/search/facets.ts';

describe('the status line on results that do not hold every word', () => {
  it('says what the others hold for a single word', () => {
    expect(partialText(385, 390, [{ raw: 'test' }])).toBe(' 385 hold “test”; 5 hold only a longer word beginning with it.');
    expect(partialText(1, 2, [{ raw: 'race' }])).toBe(' 1 holds “race”; 1 holds only a longer word beginning with it.');
  });

  it('keeps "every word" for several words, and says nothing when every result holds them', () => {
    expect(partialText(2, 5, [{ raw: 'fake-sha' }, { raw: 'hotfix' }])).toBe(' 2 hold every word.');
    expect(partialText(1, 3, [{ raw: 'nobody' }, { raw: 'can' }, { raw: 'find' }])).toBe(' 1 holds every word.');
    expect(partialText(1725, 36334, [{ raw: 'a' }, { raw: 'b' }])).toBe(' 1,725 hold every word.');
    expect(partialText(5, 5, [{ raw: 'test' }])).toBe('');
  });
});
