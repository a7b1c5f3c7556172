/**
 * A path written in another letter case than the repository holds it (trust9's fault-injecting
 * trial): an agent on macOS or Windows (case-insensitive by default) opens `src/upper.ts` as
 * `src/Upper.ts`, and cites it so. It was a high `evidence/path-not-found` for a file that is
 * there; it is that file, said so, when exactly one path differs from it only in case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, pointerVerdicts, committedProject } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const verdicts = (): string[][][] => pointerVerdicts(model);
const HOW = 'the only path that differs from it only in letter case: the same file on a case-insensitive file system, as macOS and Windows have by default';

beforeAll(async () => {
  ({ dir, model } = await committedProject('case-differs', {
    'src/Upper.ts': '1\n2\n3\n',
    'Docs/Guide.md': 'g\n',
    'twice/README.md': 'a\n',
    'twice/readme.md': 'b\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T07:00:00Z', 'start', 'src/upper.ts:2'),
      row('2026-03-01T07:01:00Z', 'A folder in another case', 'docs/guide.md'),
      row('2026-03-01T07:02:00Z', 'Two such paths', 'twice/Readme.md'),
      row('2026-03-01T07:03:00Z', 'Past the end in another case', 'src/upper.ts:9'),
    ]),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path in another letter case', () => {
  it('is the one path that differs only in case', () => {
    expect(verdicts()[0]).toEqual([['src/upper.ts:2', 'VERIFIED', `line 2 of 3 exists at landed head as src/Upper.ts (${HOW})`]]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/Upper.ts', origin: 'repository', from: 2, to: 2 });
    expect(verdicts()[1]).toEqual([['docs/guide.md', 'VERIFIED', `file exists at landed head as Docs/Guide.md (${HOW}); 1 line`]]);
  });

  it('is not found when several paths differ only in case, and keeps a line past the end a fault', () => {
    expect(verdicts()[2]?.[0]?.[1]).toBe('NOT_VERIFIED');
    expect(verdicts()[3]).toEqual([['src/upper.ts:9', 'NOT_VERIFIED', 'line 9 is past the end of src/Upper.ts (3 lines at landed head)']]);
  });
});
