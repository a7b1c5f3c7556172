/**
 * A private key's base64 body after its `-----BEGIN … PRIVATE KEY-----` header, when the
 * block is cut short or written on one line (secretlint reads a whole block only).
 */
import { isBase64, isDigit, runEnd } from './chars.ts';
import { type Finder, type OwnRule, ownRule } from './rule.ts';

const PEM_HEADER_END = 'PRIVATE KEY-----';
/** An OpenPGP armored private key's header ends so (`-----BEGIN PGP PRIVATE KEY BLOCK-----`, sec16). */
const PGP_HEADER_END = 'PRIVATE KEY BLOCK-----';
/** The most armor header lines (`Version: …`, `Comment: …`) read between a PGP header and its body. */
const MAX_ARMOR_HEADERS = 8;

/** Where the armor header line (`Name: value`) at `i` ends, before its line break, or `i` when there is none there. */
function armorHeaderEnd(text: string, i: number): number {
  const name = runEnd(text, i, (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45, 32);
  if (name === i || text.charCodeAt(name) !== 58 || text.charCodeAt(name + 1) !== 32) return i;
  let e = name + 2;
  while (e < text.length && e - i < 256 && text.charCodeAt(e) !== 10 && text.charCodeAt(e) !== 13 && !(text.charCodeAt(e) === 92 && (text.charCodeAt(e + 1) === 110 || text.charCodeAt(e + 1) === 114))) e++;
  return e;
}

/**
 * The base64 lines of a key's body from `from` (line breaks as written or as `\n`, `\r`
 * escapes, and blanks between lines), up to the first text that is not key material: the
 * range from its first line to its last (none when there is no line), and where reading stopped.
 */
function keyBody(text: string, from: number): { first: number; last: number; end: number } {
  let i = from;
  let bodyLines = 0;
  let first = -1;
  let last = -1;
  while (i < text.length) {
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
  return { first, last, end: i };
}
/** The longest `-----BEGIN … PRIVATE KEY-----` header read (`ENCRYPTED`, `OPENSSH`, `RSA` and the like). */
const MAX_PEM_HEADER = 64;
/** A body line shorter than this is read as ordinary words, unless it ends in base64 padding after a body line. */
const MIN_BODY_RUN = 16;

/** The most private lines a PuTTY key file declares that are read (an RSA 4096 key has 28). */
const MAX_PUTTY_LINES = 99;
/** Where the line break (as written, or as a `\n` escape) at `i` ends, or `i` when there is none. */
function lineBreakEnd(text: string, i: number): number {
  let e = i;
  if (text.charCodeAt(e) === 13) e++;
  else if (text.charCodeAt(e) === 92 && text.charCodeAt(e + 1) === 114) e += 2;
  if (text.charCodeAt(e) === 10) return e + 1;
  if (text.charCodeAt(e) === 92 && text.charCodeAt(e + 1) === 110) return e + 2;
  return i;
}

/**
 * A PuTTY key file's private lines (`PuTTY-User-Key-File-2/3`): the `N` base64 lines after
 * `Private-Lines: N`, each line but the last 16 characters or more, one holding a digit, `+` or
 * `/` (sec15: no rule read them, so a pasted or cited `.ppk` was published as written). Its
 * header, comment, public lines and MAC stay readable. One secret per key, replaced line by line.
 */
const puttyPrivateLines: Finder = {
  anchor: 'Private-Lines:',
  kind: 'PuTTY private key',
  read(text, at) {
    const next = at + 14;
    let i = runEnd(text, next, (c) => c === 32 || c === 9, 8);
    const digits = runEnd(text, i, isDigit, 2);
    const count = Number(text.slice(i, digits));
    if (digits === i || count < 1 || count > MAX_PUTTY_LINES) return { candidate: null, next };
    i = digits;
    let first = -1;
    let keyLike = false;
    for (let n = 0; n < count; n++) {
      const start = lineBreakEnd(text, i);
      if (start === i) return { candidate: null, next };
      const e = runEnd(text, start, isBase64, 128);
      const line = text.slice(start, e);
      const last = n === count - 1;
      if (line.length < (last ? 4 : 16) || line.length > 128 || (e < text.length && lineBreakEnd(text, e) === e)) return { candidate: null, next };
      if (/[0-9+/]/.test(line)) keyLike = true;
      if (first < 0) first = start;
      i = e;
    }
    return { candidate: keyLike && i - first >= 32 ? { start: first, end: i } : null, next: Math.max(next, i) };
  },
};

/**
 * `trailbook/private-key-body`: the body lines of a private key whose block is cut or pasted
 * with its line breaks written as `\n` (`head -3 id_rsa`, a TSV cell): secretlint's rule reads
 * only a whole block, from `-----BEGIN` to `-----END`, with real line breaks, so the key
 * material of a partial block was published as written. The base64 lines after a
 * `-----BEGIN … PRIVATE KEY-----` header, up to `-----END` or the first text that is not key
 * material, are one secret (one flag per key, not one per line; redaction replaces its lines
 * one by one); the header stays readable. Each character is visited once. Since sec15 also a
 * PuTTY key file's private lines ({@link puttyPrivateLines}).
 */
export const privateKeyBodyRule: OwnRule = ownRule({
  id: 'trailbook/private-key-body',
  describe: 'the base64 lines after a `-----BEGIN … PRIVATE KEY-----` header (and an OpenPGP `-----BEGIN PGP PRIVATE KEY BLOCK-----` and its armor headers), when the block is cut short or its line breaks are written as `\\n` (secretlint reads whole blocks only); the private lines of a PuTTY key file (`Private-Lines: N` and its N base64 lines)',
  finders: [
    {
      anchor: '-----BEGIN',
      kind: 'private key',
      read(text, at) {
        const close = text.indexOf(PEM_HEADER_END, at + 10);
        const pgp = close < 0 || close - at > MAX_PEM_HEADER ? text.indexOf(PGP_HEADER_END, at + 10) : -1;
        if ((close < 0 || close - at > MAX_PEM_HEADER) && (pgp < 0 || pgp - at > MAX_PEM_HEADER)) return { candidate: null, next: at + 10 };
        let i = pgp >= 0 ? pgp + PGP_HEADER_END.length : close + PEM_HEADER_END.length;
        // An armored PGP key's header lines (`Version: …`) stand before its body, as a PEM key's `Proc-Type:` lines do.
        for (let n = 0; n < MAX_ARMOR_HEADERS; n++) {
          const from = lineBreakEnd(text, i);
          const e = from === i ? i : armorHeaderEnd(text, from);
          if (e === from) break;
          i = e;
        }
        const { first, last, end } = keyBody(text, i);
        // One secret per key: its body from the first line to the last (redaction.ts replaces a value's lines one by one).
        return { candidate: first >= 0 ? { start: first, end: last } : null, next: Math.max(at + 10, end) };
      },
    },
    puttyPrivateLines,
  ],
  examples: {
    secret: [
      { text: 'head -2 deploy/id_rsa:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw\n...', value: 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw' },
      { text: 'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: eddsa-key\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIHGLj8G8Kc4tyF2QbX9ydvOwqLZs\nl5Zk3a0t2Q==\nPrivate-Lines: 1\nAAAAIBcDn1vt+0W8ay5n7RmS1FSYjK0Q1QW6RZXHVs5TYQp9\nPrivate-MAC: 6d8a1c0f\n', value: 'AAAAIBcDn1vt+0W8ay5n7RmS1FSYjK0Q1QW6RZXHVs5TYQp9' },
      { text: 'key was -----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\\n (cut)', value: 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW' },
      { text: '-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\nlQOYBGXk3Q8BCADx7Kq2Lm9Xp4Vt8Rz3Wb6Hc1Jd5Gf0Sa2Qe4Zn6Mv8Kc1Jh3Gf5D\n=Xk3J\n-----END PGP PRIVATE KEY BLOCK-----', value: 'lQOYBGXk3Q8BCADx7Kq2Lm9Xp4Vt8Rz3Wb6Hc1Jd5Gf0Sa2Qe4Zn6Mv8Kc1Jh3Gf5D' },
    ],
    notSecret: [
      'grep for "-----BEGIN PRIVATE KEY-----" in the repository before publishing',
      '-----BEGIN PRIVATE KEY----- internationalization is not key material',
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgO\n-----END PUBLIC KEY-----',
      '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJRTES\n-----END CERTIFICATE-----',
      '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBGXk3Q8BCADx7Kq2Lm9Xp4Vt8Rz3Wb6Hc1Jd5Gf0Sa2Qe4Zn6Mv8Kc1Jh3Gf5D\n-----END PGP PUBLIC KEY BLOCK-----',
      'Private-Lines: 2\nshort\nwords',
      'Private-Lines: 14 in an RSA key',
    ],
  },
});
