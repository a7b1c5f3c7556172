/**
 * A secret on a line a cited commit removes is placed at that line of the parent's file, said to
 * be removed (lead16's trial on Trailbook's own repository: a commit moving secret-rule examples
 * out of src/lib/secrets/own-rules.ts was flagged five times at `own-rules.ts:38`, the new file's
 * line before the hunk's removals, a line holding no secret, so a person looking there found
 * nothing and five identical flags).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { patchPlaceAt } from '../../src/lib/secrets/evidence-secrets.ts';
import { git } from '../history-fixtures.ts';

const TOKEN = 'ghp_Q3fR8tY2uI9oP4aS7dF1gH6jK0lZ5xC3vB8n';

function row(ts: string, decision: string, evidence: string): string {
  const id = createHash('sha256').update(ts + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase: 'build', ticket: '', actor: 'lead', decision, why: 'w', evidence, result: 'verified' });
}

let dir: string;
let model: ProjectModel;
let sha: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-secret-removed-'));
  git(dir, ['init', '-q', '-b', 'main']);
  const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);
  lines[9] = `token = "${TOKEN}"`;
  await writeFile(join(dir, 'app.cfg'), `${lines.join('\n')}\n`);
  git(dir, ['add', 'app.cfg']);
  git(dir, ['commit', '-q', '-m', 'First'], '2026-03-01T08:00:00Z');
  await writeFile(join(dir, 'app.cfg'), `${['new top', ...lines.filter((_, i) => i !== 9)].join('\n')}\n`);
  git(dir, ['commit', '-q', '-am', 'Drop the token'], '2026-03-01T09:00:00Z');
  sha = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
  await writeFile(join(dir, 'decisions.jsonl'), [row('2026-03-01T09:01:00Z', 'start', 'app.cfg'), row('2026-03-01T09:02:00Z', 'Rotate', `commit ${sha}`)].join('\n') + '\n');
  await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void (model = m) });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a secret on a line a cited commit removes', () => {
  it('is placed at its line in the parent’s file, said to be removed', () => {
    const id = createHash('sha256').update('2026-03-01T09:02:00ZRotate').digest('hex').slice(0, 8);
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags.map((f) => f.summary)).toEqual([`GitHub token in commit ${sha} (app.cfg:10, a line it removed), cited by row ${id} (decisions.jsonl:2): redacted in every output`]);
  });

  it('reads each line of a hunk in its own file', () => {
    const patch = '@@ -3,3 +10,3 @@\n a\n-b\n+c\n+d\n e';
    expect([1, 2, 3, 4, 5].map((i) => patchPlaceAt(patch, i))).toEqual([
      { line: 10, removed: false },
      { line: 4, removed: true },
      { line: 11, removed: false },
      { line: 12, removed: false },
      { line: 13, removed: false },
    ]);
  });
});
