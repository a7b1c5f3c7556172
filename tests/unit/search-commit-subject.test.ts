/**
 * A cited commit is found by what it did: its search record holds its subject (the first line of
 * its message, as a citing row's VERIFIED reason quotes it), so an auditor who remembers
 * "the commit that fixed the login race" finds it, and from its page the rows resting on it.
 * Before, a commit's record held only its SHA and its counts: a search for its subject found
 * nothing (session note, 2026-12-04: "a commit's subject is not searchable").
 */
import { describe, expect, it } from 'vitest';
import { memorySite } from './search-memory-site.ts';
import { repositoryRecords } from '../../src/lib/search/evidence-records.ts';
import { withCommitSubjects, type StoredCited } from '../../src/lib/archive/evidence-entries.ts';
import type { EvidencePointer } from '../../src/lib/model/types.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);

const commitPointer = (oid: string, subject: string | null, status: EvidencePointer['status'] = 'VERIFIED'): EvidencePointer =>
  ({
    raw: oid.slice(0, 7),
    kind: 'commit',
    status,
    reason: subject === null ? `tag v1 names commit ${oid.slice(0, 7)}` : `commit ${oid.slice(0, 7)} exists: “${subject}”`,
    target: { type: 'commit', oid },
    ...(subject === null ? {} : { reasonKind: { kind: 'commit-exists', subject } }),
  }) as EvidencePointer;

describe('withCommitSubjects', () => {
  const stored: StoredCited = {
    commits: [
      { oid: A, by: [{ rowId: '1', anchor: 'row-1', decision: 'd' }] },
      { oid: B, by: [{ rowId: '2', anchor: 'row-2', decision: 'd' }] },
      { oid: C, by: [{ rowId: '3', anchor: 'row-3', decision: 'd' }] },
    ],
    files: [],
  };

  it('gives each commit the subject the first row quoting it quotes; a commit no reason quotes (a tag, a range) has none', () => {
    const rows = [{ evidence: [commitPointer(A, 'Fix the login race in session refresh')] }, { evidence: [commitPointer(A, 'later copy'), commitPointer(B, null)] }];
    expect(withCommitSubjects(stored, rows).commits.map((c) => [c.oid.slice(0, 1), c.subject ?? null])).toEqual([
      ['a', 'Fix the login race in session refresh'],
      ['b', null],
      ['c', null],
    ]);
  });

  it('leaves its input as it was, and returns it when no row quotes a subject', () => {
    const rows = [{ evidence: [commitPointer(A, 'Fix')] }];
    withCommitSubjects(stored, rows);
    expect(stored.commits[0]).not.toHaveProperty('subject');
    expect(withCommitSubjects(stored, [{ evidence: [commitPointer(C, null)] }])).toBe(stored);
  });
});

describe('a commit’s search record', () => {
  const records = repositoryRecords('repo.git', [
    { projectTitle: 'P1', commits: [{ oid: A, by: [{ anchor: 'row-1' }] }] as never, files: [] },
    { projectTitle: 'P2', commits: [{ oid: A, subject: 'Fix the login race in session refresh', by: [{ anchor: 'row-9' }, { anchor: 'row-10' }] }, { oid: B, by: [{ anchor: 'row-2' }] }] as never, files: [] },
  ]);

  it('says the commit’s subject before its counts', () => {
    expect(records.map((r) => r.body)).toEqual(['“Fix the login race in session refresh”. Cited by 3 rows of P1, P2.', 'Cited by 1 row of P2.']);
  });

  it('is not found by the words that only count its citations (“Cited by 3 rows of P1”): a search for them listed every commit and file', async () => {
    const withFile = [...records, ...repositoryRecords('repo.git', [{ projectTitle: 'P1', commits: [], files: [{ path: 'src/a.ts', origin: 'repository', ranges: [{ from: 1, to: 2 }], by: [{ anchor: 'row-1' }] }] as never }])];
    const engine = (await memorySite([{ key: 'r/repo.git', title: 'repo.git', project: 'repo.git', records: withFile }])).engine();
    for (const q of ['cited rows', 'rows of', 'file', 'lines']) expect([q, (await engine.search(q, {})).hits.length]).toEqual([q, 0]);
    const out = await engine.search('src/a.ts', {});
    expect((await engine.show(out.hits.slice(), out)).map((h) => [h.href, h.excerpt])).toEqual([['/r/repo.git/file/src/a.ts/', [{ mark: false, text: 'File in repo.git, cited by 1 row at lines 1-2.' }]]]);
  });

  it('is found by words of its subject, landing on the commit’s page', async () => {
    const engine = (await memorySite([{ key: 'r/repo.git', title: 'repo.git', project: 'repo.git', records }])).engine();
    const out = await engine.search('login race', {});
    expect((await engine.show(out.hits.slice(), out)).map((h) => h.href)).toEqual([`/r/repo.git/commit/${A}/`]);
  });
});
