/**
 * A row whose id holds a token (sec11). The id is the record's own (`"id": "ghp_…"`), URL-safe,
 * so its anchor was `row-<id>`, and the redaction made it `row-[redacted: GitHub token]`: an
 * HTML id and a URL fragment with spaces and brackets (`/p/app/#row-[redacted: GitHub token]`),
 * the same for every row whose id is a token of that kind, so a link from a cited file's page,
 * a flag or a supersede landed on the first of them. Two such ids were also one id once
 * redacted, so the row a `supersedes` names, and the rows a flag names, were found by an id
 * that several rows held. Now a row whose id holds a secret is anchored by its line, as a row
 * whose id has odd characters is (`row-L2`), and ids that would read alike once redacted are
 * told apart (`[redacted: GitHub token #2]`): src/lib/secrets/redacted-ids.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, fixtureDir, removeFixture, trailText, writeFiles } from '../trail-fixtures.ts';

// Made-up values (random characters, never issued); mixed case, so the anchor held them as written.
const T1 = 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q';
const T2 = 'ghp_A1sD2fG3hJ4kL5zX6cV7bN8mQ9wE0rT1yU2i';

const row = (id: string, minute: number, decision: string, extra: Record<string, string> = {}): string =>
  JSON.stringify({ id, ts: `2026-03-01T09:${String(minute).padStart(2, '0')}:00Z`, phase: 'build', ticket: '', actor: 'lead', decision, why: 'w', evidence: 'README.md:1', result: 'verified', ...extra });

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  dir = await fixtureDir('secret-row-ids');
  await writeFiles(dir, {
    'README.md': '# app\n',
    'decisions.jsonl': trailText([row(T1, 30, 'First token row'), row(T2, 31, 'Second token row'), row('plain1', 32, 'Replaces the second', { supersedes: T2 }), row(T1, 33, 'Same id as the first')]),
  });
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('rows whose ids are tokens', () => {
  it('are anchored by their line: valid fragment ids, unique, naming no token', () => {
    expect(model.rows.map((r) => r.anchor)).toEqual(['row-L1', 'row-L2', 'row-plain1', 'row-L4']);
    const text = JSON.stringify(model);
    for (const t of [T1, T2]) {
      expect(text).not.toContain(t);
      expect(text.toLowerCase()).not.toContain(t.toLowerCase());
    }
    const anchors = [...text.matchAll(/"anchor":"([^"]*)"/g)].map((m) => m[1] as string);
    expect(anchors.length).toBeGreaterThan(4);
    expect(anchors.filter((a) => !/^[A-Za-z0-9_-]+$/.test(a))).toEqual([]);
  });

  it('the file they cite lists each at its own anchor', () => {
    expect(model.cited.files.map((f) => [f.path, f.by.map((b) => b.anchor)])).toEqual([['README.md', ['row-L1', 'row-L2', 'row-plain1', 'row-L4']]]);
  });

  it('ids that would read alike once redacted are told apart, and what names them lands on the right one', () => {
    expect(model.rows.map((r) => r.id)).toEqual(['[redacted: GitHub token]', '[redacted: GitHub token #2]', 'plain1', '[redacted: GitHub token]']);
    // The row replacing the second names it, not the first.
    expect(model.rows[2]?.supersedes).toBe('[redacted: GitHub token #2]');
    expect(model.rows.map((r) => r.supersededBy)).toEqual([[], ['plain1'], [], []]);
  });
});
