/**
 * Key bodies shown without their header (sec10). A cited file over 2,000 lines is shown as windows around the cited lines (sec10): a window
 * starting inside a private key's body held body lines no rule recognises without the key's
 * `-----BEGIN … PRIVATE KEY-----` header, which lay above the window, so they were published as
 * written. A cut excerpt is now redacted as its whole file reads. Likewise a cited commit that
 * changes lines inside a key far below its header: its hunk's context does not reach the header,
 * so the lines it showed were published; the changed files are now scanned whole with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { excerptText } from '../../src/lib/git/file-excerpt.ts';
import { diffContextTexts, redactCommit, redactExcerpt } from '../../src/lib/secrets/evidence-secrets.ts';
import { describeCommit } from '../../src/lib/git/commit-details.ts';
import { openRepository } from '../../src/lib/git/repository.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';

/** 40 lines of a made-up key body, 64 base64 characters each (digests, never a key). */
const BODY = Array.from({ length: 40 }, (_, i) => createHash('sha512').update(`line ${i}`).digest('base64').slice(0, 64));
const lines = [
  ...Array.from({ length: 100 }, (_, i) => `// filler ${i + 1}`),
  'const KEY = `-----BEGIN RSA PRIVATE KEY-----',
  ...BODY,
  '-----END RSA PRIVATE KEY-----`;',
  ...Array.from({ length: 2500 }, (_, i) => `// more ${i + 1}`),
];
const text = `${lines.join('\n')}\n`;

describe('a cut excerpt whose window starts inside a private key', () => {
  const excerpt = excerptText('src/keys.ts', text, [{ from: 181, to: 181 }]);

  it('the window starts inside the body, below the header', () => {
    expect(excerpt.windows[0]?.start).toBe(141);
    expect(excerpt.windows[0]?.lines.some((l) => l.includes('BEGIN'))).toBe(false);
    expect(excerpt.windows[0]?.lines[0]).toBe(BODY[39]);
  });

  it('scanned alone, its body line was shown as written; scanned as the whole file, it is redacted', async () => {
    expect((await redactExcerpt(excerpt, DEFAULT_SECRET_SETTINGS)).windows[0]?.lines[0]).toBe(BODY[39]);
    const shown = await redactExcerpt(excerpt, DEFAULT_SECRET_SETTINGS, undefined, text);
    expect(shown.windows[0]?.lines.slice(0, 3)).toEqual(['[redacted: private key]', '-----END RSA PRIVATE KEY-----`;', '// more 1']);
  });
});

describe('a commit that changes lines inside a private key, far below its header', () => {
  let dir: string;
  let rotated: string;
  let model: ProjectModel;
  const file = (body: string[]): string => `${[...Array.from({ length: 10 }, (_, i) => `// header ${i}`), 'export const KEY = `-----BEGIN RSA PRIVATE KEY-----', ...body, '-----END RSA PRIVATE KEY-----`;'].join('\n')}\n`;
  const NEW_LINE = createHash('sha512').update('rotated').digest('base64').slice(0, 64);
  beforeAll(async () => {
    dir = await fixtureDir('rotated-key');
    await initRepo(dir);
    await writeFiles(dir, { 'src/keys.ts': file(BODY), 'README.md': '# app\n' });
    commitAll(dir, 'Test key', '2026-03-01T08:00:00Z');
    await writeFiles(dir, { 'src/keys.ts': file(BODY.map((l, i) => (i === 30 ? NEW_LINE : l))) });
    rotated = commitAll(dir, 'Rotate the test key', '2026-03-01T09:00:00Z');
    await writeFiles(dir, { 'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'Rotated the key', rotated, 'start')]) });
    commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('its diff shows the changed body lines redacted, though the hunk does not reach the header', async () => {
    const opened = await openRepository(dir);
    if (!('repository' in opened)) throw new Error(opened.problem);
    const details = await describeCommit(opened.repository, rotated);
    if (!('oid' in details)) throw new Error(details.problem);
    const patch = details.changes.find((c) => c.path === 'src/keys.ts')?.patch ?? '';
    expect(patch).not.toContain('BEGIN');
    expect(patch).toContain(`+${NEW_LINE}`);
    // Scanned alone (as before sec10), the diff's body lines were shown as written.
    expect((await redactCommit(details, DEFAULT_SECRET_SETTINGS)).changes.find((c) => c.path === 'src/keys.ts')?.patch).toContain(`+${NEW_LINE}`);
    const shown = await redactCommit(details, DEFAULT_SECRET_SETTINGS, undefined, await diffContextTexts(opened.repository, details));
    const shownPatch = shown.changes.find((c) => c.path === 'src/keys.ts')?.patch ?? '';
    expect(shownPatch.split('\n').filter((l) => /^[-+ ]/.test(l) && !l.startsWith('+++') && !l.startsWith('---'))).toEqual([
      ' [redacted: private key]',
      ' [redacted: private key]',
      ' [redacted: private key]',
      `-[redacted: private key]`,
      '+[redacted: private key]',
      ' [redacted: private key]',
      ' [redacted: private key]',
      ' [redacted: private key]',
    ]);
  });

  it('and both keys, the one it removes and the one it adds, are flagged at the commit', () => {
    const short = rotated.slice(0, 7);
    const row = `cited by row ${model.rows[0]?.id} (decisions.jsonl:1): redacted in every output`;
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary)).toEqual([`private key in src/keys.ts:12 before commit ${short}, ${row}`, `private key in src/keys.ts:12 in commit ${short}, ${row}`]);
  });
});
