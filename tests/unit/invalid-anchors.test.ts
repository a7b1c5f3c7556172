/**
 * Anchors of invalid records (src/lib/site/invalid-anchors.ts). Found in the round-2 trial: a
 * project whose decisions.jsonl and decisions.tsv each had an invalid line 2 got two elements
 * with id="invalid-L2", so links to the second record landed on the first.
 */
import { describe, expect, it } from 'vitest';
import { invalidAnchors } from '../../src/lib/site/invalid-anchors.ts';

describe('invalidAnchors', () => {
  it('keeps invalid-L<line> when the line is one file’s only', () => {
    const anchor = invalidAnchors([{ file: 'decisions.jsonl', line: 2 }, { file: 'decisions.jsonl', line: 5 }, { file: 'decisions.tsv', line: 3 }]);
    expect([anchor({ file: 'decisions.jsonl', line: 2 }), anchor({ file: 'decisions.tsv', line: 3 })]).toEqual(['invalid-L2', 'invalid-L3']);
  });

  it('names the file when two files have an invalid record at one line', () => {
    const invalid = [{ file: 'decisions.jsonl', line: 2 }, { file: '.audit/build-v1.tsv', line: 2 }];
    expect(invalid.map(invalidAnchors(invalid))).toEqual(['invalid-decisions-jsonl-L2', 'invalid-audit-build-v1-tsv-L2']);
  });
});
