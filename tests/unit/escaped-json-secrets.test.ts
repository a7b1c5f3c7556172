/**
 * A password written inside a JSON string, with its quotes escaped (`\"password\": \"…\"`,
 * `password=\"…\"`), in a line that is not valid JSON (sec11). A valid line is parsed first, so
 * its decoded text (`"password": "…"`) reached the rules; an invalid record keeps its raw line,
 * where the assignment rule read `\"password\"` as no key it knows, and the raw text was shown
 * as written on the recap's Invalid records, in search, `recap.json`, `report.json` and `check`.
 * The rules now read such a text's JSON strings decoded too (src/lib/secrets/json-escapes.ts),
 * and the value is replaced in the raw text as it is written there (escapes and all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { findSecrets } from '../../src/lib/secrets/detect.ts';
import { Redaction } from '../../src/lib/secrets/redaction.ts';
import { analyseProject, fixtureDir, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

// Made-up values (random characters, never issued).
const PASSWORD = 'Hunter2Xyz9q';
const ASSIGNED = 'Qw8eRt5yUi2o';
const SECRET = 'Zx9cVb7nM3qW';
const UNICODE = 'aBc9dEf3gHi7jKl2';
const SLASHED = 'Pq7/Rs4Tu9Vw';

/** Each text's secrets as `[value, kind]`. */
async function found(texts: string[]): Promise<string[][][]> {
  const hits = await findSecrets(texts);
  return texts.map((t, i) => (hits[i] ?? []).map((h) => [t.slice(h.start, h.end), h.kind]));
}

describe('a secret behind JSON escapes, in a text that is not JSON', () => {
  it('is found, as the raw text writes it', async () => {
    expect(
      await found([
        `{"decision":"Set \\"password\\": \\"${PASSWORD}\\" in the config","evidence":"pro`,
        `{"decision":"ran psql with password=\\"${ASSIGNED}\\" ok" x}`,
        `{"why":"{\\"db_secret\\":\\"${SECRET}\\"}`,
        `{"why":"\\"api_token\\": \\"\\u0061${UNICODE.slice(1)}\\"`,
        `{"why":"DB_PASSWORD=\\"${SLASHED.replace('/', '\\/')}\\" set`,
      ]),
    ).toEqual([
      [[PASSWORD, 'password in a KEY=value assignment']],
      [[ASSIGNED, 'password in a KEY=value assignment']],
      [[SECRET, 'secret in a KEY=value assignment']],
      [[`\\u0061${UNICODE.slice(1)}`, 'secret in a KEY=value assignment']],
      [[SLASHED.replace('/', '\\/'), 'password in a KEY=value assignment']],
    ]);
  });

  it('is replaced as written and as it reads decoded', () => {
    const redaction = new Redaction();
    redaction.add(`\\u0061${UNICODE.slice(1)}`, 'secret in a KEY=value assignment');
    expect(redaction.redact(`raw \\"api_token\\": \\"\\u0061${UNICODE.slice(1)}\\" and parsed ${UNICODE}`)).toBe('raw \\"api_token\\": \\"[redacted: secret in a KEY=value assignment]\\" and parsed [redacted: secret in a KEY=value assignment]');
  });

  it('4 MiB of escapes is read in one pass (each under a second alone; the bound allows a loaded machine)', async () => {
    for (const cell of ['password=\\"'.repeat(400_000), '\\u0041'.repeat(700_000), `"token": ${'\\\\'.repeat(2_000_000)}`, `secret=${'\\/'.repeat(2_000_000)}`]) {
      const started = performance.now();
      await findSecrets([cell]);
      expect(performance.now() - started).toBeLessThan(10_000);
    }
  }, 60_000);

  it('placeholders behind escapes stay text', async () => {
    expect(await found([`{"d":"set \\"password\\": \\"<your password>\\" and \\"API_KEY\\": \\"xxx\\" and TOKEN=\\"\${TOKEN}\\"`, 'C:\\Users\\me\\tokens\\notes.txt'])).toEqual([[], []]);
  });
});

describe('an invalid decisions.jsonl line holding escaped passwords', () => {
  let dir: string;
  let model: ProjectModel;
  const lines = [
    `{"ts":"2026-03-01T09:31:00Z","phase":"build","decision":"Set \\"password\\": \\"${PASSWORD}\\" in the config","evidence":"pro`,
    `{"ts":"2026-03-01T09:32:00Z","phase":"build","decision":"ran psql with password=\\"${ASSIGNED}\\" and \\"db_secret\\":\\"${SECRET}\\"", x}`,
  ];
  beforeAll(async () => {
    dir = await fixtureDir('escaped-json-secrets');
    await writeFiles(dir, { 'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'prose only', 'start'), ...lines]) });
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('shows its raw text with each value replaced, and flags each', () => {
    expect(model.invalid.map((r) => [r.line, r.raw])).toEqual([
      [2, `{"ts":"2026-03-01T09:31:00Z","phase":"build","decision":"Set \\"password\\": \\"[redacted: password in a KEY=value assignment]\\" in the config","evidence":"pro`],
      [3, `{"ts":"2026-03-01T09:32:00Z","phase":"build","decision":"ran psql with password=\\"[redacted: password in a KEY=value assignment]\\" and \\"db_secret\\":\\"[redacted: secret in a KEY=value assignment]\\"", x}`],
    ]);
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary)).toEqual([
      'password in a KEY=value assignment in decisions.jsonl:2: redacted in every output',
      'password in a KEY=value assignment in decisions.jsonl:3: redacted in every output',
      'secret in a KEY=value assignment in decisions.jsonl:3: redacted in every output',
    ]);
    const text = JSON.stringify(model);
    for (const value of [PASSWORD, ASSIGNED, SECRET]) expect(text).not.toContain(value);
  });
});
