/**
 * A password in a committed file's PATH (sec16): a repository holding a URL kept as a path,
 * `mirror/https:/ada:<password>@git.example.com/x` (git's tree, like any folder, has no empty
 * name, so `https://` is the folder `https:`). No rule read `https:/` with one slash, so the
 * path was published as written in the changed-file list of the commit's page, its diff's
 * heading, the recap's rows and search; and a secret in a cited commit's changed path was
 * redacted from its page, when a rule did find it, but never flagged. Now the connection-string
 * rule reads such a URL (`trailbook/connection-string`), the commit's changed paths are scanned
 * for flags too, and a cited file holding one is named, paged and linked by its redacted path
 * (its URL is `file/_/<digest of the redacted path>/`, as for any name with odd characters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { connectionStringRule } from '../../src/lib/secrets/own-rules.ts';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { fileKey } from '../../src/lib/site/urls.ts';
import { shortDigest } from '../../src/lib/text/hash.ts';
import { describeCommit } from '../../src/lib/git/commit-details.ts';
import { openRepository } from '../../src/lib/git/repository.ts';
import { redactCommit } from '../../src/lib/secrets/evidence-secrets.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import { commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, analyseProject } from '../trail-fixtures.ts';

// Made-up values (random characters, never issued).
const PASSWORD = 'S3cretPw9xQ';
const OTHER = 'Lm4vQz8RtY2k';
const FILE = `mirror/https:/ada:${PASSWORD}@git.example.com/x`;
const OTHER_FILE = `mirror/https:/ada:${OTHER}@git.example.com/x`;
const SHOWN = 'mirror/https:/ada:[redacted: password in a URL]@git.example.com/x';
const SHOWN_OTHER = 'mirror/https:/ada:[redacted: password in a URL #2]@git.example.com/x';

describe('a URL kept as a path, as the rules read it', () => {
  it('its password is found, the rest stays readable', async () => {
    const hits = await findSecrets([FILE, `see ${FILE}:1`, 'git clone postgres:/app:Pr0dPassw0rd9@db/prod']);
    expect(hits.map((list) => list.map((h) => [h.kind, h.rule]))).toEqual([
      [['password in a URL', 'trailbook/connection-string']],
      [['password in a URL', 'trailbook/connection-string']],
      [['PostgreSQL password', 'trailbook/connection-string']],
    ]);
    expect(FILE.slice(hits[0]?.[0]?.start, hits[0]?.[0]?.end)).toBe(PASSWORD);
  });

  it('ordinary paths and words with `:/` are none', async () => {
    const plain = ['mirror/https:/git.example.com/app/README.md', 'C:/Users/ada:x@y', 'note:/a:b@c', 'https:/ada:ada@host/x', 'https:/ada:${PASSWORD}@host', 'src/http:/handler.ts'];
    expect((await findSecrets(plain)).map((l) => l.length)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(connectionStringRule.scan('https:/user:changeme@host/x')).toEqual([]);
  });
});

describe('a repository holding files whose paths hold a password in a URL', () => {
  let dir: string;
  let sha: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('secret-url-paths');
    await initRepo(dir);
    await writeFiles(dir, { 'README.md': '# app\n', [FILE]: 'mirrored\n', [OTHER_FILE]: 'second mirror\n' });
    sha = commitAll(dir, 'Mirror the app', '2026-03-01T08:00:00Z');
    await writeFiles(dir, {
      'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'Mirror the app', sha, 'start')]),
      'reviews/r1.json': JSON.stringify({
        version: 1, target: 'main', checkout: true, cleared: [],
        findings: [
          { file: FILE, line: 1, summary: 'the mirror is stale', failure_scenario: 'x', category: 'correctness', verdict: 'PLAUSIBLE', level: 2 },
          { file: OTHER_FILE, line: 1, summary: 'the second mirror is stale', failure_scenario: 'x', category: 'correctness', verdict: 'PLAUSIBLE', level: 2 },
        ],
      }),
    });
    commitAll(dir, 'Records', '2026-03-01T10:00:00Z');
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('each file is cited by its redacted path, the second numbered, and no password is anywhere in the model', () => {
    expect(model.cited.files.map((f) => f.path)).toEqual([SHOWN, SHOWN_OTHER]);
    const json = JSON.stringify(model);
    expect(json).not.toContain(PASSWORD);
    expect(json).not.toContain(OTHER);
  });

  it('its page URL is the digest of the redacted path, never of the real one', () => {
    expect(fileKey(SHOWN, shortDigest)).toBe(`_/${shortDigest(SHOWN)}`);
    expect(fileKey(SHOWN, shortDigest)).not.toBe(fileKey(FILE, shortDigest));
  });

  it('each password is flagged once, at the review and the row citing the commit', () => {
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => [f.severity, f.summary]);
    expect(flags).toEqual([
      ['high', 'password in a URL in reviews/r1.json:1 and 1 more place: redacted in every output'],
      ['high', 'password in a URL in reviews/r1.json:1 and 1 more place: redacted in every output'],
    ]);
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.at)).toEqual([
      [{ file: 'reviews/r1.json', line: 1 }, { file: 'decisions.jsonl', line: 1 }],
      [{ file: 'reviews/r1.json', line: 1 }, { file: 'decisions.jsonl', line: 1 }],
    ]);
  });

  it('the commit’s page lists each changed file by its path with the password replaced', async () => {
    const opened = await openRepository(dir);
    if (!('repository' in opened)) throw new Error(opened.problem);
    const details = await describeCommit(opened.repository, sha);
    if (!('oid' in details)) throw new Error(details.problem);
    const shown = await redactCommit(details, DEFAULT_SECRET_SETTINGS);
    expect(shown.changes.map((c) => c.path)).toEqual(['README.md', 'mirror/https:/ada:[redacted: password in a URL]@git.example.com/x', 'mirror/https:/ada:[redacted: password in a URL]@git.example.com/x']);
  });
});

describe('a cited commit whose changed path alone holds a password (no record repeats it)', () => {
  let dir: string;
  let sha: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('secret-url-commit-path');
    await initRepo(dir);
    await writeFiles(dir, { 'README.md': '# app\n', [FILE]: 'mirrored\n' });
    sha = commitAll(dir, 'Mirror the app', '2026-03-01T08:00:00Z');
    await writeFiles(dir, { 'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'Mirror the app', sha, 'start')]) });
    commitAll(dir, 'Records', '2026-03-01T10:00:00Z');
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('is flagged at the commit’s changed path (before: redacted from the page, never flagged)', () => {
    const id = (model.rows[0] as { id: string }).id;
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => [f.severity, f.summary])).toEqual([
      ['high', `password in a URL in commit ${sha.slice(0, 7)} (a changed file's path), cited by row ${id} (decisions.jsonl:1): redacted in every output`],
    ]);
    expect(JSON.stringify(model)).not.toContain(PASSWORD);
  });
});
