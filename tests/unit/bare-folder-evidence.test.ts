/**
 * A cell that is one bare word naming a folder at the repository's root (trust10, finding 5):
 * `src` alone was a medium `evidence/prose` while `src/` was a path. Now the word is that folder,
 * VERIFIED with the reason saying how it was read. A word in a sentence, a word naming no folder,
 * a file, or a folder in another letter case stays prose: prose words never become paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const PROSE = 'evidence must be a pointer, not prose';

beforeAll(async () => {
  ({ dir, model } = await committedProject('bare-folder', {
    'src/a.ts': 'a\n',
    'docs/x.md': 'x\n',
    notes: 'n\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src', 'start'),
      row('2026-03-01T09:01:00Z', 'Sentence', 'wrote the docs'),
      row('2026-03-01T09:02:00Z', 'No such folder', 'test'),
      row('2026-03-01T09:03:00Z', 'A file', 'notes'),
      row('2026-03-01T09:04:00Z', 'Other case', 'Src'),
      row('2026-03-01T09:05:00Z', 'Beside a path', 'docs; src/a.ts'),
    ]),
  }, 'Files and trail', '2026-03-01T10:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('one bare word as the cell', () => {
  it('is the root folder it names, said so; any other word stays prose', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason]))).toEqual([
      [['src', 'path', 'VERIFIED', "a bare word naming a folder at the repository's root, read as src/: folder exists at landed head"]],
      [['wrote the docs', 'prose', 'NOT_VERIFIED', PROSE]],
      [['test', 'prose', 'NOT_VERIFIED', PROSE]],
      [['notes', 'prose', 'NOT_VERIFIED', PROSE]],
      [['Src', 'prose', 'NOT_VERIFIED', PROSE]],
      [
        ['docs', 'prose', 'INCONCLUSIVE', "a remark beside the cell's evidence: shown as written, not checked"],
        ['src/a.ts', 'path', 'VERIFIED', 'file exists at landed head; 1 line'],
      ],
    ]);
    expect(model.rows[0]?.evidence[0]?.target).toBeUndefined();
  });
});
