/**
 * The table of own secret rules (src/lib/secrets/own-rules.ts) and the one function that runs
 * it. A fault found while making the table: the bearer rule searched a lower-cased copy of the
 * text, and `İ` lower-cases to two characters, so one `İ` before `Authorization: Bearer …`
 * (an Istanbul office, a Turkish name) shifted every offset and the token was published as
 * written. Offsets now come from a copy that lower-cases ASCII only.
 */
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { bearerTokenRule, ownRule } from '../../src/lib/secrets/own-rules.ts';

const found = async (text: string): Promise<Array<[string, string, string]>> => ((await findSecrets([text]))[0] ?? []).map((h) => [text.slice(h.start, h.end), h.kind, h.rule]);

describe('a bearer token after a character that lower-cases to two', () => {
  it('is found and named, whatever comes before it', async () => {
    for (const before of ['', 'İ ', 'İstanbul office, İİİ: ', 'ẞ Σ ǅ ']) {
      expect(await found(`${before}Authorization: Bearer 7Fq2Lm9XzR4tY8wK3pN6vB1s, then 200`)).toEqual([['7Fq2Lm9XzR4tY8wK3pN6vB1s', 'bearer token', 'trailbook/bearer-token']]);
    }
  });

  it('reads `Bearer` in any case, and a token that is a JSON Web Token once, as one', () => {
    const jwt = 'eyJhbGciOiJub25lIn0.eyJ1c2VyIjoiYWRhIn0.c2ln';
    const text = `İ BEARER 7Fq2Lm9XzR4tY8wK3pN6vB1s; bearer ${jwt}`;
    expect(bearerTokenRule.scan(text).map((h) => [text.slice(h.start, h.end), h.kind])).toEqual([
      ['7Fq2Lm9XzR4tY8wK3pN6vB1s', 'bearer token'],
      [jwt, 'JSON Web Token'],
    ]);
  });
});

describe('ownRule: one function runs a row of the table', () => {
  // A toy row: a word after `#` or `@`, of 3+ letters; a name after `@` is a user.
  const rule = ownRule({
    id: 'test/toy',
    describe: 'a toy',
    finders: [
      {
        anchor: ['#', '@'],
        kind: 'tag',
        read(text, at) {
          let e = at + 1;
          while (e < text.length && /[a-z]/.test(text[e] as string)) e++;
          return { candidate: { start: at + 1, end: e, ...(text[at] === '@' ? { kind: 'user' } : {}) }, next: e };
        },
        real: (value) => value.length >= 3,
      },
      { anchor: 'key', anyCase: true, kind: 'key word', read: (_text, at) => ({ candidate: { start: at, end: at + 3 }, next: at + 3 }) },
    ],
    examples: { secret: [], notSecret: [] },
  });

  it('finds every anchor in turn, keeps the real candidates, names their kind and the rule, in the order they start', () => {
    const text = 'KEY #abc @ada #x @bob#cde key';
    expect(rule.scan(text).map((h) => [text.slice(h.start, h.end), h.kind, h.rule])).toEqual([
      ['KEY', 'key word', 'test/toy'],
      ['abc', 'tag', 'test/toy'],
      ['ada', 'user', 'test/toy'],
      ['bob', 'user', 'test/toy'],
      ['cde', 'tag', 'test/toy'],
      ['key', 'key word', 'test/toy'],
    ]);
    expect([rule.id, rule.describe]).toEqual(['test/toy', 'a toy']);
  });
});
