/**
 * A record file saved as UTF-16 (Windows PowerShell's `>` writes UTF-16LE with a byte-order
 * mark): its first line says so and how to fix it, instead of only "holds a NUL byte". Found in
 * the round-2 trial (src/lib/text/lines.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nulMessage, splitLines } from '../../src/lib/text/lines.ts';
import { readBbsTrail } from '../../src/lib/adapters/bbs-trail.ts';
import { readPstackTrail } from '../../src/lib/adapters/pstack-trail.ts';

const utf16le = (text: string): Uint8Array => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);

describe('a UTF-16 record file', () => {
  it('is named as UTF-16 on its first line, with the fix', () => {
    const [first, second] = splitLines(utf16le('{"decision":"d"}\n{"decision":"e"}\n'));
    expect(nulMessage(first!)).toBe('line 1 holds a NUL byte (at byte 4): the file is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and is not read; save it as UTF-8');
    expect(nulMessage(second!)).toBe('line 2 holds a NUL byte (at byte 1): it is not text, and is not read');
  });

  it('big-endian too', () => {
    const [first] = splitLines(new Uint8Array([0xfe, 0xff, ...Buffer.from('{"a":1}', 'utf16le').swap16()]));
    expect(nulMessage(first!)).toBe('line 1 holds a NUL byte (at byte 3): the file is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and is not read; save it as UTF-8');
  });

  it('leaves other lines holding a NUL as they were', () => {
    const [first] = splitLines(new Uint8Array([0x61, 0x00, 0x62]));
    expect(nulMessage(first!)).toBe('line 1 holds a NUL byte (at byte 2): it is not text, and is not read');
  });
});

// A new-user trial: a decisions.jsonl of one row saved as UTF-16LE with CRLF was flagged
// "is not a decision trail: 2 lines of another shape (no line is a JSON object with a decision,
// why, …)", untrue of a file whose row holds every field; the flag now says what is wrong.
describe('a UTF-16 trail file is flagged as UTF-16, not as another shape', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-utf16-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('decisions.jsonl', async () => {
    const row = JSON.stringify({ id: 'aaaaaaaa', ts: '2026-12-03T10:00:00Z', phase: 'build', ticket: '', actor: 'lead', decision: 'Ship it', why: 'done', evidence: 'README.md', result: 'verified' });
    const bytes = utf16le(`${row}\r\n`);
    await writeFile(join(dir, 'decisions.jsonl'), bytes);
    const out = await readBbsTrail(join(dir, 'decisions.jsonl'), 'decisions.jsonl', bytes.length);
    expect(out.warnings.map((w) => [w.kind, w.message])).toEqual([
      ['trail/not-a-trail', 'decisions.jsonl is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and was not read: save it as UTF-8; its 2 lines as read are kept raw under Invalid records'],
    ]);
  });

  it('decisions.tsv', async () => {
    const bytes = utf16le('ts\tphase\tdecision\twhy\tevidence\tresult\n2026-12-02T09:00:00Z\tplan\tPick SQLite\tOne user\tdocs/adr.md\tverified\n');
    await writeFile(join(dir, 'decisions.tsv'), bytes);
    const out = await readPstackTrail(join(dir, 'decisions.tsv'), 'decisions.tsv', bytes.length);
    expect(out.warnings.map((w) => [w.kind, w.message])).toEqual([
      ['trail/not-a-trail', 'decisions.tsv is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and was not read: save it as UTF-8; its 3 lines as read are kept raw under Invalid records'],
    ]);
  });
});
