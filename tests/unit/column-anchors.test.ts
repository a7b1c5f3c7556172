/**
 * GitHub's line anchors with columns (`#L10C5-L12C20`, what its code view writes for a selected
 * span), in a path and in a blob URL of the project's own repository (trial7). Before, the
 * anchor was read as a heading anchor (a path) or not read at all (a URL): the cited lines were
 * never checked, so `src/a.ts#L40C1-L50C2` of a 30-line file was VERIFIED "file exists at landed
 * head; 30 lines" and its link landed on the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { splitLineSuffix } from '../../src/lib/evidence/path-shape.ts';
import { parseForgeUrl } from '../../src/lib/evidence/forge-url.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let head: string;
const verdicts = (): string[][][] => pointerVerdicts(model, 'fault');
const lines30 = Array.from({ length: 30 }, (_, i) => `export const v${i + 1} = ${i + 1};`).join('\n') + '\n';

beforeAll(async () => {
  dir = await fixtureDir('column-anchors');
  await initRepo(dir);
  git(dir, ['remote', 'add', 'origin', 'https://github.com/acme/app.git']);
  await writeFiles(dir, {
    'src/a.ts': lines30,
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1', 'start'),
      row('2026-03-01T09:01:00Z', 'Columns, lines there', 'src/a.ts#L10C3-L12C8'),
      row('2026-03-01T09:02:00Z', 'Columns, lines past the end', 'src/a.ts#L40C1-L50C2'),
      row('2026-03-01T09:03:00Z', 'One line with a column', 'src/a.ts#L31C4'),
      row('2026-03-01T09:04:00Z', 'A blob URL with columns past the end', 'https://github.com/acme/app/blob/main/src/a.ts#L40C1-L50C2'),
      row('2026-03-01T09:05:00Z', 'A blob URL with columns', 'https://github.com/acme/app/blob/main/src/a.ts#L10C3-L12C8'),
    ]),
  });
  commitAll(dir, 'First', '2026-03-01T10:00:00Z');
  head = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('line anchors with columns', () => {
  it('reads the lines of `#L10C3-L12C8` and drops the columns', () => {
    expect(splitLineSuffix('src/a.ts#L10C3-L12C8')).toEqual({ path: 'src/a.ts', from: 10, to: 12 });
    expect(splitLineSuffix('src/a.ts#L7C2')).toEqual({ path: 'src/a.ts', from: 7, to: 7 });
    expect(splitLineSuffix('src/a.ts#L7-L9C2')).toEqual({ path: 'src/a.ts', from: 7, to: 9 });
    // A heading anchor is still one.
    expect(splitLineSuffix('docs/spec.md#l10c3')).toEqual({ path: 'docs/spec.md', anchor: 'l10c3' });
    expect(parseForgeUrl('https://github.com/acme/app/blob/main/src/a.ts#L10C3-L12C8')?.target).toEqual({ type: 'file', rest: ['main', 'src', 'a.ts'], lines: { from: 10, to: 12 } });
  });

  it('checks those lines in a path: past the end is the high line-out-of-range, never "file exists"', () => {
    expect(verdicts().slice(1, 4)).toEqual([
      [['src/a.ts#L10C3-L12C8', 'VERIFIED', 'lines 10–12 of 30 exist at landed head', '']],
      [['src/a.ts#L40C1-L50C2', 'NOT_VERIFIED', 'lines 40–50 are past the end of src/a.ts (30 lines at landed head)', 'evidence/line-out-of-range']],
      [['src/a.ts#L31C4', 'NOT_VERIFIED', 'line 31 is past the end of src/a.ts (30 lines at landed head)', 'evidence/line-out-of-range']],
    ]);
    // The link lands on the cited lines.
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 10, to: 12 });
    expect(model.flags.filter((f) => f.kind === 'evidence/line-out-of-range').map((f) => f.severity)).toEqual(['high', 'high', 'high']);
  });

  it('checks those lines in a blob URL of the project’s own repository', () => {
    expect(verdicts().slice(4)).toEqual([
      [['https://github.com/acme/app/blob/main/src/a.ts#L40C1-L50C2', 'NOT_VERIFIED', `github.com/acme/app is this project's repository: lines 40–50 are past the end of src/a.ts (30 lines at landed head)`, 'evidence/line-out-of-range']],
      [['https://github.com/acme/app/blob/main/src/a.ts#L10C3-L12C8', 'VERIFIED', `github.com/acme/app is this project's repository: lines 10–12 of 30 exist at landed head`, '']],
    ]);
    expect(head).toMatch(/^[0-9a-f]{7}$/);
  });
});
