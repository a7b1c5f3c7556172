/**
 * Secrets written base64-encoded: an HTTP Basic Authorization header's `user:password`, and a
 * private key or registry credentials stored encoded (a Kubernetes Secret's `data:`).
 */
import { isLikelyPassword, isLikelyToken } from '../values.ts';
import { isBase64, isKeyBody, isKeyChar, runEnd } from './chars.ts';
import { type OwnRule, ownRule } from './rule.ts';

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
