/**
 * A trail never committed with its repository, its rows dated between the repository's commits
 * (trust9's fault-injecting trial). A file deleted after a row was written, or lines cut from it
 * since, were high `evidence/path-not-found` / `line-out-of-range` flags: real evidence called
 * fake. The row's time places it on the landed head's first-parent line (as a row dated after
 * the head is placed, issue 26, item 2): what was there then and is gone now is INCONCLUSIVE with
 * that reason; what was never there stays a fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags, rowIdOf } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
let head: string;
const verdicts = (): string[][][] => pointerVerdicts(model);
const flags = (): Array<[string, string, string[]]> => evidenceFlags(model);
const rowId = (n: number): string => rowIdOf(model, n);

beforeAll(async () => {
  dir = await fixtureDir('dated-row');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': '1\n2\n3\n4\n5\n', 'src/old.ts': 'alpha\nbeta\n', 'notes/n.md': 'n\n', 'src/mv.ts': 'one\ntwo\n', 'src/util.ts': 'root\n', 'pkg/src/util.ts': 'another\nfile\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(dir, { 'src/a.ts': '1\n2\n' });
  const { rm } = await import('node:fs/promises');
  await rm(`${dir}/src/old.ts`);
  await rm(`${dir}/notes`, { recursive: true });
  await rm(`${dir}/src/mv.ts`);
  await rm(`${dir}/src/util.ts`);
  await writeFiles(dir, { 'lib/moved.ts': 'one\ntwo\n' });
  head = commitAll(dir, 'Cut', '2026-03-01T12:00:00Z');
  // The trail is written now and never committed.
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T07:00:00Z', 'start', 'src/old.ts'),
      row('2026-03-01T09:00:00Z', 'A file deleted since', 'src/old.ts'),
      row('2026-03-01T09:01:00Z', 'Its line', 'src/old.ts:2'),
      row('2026-03-01T09:02:00Z', 'Lines cut since', 'src/a.ts:4-5'),
      row('2026-03-01T09:03:00Z', 'Never there', 'src/never.ts'),
      row('2026-03-01T09:04:00Z', 'Past the end then too', 'src/a.ts:9'),
      row('2026-03-01T09:05:00Z', 'A folder deleted since', 'notes/'),
      row('2026-03-01T13:00:00Z', 'After the head', 'src/a.ts:2'),
      row('2026-03-01T09:06:00Z', 'A file moved since', 'src/mv.ts:2'),
      row('2026-03-01T09:07:00Z', 'A file deleted since, another of its name left', 'src/util.ts'),
    ]),
  });
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a row of a trail never committed, placed by its time', () => {
  const then = (): string => `; it was there at ${first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z; the trail is not committed with the repository, so its time tells)`;

  it('says a file deleted since the row was written was there, with no flag', () => {
    const h = head.slice(0, 7);
    expect(verdicts()[1]).toEqual([['src/old.ts', 'INCONCLUSIVE', `src/old.ts not found at landed head ${h} nor in the project folder${then()}`]]);
    expect(verdicts()[2]).toEqual([['src/old.ts:2', 'INCONCLUSIVE', `src/old.ts not found at landed head ${h} nor in the project folder${then()}`]]);
    expect(model.rows[2]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/old.ts', origin: 'repository', at: first, from: 2, to: 2 });
    // Trust14: followed from that commit, as a committed row's lines are (it said `lines 4–5 are past the end of src/a.ts (2 lines at landed head); it was there at …`).
    expect(verdicts()[3]).toEqual([
      ['src/a.ts:4-5', 'INCONCLUSIVE', `cited 4–5 at ${first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z; the trail is not committed with the repository, so its time tells); they were changed or deleted since: none is at the landed head ${head.slice(0, 7)}`],
    ]);
    expect(verdicts()[6]).toEqual([['notes/', 'INCONCLUSIVE', `notes not found at landed head ${h} nor in the project folder${then()}`]]);
  });

  it('keeps a fault for what was not there when the row was written', () => {
    expect(verdicts()[0]).toEqual([['src/old.ts', 'NOT_VERIFIED', `src/old.ts not found at landed head ${head.slice(0, 7)} nor in the project folder`]]);
    expect(flags()).toEqual([
      ['evidence/path-not-found', 'high', [rowId(0)]],
      ['evidence/path-not-found', 'high', [rowId(4)]],
      ['evidence/line-out-of-range', 'high', [rowId(5)]],
    ]);
  });

  it('follows a file moved unchanged since to its new path', () => {
    expect(verdicts()[8]).toEqual([['src/mv.ts:2', 'VERIFIED', `src/mv.ts was at ${first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z); now the same line 2 of lib/moved.ts at the landed head ${head.slice(0, 7)}, as src/mv.ts was moved there unchanged`]]);
    expect(model.rows[8]?.evidence[0]?.target).toEqual({ type: 'file', path: 'lib/moved.ts', origin: 'repository', from: 2, to: 2 });
  });

  it('never reads a file deleted since as another file of its name', () => {
    expect(verdicts()[9]).toEqual([['src/util.ts', 'INCONCLUSIVE', `src/util.ts not found at landed head ${head.slice(0, 7)} nor in the project folder${then()}`]]);
  });

  it('leaves a row dated after the head to its own rule', () => {
    expect(verdicts()[7]).toEqual([['src/a.ts:2', 'VERIFIED', 'line 2 of 2 exists at landed head']]);
  });
});
