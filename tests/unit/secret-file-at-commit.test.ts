/**
 * A secret in a file cited at a commit other than the landed head (`config/app.yml:3 in
 * <sha>`, or a row's `path:line` shown at the commit that recorded it: issue 26, item 1) is
 * found in the file as that page shows it, and flagged (trial7). Before, every cited repository
 * file was scanned at the landed head only: a password committed, then removed, was redacted on
 * the file's page at that commit (the page scans what it shows) but never flagged, so
 * `check --fail-on high` passed, the build said "no secrets", and a `--no-redact` build published
 * it with no warning. Built on a repository made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

const PASSWORD = 'Zq8kLm2vXp9wRt4Q';

let dir: string;
let model: ProjectModel;
let first: string;
let trail: string;

beforeAll(async () => {
  dir = await fixtureDir('secret-at-commit');
  await initRepo(dir);
  await writeFiles(dir, { 'config/app.yml': `name: app\nuser: admin\npassword: "${PASSWORD}"\nport: 80\n`, 'README.md': '# app\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  // The password is taken out; the file is otherwise the same.
  await writeFiles(dir, { 'config/app.yml': 'name: app\nuser: admin\npassword: "${DB_PASSWORD}"\nport: 80\n' });
  commitAll(dir, 'Password from the environment', '2026-03-01T09:00:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'README.md', 'start'), row('2026-03-01T09:31:00Z', 'The port as first configured', `config/app.yml:4 in ${first.slice(0, 7)}`)]),
  });
  trail = commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a secret in a file cited at an earlier commit', () => {
  it('the pointer is the file at that commit, linked there', () => {
    expect(model.rows[1]?.evidence.map((p) => [p.status, p.reason])).toEqual([['VERIFIED', `line 4 of 4 exists at commit ${first.slice(0, 7)}`]]);
    expect(model.cited.files.map((f) => [f.path, f.at])).toEqual([
      ['README.md', undefined],
      ['config/app.yml', first],
    ]);
  });

  it('is flagged where the file shows it, at that commit, cited by the row', () => {
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags.map((f) => [f.severity, f.summary, f.at])).toEqual([
      ['high', `password in a KEY=value assignment in config/app.yml:3 at commit ${first.slice(0, 7)}, cited by row ${model.rows[1]?.id} (decisions.jsonl:2): redacted in every output`, [{ file: 'decisions.jsonl', line: 2 }]],
    ]);
    expect(JSON.stringify(model)).not.toContain(PASSWORD);
    expect(trail).toMatch(/^[0-9a-f]{40}$/);
  });
});
