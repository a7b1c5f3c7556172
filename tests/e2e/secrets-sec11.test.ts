/**
 * sec11's fault-injecting review, end to end with the CLI: realistic secrets planted in every
 * record kind of a small project, each in a shape that was published before sec11 (row ids that
 * are tokens, a password behind JSON escapes in an invalid line, quoted command-line passwords,
 * a key joined with spaces, Rails' SECRET_KEY_BASE, a JWT in a QA state and a babysit verdict,
 * QA tickets, beads issue ids, a repair loop's fingerprint, two cited files whose names differ
 * only by a token), and placeholders that must stay as written (an `.env.example`, a README).
 * Every output file (gzip unpacked), every file name and every `check` format is searched for
 * each value (case ignored, and its last 12 characters: a normalised form keeps them); every HTML
 * id is a fragment id; each cited file has its own page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildSite, runCli, type BuiltSite, type CliRun } from './build-site.ts';
import { outputFiles } from './output-files.ts';

// Made-up values (random characters, never issued).
const S = {
  rowId1: 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q',
  rowId2: 'ghp_A1sD2fG3hJ4kL5zX6cV7bN8mQ9wE0rT1yU2i',
  escaped: 'Hunter2Xyz9qLm',
  sshpass: 'MAfcaln372xA3g',
  curlUser: 'Qw8eRt5yUi2oPz',
  keyBase: '6c46c5922297d2eca5425890c853b5d410bfe7cf9a1b2c3d4e5f60718293a4b5c6d7e8f901122334455667788990',
  keyLine1: 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw',
  keyLine2: 'k3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9Wb2Qe4Zn6Mv8Kc1Jh3Gf5Dd7Ss9',
  stateJwtSig: 'c3Rt1jcxHx0StMyvwEjQu3IjBxIqXm56asBV37e0kaTk',
  verdictJwtSig: 'Zx9cVb7nM3qWk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2',
  ticket1: 'ghp_Lm3nB4vC5xZ6aS7dF8gH9jK0qW1eR2tY3uI4',
  ticket2: 'ghp_Pq9wE8rT7yU6iO5pA4sD3fG2hJ1kL0zX9cV8',
  issue1: 'ghp_Rt5yU6iO7pA8sD9fG0hJ1kL2zX3cV4bN5mQ6',
  issue2: 'ghp_Ty7uI8oP9aS0dF1gH2jK3lZ4xC5vB6nM7qW8',
  loopAkia: 'AKIAH7TESFDHL2TLCLEX',
  file1: 'ghp_Vb2nM3qW4eR5tY6uI7oP8aS9dF0gH1jK2lZ3',
  file2: 'ghp_Bn8mQ7wE6rT5yU4iO3pA2sD1fG0hJ9kL8zX7',
};
const JWT_HEAD = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5NDQ3Mzc4MTU0In0';

let dir: string;
let site: BuiltSite;
let checks: CliRun[];

const line = (o: Record<string, unknown>): string => JSON.stringify(o);
const row = (id: string, minute: number, decision: string, evidence: string, extra: Record<string, string> = {}): string =>
  line({ id, ts: `2026-03-01T09:${String(minute).padStart(2, '0')}:00Z`, phase: minute === 30 ? 'start' : 'build', ticket: '', actor: 'lead', decision, why: 'w', evidence, result: 'verified', ...extra });
const qa = (ticket: string, state: string): string => line({ version: 1, ticket, gate: 'qa', verdict: 'PASS', criteria: [{ id: 'c1', kind: 'k', text: 't', state: 'VERIFIED', level: 3, evidence: 'README.md' }, { id: 'c2', kind: 'k', text: 't', state, level: 3, evidence: 'README.md' }] });
const issue = (id: string, title: string, extra: Record<string, unknown> = {}): string => line({ _type: 'issue', id, title, status: 'open', priority: 1, issue_type: 'task', created_at: '2026-03-01T09:00:00Z', ...extra });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-secrets-sec11-e2e-'));
  const project = join(dir, 'in', 'app');
  const files: Record<string, string> = {
    'README.md': '# app\n\nSet `GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`; the AWS keys look like `AKIAIOSFODNN7EXAMPLE`.\n',
    '.env.example': 'DB_PASSWORD=<your password>\nAPI_KEY=xxx\nTOKEN=${TOKEN}\n',
    [`notes/${S.file1}.txt`]: 'first note\n',
    [`notes/${S.file2}.txt`]: 'second note\n',
    'decisions.jsonl': [
      row(S.rowId1, 30, 'start', 'README.md:1'),
      row(S.rowId2, 31, 'Second token row', 'README.md:3'),
      row('plain1', 32, 'Replaces the second', `notes/${S.file2}.txt:1`, { supersedes: S.rowId2 }),
      row('plain2', 33, `Deployed with sshpass -p '${S.sshpass}' ssh deploy@10.0.0.5 and curl -u 'deploy:${S.curlUser}' https://ci.internal`, `notes/${S.file1}.txt:1`),
      row('plain3', 34, `Ran heroku config:set SECRET_KEY_BASE=${S.keyBase}`, '.env.example:1-3'),
      row('plain4', 35, 'Pasted the key', `echo $(cat id_rsa): -----BEGIN RSA PRIVATE KEY----- ${S.keyLine1} ${S.keyLine2} -----END RSA PRIVATE KEY-----`),
      `{"ts":"2026-03-01T09:36:00Z","decision":"Set \\"password\\": \\"${S.escaped}\\" in the config","evidence":"READ`,
    ].join('\n') + '\n',
    'qa/T-1.json': `${qa(`T-${S.ticket1}`, `session cookie ${JWT_HEAD}.${S.stateJwtSig}`)}\n`,
    'qa/T-2.json': `${qa(`T-${S.ticket2}`, 'VERIFIED')}\n`,
    'verdicts/qa.md': `STATUS: done\nVERDICT: FIXED(2) curl -H "Authorization: Bearer ${JWT_HEAD}.${S.verdictJwtSig}"\nSUMMARY: fixed\n`,
    '.beads/issues.jsonl': `${[issue(S.issue1, 'first'), issue(S.issue2, 'second', { dependencies: [{ issue_id: S.issue2, depends_on_id: S.issue1, type: 'blocks' }] })].join('\n')}\n`,
    'premises.jsonl': `${line({ ts: '2026-03-01T09:00:00Z', ticket: 'T-9', gate: 'qa', fingerprint: `export failed with aws key ${S.loopAkia}`, attempt: 1, premise: null, premise_result: null, check: 'c', outcome: 'failed' })}\n`,
  };
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(project, rel)), { recursive: true });
    await writeFile(join(project, rel), text);
  }
  site = await buildSite([join(dir, 'in')], ['--recap-html']);
  checks = [await runCli(['check', join(dir, 'in')]), await runCli(['check', join(dir, 'in'), '--json']), await runCli(['check', join(dir, 'in'), '--format', 'github'])];
}, 600_000);

afterAll(async () => {
  if (!process.env['KEEP']) await rm(dir, { recursive: true, force: true });
  if (site && !process.env['KEEP']) await rm(join(site.out, '..'), { recursive: true, force: true });
});

/** The planted values (by name) `text` holds, whole or by their last 12 characters, case ignored. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return Object.entries(S)
    .filter(([, value]) => lower.includes(value.toLowerCase()) || lower.includes(value.slice(-12).toLowerCase()))
    .map(([name]) => name);
}

describe('sec11: secrets planted in every record kind, in the shapes that were published', () => {
  it('appear in no output file, no file name and no check format', async () => {
    const files = await outputFiles(site.out);
    expect([...files].flatMap(([file, text]) => leaks(text).map((name) => `${file}: ${name}`))).toEqual([]);
    expect([...files.keys()].flatMap((f) => leaks(f))).toEqual([]);
    for (const run of [site, ...checks]) expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('every HTML id is a fragment id, and none is given twice on a page', async () => {
    const files = await outputFiles(site.out);
    for (const [file, text] of files) {
      if (!file.endsWith('.html')) continue;
      const ids = [...text.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1] as string);
      expect(ids.filter((id) => !/^[A-Za-z0-9._:-]+$/.test(id)), file).toEqual([]);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), file).toEqual([]);
    }
  });

  it('each beads issue and each cited file has its own page; the template and README are shown as written', async () => {
    const files = await outputFiles(site.out);
    const pages = [...files.keys()].filter((f) => f.endsWith('index.html'));
    expect(pages.filter((f) => f.startsWith('p/app/issue/')).sort()).toEqual(['p/app/issue/redacted-github-token-3/index.html', 'p/app/issue/redacted-github-token-4/index.html']);
    const notes = [...files].filter(([f, text]) => f.startsWith('p/app/file/') && text.includes('notes/[redacted: GitHub token'));
    expect(notes.map(([, text]) => (text.includes('first note') ? 'first' : text.includes('second note') ? 'second' : '?')).sort()).toEqual(['first', 'second']);
    const template = [...files].find(([f]) => f === 'p/app/file/.env.example/index.html')?.[1] ?? '';
    expect(template).toContain('API_KEY=xxx');
    const readme = [...files].find(([f]) => f === 'p/app/file/README.md/index.html')?.[1] ?? '';
    expect(readme).toContain('ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
  });
});
