/**
 * A record file that is not a regular file — a named pipe (FIFO), a socket — is never opened
 * (opening a FIFO for reading blocks until a writer comes): it is listed in its project as not
 * read, naming what it is, and counted, as a refused link is.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';

let dir: string;
let server: Server;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-special-'));
  await mkdir(join(dir, 'in', 'pipe'), { recursive: true });
  await mkdir(join(dir, 'in', 'sock'), { recursive: true });
  execFileSync('mkfifo', [join(dir, 'in', 'pipe', 'decisions.jsonl')]);
  await writeFile(join(dir, 'in', 'pipe', 'coordination.jsonl'), '');
  server = createServer();
  await new Promise<void>((done) => server.listen(join(dir, 'in', 'sock', 'decisions.jsonl'), done));
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await rm(dir, { recursive: true, force: true });
});

describe('record files that are not regular files', () => {
  it('lists a named pipe and a socket as not read, with a warning naming each, and never blocks', async () => {
    const models: ProjectModel[] = [];
    const result = await analyseArchive({ roots: [join(dir, 'in')], cacheDir: null, onModel: (m) => void models.push(m) });
    const invalid = models.map((m) => [m.id, m.invalid.map((r) => `${r.file}: ${r.error}`), m.flags.filter((f) => f.kind === 'source/unreadable').length]);
    expect(invalid).toEqual([
      ['pipe', ['decisions.jsonl: decisions.jsonl was not read: not a regular file (a named pipe)'], 1],
      ['sock', ['decisions.jsonl: decisions.jsonl was not read: not a regular file (a socket)'], 1],
    ]);
    expect(result.problems.map((p) => `${p.path.slice(dir.length)}: ${p.problem}`)).toEqual([
      '/in/pipe/decisions.jsonl: not a regular file (a named pipe)',
      '/in/sock/decisions.jsonl: not a regular file (a socket)',
    ]);
  });
});
