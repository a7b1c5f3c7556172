/**
 * The same pointer written twice in one evidence cell (trust16 item 2): each copy was a pointer
 * of its own, so `src/nope.ts; src/nope.ts` was two NOT_VERIFIED pointers, its flag said the reason
 * twice, and the row's pointer totals (the recap's figures, search's facets, `check`, report.json)
 * counted two. Now it is read once (src/lib/evidence/distinct-pointers.ts): shown, checked and
 * counted once on every surface; the cell as written is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { checkReportProject } from '../../src/lib/report/check-report.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { distinctPointers } from '../../src/lib/evidence/distinct-pointers.ts';
import { committedProject, evidenceFlags, pointerVerdicts, removeFixture, rowIdOf, trailRow as row, trailText } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  ({ dir, model, sha: head } = await committedProject(
    'repeated-pointer',
    {
      'src/a.ts': 'one\ntwo\nthree\n',
      'decisions.jsonl': trailText([
        row('2026-03-01T09:00:00Z', 'start', 'src/nope.ts; src/nope.ts', 'start'),
        row('2026-03-01T09:01:00Z', 'Twice in a list', 'deadbee1, deadbee1'),
        row('2026-03-01T09:02:00Z', 'Twice with notes', 'src/a.ts:2 ok; src/a.ts:2 after the fix'),
        row('2026-03-01T09:03:00Z', 'Named, then cited', 'the parser was moved to src/nope.ts; src/nope.ts'),
        row('2026-03-01T09:04:00Z', 'Two prose items alike', 'user brief; user brief'),
      ]),
    },
    'All',
    '2026-03-01T10:00:00Z',
  ));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a pointer written twice in one cell', () => {
  it('is shown and checked once, where it stands', () => {
    const h = head.slice(0, 7);
    const repo = model.rows[1]?.evidence[0]?.reason.replace(/^no commit deadbee1 in /, '');
    expect(pointerVerdicts(model, 'fault')).toEqual([
      [['src/nope.ts', 'NOT_VERIFIED', `src/nope.ts not found at landed head ${h} nor in the project folder`, 'evidence/path-not-found']],
      [['deadbee1', 'NOT_VERIFIED', `no commit deadbee1 in ${repo}`, 'evidence/commit-not-found']],
      [['src/a.ts:2', 'VERIFIED', 'line 2 of 3 exists at landed head', '']],
      [
        ['the parser was moved to src/nope.ts', 'INCONCLUSIVE', "a remark beside the cell's evidence: shown as written, not checked", ''],
        ['src/nope.ts', 'NOT_VERIFIED', `src/nope.ts not found at landed head ${h} nor in the project folder`, 'evidence/path-not-found'],
      ],
      [['user brief', 'NOT_VERIFIED', 'evidence must be a pointer, not prose', 'evidence/prose']],
    ]);
    // Nothing lost: both notes are kept, and the cell as written.
    expect(model.rows[2]?.evidence[0]?.note).toBe('ok; after the fix');
    expect(model.rows[0]?.evidenceText).toBe('src/nope.ts; src/nope.ts');
  });

  it('raises one flag saying its reason once, and is counted once', () => {
    expect(evidenceFlags(model)).toEqual([
      ['evidence/path-not-found', 'high', [rowIdOf(model, 0)]],
      ['evidence/commit-not-found', 'high', [rowIdOf(model, 1)]],
      ['evidence/path-not-found', 'high', [rowIdOf(model, 3)]],
      ['evidence/prose', 'medium', [rowIdOf(model, 4)]],
    ]);
    const summary = model.flags.find((f) => f.kind === 'evidence/commit-not-found')?.summary ?? '';
    expect(summary.split('no commit deadbee1').length - 1).toBe(1);
    // 1 + 1 + 1 + 1 (and the remark, not checkable) + 1: 5 pointers that did not resolve, not 8.
    expect(model.counts.pointers).toEqual({ verified: 1, failed: 4, unresolved: 3, prose: 1, notCheckable: 1 });
    const report = checkReportProject(model);
    expect(report.counts.pointers).toEqual(model.counts.pointers);
    expect(report.rows.map((r) => r.evidence.length)).toEqual([1, 1, 1, 2, 1]);
  });

  it("is said once in search's flag results", () => {
    const flags = searchRecords(model).filter((r) => r.facets['type']?.[0] === 'flag');
    expect(flags.map((r) => r.title.split('src/nope.ts not found').length - 1 + (r.title.split('no commit deadbee1').length - 1))).toEqual([1, 1, 1, 0]);
  });
});

describe('distinctPointers', () => {
  it('keeps a cell without repeats as it is', () => {
    const cell = classifyEvidence('src/a.ts:2; src/b.ts:3 covers x.md');
    expect(distinctPointers(cell)).toBe(cell);
  });

  it('names the pointers of a dropped copy under the kept one', () => {
    expect(distinctPointers(classifyEvidence('src/a.ts:2; src/a.ts:2 covers x.md'))).toEqual([
      { raw: 'src/a.ts:2', kind: 'path', path: 'src/a.ts', from: 2, to: 2, note: 'covers x.md' },
      { raw: 'x.md', kind: 'path', path: 'x.md', near: 'src', within: 0 },
    ]);
  });
});
