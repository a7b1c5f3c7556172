/**
 * The word rules (src/lib/evidence/word-rules.ts; issue 31: a table of small rules, like the
 * checks): each rule's example is a real cell, and reading it takes a word by that rule.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORD_RULES } from '../../src/lib/evidence/word-rules.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('word rules', () => {
  it('have distinct names, in the order they are tried', () => {
    const names = WORD_RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'plain word',
      'bracketed note',
      'placeholder',
      'commit word',
      'rubric row',
      'reference',
      'URL',
      'commit range',
      'moving revision',
      'hex word',
      'Rust test path',
      'pytest node id',
      'session file or variable path',
      'absolute path',
      'test function',
      'test file without its extension',
      'quoted test title',
      'URL without a scheme',
      'path with backslashes',
      'brace path',
      'path at a commit',
      'path',
    ]);
  });

  it.each(WORD_RULES.map((r) => [r.name, r] as const))('%s: its example is read by it', (_name, rule) => {
    const read = vi.spyOn(rule, 'read');
    classifyEvidence(rule.example);
    expect(read.mock.results.some((r) => r.type === 'return' && r.value === true), rule.example).toBe(true);
  });
});
