/**
 * Credential shapes a sec13 trial planted and found published as written:
 *
 * - a Django `SECRET_KEY` in a `settings.py` cited by evidence or pasted into a row: a
 *   `django-insecure-…` key as `startproject` writes it, and a 50-character key of Django's
 *   alphabet (`!@#$%^&*(-_=+)` among the letters): secretlint's preset has no rule for it, and the
 *   assignment rule took a value holding `$` or `%` for a reference (`$VAR`, `%VAR%`);
 * - a `Bearer` token wrapped onto the next line (an HTTP header copied from a terminal): its first
 *   line was redacted, its tail published;
 * - an AWS key pair written inline (`AKIA…:<secret>`, `AKIA…,<secret>` as the console's
 *   credentials CSV has it): the key id was redacted, the secret access key published.
 *
 * And one shape the trial asked about that was already redacted: a legacy OpenAI key (`sk-`, 48
 * letters and digits with `T3BlbkFJ` after the first 20), read by secretlint's OpenAI rule; pinned here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { bearerTokenRule, djangoSecretKeyRule, prefixedTokenRule } from '../../src/lib/secrets/own-rules.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { redactExcerpt } from '../../src/lib/secrets/evidence-secrets.ts';
import { excerptText } from '../../src/lib/git/file-excerpt.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { draw } from '../secret-fixtures.ts';
import { analyseProject, commitAll, committedProject, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

/** `text` as the archive shows it: every secret findSecrets finds replaced by its marker. */
async function shown(text: string): Promise<string> {
  const redaction = new Redaction();
  for (const h of (await findSecrets([text]))[0] ?? []) redaction.add(text.slice(h.start, h.end), h.kind);
  return redaction.redact(text);
}

// Made-up values of the documented shapes (random characters, never issued).
const DJANGO_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)';
const INSECURE = `django-insecure-${draw('sec13-insecure', DJANGO_ALPHABET, 50)}`;
const KEY50 = draw('sec13-key50', DJANGO_ALPHABET, 50);
const SETTINGS = [
  '"""Django settings for mysite project."""',
  'from pathlib import Path',
  '',
  'BASE_DIR = Path(__file__).resolve().parent.parent',
  '',
  '# SECURITY WARNING: keep the secret key used in production secret!',
  `SECRET_KEY = '${INSECURE}'`,
  '',
  'DEBUG = True',
  "ALLOWED_HOSTS = ['*']",
].join('\n');

describe('a Django SECRET_KEY', () => {
  it('is redacted where a record pastes it, quotes kept', async () => {
    expect(INSECURE).toContain('$');
    expect(await shown(`SECRET_KEY = '${INSECURE}'`)).toBe("SECRET_KEY = '[redacted: Django secret key]'");
    expect(await shown(`SECRET_KEY="${KEY50}"`)).toBe('SECRET_KEY="[redacted: Django secret key]"');
    expect(await shown(`set SECRET_KEY: "${KEY50}" in the compose file`)).toBe('set SECRET_KEY: "[redacted: Django secret key]" in the compose file');
    expect(await shown(`app.config['SECRET_KEY'] = '${KEY50}'`)).toBe("app.config['SECRET_KEY'] = '[redacted: Django secret key]'");
    expect(await shown(`the dev key ${INSECURE} leaked`)).toBe('the dev key [redacted: Django secret key] leaked');
  });

  it('the brief\'s shapes: symbols throughout, upper case too', async () => {
    expect(await shown("SECRET_KEY = 'django-insecure-k3$9v!x@q2z#m8w^r7t&p1y*u6(e-n_b=c+o)h4j0s5d)l'")).toBe("SECRET_KEY = '[redacted: Django secret key]'");
    expect(await shown('SECRET_KEY="x7#Kq!2m@Zp$9vR^wL&8tN*3yB(e-Hs_J=4c+Fd)G6uA0iQ5oT1"')).toBe('SECRET_KEY="[redacted: Django secret key]"');
  });

  it('references, placeholders and prose stay as written', async () => {
    const texts = [
      "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']",
      "SECRET_KEY = env('SECRET_KEY', default='django-insecure-change-me')",
      'SECRET_KEY = "${DJANGO_SECRET_KEY}"',
      "SECRET_KEY = '{{ django_secret_key }}'",
      "SECRET_KEY = 'please-set-a-real-secret-key-in-the-environment'",
      "SECRET_KEY = 'django-insecure-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'",
      'SECRET_KEY = get_random_secret_key()',
      'if SECRET_KEY == "": raise ImproperlyConfigured("SECRET_KEY")',
      'startproject writes a key starting django-insecure- for development only',
      'Set SECRET_KEY from the environment; django-insecure-* keys must never reach production',
    ];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('a Django settings.py cited by evidence, and a row pasting its key', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('django-settings');
    await initRepo(dir);
    await writeFiles(dir, { 'mysite/settings.py': `${SETTINGS}\n`, 'README.md': '# mysite\n' });
    commitAll(dir, 'startproject', '2026-03-01T08:00:00Z');
    await writeFiles(dir, {
      'decisions.jsonl': trailText([
        row('2026-03-01T09:30:00Z', 'start', 'README.md', 'start'),
        row('2026-03-01T09:31:00Z', 'Debug stays on for the demo', 'mysite/settings.py:9'),
        row('2026-03-01T09:32:00Z', `Rotated: SECRET_KEY="${KEY50}"`, 'README.md'),
      ]),
    });
    commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('each key is flagged high, where it is, and neither is in the model', () => {
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags.map((f) => [f.severity, f.summary])).toEqual([
      ['high', `Django secret key in mysite/settings.py:7 at the landed head, cited by row ${model.rows[1]?.id} (decisions.jsonl:2): redacted in every output`],
      ['high', `Django secret key in decisions.jsonl:3 (row ${model.rows[2]?.id}): redacted in every output`],
    ]);
    expect(model.rows[2]?.decision).toBe('Rotated: SECRET_KEY="[redacted: Django secret key]"');
    expect(JSON.stringify(model)).not.toContain(KEY50);
    expect(JSON.stringify(model)).not.toContain(INSECURE.slice(16));
  });

  it('the file page shows the line with the key redacted', async () => {
    const excerpt = await redactExcerpt(excerptText('mysite/settings.py', `${SETTINGS}\n`, [{ from: 9, to: 9 }]), DEFAULT_SECRET_SETTINGS);
    expect(excerpt.windows[0]?.lines[6]).toBe("SECRET_KEY = '[redacted: Django secret key]'");
    expect(excerpt.windows[0]?.lines[8]).toBe('DEBUG = True');
  });
});

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BEARER_HEAD = draw('sec13-bearer-head', ALNUM, 40);
const BEARER_TAIL = draw('sec13-bearer-tail', ALNUM, 12);
const KEY_ID = `AKIA${draw('sec13-key-id', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
const AWS_SECRET = draw('sec13-aws-secret', `${ALNUM}+/`, 40);

describe('a Bearer token wrapped onto the next line', () => {
  it('is redacted on both lines, as a header alone and in a curl command', async () => {
    expect(await shown(`Authorization: Bearer ${BEARER_HEAD}\n${BEARER_TAIL}\nAccept: application/json`)).toBe('Authorization: Bearer [redacted: bearer token]\n[redacted: bearer token]\nAccept: application/json');
    expect(await shown(`curl -H "Authorization: Bearer ${BEARER_HEAD}\n${BEARER_TAIL}" https://api.internal/v1/runs`)).toBe('curl -H "Authorization: Bearer [redacted: bearer token]\n[redacted: bearer token]" https://api.internal/v1/runs');
    expect(await shown(`Authorization: Bearer ${BEARER_HEAD}\r\n${BEARER_TAIL}\r\n`)).toBe('Authorization: Bearer [redacted: bearer token]\r\n[redacted: bearer token]\r\n');
  });

  it('wrapped over three lines at a width, it ends with the short line', async () => {
    const width = 60;
    const token = draw('sec13-bearer-long', ALNUM, 140);
    const first = `Authorization: Bearer ${token.slice(0, width - 22)}`;
    const lines = [first, token.slice(width - 22, 2 * width - 22), token.slice(2 * width - 22)];
    expect(lines[1]?.length).toBe(width);
    expect(await shown(`${lines.join('\n')}\nthen 200`)).toBe('Authorization: Bearer [redacted: bearer token]\n[redacted: bearer token]\n[redacted: bearer token]\nthen 200');
  });

  it('the next line is read only when it is a token\'s piece ending its line: not a header, a status line, a word', async () => {
    for (const next of ['Host: api.internal', 'HTTP/1.1 200 OK', 'nextword', 'Then the run passed', '> User-Agent: curl/8.5.0']) {
      expect(await shown(`Authorization: Bearer ${BEARER_HEAD}\n${next}`)).toBe(`Authorization: Bearer [redacted: bearer token]\n${next}`);
    }
    const texts = ['Authorization: Bearer $API_TOKEN\nQe8Wu2Io4Pa6Sd', 'Authorization: Bearer <token>\nQe8Wu2Io4Pa6Sd', 'the bearer token\nQe8Wu2Io4Pa6Sd'];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('an AWS key pair written inline', () => {
  it('the secret access key goes too, not only the key id', async () => {
    expect(await shown(`creds ${KEY_ID}:${AWS_SECRET} for the deploy user`)).toBe('creds [redacted: AWS access key id]:[redacted: AWS secret access key] for the deploy user');
    expect(await shown(`Access key ID,Secret access key\n${KEY_ID},${AWS_SECRET}\n`)).toBe('Access key ID,Secret access key\n[redacted: AWS access key id],[redacted: AWS secret access key]\n');
    expect(await shown(`export AWS_CREDS="${KEY_ID}: ${AWS_SECRET}"`)).toBe('export AWS_CREDS="[redacted: AWS access key id]: [redacted: AWS secret access key]"');
    expect(await shown('AKIAIOSFODNN7EXAMPL2:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKE2')).toBe('[redacted: AWS access key id]:[redacted: AWS secret access key]');
  });

  it("AWS's documented example pair, a key id alone and a key id before other fields stay as they are", async () => {
    expect(await shown('AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe('AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    expect(await shown(`${KEY_ID}: the deploy user's key`)).toBe("[redacted: AWS access key id]: the deploy user's key");
    expect(await shown(`${KEY_ID},2026-03-01T00:00:00Z,9fceb02d0ae598e95dc970b74767f19372d61af8`)).toBe('[redacted: AWS access key id],2026-03-01T00:00:00Z,9fceb02d0ae598e95dc970b74767f19372d61af8');
  });
});

describe('a row pasting a wrapped Bearer header and an inline AWS key pair', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    ({ dir, model } = await committedProject(
      'sec13-pasted',
      {
        'README.md': '# api\n',
        'decisions.jsonl': trailText([
          row('2026-03-01T09:30:00Z', 'start', 'README.md', 'start'),
          row('2026-03-01T09:31:00Z', `Reproduced with the header from the terminal:\nAuthorization: Bearer ${BEARER_HEAD}\n${BEARER_TAIL}\nthen 401`, 'README.md'),
          row('2026-03-01T09:32:00Z', `Deployed with ${KEY_ID}:${AWS_SECRET}`, 'README.md'),
        ]),
      },
      'Trail',
      '2026-03-01T10:00:00Z',
    ));
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('each is shown redacted and flagged high; no part is in the model', () => {
    expect(model.rows[1]?.decision).toBe('Reproduced with the header from the terminal:\nAuthorization: Bearer [redacted: bearer token]\n[redacted: bearer token]\nthen 401');
    expect(model.rows[2]?.decision).toBe('Deployed with [redacted: AWS access key id]:[redacted: AWS secret access key]');
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags.map((f) => [f.severity, f.summary])).toEqual([
      ['high', `bearer token in decisions.jsonl:2 (row ${model.rows[1]?.id}): redacted in every output`],
      ['high', `AWS access key id in decisions.jsonl:3 (row ${model.rows[2]?.id}): redacted in every output`],
      ['high', `AWS secret access key in decisions.jsonl:3 (row ${model.rows[2]?.id}): redacted in every output`],
    ]);
    const json = JSON.stringify(model);
    for (const part of [BEARER_HEAD, BEARER_TAIL, AWS_SECRET, KEY_ID]) expect(json).not.toContain(part);
  });
});

describe('a legacy OpenAI key (sk- and 48 letters and digits)', () => {
  const LEGACY = `sk-${draw('sec13-openai-a', ALNUM, 20)}T3BlbkFJ${draw('sec13-openai-b', ALNUM, 20)}`;
  it('is redacted by secretlint\'s OpenAI rule, bare, assigned and quoted', async () => {
    expect(await shown(`used ${LEGACY} in CI`)).toBe('used [redacted: OpenAI API key] in CI');
    expect(await shown(`OPENAI_API_KEY=${LEGACY}`)).toBe('OPENAI_API_KEY=[redacted: OpenAI API key]');
    expect(await shown(`openai.api_key = "${LEGACY}"`)).toBe('openai.api_key = "[redacted: OpenAI API key]"');
    expect((await findSecrets([LEGACY]))[0]?.map((h) => h.rule)).toEqual(['@secretlint/secretlint-rule-openai']);
  });

  it('file names and prose starting sk- stay as written', async () => {
    const texts = ['see sk-sdlc-experiment.md and sk-completed.ts', 'OpenAI keys start sk- and hold T3BlbkFJ', `sk-${'a'.repeat(48)}`];
    expect(await Promise.all(texts.map(shown))).toEqual(texts);
  });
});

describe('the sec13 shapes read a 4 MiB cell in one pass', () => {
  const M = 4 * 1024 * 1024;
  const fill = (unit: string): string => unit.repeat(Math.ceil(M / unit.length)).slice(0, M);
  const shapes: Record<string, string> = {
    "SECRET_KEY = ' repeated": fill("SECRET_KEY = '"),
    'SECRET_KEY=\' and SECRET_KEY=" alternating': fill('SECRET_KEY=\'SECRET_KEY="'),
    'django-insecure- repeated': fill('django-insecure-'),
    'django-insecure- then 4 MiB of one symbol': `django-insecure-${fill('$')}`,
    "SECRET_KEY = ' then 4 MiB of Django's alphabet, unclosed": `SECRET_KEY = '${fill('a1$%')}`,
  };
  shapes['Bearer and a 16-character word ending each line, repeated'] = fill('Bearer abcdefghijklmnop\n');
  shapes['Bearer then 4 MiB of one-character lines'] = `Bearer abcdefghijklmnop\n${fill('a\n')}`;
  shapes['AKIA and 16 capitals then : repeated'] = fill('AKIAABCDEFGHIJKLMNOP:');
  for (const [name, text] of Object.entries(shapes)) {
    it(`${name}: nothing found, in a few seconds at most`, () => {
      const started = performance.now();
      for (const rule of [djangoSecretKeyRule, bearerTokenRule, prefixedTokenRule]) expect(rule.scan(text)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(10_000);
    }, 60_000);
  }
});
