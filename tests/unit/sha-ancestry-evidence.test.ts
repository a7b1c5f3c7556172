/**
 * A commit named by its ancestry from a SHA (trust9's fault-injecting trial): `175a435^`,
 * `175a435~2` were prose, a medium `evidence/prose`, though a SHA does not move and git reads
 * them as one commit each. They are walked and checked; a step past the root names no commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let c: string[];
const verdicts = (): string[][][] => pointerVerdicts(model, 'kind');

beforeAll(async () => {
  dir = await fixtureDir('sha-ancestry');
  await initRepo(dir);
  c = [];
  for (const [i, name] of ['one', 'two', 'three'].entries()) {
    await writeFiles(dir, { 'a.txt': `${name}\n` });
    c.push(commitAll(dir, `Commit ${name}`, `2026-03-01T0${i + 1}:00:00Z`));
  }
  const s = (c[2] as string).slice(0, 7);
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T02:30:00Z', 'start', `${s}^`),
      row('2026-03-01T02:31:00Z', 'Two back', `${s}~2`),
      row('2026-03-01T02:32:00Z', 'Past the root', `${s}~3`),
    ]),
  });
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a commit named by its ancestry from a SHA', () => {
  it('is the commit it names, checked', () => {
    const s = (c[2] as string).slice(0, 7);
    expect(verdicts()[0]).toEqual([[`${s}^`, 'commit', 'VERIFIED', `${s}^ → commit ${(c[1] as string).slice(0, 7)} exists: “Commit two”`]]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'commit', oid: c[1] });
    expect(verdicts()[1]).toEqual([[`${s}~2`, 'commit', 'VERIFIED', `${s}~2 → commit ${(c[0] as string).slice(0, 7)} exists: “Commit one”`]]);
  });

  it('names no commit past the root', () => {
    const s = (c[2] as string).slice(0, 7);
    expect(verdicts()[2]).toEqual([[`${s}~3`, 'commit', 'NOT_VERIFIED', `${s}~3 names no commit: ${(c[0] as string).slice(0, 7)} has no parent`]]);
    expect(model.flags.filter((f) => f.kind.startsWith('evidence/')).map((f) => [f.kind, f.severity])).toEqual([['evidence/commit-not-found', 'high']]);
  });
});
