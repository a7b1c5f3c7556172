/**
 * A decision cell of megabytes (rel15: a 3 MB cell raised a build's peak memory by ~170 MB).
 * Work on it is proportional to what is shown of it: a flag's summary quotes its first words,
 * and reads no more of the cell than those (each summary copied the whole cell, collapsing its
 * whitespace, before it kept 50 characters: a dozen flags on the row were a dozen 3 MB copies).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quote, rowNamer } from '../../src/lib/checks/check.ts';
import type { TrailRow } from '../../src/lib/model/types.ts';

/** About 3 MB of words, as a pasted log would be. */
const BIG = Array.from({ length: 300_000 }, (_, i) => `word${i % 97}`).join(' \n ');

describe('a flag quotes a row\'s decision by its first words', () => {
  it('collapses whitespace and shortens as before', () => {
    expect(quote('  Ship   the\n\tparser  ')).toBe('“Ship the parser”');
    expect(quote('a'.repeat(70))).toBe(`“${'a'.repeat(59)}…”`);
    expect(quote('one two three', 8)).toBe('“one two…”');
    expect(quote('one two', 7)).toBe('“one two”');
    expect(quote('')).toBe('“”');
    expect(quote(' \n ')).toBe('“”');
    expect(quote(`${' '.repeat(1_000_000)}late words`)).toBe('“late words”');
    expect(quote('x'.repeat(3_000_000), 10)).toBe('“xxxxxxxxx…”');
    expect(quote(BIG, 30)).toBe('“word0 word1 word2 word3 word4…”');
  });

  it('quotes any text as collapsing its whole whitespace and cutting it would', () => {
    const piece = fc.constantFrom('a', 'bc', ' ', '\n', '\t', '\u00a0', '\u2028', 'é', '😀', 'word');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (pieces, max) => {
        const text = pieces.join('');
        const t = text.replace(/\s+/g, ' ').trim();
        expect(quote(text, max)).toBe(`“${t.length > max ? `${t.slice(0, max - 1)}…` : t}”`);
      }),
    );
  });

  it('names a row of a 3 MB decision 200 times in well under a second (before: each name copied the whole cell, 15 s)', () => {
    const row = { id: 'r1', line: 2, decision: BIG } as TrailRow;
    const name = rowNamer([row]);
    const started = performance.now();
    const names = new Set<string>();
    for (let i = 0; i < 200; i++) names.add(name(row));
    expect([...names]).toEqual(['row r1 “word0 word1 word2 word3 word4 word5 word6 word7 w…”']);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('firstWords', () => {
  it('cuts a word longer than the pieces it is read in as a word, not as words', async () => {
    const { firstWords } = await import('../../src/lib/text/first-words.ts');
    expect(firstWords(`${'a'.repeat(600)} b`, 1000)).toBe(`${'a'.repeat(600)} b`);
    expect(firstWords(`  ${'a'.repeat(600)}`, 300)).toBe(`${'a'.repeat(299)}…`);
  });
});
