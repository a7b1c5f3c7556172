/**
 * A Django `SECRET_KEY`: `django-insecure-…` anywhere, and a generated value given to
 * `SECRET_KEY`.
 */
import { entropy } from '../values.ts';
import { MAX_VALUE, isKeyBody, quotedOrWord, runEnd } from './chars.ts';
import { type OwnRule, ownRule } from './rule.ts';

/** Django's `get_random_secret_key()` alphabet (lower-case letters, digits, `!@#$%^&*(-_=+)`), upper-case letters too. */
const isDjangoKeyChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 33 || c === 64 || c === 35 || c === 36 || c === 37 || c === 94 || c === 38 || c === 42 || c === 40 || c === 41 || c === 45 || c === 95 || c === 61 || c === 43;
const DJANGO_INSECURE = 'django-insecure-';
/** The shortest Django key body read (Django's own check asks for 50 characters; `get_random_secret_key()` makes 50). */
const MIN_DJANGO_KEY = 32;

/**
 * Whether a quoted `SECRET_KEY` value is a generated key: 32 to 512 characters with no space, a
 * letter and a digit, and 4+ bits of entropy per character (50 characters drawn from Django's
 * alphabet have about 4.8), and no reference (`${…}`, `{{…}}`, `$(…)`, `%(…)s`, a leading `$`).
 * Unlike {@link isLikelyToken} it takes `$` and `%` inside the value: Django's alphabet holds them.
 */
function isDjangoKey(value: string): boolean {
  if (value.length < MIN_DJANGO_KEY || value.length > MAX_VALUE || value[0] === '$') return false;
  if (value.includes('${') || value.includes('{{') || value.includes('$(') || value.includes('%(') || value.includes(' ') || value.includes('\t')) return false;
  return /[A-Za-z]/.test(value) && /[0-9]/.test(value) && entropy(value) >= 4;
}

/**
 * `trailbook/django-secret-key` (sec13): a Django `SECRET_KEY`, which secretlint's preset has no
 * rule for and the assignment rule took for a reference (its alphabet holds `$` and `%`): a
 * `django-insecure-…` key anywhere (as `startproject` writes it), and a value given to
 * `SECRET_KEY` (`SECRET_KEY = '…'`, `SECRET_KEY="…"`, `app.config['SECRET_KEY'] = '…'`,
 * `SECRET_KEY: "…"`; sec14: unquoted too, `SECRET_KEY=…` of an environment file) that looks generated ({@link isDjangoKey}). The whole value is the secret,
 * its prefix included. Each character is read a bounded number of times.
 */
export const djangoSecretKeyRule: OwnRule = ownRule({
  id: 'trailbook/django-secret-key',
  describe: 'a Django secret key: `django-insecure-…` anywhere, and a value given to `SECRET_KEY` (`SECRET_KEY = \'…\'`, `SECRET_KEY=…` unquoted) that looks generated, `$`, `%` and Django\'s other symbols included (not `os.environ[…]`, `${…}`, a short placeholder)',
  finders: [
    {
      anchor: DJANGO_INSECURE,
      kind: 'Django secret key',
      read(text, at) {
        const from = at + DJANGO_INSECURE.length;
        if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return { candidate: null, next: from };
        const e = runEnd(text, from, isDjangoKeyChar, MAX_VALUE);
        return { candidate: e - from >= MIN_DJANGO_KEY && e - from <= MAX_VALUE ? { start: at, end: e } : null, next: Math.max(from, e) };
      },
      real: (value) => isDjangoKey(value.slice(DJANGO_INSECURE.length)),
    },
    {
      anchor: 'SECRET_KEY',
      kind: 'Django secret key',
      read(text, at) {
        const next = at + 10;
        let i = next;
        // `app.config['SECRET_KEY'] = …`: the key's closing quote and bracket.
        if (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39) i++;
        if (text.charCodeAt(i) === 93) i++;
        while (i < text.length && i - next < 8 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
        const op = text.charCodeAt(i);
        if ((op !== 61 && op !== 58) || text.charCodeAt(i + 1) === 61) return { candidate: null, next };
        i++;
        const spaced = i;
        while (i < text.length && i - spaced < 4 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
        // A Python bytes or raw string (`b'…'`, `r'…'`).
        if ((text.charCodeAt(i) | 32) === 98 || (text.charCodeAt(i) | 32) === 114) i++;
        const quote = text.charCodeAt(i);
        if (quote !== 34 && quote !== 39) {
          // Unquoted, as an environment file or YAML writes it (sec14: `SECRET_KEY=k#3v!x@9$^&*(q)w=…` was published): a run of Django's alphabet ending the value (a space, a quote, `;`, `,` or the text's end), never glued to other syntax (`os.environ.get(…)`).
          if (i === spaced && op === 58) return { candidate: null, next };
          const e = runEnd(text, i, isDjangoKeyChar, MAX_VALUE);
          const c = text.charCodeAt(e);
          const ends = e === text.length || c <= 32 || c === 34 || c === 39 || c === 59 || c === 44;
          if (!ends || e === i || text.startsWith(DJANGO_INSECURE, i)) return { candidate: null, next: Math.max(next, e) };
          return { candidate: { start: i, end: e }, next: Math.max(next, e) };
        }
        const value = quotedOrWord(text, i);
        // A `django-insecure-` key is the finder above's.
        if (value.end === value.start || text.startsWith(DJANGO_INSECURE, value.start)) return { candidate: null, next: Math.max(next, value.end) };
        return { candidate: value, next: Math.max(next, value.end) };
      },
      real: (value) => isDjangoKey(value),
    },
  ],
  examples: {
    secret: [
      { text: "SECRET_KEY = 'django-insecure-k3$9v!x@q2z#m8w^r7t&p1y*u6(e-n_b=c+o)h4j0s5d)l'", value: 'django-insecure-k3$9v!x@q2z#m8w^r7t&p1y*u6(e-n_b=c+o)h4j0s5d)l' },
      { text: 'SECRET_KEY="x7#kq!2m@zp$9vr^wl&8tn*3yb(e-hs_j=4c+fd)g6ua0iq5ot1"', value: 'x7#kq!2m@zp$9vr^wl&8tn*3yb(e-hs_j=4c+fd)g6ua0iq5ot1' },
      { text: "app.config['SECRET_KEY'] = 'w9%e2r!t7y@u3i#o5p$a8s^d1f&g4h*j6k(l-z_x=c+v0b'", value: 'w9%e2r!t7y@u3i#o5p$a8s^d1f&g4h*j6k(l-z_x=c+v0b' },
      { text: 'SECRET_KEY=k#3v!x@9$^&*(q)w=z+8m2p@l5r^t7y&u1i*o0n4b6c2x5e8a1s\nDEBUG=0', value: 'k#3v!x@9$^&*(q)w=z+8m2p@l5r^t7y&u1i*o0n4b6c2x5e8a1s' },
    ],
    notSecret: [
      "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']",
      "SECRET_KEY = env('SECRET_KEY', default='django-insecure-change-me')",
      'SECRET_KEY = "${DJANGO_SECRET_KEY}"',
      'SECRET_KEY=${DJANGO_SECRET_KEY}',
      'SECRET_KEY=get_random_secret_key()',
      "SECRET_KEY = 'please-set-a-real-secret-key-in-the-environment'",
      'if SECRET_KEY == "": raise ImproperlyConfigured',
      'a key starting django-insecure- is for development only',
    ],
  },
});
