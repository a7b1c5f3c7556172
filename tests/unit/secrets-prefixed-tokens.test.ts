/**
 * Credentials secretlint's recommended preset does not read, in the words agents write them
 * (trust8): a PyPI upload token, a DigitalOcean token, a Google OAuth client secret, a
 * Telegram bot token, a Discord webhook's token, the password of `curl -u user:password`, and
 * the value of `aws configure set aws_secret_access_key …`. Each was published as written, with
 * no `security/secret-in-record` flag. Now each is found, redacted in the model (so in every
 * output) and flagged by its kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets, mayHoldSecret } from '../../src/lib/secrets/detect.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

// Made-up values of each shape (random letters, never issued).
const PYPI = 'pypi-AgEIcHlwaS5vcmcCJGQ3ZmI4YzUyLWE0ZjktNDk3Mi05ZDVkLWYxYjI3OGJlMDhmYgACKlszLCJiNjU5ZmY5Ny1lMjYzLTQ3YmYtOWFi';
const DIGITALOCEAN = 'dop_v1_4f9a1c7e2b8d0f3a6c5e9b1d7f2a4c8e0b3d6f9a1c4e7b2d5f8a0c3e6b9d1f4a';
const GOOGLE_OAUTH = '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';
const TELEGRAM = '7234567890:AAHk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2g';
const DISCORD = 'Xk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9Wb2Qe4Zn6Mv8Kc1Jh3Gf5Dd7Ss9';
const CURL_PASSWORD = 'Vt4Rb8Nw1Yp6Hs';
const AWS_SECRET = 'wJalrXUtnFEMIK7MDENGbPxRfiCYk3Jd9Lx2QmZ7';
const MAILGUN = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
const SENTRY = '9f3c1a7e2b8d4f06a5c9e1b7d3f2a4c8';
const SAS = 'k3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9W%3D';

const sentences: Array<[string, string, string]> = [
  [`uploaded with twine, token ${PYPI}`, PYPI, 'PyPI token'],
  [`doctl auth init -t ${DIGITALOCEAN}`, DIGITALOCEAN, 'DigitalOcean token'],
  [`OAuth client 1234.apps.googleusercontent.com, secret ${GOOGLE_OAUTH}`, GOOGLE_OAUTH, 'Google OAuth client secret'],
  [`curl https://api.telegram.org/bot${TELEGRAM}/sendMessage -d text=done`, TELEGRAM, 'Telegram bot token'],
  [`posted the summary to https://discord.com/api/webhooks/1234567890123456789/${DISCORD}`, DISCORD, 'Discord webhook token'],
  [`curl -u deploy:${CURL_PASSWORD} https://ci.internal/api/jobs`, CURL_PASSWORD, 'password in curl -u user:password'],
  [`aws configure set aws_secret_access_key ${AWS_SECRET}`, AWS_SECRET, 'AWS secret access key'],
  [`deployed with sshpass -p ${CURL_PASSWORD} ssh deploy@10.0.0.5`, CURL_PASSWORD, 'password in sshpass -p'],
  [`restored with mysql -u root -p${CURL_PASSWORD} app < dump.sql`, CURL_PASSWORD, 'password in mysql -p'],
  [`MAILGUN_KEY was ${MAILGUN} in the env`, MAILGUN, 'Mailgun API key'],
  [`SENTRY_DSN=https://${SENTRY}@o450123.ingest.us.sentry.io/4507123`, SENTRY, 'Sentry DSN key'],
  [`fetched https://acct.blob.core.windows.net/c/a.zip?sv=2022-11-02&sp=r&se=2026-01-01T00:00:00Z&sig=${SAS}`, SAS, 'Azure SAS signature'],
];

describe('credentials secretlint does not read', () => {
  for (const [text, value, kind] of sentences) {
    it(`finds ${kind}`, async () => {
      expect(mayHoldSecret(text)).toBe(true);
      expect(((await findSecrets([text]))[0] ?? []).map((h) => [text.slice(h.start, h.end), h.kind])).toEqual([[value, kind]]);
    });
  }

  it('leaves look-alikes alone', async () => {
    const texts = [
      'git push -u origin main',
      'docker run -u 1000:1000 app',
      'curl -u $USER:$PASSWORD https://ci.internal',
      'curl -u deploy:<password> https://ci.internal',
      'pypi-AgE is how a PyPI token starts',
      'dop_v1_ then 64 hex digits',
      'at 12345678:AA the job ran',
      'https://discord.com/api/webhooks/ takes an id and a token',
      'aws configure set aws_secret_access_key $AWS_SECRET_ACCESS_KEY',
      'mkdir -p build after the mysql tests',
      'mysql -u root -p app',
      'sshpass -p $SSHPASS ssh host',
      'see https://docs.sentry.io/platforms/ for the DSN',
    ];
    expect((await findSecrets(texts)).map((hits, i) => hits.map((h) => (texts[i] as string).slice(h.start, h.end)))).toEqual(texts.map(() => []));
  });
});

describe('a PyPI token and a curl password in a row', () => {
  let dir: string;
  let model: ProjectModel;

  beforeAll(async () => {
    ({ dir, model } = await committedProject('prefixed-tokens', {
      'pyproject.toml': '[project]\nname = "app"\n',
      'decisions.jsonl': trailText([
        row('2026-03-01T09:00:00Z', 'start', 'pyproject.toml:1', 'start'),
        row('2026-03-01T09:01:00Z', `Published with ${PYPI}`, 'pyproject.toml:2'),
        row('2026-03-01T09:02:00Z', `Checked the job with curl -u deploy:${CURL_PASSWORD} https://ci.internal/api/jobs`, 'pyproject.toml:1'),
      ]),
    }, 'Trail', '2026-03-01T10:00:00Z'));
  }, 60_000);

  afterAll(() => removeFixture(dir));

  it('is redacted in the model and flagged by its kind and place', () => {
    expect(model.rows.map((r) => r.decision)).toEqual([
      'start',
      'Published with [redacted: PyPI token]',
      'Checked the job with curl -u deploy:[redacted: password in curl -u user:password] https://ci.internal/api/jobs',
    ]);
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => [f.severity, f.summary])).toEqual([
      ['high', `PyPI token in decisions.jsonl:2 (row ${model.rows[1]?.id}): redacted in every output`],
      ['high', `password in curl -u user:password in decisions.jsonl:3 (row ${model.rows[2]?.id}): redacted in every output`],
    ]);
    expect(JSON.stringify(model)).not.toContain(PYPI.slice(10));
    expect(JSON.stringify(model)).not.toContain(CURL_PASSWORD);
  });
});
