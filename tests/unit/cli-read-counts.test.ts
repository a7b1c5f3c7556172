/**
 * The CLI's "Read N projects: …" line counts each source format's records in words that agree
 * with the number: one row is "1 row from pstack TSV trails", never "1 rows" (a new-user
 * trial: a hand-written trail of one pstack row and a few bbs rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { ALL_FORMATS } from '../../src/lib/formats/all-formats.ts';
import { countedAsWords } from '../../src/lib/formats/format-lookup.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-read-counts-'));
  await mkdir(join(dir, 'one'));
  await writeFile(join(dir, 'one', 'decisions.tsv'), 'ts\tphase\tdecision\twhy\tevidence\tresult\n2026-12-02T09:00:00Z\tplan\tPick SQLite\tSingle user app\tdocs/adr.md\tverified\n');
  await mkdir(join(dir, 'two'));
  await writeFile(
    join(dir, 'two', 'decisions.tsv'),
    'ts\tphase\tdecision\twhy\tevidence\tresult\n2026-12-02T09:00:00Z\tplan\tPick SQLite\tSingle user app\tdocs/adr.md\tverified\n2026-12-02T10:00:00Z\tbuild\tAdd an index\tLogin was slow\tdocs/adr.md\topen\n',
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the CLI counts records in words that agree with the number', () => {
  it('says "1 row from pstack TSV trails" for one row', async () => {
    const infos: string[] = [];
    const out: Output = { result: () => {}, info: (t) => void infos.push(t), error: (t) => void infos.push(t) };
    expect(await main(['check', join(dir, 'one')], out)).toBe(0);
    expect(infos).toContain('Read 1 project: 1 row from pstack TSV trails.');
  });

  it('says "3 rows from pstack TSV trails" for three', async () => {
    const infos: string[] = [];
    const out: Output = { result: () => {}, info: (t) => void infos.push(t), error: (t) => void infos.push(t) };
    expect(await main(['check', dir], out)).toBe(0);
    expect(infos).toContain('Read 2 projects: 3 rows from pstack TSV trails.');
  });

  it('has a singular for every counted format', () => {
    const counted = ALL_FORMATS.filter((f) => f.countedAs !== undefined);
    expect(counted.filter((f) => f.countedAsOne === undefined).map((f) => f.id)).toEqual([]);
    for (const f of counted) expect([countedAsWords(f.id, 1), countedAsWords(f.id, 2)]).toEqual([f.countedAsOne, f.countedAs]);
    expect(countedAsWords('bbs-trail', 1)).toBe('row from bbs decisions.jsonl');
    expect(countedAsWords('beads', 1)).toBe('beads record');
    expect(countedAsWords('coord', 2)).toBe('coord.v1 events');
  });
});
