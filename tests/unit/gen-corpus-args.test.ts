/**
 * The corpus generators' flags (rel15: `gen-corpus-real.ts --help` ignored the flag and
 * generated a 10-project corpus into the working folder; a misspelt flag was ignored the same way).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let cwd: string;
beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'tb-gen-args-'));
});
afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

const run = (script: string, args: string[]) => spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { cwd, encoding: 'utf8' });

describe('the corpus generators', () => {
  for (const script of ['gen-corpus.ts', 'gen-corpus-real.ts']) {
    it(`${script}: --help prints the usage and writes nothing; a misspelt flag stops, exit 2`, async () => {
      const help = run(script, ['--help']);
      expect([help.status, help.stdout.split('\n')[0]?.startsWith(`Usage: node scripts/${script} --projects 100 --rows 1000`)]).toEqual([0, true]);
      const wrong = run(script, ['--projcts', '3']);
      expect([wrong.status, wrong.stderr.split('\n')[0]]).toEqual([2, "Unknown option '--projcts'"]);
      expect(await readdir(cwd)).toEqual([]);
    });
  }
});
