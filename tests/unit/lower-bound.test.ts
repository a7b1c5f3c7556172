import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lowerBound } from '../../src/lib/text/lower-bound.ts';

describe('lowerBound', () => {
  it('is the first place not below the key, as a scan finds it (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: -5, max: 55 }), (xs, x) => {
        const sorted = Uint32Array.from(xs.sort((a, b) => a - b));
        const scan = sorted.findIndex((v) => v >= x);
        return lowerBound(sorted, x) === (scan < 0 ? sorted.length : scan);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[0-9a-f]{0,4}$/)), fc.stringMatching(/^[0-9a-f]{0,3}$/), (xs, x) => {
        const sorted = xs.sort();
        const scan = sorted.findIndex((v) => v >= x);
        return lowerBound(sorted, x) === (scan < 0 ? sorted.length : scan);
      }),
    );
  });
  it('finds the first of equal keys, and the end past every key', () => {
    expect(lowerBound([1, 3, 3, 3, 7], 3)).toBe(1);
    expect(lowerBound([1, 3, 3, 3, 7], 8)).toBe(5);
    expect(lowerBound(['ab', 'abc', 'b'], 'abc')).toBe(1);
    expect(lowerBound([], 'x')).toBe(0);
  });
});
