/**
 * Evidence store entries are checked against the sha256 they were written with (rel12): a byte
 * flipped inside a string of a stored commit (`"Lin Example"` read back as `"Lin Exbmple"`)
 * keeps the entry valid JSON, and the store checked only that it parsed, so `build --full`
 * published the commit page with the altered author, and no notice. An altered entry is now
 * said and made again from the repository, as a cut one was.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasCitations, hasCommitDetails, hasFileExcerpt, readCitations, readCommitDetails, readKeyedExcerpt, writeCitations, writeCommitDetails, writeFileExcerpt, type StoredCommit } from '../../src/lib/archive/evidence-store.ts';
import { onCacheNotice } from '../../src/lib/fs/cache-notice.ts';

const OID = '90ccfe22d4e9cbf587d5f0cc760f0574088241de';
const commit = { oid: OID, subject: 'Document usage', message: 'Document usage\n', author: { name: 'Lin Example', email: 'lin@example.com', timestamp: 1772463600, timezoneOffset: 0 } } as unknown as StoredCommit;

let cacheDir: string;
let notices: string[];
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'evidence-seal-'));
  notices = [];
  onCacheNotice((line) => notices.push(line));
});
afterEach(async () => {
  onCacheNotice(null);
  await rm(cacheDir, { recursive: true, force: true });
});

/** Rewrites the one file under `folder` of the evidence store with `change` applied to its text. */
async function alter(folder: string, change: (text: string) => string): Promise<void> {
  const { readdir } = await import('node:fs/promises');
  const dir = join(cacheDir, 'evidence', folder);
  const [name] = await readdir(dir);
  const path = join(dir, name as string);
  const text = await readFile(path, 'utf8');
  const changed = change(text);
  expect(changed).not.toBe(text);
  await writeFile(path, changed);
}

describe('an evidence entry altered but still JSON', () => {
  it('a commit: not read back, said', async () => {
    await writeCommitDetails(cacheDir, 'repo', OID, commit);
    expect(await readCommitDetails(cacheDir, 'repo', OID)).toEqual(commit);
    await alter(join('commits', 'repo'), (t) => t.replace('Lin Example', 'Lin Exbmple'));
    expect(await hasCommitDetails(cacheDir, 'repo', OID)).toBe(false);
    expect(await readCommitDetails(cacheDir, 'repo', OID)).toBeNull();
    expect(notices).toEqual([
      `  notice: the cache's evidence/commits/repo/${OID}.json is damaged (not as written: its sha256 differs); made again from the input`,
      `  notice: the cache's evidence/commits/repo/${OID}.json is damaged (not as written: its sha256 differs); made again from the input`,
    ]);
  });

  it('a file excerpt and citations: not read back', async () => {
    await writeFileExcerpt(cacheDir, 'file:README.md', { path: 'README.md', totalLines: 2, bytes: 10, windows: [{ start: 1, lines: ['Rows of 4 KiB', 'b'] }] } as never, 'k');
    await writeCitations(cacheDir, 'file:README.md', [{ rowId: 'abc', decision: 'Adopt the cap' }]);
    expect(await hasFileExcerpt(cacheDir, 'file:README.md')).toBe(true);
    expect(await readCitations(cacheDir, 'file:README.md')).toEqual([{ rowId: 'abc', decision: 'Adopt the cap' }]);
    await alter('files', (t) => t.replace('Rows of', 'Rowz of'));
    await alter('citations', (t) => t.replace('Adopt', 'Adapt'));
    expect(await hasFileExcerpt(cacheDir, 'file:README.md')).toBe(false);
    expect(await readKeyedExcerpt(cacheDir, 'file:README.md')).toBeNull();
    expect(await hasCitations(cacheDir, 'file:README.md')).toBe(false);
    expect(await readCitations(cacheDir, 'file:README.md')).toBeNull();
  });

  it('a cut entry is said as before', async () => {
    await writeCommitDetails(cacheDir, 'repo', OID, commit);
    await alter(join('commits', 'repo'), (t) => t.slice(0, 1));
    expect(await readCommitDetails(cacheDir, 'repo', OID)).toBeNull();
    expect(notices).toEqual([`  notice: the cache's evidence/commits/repo/${OID}.json is damaged (not JSON: cut short or altered); made again from the input`]);
  });
});

describe('a run says each notice once', () => {
  it('onceEach passes a line on the first time only', async () => {
    const { onceEach, cacheNotice } = await import('../../src/lib/fs/cache-notice.ts');
    const lines: string[] = [];
    onCacheNotice(onceEach((line) => lines.push(line)));
    cacheNotice('evidence/commits/repo/a.json', 'not as written: its sha256 differs');
    cacheNotice('evidence/commits/repo/a.json', 'not as written: its sha256 differs');
    cacheNotice('evidence/files/b.json', 'empty');
    expect(lines).toEqual([
      "  notice: the cache's evidence/commits/repo/a.json is damaged (not as written: its sha256 differs); made again from the input",
      "  notice: the cache's evidence/files/b.json is damaged (empty); made again from the input",
    ]);
  });
});
