/**
 * A fault-injecting trial of the evidence verdicts (trust9), on a trail committed in a
 * subfolder (`proj/`) of its repository:
 * - a path cited without lines in a row recorded before the file was deleted or moved was a
 *   high `evidence/path-not-found`, while the same path with a line was VERIFIED at its new
 *   name or INCONCLUSIVE (deleted since): the same weakness, two severities;
 * - a deleted file whose content another file already held (`seq 1 5` twice, an empty
 *   `__init__.py`) was "moved there unchanged" to that other file: a VERIFIED link landing on
 *   a file the row never cited;
 * - `../src/a.ts:3` written from the trail's folder, a file of the repository, was a high
 *   `evidence/path-outside-repository`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags, rowIdOf } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let recorded: string;
let head: string;
const verdicts = (): string[][][] => pointerVerdicts(model);
const flags = (): Array<[string, string, string[]]> => evidenceFlags(model);
const rowId = (n: number): string => rowIdOf(model, n);

beforeAll(async () => {
  dir = await fixtureDir('recorded-path');
  await initRepo(dir);
  await writeFiles(dir, {
    'src/a.ts': 'one\ntwo\nthree\nfour\n',
    'src/old.ts': 'alpha\nbeta\ngamma\n',
    'src/gone.ts': 'x\ny\n',
    'docs/gone.md': '1\n2\n3\n',
    'docs/copy.md': '1\n2\n3\n',
    'notes/old/a.md': 'a\n',
    'src/sym.ts': 'export function parseRow() {}\n',
    'src/util.ts': 'root\n',
    'pkg/src/util.ts': 'another\nfile\n',
    'proj/decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1'),
      row('2026-03-01T09:01:00Z', 'A file moved since, cited whole', 'src/old.ts'),
      row('2026-03-01T09:02:00Z', 'A file deleted since, cited whole', 'src/gone.ts'),
      row('2026-03-01T09:03:00Z', 'A folder deleted since', 'notes/old/'),
      row('2026-03-01T09:04:00Z', 'A deleted file whose copy stays', 'docs/gone.md:2'),
      row('2026-03-01T09:05:00Z', 'A path up from the trail folder', '../src/a.ts:3'),
      row('2026-03-01T09:06:00Z', 'A path up and out of the repository', '../../elsewhere/a.ts'),
      row('2026-03-01T09:07:00Z', 'A file never there', 'src/never.ts'),
      row('2026-03-01T09:08:00Z', 'A name in a file deleted since', 'src/sym.ts parseRow'),
      row('2026-03-01T09:09:00Z', 'A file deleted since, another of its name left', 'src/util.ts'),
    ]),
  });
  recorded = commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  git(dir, ['mv', 'src/old.ts', 'src/new.ts']);
  git(dir, ['rm', '-q', 'src/gone.ts', 'docs/gone.md', 'notes/old/a.md', 'src/sym.ts', 'src/util.ts']);
  head = commitAll(dir, 'Move and delete', '2026-03-01T11:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path as the row that recorded it saw it', () => {
  it('follows a file cited whole to where it was moved unchanged, as a cited line is', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    expect(verdicts()[1]).toEqual([['src/old.ts', 'VERIFIED', `cited at ${r}; now the same file src/new.ts at the landed head ${h}, as src/old.ts was moved there unchanged`]]);
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/new.ts', origin: 'repository' });
  });

  it('says a file or folder cited whole and deleted since was there, with no flag', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    expect(verdicts()[2]).toEqual([['src/gone.ts', 'INCONCLUSIVE', `src/gone.ts was there at ${r}, the commit that recorded this row; it is not at the landed head ${h} (deleted or moved since)`]]);
    expect(model.rows[2]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/gone.ts', origin: 'repository', at: recorded });
    expect(model.rows[3]?.evidence[0]?.target).toEqual({ type: 'commit', oid: recorded });
    expect(verdicts()[3]).toEqual([['notes/old/', 'INCONCLUSIVE', `folder notes/old was there at ${r}, the commit that recorded this row; it is not at the landed head ${h} (deleted or moved since)`]]);
  });

  it('says the same of a name cited in a file deleted since', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    expect(verdicts()[8]).toEqual([['src/sym.ts parseRow', 'INCONCLUSIVE', `src/sym.ts was there at ${r}, the commit that recorded this row; it is not at the landed head ${h} (deleted or moved since)`]]);
  });

  it('never reads a file deleted since as another file of its name', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    expect(verdicts()[9]).toEqual([['src/util.ts', 'INCONCLUSIVE', `src/util.ts was there at ${r}, the commit that recorded this row; it is not at the landed head ${h} (deleted or moved since)`]]);
  });

  it('never calls a deleted file moved to another file that already held the same text', () => {
    const [r, h] = [recorded.slice(0, 7), head.slice(0, 7)];
    expect(verdicts()[4]).toEqual([['docs/gone.md:2', 'INCONCLUSIVE', `line 2 of docs/gone.md was there at ${r}, the commit that recorded this row; docs/gone.md is not a file at the landed head ${h} (deleted or moved since)`]]);
  });

  it('reads a path up from the trail folder inside the repository as that path', () => {
    expect(verdicts()[5]).toEqual([['../src/a.ts:3', 'VERIFIED', 'written relative to the project folder proj, read as src/a.ts: line 3 of 4 exists at landed head']]);
    expect(model.rows[5]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 3, to: 3 });
    expect(verdicts()[6]).toEqual([['../../elsewhere/a.ts', 'NOT_VERIFIED', '../../elsewhere/a.ts leaves the repository tree']]);
  });

  it('flags only what was never there', () => {
    expect(flags()).toEqual([
      ['evidence/path-outside-repository', 'high', [rowId(6)]],
      ['evidence/path-not-found', 'high', [rowId(7)]],
    ]);
  });
});

describe('a path of a trail in a subfolder, read from that folder', () => {
  let sub: string;
  let subModel: ProjectModel;
  beforeAll(async () => {
    sub = await fixtureDir('beside-trail');
    await initRepo(sub);
    await writeFiles(sub, {
      'src/a.ts': '1\n2\n3\n',
      'proj/src/a.ts': '1\n2\n3\n4\n5\n6\n',
      'proj/decisions.jsonl': trailText([row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:5'), row('2026-03-01T09:01:00Z', 'Past the end in both', 'src/a.ts:9')]),
    });
    commitAll(sub, 'Trail', '2026-03-01T10:00:00Z');
    subModel = await analyseProject(sub);
  }, 60_000);
  afterAll(() => removeFixture(sub));

  it('checks lines past the end of the root file in the file beside the trail', () => {
    const [a, b] = subModel.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason]));
    expect(a).toEqual([['src/a.ts:5', 'VERIFIED', "src/a.ts has fewer lines at the repository's root; read from the project folder proj, as proj/src/a.ts: line 5 of 6 exists at landed head"]]);
    expect(subModel.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'proj/src/a.ts', origin: 'repository', from: 5, to: 5 });
    expect(b).toEqual([['src/a.ts:9', 'NOT_VERIFIED', 'line 9 is past the end of src/a.ts (3 lines at landed head)']]);
  });
});
