/**
 * A record file that is not a regular file — a named pipe (FIFO), a socket — is never opened
 * (opening a FIFO for reading blocks until a writer comes): it is listed in its project as not
 * read, naming what it is, and counted, as a refused link is. A binary file named like a line
 * record file (random bytes, a PNG renamed) is one invalid record for the whole file, not one
 * per line it happens to hold; a UTF-16 file keeps its own message, a text file with one stray
 * byte is still read line by line.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { binaryReason } from '../../src/lib/text/lines.ts';

let dir: string;
let server: Server;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-special-'));
  await mkdir(join(dir, 'in', 'pipe'), { recursive: true });
  await mkdir(join(dir, 'in', 'sock'), { recursive: true });
  for (const name of ['random', 'png', 'utf16', 'latin1']) await mkdir(join(dir, 'bin', name), { recursive: true });
  // 5 KB of pseudo-random bytes (a fixed linear congruential sequence: the test is deterministic).
  let seed = 12345;
  const random = Buffer.alloc(5 * 1024, 0).map(() => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16);
  await writeFile(join(dir, 'bin', 'random', 'decisions.jsonl'), random);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), random.subarray(0, 2000)]);
  await writeFile(join(dir, 'bin', 'png', 'decisions.jsonl'), png);
  await writeFile(join(dir, 'bin', 'utf16', 'decisions.jsonl'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"decision":"d"}\n{"decision":"e"}\n', 'utf16le')]));
  await writeFile(join(dir, 'bin', 'latin1', 'decisions.jsonl'), Buffer.concat([Buffer.from('{"decision":"caf'), Buffer.from([0xe9]), Buffer.from('"}\n{"decision":"tea"}\n')]));
  execFileSync('mkfifo', [join(dir, 'in', 'pipe', 'decisions.jsonl')]);
  await writeFile(join(dir, 'in', 'pipe', 'coordination.jsonl'), '');
  // A named pipe no record file is named like (a tool's): skipped without a word, as before.
  execFileSync('mkfifo', [join(dir, 'in', 'pipe', 'tool.fifo')]);
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

describe('binary record files', () => {
  it('makes one invalid record of a binary file, naming why, and keeps the UTF-16 and per-line messages', async () => {
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [join(dir, 'bin')], cacheDir: null, onModel: (m) => void models.push(m) });
    // (A stray byte in a text file stays that line's problem: the next line is read on.)
    const invalid = Object.fromEntries(models.map((m) => [m.id, m.invalid.slice(0, 3).map((r) => `${r.file}:${r.line} ${r.kind}: ${r.error}`)]));
    expect(invalid).toEqual({
      latin1: ['decisions.jsonl:1 trail/invalid-utf8: line 1 is not valid UTF-8', expect.stringMatching(/^decisions.jsonl:2 trail\/missing-field: /)],
      png: ['decisions.jsonl:0 source/binary: decisions.jsonl is binary (it holds NUL bytes and is not UTF-8 text): not read as records'],
      random: ['decisions.jsonl:0 source/binary: decisions.jsonl is binary (it holds NUL bytes and is not UTF-8 text): not read as records'],
      utf16: [
        'decisions.jsonl:1 trail/not-a-trail: not a decision trail: line 1 holds a NUL byte (at byte 4): the file is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and is not read; save it as UTF-8',
        'decisions.jsonl:2 trail/not-a-trail: not a decision trail: line 2 holds a NUL byte (at byte 1): it is not text, and is not read',
        'decisions.jsonl:3 trail/not-a-trail: not a decision trail: line 3 holds a NUL byte (at byte 1): it is not text, and is not read',
      ],
    });
    const random = models.find((m) => m.id === 'random') as ProjectModel;
    expect([random.flags.map((f) => f.kind), random.sources.map((f) => [f.path, f.bytes, f.valid, f.invalid])]).toEqual([['source/binary'], [['decisions.jsonl', 5120, 0, 1]]]);
    // The flag says the file once, with no line 0 (rel15: "decisions.jsonl:0: decisions.jsonl is binary …").
    expect(random.flags.map((f) => [f.summary, f.at])).toEqual([['decisions.jsonl is binary (it holds NUL bytes and is not UTF-8 text): not read as records', [{ file: 'decisions.jsonl', line: 0 }]]]);
  });
});

describe('binaryReason', () => {
  it('calls text with tabs, ANSI colours, a stray NUL or a cut multi-byte character text, and names why bytes are binary', () => {
    expect(binaryReason(Buffer.from('ts\tphase\n\u001b[31mred\u001b[0m\n'))).toBeNull();
    expect(binaryReason(Buffer.from(`${'{"decision":"ok"}\n'.repeat(20)}\u0000\n`))).toBeNull();
    expect(binaryReason(Buffer.from('café').subarray(0, 4))).toBeNull();
    expect(binaryReason(new Uint8Array([0xff, 0xfe, 0x7b, 0x00]))).toBeNull();
    expect(binaryReason(new Uint8Array([0x00, 0x01, 0x02, 0x41]))).toBe('it holds NUL bytes');
    expect(binaryReason(new Uint8Array([0xc3, 0x28, 0xa0, 0xa1, 0x41]))).toBe('it is not UTF-8 text');
    expect(binaryReason(new Uint8Array([0x01, 0x02, 0x03, 0x41]))).toBe('it is mostly control characters');
    expect(binaryReason(new Uint8Array([]))).toBeNull();
  });
});
