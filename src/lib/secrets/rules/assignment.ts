/**
 * A secret assigned to a key that names one (`DB_PASSWORD=…`, `"client_secret": "…"`, a
 * name/value pair), and what tells a program's expression (`process.env.DB_PASSWORD`) from a value.
 */
import { isLikelyPassword, isLikelyToken } from '../values.ts';
import { MAX_VALUE, blankEnd, isKeyChar, quotedOrWord, runEnd, valueEnd } from './chars.ts';
import { type Candidate, type OwnRule, ownRule } from './rule.ts';

/** Key endings that name a password (after the key is lower-cased and `-`/`.` read as `_`). */
const PASSWORD_ENDINGS = ['password', 'passwd', 'passphrase', '_pass', '_pwd', '_pw'];
/** Key endings that name a token, key or other secret. */
const TOKEN_ENDINGS = [
  'token', 'secret', 'apikey', 'api_key', 'access_key', 'secret_key', 'private_key', 'auth_key', 'signing_key', 'encryption_key', 'master_key', 'account_key', 'client_key', 'session_key', 'credentials', 'credential', 'auth',
  // Written without a separator (`AccountKey=` of an Azure connection string, `SharedAccessKey=`, `secretKey:`).
  'accesskey', 'secretkey', 'privatekey', 'authkey', 'signingkey', 'encryptionkey', 'masterkey', 'accountkey', 'clientkey', 'sessionkey',
  // Frameworks' own names (sec11: Rails' `SECRET_KEY_BASE=` was published as written): Laravel's `APP_KEY`, an HMAC key.
  'secret_key_base', 'app_key', 'hmac_key',
  // A personal access token (sec15: Azure DevOps' `AZURE_DEVOPS_EXT_PAT=…`, 52 characters with no prefix, was published as written).
  'pat',
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

const MAX_KEY = 64;

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
  // `Pwd=` in a connection string (`Server=db;Uid=sa;Pwd=…;`, ODBC; sec16): the shell's `PWD=` alone names a folder.
  const says = key.length > 0 && keyEnd - j <= MAX_KEY ? (j >= 0 && text.charCodeAt(j) === 59 && key.toLowerCase() === 'pwd' ? 'password' : keySays(key.replace(/^-+/, ''))) : null;
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
 * that names a secret (`user.password`, `session.api_token2`), or through one (`form.password.data`,
 * `random_password.db.result`: sec15); members may be joined by `::` (`std::env::var(…)`). A
 * password of words and a full stop (`hunter2.backup`) is none of these.
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
  // Members by `.`, and by `::` as Rust and C++ write a path (sec15: `std::env::var("DB_PASSWORD")`).
  const segments = path.split(/\.|::/).map((s) => (s.endsWith('?') ? s.slice(0, -1) : s));
  if (!segments.every((s) => IDENTIFIER.test(s))) return false;
  if (cut < value.length) return true;
  if (segments.length < 2) return false;
  if (path.includes('?.')) return true;
  if (CODE_ROOTS.has((segments[0] as string).toLowerCase())) return true;
  // A name that names a secret anywhere in the path, its version digits aside (`session.api_token2`;
  // sec15: `form.password.data`, Terraform's `random_password.db.result`).
  return segments.some((segment) => {
    let e = segment.length;
    while (e > 1 && segment.charCodeAt(e - 1) >= 48 && segment.charCodeAt(e - 1) <= 57) e--;
    return keySays(segment.slice(0, e)) !== null;
  });
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
      { text: 'Driver={ODBC Driver 18 for SQL Server};Server=db;Uid=sa;Pwd=Qz8mRt2vLk9w;Encrypt=yes', value: 'Qz8mRt2vLk9w' },
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
