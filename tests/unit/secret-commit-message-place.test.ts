/**
 * A secret in the message of a commit a row cites is flagged at that commit, cited by the row:
 * the evidence reason Trailbook writes for the pointer quotes the commit's subject, and that
 * quote must not make the row's own line the place (tryout, round 7: "AWS access key id in
 * decisions.tsv:16 (row 15186806)", a line that holds no key, so a person looking there finds
 * nothing and may take the flag for a false alarm); nor the subject the pointer keeps for its
 * row card (`reasonKind`). Built on a repository made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { EvidencePointer, ProjectModel } from '../../src/lib/model/types.ts';
import { cardReason } from '../../src/lib/site/card-reason.ts';
import { citedWithRowPages, withCommitSubjects } from '../../src/lib/archive/evidence-entries.ts';
import { repositoryRecords } from '../../src/lib/search/evidence-records.ts';
import { git } from '../history-fixtures.ts';

const KEY = 'AKIAZ7QWERTYUIOPASDF';

function row(ts: string, decision: string, evidence: string): string {
  const id = createHash('sha256').update(ts + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase: 'build', ticket: '', actor: 'lead', decision, why: 'w', evidence, result: 'verified' });
}

let dir: string;
let model: ProjectModel;
let sha: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-secret-message-'));
  git(dir, ['init', '-q', '-b', 'main']);
  await writeFile(join(dir, 'src.txt'), 'a\n');
  git(dir, ['add', 'src.txt']);
  git(dir, ['commit', '-q', '-m', `Deploy with AWS ${KEY}`], '2026-03-01T09:00:00Z');
  sha = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
  await writeFile(join(dir, 'decisions.jsonl'), [row('2026-03-01T08:00:00Z', 'start', 'src.txt'), row('2026-03-01T08:01:00Z', 'Deploy', `commit ${sha}`)].join('\n') + '\n');
  await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void (model = m) });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a secret in the message of a cited commit', () => {
  it('is flagged at the commit, cited by the row, not in the row’s own line', () => {
    const id = createHash('sha256').update('2026-03-01T08:01:00ZDeploy').digest('hex').slice(0, 8);
    const flags = model.flags.filter((f) => f.kind === 'security/secret-in-record');
    expect(flags.map((f) => f.summary)).toEqual([`AWS access key id in commit ${sha} (message), cited by row ${id} (decisions.jsonl:2): redacted in every output`]);
    expect(flags.map((f) => f.at)).toEqual([[{ file: 'decisions.jsonl', line: 2 }]]);
  });

  it('is still redacted in the reason quoting the commit’s subject', () => {
    const row = model.rows.find((r) => r.decision === 'Deploy');
    expect(row?.evidence.map((p) => [p.status, p.reason])).toEqual([['VERIFIED', `commit ${sha} exists: “Deploy with AWS [redacted: AWS access key id]”`]]);
    expect(JSON.stringify(model)).not.toContain(KEY);
  });

  it('is redacted in the subject the pointer keeps for its row card (reasonKind), which the card shows so; the flag above is its only one', () => {
    const p = model.rows.find((r) => r.decision === 'Deploy')?.evidence[0] as EvidencePointer;
    expect(p.reasonKind).toEqual({ kind: 'commit-exists', subject: 'Deploy with AWS [redacted: AWS access key id]' });
    expect(cardReason(p, true)).toEqual({ kind: false, reason: '“Deploy with AWS [redacted: AWS access key id]”' });
  });

  it('is redacted in the subject the commit’s search record holds (the model store’s cited list)', () => {
    const stored = withCommitSubjects(citedWithRowPages(model.cited, model.rows), model.rows);
    expect(stored.commits.map((c) => c.subject)).toEqual(['Deploy with AWS [redacted: AWS access key id]']);
    expect(repositoryRecords('repo', [{ projectTitle: 'P', commits: stored.commits, files: [] }]).map((r) => r.body)).toEqual(['“Deploy with AWS [redacted: AWS access key id]”. Cited by 1 row of P.']);
  });
});
