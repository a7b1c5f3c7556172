/**
 * "n/a" as evidence on a row that claims nothing yet (review of the remaining prose outcomes over
 * the real corpus: Chinkhusel14/bulaa row 23, "browser and API runtime verification not yet
 * done", result `open`, was a medium `evidence/prose` flag) is not a claim without a pointer;
 * on a row whose result claims anything, it still is (src/lib/evidence/no-evidence-given.ts).
 */
import { describe, expect, it } from 'vitest';
import { readNoEvidenceGiven } from '../../src/lib/evidence/no-evidence-given.ts';
import type { EvidencePointer, ResultClass } from '../../src/lib/model/types.ts';

const prose = (raw: string): EvidencePointer => ({ raw, kind: 'prose', status: 'NOT_VERIFIED', reason: 'evidence must be a pointer, not prose', fault: 'evidence/prose' });

describe('a cell that says there is no evidence', () => {
  it.each<[cell: string, result: ResultClass]>([
    ['n/a', 'open'],
    ['N/A', 'skipped'],
    ['none', 'inconclusive'],
    ['-', 'open'],
    ['none yet.', 'open'],
  ])('%j on a row whose result is %s: not verified (inconclusive), no flag', (cell, result) => {
    expect(readNoEvidenceGiven(result, [prose(cell)])).toEqual([{ raw: cell, kind: 'prose', status: 'INCONCLUSIVE', reason: `no evidence given, and the row claims none yet: its result is ${result}` }]);
  });

  it.each<[cell: string, result: ResultClass]>([
    ['n/a', 'verified'],
    ['n/a', 'note'],
    ['n/a', 'failed'],
    ['terminal output: 6 pass, 0 fail', 'open'],
    ['not yet done', 'open'],
  ])('%j on a row whose result is %s stays prose, flagged', (cell, result) => {
    expect(readNoEvidenceGiven(result, [prose(cell)])).toEqual([prose(cell)]);
  });

  it('only when it is the whole cell', () => {
    const path: EvidencePointer = { raw: 'src/a.ts', kind: 'path', status: 'VERIFIED', reason: 'file exists at landed head; 3 lines' };
    expect(readNoEvidenceGiven('open', [path, prose('n/a')])).toEqual([path, prose('n/a')]);
  });
});
