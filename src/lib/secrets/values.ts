/**
 * Judging a candidate value: is it a real secret or a placeholder, a variable reference, a
 * word? Shared by Trailbook's own rules (src/lib/secrets/own-rules.ts). Every function here
 * visits each character a bounded number of times (docs/security.md, "Text that takes long to
 * read"): no pattern that can backtrack.
 */

/** Placeholder values written where a secret would go (compared lower-cased, whole value). */
const PLACEHOLDERS: ReadonlySet<string> = new Set([
  'password', 'passwd', 'pass', 'secret', 'token', 'changeme', 'change-me', 'change_me', 'example', 'sample', 'dummy',
  'test', 'testing', 'redacted', 'hidden', 'masked', 'none', 'null', 'nil', 'undefined', 'true', 'false', 'empty',
  'mypassword', 'yourpassword', 'your-password', 'your_password', 'your-token', 'your_token', 'your-secret', 'your_secret',
  'your-api-key', 'your_api_key', 'api-key', 'api_key', 'apikey', 'placeholder', 'default', 'username', 'user', 'root', 'admin',
  'postgres', 'mysql', 'guest', 'foobar', 'foo', 'bar', 'baz', 'qwerty', 'letmein', 'notasecret', 'not-a-secret',
]);

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** A character class count: lower, upper, digit, other. */
function classes(value: string): number {
  let lower = 0;
  let upper = 0;
  let digit = 0;
  let other = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 97 && c <= 122) lower = 1;
    else if (c >= 65 && c <= 90) upper = 1;
    else if (c >= 48 && c <= 57) digit = 1;
    else other = 1;
  }
  return lower + upper + digit + other;
}

/** Shannon entropy of `value` in bits per character (0 for an empty value). */
export function entropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * Whether a value is a reference or template, not a value: `$VAR`, `${VAR}`, `$(cmd)`, `%VAR%`,
 * `{{ var }}`, `<password>`, `[secret]`, `****`, `xxxx`, `...`.
 */
export function isReference(value: string): boolean {
  if (value.includes('$') || value.includes('{{') || value.includes('…')) return true;
  // `%VAR%`, `%s` are references; `%40` is an encoded character.
  for (let i = value.indexOf('%'); i >= 0; i = value.indexOf('%', i + 1)) if (!isHex(value.charCodeAt(i + 1)) || !isHex(value.charCodeAt(i + 2))) return true;
  const first = value[0];
  if (first === '<' || first === '[' || first === '{' || first === '(') return true;
  // One character repeated (`****`, `xxxxxxxx`, `........`).
  let same = true;
  for (let i = 1; i < value.length && same; i++) same = value[i] === value[0];
  if (same) return true;
  const lower = value.toLowerCase();
  return lower.startsWith('xxx') || lower.startsWith('***') || lower.includes('redacted') || lower.startsWith('your') || lower.startsWith('example') || lower.startsWith('replace');
}

/** Whether a value is a common placeholder word (`password`, `changeme`, `test`). */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDERS.has(value.toLowerCase());
}

/**
 * Whether a password value (given to a key or URL that names a password) is a real one: at
 * least 6 characters, not a placeholder or reference, and either of two character classes or
 * longer than 11 (`hunter2`, `S3cr3t!`; not `postgres`, `changeme`, `$PGPASSWORD`).
 */
export function isLikelyPassword(value: string): boolean {
  if (value.length < 6 || value.length > 256) return false;
  if (isPlaceholder(value) || isReference(value)) return false;
  return classes(value) >= 2 || value.length >= 12;
}

/**
 * Whether a token value (given to a key that names a token, secret or key) looks generated:
 * 12 to 512 characters, not a placeholder or reference, letters and digits and at
 * least 3 bits of entropy per character (`abc123def456ghi789`; not `keyboard`, `oauth-device`,
 * `read:packages`).
 */
export function isLikelyToken(value: string): boolean {
  if (value.length < 12 || value.length > 512) return false;
  if (isPlaceholder(value) || isReference(value)) return false;
  if (value.includes('/') && (value.startsWith('/') || value.startsWith('.'))) return false;
  let letters = false;
  let digits = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) letters = true;
    else if (c >= 48 && c <= 57) digits = true;
  }
  return letters && digits && entropy(value) >= 3;
}

/** The longest name between `<` and `>` read as a placeholder (`<password>`, `<your token>`). */
const MAX_PLACEHOLDER_NAME = 40;

/**
 * Whether a value a rule found is a placeholder of a secret's shape, as a template (`.env.example`,
 * a README, a test fixture) writes one, not a secret (sec11: each was flagged and redacted, a
 * flag a person dismisses): it holds a `<name>` (`mongodb://<username>:<password>@…`, which
 * secretlint's rule reads whole), it ends in `EXAMPLE` or `EXAMPLEKEY` (AWS's documented keys
 * `AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`), or it is 12 letters and
 * digits or more of which two characters are three quarters or more (`ghp_xxxx…`,
 * `sk_test_XXXX…`, `xoxb-0000…-xxxx…`: a generated value spreads over many). One pass.
 */
export function isPlaceholderSecret(value: string): boolean {
  // AWS's documented keys end so; a value holding the word elsewhere (`Corp2024EXAMPLEx!`) may be a real password.
  if (value.endsWith('EXAMPLE') || value.endsWith('EXAMPLEKEY')) return true;
  for (let i = value.indexOf('<'); i >= 0; i = value.indexOf('<', i + 1)) {
    const close = value.indexOf('>', i + 1);
    if (close < 0) break;
    const name = value.slice(i + 1, close);
    // Three letters or more: a `<br>` a token was wrapped at (src/lib/secrets/wrapped.ts) is no name.
    if (name.length >= 3 && name.length <= MAX_PLACEHOLDER_NAME && /^[A-Za-z_ -]+$/.test(name)) return true;
  }
  const counts = new Map<number, number>();
  let alnum = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) continue;
    alnum++;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  if (alnum < 12) return false;
  let first = 0;
  let second = 0;
  for (const n of counts.values()) {
    if (n > first) [first, second] = [n, first];
    else if (n > second) second = n;
  }
  return first + second >= alnum * 0.75;
}
