/**
 * A private key's base64 body after its `-----BEGIN … PRIVATE KEY-----` header, when the
 * block is cut short or written on one line (secretlint reads a whole block only).
 */
import { isBase64 } from './chars.ts';
import { type OwnRule, ownRule } from './rule.ts';

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
