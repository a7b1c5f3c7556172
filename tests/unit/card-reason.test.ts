/**
 * What a row card says beside a verified evidence link (src/lib/site/card-reason.ts) follows
 * the kind of reason the resolver says it gave (`reasonKind`, set where src/lib/evidence/
 * resolve.ts makes the reason), never the reason's wording: each case's card text, a reworded
 * reason that keeps its kind, a generic-looking reason without one, and the pointers of a
 * generated repository resolved end to end (a reason rewritten after it was made loses its
 * kind, so its card shows it whole).
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git as gitAt } from '../history-fixtures.ts';
import { cardReason } from '../../src/lib/site/card-reason.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { resolveEvidence, type EvidenceContext } from '../../src/lib/evidence/resolve.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { openRepository, type GitRepository } from '../../src/lib/git/repository.ts';
import type { EvidencePointer, ReasonKind } from '../../src/lib/model/types.ts';

type Target = EvidencePointer['target'];

const FILE: Target = { type: 'file', path: 'src/q.go', origin: 'repository' };
const LINES: Target = { type: 'file', path: 'src/q.go', origin: 'repository', from: 24, to: 24 };
const COMMIT: Target = { type: 'commit', oid: '0edc03f0d0aa' };

const verified = (reason: string, target: Target, reasonKind?: ReasonKind): Pick<EvidencePointer, 'status' | 'reason' | 'reasonKind' | 'target'> => ({ status: 'VERIFIED', reason, ...(target ? { target } : {}), ...(reasonKind ? { reasonKind } : {}) });

describe('the card text of each kind of reason', () => {
  it.each<[string, Pick<EvidencePointer, 'status' | 'reason' | 'reasonKind' | 'target'>, boolean, { kind: boolean; reason: string }]>([
    ['a whole file at the landed head: nothing (its page says where and how long)', verified('file exists at landed head; 57 lines', FILE, { kind: 'file-at-head' }), true, { kind: false, reason: '' }],
    ['lines of it: nothing (its page marks them)', verified('line 24 of 57 exists at landed head', LINES, { kind: 'lines-at-head' }), true, { kind: false, reason: '' }],
    ['a commit: its subject, quoted', verified('commit 0edc03f exists: “Change 77: queue”', COMMIT, { kind: 'commit-exists', subject: 'Change 77: queue' }), true, { kind: false, reason: '“Change 77: queue”' }],
    ['a commit with no subject: nothing', verified('commit 0edc03f exists', COMMIT, { kind: 'commit-exists' }), true, { kind: false, reason: '' }],
    ['a commit through a tag or not landed (no kind): the reason whole, no kind word', verified('tag 1a2b3c4 → commit 0edc03f exists: “Spike”', COMMIT), true, { kind: false, reason: 'tag 1a2b3c4 → commit 0edc03f exists: “Spike”' }],
    ['a file found by another name (no kind): the reason whole, no kind word', verified('file exists at landed head as src/q.go (the only file named q.go); 57 lines', FILE), true, { kind: false, reason: 'file exists at landed head as src/q.go (the only file named q.go); 57 lines' }],
    ['a verified pointer with no page to link: kind and reason whole', verified('file exists at landed head; 57 lines', FILE, { kind: 'file-at-head' }), false, { kind: true, reason: 'file exists at landed head; 57 lines' }],
    ['a verified URL: kind and reason whole', verified('a URL of this project', { type: 'url', href: 'https://example.com/' }), true, { kind: true, reason: 'a URL of this project' }],
    ['not verified: kind and reason whole', { status: 'NOT_VERIFIED', reason: 'line 99 is past the end of src/q.go (57 lines at landed head)' }, true, { kind: true, reason: 'line 99 is past the end of src/q.go (57 lines at landed head)' }],
    ['inconclusive, even with a kind: kind and reason whole', { status: 'INCONCLUSIVE', reason: 'line 3 of 9 exists at landed head', target: LINES, reasonKind: { kind: 'lines-at-head' } }, true, { kind: true, reason: 'line 3 of 9 exists at landed head' }],
  ])('%s', (_name, p, linked, card) => {
    expect(cardReason(p, linked)).toEqual(card);
  });
});

describe('the card follows the kind, not the wording', () => {
  it('a reason worded otherwise keeps the card of its kind', () => {
    expect(cardReason(verified('the file is there at the landed head, 57 lines long', FILE, { kind: 'file-at-head' }), true)).toEqual({ kind: false, reason: '' });
    expect(cardReason(verified('lines 10 to 20 (of 43) are at the head', LINES, { kind: 'lines-at-head' }), true)).toEqual({ kind: false, reason: '' });
    // The subject comes from the kind, not from the reason: another wording, another quoting, the same card.
    expect(cardReason(verified('found commit 0edc03f, subject "Change 77: queue"', COMMIT, { kind: 'commit-exists', subject: 'Change 77: queue' }), true)).toEqual({ kind: false, reason: '“Change 77: queue”' });
  });

  it('a reason worded as the generic one, without its kind, is shown whole', () => {
    expect(cardReason(verified('file exists at landed head; 57 lines', FILE), true)).toEqual({ kind: false, reason: 'file exists at landed head; 57 lines' });
    expect(cardReason(verified('line 24 of 57 exists at landed head', LINES), true)).toEqual({ kind: false, reason: 'line 24 of 57 exists at landed head' });
    expect(cardReason(verified('commit 0edc03f exists: “Change 77: queue”', COMMIT), true)).toEqual({ kind: false, reason: 'commit 0edc03f exists: “Change 77: queue”' });
  });
});

let tmp: string;
let dir: string;
let repo: GitRepository;
let head: string;
let first: string;
let bare: string;
let side: string;

/** git in the fixture repository (tests/history-fixtures.ts: a fixed author, dates `at`), its output trimmed. */
const git = (cwd: string, args: string[], at?: string): string => gitAt(cwd, args, at).trim();

async function put(rel: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), text);
}

const lines = (n: number): string => `${Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n')}\n`;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-card-reason-'));
  dir = path.join(tmp, 'app');
  await mkdir(dir);
  await mkdir(path.join(tmp, 'project', 'notes'), { recursive: true });
  await writeFile(path.join(tmp, 'project', 'notes', 'run.md'), lines(4));
  git(dir, ['init', '-q', '-b', 'main']);
  await put('src/app/route.ts', lines(10));
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Change 77: queue'], '2026-03-02T09:01:00Z');
  first = git(dir, ['rev-parse', 'HEAD']);
  await put('src/app/route.ts', lines(20));
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '--allow-empty-message', '-m', ''], '2026-03-02T09:02:00Z');
  bare = git(dir, ['rev-parse', 'HEAD']);
  git(dir, ['tag', '-a', 'v1.0.0', '-m', 'v1.0.0']);
  git(dir, ['checkout', '-q', '-b', 'side']);
  await put('src/side.ts', lines(3));
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Spike'], '2026-03-02T09:03:00Z');
  side = git(dir, ['rev-parse', 'HEAD']);
  git(dir, ['checkout', '-q', 'main']);
  head = git(dir, ['rev-parse', 'HEAD']);
  const opened = await openRepository(dir);
  if (!('repository' in opened)) throw new Error(opened.problem);
  repo = opened.repository;
}, 30_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function ctx(): Promise<EvidenceContext> {
  return {
    repository: repo,
    repositoryName: 'app',
    head,
    problem: null,
    artifacts: new ArtifactFolder(path.join(tmp, 'project')),
    forges: [{ host: 'github.com', path: 'acme/app' }],
    workTrees: [await realpath(dir)],
  };
}

/** The one pointer a cell stands for (the last one: a pointer inside a command comes after it). */
async function one(cell: string): Promise<EvidencePointer> {
  const all = await resolveEvidence(classifyEvidence(cell), await ctx());
  return all[all.length - 1] as EvidencePointer;
}

const s = (oid: string): string => oid.slice(0, 7);

describe('the resolver says which reason it gave, where it makes it', () => {
  it('a file, its lines and a landed commit at the landed head: the generic reasons, each with its kind, and their cards', async () => {
    const file = await one('src/app/route.ts');
    expect([file.status, file.reason, file.reasonKind]).toEqual(['VERIFIED', 'file exists at landed head; 20 lines', { kind: 'file-at-head' }]);
    expect(cardReason(file, true)).toEqual({ kind: false, reason: '' });
    const lined = await one('src/app/route.ts:3-4');
    expect([lined.status, lined.reason, lined.reasonKind]).toEqual(['VERIFIED', 'lines 3–4 of 20 exist at landed head', { kind: 'lines-at-head' }]);
    expect(cardReason(lined, true)).toEqual({ kind: false, reason: '' });
    const commit = await one(s(first));
    expect([commit.status, commit.reason, commit.reasonKind]).toEqual(['VERIFIED', `commit ${s(first)} exists: “Change 77: queue”`, { kind: 'commit-exists', subject: 'Change 77: queue' }]);
    expect(cardReason(commit, true)).toEqual({ kind: false, reason: '“Change 77: queue”' });
    const untitled = await one(s(bare));
    expect([untitled.reason, untitled.reasonKind]).toEqual([`commit ${s(bare)} exists`, { kind: 'commit-exists' }]);
    expect(cardReason(untitled, true)).toEqual({ kind: false, reason: '' });
  });

  it('any other reason has no kind, and its card shows it whole', async () => {
    const cases: Array<[string, string]> = [
      ['route.ts', 'file exists at landed head as src/app/route.ts (the only file named route.ts); 20 lines'],
      [`src/app/route.ts:2 in ${s(first)}`, `line 2 of 10 exists at commit ${s(first)}`],
      ['notes/run.md', 'file exists in the project folder, as an artifact; 4 lines'],
      [s(side), `commit ${s(side)} exists: “Spike”; it is not an ancestor of the landed head ${s(head)} (on branch side, not merged into the landed head)`],
      ['v1.0.0', `tag v1.0.0 names commit ${s(bare)}`],
    ];
    for (const [cell, reason] of cases) {
      const p = await one(cell);
      expect([cell, p.status, p.reason, p.reasonKind]).toEqual([cell, 'VERIFIED', reason, undefined]);
      expect(cardReason(p, true)).toEqual({ kind: false, reason });
    }
  });

  it('a reason rewritten after it was made (how the pointer was written) loses its kind: the card shows it whole', async () => {
    const absolute = path.join(await realpath(dir), 'src/app/route.ts');
    const cases: Array<[string, string]> = [
      ['src\\app\\route.ts:2', 'written with \\ separators, read as src/app/route.ts: line 2 of 20 exists at landed head'],
      [absolute, "written as an absolute path in the repository's work tree, read as src/app/route.ts: file exists at landed head; 20 lines"],
      ['https://github.com/acme/app/blob/main/src/app/route.ts#L2', 'github.com/acme/app is this project\'s repository: line 2 of 20 exists at landed head'],
      [`https://github.com/acme/app/commit/${first}`, `github.com/acme/app is this project's repository: commit ${s(first)} exists: “Change 77: queue”`],
    ];
    for (const [cell, reason] of cases) {
      const p = await one(cell);
      expect([cell, p.status, p.reason, p.reasonKind]).toEqual([cell, 'VERIFIED', reason, undefined]);
      expect(cardReason(p, true)).toEqual({ kind: false, reason });
    }
  });
});
