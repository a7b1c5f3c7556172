/**
 * `trailbook check` text output for an invalid record that is a whole file (line 0: a file not
 * read, e.g. unreadable or a link leading outside the input): it names the file, never
 * `file:0`, as --format github, markdown and sarif already do. Found in the round-2 trial.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-whole-file-'));
  await mkdir(join(dir, 'records', 'linked'), { recursive: true });
  await writeFile(join(dir, 'outside.jsonl'), '{"decision":"d","why":"w","evidence":"a.ts:1","result":"r"}\n');
  await symlink(join(dir, 'outside.jsonl'), join(dir, 'records', 'linked', 'decisions.jsonl'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('check text: an invalid whole file', () => {
  it('is named by its file, without a line 0', async () => {
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    expect(await main(['check', '--quiet', join(dir, 'records')], out)).toBe(0);
    // Said once (use16: its flag's line and an "invalid" line said it twice), marked as an invalid record.
    expect(results.filter((l) => l.includes('decisions.jsonl'))).toEqual([
      '  high   source/unreadable  decisions.jsonl was not read: symbolic link leads outside the input root; not followed  [invalid record]',
    ]);
  });
});
