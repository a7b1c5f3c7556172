/**
 * URLs cited as evidence (spec/input.md section 3: recorded, never fetched): a script or data URL
 * is refused; a forge URL of the project's own repository (a commit, a comparison, a file or folder
 * at a revision) is checked against it as the commit, range or path it names. The path checks are
 * path-resolution.ts's, passed in by resolve.ts (`FilePaths`), so this module does not import them. Moved from resolve.ts.
 */
import type { EvidencePointer } from '../model/types.ts';
import { normaliseRelativePath } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { parseForgeUrl, parseRemoteUrl, sameRepository } from './forge-url.ts';
import type { LineRange } from './path-shape.ts';
import type { EvidenceContext } from './resolve-context.ts';
import { reworded, pointer, isPointer } from './pointer-verdict.ts';
import { resolveCommit, resolveCompare, revisionOf } from './commit-resolution.ts';

/** The path checks of path-resolution.ts (passed in by resolve.ts), which a forge file URL is checked with: at the landed head, or in a commit's tree. */
export interface FilePaths {
  resolvePath(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer>;
  resolveAt(p: ClassifiedPointer, path: string, commit: { oid: string }, ctx: EvidenceContext): Promise<EvidencePointer>;
}

/**
 * A URL (spec/input.md section 3: recorded, never fetched). A script or data URL is refused;
 * a forge URL of the project's own repository is checked against it.
 */
export async function resolveUrl(p: ClassifiedPointer, ctx: EvidenceContext, files: FilePaths): Promise<EvidencePointer> {
  const href = p.href as string;
  if (p.unsafe !== undefined) return pointer(p, 'NOT_VERIFIED', `a ${p.unsafe}: URL runs or embeds content instead of pointing at evidence; it is never a pointer (not linked, not fetched)`, { fault: 'evidence/unsafe-url' });
  if (p.schemeless) return pointer(p, 'INCONCLUSIVE', 'URL written without a scheme: recorded, not fetched');
  if (p.remote) {
    // A git remote names a repository as a URL does: recorded, never fetched, never a link (only http(s) links out).
    const named = parseRemoteUrl(href);
    const own = named !== null && (ctx.forges?.some((r) => sameRepository(r, named)) ?? false);
    return pointer(p, 'INCONCLUSIVE', own ? `git remote of this project's repository (${named.host}/${named.path}): recorded, not fetched` : 'git remote: recorded as text, not fetched; only http(s) URLs are links');
  }
  const safe = /^https?:\/\//i.test(href);
  const recorded = pointer(p, 'INCONCLUSIVE', safe ? 'URL recorded, not fetched' : 'only http(s) URLs are links; recorded as text', safe ? { target: { type: 'url', href } } : {});
  const forge = safe ? parseForgeUrl(href) : null;
  if (forge === null || forge.target.type === 'other') return recorded;
  const own = ctx.forges?.some((r) => sameRepository(r, forge.repository)) ?? false;
  if (!own) return pointer(p, 'INCONCLUSIVE', `a URL of ${forge.repository.host}/${forge.repository.path}, not this project's repository: recorded, not fetched`, { target: { type: 'url', href } });
  const link = { href };
  const t = forge.target;
  let resolved: EvidencePointer;
  if (t.type === 'commit') resolved = await resolveCommit({ ...p, kind: 'commit', hex: t.rev }, ctx);
  else if (t.type === 'compare') resolved = await resolveCompare(p, t.from, t.to, ctx);
  else resolved = await resolveForgeFile(p, t.rest, t.lines ?? null, ctx, files);
  // The URL stays a URL: linked to where it points when it resolves to nothing in the archive.
  return { ...reworded(resolved, `${forge.repository.host}/${forge.repository.path} is this project's repository: ${resolved.reason}`), kind: 'url', ...(resolved.target ? {} : { target: { type: 'url', ...link } }) };
}

/**
 * A forge file or folder URL (`blob/<rev>/<path>#L10-L20`): the revision may hold `/` (a branch
 * name), so each split of the segments is tried, the shortest revision first, as forges do.
 */
async function resolveForgeFile(p: ClassifiedPointer, rest: readonly string[], lines: LineRange | null, ctx: EvidenceContext, files: FilePaths): Promise<EvidencePointer> {
  if (!ctx.repository) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  for (let n = 1; n < rest.length; n++) {
    const rev = rest.slice(0, n).join('/');
    const path = normaliseRelativePath(rest.slice(n).join('/'));
    if (path === null || path === '') continue;
    // A ref name that does not resolve may be the first part of a longer one (`feature/x`); a SHA is what it is.
    const sha = /^[0-9a-f]{7,40}$/i.test(rev);
    if (!sha && 'problem' in (await ctx.repository.resolveCommit(rev))) continue;
    const commit = await revisionOf(p, rev, ctx);
    if (isPointer(commit)) return commit;
    const at: ClassifiedPointer = { ...p, kind: 'path', path, ...(lines ? { from: lines.from, to: lines.to, ...(lines.written !== undefined ? { lines: [lines] } : {}) } : {}) };
    // At the landed head the file is checked as any path is (and links to its page); at another revision, in that commit's tree.
    return commit.oid === ctx.head ? files.resolvePath(at, ctx) : files.resolveAt(at, path, commit, ctx);
  }
  // A revision and no path (`tree/1793735`, `tree/release/2.0`): the repository's root at that
  // commit, checked as the commit (spec/input.md section 3, `commit`; trust8: a commit that is
  // there was said "not in" the repository).
  const whole = rest.join('/');
  if (whole !== '' && lines === null) {
    const sha = /^[0-9a-f]{7,40}$/i.test(whole);
    if (sha) return resolveCommit({ ...p, kind: 'commit', hex: whole.toLowerCase() }, ctx);
    const ref = await ctx.repository.resolveCommit(whole);
    if ('oid' in ref) return resolveCommit({ ...p, kind: 'commit', hex: ref.oid }, ctx);
  }
  return pointer(p, 'INCONCLUSIVE', `the revision this URL names (${rest[0] ?? ''}) is not in ${ctx.repositoryName}`);
}
