/**
 * Extensionless files cited with a line (trial, 2026-12-02): `gradlew:10`, `Makefile:3`,
 * `Dockerfile:1` and a committed symlink `link:1` were read as prose (a medium
 * `evidence/prose`). A `name:line` whose name is a path of the repository (at the landed head
 * or the row's commit) is a path with lines; well-known names are files without a repository.
 * Prose with a colon and a number (`step:2`) stays prose, never a missing path. And a
 * backticked path with a space (`` `docs/with space.md` ``) that exists is one path, not a
 * command naming `space.md`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let trail: string;
const verdicts = (): string[][][] => pointerVerdicts(model);
const ten = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

beforeAll(async () => {
  dir = await fixtureDir('extensionless');
  await initRepo(dir);
  await writeFiles(dir, {
    gradlew: ten,
    Makefile: 'a:\n\techo a\nb:\n',
    Dockerfile: 'FROM node:24\n',
    target: 'one\ntwo\n',
    'docs/with space.md': '# Spaced\n\ntext\n',
    run: '#!/bin/sh\necho run\n',
    'runs/decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'wrapper', 'gradlew:10'),
      row('2026-03-01T09:01:00Z', 'make', 'Makefile:3'),
      row('2026-03-01T09:02:00Z', 'docker', 'Dockerfile:1'),
      row('2026-03-01T09:03:00Z', 'link', 'link:1'),
      row('2026-03-01T09:04:00Z', 'prose with a colon', 'step:2'),
      row('2026-03-01T09:05:00Z', 'past the end', 'gradlew:99'),
      row('2026-03-01T09:06:00Z', 'a spaced path', '`docs/with space.md`'),
      row('2026-03-01T09:07:00Z', 'a script removed since', 'run:2'),
    ]),
  });
  await symlink('target', join(dir, 'link'));
  trail = commitAll(dir, 'Trail', '2026-03-01T10:00:00Z').slice(0, 7);
  git(dir, ['rm', '-q', 'run']);
  commitAll(dir, 'Remove run', '2026-03-01T11:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('extensionless files cited with a line', () => {
  it('reads well-known names as files without a repository', () => {
    expect(classifyEvidence('gradlew:10')).toEqual([{ raw: 'gradlew:10', kind: 'path', path: 'gradlew', from: 10, to: 10 }]);
    expect(classifyEvidence('README:2')).toEqual([{ raw: 'README:2', kind: 'path', path: 'README', from: 2, to: 2 }]);
    // Prose with a colon and a number is prose; a lower-case `readme` in a sentence is no path.
    expect(classifyEvidence('step:2')).toEqual([{ raw: 'step:2', kind: 'prose' }]);
    expect(classifyEvidence('see the readme first').map((p) => p.kind)).toEqual(['prose']);
  });

  it('checks a name of the repository with its line as a path', () => {
    expect(verdicts().slice(0, 4)).toEqual([
      [['gradlew:10', 'VERIFIED', 'line 10 of 12 exists at landed head']],
      [['Makefile:3', 'VERIFIED', 'line 3 of 3 exists at landed head']],
      [['Dockerfile:1', 'VERIFIED', 'line 1 of 1 exists at landed head']],
      [['link:1', 'VERIFIED', verdicts()[3]?.[0]?.[2] as string]],
    ]);
    expect(verdicts()[3]?.[0]?.[2]).toMatch(/^line 1 of 2 exists/);
    expect(verdicts()[5]).toEqual([['gradlew:99', 'NOT_VERIFIED', 'line 99 is past the end of gradlew (12 lines at landed head)']]);
    // A name committed only at the commit that recorded the row is checked there.
    const head = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
    expect(verdicts()[7]).toEqual([['run:2', 'INCONCLUSIVE', `line 2 of run was there at ${trail}, the commit that recorded this row; run is not a file at the landed head ${head} (deleted or moved since)`]]);
  });

  it('keeps prose with a colon and a number as prose, not a missing path', () => {
    expect(verdicts()[4]).toEqual([['step:2', 'NOT_VERIFIED', 'evidence must be a pointer, not prose']]);
    const kinds = model.flags.filter((f) => f.layer === 'evidence').map((f) => [f.kind, f.rows]);
    expect(kinds).toEqual([
      ['evidence/line-out-of-range', [model.rows[5]?.id]],
      ['evidence/prose', [model.rows[4]?.id]],
    ]);
  });

  it('reads a backticked path with a space that exists as one path', () => {
    expect(verdicts()[6]).toEqual([['docs/with space.md', 'VERIFIED', 'file exists at landed head; 3 lines']]);
  });
});
