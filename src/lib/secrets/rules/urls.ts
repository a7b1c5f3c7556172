/**
 * Passwords in addresses: a connection string's `scheme://user:password@host` in any scheme,
 * and a `user:password@host` written between `<` and `>` (a commit's author line).
 */
import { isLikelyPassword, isPlaceholder, isReference } from '../values.ts';
import { MAX_VALUE } from './chars.ts';
import { type OwnRule, ownRule } from './rule.ts';

/** The scheme before `://` at `at` (letters, digits, `+.-`, starting with a letter), or null. */
function schemeBefore(text: string, at: number): string | null {
  let j = at - 1;
  while (j >= 0 && at - j <= 32) {
    const c = text.charCodeAt(j);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45) j--;
    else break;
  }
  const scheme = text.slice(j + 1, at);
  const first = scheme.charCodeAt(0);
  return scheme.length > 0 && ((first >= 65 && first <= 90) || (first >= 97 && first <= 122)) ? scheme : null;
}

/** Characters that end a URL's authority. */
const endsAuthority = (c: number): boolean => c <= 32 || c === 47 || c === 63 || c === 35 || c === 34 || c === 39 || c === 96 || c === 60 || c === 62 || c === 92;

/**
 * The password of the URL whose `://` is at `at` (`scheme://user:password@host`), as a range,
 * with where the authority ends; the password is null when the URL has none. `slashes`: how
 * many `/` follow the colon (1 for a URL kept as a path, `https:/user:password@host`). Reads at
 * most 512 characters of the authority.
 */
export function urlPassword(text: string, at: number, slashes: 1 | 2 = 2): { password: { start: number; end: number; user: string } | null; end: number } {
  const from = at + 1 + slashes;
  let e = from;
  let lastAt = -1;
  while (e < text.length && e - from < MAX_VALUE && !endsAuthority(text.charCodeAt(e))) {
    if (text.charCodeAt(e) === 64) lastAt = e;
    e++;
  }
  if (lastAt < 0) return { password: null, end: e };
  let colon = from;
  while (colon < lastAt && text.charCodeAt(colon) !== 58) colon++;
  if (colon >= lastAt) return { password: null, end: e };
  return { password: { start: colon + 1, end: lastAt, user: text.slice(from, colon) }, end: e };
}

/** The kind a connection string's password is named by. */
function connectionKind(scheme: string): string {
  const s = scheme.toLowerCase();
  if (s.startsWith('postgres')) return 'PostgreSQL password';
  if (s.startsWith('mysql') || s === 'mariadb' || s === 'jdbc:mysql') return 'MySQL password';
  if (s.startsWith('mongodb')) return 'MongoDB password';
  if (s === 'redis' || s === 'rediss') return 'Redis password';
  if (s === 'amqp' || s === 'amqps') return 'AMQP password';
  if (s === 'http' || s === 'https' || s === 'ftp' || s === 'ftps') return 'password in a URL';
  return `${s} password`;
}

/**
 * Whether a URL's password is real: 4+ characters, not the user name repeated, not a
 * placeholder, reference or one repeated character (as secretlint's connection-string rule judges).
 */
function isLikelyUrlPassword(user: string, password: string): boolean {
  if (password.length < 4 || password === user) return false;
  return !isPlaceholder(password) && !isReference(password);
}

/**
 * The schemes of a URL read with one `/` after its colon: a URL kept as a path, where git's tree
 * (and any folder) holds `https://host/x` as the folders `https:` and `host` (two `/` in a row
 * are one in a path).
 */
const PATH_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ftps', 'sftp', 'ssh', 'git+https', 'git+http', 'git+ssh', 'postgres', 'postgresql', 'mysql', 'mariadb', 'mongodb', 'mongodb+srv', 'redis', 'rediss', 'amqp', 'amqps', 'smtp', 'smtps', 'ldap', 'ldaps']);

/**
 * `trailbook/connection-string`: the password of any `scheme://user:password@host` URL
 * (PostgreSQL, MySQL, MongoDB, Redis, AMQP, MSSQL, http with any characters …), and of such a URL
 * kept as a path, `mirror/https:/user:password@host/x` (sec16: a committed file's path was
 * published as written on its commit's page, in search and the recap). Only the password is the
 * secret: user, host and database stay readable.
 */
export const connectionStringRule: OwnRule = ownRule({
  id: 'trailbook/connection-string',
  describe: 'the password of a `scheme://user:password@host` URL in any scheme (Redis, AMQP, MSSQL, http with any characters), and of one kept as a path (`mirror/https:/user:password@host/x`), when it is not the user name, a placeholder or a reference',
  finders: [
    {
      anchor: '://',
      read(text, at) {
        const scheme = schemeBefore(text, at);
        const { password, end } = urlPassword(text, at);
        const candidate = scheme !== null && password !== null ? { start: password.start, end: password.end, kind: connectionKind(scheme) } : null;
        return { candidate, next: Math.max(at + 3, end) };
      },
      // The user name runs from after `://` to the colon before the password.
      real: (value, { text, at, start }) => isLikelyUrlPassword(text.slice(at + 3, start - 1), value),
    },
    {
      // sec16: a URL kept as a path (`https:/user:password@host`), for the schemes a URL is written with.
      anchor: ':/',
      read(text, at) {
        if (text.charCodeAt(at + 2) === 47) return { candidate: null, next: at + 2 };
        const scheme = schemeBefore(text, at);
        if (scheme === null || !PATH_SCHEMES.has(scheme.toLowerCase())) return { candidate: null, next: at + 2 };
        const { password, end } = urlPassword(text, at, 1);
        return { candidate: password === null ? null : { start: password.start, end: password.end, kind: connectionKind(scheme) }, next: Math.max(at + 2, end) };
      },
      real: (value, { text, at, start }) => isLikelyUrlPassword(text.slice(at + 2, start - 1), value),
    },
  ],
  examples: {
    secret: [
      { text: 'Ran the migration with DATABASE_URL=postgres://admin:Pr0dPassw0rd@db/prod', value: 'Pr0dPassw0rd' },
      { text: 'REDIS_URL=redis://:r3d1s-S3cret@cache.internal:6379/0', value: 'r3d1s-S3cret' },
      { text: 'amqp://worker:q!ueue+Pass9@mq.internal:5672/', value: 'q!ueue+Pass9' },
      { text: 'git clone https://x-access-token:tok3n-Val7e-abc@github.com/acme/app', value: 'tok3n-Val7e-abc' },
      { text: 'sqlserver://sa:My%40Passw0rd@localhost:1433', value: 'My%40Passw0rd' },
      { text: 'mirror/https:/ada:S3cretPw9xQ@git.example.com/app/README.md', value: 'S3cretPw9xQ' },
    ],
    notSecret: [
      'postgres://postgres:postgres@localhost:5432/test',
      'redis://:${REDIS_PASSWORD}@cache:6379',
      'mysql://user:password@localhost/db',
      'https://github.com/acme/app/commit/9fceb02d0ae598e95dc970b74767f19372d61af8',
      'ssh://git@github.com/acme/app.git',
      'http://host:8080/path?x=a:b@c',
      'mongodb://app:****@cluster0/db',
      'see https://example.com/a@b and ftp://anonymous@ftp.example.org',
      'mirror/https:/git.example.com/app/README.md',
      'C:/Users/ada:x@y',
      'note:/a:b@c',
    ],
  },
});
/** Characters that end an address written between `<` and `>`. */
const endsAddress = (c: number): boolean => c <= 32 || c === 60 || c === 62 || c === 34 || c === 39;
/** The longest address read between `<` and `>` (an e-mail address is at most 254 characters). */
const MAX_ADDRESS = 320;

/**
 * The address at the `<` at `at` (`<admin:S3cretPw9@example.com>`): its end (the `>`), with the
 * range of what stands between the first `:` and the last `@`, or null. Reads up to the first
 * character that ends an address, so each character is read at most twice.
 */
export function bracketedCredential(text: string, at: number): { password: { start: number; end: number } | null; end: number } {
  let e = at + 1;
  let colon = -1;
  let lastAt = -1;
  while (e < text.length && e - at <= MAX_ADDRESS && !endsAddress(text.charCodeAt(e))) {
    const c = text.charCodeAt(e);
    if (c === 58 && colon < 0) colon = e;
    else if (c === 64) lastAt = e;
    e++;
  }
  const closed = e < text.length && text.charCodeAt(e) === 62;
  if (!closed || colon <= at + 1 || lastAt <= colon + 1 || !text.slice(lastAt + 1, e).includes('.')) return { password: null, end: e };
  return { password: { start: colon + 1, end: lastAt }, end: e };
}

/**
 * `trailbook/address-password`: the password of a `user:password@host` written between `<` and
 * `>`, as a commit's author or committer line holds it when a tool took a credential URL's user
 * info for an e-mail address (`Admin <admin:S3cretPw9@example.com>`; sec10: a cited commit's
 * author was published as written, on its page and in search). Not a `mailto:`, not a URL (a
 * `/` in it: the URL rules read those), and only a password that looks real.
 */
export const addressPasswordRule: OwnRule = ownRule({
  id: 'trailbook/address-password',
  describe: 'the password of a `user:password@host` written as an e-mail address between `<` and `>` (a commit author `Admin <admin:S3cretPw9@example.com>`), when it looks real',
  finders: [
    {
      anchor: '<',
      kind: 'password in an e-mail address',
      read(text, at) {
        const { password, end } = bracketedCredential(text, at);
        return { candidate: password, next: Math.max(at + 1, end) };
      },
      real(value, { text, at, start }) {
        const user = text.slice(at + 1, start - 1);
        return !/^mailto$/i.test(user) && !user.includes('/') && !value.includes('/') && value !== user && isLikelyPassword(value);
      },
    },
  ],
  examples: {
    secret: [{ text: 'Deploy Bot <admin:S3cretPw9@example.com>', value: 'S3cretPw9' }],
    notSecret: ['Ada <ada@example.com>', '<mailto:john.smith2@example.com>', 'see <https://user@example.com/a:b>', 'a <b:c> d', 'Bot <bot:bot@example.com>', 'x <ns:changeme@example.com>'],
  },
});
