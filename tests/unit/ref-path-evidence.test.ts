/**
 * git's `<ref>:<path>` with a ref name (trial7): `main:src/a.ts`, `HEAD:src/a.ts:40`,
 * `v1:src/a.ts:2`. A SHA before the colon was read already (`9946590:docs/DESIGN.md:294`,
 * tests/unit/fresh-trial-evidence.test.ts); a ref name left the cell prose, a medium
 * `evidence/prose` on real evidence. Now a word the repository has as a ref is read as that
 * commit; any other word before a colon (`phase:src/a.ts`) stays prose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('ref-path');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'one\ntwo\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  git(dir, ['tag', 'v1']);
  await writeFiles(dir, {
    'src/a.ts': 'zero\none\ntwo\nthree\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'main:src/a.ts:4', 'start'),
      row('2026-03-01T09:01:00Z', 'At the head, past the end', 'HEAD:src/a.ts:40'),
      row('2026-03-01T09:02:00Z', 'At a tag', 'v1:src/a.ts:2'),
      row('2026-03-01T09:03:00Z', 'At a tag, past its end', 'v1:src/a.ts:4'),
      row('2026-03-01T09:04:00Z', 'No such ref', 'phase:src/a.ts'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  head = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('git’s <ref>:<path> with a ref name', () => {
  it('is the path at the commit the ref names, with its lines', () => {
    const f = first.slice(0, 7);
    expect(model.rows.map((r) => r.evidence.map((p) => [p.kind, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['path', 'VERIFIED', 'line 4 of 4 exists at landed head', '']],
      [['path', 'NOT_VERIFIED', 'line 40 is past the end of src/a.ts (4 lines at landed head)', 'evidence/line-out-of-range']],
      [['path', 'VERIFIED', `line 2 of 2 exists at commit ${f}`, '']],
      [['path', 'NOT_VERIFIED', `line 4 is past the end of src/a.ts (2 lines at commit ${f})`, 'evidence/line-out-of-range']],
      [['prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose', 'evidence/prose']],
    ]);
    expect(model.rows[2]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', at: first, from: 2, to: 2 });
    expect(head).toMatch(/^[0-9a-f]{7}$/);
  });
});
