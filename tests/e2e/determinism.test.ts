/**
 * Determinism (issue 6, scope 7): two builds of the same input — the hostile corpus and the
 * bundled example corpus — into two output folders at different depths, each with its own
 * cache folder, are byte-identical: no timestamp, no machine path, no hash-ordered iteration
 * and no staging-folder name reaches a page, an asset name, a search index or an export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { makeHostileCorpus } from '../../scripts/make-hostile-corpus.ts';
import { REPO_ROOT, runCli } from './build-site.ts';
import { listing } from './file-listing.ts';

let tmp: string;
const outs: string[] = [];


beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'trailbook-determinism-'));
  const manifest = await makeHostileCorpus(join(tmp, 'input'), { huge: false });
  const inputs = [manifest.corpus, join(REPO_ROOT, 'content')];
  for (const [out, cache] of [
    [join(tmp, 'a', 'site'), join(tmp, 'a', 'cache')],
    [join(tmp, 'b', 'deeper', 'still', 'site'), join(tmp, 'cache-b')],
  ] as const) {
    await mkdir(join(out, '..'), { recursive: true });
    const run = await runCli(['build', ...inputs, '--out', out, '--cache-dir', cache]);
    if (run.code !== 0) throw new Error(`trailbook build failed (${run.code}):\n${run.stderr}\n${run.stdout}`);
    outs.push(out);
  }
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('two builds of the same input', () => {
  it('write the same files', async () => {
    const [a, b] = [await listing(outs[0] as string), await listing(outs[1] as string)];
    expect(a.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
  });

  it('write every file byte for byte the same', async () => {
    const differ: string[] = [];
    for (const rel of await listing(outs[0] as string)) {
      const [x, y] = await Promise.all(outs.map((o) => readFile(join(o, ...rel.split('/'))).catch(() => Buffer.alloc(0))));
      if (!(x as Buffer).equals(y as Buffer)) {
        let at = 0;
        while (at < (x as Buffer).length && (x as Buffer)[at] === (y as Buffer)[at]) at++;
        differ.push(`${rel} at byte ${at}: ${JSON.stringify((x as Buffer).subarray(Math.max(0, at - 40), at + 40).toString('utf8'))} vs ${JSON.stringify((y as Buffer).subarray(Math.max(0, at - 40), at + 40).toString('utf8'))}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
