/**
 * Passwords and secrets in the forms configuration files and statements write them with no
 * `=` or `:` after the name (sec16: each was published as written): SQL's `PASSWORD '…'` and
 * `IDENTIFIED BY '…'`, an XML element `<password>…</password>` (Maven's `settings.xml`, a
 * NuGet or Tomcat file), PHP's `define('DB_PASSWORD', '…')` (WordPress' `wp-config.php`) and
 * Redis' `requirepass …` and `masterauth …`.
 */
import { isLikelyPassword, isLikelyToken } from '../values.ts';
import { MAX_VALUE, blankEnd, isKeyChar, runEnd } from './chars.ts';
import { keySays } from './assignment.ts';
import { type Candidate, type OwnRule, ownRule } from './rule.ts';

/** The value between the quote at `from` (`'` or `"`) and its closing quote on the same line, or null. */
function quotedAt(text: string, from: number): { start: number; end: number } | null {
  const quote = text.charCodeAt(from);
  if (quote !== 34 && quote !== 39) return null;
  let e = from + 1;
  while (e < text.length && e - from <= MAX_VALUE && text.charCodeAt(e) !== quote && text.charCodeAt(e) !== 10) e++;
  return text.charCodeAt(e) === quote && e > from + 1 ? { start: from + 1, end: e } : null;
}

/** What a key says, as a kind: a password, a secret, or null. */
const kindOf = (key: string): string | null => {
  const says = keySays(key);
  return says === 'password' ? 'password in a configuration file' : says === 'token' ? 'secret in a configuration file' : null;
};

/** Whether `value` of `kind` looks real: a password as an assignment's, a secret as a token's. */
const looksReal = (value: string, kind: string): boolean => value[0] !== '/' && value[0] !== '~' && (kind.startsWith('password') ? isLikelyPassword(value) : isLikelyToken(value));

/** The most characters of an XML element's text read (a value spanning lines is not read). */
const MAX_ELEMENT_TEXT = MAX_VALUE;

/**
 * An XML element whose name names a secret, at its `<` at `at`: `<password>…</password>`,
 * `<apiToken>…</apiToken>` (Maven's `<server>`, a Tomcat realm, a NuGet `packageSourceCredentials`
 * written as elements); the text up to its closing tag on the same line.
 */
function readElement(text: string, at: number): { candidate: Candidate | null; next: number } {
  const none = { candidate: null, next: at + 1 };
  const nameEnd = runEnd(text, at + 1, isKeyChar, 64);
  if (nameEnd === at + 1 || text.charCodeAt(nameEnd) !== 62) return none;
  const name = text.slice(at + 1, nameEnd);
  const kind = kindOf(name);
  if (kind === null) return none;
  const start = nameEnd + 1;
  let e = start;
  while (e < text.length && e - start <= MAX_ELEMENT_TEXT && text.charCodeAt(e) !== 60 && text.charCodeAt(e) !== 10) e++;
  if (e === start || !text.startsWith(`</${name}>`, e)) return { candidate: null, next: Math.max(at + 1, e) };
  return { candidate: { start, end: e, kind }, next: e };
}

/** PHP's `define( 'DB_PASSWORD', '…' )` at the `define(` at `at`: the second argument, when the first names a secret. */
function readDefine(text: string, at: number): { candidate: Candidate | null; next: number } {
  const next = at + 7;
  if (at > 0 && isKeyChar(text.charCodeAt(at - 1))) return { candidate: null, next };
  const key = quotedAt(text, blankEnd(text, next, 4));
  if (key === null) return { candidate: null, next };
  const kind = kindOf(text.slice(key.start, key.end));
  let i = blankEnd(text, key.end + 1, 4);
  if (kind === null || text.charCodeAt(i) !== 44) return { candidate: null, next: Math.max(next, key.end) };
  i = blankEnd(text, i + 1, 4);
  const value = quotedAt(text, i);
  return { candidate: value === null ? null : { ...value, kind }, next: Math.max(next, value?.end ?? key.end) };
}

/**
 * The value after an SQL keyword that gives a password, at the keyword at `at` (`PASSWORD`,
 * `IDENTIFIED BY`, any case): `ALTER USER app WITH PASSWORD '…'`, `CREATE USER … ENCRYPTED
 * PASSWORD '…'`, `CREATE USER 'app'@'%' IDENTIFIED BY '…'`; quoted, after spaces only.
 */
function readSqlPassword(length: number): (text: string, at: number) => { candidate: Candidate | null; next: number } {
  return (text, at) => {
    const next = at + length;
    if ((at > 0 && isKeyChar(text.charCodeAt(at - 1))) || isKeyChar(text.charCodeAt(next))) return { candidate: null, next };
    const from = blankEnd(text, next, 4);
    if (from === next) return { candidate: null, next };
    const value = quotedAt(text, from);
    return { candidate: value === null ? null : { ...value, kind: 'password in an SQL statement' }, next: Math.max(next, value?.end ?? next) };
  };
}

/** Redis' `requirepass …` and `masterauth …` (redis.conf, `CONFIG SET`): the word or quoted value after it. */
function readRedisDirective(text: string, at: number): { candidate: Candidate | null; next: number } {
  const next = at + (text.charCodeAt(at) === 114 ? 11 : 10);
  const before = at > 0 ? text.charCodeAt(at - 1) : 10;
  if (isKeyChar(before) || before === 36) return { candidate: null, next };
  const from = blankEnd(text, next, 4);
  if (from === next || text.charCodeAt(from) === 10 || text.charCodeAt(from) === 13) return { candidate: null, next };
  const quoted = quotedAt(text, from);
  if (quoted !== null) return { candidate: { ...quoted, kind: 'Redis password' }, next: quoted.end };
  const e = runEnd(text, from, (c) => c > 32 && c !== 34 && c !== 39 && c !== 96, MAX_VALUE);
  return { candidate: { start: from, end: e, kind: 'Redis password' }, next: Math.max(next, e) };
}

/**
 * `trailbook/config-password`: a password or secret written without `=` or `:` after its name:
 * SQL's `PASSWORD '…'` and `IDENTIFIED BY '…'`, an XML element named for one
 * (`<password>…</password>`), PHP's `define('DB_PASSWORD', '…')` and Redis' `requirepass`
 * and `masterauth`, when the value looks real (a password of 6+ characters, a secret of 12+
 * with letters and digits; never `$VAR`, `<password>`, `changeme`, a path).
 */
export const configPasswordRule: OwnRule = ownRule({
  id: 'trailbook/config-password',
  describe: "a password or secret written with no `=` or `:` after its name: SQL's `PASSWORD '…'` and `IDENTIFIED BY '…'`, an XML element `<password>…</password>` (any name naming a secret), PHP's `define('DB_PASSWORD', '…')`, Redis' `requirepass …` and `masterauth …`, when it looks real",
  finders: [
    // A quoted phrase after the word in prose (`password "must be 12+ characters"`) is no password: an SQL one holds no blank.
    { anchor: 'password', anyCase: true, read: readSqlPassword(8), real: (value, { kind }) => !/\s/.test(value) && looksReal(value, kind) },
    { anchor: 'identified by', anyCase: true, read: readSqlPassword(13), real: (value, { kind }) => !/\s/.test(value) && looksReal(value, kind) },
    { anchor: '<', read: readElement, real: (value, { kind }) => looksReal(value, kind) },
    { anchor: 'define(', read: readDefine, real: (value, { kind }) => looksReal(value, kind) },
    { anchor: ['requirepass', 'masterauth'], read: readRedisDirective, real: (value, { kind }) => looksReal(value, kind) },
  ],
  examples: {
    secret: [
      { text: "ALTER USER app WITH PASSWORD 'Qz8mRt2vLk9wXp4N';", value: 'Qz8mRt2vLk9wXp4N' },
      { text: "CREATE USER 'app'@'%' IDENTIFIED BY 'Vb7nM3qW9eRtYu';", value: 'Vb7nM3qW9eRtYu' },
      { text: '<server><id>central</id><username>ci</username><password>Hx4kP9mZ2qLw</password></server>', value: 'Hx4kP9mZ2qLw' },
      { text: "define( 'DB_PASSWORD', 'Wp9Lk3Zx7Qm2' );", value: 'Wp9Lk3Zx7Qm2' },
      { text: 'requirepass Rd7Kq2Lm9Xp4Vt', value: 'Rd7Kq2Lm9Xp4Vt' },
    ],
    notSecret: [
      "ALTER USER app WITH PASSWORD 'changeme';",
      "CREATE ROLE app LOGIN PASSWORD '${DB_PASSWORD}';",
      'the password field is required',
      'reset_password(user) and password_hash VARCHAR(255)',
      '<password>${env.MAVEN_PASSWORD}</password>',
      '<password></password> and <passwordPolicy>strict</passwordPolicy>',
      "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
      "define('DB_NAME', 'wordpress_prod_2026');",
      'requirepass is off; masterauth <password>',
      'the password "must be 12+ characters" rule',
      '# requirepass foobared',
    ],
  },
});
