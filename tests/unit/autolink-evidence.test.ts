/**
 * A markdown autolink, `<https://…>` (trust9's fault-injecting trial): agents writing markdown
 * wrap URLs so; it was prose, a medium `evidence/prose`, though the URL inside is a pointer
 * (a commit of this repository, even). It is read as the URL; a placeholder in angle brackets
 * (`<sha>`, `<cache>/src`) stays a placeholder.
 */
import { describe, expect, it } from 'vitest';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';

const read = (cell: string): Array<[string, string, string | undefined]> => classifyEvidence(cell).map((p) => [p.kind, p.raw, p.href]);

describe('a markdown autolink', () => {
  it('is the URL it wraps', () => {
    expect(read('<https://github.com/acme/f1/commit/175a435>')).toEqual([['url', 'https://github.com/acme/f1/commit/175a435', 'https://github.com/acme/f1/commit/175a435']]);
    expect(read('see <https://example.com/a>.')).toEqual([['url', 'https://example.com/a', 'https://example.com/a']]);
  });

  it('leaves a placeholder in angle brackets as it was', () => {
    expect(classifyEvidence('<sha>').map((p) => p.kind)).toEqual(['prose']);
  });
});
