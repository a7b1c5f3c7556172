/**
 * Two ways a row names more than a file, read as it means them (trust10, hunt):
 * - `src/a.ts:12 (abc1234)`: the line at that commit. The bracketed SHA was read as a name to look
 *   for in the file ("name “abc1234” not found", INCONCLUSIVE), so a made-up commit raised nothing
 *   and a real one was never checked. Now it is the path at that commit, as `in abc1234` is;
 *   `(HEAD)` is the path at the head.
 * - `src/a.ts#parseRow`: a source file has no heading to anchor to, so `#` names a symbol in it. The
 *   name was dropped as a heading anchor and the file alone showed VERIFIED; now the name is looked
 *   for. `README.md#usage` stays the file and its heading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;

beforeAll(async () => {
  dir = await fixtureDir('bracketed-commit');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': Array.from({ length: 30 }, (_, i) => (i === 19 ? 'export function parseRow() {}' : `const x${i + 1} = ${i + 1};`)).join('\n') + '\n', 'README.md': '# Usage\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  const s = first.slice(0, 7);
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', `src/a.ts:12 (${s})`, 'start'),
      row('2026-03-01T09:01:00Z', 'Made up', 'src/a.ts:12 (abc1234)'),
      row('2026-03-01T09:02:00Z', 'Head', 'src/a.ts:12 (HEAD)'),
      row('2026-03-01T09:03:00Z', 'Symbol', 'src/a.ts#parseRow'),
      row('2026-03-01T09:04:00Z', 'No symbol', 'src/a.ts#parseRows'),
      row('2026-03-01T09:05:00Z', 'Heading', 'README.md#usage'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a commit in brackets after a path, a name after # in a source file', () => {
  it('are read as the row means them, and checked', () => {
    const s = first.slice(0, 7);
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']))).toEqual([
      [[`src/a.ts:12 (${s})`, 'path', 'VERIFIED', `line 12 of 30 exists at commit ${s}`, '']],
      [['src/a.ts:12 (abc1234)', 'path', 'NOT_VERIFIED', expect.stringMatching(/^no commit abc1234 in /), 'evidence/commit-not-found']],
      [['src/a.ts:12 (HEAD)', 'path', 'VERIFIED', 'line 12 of 30 exists at landed head', '']],
      [['src/a.ts#parseRow', 'symbol', 'VERIFIED', 'name found in src/a.ts at line 20', '']],
      [['src/a.ts#parseRows', 'symbol', 'INCONCLUSIVE', 'name “parseRows” not found in src/a.ts', '']],
      [['README.md#usage', 'path', 'VERIFIED', 'file exists at landed head; 1 line', '']],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/commit-not-found').map((f) => [f.severity, f.rows])).toEqual([['high', [model.rows[1]?.id]]]);
  });
});
