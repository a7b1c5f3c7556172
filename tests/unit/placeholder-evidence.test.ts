/**
 * Redaction never hides real evidence (sec11). A template of an environment file
 * (`.env.example`, committed so that others know which variables to set) holds placeholders,
 * not secrets; it was a "secret file by nature" (`.env.*`), so a row citing `.env.example:3`
 * lost its link and its reason said "contents not published: secret file", and a README whose
 * lines merely show a secret's shape (`ghp_xxxx…`, `mongodb://<username>:<password>@…`, AWS's
 * documented example keys) was flagged `security/secret-in-record` (high) and shown redacted: a
 * flag a person dismisses as noise. Now the template has its page, as written, and nothing is
 * flagged; the real `.env` beside it stays a secret file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { isSecretFile } from '../../src/lib/secrets/secret-files.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

const TEMPLATE = ['# Copy to .env and fill in', 'DATABASE_URL=postgres://app:<password>@localhost:5432/app', 'API_KEY=xxx', 'GITHUB_TOKEN=${GITHUB_TOKEN}', 'password: <your password>', 'STRIPE_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX', ''].join('\n');
const README = ['# Setup', '', 'Set `GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` and', '`MONGO_URL=mongodb://<username>:<password>@cluster0.example.mongodb.net/app`;', 'the AWS keys look like `AKIAIOSFODNN7EXAMPLE` and `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`.', ''].join('\n');

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  dir = await fixtureDir('placeholder-evidence');
  await initRepo(dir);
  await writeFiles(dir, { '.env.example': TEMPLATE, 'README.md': README, 'src/app.ts': 'export const app = 1;\n' });
  commitAll(dir, 'Template', '2026-03-01T08:00:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:30:00Z', 'start', 'src/app.ts:1', 'start'),
      row('2026-03-01T09:31:00Z', 'Documented the variables', '.env.example:2-6'),
      row('2026-03-01T09:32:00Z', 'Wrote the setup notes', 'README.md:3-5'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('an environment template and a README showing secret shapes', () => {
  it('a template is not a secret file; a real environment file still is', () => {
    expect(['.env.example', '.env.sample', '.env.template', '.env.dist', 'config/.env.local.example', '.env.defaults'].map((p) => isSecretFile(p))).toEqual([false, false, false, false, false, false]);
    expect(['.env', '.env.local', '.env.production', 'app/.env.test', '.envrc'].map((p) => isSecretFile(p))).toEqual([true, true, true, true, true]);
  });

  it('are cited files with their pages, as written', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.target?.type ?? null]))).toEqual([
      [['src/app.ts:1', 'VERIFIED', 'line 1 of 1 exists at landed head', 'file']],
      [['.env.example:2-6', 'VERIFIED', 'lines 2–6 of 6 exist at landed head', 'file']],
      [['README.md:3-5', 'VERIFIED', 'lines 3–5 of 5 exist at landed head', 'file']],
    ]);
    expect(model.cited.files.map((f) => f.path)).toEqual(['.env.example', 'README.md', 'src/app.ts']);
  });

  it('raise no secret flag', () => {
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record')).toEqual([]);
  });
});
