/**
 * A file cited through a committed symbolic link, changed after the row (trust14's fault-injecting
 * trial). `link.ts:3-4` (link.ts → src/a.ts) and `lib/a.ts:5` (lib → src), committed with the
 * trail, were checked at the landed head alone after two lines were added at src/a.ts's top: a
 * green "lines 3–4 of 12 exist at landed head as src/a.ts" marking `line 1` and `line 2`, lines
 * the row never cited, while the same lines cited as `src/a.ts:3-4` were followed. Now followed
 * the same way while the link still leads to that file, the reason naming the link. A link that
 * leads to another file now (moved.ts → src/b.ts then, → other/b.ts now) was VERIFIED in the
 * other file; its lines are now read in the file it led to when the row was recorded.
 */
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let recorded: string;
let head: string;
const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

beforeAll(async () => {
  dir = await fixtureDir('symlink-history');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': lines(10), 'src/b.ts': lines(10), 'other/b.ts': 'x\n'.repeat(10) });
  await symlink('src/a.ts', join(dir, 'link.ts'));
  await symlink('src', join(dir, 'lib'));
  await symlink('src/b.ts', join(dir, 'moved.ts'));
  commitAll(dir, 'Files', '2026-03-01T09:00:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'start', 'link.ts:3-4', 'start'),
      row('2026-03-01T10:01:00Z', 'Through a linked folder', 'lib/a.ts:5'),
      row('2026-03-01T10:02:00Z', 'The file cited as itself', 'src/a.ts:3-4'),
      row('2026-03-01T10:03:00Z', 'A link pointed elsewhere since', 'moved.ts:2'),
    ]),
  });
  recorded = commitAll(dir, 'Trail', '2026-03-01T11:00:00Z');
  await writeFiles(dir, { 'src/a.ts': 'new\nnewer\n' + lines(10) });
  git(dir, ['rm', '-q', 'moved.ts']);
  await symlink('other/b.ts', join(dir, 'moved.ts'));
  head = commitAll(dir, 'Later', '2026-03-02T11:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('lines cited through a symbolic link, the file changed since', () => {
  it('follows them as the same lines cited by the file’s own path are, and says which link led there', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    expect(pointerVerdicts(model).slice(0, 3)).toEqual([
      [['link.ts:3-4', 'VERIFIED', `cited 3–4 at ${r}; now 5–6 at the landed head ${h}, as src/a.ts changed since (through the symbolic link link.ts → src/a.ts)`]],
      [['lib/a.ts:5', 'VERIFIED', `cited line 5 at ${r}; now line 7 at the landed head ${h}, as src/a.ts changed since (through the symbolic link lib → src)`]],
      [['src/a.ts:3-4', 'VERIFIED', `cited 3–4 at ${r}; now 5–6 at the landed head ${h}, as src/a.ts changed since`]],
    ]);
    // The link opens the file the link led to, at the commit that recorded the row, the cited lines marked.
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 3, to: 4, at: recorded });
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 5, to: 5, at: recorded });
  });

  it('reads lines cited through a link that leads elsewhere now in the file it led to, never in the other', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    // Before: 'line 2 of 10 exists at landed head as other/b.ts (through the symbolic link moved.ts → other/b.ts)', a file the row never cited.
    expect(pointerVerdicts(model)[3]).toEqual([
      ['moved.ts:2', 'VERIFIED', `line 2 of src/b.ts is unchanged at the landed head; moved.ts led to src/b.ts at ${r}, the commit that recorded this row (through the symbolic link moved.ts → src/b.ts); it leads to other/b.ts at the landed head ${h}`],
    ]);
    expect(model.rows[3]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/b.ts', origin: 'repository', from: 2, to: 2 });
    expect(evidenceFlags(model)).toEqual([]);
  });
});
