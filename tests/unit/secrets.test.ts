/**
 * Secrets never reach the archive (issue 29): what src/lib/secrets/ decides is secret, how it
 * is redacted, which files are secret by nature, and the project pass end to end through the
 * core (every planted value gone from the model, each flagged once with its place). The
 * archive's output files are searched in tests/e2e/secrets.test.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets, mayHoldSecret } from '../../src/lib/secrets/detect.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import { OWN_RULES, assignmentRule, connectionStringRule, keySays } from '../../src/lib/secrets/own-rules.ts';
import { Redaction, redactedMarker, secretLines } from '../../src/lib/secrets/redaction.ts';
import { isSecretFile } from '../../src/lib/secrets/secret-files.ts';
import { patchLineAt, redactCommit, redactExcerpt, redactFileText } from '../../src/lib/secrets/evidence-secrets.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel, TrailRow } from '../../src/lib/model/types.ts';
import { findProjectSecrets } from '../../src/lib/secrets/project-secrets.ts';
import { secretSettingsKey } from '../../src/lib/secrets/detect.ts';
import { openRepository } from '../../src/lib/git/repository.ts';
import type { CommitDetails } from '../../src/lib/git/commit-details.ts';
import { configSchema } from '../../src/lib/config/config-schema.ts';
import { draw, makeSecretProject, pemBodyLines, plantedSecrets, privateKeyPem, type SecretProject } from '../secret-fixtures.ts';

const values = async (text: string, settings = DEFAULT_SECRET_SETTINGS): Promise<Array<[string, string]>> => ((await findSecrets([text], settings))[0] ?? []).map((h) => [text.slice(h.start, h.end), h.kind]);

describe("Trailbook's own rules: each example is a test", () => {
  for (const rule of OWN_RULES) {
    for (const { text, value } of rule.examples.secret) {
      it(`${rule.id} finds exactly ${JSON.stringify(value)} in ${JSON.stringify(text)}`, () => {
        expect(rule.scan(text).map((h) => text.slice(h.start, h.end))).toEqual([value]);
      });
    }
    for (const text of rule.examples.notSecret) {
      it(`${rule.id} finds nothing in ${JSON.stringify(text)}`, () => {
        expect(rule.scan(text)).toEqual([]);
      });
    }
  }

  it('names a key by its ending only', () => {
    expect(['DB_PASSWORD', 'PGPASSWORD', 'admin_pass', 'API_KEY', 'client-secret', 'GITHUB_TOKEN', '_auth', 'aws.secret_key'].map(keySays)).toEqual(['password', 'password', 'password', 'token', 'token', 'token', 'token', 'token']);
    expect(['PASSWORD_MIN_LENGTH', 'TOKEN_LIMIT', 'MAX_TOKENS', 'BYPASS', 'PWD', 'OLDPWD', 'oauth', 'SECRET_NAME', 'primary_key', 'a'].map(keySays)).toEqual([null, null, null, null, null, null, null, null, null, null]);
  });
});

describe('findSecrets: secretlint’s recommended rules and the own rules together', () => {
  const planted = plantedSecrets();
  // Each value in the kind of sentence an agent writes, with the kind its marker names.
  const sentences: Array<[string, string]> = [
    ['awsKeyId', `aws configure set aws_access_key_id ${planted['awsKeyId']?.value}`],
    ['awsSecret', `AWS_SECRET_ACCESS_KEY=${planted['awsSecret']?.value} terraform apply`],
    ['githubClassic', `gh auth login --with-token <<< ${planted['githubClassic']?.value}`],
    ['githubFine', `token ${planted['githubFine']?.value} for the release`],
    ['gitlab', `CI used ${planted['gitlab']?.value}.`],
    ['slack', `posted with ${planted['slack']?.value}`],
    ['npm', `//registry.npmjs.org/:_authToken ${planted['npm']?.value}`],
    ['stripe', `charged with ${planted['stripe']?.value}`],
    ['anthropic', `x-api-key: ${planted['anthropic']?.value}`],
    ['openai', `the key ${planted['openai']?.value} worked`],
    ['sendgrid', `mail via ${planted['sendgrid']?.value}`],
    ['huggingface', `pulled with ${planted['huggingface']?.value}`],
    ['docker', `docker login -p ${planted['docker']?.value}`],
    ['shopify', `app token ${planted['shopify']?.value}`],
    ['vault', `VAULT ${planted['vault']?.value}`],
    ['postgresPassword', `postgres://admin:${planted['postgresPassword']?.value}@db/prod`],
    ['redisPassword', `redis://:${planted['redisPassword']?.value}@cache:6379`],
    ['urlPassword', `curl https://deploy:${planted['urlPassword']?.value}@ci.example.com/hook`],
    ['pgPassword', `PGPASSWORD=${planted['pgPassword']?.value} psql`],
    ['apiToken', `export API_TOKEN=${planted['apiToken']?.value}`],
  ];
  for (const [name, text] of sentences) {
    it(`finds the ${name} value with its kind`, async () => {
      const p = planted[name];
      expect(mayHoldSecret(text)).toBe(true);
      expect(await values(text)).toEqual([[p?.value, p?.kind]]);
    });
  }

  it('finds a private key by its body lines and a Slack webhook whole', async () => {
    const pem = privateKeyPem();
    const found = await values(`deploy key:\n${pem}`);
    expect(found.map(([, kind]) => kind)).toEqual(['private key']);
    expect(secretLines(found[0]?.[0] ?? '')).toEqual(pemBodyLines(pem));
    const hook = `https://hooks.slack.com/services/T0123ABCD/B0456EFGH/${planted['slackWebhookToken']?.value}`;
    expect(await values(`notify ${hook} now`)).toEqual([[hook, 'Slack webhook URL']]);
  });

  it('finds the body of a private key cut short or written on one line with `\\n` (a TSV cell), as secretlint does not', async () => {
    const pem = privateKeyPem().trim();
    const body = pemBodyLines(pem);
    // `head -4 id_rsa` pasted into a row: no END line.
    const cut = (await values(`head -4 id_rsa:\n${pem.split('\n').slice(0, 4).join('\n')}\n...`)).map(([v, k]) => [v, k]);
    // One secret (one flag) for the key, its lines replaced one by one.
    expect(cut).toEqual([[body.slice(0, 3).join('\n'), 'private key']]);
    expect(secretLines(cut[0]?.[0] ?? '')).toEqual(body.slice(0, 3));
    // A whole key in a TSV cell, its line breaks written as `\n`: every body line.
    const oneLine = await values(pem.split('\n').join('\\n'));
    expect(oneLine.map(([, kind]) => kind)).toEqual(['private key']);
    expect(new Set(body.map((line) => oneLine[0]?.[0].includes(line)))).toEqual(new Set([true]));
  });

  it('finds a JSON Web Token without any key word near it, and a bearer token after Authorization', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZ2VudC0xIiwiaWF0IjoxNzY0NjgwMDAwfQ.q3v8Xb1nWm0cJ9fK2LrT7yHs4dPzE6aGuV5oN8iQw1s';
    expect(await values(`replayed the request with ${jwt} and got 200`)).toEqual([[jwt, 'JSON Web Token']]);
    expect(await values('curl -H "Authorization: Bearer 7Fq2Lm9XzR4tY8wK3pN6vB1s" https://api.internal')).toEqual([['7Fq2Lm9XzR4tY8wK3pN6vB1s', 'bearer token']]);
  });

  it('redacts nothing of ordinary text: SHAs, UUIDs, hashes, base64 test data, ids, URLs without a password', async () => {
    const texts: string[] = [];
    for (let i = 0; i < 50; i++) {
      const sha = createHash('sha1').update(`c${i}`).digest('hex');
      const sha256 = createHash('sha256').update(`h${i}`).digest('hex');
      const b64 = createHash('sha512').update(`b${i}`).digest('base64');
      texts.push(
        `commit ${sha} (${sha.slice(0, 7)}); row ${sha256.slice(0, 8)}; uuid ${randomUUID()}; sha256:${sha256}; integrity sha512-${b64}`,
        `fixture data: ${b64}${b64} and "hash": "${sha256}", "checksum": "${sha}", digest=${sha256}, id=${randomUUID()}`,
        `see https://github.com/acme/app/commit/${sha} and https://example.com/a?token_type=bearer&x=${sha.slice(0, 12)}`,
        `git show ${sha}:src/a.ts; key: ${sha.slice(0, 10)}; cache_key=${sha256}; nonce=${b64.slice(0, 24)}`,
        // sec13: near the Django, wrapped-Bearer and AWS-pair shapes (lockfiles, settings read from the environment, base64 wrapped in prose).
        `"node_modules/x${i}": {\n  "resolved": "https://registry.npmjs.org/x/-/x-1.0.${i}.tgz",\n  "integrity": "sha512-${b64}"\n}`,
        `x${i}@^1.0.0:\n  version "1.0.${i}"\n  integrity sha512-${b64}\n  checksum ${sha256}`,
        `SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]  # ${sha}\nSECRET_KEY_FALLBACKS = [env("OLD_KEY")]; django-insecure- keys refused (${randomUUID()})`,
        `WWW-Authenticate: Bearer realm="api", error="invalid_token"\n${sha}\n${randomUUID()}`,
        `the payload was\n${b64.slice(0, 44)}\n${b64.slice(44)}\nand its digest ${sha256}`,
      );
    }
    const hits = await findSecrets(texts);
    expect(hits.flat()).toEqual([]);
  });

  it('drops values the configuration allows and adds its patterns (the group `secret` is the secret)', async () => {
    const key = planted['githubClassic']?.value as string;
    const settings = { redact: true, allow: [key], patterns: [{ name: 'Acme key', pattern: 'acme_key\\((?<secret>[a-z0-9]{10})\\)' }] };
    expect(await values(`${key} and acme_key(0123456789)`, settings)).toEqual([['0123456789', 'Acme key']]);
  });

  it('takes the configuration’s secrets: allowed values and named patterns, refusing one that does not compile', () => {
    expect(configSchema.safeParse({ secrets: { allow: ['AKIAIOSFODNN7EXAMPLE'], patterns: [{ name: 'Acme key', pattern: 'acme_[a-z0-9]{32}' }] } }).success).toBe(true);
    const bad = configSchema.safeParse({ secrets: { patterns: [{ name: 'Acme key', pattern: 'acme_(' }] } });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['secrets.patterns.0.pattern', 'must be a JavaScript regular expression']]);
    expect(configSchema.safeParse({ secrets: { redact: false } }).success).toBe(false);
  });

  it('is not switched off by a comment in the text (secretlint-disable)', async () => {
    const key = planted['gitlab']?.value as string;
    expect(await values(`<!-- secretlint-disable -->\n${key}\n// secretlint-disable-line ${key}`)).toEqual([[key, 'GitLab token'], [key, 'GitLab token']]);
  });
});

describe('every rule reads a 4 MiB cell in one pass', () => {
  const M = 4 * 1024 * 1024;
  const fill = (unit: string): string => unit.repeat(Math.ceil(M / unit.length)).slice(0, M);
  // Shapes built against the rules' own steps: separators, key words, schemes, user info, PEM
  // headers, Slack segments. A rule that backtracked would not finish in the test's time.
  // The count is what is found: `password=` repeated ends in one value under 256 characters
  // (`password=…=passw`), which reads as a password assigned to `password`.
  const shapes: Record<string, [string, number]> = {
    'runs of =': [fill('='), 0],
    'runs of :': [fill(':'), 0],
    'password= repeated': [fill('password='), 1],
    'token: repeated': [fill('token: '), 0],
    'a:// repeated': [fill('a://'), 0],
    'one URL whose user info is a:a:a…@': [`x://${fill('a:')}@`, 0],
    'http://a:b@ repeated': [fill('http://a:b@'), 0],
    'a PEM header then 4 MiB of base64': [`-----BEGIN RSA PRIVATE KEY-----\n${fill('A')}`, 0],
    // Two characters repeated: a placeholder of a token's shape, not a token (sec11, src/lib/secrets/values.ts isPlaceholderSecret).
    'a Slack prefix then 4 MiB of segments': [`xoxb-${fill('a1-')}`, 0],
    'aws_secret_access_key= repeated': [fill('aws_secret_access_key='), 0],
    '"token": " repeated': [fill('"token": "'), 0],
    'AIza repeated': [fill('AIza'), 0],
    'AIza and 36 key characters, repeated': [fill(`AIza${'a'.repeat(36)}`), 0],
    'eyJ repeated': [fill('eyJ'), 0],
    'eyJ header and a full stop, repeated with spaces': [fill('eyJhbGciOiJIUzI1. '), 0],
    'bearer repeated': [fill('Bearer '), 0],
    'Bearer then 4 MiB of token characters': [`Bearer ${fill('a1')}`, 0],
    'a PEM header then base64 lines, repeated': [fill('-----BEGIN PRIVATE KEY----- x\n'), 0],
    // A command's name was searched for back over the whole text at every option (sec9: quadratic).
    ' -p repeated, no client named': [fill(' -p '), 0],
    'mysql, then -p repeated': [`mysql${fill(' -p ')}`, 0],
    'curl -u repeated, no colon': [fill('curl -u '), 0],
    'sshpass -p repeated': [fill('sshpass -p '), 0],
  };
  for (const [name, [text, count]] of Object.entries(shapes)) {
    it(`${name}: ${count} found`, async () => {
      const own = assignmentRule.scan(text).length + connectionStringRule.scan(text).length;
      expect(own).toBeLessThanOrEqual(count);
      expect((await findSecrets([text]))[0]?.length).toBe(count);
    }, 30_000);
  }
});

describe('redaction', () => {
  it('replaces every occurrence by its marker, longest first, keeping the rest and the lines', () => {
    const r = new Redaction();
    r.add('abcdef123456', 'GitHub token');
    r.add('abcdef123456XYZ', 'Slack token');
    r.add('x1\ny2', 'too short');
    expect(r.redact('a abcdef123456XYZ b abcdef123456\nc')).toBe('a [redacted: Slack token] b [redacted: GitHub token]\nc');
    expect(redactedMarker('AWS secret access key')).toBe('[redacted: AWS secret access key]');
  });

  it('replaces a multi-line secret line by line, so a text keeps its line count', () => {
    const pem = privateKeyPem();
    const r = new Redaction();
    r.add(pem.trim(), 'private key');
    const out = r.redact(`key:\n${pem}end`);
    expect(out.split('\n')).toHaveLength(`key:\n${pem}end`.split('\n').length);
    expect(out.split('\n').slice(0, 3)).toEqual(['key:', '-----BEGIN RSA PRIVATE KEY-----', '[redacted: private key]']);
  });

  it('replaces the start of a value where a text was cut before it was redacted (a quote, a citation)', () => {
    const r = new Redaction();
    r.add('ghp_abcdefghijklmnop1234', 'GitHub token');
    r.add('S3cr3tPassw0rd', 'PostgreSQL password');
    expect(r.redact('row 1 “Deploy with ghp_abcdefgh…” and S3cr3tPa…; ok')).toBe('row 1 “Deploy with [redacted: GitHub token]…” and [redacted: PostgreSQL password]…; ok');
    expect(r.redact('Ran it with postgres://admin:S3cr3tPassw0')).toBe('Ran it with postgres://admin:[redacted: PostgreSQL password]');
    expect(r.redact('ends in S3cr3…')).toBe('ends in S3cr3…');
  });

  it('replaces the value as markup escapes it, in rendered markdown', () => {
    const r = new Redaction();
    r.add('p&ss<w0rd>', 'PostgreSQL password');
    expect(r.redact('<code>p&amp;ss&lt;w0rd&gt;</code> <code>p&#x26;ss&#x3C;w0rd&#x3E;</code>')).toBe('<code>[redacted: PostgreSQL password]</code> <code>[redacted: PostgreSQL password]</code>');
  });

  it('redacts every string and key of a model in place, shared objects once', () => {
    const shared = { raw: 'TOKEN ghp_x' };
    const model = { a: ['ghp_x and more', shared], b: { c: shared, 'key ghp_x': 1 } };
    const r = new Redaction();
    r.add('ghp_x', 'GitHub token');
    r.redactDeep(model);
    expect(model).toEqual({ a: ['[redacted: GitHub token] and more', { raw: 'TOKEN [redacted: GitHub token]' }], b: { c: { raw: 'TOKEN [redacted: GitHub token]' }, 'key [redacted: GitHub token]': 1 } });
  });
});

describe('files that are secrets by nature', () => {
  it('are .env*, keys, key stores, credential files, kubeconfig, and an .npmrc with a token', () => {
    const secret = ['.env', 'app/.env.production', '.envrc', 'deploy/server.pem', 'tls.key', 'id_rsa', 'home/.ssh/id_ed25519_work', 'keystore.jks', 'cert.p12', 'credentials.json', 'home/.aws/credentials', 'kubeconfig', 'home/.kube/config', '.docker/config.json', 'terraform.tfstate', '.netrc', '.git-credentials'];
    expect(secret.filter((p) => !isSecretFile(p))).toEqual([]);
    const plain = ['README.md', 'src/env.ts', 'environment.yml', 'id_rsa.pub', 'docs/keys.md', 'config.json', 'src/credentials.ts', 'package.json'];
    expect(plain.filter((p) => isSecretFile(p))).toEqual([]);
    expect(isSecretFile('.npmrc', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n')).toBe(true);
    expect(isSecretFile('.npmrc', 'save-exact=true\n')).toBe(false);
  });

  it('get no excerpt and no diff; other files are redacted line for line', async () => {
    const token = plantedSecrets()['githubClassic']?.value as string;
    const excerpt = await redactExcerpt({ path: '.env', totalLines: 1, bytes: 10, windows: [{ start: 1, lines: ['A=1'] }], note: null }, DEFAULT_SECRET_SETTINGS);
    expect(excerpt).toEqual({ path: '.env', totalLines: 1, bytes: 10, windows: [], note: 'contents not published: secret file' });
    const config = await redactExcerpt({ path: 'config/app.yml', totalLines: 2, bytes: 10, windows: [{ start: 1, lines: ['a: 1', `token: ${token}`] }], note: null }, DEFAULT_SECRET_SETTINGS);
    expect(config.windows).toEqual([{ start: 1, lines: ['a: 1', 'token: [redacted: GitHub token]'] }]);
    const person = { name: 'Ada', email: 'ada@example.com', timestamp: 0, timezoneOffset: 0 };
    const details: CommitDetails = {
      oid: 'a'.repeat(40), subject: 'Add keys', message: `Add keys\n\nuses ${token}\n`, author: person, committer: person, parents: [], truncated: null, problem: null,
      changes: [
        { path: '.env', change: 'added', patch: `@@ -0,0 +1,1 @@\n+GITHUB_TOKEN=${token}`, note: null, additions: 1, deletions: 0 },
        { path: 'src/a.ts', change: 'added', patch: `@@ -0,0 +1,2 @@\n+const a = 1;\n+const t = '${token}';`, note: null, additions: 2, deletions: 0 },
      ],
    };
    const redacted = await redactCommit(details, DEFAULT_SECRET_SETTINGS);
    expect(redacted.message).toBe('Add keys\n\nuses [redacted: GitHub token]\n');
    expect(redacted.changes.map((c) => [c.path, c.patch, c.note])).toEqual([
      ['.env', null, 'contents not published: secret file'],
      ['src/a.ts', "@@ -0,0 +1,2 @@\n+const a = 1;\n+const t = '[redacted: GitHub token]';", null],
    ]);
    expect(await redactCommit(details, { ...DEFAULT_SECRET_SETTINGS, redact: false })).toBe(details);
    expect(await redactFileText('.env', 'A=1', DEFAULT_SECRET_SETTINGS)).toBeNull();
    expect(patchLineAt('@@ -3,2 +10,3 @@\n a\n-b\n+c\n+d', 4)).toBe(12);
  });
});

describe('a project holding 26 planted secrets of 19 kinds in every place', () => {
  let dir: string;
  let fixture: SecretProject;
  let model: ProjectModel;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-secrets-'));
    fixture = await makeSecretProject(join(dir, 'proj'));
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [join(dir, 'proj')], cacheDir: null, onModel: (m) => void models.push(m) });
    model = models[0] as ProjectModel;
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('plants at least 20 secrets of at least 12 kinds', () => {
    const all = Object.values(fixture.secrets);
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(new Set(all.map((s) => s.kind)).size).toBeGreaterThanOrEqual(12);
  });

  it('leaves none of them, not even the start of one where a text was cut, nor the private key’s body, anywhere in the model', () => {
    const json = JSON.stringify(model);
    expect(Object.values(fixture.secrets).filter((s) => json.includes(s.value.slice(0, 10))).map((s) => s.name)).toEqual([]);
    expect(pemBodyLines(fixture.pem).filter((l) => json.includes(l))).toEqual([]);
  });

  it('flags each once, high, naming its kind and place and never its value', () => {
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags.every((f) => f.severity === 'high')).toBe(true);
    const short = fixture.configCommit.slice(0, 7);
    const rows = Object.fromEntries(model.rows.map((r) => [r.line, r.id]));
    expect(flags.map((f) => f.summary).sort()).toEqual(
      [
        `AWS secret access key in .env:2 at the landed head, cited by row ${rows[2]} (decisions.jsonl:2) and 1 more place: a secret file: its contents are not published`,
        `GitHub token in .env:3 at the landed head, cited by row ${rows[2]} (decisions.jsonl:2) and 1 more place: a secret file: its contents are not published`,
        `PostgreSQL password in decisions.jsonl:2 (row ${rows[2]}) and 2 more places: redacted in every output`,
        `GitHub token in commit ${short} (config/app.yml:4), cited by row ${rows[3]} (decisions.jsonl:3): redacted in every output`,
        `GitLab token in commit ${short} (message), cited by row ${rows[3]} (decisions.jsonl:3): redacted in every output`,
        `Slack webhook URL in commit ${short} (config/app.yml:3), cited by row ${rows[3]} (decisions.jsonl:3): redacted in every output`,
        `private key in commit ${short} (ops/deploy-key.txt:2), cited by row ${rows[3]} (decisions.jsonl:3): redacted in every output`,
        `password in a KEY=value assignment in decisions.jsonl:3 (row ${rows[3]}): redacted in every output`,
        `secret in a KEY=value assignment in decisions.jsonl:3 (row ${rows[3]}): redacted in every output`,
        `AWS access key id in decisions.jsonl:4 (row ${rows[4]}): redacted in every output`,
        `GitHub token in decisions.jsonl:4 (row ${rows[4]}): redacted in every output`,
        `npm access token in decisions.jsonl:4 (row ${rows[4]}): redacted in every output`,
        `Anthropic API key in decisions.jsonl:5 (row ${rows[5]}): redacted in every output`,
        `OpenAI API key in decisions.jsonl:5 (row ${rows[5]}): redacted in every output`,
        `password in a URL in decisions.jsonl:5 (row ${rows[5]}): redacted in every output`,
        `Redis password in decisions.jsonl:6 (row ${rows[6]}): redacted in every output`,
        `Stripe secret key in decisions.jsonl:6 (row ${rows[6]}): redacted in every output`,
        `secret in a KEY=value assignment in decisions.jsonl:6 (row ${rows[6]}): redacted in every output`,
        'Docker token in coordination.jsonl:1: redacted in every output',
        'Slack token in coordination.jsonl:1: redacted in every output',
        'Hugging Face token in handover.md:5: redacted in every output',
        'SendGrid API key in handover.md:5: redacted in every output',
        'Shopify token in .beads/issues.jsonl:1 (record bb-1): redacted in every output',
        'Vault token in .beads/issues.jsonl:1 (record bb-1): redacted in every output',
        `GitHub token in decisions.jsonl:7 (row ${rows[7]}): redacted in every output`,
        `GitLab token in decisions.jsonl:8 (row ${rows[8]}): redacted in every output`,
      ].sort(),
    );
    const json = JSON.stringify(flags);
    expect(Object.values(fixture.secrets).filter((s) => json.includes(s.value))).toEqual([]);
  });

  it('keeps evidence verdicts: .env:1 is still VERIFIED against git, with no page to link to', () => {
    const row = model.rows[1];
    expect(row?.decision).toBe('Ran the migration with DATABASE_URL=postgres://admin:[redacted: PostgreSQL password]@db/prod');
    expect(row?.evidence.map((p) => [p.raw, p.status, p.target, p.reason.endsWith('; contents not published: secret file')])).toEqual([['.env:1', 'VERIFIED', undefined, true]]);
    expect(model.cited.files.map((f) => f.path)).toEqual(['README.md']);
  });

  it('reads a repository file cited by two projects once, and flags it in each with its own citing row (issue 30)', async () => {
    const opened = await openRepository(join(dir, 'proj'));
    if ('problem' in opened) throw new Error(opened.problem);
    const repo = opened.repository;
    const head = await repo.resolveCommit('HEAD');
    if ('problem' in head) throw new Error(head.problem);
    let reads = 0;
    const blobText = repo.blobText.bind(repo);
    repo.blobText = (oid: string) => {
      reads++;
      return blobText(oid);
    };
    const project = (id: string, file: string) => {
      const rows = [{ id, anchor: `row-${id}`, file, line: 4 }] as unknown as TrailRow[];
      const cited = { files: [{ path: 'config/app.yml', origin: 'repository' as const, ranges: [], by: [{ rowId: id, anchor: `row-${id}`, decision: 'd' }] }], commits: [] };
      return findProjectSecrets({}, cited, rows, { repository: repo, head: head.oid, artifacts: null }, DEFAULT_SECRET_SETTINGS, secretSettingsKey(DEFAULT_SECRET_SETTINGS));
    };
    const [a, b] = [await project('aaaa1111', 'one/decisions.jsonl'), await project('bbbb2222', 'two/decisions.jsonl')];
    expect(reads).toBe(1);
    const placed = (found: typeof a.found) => found.map((f) => [f.kind, f.places]).sort();
    expect(placed(a.found)).toEqual([
      ['GitHub token', [{ file: 'one/decisions.jsonl', line: 4, rowId: 'aaaa1111', evidence: 'config/app.yml:4 at the landed head' }]],
      ['Slack webhook URL', [{ file: 'one/decisions.jsonl', line: 4, rowId: 'aaaa1111', evidence: 'config/app.yml:3 at the landed head' }]],
    ]);
    expect(placed(b.found)).toEqual(placed(a.found).map(([kind, places]) => [kind, (places as object[]).map((p) => ({ ...p, file: 'two/decisions.jsonl', rowId: 'bbbb2222' }))]));
    expect(b.found.map((f) => f.value)).toEqual(a.found.map((f) => f.value));
  });

  it('publishes values as written under --no-redact, flagged all the same', async () => {
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [join(dir, 'proj')], cacheDir: null, secrets: { ...DEFAULT_SECRET_SETTINGS, redact: false }, onModel: (m) => void models.push(m) });
    const raw = models[0] as ProjectModel;
    expect(raw.rows[1]?.decision).toContain(fixture.secrets['postgresPassword']?.value);
    const flags = raw.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags).toHaveLength(26);
    expect(flags.every((f) => f.summary.endsWith(': NOT redacted: the build ran with --no-redact'))).toBe(true);
  }, 60_000);

  it('draws the same values every run (deterministic fixtures)', () => {
    expect(draw('seed', 'ab', 8)).toBe(draw('seed', 'ab', 8));
    expect(plantedSecrets()['stripe']?.value).toBe(fixture.secrets['stripe']?.value);
  });
});
