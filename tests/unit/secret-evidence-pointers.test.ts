/**
 * A secret in an evidence cell is the secret flag's, not a fault of evidence (fresh trial,
 * 2026-12-02): a row whose evidence is a pasted private key split into one "pointer" per body
 * line, and each base64 line with a `/` was a missing path: one high `evidence/path-not-found`
 * listing "[redacted: private key] not found at landed head" twenty times, beside the high
 * `security/secret-in-record` that says what the text is. Built on a repository made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { readSecretPointers } from '../../src/lib/secrets/secret-pointers.ts';
import { pemBodyLines, privateKeyPem } from '../secret-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let pem: string;

beforeAll(async () => {
  dir = await fixtureDir('secret-pointers');
  pem = privateKeyPem().trim();
  await initRepo(dir);
  await writeFiles(dir, {
    'src/a.ts': 'one\ntwo\n',
    'runs/decisions.jsonl': trailText([
      row('2026-03-01T08:00:00Z', 'start', 'src/a.ts:1'),
      row('2026-03-01T08:01:00Z', 'Deploy key pasted', pem),
      // A body line with a `/` reads as a path (one without is a note of the pointer before it).
      row('2026-03-01T08:02:00Z', 'Key beside a pointer', `src/a.ts:2, ${pemBodyLines(pem).find((line) => line.includes('/'))}`),
      row('2026-03-01T08:03:00Z', 'A missing path', 'src/missing.ts'),
    ]),
  });
  commitAll(dir, 'Start', '2026-03-01T09:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a secret in an evidence cell', () => {
  it('is read as a secret, not a missing path, and the cell raises no evidence fault for it', () => {
    const key = model.rows[1]?.evidence ?? [];
    const body = key.filter((p) => p.raw === '[redacted: private key]');
    expect(body.length).toBe(pemBodyLines(pem).length);
    expect(new Set(body.map((p) => `${p.kind} ${p.status} ${p.reason} ${p.fault ?? ''}`))).toEqual(
      new Set(['prose INCONCLUSIVE a secret (private key), not a pointer: redacted in every output and flagged as a secret ']),
    );
    // The cell holds no pointer: its BEGIN and END lines are prose, as in any cell of prose (one medium flag), not remarks.
    expect(key.filter((p) => p.raw !== '[redacted: private key]').map((p) => [p.raw, p.status, p.fault])).toEqual([
      ['-----BEGIN RSA PRIVATE KEY-----', 'NOT_VERIFIED', 'evidence/prose'],
      ['-----END RSA PRIVATE KEY-----', 'NOT_VERIFIED', 'evidence/prose'],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/prose').map((f) => [f.severity, f.rows])).toEqual([['medium', [model.rows[1]?.id]]]);
  });

  it('keeps the verdict of a real pointer beside it, and flags only the secret and the real missing path', () => {
    expect(model.rows[2]?.evidence.map((p) => [p.raw, p.status])).toEqual([
      ['src/a.ts:2', 'VERIFIED'],
      ['[redacted: private key]', 'INCONCLUSIVE'],
    ]);
    const flagged = model.flags.filter((f) => f.severity === 'high').map((f) => [f.kind, f.rows]);
    expect(flagged).toEqual([
      ['security/secret-in-record', [model.rows[1]?.id]],
      ['evidence/path-not-found', [model.rows[3]?.id]],
    ]);
  });

  it('leaves pointers alone when the project holds no secret or the pointer holds words besides one', () => {
    const p = { raw: 'see AKIAZ7Q3LMNOPQRS2TUV docs', kind: 'prose' as const, status: 'NOT_VERIFIED' as const, reason: 'evidence must be a pointer, not prose', fault: 'evidence/prose' };
    const list = [p];
    expect(readSecretPointers(list, [])).toBe(list);
    expect(readSecretPointers(list, [{ value: 'AKIAZ7Q3LMNOPQRS2TUV', kind: 'AWS access key id', rule: 'x', places: [] }])).toBe(list);
    expect(readSecretPointers([{ ...p, raw: 'AKIAZ7Q3LMNOPQRS2TUV;' }], [{ value: 'AKIAZ7Q3LMNOPQRS2TUV', kind: 'AWS access key id', rule: 'x', places: [] }])).toEqual([
      { raw: 'AKIAZ7Q3LMNOPQRS2TUV;', kind: 'prose', status: 'INCONCLUSIVE', reason: 'a secret (AWS access key id), not a pointer: redacted in every output and flagged as a secret' },
    ]);
  });
});
