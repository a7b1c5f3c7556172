/** Regression: a premise row whose gate is only spaces was accepted (found by a property test). */
import { describe, expect, it } from 'vitest';
import { parsePremiseLines } from '../../src/lib/verdicts/premises.ts';
import { splitLines } from '../../src/lib/text/lines.ts';

describe('premises.jsonl gate', () => {
  it('rejects a blank gate with the field named, and keeps the raw line', () => {
    const result = parsePremiseLines(splitLines(new TextEncoder().encode('{"gate":" ","attempt":1}\n')), 'premises.jsonl');
    expect(result.rows).toEqual([]);
    expect(result.invalid).toEqual([{ file: 'premises.jsonl', line: 1, kind: 'loop/invalid-row', error: 'premises.jsonl:1: field “gate” is empty', raw: '{"gate":" ","attempt":1}' }]);
  });
});
