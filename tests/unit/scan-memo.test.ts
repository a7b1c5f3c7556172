/**
 * The memo of clean secret scans (issue 30, src/lib/secrets/scan-memo.ts): a rebuild after a
 * row is appended does not read again the cited commits and files an earlier build found
 * clean, and finds every secret the first build found; a memo of other code, or altered, is
 * dropped with a notice and everything is scanned again.
 */
import { appendFile, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { onCacheNotice } from '../../src/lib/fs/cache-notice.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { ScanMemo } from '../../src/lib/secrets/scan-memo.ts';
import { makeSecretProject } from '../secret-fixtures.ts';

const secretFlags = (model: ProjectModel): string[] => model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary).sort();

describe('a rebuild with the memo of clean scans', () => {
  let dir: string;
  let cache: string;
  let first: ProjectModel;
  const analyse = async (): Promise<{ model: ProjectModel; changed: string[]; notices: string[] }> => {
    const models: ProjectModel[] = [];
    const notices: string[] = [];
    onCacheNotice((line) => notices.push(line));
    try {
      const result = await analyseArchive({ roots: [join(dir, 'proj')], cacheDir: cache, onModel: (m) => void models.push(m) });
      return { model: models[0] as ProjectModel, changed: result.changed, notices };
    } finally {
      onCacheNotice(null);
    }
  };
  const appendRow = (n: number): Promise<void> =>
    appendFile(join(dir, 'proj', 'decisions.jsonl'), `${JSON.stringify({ ts: `2026-04-02T09:0${n}:00Z`, phase: 'phase-3', decision: `Appended ${n}`, why: 'a later row', evidence: 'README.md:1', result: 'verified' })}\n`);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-scan-memo-'));
    cache = join(dir, 'cache');
    await makeSecretProject(join(dir, 'proj'));
    first = (await analyse()).model;
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('remembers the clean scans only, keyed by this code and settings', async () => {
    const memo = JSON.parse(await readFile(join(cache, 'secret-scans.json'), 'utf8')) as { format: number; clean: string[] };
    expect(memo.format).toBe(1);
    // README.md at the landed head and the first commit hold nothing; .env, the configuration commit and the deploy key do.
    expect(memo.clean.length).toBeGreaterThan(0);
    expect(secretFlags(first).length).toBeGreaterThanOrEqual(5);
  });

  it('after a row is appended, finds every secret the first build found, in the same words', async () => {
    await appendRow(1);
    const again = await analyse();
    expect(again.changed).toEqual([first.id]);
    expect(again.notices).toEqual([]);
    expect(secretFlags(again.model)).toEqual(secretFlags(first));
  });

  it('an altered memo is dropped with a notice, and the scan is the same', async () => {
    const file = join(cache, 'secret-scans.json');
    const memo = JSON.parse(await readFile(file, 'utf8')) as { clean: string[] };
    memo.clean = [...memo.clean, 'f'.repeat(40)];
    await writeFile(file, JSON.stringify(memo));
    await appendRow(2);
    const again = await analyse();
    expect(again.notices).toEqual(["  notice: the cache's secret-scans.json is damaged (its entries are not as written: their sha256 differs); made again from the input"]);
    expect(secretFlags(again.model)).toEqual(secretFlags(first));
  });

  it('a memo cut short (a disk that filled) is dropped with a notice, and the scan is the same', async () => {
    await truncate(join(cache, 'secret-scans.json'), 5);
    await appendRow(3);
    const again = await analyse();
    expect(again.notices).toEqual(["  notice: the cache's secret-scans.json is damaged (not JSON: cut short or altered); made again from the input"]);
    expect(secretFlags(again.model)).toEqual(secretFlags(first));
    // Written again whole (this process scanned from its own memory, so the next build fills it).
    expect(JSON.parse(await readFile(join(cache, 'secret-scans.json'), 'utf8')).format).toBe(1);
  });

  it('a memo of other code or settings holds nothing', async () => {
    const mine = await ScanMemo.open(cache, 'code-a');
    mine.markClean('e1');
    await mine.save();
    expect((await ScanMemo.open(cache, 'code-a')).isClean('e1')).toBe(true);
    expect((await ScanMemo.open(cache, 'code-b')).isClean('e1')).toBe(false);
  });
});
