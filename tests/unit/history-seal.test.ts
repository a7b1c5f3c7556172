/**
 * The seal of the history a build wrote (issue 30; src/lib/build-history/history-seal.ts): the
 * next build skips the secret scan of `history.json` only for the exact bytes written, all found
 * clean, under the same scan key. A history edited since, one whose read found a secret, or a seal
 * of another key is scanned (and redacted) as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordHistory } from '../../src/cli/history.ts';
import type { Output } from '../../src/cli/output.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { addedParts, readHistorySeal } from '../../src/lib/build-history/history-seal.ts';
import { appendBuild, type BuildHistory } from '../../src/lib/build-history/build-history.ts';
import { bbsRow } from '../history-fixtures.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';

let dir: string;
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}x9Y8z7`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-history-seal-'));
  await mkdir(join(dir, 'in', 'p1'), { recursive: true });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const quiet: Output = { result: () => undefined, info: () => undefined, error: () => undefined };
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** One build's history step over the rows `n`, reading and writing `file`. */
async function build(n: number, file: string, cacheDir: string): Promise<string> {
  await writeFile(join(dir, 'in', 'p1', 'decisions.jsonl'), `${Array.from({ length: n }, (_, i) => bbsRow(i + 1)).join('\n')}\n`);
  const archive = await analyseArchive({ roots: [join(dir, 'in')], cacheDir });
  const outDir = join(dir, `site-${n}`);
  const pending = await recordHistory({ history: file }, outDir, cacheDir, archive.projects, `run-${n}`, quiet, true, archive.secrets, DEFAULT_SECRET_SETTINGS);
  await pending.write(outDir);
  await pending.commit();
  return readFile(file, 'utf8');
}

describe('the history seal', () => {
  it('is the sha256 of the bytes written when every text is clean; a history edited since is scanned again and redacted, and its seal goes until a clean one is written', async () => {
    const file = join(dir, 'h1', 'history.json');
    await mkdir(join(dir, 'h1'));
    const cacheDir = join(dir, 'cache-1');
    const first = await build(1, file, cacheDir);
    expect(await readHistorySeal(cacheDir)).toEqual({ format: 1, key: expect.stringMatching(/^[0-9a-f]{64}$/), sha256: sha256(first) });

    // A secret put into the history after it was written: its bytes are not the sealed ones.
    const edited = JSON.parse(first) as BuildHistory;
    const state = Object.values(edited.states)[0] as BuildHistory['states'][string];
    state.title = `deploy with ${TOKEN}`;
    await writeFile(file, `${JSON.stringify(edited)}\n`);
    const second = await build(2, file, cacheDir);
    expect(second).not.toContain(TOKEN);
    expect(second).toContain('deploy with [redacted: GitHub token]');
    // What was read held a secret: the history written is not sealed.
    expect(await readHistorySeal(cacheDir)).toBeNull();
    const third = await build(3, file, cacheDir);
    expect(await readHistorySeal(cacheDir)).toEqual({ format: 1, key: expect.any(String), sha256: sha256(third) });
  });

  it('of another scan key (other code, settings or scanner) does not spare the scan', async () => {
    const file = join(dir, 'h2', 'history.json');
    await mkdir(join(dir, 'h2'));
    const cacheDir = join(dir, 'cache-2');
    const first = await build(1, file, cacheDir);
    const edited = first.replace(/"title":"[^"]*"/, `"title":"deploy with ${TOKEN}"`);
    await writeFile(file, edited);
    await writeFile(join(cacheDir, 'history-seal.json'), JSON.stringify({ format: 1, key: 'another key', sha256: sha256(edited) }));
    const second = await build(2, file, cacheDir);
    expect(second).not.toContain(TOKEN);
    expect(second).toContain('deploy with [redacted: GitHub token]');
  });

  it('counts as added the newest build record and every state whose content is not the one read', () => {
    const state = (title: string, rows: string) => ({ title, counts: { rows: 1, flags: { high: 0, medium: 0, low: 0 }, pointers: { verified: 0, failed: 0, notCheckable: 0 }, openBlockers: 0 }, rows, flags: {} });
    const previous = appendBuild(null, { projects: [{ id: 'a', key: 'sA', state: state('A', 'r1') }, { id: 'b', key: 'sB', state: state('B', 'r1') }], latest: null }, 20);
    // b's state has the key it had but not its content (its texts were redacted as read).
    const next = appendBuild(previous, { projects: [{ id: 'a', key: 'sA', state: state('A', 'r1') }, { id: 'b', key: 'sB', state: state('B', 'r2') }, { id: 'c', key: 'sC', state: state('C', 'r1') }], latest: null }, 20);
    expect(addedParts(next, previous)).toEqual([next.builds[1], { sB: state('B', 'r2') }, { sC: state('C', 'r1') }]);
  });
});
