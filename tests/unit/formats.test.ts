/**
 * The list of source formats (src/lib/formats/all-formats.ts) is complete and consistent:
 * one descriptor per id of the published schema's list, ids unique, every format a file of
 * its own is found by name or content and says what discovery looks for.
 */
import { describe, expect, it } from 'vitest';
import { ALL_FORMATS } from '../../src/lib/formats/all-formats.ts';
import { SOURCE_FORMATS } from '../../src/lib/model/model-schema.ts';
import { recordFormatOf } from '../../src/lib/formats/format-lookup.ts';

describe('the list of source formats', () => {
  it('has one descriptor per format of the published schema, each id once', () => {
    expect(ALL_FORMATS.map((f) => f.id).sort()).toEqual([...SOURCE_FORMATS].sort());
    expect(new Set(ALL_FORMATS.map((f) => f.id)).size).toBe(ALL_FORMATS.length);
  });

  it('finds every format that is a file of its own by name or by content', () => {
    const own = ALL_FORMATS.filter((f) => !f.traits.derived);
    expect(own.filter((f) => !f.byName && !f.byContent).map((f) => f.id)).toEqual([]);
    expect(ALL_FORMATS.filter((f) => f.traits.derived && (f.byName || f.byContent)).map((f) => f.id)).toEqual([]);
  });

  it('places a file by its path: a folder a format owns holds only its files; design and verdicts after every other name', () => {
    const at = (path: string) => recordFormatOf(['', ...path.split('/')]);
    expect(at('p/.beads/backup/decisions.jsonl')).toEqual({ format: 'beads', placement: { up: 3, slug: null } });
    expect(at('p/.beads/audit.json')).toBeNull();
    expect(at('p/.audit/t-7.tsv')).toEqual({ format: 'pstack-trail', placement: { up: 2, slug: 't-7' } });
    expect(at('p/qa/audit.json')).toEqual({ format: 'audit', placement: { up: 1, slug: null } });
    expect(at('p/design/candidates/2/design.md')).toEqual({ format: 'arena', placement: { up: 4, slug: null } });
    expect(at('p/history.jsonl')).toEqual({ format: 'babysit-history', placement: { up: 1, slug: null } });
    expect(recordFormatOf(['', 'p', 'history.jsonl'], { likelyNames: false })).toBeNull();
    expect([at('p/handover.md'), at('p/trailbook.json'), at('p/notes.md')]).toEqual([null, null, null]);
  });
});
