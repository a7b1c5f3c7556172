/**
 * Credential shapes a sec14 trial planted in a project's records and cited files and found
 * published as written (and one noise class found on the way):
 *
 * - a Django `SECRET_KEY` assigned unquoted, as an environment file writes it
 *   (`SECRET_KEY=k#3v!x@9$^&*(q)w=…`): the Django rule read quoted values only, and the
 *   assignment rule ended the value at its `&` and took its `$` for a reference (`$VAR`); shown
 *   on the row, on an `app.env` file page and in an `.env.example` excerpt;
 * - a secret in a name/value pair, its key and its value two fields (an ECS task definition's or
 *   GitHub API's `{"name": "DB_PASSWORD", "value": "…"}`, a Kubernetes `env` list's
 *   `- name: API_TOKEN⏎  value: …`): no assignment was read, so the value was published;
 * - a presigned URL's signature (`X-Amz-Signature=<64 hex>` of S3, `X-Goog-Signature=` of Cloud
 *   Storage), a capability as an Azure SAS URL's `sig=` (redacted since trust8) is;
 * - a value its key's field left to the next field: a JSONL row `"decision": "… password:",
 *   "why": "<value>"`, a pstack TSV row whose text held a tab (`password:⏎<tab>value` became two
 *   cells): each text was scanned alone, so the value was published;
 * - a Twilio API key's secret given just after its SID (`SK…`), as the account's auth token after
 *   its `AC…` SID has been redacted since sec9;
 * - the password of a PostgreSQL `.pgpass` entry pasted into a row (`wrote ~/.pgpass:
 *   db.internal:5432:app:app:<password>`) or a cited file not named `.pgpass`: no key names it;
 * - a secret inside base64 of a small JSON object or YAML document (a service account's JSON, a
 *   kubeconfig, `{"username":…,"password":…}` in a CI variable or an `echo … | base64 -d`): no
 *   rule read base64 but a private key's and a registry's, so it was published, decodable;
 * - a Slack Workflow Builder webhook URL (`hooks.slack.com/workflows/…`, `/triggers/…`): secretlint's
 *   Slack rule reads `/services/` URLs only;
 * - an environment file named `*.env` (`config/app.env`, docker compose's `env_file`) had a file
 *   page and its diff on commit pages, where `.env` and `.env.production` had none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { redactExcerpt } from '../../src/lib/secrets/evidence-secrets.ts';
import { isSecretFile, SECRET_FILE_NOTE } from '../../src/lib/secrets/secret-files.ts';
import { excerptText } from '../../src/lib/git/file-excerpt.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import { draw } from '../secret-fixtures.ts';
import { endsWithKey } from '../../src/lib/secrets/found-secrets.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { commitAll, fixtureDir, initRepo, removeFixture, writeFiles } from '../trail-fixtures.ts';

/** `text` as the archive shows it: every secret findSecrets finds replaced by its marker. */
async function shown(text: string): Promise<string> {
  const redaction = new Redaction();
  for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

// Made-up values of the documented shapes (random characters, never issued).
const DJANGO_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)';
const KEY50 = draw('sec14-key50', DJANGO_ALPHABET, 50);
const BRIEF = 'k#3v!x@9$^&*(q)w=z+8m2p@l5r^t7y&u1i*o0n4b6c2x5e8a1s';

describe('a Django SECRET_KEY assigned unquoted', () => {
  it('is redacted whole, as an env file, a shell and YAML write it', async () => {
    expect(KEY50).toMatch(/[$&#]/);
    expect(await shown(`SECRET_KEY=${BRIEF}`)).toBe('SECRET_KEY=[redacted: Django secret key]');
    expect(await shown(`DEBUG=false\nSECRET_KEY=${KEY50}\nALLOWED_HOSTS=*\n`)).toBe('DEBUG=false\nSECRET_KEY=[redacted: Django secret key]\nALLOWED_HOSTS=*\n');
    expect(await shown(`export DJANGO_SECRET_KEY=${KEY50}`)).toBe('export DJANGO_SECRET_KEY=[redacted: Django secret key]');
    expect(await shown(`  SECRET_KEY: ${KEY50}\n  DEBUG: "0"`)).toBe('  SECRET_KEY: [redacted: Django secret key]\n  DEBUG: "0"');
    expect(await shown(`Pasted env: SECRET_KEY=${BRIEF} and went on`)).toBe('Pasted env: SECRET_KEY=[redacted: Django secret key] and went on');
    expect(await shown(`SECRET_KEY=django-insecure-${KEY50}`)).toBe('SECRET_KEY=[redacted: Django secret key]');
  });

  it('references, calls, placeholders and a value glued to other syntax stay as written', async () => {
    const texts = [
      'SECRET_KEY=${DJANGO_SECRET_KEY}',
      'SECRET_KEY=$DJANGO_SECRET_KEY',
      'SECRET_KEY=get_random_secret_key()',
      'SECRET_KEY=os.environ.get("DJANGO_SECRET_KEY")',
      'SECRET_KEY=changeme',
      'SECRET_KEY=',
      'SECRET_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'if SECRET_KEY==other_key_name_that_is_long_1234567890: pass',
      `SECRET_KEY=${'a1'.repeat(20)}`,
    ];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });

  it('an .env.example excerpt shows the line with the key redacted', async () => {
    const text = `SECRET_KEY=${KEY50}\nDB_PASSWORD=<your password>\n`;
    const excerpt = await redactExcerpt(excerptText('.env.example', text, [{ from: 1, to: 1 }]), DEFAULT_SECRET_SETTINGS);
    expect(excerpt.windows[0]?.lines).toEqual(['SECRET_KEY=[redacted: Django secret key]', 'DB_PASSWORD=<your password>']);
  });
});

const PASSWORD = draw('sec14-pair-password', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 16);
const TOKEN = draw('sec14-pair-token', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32);

describe('a secret in a name/value pair', () => {
  it('is redacted in JSON and YAML, pasted or in a file', async () => {
    expect(await shown(`kube: {"name":"DB_PASSWORD","value":"${PASSWORD}"}`)).toBe('kube: {"name":"DB_PASSWORD","value":"[redacted: password in a KEY=value assignment]"}');
    expect(await shown(`{\n  "environment": [\n    {\n      "name": "GITHUB_TOKEN",\n      "value": "${TOKEN}"\n    }\n  ]\n}`)).toBe('{\n  "environment": [\n    {\n      "name": "GITHUB_TOKEN",\n      "value": "[redacted: secret in a KEY=value assignment]"\n    }\n  ]\n}');
    expect(await shown(`{"Name": "ApiSecret", "Value": "${TOKEN}"}`)).toBe('{"Name": "ApiSecret", "Value": "[redacted: secret in a KEY=value assignment]"}');
    expect(await shown(`env:\n  - name: DB_PASSWORD\n    value: ${PASSWORD}\n  - name: REGION\n    value: eu-west-1`)).toBe('env:\n  - name: DB_PASSWORD\n    value: [redacted: password in a KEY=value assignment]\n  - name: REGION\n    value: eu-west-1');
  });

  it('a reference, a secret ref, another name and a placeholder stay as written', async () => {
    const texts = [
      '{"name": "DB_PASSWORD", "valueFrom": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:db-Ab12Cd"}',
      `{"name": "REGION", "value": "${TOKEN}"}`,
      '{"name": "API_TOKEN", "value": "${API_TOKEN}"}',
      '- name: DB_PASSWORD\n  value: changeme',
      '{"hostname": "db_password", "value": "Vq7Lm2Xp9Rz4Kt8W"}',
    ];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

const AMZ_SIG = draw('sec14-amz-sig', '0123456789abcdef', 64);
const GOOG_SIG = draw('sec14-goog-sig', '0123456789abcdef', 512);

describe("a presigned URL's signature", () => {
  it('is redacted, the rest of the URL kept', async () => {
    expect(await shown(`GET https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20260301T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=${AMZ_SIG} 200`)).toBe(
      'GET https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20260301T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=[redacted: presigned URL signature] 200',
    );
    expect(await shown(`https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=600&X-Goog-Signature=${GOOG_SIG}`)).toBe('https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=600&X-Goog-Signature=[redacted: presigned URL signature]');
  });

  it('a placeholder, a short value and a commit SHA beside it stay as written', async () => {
    const texts = ['&X-Amz-Signature=<signature>', 'X-Amz-Signature=${SIG}', 'X-Amz-Signature=abc123', 'X-Amz-Signature is computed per request; see 9fceb02d0ae598e95dc970b74767f19372d61af8'];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

const SPLIT_JSON = draw('sec14-split-json', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 16);
const SPLIT_TSV = draw('sec14-split-tsv', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 16);

describe("a value its key's field left to the next field", () => {
  let dir: string;
  let model: ProjectModel;
  let ops: ProjectModel;
  beforeAll(async () => {
    const line = (minute: number, decision: string, why: string): string => JSON.stringify({ id: `r${minute}`, ts: `2026-03-01T09:${minute}:00Z`, phase: minute === 30 ? 'start' : 'build', ticket: '', actor: 'lead', decision, why, evidence: 'README.md', result: 'verified' });
    dir = await fixtureDir('sec14-split');
    await initRepo(dir);
    await writeFiles(dir, {
        'README.md': '# app\n',
        'decisions.jsonl': `${[line(30, 'start', 'w'), line(31, 'Logged in to the staging admin with password:', SPLIT_JSON), line(32, 'Rotated the key; next step is the api_token rollout:', 'Shipped after review: the rollout had 2 steps')].join('\n')}\n`,
        '.audit/ops.tsv': ['ts\tphase\tdecision\twhy\tevidence\tresult', '2026-03-01T10:00:00Z\tstart\tstart\tw\tREADME.md\tverified', `2026-03-01T10:01:00Z\tbuild\tdeploy user DB_PASSWORD=\t${SPLIT_TSV}\tREADME.md\tverified`, ''].join('\n'),
    });
    commitAll(dir, 'Trail', '2026-03-01T10:30:00Z');
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void models.push(m) });
    model = models.find((m) => m.rows.some((r) => r.id === 'r31')) as ProjectModel;
    ops = models.find((m) => m !== model) as ProjectModel;
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('is redacted in the next field and flagged high; prose after a key stays', () => {
    expect(model.rows[1]?.why).toBe('[redacted: password in a KEY=value assignment]');
    expect(model.rows[1]?.decision).toBe('Logged in to the staging admin with password:');
    expect(model.rows[2]?.why).toBe('Shipped after review: the rollout had 2 steps');
    expect(ops.rows[1]?.why).toBe('[redacted: password in a KEY=value assignment]');
    expect(JSON.stringify(model)).not.toContain(SPLIT_JSON);
    expect(JSON.stringify(ops)).not.toContain(SPLIT_TSV);
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => [f.severity, f.summary])).toEqual([['high', 'password in a KEY=value assignment in decisions.jsonl:2 (row r31): redacted in every output']]);
  });

  it('a key is read only at the end of a field, before its separator', () => {
    expect(['with password:', 'DB_PASSWORD=', 'set "client_secret": ', '--password='].map(endsWithKey)).toEqual([true, true, true, true]);
    expect(['the password: was reset', 'password', 'Status:', 'tokens=', ''].map(endsWithKey)).toEqual([false, false, false, false, false]);
  });
});

const TWILIO_SK = `SK${draw('sec14-twilio-sk', '0123456789abcdef', 32)}`;
const TWILIO_SECRET = draw('sec14-twilio-secret', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32);

describe("a Twilio API key's secret after its SID", () => {
  it('is redacted; the SID stays readable', async () => {
    expect(await shown(`client = Client('${TWILIO_SK}', '${TWILIO_SECRET}', account_sid)`)).toBe(`client = Client('${TWILIO_SK}', '[redacted: Twilio API key secret]', account_sid)`);
    expect(await shown(`twilio ${TWILIO_SK} ${TWILIO_SECRET}`)).toBe(`twilio ${TWILIO_SK} [redacted: Twilio API key secret]`);
    expect(await shown(`twilio api:core:messages:list --api-key ${TWILIO_SK} --api-secret ${TWILIO_SECRET}`))// The option names it a key, so the command-line rule takes the SID too (as before sec14).
    .toBe('twilio api:core:messages:list --api-key [redacted: token given as a command-line option] --api-secret [redacted: Twilio API key secret]');
  });

  it('a SID alone, or before a SHA or a word, stays as written', async () => {
    const texts = [`TWILIO_API_KEY_SID ${TWILIO_SK}`, `${TWILIO_SK} 9fceb02d0ae598e95dc970b74767f19372d61af8`, `${TWILIO_SK}, ${'a'.repeat(32)}`, `key ${TWILIO_SK} is the deploy user's`];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

const PGPASS = draw('sec14-pgpass', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 16);

describe("a .pgpass entry's password", () => {
  it('is redacted, the host, port, database and user kept', async () => {
    expect(await shown(`pgpass line db.internal:5432:app:app:${PGPASS}`)).toBe('pgpass line db.internal:5432:app:app:[redacted: password in a .pgpass entry]');
    expect(await shown(`wrote ~/.pgpass:\n*:*:*:deploy:${PGPASS}\n10.0.0.5:5432:reports:ro:${PGPASS}x`)).toBe('wrote ~/.pgpass:\n*:*:*:deploy:[redacted: password in a .pgpass entry]\n10.0.0.5:5432:reports:ro:[redacted: password in a .pgpass entry]');
  });

  it('times, compiler positions, URLs, IPv6 and placeholders stay as written', async () => {
    const texts = [
      `at 10:12:30:45:${PGPASS} the job ran`,
      `src/app.ts:12:5:error:${PGPASS}`,
      `https://example.com:8443/a:b:${PGPASS}`,
      'localhost:5432:app:app:changeme',
      'db.internal:5432:app:app:$PGPASSWORD',
      'fe80::1:5432:a:b:c',
      'tests passed 12:05:2026 at host:80:ok',
    ];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

const b64 = (text: string): string => Buffer.from(text).toString('base64');
const KUBE_TOKEN = draw('sec14-kube-token', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 40);
const BLOB_PASSWORD = draw('sec14-blob-password', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 16);
const KEY_LINE = draw('sec14-blob-key', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 64);

describe('a secret inside base64 of a JSON object or YAML document', () => {
  it('the whole encoded value is redacted, named by what it holds', async () => {
    const kube = b64(`apiVersion: v1\nkind: Config\nusers:\n- name: ci\n  user:\n    token: ${KUBE_TOKEN}\n`);
    expect(await shown(`KUBECONFIG_B64=${kube}`)).toBe('KUBECONFIG_B64=[redacted: secret in a KEY=value assignment (base64)]');
    const login = b64(JSON.stringify({ username: 'bot', password: BLOB_PASSWORD }));
    expect(await shown(`creds ${login} for the registry`)).toBe('creds [redacted: password in a KEY=value assignment (base64)] for the registry');
    const account = b64(JSON.stringify({ type: 'service_account', project_id: 'acme', private_key: `-----BEGIN PRIVATE KEY-----\n${KEY_LINE}\n${KEY_LINE}\n-----END PRIVATE KEY-----\n`, client_email: 'ci@acme.iam.gserviceaccount.com' }, null, 2));
    expect(await shown(`echo ${account} | base64 -d > key.json`)).toMatch(/^echo \[redacted: [^\]]+ \(base64\)\] \| base64 -d > key\.json$/);
  });

  it('base64 of JSON without a secret, a JWT and a SHA stay as written', async () => {
    const texts = [
      `meta ${b64(JSON.stringify({ name: 'build', steps: 3, cache: true }))}`,
      `placeholder ${b64(JSON.stringify({ password: '<password>' }))}`,
      'jwt eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5NDQ3Mzc4MTU0In0 and 9fceb02d0ae598e95dc970b74767f19372d61af8',
      `manifest ${b64('apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n')}`,
    ];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

const WORKFLOW_TOKEN = draw('sec14-slack-workflow', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 24);

describe('a Slack Workflow Builder webhook', () => {
  it('is redacted whole, as a /services/ webhook is', async () => {
    expect(await shown(`curl -X POST https://hooks.slack.com/workflows/T0A1B2C3D/A04ABCDEF12/456789012345678901/${WORKFLOW_TOKEN} -d @payload.json`)).toBe('curl -X POST [redacted: Slack webhook URL] -d @payload.json');
    expect(await shown(`SLACK_TRIGGER=https://hooks.slack.com/triggers/T0A1B2C3D/7012345678901/${WORKFLOW_TOKEN}`)).toBe('SLACK_TRIGGER=[redacted: Slack webhook URL]');
    expect(await shown('see https://hooks.slack.com/workflows/ for Workflow Builder')).toBe('see https://hooks.slack.com/workflows/ for Workflow Builder');
  });
});

describe('a program reading a password (noise, sec14)', () => {
  const SOURCE = [
    'export function login(result: Match, user: User) {',
    '  const password = result.groups?.password;',
    '  const fallback = process.env.DB_PASSWORD;',
    '  const hashed = getPassword(user);',
    '  return { password: user.password, token: session.api_token2 };',
    '}',
    '',
  ].join('\n');

  it('a cited source file shows its code as written, unflagged', async () => {
    const excerpt = await redactExcerpt(excerptText('src/auth/login.ts', SOURCE, [{ from: 2, to: 5 }]), DEFAULT_SECRET_SETTINGS);
    expect(excerpt.windows[0]?.lines).toEqual(SOURCE.split('\n').slice(0, 6));
    expect(await findSecrets(['self.password = form.cleaned_data["password"]', 'password = getPassword(user)'])).toEqual([[], []]);
  });

  it('a password of words and a full stop, and a quoted path-like value, are still secrets', async () => {
    expect(await shown('DB_PASSWORD=hunter2.backup ./migrate')).toBe('DB_PASSWORD=[redacted: password in a KEY=value assignment] ./migrate');
    expect(await shown('{"password": "user.password9"}')).toBe('{"password": "[redacted: password in a KEY=value assignment]"}');
  });
});

describe('an environment file named *.env', () => {
  it('is a secret file, as .env is; its templates are not', () => {
    for (const path of ['config/app.env', 'docker/production.env', 'web.env', '.env', 'deploy/.env.production']) expect(isSecretFile(path), path).toBe(true);
    for (const path of ['config/app.env.example', '.env.sample', 'docs/env.md', 'src/env.ts', 'environment', 'config/app.environment']) expect(isSecretFile(path), path).toBe(false);
  });

  it('its excerpt is not published', async () => {
    const excerpt = await redactExcerpt(excerptText('config/app.env', `DEBUG=false\nSECRET_KEY=${KEY50}\n`, [{ from: 2, to: 2 }]), DEFAULT_SECRET_SETTINGS);
    expect(excerpt.windows).toEqual([]);
    expect(excerpt.note).toBe(SECRET_FILE_NOTE);
  });
});

describe('the sec14 shapes read a 4 MiB cell in one pass', () => {
  const M = 4 * 1024 * 1024;
  const fill = (unit: string): string => unit.repeat(Math.ceil(M / unit.length)).slice(0, M);
  const shapes: Record<string, string> = {
    'SECRET_KEY= repeated': fill('SECRET_KEY='),
    "SECRET_KEY= then 4 MiB of Django's alphabet": `SECRET_KEY=${fill('a1$%&#')}`,
    'SECRET_KEY: then a word, repeated': fill('SECRET_KEY: a1$%&#('),
    'eyJ runs of 24 characters, repeated': fill('eyJhYmNkZWZnaGlqa2xtbm9w '),
    'eyJ then 4 MiB of base64': `eyJ${fill('QUJD')}`,
    'host:5432:db:user: repeated': fill('host:5432:db:user:'),
  };
  for (const [name, text] of Object.entries(shapes)) {
    it(`${name}: in a few seconds at most`, async () => {
      const started = performance.now();
      await findSecrets([text]);
      expect(performance.now() - started).toBeLessThan(20_000);
    }, 60_000);
  }
});
