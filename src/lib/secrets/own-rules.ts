/**
 * Trailbook's own secret rules, for the shapes agent records hold that secretlint's
 * recommended preset misses (issue 29, scope 1): a `KEY=value` assignment of a secret in a
 * command (`PGPASSWORD=hunter2x psql …`, `export API_TOKEN=…`, `--password=…`,
 * `"client_secret": "…"`), and a connection string with a password in any scheme
 * (`redis://:pw@host`, `amqp://user:pw@host`; secretlint reads only http(s), ftp, MongoDB,
 * MySQL and PostgreSQL, and only `[-a-zA-Z0-9_]` passwords in http URLs).
 *
 * The rules are a table, run by one function ({@link ownRule}): each row names its id, what it
 * finds, and its finders — an anchor searched with `indexOf` (never a pattern that can
 * backtrack: docs/security.md, "Text that takes long to read"), the code that reads a candidate
 * at it visiting each character a bounded number of times, the kind of secret, and the test
 * that tells a real value from a placeholder — with the examples that are its tests
 * (tests/unit/secrets.test.ts runs every one).
 */
import { entropy, isLikelyPassword, isLikelyToken, isPlaceholder, isReference } from './values.ts';

/** One secret found in a text: its range (UTF-16 offsets, end exclusive) and what it is. */
export interface SecretHit {
  start: number;
  end: number;
  /** What the secret is, as the marker names it (`password in a KEY=value assignment`). */
  kind: string;
  /** The rule that found it (`trailbook/assignment`, `@secretlint/secretlint-rule-aws`, `config/…`). */
  rule: string;
}

/** A rule of Trailbook's own, with its examples. */
export interface OwnRule {
  id: string;
  /** What the rule finds, in one line (docs/security.md lists it). */
  describe: string;
  /** Finds the rule's secrets in `text`, in order. */
  scan(text: string): SecretHit[];
  /** Texts with the one secret value each holds, and texts that hold none. */
  examples: { secret: ReadonlyArray<{ text: string; value: string }>; notSecret: readonly string[] };
}

/** A candidate a finder reads at its anchor: the value's range (UTF-16 offsets, end exclusive) and, when the finder's `kind` does not hold for every one, what it is. */
export interface Candidate {
  start: number;
  end: number;
  kind?: string;
}

/** A candidate as the test of a real value sees it: its text, where its anchor was, and its kind. */
export interface FoundAt {
  text: string;
  /** Where the anchor it was read at starts. */
  at: number;
  start: number;
  end: number;
  kind: string;
}

/** One way a rule finds secrets (a row of the table holds one or more). */
export interface Finder {
  /** What every candidate is read from; searched with `indexOf`, each place in turn. */
  anchor: string | readonly string[];
  /** Whether the anchor's ASCII letters match in either case (`Bearer`, `bearer`); offsets stay those of the text. */
  anyCase?: boolean;
  /** What a candidate is, unless `read` names it (one of the two does). */
  kind?: string;
  /**
   * Reads the candidate at the anchor found at `at`, or null when there is none; `next` is
   * where the search for the anchor goes on (past `at` always; past what was read, so that no
   * character is read more than a bounded number of times).
   */
  read(text: string, at: number): { candidate: Candidate | null; next: number };
  /** Whether a candidate's `value` is a real secret, not a placeholder, reference or word; every candidate is when absent. */
  real?(value: string, found: FoundAt): boolean;
}

/** A row of the table of own rules: {@link ownRule} makes it an {@link OwnRule}. */
export interface OwnRuleRow {
  id: string;
  /** What the rule finds, in one line (docs/security.md lists it). */
  describe: string;
  /** Its finders; a rule of several returns their hits ordered by where they start. */
  finders: readonly Finder[];
  examples: OwnRule['examples'];
}

/** The text with its ASCII capitals lower-cased and every other character as it was, so offsets into it are offsets into the text (`toLowerCase` turns `İ` into two characters). */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** The places of any of `anchors` in `hay`, in order, each from where the caller asks: `next(from)` is the first at or after `from`, or -1. Each anchor is searched forward only. */
function anchorPlaces(hay: string, anchors: readonly string[]): (from: number) => number {
  const places = anchors.map((a) => hay.indexOf(a));
  return (from) => {
    let first = -1;
    for (let k = 0; k < anchors.length; k++) {
      if ((places[k] as number) >= 0 && (places[k] as number) < from) places[k] = hay.indexOf(anchors[k] as string, from);
      const place = places[k] as number;
      if (place >= 0 && (first < 0 || place < first)) first = place;
    }
    return first;
  };
}

/**
 * The rule a row of the table describes: its scan runs each finder over the text (every
 * anchor, the candidate read there, kept when it is real) and names the row's id as each hit's
 * rule. Hits come in the order they start.
 */
export function ownRule(row: OwnRuleRow): OwnRule {
  const scan = (text: string): SecretHit[] => {
    const hits: SecretHit[] = [];
    for (const finder of row.finders) {
      const anchors = typeof finder.anchor === 'string' ? [finder.anchor] : finder.anchor;
      const next = finder.anyCase ? anchorPlaces(asciiLower(text), anchors.map(asciiLower)) : anchorPlaces(text, anchors);
      for (let at = next(0); at >= 0; ) {
        const { candidate, next: from } = finder.read(text, at);
        if (candidate !== null) {
          const kind = candidate.kind ?? finder.kind ?? row.id;
          const found: FoundAt = { text, at, start: candidate.start, end: candidate.end, kind };
          if (finder.real === undefined || finder.real(text.slice(candidate.start, candidate.end), found)) hits.push({ start: candidate.start, end: candidate.end, kind, rule: row.id });
        }
        at = next(Math.max(at + 1, from));
      }
    }
    return row.finders.length > 1 ? hits.sort((a, b) => a.start - b.start) : hits;
  };
  return { id: row.id, describe: row.describe, scan, examples: row.examples };
}

/** Characters of a key name (`DB_PASSWORD`, `api-key`, `client.secret`). */
const isKeyChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46;

/** Key endings that name a password (after the key is lower-cased and `-`/`.` read as `_`). */
const PASSWORD_ENDINGS = ['password', 'passwd', 'passphrase', '_pass', '_pwd', '_pw'];
/** Key endings that name a token, key or other secret. */
const TOKEN_ENDINGS = [
  'token', 'secret', 'apikey', 'api_key', 'access_key', 'secret_key', 'private_key', 'auth_key', 'signing_key', 'encryption_key', 'master_key', 'account_key', 'client_key', 'session_key', 'credentials', 'credential', 'auth',
  // Written without a separator (`AccountKey=` of an Azure connection string, `SharedAccessKey=`, `secretKey:`).
  'accesskey', 'secretkey', 'privatekey', 'authkey', 'signingkey', 'encryptionkey', 'masterkey', 'accountkey', 'clientkey', 'sessionkey',
  // Frameworks' own names (sec11: Rails' `SECRET_KEY_BASE=` was published as written): Laravel's `APP_KEY`, an HMAC key.
  'secret_key_base', 'app_key', 'hmac_key',
];

/** Every key ending that names a secret (tests/unit/secrets-trial-shapes.test.ts: the cheap test in detect.ts lets each through). */
export const KEY_ENDINGS: readonly string[] = [...PASSWORD_ENDINGS, ...TOKEN_ENDINGS];

/** Last letters (lower-cased) of every key ending above: any other last letter is no secret's key. */
const LAST_LETTERS: ReadonlySet<number> = new Set([...'deswntylh'].map((c) => c.charCodeAt(0)));

/** What a key name says its value is: a password, a token, or neither. */
export function keySays(key: string): 'password' | 'token' | null {
  if (key.length < 2 || !LAST_LETTERS.has(key.charCodeAt(key.length - 1) | 32)) return null;
  let k = key.toLowerCase().replaceAll('-', '_').replaceAll('.', '_');
  while (k.startsWith('_')) k = k.slice(1);
  if (k === 'pass' || k === 'pwd' || k === 'pw') return k === 'pass' ? 'password' : null;
  if (PASSWORD_ENDINGS.some((e) => k === e || k.endsWith(e))) return 'password';
  if (TOKEN_ENDINGS.some((e) => k === e || k.endsWith(`_${e}`) || (k.endsWith(e) && e.length >= 5))) return k.endsWith('auth') && k !== 'auth' && !k.endsWith('_auth') ? null : 'token';
  return null;
}

/** Characters that end an unquoted value in a command. */
const endsValue = (c: number): boolean => c <= 32 || c === 34 || c === 39 || c === 96 || c === 59 || c === 38 || c === 124 || c === 60 || c === 62 || c === 44 || c === 41 || c === 93 || c === 125;

const MAX_KEY = 64;
const MAX_VALUE = 512;

/** The end of an unquoted value starting at `from`: the first character `endsValue` accepts, reading at most `MAX_VALUE` + 1. */
const valueEnd = (text: string, from: number): number => runEnd(text, from, (c) => !endsValue(c), MAX_VALUE);

/**
 * The value at `from` of a command's option: quoted (`'…'` or `"…"`, up to the closing quote on
 * the same line; none when it is not closed), or up to a character that ends a value. The range
 * is the value's, without its quotes.
 */
function quotedOrWord(text: string, from: number): { start: number; end: number } {
  const quote = text.charCodeAt(from);
  if (quote !== 34 && quote !== 39) return { start: from, end: valueEnd(text, from) };
  let e = from + 1;
  while (e < text.length && e - from <= MAX_VALUE && text.charCodeAt(e) !== quote && text.charCodeAt(e) !== 10) e++;
  return text.charCodeAt(e) === quote ? { start: from + 1, end: e } : { start: from + 1, end: from + 1 };
}

const PASSWORD_ASSIGNMENT = 'password in a KEY=value assignment';
const SECRET_ASSIGNMENT = 'secret in a KEY=value assignment';

/** The value assigned at the `=` or `:` at `i` to a key that names a password or secret, as a candidate; on after the value. */
function readAssignment(text: string, i: number): { candidate: Candidate | null; next: number } {
  const none = { candidate: null, next: i + 1 };
  const n = text.length;
  const c = text.charCodeAt(i);
  // `://` is a URL, `==` a comparison, `:=` / `=>` other syntax.
  const next = text.charCodeAt(i + 1);
  if ((c === 58 && (next === 47 || next === 61)) || (c === 61 && (next === 61 || next === 62)) || (i > 0 && (text.charCodeAt(i - 1) === 61 || text.charCodeAt(i - 1) === 33 || text.charCodeAt(i - 1) === 60 || text.charCodeAt(i - 1) === 62))) return none;
  // The key: back over spaces and a closing quote, then key characters.
  let j = i - 1;
  let spaces = 0;
  while (j >= 0 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) && spaces < 4) {
    j--;
    spaces++;
  }
  let quotedKey = false;
  if (j >= 0 && (text.charCodeAt(j) === 34 || text.charCodeAt(j) === 39)) {
    j--;
    quotedKey = true;
  }
  const keyEnd = j + 1;
  while (j >= 0 && keyEnd - j <= MAX_KEY && isKeyChar(text.charCodeAt(j))) j--;
  const key = text.slice(j + 1, keyEnd);
  // A `KEY: value` needs a space or a quote after the colon (`time: 12:30` is not one; `a:b` neither),
  // except after a key naming a password (`password:Hunter2Pass`, sec10): its value is then judged
  // more strictly ({@link isTightPassword}), so `password:reset` and `'password:resetRequested'` stay words.
  const says = key.length > 0 && keyEnd - j <= MAX_KEY ? keySays(key.replace(/^-+/, '')) : null;
  const tight = c === 58 && !quotedKey && next !== 32 && next !== 9 && next !== 34 && next !== 39;
  // A tight `password:` inside a chain of names (`user:password:changed2`) is a name, not a key.
  if (says === null || (tight && (says !== 'password' || (j >= 0 && text.charCodeAt(j) === 58)))) return none;
  // The value: after spaces and an opening quote, up to the closing quote or a character that ends a word.
  let v = i + 1;
  spaces = 0;
  while (v < n && (text.charCodeAt(v) === 32 || text.charCodeAt(v) === 9) && spaces < 4) {
    v++;
    spaces++;
  }
  const quote = text.charCodeAt(v);
  const quoted = quote === 34 || quote === 39;
  if (quoted) v++;
  let e = v;
  if (quoted) while (e < n && e - v <= MAX_VALUE && text.charCodeAt(e) !== quote && text.charCodeAt(e) !== 10) e++;
  else e = valueEnd(text, v);
  const walked = e;
  // A sentence's full stop is not part of the value.
  if (!quoted) while (e > v && (text.charCodeAt(e - 1) === 46 || text.charCodeAt(e - 1) === 58)) e--;
  // Each character is walked forward once: go on after the value.
  const after = Math.max(i + 1, walked);
  if (e - v > MAX_VALUE || e === v) return { candidate: null, next: after };
  return { candidate: { start: v, end: e, kind: says === 'password' ? PASSWORD_ASSIGNMENT : SECRET_ASSIGNMENT }, next: after };
}

/** Hash and encoding names and versions, written after `password:` as a setting, not a password (`password:sha256`, `password:v2`). */
const SETTING_WORD = /^(?:sha-?\d+|md5|bcrypt|s?crypt|argon2(?:id|i|d)?|pbkdf2(?:-sha\d+)?|utf-?8|base64|v?\d+(?:[._-]\d+)*)$/i;

/**
 * A value written straight after `password:` (no space, no quote: `password:Hunter2Pass`, a YAML
 * or log shape; sec10): a password when it holds a letter and a digit and is no setting's name
 * ({@link SETTING_WORD}) nor a chain of names (`password:v2:reset`). Event and route names
 * (`'password:resetRequested'`, `/password:change`) hold no digit.
 */
function isTightPassword(value: string): boolean {
  return /[A-Za-z]/.test(value) && /[0-9]/.test(value) && !value.includes(':') && !SETTING_WORD.test(value);
}

/** Spaces, tabs and line ends (at most `max`) from `from`: where they end. */
const blankEnd = (text: string, from: number, max: number): number => runEnd(text, from, (c) => c === 32 || c === 9 || c === 10 || c === 13, max);

/** The key at `from` after an optional quote, with its closing quote: its range and where reading goes on, or null. */
function quotedKeyAt(text: string, from: number): { start: number; end: number; next: number } | null {
  const quote = text.charCodeAt(from);
  const quoted = quote === 34 || quote === 39;
  const start = quoted ? from + 1 : from;
  const end = runEnd(text, start, isKeyChar, MAX_KEY);
  if (end === start || end - start > MAX_KEY) return null;
  if (quoted && text.charCodeAt(end) !== quote) return null;
  return { start, end, next: quoted ? end + 1 : end };
}

/** After a key word at `from` (its closing quote, spaces, `:` or `=`, spaces): where its value starts, or -1. */
function afterSeparator(text: string, from: number): number {
  let i = from;
  if (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39) i++;
  i = blankEnd(text, i, 4);
  const op = text.charCodeAt(i);
  if (op !== 58 && op !== 61) return -1;
  return blankEnd(text, i + 1, 4);
}

/**
 * The value of a name/value pair whose name names a secret, at the `name` at `at`: JSON
 * (`{"name": "DB_PASSWORD", "value": "…"}`, an ECS task's or a GitHub API's environment; `Name`
 * and `Value` of CloudFormation) and YAML (`- name: DB_PASSWORD⏎  value: "…"`, a Kubernetes
 * container's `env`). sec14: the key and its value are two fields, so no assignment was read.
 */
function readNameValue(text: string, at: number): { candidate: Candidate | null; next: number } {
  const next = at + 4;
  const none = { candidate: null, next };
  if (at > 0 && isKeyChar(text.charCodeAt(at - 1))) return none;
  const v = afterSeparator(text, next);
  if (v < 0) return none;
  const key = quotedKeyAt(text, v);
  if (key === null) return none;
  const says = keySays(text.slice(key.start, key.end));
  if (says === null) return { candidate: null, next: Math.max(next, key.next) };
  // Between the pair's fields: a comma, spaces, a line end, a YAML item's indentation.
  let i = blankEnd(text, key.next, 24);
  if (text.charCodeAt(i) === 44) i = blankEnd(text, i + 1, 24);
  if (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39) i++;
  if (!text.startsWith('value', i) && !text.startsWith('Value', i)) return { candidate: null, next: Math.max(next, key.next) };
  const start = afterSeparator(text, i + 5);
  if (start < 0) return { candidate: null, next: Math.max(next, key.next) };
  const value = quotedOrWord(text, start);
  if (value.end === value.start) return { candidate: null, next: Math.max(next, start) };
  return { candidate: { start: value.start, end: value.end, kind: says === 'password' ? PASSWORD_ASSIGNMENT : SECRET_ASSIGNMENT }, next: Math.max(next, value.end) };
}

/** Objects a program reads a setting from: a member path starting with one is code (`process.env.DB_PASSWORD`, `self.settings.TOKEN`). */
const CODE_ROOTS: ReadonlySet<string> = new Set(['process', 'os', 'this', 'self', 'req', 'request', 'res', 'config', 'cfg', 'conf', 'settings', 'env', 'environ', 'options', 'opts', 'args', 'argv', 'params', 'props', 'ctx', 'context', 'window', 'import']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Whether an unquoted value is a program's expression, not a secret (sec14: a cited source file's
 * `const password = process.env.DB_PASSWORD;`, `password = getPassword(user)`, `password:
 * user.password,` and `self.password = form.cleaned_data["password"]` were redacted and flagged
 * high, hiding the evidence): a member path followed by a call or an index (`getPassword(`,
 * `form.cleaned_data[`), a path with optional chaining (`result.groups?.password`), or a path from
 * a program's settings object (`process.env.…`, `os.environ…`, `this.…`, `config.…`) or to a key
 * that names a secret (`user.password`, `session.api_token2`). A password of words and a full stop
 * (`hunter2.backup`) is none of these.
 */
export function isCodeExpression(value: string): boolean {
  let cut = value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 40 || c === 91) {
      cut = i;
      break;
    }
  }
  const path = value.slice(0, cut);
  if (path.length === 0) return false;
  const segments = path.split('.').map((s) => (s.endsWith('?') ? s.slice(0, -1) : s));
  if (!segments.every((s) => IDENTIFIER.test(s))) return false;
  if (cut < value.length) return true;
  if (segments.length < 2) return false;
  if (path.includes('?.')) return true;
  // The last name, its version digits aside (`api_token2`).
  let last = segments[segments.length - 1] as string;
  let e = last.length;
  while (e > 1 && last.charCodeAt(e - 1) >= 48 && last.charCodeAt(e - 1) <= 57) e--;
  last = last.slice(0, e);
  return CODE_ROOTS.has((segments[0] as string).toLowerCase()) || keySays(last) !== null;
}

/**
 * `trailbook/assignment`: a value assigned to a key that names a password or a secret
 * (`KEY=value`, `KEY: value`, `"key": "value"`, `--key=value`; sec14: a name/value pair, `{"name": "DB_PASSWORD", "value": "…"}`
 * and YAML's `- name: API_TOKEN⏎  value: …`), when the value looks real:
 * a password of 6+ characters that is no placeholder or reference, a token of 12+ characters
 * with letters and digits and 3+ bits of entropy per character; never a path.
 */
export const assignmentRule: OwnRule = ownRule({
  id: 'trailbook/assignment',
  describe: 'a password or secret assigned to a key that names one (`DB_PASSWORD=…`, `export API_TOKEN=…`, `--password=…`, `"client_secret": "…"`, a name/value pair `{"name": "DB_PASSWORD", "value": "…"}`), when the value looks real (not `$VAR`, `<password>`, `changeme`, a path)',
  finders: [
    {
      anchor: ['=', ':'],
      read: readAssignment,
      real: (value, { kind, text, start }) =>
        value[0] !== '/' &&
        value[0] !== '~' &&
        (kind === PASSWORD_ASSIGNMENT ? isLikelyPassword(value) && (text.charCodeAt(start - 1) !== 58 || isTightPassword(value)) : isLikelyToken(value)) &&
        (text.charCodeAt(start - 1) === 34 || text.charCodeAt(start - 1) === 39 || !isCodeExpression(value)),
    },
    {
      anchor: ['name', 'Name'],
      read: readNameValue,
      real: (value, { kind }) => value[0] !== '/' && value[0] !== '~' && (kind === PASSWORD_ASSIGNMENT ? isLikelyPassword(value) : isLikelyToken(value)),
    },
  ],
  examples: {
    secret: [
      { text: 'Ran the migration: PGPASSWORD=hunter2x psql -h db -U app', value: 'hunter2x' },
      { text: 'export API_TOKEN=q8Zr2vLw0pXk4sTn7yBc && ./deploy.sh', value: 'q8Zr2vLw0pXk4sTn7yBc' },
      { text: 'mysql --password=Tr0ub4dor-3 -u root', value: 'Tr0ub4dor-3' },
      { text: '{"client_secret": "9fJ2-kQ8w_Lm3ZpX71rT"}', value: '9fJ2-kQ8w_Lm3ZpX71rT' },
      { text: 'db:\n  password: "S3cr3t!pass"\n', value: 'S3cr3t!pass' },
      { text: 'login failed with password:Hunter2Pass for admin', value: 'Hunter2Pass' },
      { text: 'SESSION_SECRET=Yh7sK2pQ9wE4rT6u cargo run.', value: 'Yh7sK2pQ9wE4rT6u' },
      { text: "STRIPE_WEBHOOK_SECRET='whsec_5fGh7Jk9Lm2Np4Qr' npm test", value: 'whsec_5fGh7Jk9Lm2Np4Qr' },
      { text: 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==;EndpointSuffix=core.windows.net', value: 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==' },
      { text: '"environment": [{"name": "DB_PASSWORD", "value": "Vq7Lm2Xp9Rz4Kt8W"}]', value: 'Vq7Lm2Xp9Rz4Kt8W' },
      { text: 'env:\n  - name: API_TOKEN\n    value: "q8Zr2vLw0pXk4sTn7yBc"\n', value: 'q8Zr2vLw0pXk4sTn7yBc' },
    ],
    notSecret: [
      'GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }} gh pr create',
      'NPM_TOKEN=$NPM_TOKEN npm publish',
      'PASSWORD=<your password> ./run',
      'DB_PASSWORD=changeme docker compose up',
      'PGPASSWORD=postgres psql',
      'MAX_TOKENS=4096 and TOKEN_LIMIT=12',
      'AUTH_MODE=oauth-device',
      'SECRET_NAME=prod-db-credentials-v2',
      'PWD=/home/agent/work OLDPWD=/tmp',
      'const password = process.env.DB_PASSWORD;',
      'const password = result.groups?.password;',
      'password = getPassword(user)',
      'self.password = form.cleaned_data["password"]',
      'return { password: user.password, token: session.api_token2 }',
      'token: read:packages',
      'COMMIT_SHA=9fceb02d0ae598e95dc970b74767f19372d61af8 and id=8635af1e',
      'the cache key: 3f786850e387550fdab836ed7e6dc881de23001b',
      'if (a == b) x := token; y => secret',
      'SSH_AUTH_SOCK=/tmp/ssh-XXXX/agent.123',
      "emit('password:resetRequested') and password:changed",
      'password:sha256 password:v2 password:${DB_PASSWORD} password:*** password:<redacted> password:changeme',
      '{"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": "db", "key": "password"}}}',
      '{"name": "REGION", "value": "eu-west-1a9Zq8Wr2Tz6"} and {"name": "API_TOKEN", "value": "${API_TOKEN}"}',
      '- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef: {name: db, key: password}',
    ],
  },
});

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
 * with where the authority ends; the password is null when the URL has none. Reads at most
 * 512 characters of the authority.
 */
export function urlPassword(text: string, at: number): { password: { start: number; end: number; user: string } | null; end: number } {
  const from = at + 3;
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
 * `trailbook/connection-string`: the password of any `scheme://user:password@host` URL
 * (PostgreSQL, MySQL, MongoDB, Redis, AMQP, MSSQL, http with any characters …). Only the
 * password is the secret: user, host and database stay readable.
 */
export const connectionStringRule: OwnRule = ownRule({
  id: 'trailbook/connection-string',
  describe: 'the password of a `scheme://user:password@host` URL in any scheme (Redis, AMQP, MSSQL, http with any characters), when it is not the user name, a placeholder or a reference',
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
  ],
  examples: {
    secret: [
      { text: 'Ran the migration with DATABASE_URL=postgres://admin:Pr0dPassw0rd@db/prod', value: 'Pr0dPassw0rd' },
      { text: 'REDIS_URL=redis://:r3d1s-S3cret@cache.internal:6379/0', value: 'r3d1s-S3cret' },
      { text: 'amqp://worker:q!ueue+Pass9@mq.internal:5672/', value: 'q!ueue+Pass9' },
      { text: 'git clone https://x-access-token:tok3n-Val7e-abc@github.com/acme/app', value: 'tok3n-Val7e-abc' },
      { text: 'sqlserver://sa:My%40Passw0rd@localhost:1433', value: 'My%40Passw0rd' },
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
    ],
  },
});

const isKeyBody = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;

/**
 * `trailbook/google-api-key`: a Google API key (`AIza` and 35 letters, digits, `_` or `-`), as
 * a Firebase or Maps configuration pasted into a record holds it; secretlint's GCP rule reads
 * service-account JSON only.
 */
export const googleApiKeyRule: OwnRule = ownRule({
  id: 'trailbook/google-api-key',
  describe: 'a Google API key: `AIza` and 35 letters, digits, `_` or `-`, standing alone',
  finders: [
    {
      anchor: 'AIza',
      kind: 'Google API key',
      read(text, at) {
        const next = at + 4;
        if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return { candidate: null, next };
        let e = at + 4;
        while (e < text.length && e - at < 40 && isKeyBody(text.charCodeAt(e))) e++;
        return { candidate: e - at === 39 && !(e < text.length && isKeyBody(text.charCodeAt(e))) ? { start: at, end: e } : null, next };
      },
    },
  ],
  examples: {
    secret: [
      { text: 'firebase apiKey: "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY" in the web config', value: 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY' },
      { text: 'maps?key=AIzaSyB1234567890abcdefghijklmnopqrstuv&q=x', value: 'AIzaSyB1234567890abcdefghijklmnopqrstuv' },
    ],
    notSecret: ['AIzawl is a state', 'xAIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY', 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWYZ', 'AIzaSyD-short'],
  },
});

/** Characters of a base64 body (PEM). */
const isBase64 = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 61;
const PEM_HEADER_END = 'PRIVATE KEY-----';
/** The longest `-----BEGIN … PRIVATE KEY-----` header read (`ENCRYPTED`, `OPENSSH`, `RSA` and the like). */
const MAX_PEM_HEADER = 64;
/** A body line shorter than this is read as ordinary words, unless it ends in base64 padding after a body line. */
const MIN_BODY_RUN = 16;

/**
 * `trailbook/private-key-body`: the body lines of a private key whose block is cut or pasted
 * with its line breaks written as `\n` (`head -3 id_rsa`, a TSV cell): secretlint's rule reads
 * only a whole block, from `-----BEGIN` to `-----END`, with real line breaks, so the key
 * material of a partial block was published as written. The base64 lines after a
 * `-----BEGIN … PRIVATE KEY-----` header, up to `-----END` or the first text that is not key
 * material, are one secret (one flag per key, not one per line; redaction replaces its lines
 * one by one); the header stays readable. Each character is visited once.
 */
export const privateKeyBodyRule: OwnRule = ownRule({
  id: 'trailbook/private-key-body',
  describe: 'the base64 lines after a `-----BEGIN … PRIVATE KEY-----` header, when the block is cut short or its line breaks are written as `\\n` (secretlint reads whole blocks only)',
  finders: [
    {
      anchor: '-----BEGIN',
      kind: 'private key',
      read(text, at) {
        const close = text.indexOf(PEM_HEADER_END, at + 10);
        if (close < 0 || close - at > MAX_PEM_HEADER) return { candidate: null, next: at + 10 };
        let i = close + PEM_HEADER_END.length;
        let bodyLines = 0;
        let first = -1;
        let last = -1;
        while (i < text.length) {
          // Line breaks, as written or as `\n`, `\r` escapes, and spaces between lines.
          const c = text.charCodeAt(i);
          if (c === 10 || c === 13 || c === 32 || c === 9) { i++; continue; }
          if (c === 92 && (text.charCodeAt(i + 1) === 110 || text.charCodeAt(i + 1) === 114)) { i += 2; continue; }
          let e = i;
          while (e < text.length && isBase64(text.charCodeAt(e))) e++;
          const run = text.slice(i, e);
          const keyLike = run.length >= MIN_BODY_RUN ? /[0-9+/]/.test(run) : bodyLines > 0 && run.length >= 4 && run.endsWith('=');
          if (!keyLike) break;
          if (first < 0) first = i;
          last = e;
          bodyLines++;
          i = e;
        }
        // One secret per key: its body from the first line to the last (redaction.ts replaces a value's lines one by one).
        return { candidate: first >= 0 ? { start: first, end: last } : null, next: Math.max(at + 10, i) };
      },
    },
  ],
  examples: {
    secret: [
      { text: 'head -2 deploy/id_rsa:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw\n...', value: 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw' },
      { text: 'key was -----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\n (cut)', value: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW' },
    ],
    notSecret: [
      'grep for "-----BEGIN PRIVATE KEY-----" in the repository before publishing',
      '-----BEGIN PRIVATE KEY----- internationalization is not key material',
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgO\n-----END PUBLIC KEY-----',
      '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJRTES\n-----END CERTIFICATE-----',
    ],
  },
});

/** Characters of a base64url segment (a JWT part, a bearer token). */
const isB64Url = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
/** The shortest JWT header or payload read (`{"alg":"HS256"}` is 20 characters in base64url). */
const MIN_JWT_PART = 10;
/** Characters of an opaque bearer token (RFC 6750's b64token). */
const isBearerChar = (c: number): boolean => isB64Url(c) || c === 46 || c === 126 || c === 43 || c === 47 || c === 61;

/** The end of a base64url run from `i`. */
function b64UrlEnd(text: string, i: number): number {
  let e = i;
  while (e < text.length && e - i <= MAX_VALUE * 8 && isB64Url(text.charCodeAt(e))) e++;
  return e;
}

/** The end of the JSON Web Token whose header starts at `at` (`eyJ…` and 10+ base64url characters, a full stop, a payload alike, a full stop, a signature), or -1 when none does. */
function jwtEnd(text: string, at: number): number {
  if (!text.startsWith('eyJ', at)) return -1;
  const headerEnd = b64UrlEnd(text, at);
  if (headerEnd - at < MIN_JWT_PART || text.charCodeAt(headerEnd) !== 46 || !text.startsWith('eyJ', headerEnd + 1)) return -1;
  const payloadEnd = b64UrlEnd(text, headerEnd + 1);
  if (payloadEnd - headerEnd - 1 < MIN_JWT_PART || text.charCodeAt(payloadEnd) !== 46) return -1;
  return b64UrlEnd(text, payloadEnd + 1);
}

/** The shortest part of a bearer token, before a line break, read as wrapped onto the next line. */
const MIN_WRAPPED_BEARER = 16;

/** Whether a run of bearer characters reads as a token's piece, not a word: it holds a digit, or a capital after its first character, or a character a word has not (`-_.~+/=`). */
function tokenLike(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if ((c >= 48 && c <= 57) || (k > from && c >= 65 && c <= 90) || !((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return true;
  }
  return false;
}

/**
 * The end of a `Bearer ` header's token that ends its line at `end`, taking in the lines a
 * terminal wrapped it onto (sec13: `Authorization: Bearer …` copied from a terminal, its tail on
 * the next line, was published as written): the next line, from its first column, is a run of
 * bearer characters that reads as a token's piece ({@link tokenLike}) and ends its line, the
 * text or a quote (`curl -H "…"`): never a header (`Host: …`), a status line or a word. A piece
 * as long as the token's first line wraps on in turn; the token reads at most `MAX_VALUE`
 * characters. `end` itself when the token does not end its line.
 */
function wrappedBearerEnd(text: string, end: number): number {
  let lineStart = -1;
  let e = end;
  for (;;) {
    let b = e;
    if (text.charCodeAt(b) === 13) b++;
    if (text.charCodeAt(b) !== 10) return e;
    // Only a token ending its line looks back, to its line's start: each line is read back once.
    if (lineStart < 0) lineStart = text.lastIndexOf('\n', end - 1) + 1;
    const from = b + 1;
    const to = runEnd(text, from, isBearerChar, MAX_VALUE - (e - end));
    const after = text.charCodeAt(to);
    if (to === from || to - end > MAX_VALUE || !(to === text.length || after === 10 || after === 13 || after === 34 || after === 39) || !tokenLike(text, from, to)) return e;
    const width = e - lineStart;
    e = to;
    // A piece shorter than the first line ends the token; one as long wraps on.
    if (to - from !== width) return e;
    lineStart = from;
  }
}

/**
 * `trailbook/bearer-token`: a JSON Web Token (`eyJ….eyJ….…`: a JSON header and payload in
 * base64url, then its signature) anywhere, and the token after `Bearer ` in an Authorization
 * header (`curl -H "Authorization: Bearer …"`): access tokens agents paste with the commands
 * they ran, which secretlint's recommended preset does not read. An opaque bearer token must
 * look real (12+ characters, letters and digits, 3+ bits of entropy per character; not `$TOKEN`
 * or `<token>`). Each character is visited a bounded number of times.
 */
export const bearerTokenRule: OwnRule = ownRule({
  id: 'trailbook/bearer-token',
  describe: 'a JSON Web Token (`eyJ…` header and payload in base64url, and its signature) anywhere, and the token after `Bearer ` in an Authorization header when it looks real (not `$TOKEN`, `<token>`)',
  finders: [
    {
      anchor: 'eyJ',
      kind: 'JSON Web Token',
      read(text, at) {
        const end = at > 0 && isB64Url(text.charCodeAt(at - 1)) ? -1 : jwtEnd(text, at);
        return end < 0 ? { candidate: null, next: at + 3 } : { candidate: { start: at, end }, next: Math.max(at + 3, end) };
      },
    },
    {
      anchor: 'bearer ',
      anyCase: true,
      kind: 'bearer token',
      read(text, at) {
        const next = at + 7;
        if (at > 0 && isKeyChar(text.charCodeAt(at - 1))) return { candidate: null, next };
        let i = at + 7;
        while (i < text.length && text.charCodeAt(i) === 32) i++;
        let e = i;
        while (e < text.length && e - i <= MAX_VALUE && isBearerChar(text.charCodeAt(e))) e++;
        // A token that is a JWT is the finder above's.
        if (jwtEnd(text, i) >= 0) return { candidate: null, next };
        return { candidate: { start: i, end: e - i >= MIN_WRAPPED_BEARER ? wrappedBearerEnd(text, e) : e }, next: Math.max(next, e) };
      },
      real: (value) => {
        const token = value.replace(/\r?\n/g, '');
        return isLikelyToken(token) && /[0-9]/.test(token) && /[A-Za-z]/.test(token) && entropy(token) >= 3;
      },
    },
  ],
  examples: {
    secret: [
      {
        text: 'curl -H "Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZ2VudC0xIiwiaWF0IjoxNzY0NjgwMDAwfQ.q3v8Xb1nWm0cJ9fK2LrT7yHs4dPzE6aGuV5oN8iQw1s" https://api.internal/v1/runs',
        value: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZ2VudC0xIiwiaWF0IjoxNzY0NjgwMDAwfQ.q3v8Xb1nWm0cJ9fK2LrT7yHs4dPzE6aGuV5oN8iQw1s',
      },
      { text: 'session cookie was eyJhbGciOiJub25lIn0.eyJ1c2VyIjoiYWRhIn0. (alg none)', value: 'eyJhbGciOiJub25lIn0.eyJ1c2VyIjoiYWRhIn0.' },
      { text: 'Authorization: Bearer 7Fq2Lm9XzR4tY8wK3pN6vB1s, then 200', value: '7Fq2Lm9XzR4tY8wK3pN6vB1s' },
    ],
    notSecret: [
      'curl -H "Authorization: Bearer $API_TOKEN" https://api.internal/v1/runs',
      'Authorization: Bearer <token>',
      'the bearer token is read from the environment',
      'eyJ is how base64 JSON starts; eyJhbGciOiJIUzI1NiJ9 alone is a header, not a token',
    ],
  },
});

/** Characters of base64url (`A-Z a-z 0-9 _ -`). */
const isB64UrlChar = (c: number): boolean => isKeyBody(c);
/** Lower-case hex digits. */
const isLowerHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 102);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** The end of the run of characters `ok` accepts from `from`, reading at most `max` of them. */
function runEnd(text: string, from: number, ok: (c: number) => boolean, max: number): number {
  let e = from;
  while (e < text.length && e - from <= max && ok(text.charCodeAt(e))) e++;
  return e;
}

/** Characters of an AWS secret access key (base64 without `=`). */
const isAwsSecretChar = (c: number): boolean => isBase64(c) && c !== 61;

/**
 * A finder for a token made of a fixed prefix and a body of `min` to `max` characters that
 * `ok` accepts, standing alone (no key character just before the prefix or just after the body).
 */
function prefixed(anchor: string | readonly string[], kind: string, ok: (c: number) => boolean, min: number, max: number): Finder {
  const length = typeof anchor === 'string' ? anchor.length : (anchor[0] as string).length;
  return {
    anchor,
    kind,
    read(text, at) {
      const from = at + length;
      if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return { candidate: null, next: from };
      const e = runEnd(text, from, ok, max);
      const body = e - from;
      return { candidate: body >= min && body <= max && !(e < text.length && isKeyBody(text.charCodeAt(e))) ? { start: at, end: e } : null, next: Math.max(from, e) };
    },
  };
}

/**
 * `trailbook/prefixed-token`: tokens with a fixed prefix that secretlint's recommended preset
 * has no rule for (trust8: each was published as written): a PyPI upload token
 * (`pypi-AgE…`), a DigitalOcean token (`dop_v1_` and 64 hex digits), a Google OAuth client
 * secret (`GOCSPX-` and 28 characters), a Telegram bot token (`<bot id>:AA…`, 35 characters after
 * the colon) and the token of a Discord webhook URL; and, found missing by the same trial
 * after its first fixes: a Mailgun key (`key-` and 32 lower-case letters and digits), a Sentry DSN's key (32 hex
 * digits before `@….sentry.io/`) and an Azure shared access signature's `sig=` in a URL that
 * has the SAS fields (`sv=`, `se=`, `sp=`, `sr=`); sec14: a presigned S3 or Cloud Storage URL's
 * `X-Amz-Signature=` (64 hex digits) and `X-Goog-Signature=`. Each character is read a bounded number of times.
 */
export const prefixedTokenRule: OwnRule = ownRule({
  id: 'trailbook/prefixed-token',
  describe: 'a PyPI token (`pypi-AgE…`), a DigitalOcean token (`dop_v1_…`), a Google OAuth client secret (`GOCSPX-…`), a Mailgun key (`key-` and 32 lower-case letters and digits), a Sentry DSN’s key, an Azure SAS URL’s `sig=`, a presigned URL’s `X-Amz-Signature=` and `X-Goog-Signature=`, a Slack Workflow Builder webhook URL (`hooks.slack.com/workflows/…`, `/triggers/…`), a Telegram bot token (`123456789:AA…`) and a Discord webhook URL’s token',
  finders: [
    prefixed('pypi-AgE', 'PyPI token', isB64UrlChar, 50, 1024),
    prefixed(['dop_v1_', 'doo_v1_', 'dor_v1_'], 'DigitalOcean token', isLowerHex, 64, 64),
    prefixed('GOCSPX-', 'Google OAuth client secret', isB64UrlChar, 28, 28),
    {
      anchor: ':AA',
      kind: 'Telegram bot token',
      read(text, at) {
        const next = at + 3;
        // The bot's id: 8 to 10 digits before the colon, after a non-key character or `/bot`.
        let s = at;
        while (s > 0 && at - s < 11 && isDigit(text.charCodeAt(s - 1))) s--;
        const idLength = at - s;
        const before = s > 0 ? text.charCodeAt(s - 1) : 32;
        const standing = !isKeyBody(before) || (s >= 3 && text.slice(s - 3, s).toLowerCase() === 'bot');
        const e = runEnd(text, at + 1, isB64UrlChar, 35);
        const ok = idLength >= 8 && idLength <= 10 && standing && e - (at + 1) === 35 && !(e < text.length && isKeyBody(text.charCodeAt(e)));
        return { candidate: ok ? { start: s, end: e } : null, next };
      },
    },
    prefixed('key-', 'Mailgun API key', (c) => isDigit(c) || (c >= 97 && c <= 122), 32, 32),
    {
      // A Sentry DSN: `https://<32 hex key>@o123.ingest.sentry.io/456`; the key is read back from the `@`.
      anchor: '.sentry.io/',
      kind: 'Sentry DSN key',
      read(text, at) {
        const next = at + '.sentry.io/'.length;
        let h = at;
        while (h > 0 && at - h < 64 && text.charCodeAt(h - 1) !== 64 && text.charCodeAt(h - 1) > 32 && text.charCodeAt(h - 1) !== 47) h--;
        if (h === 0 || text.charCodeAt(h - 1) !== 64) return { candidate: null, next };
        let k = h - 1;
        while (k > 0 && h - 1 - k < 33 && isLowerHex(text.charCodeAt(k - 1))) k--;
        const ok = h - 1 - k === 32 && k >= 2 && text.charCodeAt(k - 1) === 47 && text.charCodeAt(k - 2) === 47;
        return { candidate: ok ? { start: k, end: h - 1 } : null, next };
      },
    },
    {
      // An Azure shared access signature in a URL: `…&sp=r&sig=<base64, URL-encoded>`.
      anchor: ['?sig=', '&sig=', '&amp;sig='],
      kind: 'Azure SAS signature',
      read(text, at) {
        const from = text.indexOf('sig=', at) + 4;
        const e = runEnd(text, from, (c) => isBase64(c) || c === 37, 128);
        const value = text.slice(from, e);
        const ok = e - from >= 40 && e - from <= 128 && /[sS][vV]=|[sS][eE]=|[sS][pP]=|[sS][rR]=/.test(text.slice(Math.max(0, at - 400), at));
        return { candidate: ok && !value.includes('$') ? { start: from, end: e } : null, next: Math.max(from, e) };
      },
    },
    {
      // A presigned URL's signature (sec14: published as written; a capability like a SAS `sig=`): `X-Amz-Signature=<64 hex>` of S3, `X-Goog-Signature=<hex>` of Cloud Storage.
      anchor: ['x-amz-signature=', 'x-goog-signature='],
      anyCase: true,
      kind: 'presigned URL signature',
      read(text, at) {
        const from = text.indexOf('=', at) + 1;
        const e = runEnd(text, from, isLowerHex, 1024);
        const length = e - from;
        const standing = !(e < text.length && isB64UrlChar(text.charCodeAt(e)));
        const ok = standing && ((text.charCodeAt(at + 2) | 32) === 97 ? length === 64 : length >= 64 && length <= 1024);
        return { candidate: ok ? { start: from, end: e } : null, next: Math.max(from, e) };
      },
    },
    {
      // An AWS key pair written inline (sec13): `AKIA…:<secret>` (or `,` as the console's credentials CSV has it, `;`); the key id is secretlint's.
      anchor: ['AKIA', 'ASIA'],
      kind: 'AWS secret access key',
      read(text, at) {
        const next = at + 4;
        if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return { candidate: null, next };
        const id = runEnd(text, next, (c) => isDigit(c) || (c >= 65 && c <= 90), 16);
        const sep = text.charCodeAt(id);
        if (id - next !== 16 || (sep !== 58 && sep !== 44 && sep !== 59)) return { candidate: null, next };
        const from = text.charCodeAt(id + 1) === 32 ? id + 2 : id + 1;
        // 40 characters of base64 (no `=`), standing alone.
        const e = runEnd(text, from, isAwsSecretChar, 40);
        const standing = e - from === 40 && !(e < text.length && isAwsSecretChar(text.charCodeAt(e)));
        return { candidate: standing ? { start: from, end: e } : null, next: Math.max(next, id) };
      },
      real: (value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value) && entropy(value) >= 4,
    },
    {
      // sec14: a Slack Workflow Builder webhook (`https://hooks.slack.com/workflows/T…/A…/<id>/<token>`, `…/triggers/…`): secretlint's Slack rule reads `/services/` URLs only. The whole URL, as that rule redacts one.
      anchor: ['hooks.slack.com/workflows/', 'hooks.slack.com/triggers/'],
      kind: 'Slack webhook URL',
      read(text, at) {
        const path = text.indexOf('/', at + 16) + 1;
        const next = path;
        let i = path;
        let last = 0;
        // `workflows/<team>/<workflow>/<id>/<token>`, `triggers/<team>/<id>/<token>`.
        const segments = text.charCodeAt(at + 16) === 119 ? 4 : 3;
        for (let segment = 0; segment < segments; segment++) {
          const e = runEnd(text, i, isAlnum, 128);
          if (e === i || e - i > 128) return { candidate: null, next };
          last = e - i;
          if (segment < segments - 1) {
            if (text.charCodeAt(e) !== 47) return { candidate: null, next };
            i = e + 1;
          } else i = e;
        }
        const start = text.startsWith('https://', at - 8) ? at - 8 : at;
        const standing = !(i < text.length && isB64UrlChar(text.charCodeAt(i)));
        return { candidate: last >= 20 && standing && text.charCodeAt(path) === 84 ? { start, end: i } : null, next: Math.max(next, i) };
      },
    },
    {
      anchor: ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
      kind: 'Discord webhook token',
      read(text, at) {
        const from = text.indexOf('/webhooks/', at) + '/webhooks/'.length;
        const id = runEnd(text, from, isDigit, 24);
        if (id - from < 15 || text.charCodeAt(id) !== 47) return { candidate: null, next: from };
        const e = runEnd(text, id + 1, isB64UrlChar, 100);
        const body = e - (id + 1);
        return { candidate: body >= 60 && body <= 100 ? { start: id + 1, end: e } : null, next: Math.max(from, e) };
      },
    },
  ],
  examples: {
    secret: [
      { text: 'twine upload with pypi-AgEIcHlwaS5vcmcCJGQ3ZmI4YzUyLWE0ZjktNDk3Mi05ZDVkLWYxYjI3OGJlMDhmYgACKlsz', value: 'pypi-AgEIcHlwaS5vcmcCJGQ3ZmI4YzUyLWE0ZjktNDk3Mi05ZDVkLWYxYjI3OGJlMDhmYgACKlsz' },
      { text: 'doctl auth init -t dop_v1_4f9a1c7e2b8d0f3a6c5e9b1d7f2a4c8e0b3d6f9a1c4e7b2d5f8a0c3e6b9d1f4a', value: 'dop_v1_4f9a1c7e2b8d0f3a6c5e9b1d7f2a4c8e0b3d6f9a1c4e7b2d5f8a0c3e6b9d1f4a' },
      { text: 'client secret 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.', value: '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' },
      { text: 'https://api.telegram.org/bot7234567890:AAHk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2g/sendMessage', value: '7234567890:AAHk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2g' },
      { text: 'mailgun key-3ax6xnjp29jd6fds4gc373sgvjxteol0 in the env', value: 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0' },
      { text: 'SENTRY_DSN https://9f3c1a7e2b8d4f06a5c9e1b7d3f2a4c8@o450123.ingest.us.sentry.io/4507123', value: '9f3c1a7e2b8d4f06a5c9e1b7d3f2a4c8' },
      { text: 'https://acct.blob.core.windows.net/c/a.zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-01-01T00:00:00Z&sig=k3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9W%3D', value: 'k3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9W%3D' },
      {
        text: 'https://discord.com/api/webhooks/1234567890123456789/Xk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9Wb2Qe4Zn6Mv8Kc1Jh3Gf5Dd7Ss9',
        value: 'Xk3Jd9Lx2QmZ7Vt4Rb8Nw1Yp6Hs0FcE2gUo5Ti7Ra9Wb2Qe4Zn6Mv8Kc1Jh3Gf5Dd7Ss9',
      },
      { text: 'creds AKIAZ7QX3M5N2K8R4T6V:h7Jk2Lm9Np4Qr8St3Vw6/Xy1Za5Bc0De7Fg2Hj4K for the deploy user', value: 'h7Jk2Lm9Np4Qr8St3Vw6/Xy1Za5Bc0De7Fg2Hj4K' },
      { text: 'SLACK_WORKFLOW=https://hooks.slack.com/workflows/T0A1B2C3D/A04ABCDEF12/456789012345678901/Qx8Wv4Zr2Lm7Kp9Tn3Yb5Hc1', value: 'https://hooks.slack.com/workflows/T0A1B2C3D/A04ABCDEF12/456789012345678901/Qx8Wv4Zr2Lm7Kp9Tn3Yb5Hc1' },
      { text: 'GET /k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=900&X-Amz-Signature=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 200', value: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' },
    ],
    notSecret: [
      'pypi-AgE is how a PyPI token starts',
      'dop_v1_ then 64 hex digits',
      'GOCSPX-short',
      'at 12345678:AA the job ran',
      'https://discord.com/api/webhooks/ takes an id and a token',
      'api-key-3ax6xnjp29jd6fds4gc373sgvjxteol0 is a cache key',
      'see https://docs.sentry.io/platforms/ for the DSN',
      'https://example.com/search?q=x&sig=short',
      'the blob URL ends ?sv=2022&sig=$SAS_SIGNATURE',
      'AKIAZ7QX3M5N2K8R4T6V: the key id of the deploy user',
      'the query ends &X-Amz-Signature=<signature> or X-Amz-Signature=${SIG}',
      'see https://hooks.slack.com/workflows/ for Workflow Builder',
      'https://hooks.slack.com/triggers/T0A1B2C3D/123/abc',
      'ASIAZ7QX3M5N2K8R4T6V,2026-03-01T00:00:00Z,sha256:9fceb02d0ae598e95dc970b74767f19372d61af8',
    ],
  },
});

/** How far before an option its command is looked for, on the same line. */
const COMMAND_REACH = 200;

/**
 * The command before `at`: its line, from after the last `;`, `&` or `|`, at most
 * {@link COMMAND_REACH} characters of it. Never a search back over the whole text: one at every
 * option made a text of repeated options quadratic (sec9: `docker login -p ` repeated, 2.1 s at
 * 256 KiB, a 4 MiB cell never done).
 */
function commandBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - COMMAND_REACH), at);
  return window.slice(Math.max(window.lastIndexOf('\n'), window.lastIndexOf(';'), window.lastIndexOf('&'), window.lastIndexOf('|')) + 1);
}

/** Whether `window` holds one of `words`. */
const holdsAny = (window: string, words: readonly string[]): boolean => words.some((w) => window.includes(w));

/**
 * `trailbook/command-credential`: a credential given on a command line without a `KEY=`:
 * the password of `curl -u user:password` / `--user user:password`, and the value of
 * `aws configure set aws_secret_access_key <value>` (trust8: both were published as written).
 * The password must look real (as a `KEY=value` password: not `$PASSWORD`, `<password>`).
 */
export const commandCredentialRule: OwnRule = ownRule({
  id: 'trailbook/command-credential',
  describe: 'the password of `curl -u user:password` (or `--user`), of `sshpass -p …` and of `mysql -p…`, and the value of `aws configure set aws_secret_access_key …`',
  finders: [
    {
      anchor: [' -u ', ' --user ', ' --user='],
      kind: 'password in curl -u user:password',
      read(text, at) {
        const from = text.startsWith(' -u ', at) ? at + 4 : at + 8;
        // Only curl's option: the command is on the same line, at most 200 characters before.
        if (!holdsAny(commandBefore(text, at), ['curl'])) return { candidate: null, next: from };
        // `user:password`, or quoted: `'deploy:…'` (sec11: a quoted one was published as written).
        const { start, end } = quotedOrWord(text, from);
        const colon = text.slice(start, end).indexOf(':');
        if (colon < 0 || start + colon >= end - 1) return { candidate: null, next: Math.max(from, end) };
        return { candidate: { start: start + colon + 1, end }, next: Math.max(from, end) };
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      anchor: 'sshpass -p',
      kind: 'password in sshpass -p',
      read(text, at) {
        let from = at + 'sshpass -p'.length;
        while (from < text.length && text.charCodeAt(from) === 32 && from - at < 'sshpass -p'.length + 4) from++;
        const { start, end } = quotedOrWord(text, from);
        return { candidate: end > start ? { start, end } : null, next: Math.max(from, end) };
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      // `mysql -u root -pS3cret db`: the password is the rest of the word after `-p` (with a space, mysql asks for it).
      anchor: ' -p',
      kind: 'password in mysql -p',
      read(text, at) {
        const from = at + 3;
        if (!holdsAny(commandBefore(text, at), ['mysql', 'mariadb'])) return { candidate: null, next: from };
        // Straight after `-p`, or quoted there (`-p'…'`); never the next word (`-p app` prompts).
        const { start, end } = quotedOrWord(text, from);
        return { candidate: end > start ? { start, end } : null, next: Math.max(from, end) };
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      anchor: 'aws_secret_access_key ',
      anyCase: true,
      kind: 'AWS secret access key',
      read(text, at) {
        let from = at + 'aws_secret_access_key '.length;
        const quote = text.charCodeAt(from);
        // Quoted (sec11), then closed by the same quote.
        if (quote === 34 || quote === 39) from++;
        const e = runEnd(text, from, (c) => isKeyBody(c) || c === 43 || c === 47, 40);
        if ((quote === 34 || quote === 39) && text.charCodeAt(e) !== quote) return { candidate: null, next: Math.max(from, e) };
        return { candidate: e - from === 40 && !(e < text.length && isBase64(text.charCodeAt(e))) ? { start: from, end: e } : null, next: Math.max(from, e) };
      },
    },
  ],
  examples: {
    secret: [
      { text: 'curl -u deploy:Vt4Rb8Nw1Yp6Hs https://ci.internal/api/jobs', value: 'Vt4Rb8Nw1Yp6Hs' },
      { text: 'curl -s --user admin:S3cr3t-pw! -X POST https://ci.internal', value: 'S3cr3t-pw!' },
      { text: 'aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENGbPxRfiCYk3Jd9Lx2QmZ7', value: 'wJalrXUtnFEMIK7MDENGbPxRfiCYk3Jd9Lx2QmZ7' },
      { text: 'sshpass -p Vt4Rb8Nw1Yp6Hs ssh deploy@10.0.0.5', value: 'Vt4Rb8Nw1Yp6Hs' },
      { text: 'mysql -u root -pS3cr3t-pw9 app < dump.sql', value: 'S3cr3t-pw9' },
    ],
    notSecret: ['git push -u origin main', 'docker run -u 1000:1000 app', 'curl -u $USER:$PASSWORD https://ci.internal', 'curl -u deploy:<password> https://ci.internal', 'aws configure set aws_secret_access_key $AWS_SECRET_ACCESS_KEY', 'sshpass -p $SSHPASS ssh host', 'sshpass -f ~/.pw ssh host', 'mysql -u root -p app', 'mysql -p$MYSQL_PWD app', 'mkdir -p src/lib', 'python -m pytest -p no:cacheprovider'],
  },
});

/** The text of `text` from `from` to `to` as base64 decodes it (Latin-1 characters), or null when it is not base64. */
function decodeBase64(text: string, from: number, to: number): string | null {
  try {
    return atob(text.slice(from, to));
  } catch {
    return null;
  }
}

/** Whether every character is printable ASCII (what a decoded `user:password` is). */
function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126) return false;
  }
  return text.length > 0;
}

/**
 * `trailbook/basic-auth-header`: the credentials of an HTTP Basic Authorization header
 * (`Authorization: Basic <base64 of user:password>`), when they decode to printable
 * `user:password` whose password looks real (sec9: published as written; secretlint's
 * basic-auth rule reads URLs only). The whole base64 value is the secret (the user name is
 * inside it). Each character is read a bounded number of times.
 */
export const basicAuthHeaderRule: OwnRule = ownRule({
  id: 'trailbook/basic-auth-header',
  describe: 'the credentials of an `Authorization: Basic …` header (base64 of `user:password`), when they decode to a password that looks real (not `user:pass`, `test:test`, `<base64>`)',
  finders: [
    {
      anchor: 'basic ',
      anyCase: true,
      kind: 'HTTP Basic credentials',
      read(text, at) {
        const next = at + 6;
        if (at > 0 && isKeyChar(text.charCodeAt(at - 1))) return { candidate: null, next };
        let i = next;
        while (i < text.length && text.charCodeAt(i) === 32 && i - next < 4) i++;
        const e = runEnd(text, i, isBase64, 1024);
        // Base64 of `user:password` comes in blocks of four characters (padded with `=`).
        if (e - i < 8 || e - i > 1024 || (e - i) % 4 !== 0 || (e < text.length && isKeyBody(text.charCodeAt(e)))) return { candidate: null, next: Math.max(next, e) };
        return { candidate: { start: i, end: e }, next: Math.max(next, e) };
      },
      real(value) {
        const decoded = decodeBase64(value, 0, value.length);
        if (decoded === null || !isPrintableAscii(decoded)) return false;
        const colon = decoded.indexOf(':');
        const password = decoded.slice(colon + 1);
        return colon >= 0 && (isLikelyPassword(password) || isLikelyToken(password));
      },
    },
  ],
  examples: {
    secret: [
      { text: 'curl -H "Authorization: Basic YWRtaW46QmE3cUx3MnBYazRzWjk=" https://api.example.com', value: 'YWRtaW46QmE3cUx3MnBYazRzWjk=' },
      { text: "wget --header='authorization: basic Y2ktYm90OkJhN3FMdzJwWGs0c1o5' https://x", value: 'Y2ktYm90OkJhN3FMdzJwWGs0c1o5' },
    ],
    notSecret: ['Authorization: Basic <base64>', 'Authorization: Basic $(echo -n u:p | base64)', 'Authorization: Basic dXNlcjpwYXNz', 'Basic usage: authorize first', 'the Authorization header uses Basic auth'],
  },
});


/** Commands a password is given to with `-p`/`--password` (a login command, a database shell). */
const LOGIN_COMMANDS = [' login', 'mongosh', 'mongo '];

/** The word at `from` (after up to four spaces; quoted, or up to a character that ends a value), as a candidate; on after it. */
function readWord(text: string, from: number): { candidate: Candidate | null; next: number } {
  let v = from;
  while (v < text.length && text.charCodeAt(v) === 32 && v - from < 4) v++;
  const quote = text.charCodeAt(v);
  const quoted = quote === 34 || quote === 39;
  if (quoted) v++;
  let e = v;
  if (quoted) while (e < text.length && e - v <= MAX_VALUE && text.charCodeAt(e) !== quote && text.charCodeAt(e) !== 10) e++;
  else while (e < text.length && e - v <= MAX_VALUE && !endsValue(text.charCodeAt(e))) e++;
  return { candidate: e > v && e - v <= MAX_VALUE ? { start: v, end: e } : null, next: Math.max(from, e) };
}

/**
 * `trailbook/login-password`: a password given on a command line to a login command or a
 * database shell (`docker login -u deploy -p …`, `podman login`, `helm registry login`,
 * `az login … -p …`, `--password …`, `mongosh … -p …`, `redis-cli -a …`), and the password of a
 * `.netrc` entry (`machine host login user password …`) pasted into a record (sec9: each was
 * published as written; a `.netrc` file itself is never shown). The password must look real
 * (not `$PASSWORD`, `changeme`). The command is looked for at most 200 characters back on the
 * same line and in the same command (not past `;`, `&&`, `|`), so each character is read a
 * bounded number of times.
 */
export const loginPasswordRule: OwnRule = ownRule({
  id: 'trailbook/login-password',
  describe: 'a password given to a login command or database shell (`docker login -p …`, `podman`/`helm registry`/`az login … -p …`, `--password …`, `mongosh -p …`, `redis-cli -a …`) and the password of a `.netrc` entry (`machine … login … password …`), when it looks real; a token given to any command as `--token …`, `--api-key …`, `--auth-token …`, `--access-token …`, `--client-secret …` (rel12), when it looks generated',
  finders: [
    {
      anchor: [' -p ', ' --password '],
      kind: 'password given to a login command',
      read(text, at) {
        const from = at + (text.startsWith(' -p ', at) ? 4 : 12);
        if (!holdsAny(commandBefore(text, at), LOGIN_COMMANDS)) return { candidate: null, next: from };
        return readWord(text, from);
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      // rel12: a token given to any command as an option's next word (`vercel deploy --token …`, `--api-key …`), where no `=` makes it an assignment; only a generated-looking value.
      anchor: [' --token ', ' --api-key ', ' --apikey ', ' --api-token ', ' --auth-token ', ' --access-token ', ' --client-secret ', ' --secret-key ', ' --private-token '],
      kind: 'token given as a command-line option',
      read(text, at) {
        return readWord(text, text.indexOf(' ', at + 3) + 1);
      },
      real: (value) => isLikelyToken(value),
    },
    {
      anchor: ' -a ',
      kind: 'password given to a login command',
      read(text, at) {
        if (!commandBefore(text, at).includes('redis-cli')) return { candidate: null, next: at + 4 };
        return readWord(text, at + 4);
      },
      real: (value) => isLikelyPassword(value),
    },
    {
      // netrc: `machine <host> login <user> password <password>`, on one line or several.
      anchor: ['password ', 'password\t'],
      kind: 'password in a .netrc entry',
      read(text, at) {
        const from = at + 9;
        const before = at > 0 ? text.charCodeAt(at - 1) : 32;
        if (before !== 32 && before !== 9 && before !== 10) return { candidate: null, next: from };
        const window = text.slice(Math.max(0, at - COMMAND_REACH), at);
        const machine = Math.max(window.lastIndexOf('machine '), window.lastIndexOf('default '));
        if (machine < 0 || window.indexOf('login', machine) < 0) return { candidate: null, next: from };
        let v = from;
        while (v < text.length && (text.charCodeAt(v) === 32 || text.charCodeAt(v) === 9) && v - from < 4) v++;
        let e = v;
        while (e < text.length && e - v <= MAX_VALUE && text.charCodeAt(e) > 32) e++;
        return { candidate: e > v && e - v <= MAX_VALUE ? { start: v, end: e } : null, next: Math.max(from, e) };
      },
      real: (value) => isLikelyPassword(value),
    },
  ],
  examples: {
    secret: [
      { text: 'docker login -u deploy -p Ba7qLw2pXk4sZ9 registry.example.com', value: 'Ba7qLw2pXk4sZ9' },
      { text: "docker login ghcr.io -u deploy --password 'Ba7qLw2pXk4sZ9'", value: 'Ba7qLw2pXk4sZ9' },
      { text: 'az login --service-principal -u app -p Ba7qLw2pXk4sZ9 --tenant t', value: 'Ba7qLw2pXk4sZ9' },
      { text: 'redis-cli -h cache -a Ba7qLw2pXk4sZ9 ping', value: 'Ba7qLw2pXk4sZ9' },
      { text: 'machine api.example.com login deploy password Ba7qLw2pXk4sZ9', value: 'Ba7qLw2pXk4sZ9' },
      { text: 'npx vercel deploy --prod --token Vt4Rb8Nw1Yp6Hs2QmZ7Xk3Jd', value: 'Vt4Rb8Nw1Yp6Hs2QmZ7Xk3Jd' },
      { text: "mycli sync --api-key 'q8Lm2Zr7Kx4Nw9Vb3Tc6Hd1J' --dry-run", value: 'q8Lm2Zr7Kx4Nw9Vb3Tc6Hd1J' },
    ],
    notSecret: ['vercel deploy --token $VERCEL_TOKEN', 'deploy --token ${{ secrets.DEPLOY_TOKEN }}', 'gh --token <token>', 'the --token option and the --api-key option', 'cli --token-file ~/.config/token', 'docker login -u deploy -p $DOCKER_PASSWORD', 'docker login -u deploy --password-stdin', 'docker run -p 8080:8080 app', 'ssh -p 2222 host after the login', 'npm login && mkdir -p src/components/forms', 'redis-cli -a $REDIS_PASSWORD ping', 'the login page has a password reset link', 'machine x login y password changeme'],
  },
});

/** Base64 of what a secret stored encoded starts with, and what its decoded text must hold. */
const ENCODED_SECRETS: ReadonlyArray<{ start: string; holds: readonly string[]; kind: string }> = [
  // `-----BEGIN` (a PEM block: a Kubernetes Secret's `tls.key`, a key in a CI variable).
  { start: 'LS0tLS1CRUdJTi', holds: ['PRIVATE KEY-----'], kind: 'private key (base64)' },
  // `{"auths":` and `{\n  "auths":` (a `.dockerconfigjson` or `.docker/config.json`).
  { start: 'eyJhdXRocyI6', holds: ['"auth"', '"password"', '"identitytoken"'], kind: 'registry credentials (base64)' },
  { start: 'ewogICJhdXRocyI6', holds: ['"auth"', '"password"', '"identitytoken"'], kind: 'registry credentials (base64)' },
];
/** The longest base64 value read (a Secret's value is one line). */
const MAX_ENCODED = 64 * 1024;

/**
 * `trailbook/base64-secret`: a secret stored base64-encoded, as a Kubernetes Secret's `data:`
 * holds it: a private key (`LS0tLS1CRUdJTi…`, base64 of `-----BEGIN`, whose decoded text
 * holds `PRIVATE KEY-----`) and registry credentials (base64 of `{"auths":…` holding `"auth"`
 * or `"password"`) (sec9: both were published as written, since no rule reads base64). The
 * whole encoded value is the secret. Certificates, public keys and other JSON are not.
 */
export const base64SecretRule: OwnRule = ownRule({
  id: 'trailbook/base64-secret',
  describe: 'a private key or registry credentials stored base64-encoded (a Kubernetes Secret’s `tls.key`, `.dockerconfigjson`): base64 of `-----BEGIN … PRIVATE KEY-----` or of `{"auths":…}` holding an `auth` or `password`',
  finders: ENCODED_SECRETS.map(({ start, holds, kind }) => ({
    anchor: start,
    kind,
    read(text: string, at: number) {
      if (at > 0 && isBase64(text.charCodeAt(at - 1))) return { candidate: null, next: at + start.length };
      const e = runEnd(text, at, isBase64, MAX_ENCODED);
      return { candidate: e - at <= MAX_ENCODED ? { start: at, end: e } : null, next: Math.max(at + start.length, e) };
    },
    real(value: string) {
      const decoded = decodeBase64(value, 0, value.length - (value.length % 4));
      return decoded !== null && holds.some((h) => decoded.includes(h));
    },
  })),
  examples: {
    secret: [
      { text: 'tls.key: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBdTFTVTFMZlZMUEhDb3pNeEgyTW80bGdP', value: 'LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBdTFTVTFMZlZMUEhDb3pNeEgyTW80bGdP' },
      { text: '.dockerconfigjson: eyJhdXRocyI6eyJnaGNyLmlvIjp7ImF1dGgiOiJaR1Z3Ykc5NU9rSmhOM0ZNIn19fQ==', value: 'eyJhdXRocyI6eyJnaGNyLmlvIjp7ImF1dGgiOiJaR1Z3Ykc5NU9rSmhOM0ZNIn19fQ==' },
    ],
    notSecret: ['tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUI=', 'LS0tLS1CRUdJTi is how base64 of a PEM header starts', 'eyJhdXRocyI6IHt9fQ=='],
  },
});

/** Lower-case hex, 32 digits, from `at`: its end, or -1. */
function hex32End(text: string, at: number): number {
  const e = runEnd(text, at, isLowerHex, 32);
  return e - at === 32 && !(e < text.length && isKeyBody(text.charCodeAt(e))) ? e : -1;
}

/** The end of a Twilio SID (`AC`/`SK` and 32 hex digits) starting at `at`, not inside a longer word; -1 when there is none. */
function twilioSidEnd(text: string, at: number): number {
  if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return -1;
  return hex32End(text, at + 2);
}

/** Past the separators that follow a SID before its secret: quotes, a comma, a colon and spaces, at most 8 characters. */
function sidSeparatorsEnd(text: string, sid: number): number {
  let i = sid;
  while (i < text.length && i - sid < 8) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39 || c === 44 || c === 58 || c === 32) i++;
    else break;
  }
  return i;
}

/**
 * `trailbook/twilio-auth-token`: a Twilio auth token (32 hex digits) written just after its
 * account SID (`AC` and 32 hex digits), as `Client('AC…', '…')` or `twilio("AC…", "…")` pass
 * them (sec9: published as written). The SID is an id and stays readable.
 */
export const twilioAuthTokenRule: OwnRule = ownRule({
  id: 'trailbook/twilio-auth-token',
  describe: 'a Twilio auth token (32 hex digits) given just after its account SID (`Client(\'AC…\', \'…\')`), and an API key\'s secret (32 letters and digits) just after its SID (`SK…`); the SIDs stay readable',
  finders: [
    {
      anchor: 'AC',
      kind: 'Twilio auth token',
      read(text, at) {
        const next = at + 2;
        const sid = twilioSidEnd(text, at);
        if (sid < 0) return { candidate: null, next };
        const i = sidSeparatorsEnd(text, sid);
        const token = i > sid ? hex32End(text, i) : -1;
        return { candidate: token < 0 ? null : { start: i, end: token }, next: Math.max(next, sid) };
      },
    },
    {
      // sec14: an API key's secret (32 letters and digits) just after its SID (`SK` and 32 hex digits), as `Client('SK…', '<secret>', account_sid)` or `twilio api:core… --api-key SK… --api-secret …` pass them.
      anchor: 'SK',
      kind: 'Twilio API key secret',
      read(text, at) {
        const next = at + 2;
        const sid = twilioSidEnd(text, at);
        if (sid < 0) return { candidate: null, next };
        // Between the two: the separators, or an option's name (`--api-secret`).
        let i = sidSeparatorsEnd(text, sid);
        if (text.startsWith('--api-secret', i)) i = blankEnd(text, i + 12, 4) + (text.charCodeAt(blankEnd(text, i + 12, 4)) === 61 ? 1 : 0);
        if (i === sid || isKeyBody(text.charCodeAt(i - 1))) return { candidate: null, next: Math.max(next, sid) };
        const e = runEnd(text, i, isAlnum, 32);
        const ok = e - i === 32 && !(e < text.length && isKeyBody(text.charCodeAt(e)));
        return { candidate: ok ? { start: i, end: e } : null, next: Math.max(next, sid) };
      },
      real: (value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value) && entropy(value) >= 4,
    },
  ],
  examples: {
    secret: [
      { text: "client = Client('AC74de739988b886e7577496a2c8773e13', 'b95523cf6941fa1c257c6f561c5cb347')", value: 'b95523cf6941fa1c257c6f561c5cb347' },
      { text: "client = Client('SK3f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c', 'Xa8Kq2Lp9Wz4Rv8Tn3Yb6Hc1Jd5Gf0Sa', account_sid)", value: 'Xa8Kq2Lp9Wz4Rv8Tn3Yb6Hc1Jd5Gf0Sa' },
    ],
    notSecret: ['TWILIO_ACCOUNT_SID=AC74de739988b886e7577496a2c8773e13', 'TWILIO_API_KEY=SK3f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c, commit 9fceb02d0ae598e95dc970b74767f19372d61af8', 'SK3f9a1b2c4d6e8f0a1b3c5d7e9f1a2b4c ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF', 'AC74de739988b886e7577496a2c8773e13, commit 9fceb02d0ae598e95dc970b74767f19372d61af8'],
  },
});

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

const isAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isLowerAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 122);
/** Bech32's upper-case alphabet (an age secret key). */
const isBech32Upper = (c: number): boolean => c !== 49 && c !== 66 && c !== 73 && c !== 79 && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90));

/** Characters of an Azure AD client secret (`[A-Za-z0-9_~.-]`). */
const isAzureSecretChar = (c: number): boolean => isB64UrlChar(c) || c === 126 || c === 46;

/**
 * An Azure AD (Entra) client secret: three characters, a digit and `Q~`, then 31 to 34
 * characters (`abc8Q~…`), standing alone (gitleaks' `azure-ad-client-secret`). Read at its `Q~`.
 */
const azureClientSecret: Finder = {
  anchor: 'Q~',
  kind: 'Azure AD client secret',
  read(text, at) {
    const next = at + 2;
    const s = at - 4;
    if (s < 0 || !isDigit(text.charCodeAt(at - 1))) return { candidate: null, next };
    for (let i = s; i < at - 1; i++) if (!isAzureSecretChar(text.charCodeAt(i))) return { candidate: null, next };
    if (s > 0 && isAzureSecretChar(text.charCodeAt(s - 1))) return { candidate: null, next };
    const e = runEnd(text, next, isAzureSecretChar, 34);
    const body = e - next;
    const ok = body >= 31 && body <= 34 && !(e < text.length && isAzureSecretChar(text.charCodeAt(e)));
    return { candidate: ok ? { start: s, end: e } : null, next: Math.max(next, e) };
  },
};

/**
 * `trailbook/vendor-token`: tokens with a fixed prefix that neither secretlint's recommended
 * preset nor `trailbook/prefixed-token` read (sec9: each was published as written): GitLab's
 * other tokens (pipeline trigger `glptt-`, runner `glrt-`, deploy `gldt-`, feed `glft-`, OAuth
 * `glsoat-`, incoming mail `glimt-`), a Heroku API key (`HRKU-AA…`), Sentry user and
 * organisation tokens (`sntryu_`, `sntrys_`), a Supabase token (`sbp_`), OpenRouter, xAI,
 * Perplexity, Replicate and NVIDIA API keys, a Postman key (`PMAK-`), Clojars and RubyGems
 * tokens, an age secret key, Google OAuth access and refresh tokens (`ya29.`, `1//0`), Square
 * tokens (`sq0atp-`, `sq0csp-`) and a Doppler token (`dp.pt.`). Each is its prefix and a body
 * of the documented length and characters, standing alone; each character is read a bounded
 * number of times.
 */
export const vendorTokenRule: OwnRule = ownRule({
  id: 'trailbook/vendor-token',
  describe: 'GitLab pipeline trigger, runner, deploy, feed, OAuth and incoming-mail tokens (`glptt-`, `glrt-`, `gldt-`, `glft-`, `glsoat-`, `glimt-`), a Heroku API key (`HRKU-AA…`), Sentry (`sntryu_`, `sntrys_`), Supabase (`sbp_`), OpenRouter (`sk-or-v1-`), xAI (`xai-`), Perplexity (`pplx-`), Replicate (`r8_`), NVIDIA (`nvapi-`), Postman (`PMAK-`), Clojars, RubyGems, age (`AGE-SECRET-KEY-1`), Google OAuth (`ya29.`, `1//0`), Square (`sq0atp-`, `sq0csp-`) and Doppler (`dp.pt.`) tokens; Anthropic Admin API keys and OAuth tokens (`sk-ant-admin01-`, `sk-ant-oat01-`, `sk-ant-ort01-`) and Slack rotating tokens (`xoxe.xoxp-`, `xoxe-`)',
  finders: [
    prefixed('glptt-', 'GitLab token', isLowerHex, 40, 40),
    prefixed(['glrt-', 'gldt-', 'glft-'], 'GitLab token', isB64UrlChar, 20, 80),
    prefixed('glsoat-', 'GitLab token', isB64UrlChar, 20, 80),
    prefixed('glimt-', 'GitLab token', isB64UrlChar, 25, 80),
    prefixed('HRKU-AA', 'Heroku API key', isB64UrlChar, 58, 58),
    prefixed('sntryu_', 'Sentry token', isLowerHex, 64, 64),
    prefixed('sntrys_', 'Sentry token', (c) => isBase64(c) || c === 95, 60, 512),
    prefixed('sbp_', 'Supabase token', isLowerHex, 40, 40),
    prefixed('sk-or-v1-', 'OpenRouter API key', isLowerHex, 64, 64),
    prefixed('xai-', 'xAI API key', isAlnum, 80, 80),
    prefixed('pplx-', 'Perplexity API key', isAlnum, 48, 48),
    prefixed('r8_', 'Replicate API token', isAlnum, 37, 37),
    prefixed('nvapi-', 'NVIDIA API key', isB64UrlChar, 64, 64),
    prefixed('PMAK-', 'Postman API key', (c) => isLowerHex(c) || c === 45, 59, 59),
    prefixed('CLOJARS_', 'Clojars token', isLowerAlnum, 60, 60),
    prefixed('rubygems_', 'RubyGems API key', isLowerHex, 48, 48),
    prefixed('AGE-SECRET-KEY-1', 'age secret key', isBech32Upper, 58, 58),
    prefixed('ya29.', 'Google OAuth token', isB64UrlChar, 30, 2048),
    prefixed('1//0', 'Google OAuth token', isB64UrlChar, 40, 512),
    prefixed('sq0atp-', 'Square token', isB64UrlChar, 22, 22),
    prefixed('sq0csp-', 'Square token', isB64UrlChar, 43, 43),
    prefixed('dp.pt.', 'Doppler token', isAlnum, 43, 43),
    // sec10: shapes gitleaks documents that neither secretlint's preset nor the rows above read.
    prefixed('ATATT3', 'Atlassian API token', (c) => isB64UrlChar(c) || c === 61, 186, 186),
    azureClientSecret,
    prefixed('pul-', 'Pulumi access token', isLowerHex, 40, 40),
    prefixed(['pscale_tkn_', 'pscale_pw_'], 'PlanetScale token', (c) => isB64UrlChar(c) || c === 61 || c === 46, 32, 64),
    prefixed('pscale_oauth_', 'PlanetScale token', (c) => isB64UrlChar(c) || c === 61 || c === 46, 32, 64),
    prefixed('fo1_', 'Fly.io token', isB64UrlChar, 43, 43),
    prefixed('pnu_', 'Prefect API key', isAlnum, 36, 36),
    prefixed('xkeysib-', 'Brevo API key', (c) => isAlnum(c) || c === 45, 81, 81),
    prefixed('NRAK-', 'New Relic API key', isAlnum, 27, 27),
    prefixed('CFPAT-', 'Contentful token', isB64UrlChar, 43, 43),
    prefixed('dt0c01.', 'Dynatrace token', (c) => isAlnum(c) || c === 46, 89, 89),
    prefixed(['lsv2_pt_', 'lsv2_sk_'], 'LangSmith API key', (c) => isLowerHex(c) || c === 95, 43, 43),
    prefixed('glagent-', 'GitLab token', isB64UrlChar, 50, 50),
    prefixed('gloas-', 'GitLab token', isB64UrlChar, 64, 64),
    prefixed('glffct-', 'GitLab token', isB64UrlChar, 20, 20),
    prefixed('glcbt-', 'GitLab token', isB64UrlChar, 22, 26),
    prefixed('GR1348941', 'GitLab token', isB64UrlChar, 20, 20),
    prefixed('ABSK', 'Amazon Bedrock API key', (c) => isAlnum(c) || c === 43 || c === 47 || c === 61, 109, 271),
    prefixed('sha256~', 'OpenShift token', isB64UrlChar, 43, 43),
    prefixed('rdme_', 'ReadMe API key', isLowerAlnum, 70, 70),
    prefixed('whsec_', 'Stripe webhook secret', isAlnum, 32, 64),
    // rel12: Anthropic's Admin API keys and Claude's OAuth access and refresh tokens (`claude setup-token`), and Slack's rotating tokens: secretlint's rules read `sk-ant-api0…` and `xox[abpr]-` only.
    prefixed('sk-ant-admin01-', 'Anthropic API key', isB64UrlChar, 80, 256),
    prefixed(['sk-ant-oat01-', 'sk-ant-ort01-'], 'Anthropic OAuth token', isB64UrlChar, 80, 256),
    prefixed(['xoxe.xoxp-', 'xoxe.xoxb-'], 'Slack token', (c) => isAlnum(c) || c === 45, 100, 256),
    prefixed('xoxe-', 'Slack token', (c) => isAlnum(c) || c === 45, 100, 256),
  ],
  examples: {
    secret: [
      { text: 'trigger with glptt-74bf20f876ffc474c0251908fcdce4b314f68d9d now', value: 'glptt-74bf20f876ffc474c0251908fcdce4b314f68d9d' },
      { text: 'gitlab-runner register --token glrt-XS0DRdJuPnBIKpi99lSi', value: 'glrt-XS0DRdJuPnBIKpi99lSi' },
      { text: 'HEROKU key HRKU-AAI7S1L10e0tza93Ce6KRDiKpFfez3gb9pvMEc0goRqG9hTCzppvEJqa_ZgI.', value: 'HRKU-AAI7S1L10e0tza93Ce6KRDiKpFfez3gb9pvMEc0goRqG9hTCzppvEJqa_ZgI' },
      { text: 'sentry-cli with 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', value: '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' },
      { text: 'supabase login --token sbp_3c3a30f47c123c50a303f99217331a52757ec8bc', value: 'sbp_3c3a30f47c123c50a303f99217331a52757ec8bc' },
      { text: 'OPENROUTER 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', value: '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' },
      { text: 'replicate r8_QVz0ViLMj3zZmIHkKlm3qxYsb1ZC5A80yuJ5L ok', value: 'r8_QVz0ViLMj3zZmIHkKlm3qxYsb1ZC5A80yuJ5L' },
      { text: 'PMAK-46c3dc508343494cb260b4f7-2bf3af0bede9e4ec69595a86411d53053c for newman', value: 'PMAK-46c3dc508343494cb260b4f7-2bf3af0bede9e4ec69595a86411d53053c' },
      { text: 'AGE-SECRET-KEY-1K4XXG9WA485F2ZL3GHUMMMSJ3CFZZ2MQDGDHSZKV82DYLMJF842SG99GXQ', value: 'AGE-SECRET-KEY-1K4XXG9WA485F2ZL3GHUMMMSJ3CFZZ2MQDGDHSZKV82DYLMJF842SG99GXQ' },
      { text: 'Authorization header had ya29.a0AfH6SMBx3kQ9vLw2pXk4sZ9Ba7qLw2pXk4sZ9', value: 'ya29.a0AfH6SMBx3kQ9vLw2pXk4sZ9Ba7qLw2pXk4sZ9' },
      { text: `CLAUDE_CODE_OAUTH_TOKEN set; used sk-ant-oat01-${'Xk3Jd9Lx2QmZ7Vt4Rb8N-w1Yp6Hs_'.repeat(3)}Gq2Lk9AA in CI`, value: `sk-ant-oat01-${'Xk3Jd9Lx2QmZ7Vt4Rb8N-w1Yp6Hs_'.repeat(3)}Gq2Lk9AA` },
      { text: `admin key sk-ant-admin01-${'Rb8Nw1Yp6Hs_Xk3Jd9Lx2QmZ7Vt4-'.repeat(3)}Lq7Zm2AA`, value: `sk-ant-admin01-${'Rb8Nw1Yp6Hs_Xk3Jd9Lx2QmZ7Vt4-'.repeat(3)}Lq7Zm2AA` },
      { text: `refresh xoxe-1-${'My8Kq3Zr7Lw2Nx5Vb9Tc4Hd6Jf1Gp0'.repeat(5)}`, value: `xoxe-1-${'My8Kq3Zr7Lw2Nx5Vb9Tc4Hd6Jf1Gp0'.repeat(5)}` },
    ],
    notSecret: ['sk-ant-oat01- is the prefix of an OAuth token', 'xoxe-1-short', 'glptt- then 40 hex digits', 'runner tokens start glrt-', 'pul-request and pnu_ and fo1_x', 'the ATATT3 prefix', 'whsec_short', 'a Q~ in prose: abc1Q~short', 'sha256~ then 43 characters', 'ABSK is a prefix', 'sbp_ is Supabase', 'x = 1//0 raises', 'ya29.short', 'r8_ prefix', 'the HRKU-AA prefix', 'version sk-or-v1-beta'],
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

/** Characters of a `.pgpass` host, database or user field (`*` is any). */
const isPgpassName = (c: number): boolean => isAlnum(c) || c === 46 || c === 45 || c === 95 || c === 42 || c === 64;
/** The longest host, database or user field read. */
const MAX_PGPASS_NAME = 128;

/**
 * The `.pgpass` entry whose port is the digits after the `:` at `at`
 * (`host:port:database:user:password`): the password's range, or null. The host is read back
 * from `at` (up to a space, a quote or the line's start), the rest forward; each field is
 * bounded, so each character is read a bounded number of times.
 */
export function pgpassPassword(text: string, at: number): { start: number; end: number } | null {
  let h = at;
  while (h > 0 && at - h <= MAX_PGPASS_NAME && isPgpassName(text.charCodeAt(h - 1))) h--;
  if (h === at || at - h > MAX_PGPASS_NAME) return null;
  const before = h > 0 ? text.charCodeAt(h - 1) : 10;
  if (!(before <= 32 || before === 34 || before === 39 || before === 96)) return null;
  const host = text.slice(h, at);
  if (host !== '*' && !/[A-Za-z]/.test(host) && !/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return null;
  const port = runEnd(text, at + 1, isDigit, 5);
  if (port === at + 1 || port - at - 1 > 5 || text.charCodeAt(port) !== 58) {
    if (!(text.charCodeAt(at + 1) === 42 && text.charCodeAt(at + 2) === 58)) return null;
  }
  let i = text.charCodeAt(at + 1) === 42 ? at + 3 : port + 1;
  for (let field = 0; field < 2; field++) {
    const e = runEnd(text, i, isPgpassName, MAX_PGPASS_NAME);
    if (e === i || e - i > MAX_PGPASS_NAME || text.charCodeAt(e) !== 58 || /^\d+$/.test(text.slice(i, e))) return null;
    i = e + 1;
  }
  const e = runEnd(text, i, (c) => c > 32 && c !== 34 && c !== 39 && c !== 96 && c !== 58, MAX_VALUE);
  if (e === i || e - i > MAX_VALUE || (e < text.length && text.charCodeAt(e) === 58)) return null;
  return { start: i, end: e };
}

/**
 * `trailbook/pgpass-line` (sec14): the password of a PostgreSQL `.pgpass` entry pasted into a
 * record or written in a cited file other than `.pgpass` itself (`db.internal:5432:app:app:<password>`,
 * a row "wrote ~/.pgpass: …"): no key names it, so it was published as written. The host must
 * hold a letter (or be `*` or an IPv4 address), the port be digits (or `*`), the database and
 * user names no bare numbers (so a time `10:12:30:45` or `file.ts:12:5` is none), and the
 * password look real.
 */
export const pgpassLineRule: OwnRule = ownRule({
  id: 'trailbook/pgpass-line',
  describe: 'the password of a PostgreSQL `.pgpass` entry (`host:port:database:user:password`) pasted into a record or a cited file, when it looks real',
  finders: [
    {
      anchor: ':',
      kind: 'password in a .pgpass entry',
      read(text, at) {
        return { candidate: pgpassPassword(text, at), next: at + 1 };
      },
      real: (value) => isLikelyPassword(value),
    },
  ],
  examples: {
    secret: [
      { text: 'db.internal:5432:app:app:Pg4Xq8Wr2Tz6Yx1V', value: 'Pg4Xq8Wr2Tz6Yx1V' },
      { text: 'wrote ~/.pgpass: *:*:*:deploy:Hunter2Pass9 and chmod 600', value: 'Hunter2Pass9' },
    ],
    notSecret: [
      'at 10:12:30:45:Hunter2Pass9 the job ran',
      'src/app.ts:12:5:error:Unexpected2Token',
      'db.internal:5432:app:app:*',
      'localhost:5432:app:app:changeme',
      'db.internal:5432:app:app:$PGPASSWORD',
      'see https://example.com:8443/a:b:Hunter2Pass9',
    ],
  },
});

/** Trailbook's own rules, in the order they run. */
export const OWN_RULES: readonly OwnRule[] = [djangoSecretKeyRule, assignmentRule, connectionStringRule, googleApiKeyRule, privateKeyBodyRule, bearerTokenRule, prefixedTokenRule, commandCredentialRule, basicAuthHeaderRule, loginPasswordRule, base64SecretRule, twilioAuthTokenRule, vendorTokenRule, addressPasswordRule, pgpassLineRule];
