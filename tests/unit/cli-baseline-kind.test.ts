/**
 * `trailbook baseline --kind` (src/cli/commands/baseline.ts). Found by use7: a mistyped kind,
 * or a folder written after `--kind KIND...` (which takes every word after it), wrote a
 * baseline accepting nothing, exit 0, saying only "0 accepted flags".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';

interface Captured extends Output {
  results: string[];
  infos: string[];
  errors: string[];
}

function capture(): Captured {
  const c: Captured = { results: [], infos: [], errors: [], result: (t) => void c.results.push(t), info: (t) => void c.infos.push(t), error: (t) => void c.errors.push(t) };
  return c;
}

let dir: string;
let records: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-baseline-kind-'));
  records = join(dir, 'runs');
  await mkdir(records);
  // A row whose id is not the digest of its fields (trail/id-mismatch, medium), no repository.
  await writeFile(join(records, 'decisions.jsonl'), '{"id":"aaaa0001","ts":"2026-03-02T09:05:00Z","phase":"start","ticket":"","actor":"lead","decision":"Start","why":"begin","evidence":"src/a.ts:1","result":"verified"}\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('baseline --kind', () => {
  it('refuses a kind no flag has and Trailbook never raises, naming the kinds there are; writes nothing', async () => {
    const file = join(dir, 'typo.json');
    const out = capture();
    expect(await main(['baseline', records, '--quiet', '--reason', 'old', '--baseline', file, '--kind', 'trail/id-missmatch'], out)).toBe(2);
    expect(out.errors).toEqual(["--kind trail/id-missmatch: not a kind of Trailbook's flags nor of these records' flags; nothing was written"]);
    expect(out.infos.at(-1)).toBe('  fix: use kinds as trailbook check prints them (these records have trail/id-mismatch; every kind: docs/checks.md); put folders before --kind: trailbook baseline DIR --kind KIND');
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a folder written after --kind, which commander reads as a kind', async () => {
    const file = join(dir, 'folder.json');
    const out = capture();
    expect(await main(['baseline', '--quiet', '--reason', 'old', '--baseline', file, '--kind', 'trail/id-mismatch', records], out)).toBe(2);
    expect(out.errors).toEqual([`--kind ${records}: not a kind of Trailbook's flags nor of these records' flags; nothing was written`]);
  });

  it('accepts the kinds asked for, and notes a kind Trailbook raises that no flag here has', async () => {
    const file = join(dir, 'good.json');
    const out = capture();
    expect(await main(['baseline', records, '--quiet', '--reason', 'old', '--baseline', file, '--kind', 'trail/id-mismatch', 'evidence/commit-not-found'], out)).toBe(0);
    expect(out.errors).toEqual([]);
    expect(out.infos.filter((l) => l.includes('note:'))).toEqual(['  note: no flag here is of kind evidence/commit-not-found; none accepted for it']);
    const written = JSON.parse(await readFile(file, 'utf8')) as { accepted: Array<{ kind: string }> };
    expect(written.accepted.map((e) => e.kind)).toEqual(['trail/id-mismatch']);
  });
});
