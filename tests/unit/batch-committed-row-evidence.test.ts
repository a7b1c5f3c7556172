/**
 * A trail committed in a batch: its rows written through a session and committed together at its
 * end, after a file they cite was deleted, cut or moved (lead16's trial on Trailbook's own
 * repository: `src/cli/incremental.ts:38-41`, cited the morning the file existed, committed with
 * the trail days after it moved to src/lib/build/, was a high `evidence/path-not-found` — real
 * evidence called fake). A committed row dated before its commit is placed by its time too, as a
 * row of a trail never committed is (trust9): what was there then and is gone at the head and at
 * the recording commit is INCONCLUSIVE with that reason; what was never there stays a fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags, rowIdOf } from '../trail-fixtures.ts';

const rows = [
  row('2026-03-01T07:00:00Z', 'Before the first commit', 'src/old.ts'),
  row('2026-03-01T09:00:00Z', 'A file deleted since', 'src/old.ts'),
  row('2026-03-01T09:02:00Z', 'Lines cut since', 'src/a.ts:4-5'),
  row('2026-03-01T09:03:00Z', 'Never there', 'src/never.ts'),
  row('2026-03-01T09:04:00Z', 'Past the end then too', 'src/a.ts:9'),
  row('2026-03-01T09:06:00Z', 'A file moved since', 'src/mv.ts:2'),
  row('2026-03-01T12:30:00Z', 'Written after the deletion', 'src/old.ts'),
  row('2026-03-01T12:31:00Z', 'Still there', 'src/a.ts:2'),
];

interface Fixture {
  dir: string;
  model: ProjectModel;
  first: string;
  trail: string;
  head: string;
}

/** A repository whose trail is committed at 13:00, after the 12:00 commit that cut what its rows cite; `after` adds a later commit, so the trail's commit is not the head. */
async function fixture(name: string, after: boolean): Promise<Fixture> {
  const dir = await fixtureDir(name);
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': '1\n2\n3\n4\n5\n', 'src/old.ts': 'alpha\nbeta\n', 'src/mv.ts': 'one\ntwo\n' });
  const first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  const { rm } = await import('node:fs/promises');
  await writeFiles(dir, { 'src/a.ts': '1\n2\n', 'lib/moved.ts': 'one\ntwo\n' });
  await rm(`${dir}/src/old.ts`);
  await rm(`${dir}/src/mv.ts`);
  commitAll(dir, 'Cut', '2026-03-01T12:00:00Z');
  await writeFiles(dir, { 'decisions.jsonl': trailText(rows) });
  const trail = commitAll(dir, 'The session trail', '2026-03-01T13:00:00Z');
  let head = trail;
  if (after) {
    await writeFiles(dir, { 'README.md': 'later\n' });
    head = commitAll(dir, 'Later', '2026-03-01T14:00:00Z');
  }
  return { dir, model: await analyseProject(dir), first, trail, head };
}

const fixtures: Fixture[] = [];
beforeAll(async () => {
  fixtures.push(await fixture('batch-trail-head', false), await fixture('batch-trail-later', true));
}, 60_000);
afterAll(async () => {
  for (const f of fixtures) await removeFixture(f.dir);
});

describe.each([
  ['the landed head', 0],
  ['a commit before the landed head', 1],
])('a row committed after its time, its trail committed at %s', (_, n) => {
  const f = (): Fixture => fixtures[n] as Fixture;
  const then = (): string =>
    `; it was there at ${f().first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z; this row was committed only later, at ${f().trail.slice(0, 7)} (2026-03-01T13:00:00Z), so its own time tells)`;

  it('says a file deleted before the trail was committed was there when the row was written, with no flag', () => {
    const h = f().head.slice(0, 7);
    const verdicts = pointerVerdicts(f().model);
    expect(verdicts[1]).toEqual([['src/old.ts', 'INCONCLUSIVE', `src/old.ts not found at landed head ${h} nor in the project folder${then()}`]]);
    // Followed from the commit of the row's time, as a row of a trail never committed is (trust14).
    expect(verdicts[2]).toEqual([
      [
        'src/a.ts:4-5',
        'INCONCLUSIVE',
        `cited 4–5 at ${f().first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z; this row was committed only later, at ${f().trail.slice(0, 7)} (2026-03-01T13:00:00Z), so its own time tells); they were changed or deleted since: none is at the landed head ${h}`,
      ],
    ]);
    expect(f().model.rows[2]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', at: f().first, from: 4, to: 5 });
  });

  it('follows a file moved unchanged since to its new path, and lands there', () => {
    expect(pointerVerdicts(f().model)[5]).toEqual([
      [
        'src/mv.ts:2',
        'VERIFIED',
        `src/mv.ts was at ${f().first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z; this row was committed only later, at ${f().trail.slice(0, 7)} (2026-03-01T13:00:00Z), so its own time tells); now the same line 2 of lib/moved.ts at the landed head ${f().head.slice(0, 7)}, as src/mv.ts was moved there unchanged`,
      ],
    ]);
    expect(f().model.rows[5]?.evidence[0]?.target).toEqual({ type: 'file', path: 'lib/moved.ts', origin: 'repository', from: 2, to: 2 });
  });

  it('keeps the high flag for what was not there when the row was written', () => {
    const h = f().head.slice(0, 7);
    const verdicts = pointerVerdicts(f().model);
    expect(verdicts[0]).toEqual([['src/old.ts', 'NOT_VERIFIED', `src/old.ts not found at landed head ${h} nor in the project folder`]]);
    expect(verdicts[6]).toEqual([['src/old.ts', 'NOT_VERIFIED', `src/old.ts not found at landed head ${h} nor in the project folder`]]);
    expect(verdicts[7]).toEqual([['src/a.ts:2', 'VERIFIED', 'line 2 of 2 exists at landed head']]);
    const id = (k: number): string => rowIdOf(f().model, k);
    expect(evidenceFlags(f().model)).toEqual([
      ['evidence/path-not-found', 'high', [id(0)]],
      ['evidence/path-not-found', 'high', [id(3)]],
      ['evidence/line-out-of-range', 'high', [id(4)]],
      ['evidence/path-not-found', 'high', [id(6)]],
    ]);
  });
});

describe('lines a batch-committed row cited, in a file changed before the trail was committed', () => {
  let dir: string;
  let model: ProjectModel;
  let first: string;
  let head: string;
  beforeAll(async () => {
    dir = await fixtureDir('batch-trail-lines');
    await initRepo(dir);
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    await writeFiles(dir, { 'src/a.ts': `${lines.join('\n')}\n` });
    first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
    await writeFiles(dir, { 'src/a.ts': `${['new 1', 'new 2', 'new 3', 'new 4', 'new 5', ...lines].join('\n')}\n` });
    commitAll(dir, 'Five lines on top', '2026-03-01T11:00:00Z');
    await writeFiles(dir, { 'decisions.jsonl': trailText([row('2026-03-01T09:00:00Z', 'Lines 10 to 12 as they were', 'src/a.ts:10-12'), row('2026-03-01T12:00:00Z', 'Lines 10 to 12 after the change', 'src/a.ts:10-12')]) });
    head = commitAll(dir, 'The session trail', '2026-03-01T13:00:00Z');
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('follows them from the commit of the row\'s time to where they are now, and lands there', () => {
    // It was VERIFIED 'lines 10–12 of 25 exist at landed head', linked to lines 10–12: three lines the row never cited.
    expect(pointerVerdicts(model)[0]).toEqual([
      [
        'src/a.ts:10-12',
        'VERIFIED',
        `cited 10–12 at ${first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z; this row was committed only later, at ${head.slice(0, 7)} (2026-03-01T13:00:00Z), so its own time tells); now 15–17 at the landed head ${head.slice(0, 7)}, as src/a.ts changed since`,
      ],
    ]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 10, to: 12, at: first });
  });

  it('reads a row written after the change at the head, as written', () => {
    expect(pointerVerdicts(model)[1]).toEqual([['src/a.ts:10-12', 'VERIFIED', 'lines 10–12 of 25 exist at landed head']]);
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 10, to: 12 });
  });
});
