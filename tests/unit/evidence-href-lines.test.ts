/**
 * A pointer citing several line ranges links to all of them (lead16's trial on Trailbook's own
 * repository: `src/lib/evidence/resolve.ts:43 and 109` was VERIFIED "lines 43, 109 of 130 exist
 * at landed head" and linked to `#L43` alone, so the file page set apart line 43 and not 109).
 */
import { describe, expect, it } from 'vitest';
import { evidenceHref } from '../../src/components/html/decision-row.ts';
import type { EvidencePointer } from '../../src/lib/model/types.ts';

const ctx = { base: '/', projectId: 'app', repoId: 'repo' };
const at = (target: EvidencePointer['target']): EvidencePointer => ({ raw: 'x', kind: 'path', status: 'VERIFIED', reason: 'r', target });

describe('the link of a pointer citing lines', () => {
  it('lands on one line, or on a range set apart, as before', () => {
    expect(evidenceHref(at({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 43, to: 43 }), ctx)).toBe('/r/repo/file/src/a.ts/#L43');
    expect(evidenceHref(at({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 10, to: 20 }), ctx)).toBe('/r/repo/file/src/a.ts/?lines=10-20#L10');
  });

  it('lists every range a pointer cites, landing on the first', () => {
    expect(evidenceHref(at({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 43, to: 43, more: [{ from: 109, to: 109 }] }), ctx)).toBe('/r/repo/file/src/a.ts/?lines=43,109#L43');
    expect(evidenceHref(at({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 3, to: 5, more: [{ from: 10, to: 12 }], at: 'c'.repeat(40) }), ctx)).toBe(
      `/r/repo/at/${'c'.repeat(40)}/file/src/a.ts/?lines=3-5,10-12#L3`,
    );
    expect(evidenceHref(at({ type: 'file', path: 'design/notes.md', origin: 'artifact', from: 2, to: 2, more: [{ from: 7, to: 9 }] }), ctx)).toBe('/p/app/file/design/notes.md/?lines=2,7-9#L2');
  });
});
