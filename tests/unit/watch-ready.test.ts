/**
 * `trailbook dev --poll` says "Serving … Watching …" once its watch sees changes: a polling
 * watch's first scan is its snapshot, so a file saved before that scan read it was never seen
 * (CI: `dev --poll` missed a configuration saved right after "Serving"). src/cli/watch.ts.
 */
import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchInputs } from '../../src/cli/watch.ts';

describe('a polling watch', () => {
  it('once ready, sees a file saved at once after it, in a tree of many files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trailbook-watch-'));
    try {
      const root = join(dir, 'in');
      for (let d = 0; d < 20; d++) {
        await mkdir(join(root, `p${d}`), { recursive: true });
        for (let f = 0; f < 20; f++) await writeFile(join(root, `p${d}`, `${f}.jsonl`), '{}\n');
      }
      const config = join(dir, 'trailbook.config.json');
      await writeFile(config, '{"title":"First title"}');
      const seen: string[][] = [];
      const watch = watchInputs({ roots: [root], files: [config], pollMs: 50, debounceMs: 10, onChange: (paths) => seen.push(paths) });
      try {
        expect(watch.mode).toBe('polling every 50 ms');
        await watch.ready;
        await writeFile(config, '{"title":"Second title"}');
        const until = Date.now() + 10_000;
        while (seen.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        expect(seen).toEqual([[config]]);
      } finally {
        watch.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
