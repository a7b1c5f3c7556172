import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { grouped } from '../../src/lib/text/grouped.ts';

describe('grouped (the search page counts without Intl)', () => {
  it('writes what toLocaleString("en-US") writes for whole numbers', () => {
    fc.assert(fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (n) => grouped(n) === n.toLocaleString('en-US')));
  });
  it('groups by thousands', () => {
    expect([0, 7, 999, 1000, 124579, 1234567, -1234].map(grouped)).toEqual(['0', '7', '999', '1,000', '124,579', '1,234,567', '-1,234']);
  });
});
