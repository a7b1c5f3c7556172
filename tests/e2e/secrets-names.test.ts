/**
 * Secrets in the places sec10 found published (end to end, with the CLI): a cited commit's
 * subject, body and author (the subject is searchable since round 13: cited.json, the search
 * records, the commit page), a cited file whose NAME holds a token, and a `password:` written
 * with no space. The archive and every `check` format are searched for each value (case
 * ignored, as the search index lower-cases its terms): none is there; the file's page is the
 * file, under its redacted name, not a false "not a file".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, runCli, type BuiltSite, type CliRun } from './build-site.ts';
import { outputFiles } from './output-files.ts';
import { bbsRow, git } from '../history-fixtures.ts';
import { recapModel } from '../../src/lib/export/recap-model.ts';
import type { RecapExport } from '../../src/lib/export/recap-export.ts';

// Made-up values (random characters, never issued).
const SECRETS = {
  fileNameToken: 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q',
  fileContentPassword: 'Vb7nM3qW9eRtYu',
  subjectUrlPassword: 'Hunter2Pass9x',
  subjectToken: 'ghp_A1sD2fG3hJ4kL5zX6cV7bN8mQ9wE0rT1yU2i',
  bodyPassword: 'Zq8kLm2vXp9wRt4Q',
  authorPassword: 'S3cretPw9k',
  rowPassword: 'Xk9pL2mQw7Zz',
  // sec11: a second file whose name differs from the first only by a token of the same kind.
  otherFileNameToken: 'ghp_Z9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF9eD8c',
  otherFileContentPassword: 'Nc4vB8xZ2lKj6H',
  // sec16: a password in a committed file's path, a URL kept as folders (`https:` and `ada:…@host`).
  mirrorPathPassword: 'S3cretPw9xQv',
};
const MIRROR_FILE = `mirror/https:/ada:${SECRETS.mirrorPathPassword}@git.example.com/app.txt`;
const SHOWN_MIRROR_FILE = 'mirror/https:/ada:[redacted: password in a URL]@git.example.com/app.txt';
const FILE = `config/${SECRETS.fileNameToken}.json`;
const SHOWN_FILE = 'config/[redacted: GitHub token].json';
const OTHER_FILE = `config/${SECRETS.otherFileNameToken}.json`;
const SHOWN_OTHER_FILE = 'config/[redacted: GitHub token #2].json';

let dir: string;
let site: BuiltSite;
let checks: CliRun[];
let commit: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-secret-names-e2e-'));
  const repo = join(dir, 'in', 'app');
  await mkdir(join(repo, 'config'), { recursive: true });
  git(repo, ['init', '-q', '-b', 'main']);
  await writeFile(join(repo, 'README.md'), '# app\n');
  await writeFile(join(repo, FILE), `{\n  "name": "app",\n  "password": "${SECRETS.fileContentPassword}"\n}\n`);
  await writeFile(join(repo, OTHER_FILE), `{\n  "name": "worker",\n  "region": "eu",\n  "password": "${SECRETS.otherFileContentPassword}"\n}\n`);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'Config'], '2026-03-02T08:00:00Z');
  await writeFile(join(repo, 'README.md'), '# app\n\nDeploys from git.example.com.\n');
  await mkdir(join(repo, 'mirror', 'https:', `ada:${SECRETS.mirrorPathPassword}@git.example.com`), { recursive: true });
  await writeFile(join(repo, ...MIRROR_FILE.split('/')), 'mirrored\n');
  git(repo, ['add', '-A']);
  git(
    repo,
    ['commit', '-q', '--author', `Deploy Bot <admin:${SECRETS.authorPassword}@example.com>`, '-m', `Deploy from https://deploy:${SECRETS.subjectUrlPassword}@git.example.com with ${SECRETS.subjectToken}`, '-m', `Ran it with PGPASSWORD=${SECRETS.bodyPassword} psql.`],
    '2026-03-02T08:30:00Z',
  );
  commit = git(repo, ['rev-parse', 'HEAD']).trim();
  await writeFile(
    join(repo, 'decisions.jsonl'),
    [
      bbsRow(1, 'Read the app configuration', { evidence: `${FILE}:2` }),
      bbsRow(2, 'Deploy from the mirror', { evidence: commit }),
      bbsRow(3, `Login failed with password:${SECRETS.rowPassword} for admin`, { evidence: 'README.md:1' }),
      bbsRow(4, 'Read the worker configuration', { evidence: `${OTHER_FILE}:3` }),
    ].join('\n') + '\n',
  );
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'Trail'], '2026-03-02T09:30:00Z');
  site = await buildSite([join(dir, 'in')]);
  checks = [await runCli(['check', join(dir, 'in')]), await runCli(['check', join(dir, 'in'), '--json']), await runCli(['check', join(dir, 'in'), '--format', 'github'])];
}, 600_000);

afterAll(async () => {
  if (!process.env['KEEP']) await rm(dir, { recursive: true, force: true });
  if (site && !process.env['KEEP']) await rm(join(site.out, '..'), { recursive: true, force: true });
});

/** The secrets (by name) whose value, or its part after a prefix, `text` holds, case ignored. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return Object.entries(SECRETS)
    .filter(([, value]) => lower.includes(value.toLowerCase()) || lower.includes(value.replace(/^ghp_/, '').toLowerCase()))
    .map(([name]) => name);
}

describe('secrets in a cited commit, a cited file name and a tight password:', () => {
  it('appear in no output file (pages, cited.json, search records, doc stores, exact keys, exports, report) and no check format', async () => {
    const files = await outputFiles(site.out);
    expect([...files.keys()].some((f) => f.startsWith(`r/`) && f.includes(`/commit/${commit}`))).toBe(true);
    const leaked = [...files].flatMap(([file, text]) => leaks(text).map((name) => `${file}: ${name}`));
    expect(leaked).toEqual([]);
    for (const run of [site, ...checks]) expect(leaks(run.stdout + run.stderr)).toEqual([]);
    // Nor any path: every file name under the archive.
    expect([...files.keys()].flatMap((f) => leaks(f))).toEqual([]);
  });

  it('the commit page shows the subject, body and author with only the secrets replaced', async () => {
    const files = await outputFiles(site.out);
    const page = [...files].find(([f]) => f.includes(`/commit/${commit}/`) && f.endsWith('index.html'))?.[1] ?? '';
    expect(page).toContain('Deploy from https://deploy:[redacted: password in a URL]@git.example.com with [redacted: GitHub token]');
    expect(page).toContain('Ran it with PGPASSWORD=[redacted: password in a KEY=value assignment] psql.');
    expect(page).toContain('admin:[redacted: password in an e-mail address]@example.com');
    // sec16: the changed-file list and the diff's heading name the file by its path with the password replaced.
    expect([...page.matchAll(/<ul class="changed-files">.*?<\/ul>/g)].map((m) => [...m[0].matchAll(/<code>(.*?)<\/code>/g)].map((c) => c[1]))).toEqual([['README.md', SHOWN_MIRROR_FILE]]);
    expect(page).toContain(`<h3><code>${SHOWN_MIRROR_FILE}</code>`);
  });

  it('the file whose name holds a token has its page, under its redacted name, with its content redacted', async () => {
    const files = await outputFiles(site.out);
    const pages = [...files].filter(([f, text]) => f.includes('/file/') && f.endsWith('index.html') && text.includes(SHOWN_FILE));
    expect(pages.length).toBe(1);
    const page = (pages[0] as [string, string])[1];
    expect(page).not.toContain('not a file');
    // The file's lines, as text (the page marks them up for highlighting).
    const lines = [...page.matchAll(/<span class="line[^"]*" id="L(\d+)">([\s\S]*?)\n<\/span>/g)].map((m) => `${m[1]} ${(m[2] as string).replace(/<[^>]+>/g, '').replaceAll('&quot;', '"')}`);
    expect(lines).toEqual(['1 {', '2   "name": "app",', '3   "password": "[redacted: password in a KEY=value assignment]"', '4 }']);
  });

  it('a second file whose name differs only by a token of that kind has its own page, its own lines, and its own citing row (sec11)', async () => {
    const files = await outputFiles(site.out);
    const pages = [...files].filter(([f]) => f.includes('/file/') && f.endsWith('index.html'));
    const page = (shown: string): string => {
      const found = pages.filter(([, text]) => text.includes(`${shown}</`));
      expect(found.length, shown).toBe(1);
      return (found[0] as [string, string])[1];
    };
    const lines = (html: string): string[] => [...html.matchAll(/<span class="line[^"]*" id="L(\d+)">([\s\S]*?)\n<\/span>/g)].map((m) => `${m[1]} ${(m[2] as string).replace(/<[^>]+>/g, '').replaceAll('&quot;', '"')}`);
    const first = page(SHOWN_FILE);
    const second = page(SHOWN_OTHER_FILE);
    expect(lines(second)).toEqual(['1 {', '2   "name": "worker",', '3   "region": "eu",', '4   "password": "[redacted: password in a KEY=value assignment]"', '5 }']);
    expect(first).toContain('Read the app configuration');
    expect(first).not.toContain('Read the worker configuration');
    expect(second).toContain('Read the worker configuration');
    expect(second).not.toContain('Read the app configuration');
  });

  it('the recap says the row that cites it is VERIFIED, and names the tight password redacted', async () => {
    const files = await outputFiles(site.out);
    const model = recapModel(JSON.parse(files.get('p/app/recap.json.gz') ?? '{}') as RecapExport);
    expect(model.rows.map((r) => [r.decision, r.evidence.map((e) => [e.raw, e.status])])).toEqual([
      ['Read the app configuration', [[`${SHOWN_FILE}:2`, 'VERIFIED']]],
      ['Deploy from the mirror', [[commit, 'VERIFIED']]],
      ['Login failed with password:[redacted: password in a KEY=value assignment] for admin', [['README.md:1', 'VERIFIED']]],
      ['Read the worker configuration', [[`${SHOWN_OTHER_FILE}:3`, 'VERIFIED']]],
    ]);
  });
});
