/**
 * A secret behind URL escapes (rel12): a connection string URL-encoded whole
 * (`postgres%3A%2F%2Fapp%3A…%40db…`), a token after an encoded `=` in a redirect parameter
 * (`%3Dghp_…`), a form body's `password%3D…`, an AWS secret key whose `/` is `%2F`, a private
 * key in a query string. No rule read them, and each was published as written on the recap, in
 * search, the exports and `check`. The rules now also read a text's `%XX` escapes decoded
 * (src/lib/secrets/url-escapes.ts); the value is replaced as the text writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { decodePercentEscapes } from '../../src/lib/secrets/url-escapes.ts';
import { analyseProject, fixtureDir, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

// Made-up values (random characters, never issued).
const PASSWORD = 'Wq7eRt5yUi2oPz';
const FORM = 'Hk3jLm9nBv2cXz';
const TOKEN = 'ghp_bmTAg39DrptkY5Lq2Wc8Zn4Xv7Rs1Tu6Ya0K';
const AWS = 'pIoaC7eN6SNFMJXpnG/w2Rk9Tb4Zq8Lm1Vx5Hc3J';

/** Each text's secrets as `[value, kind]`. */
async function found(texts: string[]): Promise<string[][][]> {
  const hits = await findSecrets(texts);
  return texts.map((t, i) => (hits[i] ?? []).map((h) => [t.slice(h.start, h.end), h.kind]));
}

describe('a secret behind URL escapes', () => {
  it('is found, as the text writes it', async () => {
    expect(
      await found([
        `redirect to ${encodeURIComponent(`postgres://app:${PASSWORD}@db.example.com/prod`)}`,
        `https://x.example.com/login?next=%2Fsettings%3Fstate%3D${TOKEN}`,
        `body: user%3Dadmin%26password%3D${FORM}`,
        `q=${encodeURIComponent(`AWS_SECRET_ACCESS_KEY=${AWS}`)}`,
      ]),
    ).toEqual([
      [[PASSWORD, 'PostgreSQL password']],
      [[TOKEN, 'GitHub token']],
      [[FORM, 'password in a KEY=value assignment']],
      [[AWS.replace('/', '%2F'), 'AWS secret access key']],
    ]);
  });

  it('leaves ordinary escapes alone: paths, percentages, encoded words', async () => {
    expect(await found(['docs/My%20File.md:3', '100%25 of tests passed', 'search?q=token%20bucket%20rate%20limit', 'a%2Fb%2Fc and 50% done'])).toEqual([[], [], [], []]);
    expect(decodePercentEscapes('50% done, %zz')).toBeNull();
    expect(decodePercentEscapes('a%2Fb%E2%9C%93')?.text).toBe('a/b%E2%9C%93');
  });

  it('is replaced as written and as it reads decoded, wherever either stands', () => {
    const r = new Redaction();
    r.add(AWS.replace('/', '%2F'), 'AWS secret access key');
    expect(r.redact(`encoded ${AWS.replace('/', '%2F')} plain ${AWS}`)).toBe('encoded [redacted: AWS secret access key] plain [redacted: AWS secret access key]');
    const plain = new Redaction();
    plain.add(AWS, 'AWS secret access key');
    expect(plain.redact(`plain ${AWS} encoded ${AWS.replace('/', '%2F')}`)).toBe('plain [redacted: AWS secret access key] encoded [redacted: AWS secret access key]');
  });
});

describe('a row holding a URL-encoded connection string', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('url-escaped-secrets');
    await writeFiles(dir, { 'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', `Opened ${encodeURIComponent(`postgres://app:${PASSWORD}@db/prod`)} for the import`, 'start')]) });
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('shows the password redacted and flags it', () => {
    const decision = (model.rows[0] as { decision: string }).decision;
    expect(decision).toBe('Opened postgres%3A%2F%2Fapp%3A[redacted: PostgreSQL password]%40db%2Fprod for the import');
    expect(JSON.stringify(model)).not.toContain(PASSWORD);
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary)).toEqual([`PostgreSQL password in decisions.jsonl:1 (row ${(model.rows[0] as { id: string }).id}): redacted in every output`]);
  });
});
