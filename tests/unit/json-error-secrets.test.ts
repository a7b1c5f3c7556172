/**
 * A line that is not JSON and starts with a token (sec10): V8's message quotes its first ten
 * characters (`Unexpected token 'g', "ghp_Q7mZ2x"... is not valid JSON`), and that quotation
 * reached every output — the invalid record's problem, the trail/not-json flag, `check` — where
 * the redaction of the whole value (found in the record's raw text) could not match a part cut
 * by a quote. Problems now say what V8 found without quoting the text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { jsonErrorMessage } from '../../src/lib/text/json-error.ts';
import { capRaw } from '../../src/lib/text/lines.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { analyseProject, fixtureDir, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

const TOKEN = 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q';

const parseError = (text: string): unknown => {
  try {
    JSON.parse(text);
  } catch (error) {
    return error;
  }
  return null;
};

describe('jsonErrorMessage', () => {
  it('takes out what V8 quotes of the text, keeps what it found and where', () => {
    expect(jsonErrorMessage(parseError(TOKEN))).toBe("Unexpected token 'g'");
    expect(jsonErrorMessage(parseError(`{"a": 1, "b": 2, "c": 3, "d": 4} x ${TOKEN}`))).toBe('Unexpected non-whitespace character after JSON at position 33 (line 1 column 34)');
    expect(jsonErrorMessage(parseError(`{"a": "${TOKEN}" x}`))).toBe("Expected ',' or '}' after property value in JSON at position 49 (line 1 column 50)");
    expect(jsonErrorMessage(parseError('{"a":'))).toBe('Unexpected end of JSON input');
    expect(jsonErrorMessage(parseError('not json'))).toBe("Unexpected token 'o'");
  });
});

describe('a trail line, a QA verdict and a review file that are not JSON and start with a token', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('json-error-secrets');
    await writeFiles(dir, {
      'decisions.jsonl': `${trailText([row('2026-03-01T09:30:00Z', 'start', 'prose only', 'start')])}${TOKEN}\n`,
      'qa/T-1.json': `${TOKEN}\n`,
      'reviews/r1.json': `${TOKEN}\n`,
    });
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('are invalid records whose problem quotes no part of the token, and whose raw text is redacted', () => {
    expect(model.invalid.map((r) => [r.file, r.error, r.raw])).toEqual([
      ['decisions.jsonl', "not valid JSON: Unexpected token 'g'", '[redacted: GitHub token]'],
      ['qa/T-1.json', "qa/T-1.json is not valid JSON: Unexpected token 'g'", '[redacted: GitHub token]\n'],
      ['reviews/r1.json', "reviews/r1.json is not valid JSON: Unexpected token 'g'", '[redacted: GitHub token]\n'],
    ]);
    expect(JSON.stringify(model)).not.toContain(TOKEN.slice(0, 10));
  });
});

describe('a record text cut for display is never cut inside a token', () => {
  it('capRaw ends before a run of token characters the cut would go through', () => {
    const line = `${'a '.repeat(2030)}${TOKEN} and more`;
    expect(capRaw(line)).toBe(`${'a '.repeat(2030)}… [${line.length - 4060} more characters]`);
    // A run longer than a token is cut where it is; a cut between words is where it was.
    expect(capRaw('b'.repeat(5000))).toBe(`${'b'.repeat(4096)}… [904 more characters]`);
    expect(capRaw(`${'c'.repeat(4096)} tail`)).toBe(`${'c'.repeat(4096)}… [5 more characters]`);
  });

  it('a line over 4 MiB whose kept start ends inside a token keeps only what is before it', async () => {
    const dir = await fixtureDir('long-line-token');
    try {
      await writeFiles(dir, { 'decisions.jsonl': `${trailText([row('2026-03-01T09:30:00Z', 'start', 'prose only', 'start')])}${'a '.repeat(2030)}${TOKEN}${' z'.repeat(2_200_000)}\n` });
      const model = await analyseProject(dir);
      const record = model.invalid.find((r) => r.kind === 'source/line-too-long');
      expect(record?.raw).toBe(`${'a '.repeat(2030)}`);
      expect(JSON.stringify(model)).not.toContain(TOKEN.slice(0, 6));
    } finally {
      await removeFixture(dir);
    }
  }, 60_000);
});

describe('a value found in a text is replaced where a JSON string escapes it', () => {
  it('p"ss\\word is replaced in a raw JSON line as p\\"ss\\\\word', () => {
    const redaction = new Redaction();
    redaction.add('Tr0"ub\\or3x9', 'password in a KEY=value assignment');
    expect(redaction.redact('{"why":"PGPASSWORD=Tr0\\"ub\\\\or3x9 psql"}')).toBe('{"why":"PGPASSWORD=[redacted: password in a KEY=value assignment] psql"}');
  });
});
