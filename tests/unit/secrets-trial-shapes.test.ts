/**
 * A fault-injecting trial of secret redaction (sec9): a project whose committed files, commit
 * messages and records (trail rows, audit.json, arena markdown, coord.v1, beads) held
 * credentials of every common shape was built, and every output file (the `.gz` ones
 * unpacked) and every `check` format was searched for each value. What was published as
 * written is tested here, as the text a user sees: each test failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets, mayHoldSecret } from '../../src/lib/secrets/detect.ts';
import { KEY_ENDINGS, OWN_RULES, base64SecretRule, basicAuthHeaderRule, keySays, loginPasswordRule, twilioAuthTokenRule, vendorTokenRule } from '../../src/lib/secrets/own-rules.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

/** `text` as the archive shows it: every secret findSecrets finds replaced by its marker. */
async function shown(text: string): Promise<string> {
  const redaction = new Redaction();
  for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

// Made-up values (random letters, never issued).
const AZURE_KEY = 'YIQ0VDRkxE1LmpjejGQ3No9pxu0RBszfcZftC0iDzwJ83Nd1dVw/6N2ghTLWfMxQgNj36QrRXacFx/o2E4BvUg==';
const TOKEN = 'q8SxcPOlNeIF89dGbdU4guip0x24wZGQ';

describe('a key name the rules know is never skipped by the cheap test before them', () => {
  it('an Azure storage connection string: its AccountKey was published as written (no word of the cheap test in it)', async () => {
    expect(await shown(`DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${AZURE_KEY};EndpointSuffix=core.windows.net`)).toBe(
      'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=[redacted: secret in a KEY=value assignment];EndpointSuffix=core.windows.net',
    );
  });

  it('every key ending, however its words are joined (SIGNING_KEY, signing-key, signing.key, signingKey, X-Api-Key, db-pass)', async () => {
    const texts: string[] = [];
    for (const ending of KEY_ENDINGS) {
      const words = ending.split('_').filter((w) => w.length > 0);
      const camel = words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
      const keys = [`APP_${words.join('_').toUpperCase()}`, `app-${words.join('-')}`, `app.${words.join('.')}`, `app${camel[0]?.toUpperCase()}${camel.slice(1)}`];
      // The keys the assignment rule reads as naming a secret (`appAuth`, `appPass` are not).
      for (const key of new Set(keys)) if (keySays(key) !== null) texts.push(`${key}=${TOKEN}`);
    }
    const missed = texts.filter((t) => !mayHoldSecret(t));
    expect(missed).toEqual([]);
    expect((await findSecrets(texts)).map((hits, i) => hits.map((h) => (texts[i] as string).slice(h.start, h.end)).join() || texts[i])).toEqual(texts.map(() => TOKEN));
  });

  it("every own rule's example passes the cheap test (an example only the rule itself read hid the Azure gap)", () => {
    const missed = OWN_RULES.flatMap((rule) => rule.examples.secret.map((e) => e.text)).filter((t) => !mayHoldSecret(t));
    expect(missed).toEqual([]);
  });
});

const PW = 'Ba7qLw2pXk4sZ9';
const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('HTTP Basic credentials in an Authorization header', () => {
  it('are redacted: the header value (base64 of user:password) was published as written', async () => {
    expect(await shown(`curl -H "Authorization: Basic ${b64(`admin:${PW}`)}" https://api.example.com/v1`)).toBe('curl -H "Authorization: Basic [redacted: HTTP Basic credentials]" https://api.example.com/v1');
    expect(await shown(`wget --header='authorization: basic ${b64(`ci-bot:${PW}`)}' https://x.example.com`)).toBe("wget --header='authorization: basic [redacted: HTTP Basic credentials]' https://x.example.com");
    expect(await shown(`{"headers": {"Authorization": "Basic ${b64(`:${PW}`)}"}}`)).toBe('{"headers": {"Authorization": "Basic [redacted: HTTP Basic credentials]"}}');
  });

  it('leaves placeholders, commands and words alone', async () => {
    const texts = ['Authorization: Basic <base64>', 'Authorization: Basic $(echo -n u:p | base64)', 'the Authorization header uses Basic auth', `Authorization: Basic ${b64('user:pass')}`, `Authorization: Basic ${b64('test:test')}`, 'Basic usage: authorize first'];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('a password given to a login command or written in a .netrc entry', () => {
  it('is redacted: docker/podman/helm/az login -p, --password, mongosh -p, redis-cli -a were published as written', async () => {
    expect(await shown(`docker login -u deploy -p ${PW} registry.example.com`)).toBe('docker login -u deploy -p [redacted: password given to a login command] registry.example.com');
    expect(await shown(`docker login registry.example.com -u deploy --password '${PW}'`)).toBe("docker login registry.example.com -u deploy --password '[redacted: password given to a login command]'");
    expect(await shown(`podman login -u deploy -p ${PW} quay.io && helm registry login -u deploy -p ${PW} ghcr.io`)).toBe(
      'podman login -u deploy -p [redacted: password given to a login command] quay.io && helm registry login -u deploy -p [redacted: password given to a login command] ghcr.io',
    );
    expect(await shown(`az login --service-principal -u app -p ${PW} --tenant t`)).toBe('az login --service-principal -u app -p [redacted: password given to a login command] --tenant t');
    expect(await shown(`mongosh "mongodb://db.internal" -u admin -p ${PW}`)).toBe('mongosh "mongodb://db.internal" -u admin -p [redacted: password given to a login command]');
    expect(await shown(`redis-cli -h cache -a ${PW} ping`)).toBe('redis-cli -h cache -a [redacted: password given to a login command] ping');
  });

  it('is redacted in a .netrc entry, on one line or several', async () => {
    expect(await shown(`cat ~/.netrc: machine api.example.com login deploy password ${PW}`)).toBe('cat ~/.netrc: machine api.example.com login deploy password [redacted: password in a .netrc entry]');
    expect(await shown(`machine github.com\n  login deploy\n  password ${PW}\n`)).toBe('machine github.com\n  login deploy\n  password [redacted: password in a .netrc entry]\n');
  });

  it('leaves references, other options and prose alone', async () => {
    const texts = [
      'docker login -u deploy -p $DOCKER_PASSWORD',
      'docker login -u deploy --password-stdin',
      'echo "$PW" | docker login --username deploy --password-stdin ghcr.io',
      'docker run -p 8080:8080 app',
      'ssh -p 2222 host after the login',
      'mkdir -p build; npm login',
      'npm login && mkdir -p src/components/forms',
      'docker login ghcr.io; tar -xf a.tgz -C out && ls -a build-output-folder',
      'redis-cli -a $REDIS_PASSWORD ping',
      'the login page has a password reset link',
      'machine learning needs a login and password policy',
      'machine x login y password changeme',
    ];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('a secret stored base64-encoded (a Kubernetes Secret’s data)', () => {
  const PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw\n-----END RSA PRIVATE KEY-----\n';
  const DOCKER = JSON.stringify({ auths: { 'ghcr.io': { username: 'deploy', password: PW, auth: b64(`deploy:${PW}`) } } });

  it('a private key (tls.key) and registry credentials (.dockerconfigjson) are redacted: both were published as written', async () => {
    expect(await shown(`data:\n  tls.crt: ${b64('-----BEGIN CERTIFICATE-----\nMIIB')}\n  tls.key: ${b64(PEM)}\n`)).toBe(`data:\n  tls.crt: ${b64('-----BEGIN CERTIFICATE-----\nMIIB')}\n  tls.key: [redacted: private key (base64)]\n`);
    expect(await shown(`data:\n  .dockerconfigjson: ${b64(DOCKER)}\n`)).toBe('data:\n  .dockerconfigjson: [redacted: registry credentials (base64)]\n');
    expect(await shown(`.dockerconfigjson: ${b64(JSON.stringify(JSON.parse(DOCKER), null, 2))}`)).toBe('.dockerconfigjson: [redacted: registry credentials (base64)]');
  });

  it('leaves base64 of a certificate, a public key or other JSON alone', async () => {
    const texts = [b64('-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1Lf\n-----END PUBLIC KEY-----'), `fixture: ${b64('{"auths": {}}')}`, 'LS0tLS1CRUdJTi is how base64 of a PEM header starts'];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('a Twilio auth token given with its account SID', () => {
  const SID = 'AC74de739988b886e7577496a2c8773e13';
  const AUTH = 'b95523cf6941fa1c257c6f561c5cb347';
  it('is redacted (the account SID is an id, kept): Client(sid, token) was published as written', async () => {
    expect(await shown(`client = Client('${SID}', '${AUTH}')`)).toBe(`client = Client('${SID}', '[redacted: Twilio auth token]')`);
    expect(await shown(`const client = twilio("${SID}", "${AUTH}");`)).toBe(`const client = twilio("${SID}", "[redacted: Twilio auth token]");`);
  });

  it('leaves an account SID alone, and one followed by a git SHA', async () => {
    const texts = [`TWILIO_ACCOUNT_SID=${SID}`, `account ${SID}, commit 9fceb02d0ae598e95dc970b74767f19372d61af8`];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('tokens with a vendor prefix no rule read', () => {
  // Made-up values of each documented shape.
  const tokens: Array<[string, string]> = [
    ['glptt-74bf20f876ffc474c0251908fcdce4b314f68d9d', 'GitLab token'],
    ['glrt-XS0DRdJuPnBIKpi99lSi', 'GitLab token'],
    ['gldt-0tcL21pffWQJEeNajnez', 'GitLab token'],
    ['HRKU-AAI7S1L10e0tza93Ce6KRDiKpFfez3gb9pvMEc0goRqG9hTCzppvEJqa_ZgI', 'Heroku API key'],
    ['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', 'Sentry token'],
    ['sbp_3c3a30f47c123c50a303f99217331a52757ec8bc', 'Supabase token'],
    ['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', 'OpenRouter API key'],
    ['xai-ulBfUZfhfq16scwCLURvabvvByFenPLV9FziIuh4reQBhC4H6qgH8SxRXxWCsQRQP8Z0qgW89vRKIHhQ', 'xAI API key'],
    ['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', 'Perplexity API key'],
    ['r8_QVz0ViLMj3zZmIHkKlm3qxYsb1ZC5A80yuJ5L', 'Replicate API token'],
    ['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', 'NVIDIA API key'],
    ['PMAK-46c3dc508343494cb260b4f7-2bf3af0bede9e4ec69595a86411d53053c', 'Postman API key'],
    ['rubygems_2cee85029d501aab316c0ea7ee70b675dc3ca37930c0a76e', 'RubyGems API key'],
    ['AGE-SECRET-KEY-1K4XXG9WA485F2ZL3GHUMMMSJ3CFZZ2MQDGDHSZKV82DYLMJF842SG99GXQ', 'age secret key'],
    ['1//05oL4WAoa7MjRSy_jU2iBFShQE34kGBPvAB71Vy0908eLcxmdtLh8fyAJ_3eS', 'Google OAuth token'],
    ['sq0atp-Z9wo1RsPnSsM9t5V-fSzlM', 'Square token'],
    ['dp.pt.vcbBcORk6WZKp9iVW1YAGW1vJirbkcbFPd505DDHQW7', 'Doppler token'],
  ];
  for (const [token, kind] of tokens) {
    it(`${kind} ${token.slice(0, 8)}… was published as written; now redacted`, async () => {
      expect(await shown(`the log held ${token}; rotated`)).toBe(`the log held [redacted: ${kind}]; rotated`);
    });
  }

  it('leaves the prefixes alone in prose and in longer words', async () => {
    const texts = ['GitLab runner tokens start glrt- and trigger tokens glptt-', 'x = 1//0 raises ZeroDivisionError', 'version sk-or-v1-beta', `sbp_${'a'.repeat(41)}`, 'the HRKU-AA prefix'];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('the new rules read a 4 MiB cell in one pass', () => {
  const M = 4 * 1024 * 1024;
  const fill = (unit: string): string => unit.repeat(Math.ceil(M / unit.length)).slice(0, M);
  const shapes: Record<string, string> = {
    'Basic repeated': fill('Authorization: Basic '),
    'Basic then 4 MiB of base64': `Authorization: Basic ${fill('QUJD')}`,
    'docker login -p repeated': fill('docker login -p '),
    'docker login then -p repeated': `docker login${fill(' -p ')}`,
    'redis-cli then -a repeated': `redis-cli${fill(' -a ')}`,
    'a netrc entry then password repeated': `machine h login u ${fill('password ')}`,
    'base64 of a PEM header repeated': fill('LS0tLS1CRUdJTi'),
    'base64 of a PEM header then 4 MiB of base64': `LS0tLS1CRUdJTi${fill('QUJD')}`,
    'base64 of {"auths": repeated, with spaces': fill('eyJhdXRocyI6 '),
    'AC and 32 hex digits repeated': fill(`AC${'a'.repeat(32)}, `),
    'ya29. then 4 MiB of token characters': `ya29.${fill('a1')}`,
    'sntrys_ repeated': fill('sntrys_'),
    '1//0 repeated': fill('1//0'),
  };
  for (const [name, text] of Object.entries(shapes)) {
    it(`${name}: nothing found by the new rules, each in a few seconds at most`, () => {
      for (const rule of [basicAuthHeaderRule, loginPasswordRule, base64SecretRule, twilioAuthTokenRule, vendorTokenRule]) {
        const started = performance.now();
        expect(rule.scan(text)).toEqual([]);
        expect(performance.now() - started).toBeLessThan(10_000);
      }
    }, 60_000);
  }
});

describe('a secret in a reviewer’s flag of audit.json', () => {
  const GITLAB = 'glpat-Xk3Jd9Lx2QmZ7Vt4Rb8N';
  let dir: string;
  let model: ProjectModel;

  beforeAll(async () => {
    ({ dir, model } = await committedProject('audit-secret', {
      'README.md': '# App\n',
      'decisions.jsonl': trailText([row('2026-03-01T09:00:00Z', 'start', 'README.md:1', 'start')]),
      'audit.json': JSON.stringify({ version: 1, at: '2026-03-01T11:00:00Z', status: 'ran', reason: '', reviewer: 'rev', flags: [{ severity: 'high', rows: [], kind: 'leak', summary: `token ${GITLAB} pasted`, evidence: 'README.md:1' }] }),
    }, 'Trail', '2026-03-01T10:00:00Z'));
  }, 60_000);

  afterAll(() => removeFixture(dir));

  it('is flagged at audit.json, not at “a record” (the place was not named)', () => {
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary)).toEqual(['GitLab token in audit.json:1: redacted in every output']);
    expect(JSON.stringify(model)).not.toContain(GITLAB.slice(8));
  });
});
