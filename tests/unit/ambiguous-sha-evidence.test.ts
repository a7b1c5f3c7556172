/**
 * A short SHA that one commit and a blob share (trust8). The decision trail's check is
 * `git cat-file -e <sha>^{commit}` (Part 2, layer 1), and git resolves `<sha>^{commit}` to the
 * one commit among the objects a prefix names; a repository that grows after the row was
 * written gains blobs sharing the prefixes agents printed. Trailbook said "short SHA … is
 * ambiguous: 2 objects … start with it", the medium `evidence/commit-ambiguous`, on a commit
 * git finds. Now a prefix that names exactly one commit (or tag) is that commit, the reason
 * saying how many objects share it; a prefix two commits share stays ambiguous.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
let blob: string;

/** A text whose blob id starts with `prefix` (found by trying numbers: about 16^length tries). */
function collidingText(prefix: string): string {
  for (let i = 0; ; i++) {
    const text = `collide ${i}\n`;
    const id = createHash('sha1').update(`blob ${Buffer.byteLength(text)}\0${text}`).digest('hex');
    if (id.startsWith(prefix)) return text;
  }
}

beforeAll(async () => {
  dir = await fixtureDir('ambiguous-sha');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'export const a = 1;\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(dir, { 'notes/collide.txt': collidingText(first.slice(0, 5)) });
  commitAll(dir, 'A blob sharing the prefix', '2026-03-01T08:30:00Z');
  blob = git(dir, ['rev-parse', 'HEAD:notes/collide.txt']).trim();
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1', 'start'),
      row('2026-03-01T09:01:00Z', 'The first commit, by 5 digits', `commit ${first.slice(0, 5)}`),
      row('2026-03-01T09:02:00Z', 'The first commit, by 7 digits', first.slice(0, 7)),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a short SHA one commit and a blob share', () => {
  it('is the commit, as git’s <sha>^{commit} reads it', () => {
    const f = first.slice(0, 7);
    expect(blob.slice(0, 5)).toBe(first.slice(0, 5));
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['src/a.ts:1', 'path', 'VERIFIED', 'line 1 of 1 exists at landed head', '']],
      [[`commit ${first.slice(0, 5)}`, 'commit', 'VERIFIED', `commit ${f} exists: “First” (the only commit of 2 objects whose ids start with ${first.slice(0, 5)})`, '']],
      [[f, 'commit', 'VERIFIED', `commit ${f} exists: “First”`, '']],
    ]);
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'commit', oid: first });
    expect(model.flags.filter((f) => f.kind === 'evidence/commit-ambiguous')).toEqual([]);
  });
});
