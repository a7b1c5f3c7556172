/**
 * A PostgreSQL `.pgpass` entry's password (`host:port:database:user:password`).
 */
import { isLikelyPassword } from '../values.ts';
import { MAX_VALUE, isAlnum, isDigit, runEnd } from './chars.ts';
import { type OwnRule, ownRule } from './rule.ts';

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
