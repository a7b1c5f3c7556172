/**
 * A fault-injecting trial of secret redaction (sec11): realistic secrets planted in every field
 * of every record kind of a small corpus (the hostile corpus's xss projects, with secrets for
 * payloads), built, and every output file searched for each value. What was published, as the
 * text a user saw:
 *
 * - a password quoted on a command line: `sshpass -p 'MAfc…'`, `curl -u 'deploy:…'`,
 *   `mysql -p'…'`, `aws configure set aws_secret_access_key '…'` (the rule read unquoted words
 *   only; `docker login -p '…'` was read);
 * - a private key whose lines a shell joined with spaces (`echo $(cat id_rsa)`, a TSV cell): the
 *   key was found whole, but the evidence splitter cut it into words, each shown as written;
 * - a value in an anchor made from a record text: `qa-…-https-hooks.slack.com-services-t…-b…-zv…`
 *   (a Slack webhook in a criterion id; the anchor lower-cases it and writes `-` for `/` and `:`),
 *   `arena-candidate-…-eyJhbGci…-eyJzdWIi…` (a JWT in a candidate's folder, `.` made `-`);
 * - a QA criterion's state that is no state, upper-cased with `_` for spaces and `-`
 *   (`SESSION_COOKIE_EYJHBGCI…`), and a gate's verdict that is no verdict, upper-cased (a babysit
 *   `VERDICT:` line with its spaces taken out: `FIXED(2)CURL-H"AUTHORIZATION:BEAREREYJHBGCI…`):
 *   no rule reads an upper-cased JWT;
 * - a private key shown in two hunks of a commit's diff (tests/unit/key-hunks-secrets.test.ts).
 *
 * And the other way: texts that merely look like a secret's placeholder, as a template
 * (`.env.example`, a README) holds them, were flagged and redacted (a flag a person dismisses):
 * `ghp_xxxx…`, `sk_test_XXXX…` (one character repeated after the prefix), `mongodb://<username>:
 * <password>@…` (secretlint's rule took the whole URL), AWS's documented example keys
 * (`…EXAMPLEKEY`); and a template env file (`.env.example`) got no page, as a secret file.
 */
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { normaliseState, normaliseVerdict } from '../../src/lib/verdicts/states.ts';
import { AnchorSet } from '../../src/lib/verdicts/anchors.ts';
import { candidateAnchor } from '../../src/lib/arena/candidate.ts';

/** `text` as the archive shows it: every secret findSecrets finds replaced by its marker. */
async function shown(text: string): Promise<string> {
  const redaction = new Redaction();
  for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

// Made-up values (random characters, never issued).
const PW = 'MAfcaln372xA3g';
const AWS = 'wJalrXUtnFEMIK7MDENGbPxRfiCYk3Jd9Lx2QmZ7';

describe('a password quoted on a command line', () => {
  it('is redacted, quotes kept', async () => {
    expect(await shown(`sshpass -p '${PW}' ssh deploy@10.0.0.5`)).toBe("sshpass -p '[redacted: password in sshpass -p]' ssh deploy@10.0.0.5");
    expect(await shown(`sshpass -p "${PW}" ssh deploy@10.0.0.5`)).toBe('sshpass -p "[redacted: password in sshpass -p]" ssh deploy@10.0.0.5');
    expect(await shown(`curl -u 'deploy:${PW}' https://ci.internal/api`)).toBe("curl -u 'deploy:[redacted: password in curl -u user:password]' https://ci.internal/api");
    expect(await shown(`curl --user "deploy:${PW}" https://ci.internal/api`)).toBe('curl --user "deploy:[redacted: password in curl -u user:password]" https://ci.internal/api');
    expect(await shown(`mysql -u root -p'${PW}' prod < dump.sql`)).toBe("mysql -u root -p'[redacted: password in mysql -p]' prod < dump.sql");
    expect(await shown(`mysql -u root -p"${PW}" prod`)).toBe('mysql -u root -p"[redacted: password in mysql -p]" prod');
    expect(await shown(`aws configure set aws_secret_access_key '${AWS}'`)).toBe("aws configure set aws_secret_access_key '[redacted: AWS secret access key]'");
    expect(await shown(`aws configure set aws_secret_access_key "${AWS}"`)).toBe('aws configure set aws_secret_access_key "[redacted: AWS secret access key]"');
  });

  it('placeholders and prompts stay as written', async () => {
    const texts = ["sshpass -p '$SSHPASS' ssh host", 'sshpass -p "<password>" ssh host', "curl -u 'deploy:$TOKEN' https://x", 'curl -u "$USER:$PASS" https://x', "mysql -u root -p'$MYSQL_PWD' app", 'mysql -u root -p app', "aws configure set aws_secret_access_key '$AWS_SECRET_ACCESS_KEY'", "sshpass -p '' ssh host"];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('a private key whose lines were joined with spaces', () => {
  const body = ['MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw', 'k3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9Wb2Qe4Zn6Mv8Kc1Jh3Gf5Dd7Ss9', 'Tq8kLm2vXp9wRt4QZx9cVb7nM3qW'];
  const text = `echo $(cat id_rsa): -----BEGIN RSA PRIVATE KEY----- ${body.join(' ')} -----END RSA PRIVATE KEY-----`;

  it('is redacted whole, and so is each of its lines where a text holds one alone (an evidence item)', async () => {
    const redaction = new Redaction();
    for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
    expect(redaction.redact(text)).toBe('echo $(cat id_rsa): [redacted: private key]');
    expect(body.map((line) => redaction.redact(line))).toEqual(['[redacted: private key]', '[redacted: private key]', '[redacted: private key]']);
  });

  it('so is a body without its header (the rules find its lines joined)', () => {
    const redaction = new Redaction();
    redaction.add(body.join(' '), 'private key');
    expect(body.map((line) => redaction.redact(`evidence ${line}`))).toEqual(['evidence [redacted: private key]', 'evidence [redacted: private key]', 'evidence [redacted: private key]']);
  });

  it('a password holding spaces is replaced whole, not word by word', () => {
    const redaction = new Redaction();
    redaction.add('correct horse battery staple', 'password in a KEY=value assignment');
    expect(redaction.redact('a battery and a staple')).toBe('a battery and a staple');
  });
});

describe('a value in an anchor made from a record text', () => {
  const hook = 'https://hooks.slack.com/services/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';
  const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5NDQ3Mzc4MTU0In0.c3Rt1jcxHx0StMyvwEjQu3IjBxIqXm56asBV37e0kaTk';

  it('is replaced as the anchor writes it, and the anchor stays one', () => {
    const redaction = new Redaction();
    redaction.add(hook, 'Slack webhook URL');
    redaction.add(jwt, 'JSON Web Token');
    const qa = new AnchorSet().take('qa', `webhook ${hook}`);
    expect(redaction.redact(qa)).toBe('qa-webhook-redacted-slack-webhook-url');
    expect(redaction.redact(candidateAnchor(`session ${jwt}`))).toBe('arena-candidate-session-redacted-json-web-token');
  });
});

describe('a QA criterion state that is no state', () => {
  it('the three states and their spellings are normalised; any other text is kept as written', async () => {
    expect(['verified', 'not verified', 'Not-Verified', 'inconclusive', 'skipped', 'VЕRIFIED'].map(normaliseState)).toEqual(['VERIFIED', 'NOT_VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE', 'SKIPPED', 'VЕRIFIED']);
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5NDQ3Mzc4MTU0In0.c3Rt1jcxHx0StMyvwEjQu3IjBxIqXm56asBV37e0kaTk';
    const state = normaliseState(`session cookie ${jwt}`);
    expect(state).toBe(`session cookie ${jwt}`);
    expect(await shown(state)).toBe('session cookie [redacted: JSON Web Token]');
  });
});

describe('a gate or finding verdict that is no verdict', () => {
  it('verdict words are upper-cased; any other text is kept as written', async () => {
    expect(['pass', ' Fail ', 'fixed(2)', 'blocked', 'CONFIRMED', 'false_positive'].map((v) => normaliseVerdict(v))).toEqual(['PASS', 'FAIL', 'FIXED(2)', 'BLOCKED', 'CONFIRMED', 'FALSE_POSITIVE']);
    expect(normaliseVerdict('FIXED (2)', true)).toBe('FIXED(2)');
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5NDQ3Mzc4MTU0In0.c3Rt1jcxHx0StMyvwEjQu3IjBxIqXm56asBV37e0kaTk';
    const line = `FIXED(2) curl -H "Authorization: Bearer ${jwt}"`;
    expect(normaliseVerdict(line, true)).toBe(line);
    expect(await shown(normaliseVerdict(line, true))).toBe('FIXED(2) curl -H "Authorization: Bearer [redacted: JSON Web Token]"');
  });
});

describe('placeholders of a secret\'s shape', () => {
  it('are neither found nor redacted', async () => {
    const texts = [
      'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'STRIPE_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX',
      'MONGO_URL=mongodb://<username>:<password>@cluster0.ab12c.mongodb.net/app',
      'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
      'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'password: <your password>',
      'API_KEY=xxx',
      'TOKEN=${TOKEN}',
      'SLACK_BOT_TOKEN=xoxb-000000000000-0000000000000-xxxxxxxxxxxxxxxxxxxxxxxx',
    ];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });

  it('the real values beside them still are', async () => {
    expect(await shown('GITHUB_TOKEN=ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q')).toBe('GITHUB_TOKEN=[redacted: GitHub token]');
    expect(await shown('MONGO_URL=mongodb://app:Xk9pL2mQw7Zz@cluster0.ab12c.mongodb.net/app')).toBe('MONGO_URL=mongodb://app:[redacted: MongoDB password]@cluster0.ab12c.mongodb.net/app');
    expect(await shown('AWS_ACCESS_KEY_ID=AKIAM07TFBHNRZF5KRW3')).toBe('AWS_ACCESS_KEY_ID=[redacted: AWS access key id]');
  });

  it('a password holding EXAMPLE inside it is still a password (only AWS\'s documented keys end so)', async () => {
    expect(await shown('password: Corp2024EXAMPLEx9')).not.toContain('Corp2024EXAMPLEx9');
  });
});

describe('framework secrets under their own key names', () => {
  // Made-up values (random characters, never issued).
  const BASE = '6c46c5922297d2eca5425890c853b5d410bfe7cf9a1b2c3d4e5f60718293a4b5c6d7e8f9011223344556677889900aabbccddeeff00112233445566778899aabb';
  it('Rails secret_key_base, a Laravel APP_KEY and an HMAC key are redacted', async () => {
    expect(await shown(`heroku config:set SECRET_KEY_BASE=${BASE}`)).toBe('heroku config:set SECRET_KEY_BASE=[redacted: secret in a KEY=value assignment]');
    expect(await shown('APP_KEY=base64:k3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9Wb=')).toBe('APP_KEY=[redacted: secret in a KEY=value assignment]');
    expect(await shown('hmac_key: "Vt4Rb8Nw1Yp6Hs0FcE2gUo5T"')).toBe('hmac_key: "[redacted: secret in a KEY=value assignment]"');
  });

  it('their references and placeholders stay as written', async () => {
    const texts = ['APP_KEY=', 'app_key: ${APP_KEY}', 'SECRET_KEY_BASE=<%= ENV["SECRET_KEY_BASE"] %>', 'php artisan key:generate sets APP_KEY'];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});
