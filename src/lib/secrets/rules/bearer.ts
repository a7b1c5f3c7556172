/**
 * Tokens of an HTTP request: a JSON Web Token anywhere, and the token after `Bearer ` (its
 * tail too, when a terminal wrapped it).
 */
import { entropy, isLikelyToken } from '../values.ts';
import { MAX_VALUE, isKeyChar, runEnd } from './chars.ts';
import { type OwnRule, ownRule } from './rule.ts';

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
 * The token after an Authorization scheme's word at `at` (`Bearer `, `Authorization: Token `):
 * after spaces, a run of bearer characters (and the lines a terminal wrapped it onto); none when
 * it is a JWT (the JWT finder's) or the word stands inside a longer one.
 */
function readSchemeToken(text: string, at: number): { candidate: { start: number; end: number } | null; next: number } {
  // Past the anchor: `bearer ` (7 characters), or the space after `token` (`authorization:` is 14).
  const word = (text.charCodeAt(at) | 32) === 98 ? at + 7 : text.indexOf(' ', at + 15) + 1;
  const next = word;
  if (at > 0 && isKeyChar(text.charCodeAt(at - 1))) return { candidate: null, next };
  let i = word;
  while (i < text.length && text.charCodeAt(i) === 32) i++;
  let e = i;
  while (e < text.length && e - i <= MAX_VALUE && isBearerChar(text.charCodeAt(e))) e++;
  // A token that is a JWT is the finder above's.
  if (jwtEnd(text, i) >= 0) return { candidate: null, next };
  return { candidate: { start: i, end: e - i >= MIN_WRAPPED_BEARER ? wrappedBearerEnd(text, e) : e }, next: Math.max(next, e) };
}

/** Whether a scheme's token looks real: 12+ characters, letters and digits, 3+ bits of entropy per character, no reference or placeholder. */
function isRealSchemeToken(value: string): boolean {
  const token = value.replace(/\r?\n/g, '');
  return isLikelyToken(token) && /[0-9]/.test(token) && /[A-Za-z]/.test(token) && entropy(token) >= 3;
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
  describe: 'a JSON Web Token (`eyJ…` header and payload in base64url, and its signature) anywhere, and the token after `Bearer ` (or `Authorization: Token `) in an Authorization header when it looks real (not `$TOKEN`, `<token>`)',
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
      read: readSchemeToken,
      real: isRealSchemeToken,
    },
    {
      // sec16: the `Token` scheme (Django REST framework, GitHub's `token ghp_…`), in an Authorization header.
      anchor: ['authorization: token ', 'authorization:token '],
      anyCase: true,
      kind: 'bearer token',
      read: readSchemeToken,
      real: isRealSchemeToken,
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
      { text: 'curl -H "Authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b" https://api.example.com/', value: '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b' },
    ],
    notSecret: [
      'curl -H "Authorization: Bearer $API_TOKEN" https://api.internal/v1/runs',
      'Authorization: Bearer <token>',
      'the bearer token is read from the environment',
      'Authorization: Token $DRF_TOKEN and authorization: token <token>',
      'eyJ is how base64 JSON starts; eyJhbGciOiJIUzI1NiJ9 alone is a header, not a token',
    ],
  },
});
