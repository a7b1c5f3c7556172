/**
 * A commit whose diff shows one private key in two hunks (sec11, found by planting secrets in
 * the hostile corpus): the first hunk reaches the `-----BEGIN … PRIVATE KEY-----` line, the
 * second shows the key's last lines and its END line only. The first hunk's body lines were
 * redacted (the private-key-body rule reads on from the header), the second's shown as written
 * on the commit's page: the whole file was read for a key body only when the patch held no
 * header at all (sec10), and this one held one, in its other hunk. Now each hunk is judged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { diffContextTexts, redactCommit } from '../../src/lib/secrets/evidence-secrets.ts';
import { describeCommit } from '../../src/lib/git/commit-details.ts';
import { openRepository } from '../../src/lib/git/repository.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import { commitAll, fixtureDir, initRepo, removeFixture, writeFiles } from '../trail-fixtures.ts';

// Key-shaped lines (sha512 digests in base64: never a key).
const BODY = Array.from({ length: 20 }, (_, i) => createHash('sha512').update(`hunk line ${i}`).digest('base64').slice(0, 64));
const file = (before: string, after: string): string => `${['<!doctype html>', before, '-----BEGIN RSA PRIVATE KEY-----', ...BODY, '-----END RSA PRIVATE KEY-----', after, 'tail'].join('\n')}\n`;

let dir: string;
let commit: string;

beforeAll(async () => {
  dir = await fixtureDir('key-hunks');
  await initRepo(dir);
  await writeFiles(dir, { 'payload.html': file('export A=1', 'export B=1') });
  commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(dir, { 'payload.html': file('export A=2', 'export B=2') });
  commit = commitAll(dir, 'Second', '2026-03-01T09:00:00Z');
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a private key shown in two hunks of one diff', () => {
  it('every body line of both hunks is redacted on the commit page', async () => {
    const opened = await openRepository(dir);
    if (!('repository' in opened)) throw new Error(opened.problem);
    const details = await describeCommit(opened.repository, commit);
    if (!('oid' in details)) throw new Error(details.problem);
    const patch = details.changes[0]?.patch ?? '';
    expect(patch.split('\n').filter((l) => l.startsWith('@@')).length).toBe(2);
    const shown = await redactCommit(details, DEFAULT_SECRET_SETTINGS, undefined, await diffContextTexts(opened.repository, details));
    const lines = (shown.changes[0]?.patch ?? '').split('\n').filter((l) => /^[-+ ]/.test(l) && !l.startsWith('+++') && !l.startsWith('---'));
    expect(lines).toEqual([
      ' <!doctype html>',
      '-export A=1',
      '+export A=2',
      ' -----BEGIN RSA PRIVATE KEY-----',
      ' [redacted: private key]',
      ' [redacted: private key]',
      ' [redacted: private key]',
      ' [redacted: private key]',
      ' -----END RSA PRIVATE KEY-----',
      '-export B=1',
      '+export B=2',
      ' tail',
    ]);
  });
});
