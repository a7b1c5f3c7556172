/**
 * Records a person writes by hand (use16, the new-user trial): a byte-order mark, CRLF line
 * ends, a mistyped field, a trailing comma, a date in a local format, a TSV row a column short,
 * an empty file. `trailbook check` says each fault once, at its file and line, and names the
 * field as the pages show it: in quotes, never in backticks a page shows as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { summaryCause } from '../../src/lib/baseline/flag-fingerprint.ts';
import { flagLinker } from '../../src/lib/projections/flag-links.ts';

let dir: string;

const BBS = [
  '{"id":"a1","ts":"2026-12-01T09:00:00Z","phase":"start","ticket":"","actor":"me","decision":"Start the API work","why":"kick-off","evidence":"README.md","result":"verified"}',
  '{"id":"a2","ts":"2026-12-01T10:00:00Z","phase":"design","ticket":"T-1","actor":"me","desicion":"Use Postgres","why":"we know it","evidence":"docs/db.md","result":"verified"}',
  '{"id":"a3","ts":"2026-12-01T11:00:00Z","phase":"build","ticket":"T-2","actor":"me","decision":"Add the login route","why":"needed","evidence":"src/login.ts:10","result":"verified",}',
  '{"id":"a4","ts":"06/12/2026 09:30","phase":"build","ticket":"T-3","actor":"me","decision":"Rate-limit login","why":"brute force","evidence":"src/login.ts:20","result":"pass"}',
];
const TSV = 'ts\tphase\tdecision\twhy\tevidence\tresult\n2026-12-02T09:00:00Z\tdesign\tPick React\tteam knows it\tpackage.json\tverified\n2026-12-02T10:00:00Z\tbuild\tAdd the form\tsrc/form.tsx\tverified\n';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-hand-written-'));
  for (const sub of ['api', 'web', 'empty']) await mkdir(join(dir, 'mine', sub), { recursive: true });
  await writeFile(join(dir, 'mine', 'api', 'decisions.jsonl'), `\uFEFF${BBS.join('\r\n')}\r\n`);
  await writeFile(join(dir, 'mine', 'web', 'decisions.tsv'), TSV);
  await writeFile(join(dir, 'mine', 'empty', 'decisions.jsonl'), '');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('check text on hand-written records', () => {
  it('says each invalid record once, at its file and line, with the field in quotes', async () => {
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    expect(await main(['check', '--quiet', join(dir, 'mine')], out)).toBe(0);
    expect(results.filter((l) => /^ {2}(high|medium|low|invalid) /.test(l))).toEqual([
      '  high   trail/missing-field  decisions.jsonl:2  missing required field “decision” (written “desicion”?)  [invalid record]',
      '  high   trail/not-json  decisions.jsonl:3  not valid JSON: Expected double-quoted property name in JSON at position 180 (line 1 column 181)  [invalid record]',
      '  medium trail/id-mismatch  decisions.jsonl:1  row id a1 should be 9c7b1bff (sha256 of ts + ticket + decision)',
      '  medium trail/id-mismatch  decisions.jsonl:4  row id a4 should be 9e5c877c (sha256 of ts + ticket + decision)',
      '  low    trail/bad-timestamp  decisions.jsonl:4  row a4 has ts “06/12/2026 09:30”, which is not an ISO-8601 time with a zone',
      '  low    source/empty-file  decisions.jsonl is empty: it holds no records',
      '  high   trail/tsv-cell-count  decisions.tsv:3  expected 6 tab-separated cells, found 5 — read in order, the “why” column is missing  [invalid record]',
    ]);
    expect(results.join('\n')).not.toContain('`');
  });
});

describe('a baseline written before field names were quoted', () => {
  // Until use16 the messages named fields in backticks; an accepted flag's fingerprint reads its
  // cause (src/lib/baseline/flag-fingerprint.ts), so both wordings must read alike.
  it.each([
    ['decisions.jsonl:2: missing required field `decision`', 'decisions.jsonl:2: missing required field “decision” (written “desicion”?)'],
    ['decisions.jsonl:2: missing required field `decision`; field `why` must be string, got number', 'decisions.jsonl:2: missing required field “decision”; field “why” must be string, got number'],
    ['SEND evt_f04 by amber-otter at 2026-03-06T09:04:00.000Z (coordination.jsonl:4) is missing `payload.subject`, `payload.body`', 'SEND evt_f04 by amber-otter at 2026-03-06T09:04:00.000Z (coordination.jsonl:4) is missing “payload.subject”, “payload.body”'],
    ['INCURSION evt_f12 by cobalt-harbor at 2026-03-06T09:25:00.000Z (coordination.jsonl:12): `payload.incursion_kind` is “overlap”, expected exact | partial', 'INCURSION evt_f12 by cobalt-harbor at 2026-03-06T09:25:00.000Z (coordination.jsonl:12): “payload.incursion_kind” is “overlap”, expected exact | partial'],
    ['decisions.tsv:3: expected 6 tab-separated cells, found 4 — read in order, the `decision`, `why` columns are missing', 'decisions.tsv:3: expected 6 tab-separated cells, found 4 — read in order, the “decision”, “why” columns are missing'],
    ['.beads/issues.jsonl:7: a record Trailbook does not know (fields `a`, `b`): kept here, not read', '.beads/issues.jsonl:7: a record Trailbook does not know (fields “a”, “b”): kept here, not read'],
  ])('%s', (before, now) => {
    expect(summaryCause(now)).toBe(summaryCause(before));
  });

  it('leaves other quoted words as they were', () => {
    expect(summaryCause('coordination.jsonl:11: 1 event has the unknown type “PING”')).toBe('coordination.jsonl:#: 1 event has the unknown type “PING”');
  });
});

describe('a record file given where its folder was meant', () => {
  it('names the folder to pass', async () => {
    const errors: string[] = [];
    const out: Output = { result: () => {}, info: (t) => void errors.push(t), error: (t) => void errors.push(t) };
    const file = join(dir, 'mine', 'api', 'decisions.jsonl');
    expect(await main(['check', '--quiet', file], out)).toBe(2);
    expect(errors.join('\n')).toContain(`input ${file} is not a folder`);
    expect(errors.join('\n')).toContain(`pass the folder that holds the records (decisions.jsonl, decisions.tsv, audit.json, .beads/), here ${join(dir, 'mine', 'api')}`);
  });
});

describe('the card of an empty file', () => {
  it('names the file under it, without a line 0', () => {
    // use16: an empty decisions.jsonl's Attention card listed "decisions.jsonl:0" under "decisions.jsonl is empty: it holds no records".
    expect(flagLinker([], () => null)({ at: [{ file: 'decisions.jsonl', line: 0 }], rows: [] })).toEqual([{ href: null, label: 'decisions.jsonl' }]);
    expect(flagLinker([], () => '#x')({ at: [{ file: 'decisions.jsonl', line: 3 }], rows: [] })).toEqual([{ href: '#x', label: 'decisions.jsonl:3' }]);
  });
});
