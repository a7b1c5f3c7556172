/**
 * A secret that only the trail's git history holds (a row pasted with a token, then rewritten
 * or deleted) is found and redacted; the flag must say where a person finds it (fresh trial:
 * it said "GitHub token in decisions.jsonl", a file that no longer holds it, with no line and
 * no commit). Built on a repository made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';

function row(ts: string, decision: string, why: string, evidence = 'src.txt'): string {
  const id = createHash('sha256').update(ts + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase: 'build', ticket: '', actor: 'lead', decision, why, evidence, result: 'verified' });
}

let dir: string;
let model: ProjectModel;
let first: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-secret-history-'));
  git(dir, ['init', '-q', '-b', 'main']);
  await writeFile(join(dir, 'src.txt'), 'a\n');
  const start = row('2026-03-01T08:00:00Z', 'start', 'w');
  await writeFile(
    join(dir, 'decisions.jsonl'),
    [start, row('2026-03-01T08:01:00Z', 'Deploy', 'pushed with ghp_Hq8mN3vB7xK2pL9wR4tY6uH1jF5dS0aE3cG9'), row('2026-03-01T08:02:00Z', 'Migrate', 'ran with PGPASSWORD=Xy7q9Lm2Np4Rs8Tv psql')].join('\n') + '\n',
  );
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Trail'], '2026-03-01T09:00:00Z');
  first = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
  await writeFile(join(dir, 'decisions.jsonl'), [start, row('2026-03-01T08:01:00Z', 'Deploy', 'pushed with the deploy token')].join('\n') + '\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Scrub'], '2026-03-01T10:00:00Z');
  await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void (model = m) });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a secret only the trail history holds', () => {
  it('is flagged at its line as committed, not at the file as it is now', () => {
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags.map((f) => f.summary)).toEqual([
      `GitHub token in decisions.jsonl:2 as committed in ${first}: redacted in every output`,
      `password in a KEY=value assignment in decisions.jsonl:3 as committed in ${first} (record ${createHash('sha256').update('2026-03-01T08:02:00ZMigrate').digest('hex').slice(0, 8)}): redacted in every output`,
    ]);
    // No annotation on the file as it is now: line 2 there holds no secret, line 3 is gone.
    expect(flags.map((f) => f.at)).toEqual([[], []]);
  });

  it('is redacted in the history the model keeps', () => {
    const text = JSON.stringify(model);
    expect(text).not.toContain('ghp_Hq8mN3vB7xK2pL9wR4tY6uH1jF5dS0aE3cG9');
    expect(text).not.toContain('Xy7q9Lm2Np4Rs8Tv');
  });
});
