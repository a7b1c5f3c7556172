/**
 * Resolves classified evidence pointers against the canonical repository at the landed head
 * (decision trail, Part 2, Layer 1; spec/input.md section 3). Each pointer gets a three-state
 * status (quality-and-design-controls.md, section 3) and a reason in plain words; a
 * NOT_VERIFIED pointer also names the check that failed (`fault`), which becomes a flag.
 *
 * URLs are recorded, never fetched. Without a repository every git-backed check is
 * INCONCLUSIVE "no repository", never VERIFIED and never a crash.
 */
import { isClaimPath } from '../discover/discover.ts';
import type { EvidencePointer } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import { ArtifactFolder, normaliseRelativePath } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { searchTree } from './tree-search.ts';
import { countRubricCriteria } from './rubric-criteria.ts';
import { ancestryOf } from '../git/ancestry.ts';

/** Everything resolution needs for one project. */
export interface EvidenceContext {
  /** The canonical repository, or null. */
  repository: GitRepository | null;
  /** Display name of the repository for reasons ("example.git"). */
  repositoryName: string;
  /** Full SHA of the landed head, or null. */
  head: string | null;
  /** Why git checks cannot run ("no repository"), or null when they can. */
  problem: string | null;
  /** The project's own folder, for artifacts. */
  artifacts: ArtifactFolder;
  /**
   * Paths of the records making the claims being checked (the project's trails, audit.json,
   * handover.md and config; for a QA criterion, also its own verdict file), relative to the
   * project folder and, when it lies in the work tree, to the repository: a pointer to one is
   * `evidence/self-citation`. Any other trail, audit or handover anywhere is refused by name
   * (`isClaimPath`).
   */
  claims?: ReadonlySet<string>;
}

const short = (oid: string): string => oid.slice(0, 7);

function pointer(p: ClassifiedPointer, status: EvidencePointer['status'], reason: string, extra: Partial<EvidencePointer> = {}): EvidencePointer {
  return { raw: p.raw, kind: p.kind, status, reason, ...extra, ...(p.note ? { note: p.note } : {}) };
}

function rangeText(from: number, to: number): string {
  return from === to ? `line ${from}` : `lines ${from}–${to}`;
}

/** "is" for one line, "are" for a range. */
function rangeVerb(from: number, to: number): string {
  return from === to ? 'is' : 'are';
}

async function resolveCommit(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const hex = p.hex as string;
  if (!ctx.repository) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const found = await ctx.repository.lookup(hex);
  switch (found.status) {
    case 'missing': {
      // A commit absent from an incomplete object store (shallow clone, unreadable pack index)
      // may exist: say so instead of asserting it is missing.
      const incomplete = await ctx.repository.incompleteness();
      if (incomplete) return pointer(p, 'INCONCLUSIVE', `no commit ${hex} in ${ctx.repositoryName}, but ${incomplete}`);
      return pointer(p, 'NOT_VERIFIED', `no commit ${hex} in ${ctx.repositoryName}`, { fault: 'evidence/commit-not-found' });
    }
    case 'ambiguous':
      return pointer(p, 'NOT_VERIFIED', `short SHA ${hex} is ambiguous: ${found.matches.length} objects in ${ctx.repositoryName} start with it (${found.matches.map((m) => m.slice(0, 12)).join(', ')})`, {
        fault: 'evidence/commit-ambiguous',
      });
    case 'error':
      return pointer(p, 'INCONCLUSIVE', found.problem);
    case 'found': {
      let oid = found.oid;
      let via = '';
      if (found.type === 'tag') {
        // `git cat-file -e <sha>^{commit}` (decision trail, Part 2 layer 1) peels tags.
        const peeled = await ctx.repository.resolveCommit(found.oid);
        if ('problem' in peeled) return pointer(p, 'NOT_VERIFIED', `${hex} is a tag in ${ctx.repositoryName} that does not point at a commit`, { fault: 'evidence/not-a-commit' });
        oid = peeled.oid;
        via = `tag ${short(found.oid)} → `;
      } else if (found.type !== 'commit') {
        return pointer(p, 'NOT_VERIFIED', `${hex} is a ${found.type} in ${ctx.repositoryName}, not a commit`, { fault: 'evidence/not-a-commit' });
      }
      const commit = await ctx.repository.commit(oid);
      // The header says commit but the object cannot be read (a corrupt pack): not verified.
      if ('problem' in commit) return pointer(p, 'INCONCLUSIVE', commit.problem);
      const subject = (commit.message.split('\n')[0] ?? '').trim();
      const exists = subject ? `${via}commit ${short(oid)} exists: “${subject}”` : `${via}commit ${short(oid)} exists`;
      // Evidence, but not of what landed (issue 15): a low notice, `evidence/commit-not-landed`.
      if (ctx.head && (await ancestryOf(ctx.repository, ctx.head).contains(oid)) === false) {
        return pointer(p, 'VERIFIED', `${exists}; it is not an ancestor of the landed head ${short(ctx.head)} (an abandoned branch, or an original rewritten away by a squash or rebase)`, {
          target: { type: 'commit', oid },
          notLanded: true,
        });
      }
      return pointer(p, 'VERIFIED', exists, { target: { type: 'commit', oid } });
    }
  }
}

type FileCheck =
  | { status: 'file'; lines: number | null; text: string | null; origin: 'repository' | 'artifact'; note?: string }
  | { status: 'folder'; origin: 'repository' | 'artifact' }
  | { status: 'missing'; reason: string; selfCitation?: boolean }
  | { status: 'inconclusive'; reason: string };

/** Finds a path at the landed head, then among the project's artifacts. */
async function findFile(path: string, ctx: EvidenceContext): Promise<FileCheck> {
  if (ctx.repository && ctx.head) {
    const found = await ctx.repository.lookupPath(ctx.head, path);
    if (found.status === 'tree') return { status: 'folder', origin: 'repository' };
    if (found.status === 'submodule') return { status: 'inconclusive', reason: `${path} is inside a submodule; its content is in another repository` };
    if (found.status === 'error') return { status: 'inconclusive', reason: found.problem };
    if (found.status === 'blob') {
      // A symbolic link stored in the repository: its blob is the target's path; never followed.
      if (found.mode === '120000') return { status: 'file', lines: null, text: null, origin: 'repository', note: 'a symbolic link in the repository (not followed)' };
      const blob = await ctx.repository.blobText(found.oid);
      switch (blob.status) {
        case 'text':
          return { status: 'file', lines: blob.lines, text: blob.text, origin: 'repository' };
        case 'binary':
          return { status: 'file', lines: null, text: null, origin: 'repository', note: 'binary file' };
        case 'lfs-pointer':
          return { status: 'file', lines: null, text: null, origin: 'repository', note: 'Git LFS pointer: the content is not in the repository' };
        case 'too-large':
          return { status: 'file', lines: null, text: null, origin: 'repository', note: `file too large to read (${blob.bytes} bytes)` };
        case 'error':
          return { status: 'inconclusive', reason: blob.problem };
      }
    }
  }
  const artifact = await ctx.artifacts.lookup(path);
  if (artifact.status === 'file') return { status: 'file', lines: artifact.lines, text: artifact.text, origin: 'artifact' };
  if (artifact.status === 'folder') return { status: 'folder', origin: 'artifact' };
  // A link to a claim record is refused whatever the repository says.
  if (artifact.status === 'refused' && artifact.selfCitation) return { status: 'missing', reason: artifact.reason, selfCitation: true };
  // Without a readable landed head nothing can be said to be missing from it.
  if (!ctx.repository || !ctx.head) return { status: 'inconclusive', reason: ctx.problem ?? 'no repository' };
  if (artifact.status === 'refused') return { status: 'missing', reason: artifact.reason };
  return { status: 'missing', reason: `${path} not found at landed head ${short(ctx.head)} nor in the project folder` };
}

function where(origin: 'repository' | 'artifact'): string {
  return origin === 'repository' ? 'at landed head' : 'in the project folder, as an artifact';
}

async function resolvePath(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const path = normaliseRelativePath(p.path as string);
  if (path === null || path === '') {
    return pointer(p, 'NOT_VERIFIED', `${p.path} leaves the repository tree`, { fault: 'evidence/path-outside-repository' });
  }
  if (ctx.claims?.has(path)) return pointer(p, 'NOT_VERIFIED', `${path} is the record that makes the claim: a claim cannot be its own evidence`, { fault: 'evidence/self-citation' });
  if (isClaimPath(path)) return pointer(p, 'NOT_VERIFIED', `${path} is a trail, audit or handover file: it states claims, it is not evidence for one`, { fault: 'evidence/self-citation' });
  const found = await findFile(path, ctx);
  if (found.status === 'missing') return pointer(p, 'NOT_VERIFIED', found.reason, { fault: found.selfCitation ? 'evidence/self-citation' : 'evidence/path-not-found' });
  if (found.status === 'inconclusive') return pointer(p, 'INCONCLUSIVE', found.reason);
  if (found.status === 'file' && /\/\s*$/.test(p.path as string)) {
    return pointer(p, 'NOT_VERIFIED', `${p.path} names a folder, but ${path} is a file ${where(found.origin)}`, { fault: 'evidence/path-not-found' });
  }
  if (found.status === 'folder') {
    if (p.from !== undefined) return pointer(p, 'NOT_VERIFIED', `${path} is a folder; it has no lines`, { fault: 'evidence/line-out-of-range' });
    return pointer(p, 'VERIFIED', `folder exists ${where(found.origin)}`);
  }
  const target = { type: 'file' as const, path, origin: found.origin };
  if (p.from === undefined) {
    const size = found.lines === null ? (found.note ?? 'not text') : `${found.lines} lines`;
    return pointer(p, 'VERIFIED', `file exists ${where(found.origin)}; ${size}`, { target });
  }
  const from = p.from;
  const to = p.to ?? p.from;
  if (found.lines === null) return pointer(p, 'INCONCLUSIVE', `${path} exists but its lines cannot be checked: ${found.note ?? 'not text'}`, { target });
  if (from < 1 || to < from) return pointer(p, 'NOT_VERIFIED', `${rangeText(from, to)} ${rangeVerb(from, to)} not a valid line range`, { fault: 'evidence/line-out-of-range' });
  if (to > found.lines) {
    return pointer(p, 'NOT_VERIFIED', `${rangeText(from, to)} ${rangeVerb(from, to)} past the end of ${path} (${found.lines} lines ${where(found.origin)})`, {
      fault: 'evidence/line-out-of-range',
      target,
    });
  }
  return pointer(p, 'VERIFIED', `${rangeText(from, to)} of ${found.lines} ${from === to ? 'exists' : 'exist'} ${where(found.origin)}`, { target: { ...target, from, to } });
}

async function resolveName(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const name = p.name as string;
  const what = p.kind === 'test' ? 'test' : 'name';
  if (p.path !== undefined) {
    // The file (and the cited lines, when a line is given) must hold first.
    const file = await resolvePath({ raw: p.raw, kind: 'path', path: p.path, ...(p.from !== undefined ? { from: p.from, to: p.to ?? p.from } : {}) }, ctx);
    if (file.status !== 'VERIFIED') return { ...file, kind: p.kind };
    const path = normaliseRelativePath(p.path) as string;
    const found = await findFile(path, ctx);
    const target = file.target;
    if (found.status === 'file' && found.text !== null) {
      const index = found.text.indexOf(name);
      if (index === -1) return pointer(p, 'INCONCLUSIVE', `${what} “${name}” not found in ${path}`, target ? { target } : {});
      if (p.from !== undefined) {
        // A cited line: the name must be on it (or within the cited range).
        const lines = found.text.split('\n');
        const to = p.to ?? p.from;
        for (let n = p.from; n <= to; n++) {
          if ((lines[n - 1] ?? '').includes(name)) return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${n}`, { target: { type: 'file', path, origin: found.origin, from: n, to: n } });
        }
        const elsewhere = found.text.slice(0, index).split('\n').length;
        return pointer(p, 'INCONCLUSIVE', `${what} “${name}” is not on ${rangeText(p.from, to)} of ${path} (first found at line ${elsewhere})`, target ? { target } : {});
      }
      const line = found.text.slice(0, index).split('\n').length;
      return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${line}`, {
        target: { type: 'file', path, origin: found.origin, from: line, to: line },
      });
    }
    return pointer(p, 'INCONCLUSIVE', `${path} cannot be searched for “${name}”`, target ? { target } : {});
  }
  if (!ctx.repository || !ctx.head) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const hit = await searchTree(ctx.repository, ctx.head, name);
  if ('problem' in hit) return pointer(p, 'INCONCLUSIVE', hit.problem);
  if (hit.path === null) return pointer(p, 'INCONCLUSIVE', `${what} “${name}” not found in the tree at landed head ${short(ctx.head)}`);
  return pointer(p, 'VERIFIED', `${what} found in ${hit.path} at line ${hit.line}`, {
    target: { type: 'file', path: hit.path, origin: 'repository', from: hit.line, to: hit.line },
  });
}

/** The words of a text, lower-cased (`-` and `_` separate words). */
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

/**
 * Whether a rubric criterion is the one a pointer names (`rubric#memory-use`): the name's
 * words appear in the criterion as whole words, in order, side by side. A name with no word
 * (`rubric#-`) or of one or two letters (`rubric#e`) names nothing.
 */
export function criterionNamed(criterion: string, name: string): boolean {
  const want = wordsOf(name);
  if (want.length === 0 || want.join('').length < 3) return false;
  const have = wordsOf(criterion);
  for (let i = 0; i + want.length <= have.length; i++) if (want.every((w, j) => have[i + j] === w)) return true;
  return false;
}

async function resolveRubric(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const found = await findFile('design/rubric.md', ctx);
  if (found.status === 'missing') return pointer(p, 'NOT_VERIFIED', 'design/rubric.md not found', { fault: 'evidence/path-not-found' });
  if (found.status === 'inconclusive') return pointer(p, 'INCONCLUSIVE', found.reason);
  if (found.status !== 'file' || found.text === null) return pointer(p, 'INCONCLUSIVE', 'design/rubric.md cannot be read');
  const criterion = p.criterion as string;
  const target = { type: 'file' as const, path: 'design/rubric.md', origin: found.origin };
  const criteria = countRubricCriteria(found.text);
  if (/^\d+$/.test(criterion)) {
    const n = Number(criterion);
    if (n >= 1 && n <= criteria.length) return pointer(p, 'VERIFIED', `criterion ${n} of ${criteria.length}: ${criteria[n - 1]}`, { target });
    return pointer(p, 'NOT_VERIFIED', `the rubric has ${criteria.length} criteria; there is no criterion ${n}`, { fault: 'evidence/rubric-criterion-missing', target });
  }
  const hit = criteria.findIndex((c) => criterionNamed(c, criterion));
  if (hit >= 0) return pointer(p, 'VERIFIED', `criterion ${hit + 1}: ${criteria[hit]}`, { target });
  return pointer(p, 'NOT_VERIFIED', `no rubric criterion matches “${criterion}”`, { fault: 'evidence/rubric-criterion-missing', target });
}

/**
 * Resolves one classified pointer. Never throws: repository failures become INCONCLUSIVE
 * with the problem as the reason.
 */
export async function resolvePointer(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  try {
    switch (p.kind) {
      case 'commit':
        return await resolveCommit(p, ctx);
      case 'path':
        return await resolvePath(p, ctx);
      case 'test':
      case 'symbol':
        return await resolveName(p, ctx);
      case 'rubric':
        return await resolveRubric(p, ctx);
      case 'url': {
        const href = p.href as string;
        const safe = /^https?:\/\//i.test(href);
        return pointer(p, 'INCONCLUSIVE', safe ? 'URL recorded, not fetched' : 'only http(s) URLs are links; recorded as text', safe ? { target: { type: 'url', href } } : {});
      }
      case 'command':
        return pointer(p, 'INCONCLUSIVE', 'a command is not evidence of its result');
      case 'ephemeral':
        return pointer(p, 'INCONCLUSIVE', 'absolute path outside the repository; gone after the run');
      case 'reference':
        return pointer(p, 'INCONCLUSIVE', 'reference recorded, not checked');
      case 'prose':
        return pointer(p, 'NOT_VERIFIED', 'evidence must be a pointer, not prose', { fault: 'evidence/prose' });
    }
  } catch (error) {
    return pointer(p, 'INCONCLUSIVE', `could not be checked: ${(error as Error).message ?? String(error)}`);
  }
}

/** Resolves every pointer of a cell, in order. */
export function resolveEvidence(pointers: ClassifiedPointer[], ctx: EvidenceContext): Promise<EvidencePointer[]> {
  return Promise.all(pointers.map((p) => resolvePointer(p, ctx)));
}
