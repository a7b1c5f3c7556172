/**
 * Tokens known by a fixed prefix or place: a Google API key, and the prefixed tokens of
 * `trailbook/prefixed-token` (PyPI, DigitalOcean, Telegram, Discord, Sentry DSN, signed URLs,
 * an inline AWS key pair); {@link prefixed} makes a finder for a prefix and a body.
 */
import { entropy } from '../values.ts';
import { isAlnum, isB64UrlChar, isBase64, isDigit, isKeyBody, isLowerHex, runEnd, tokenRun } from './chars.ts';
import { type Finder, type OwnRule, ownRule } from './rule.ts';

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
        const run = tokenRun(text, next, isKeyBody, 35, 35);
        return { candidate: run.token ? { start: at, end: run.end } : null, next };
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

/** Characters of an AWS secret access key (base64 without `=`). */
const isAwsSecretChar = (c: number): boolean => isBase64(c) && c !== 61;

/**
 * A finder for a token made of a fixed prefix and a body of `min` to `max` characters that
 * `ok` accepts, standing alone (no key character just before the prefix or just after the body).
 */
export function prefixed(anchor: string | readonly string[], kind: string, ok: (c: number) => boolean, min: number, max: number): Finder {
  const length = typeof anchor === 'string' ? anchor.length : (anchor[0] as string).length;
  return {
    anchor,
    kind,
    read(text, at) {
      const from = at + length;
      if (at > 0 && isKeyBody(text.charCodeAt(at - 1))) return { candidate: null, next: from };
      const run = tokenRun(text, from, ok, min, max);
      return { candidate: run.token ? { start: at, end: run.end } : null, next: Math.max(from, run.end) };
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
        const run = tokenRun(text, at + 1, isB64UrlChar, 35, 35);
        const ok = idLength >= 8 && idLength <= 10 && standing && run.token;
        return { candidate: ok ? { start: s, end: run.end } : null, next };
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
        // S3's is 64 hex digits; Cloud Storage's 64 or more.
        const run = tokenRun(text, from, isLowerHex, 64, (text.charCodeAt(at + 2) | 32) === 97 ? 64 : 1024, isB64UrlChar);
        return { candidate: run.token ? { start: from, end: run.end } : null, next: Math.max(from, run.end) };
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
        const run = tokenRun(text, from, isAwsSecretChar, 40, 40, isAwsSecretChar);
        return { candidate: run.token ? { start: from, end: run.end } : null, next: Math.max(next, id) };
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
