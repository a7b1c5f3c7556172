/**
 * Credential shapes a sec13 trial planted and found published as written:
 *
 * - a Django `SECRET_KEY` in a `settings.py` cited by evidence or pasted into a row: a
 *   `django-insecure-…` key as `startproject` writes it, and a 50-character key of Django's
 *   alphabet (`!@#$%^&*(-_=+)` among the letters): secretlint's preset has no rule for it, and the
 *   assignment rule took a value holding `$` or `%` for a reference (`$VAR`, `%VAR%`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { djangoSecretKeyRule } from '../../src/lib/secrets/own-rules.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { redactExcerpt } from '../../src/lib/secrets/evidence-secrets.ts';
import { excerptText } from '../../src/lib/git/file-excerpt.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { draw } from '../secret-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

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
  for (const [name, text] of Object.entries(shapes)) {
    it(`${name}: nothing found, in a few seconds at most`, () => {
      const started = performance.now();
      expect(djangoSecretKeyRule.scan(text)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(10_000);
    }, 60_000);
  }
});
