/**
 * `trailbook check` counts a project's problems as the archive home does when a baseline
 * accepts some of its flags (count15): the line said `15 flags (10 high, 4 medium, 1 low;
 * 3 accepted), 15 problems` where the home's row said `12 problems`; it now says the open ones,
 * `12 open problems`, and without a baseline it still says `15 problems`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { homeProblemsText } from '../../src/lib/archive/accepted-counts.ts';
import { acceptedOf } from '../../src/lib/archive/accepted-counts.ts';

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
let baseline: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-check-accepted-'));
  baseline = join(dir, 'trailbook.baseline.json');
  const out = capture();
  expect(await main(['baseline', 'content', '--quiet', '--reason', 'planted', '--baseline', baseline, '--kind', 'evidence/path-not-found', 'trail/supersedes-forward'], out)).toBe(0);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The counts line under the project header `header`. */
const lineAfter = (results: readonly string[], header: string): string => results[results.indexOf(header) + 1] ?? '';

describe('check counts the problems still open, as the home does', () => {
  it('says 12 open problems of Planted faults when 3 of its flags are accepted', async () => {
    const out = capture();
    expect(await main(['check', 'content', '--quiet', '--baseline', baseline], out)).toBe(0);
    expect(lineAfter(out.results, 'Planted faults (tickets-faults)  content/tickets/faults')).toBe('  15 rows, 1 invalid record, 15 flags (10 high, 4 medium, 1 low; 3 accepted), 12 open problems; repository: content/repos/example.git @ 90ccfe22d4e9');
    // The home's row, for the same project and baseline.
    const json = capture();
    await main(['check', 'content', '--quiet', '--json', '--baseline', baseline], json);
    const doc = JSON.parse(json.results.join('\n')) as { projects: Array<{ id: string; counts: Parameters<typeof homeProblemsText>[0]['counts']; flags: Array<{ severity: 'high' | 'medium' | 'low'; kind: string; summary: string; layer: string; rows: string[]; at: Array<{ file: string; line: number }>; accepted?: string }> }> };
    const p = doc.projects.find((x) => x.id === 'tickets-faults');
    const a = p && acceptedOf(p.flags as never, p.flags.map((f) => f.accepted ?? null));
    expect(p && a && homeProblemsText(p, new Map([[p.id, a]]))).toBe('12 problems');
  }, 60_000);

  it('says every problem, as before, without a baseline', async () => {
    const plain = capture();
    expect(await main(['check', 'content', '--quiet', '--baseline', join(dir, 'none.json')], plain)).toBe(2);
    expect(await main(['check', 'content', '--quiet'], plain)).toBe(0);
    expect(lineAfter(plain.results, 'Planted faults (tickets-faults)  content/tickets/faults')).toBe('  15 rows, 1 invalid record, 15 flags (10 high, 4 medium, 1 low), 15 problems; repository: content/repos/example.git @ 90ccfe22d4e9');
  }, 60_000);
});
