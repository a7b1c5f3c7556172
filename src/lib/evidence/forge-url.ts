/**
 * Forge URLs in evidence (issue 13, item 3): a GitHub, GitLab or Gitea/Forgejo URL of a
 * commit (also as a pull or merge request shows it), a comparison, or a file or folder at a
 * revision (`#L10-L20` included), and the
 * repository it names. When that repository is the project's own — named by the
 * configuration's forge `url` or by the repository's `origin` remote — the URL is checked
 * against the local repository; any other repository's URL is recorded, never fetched.
 * Pure: parsing only.
 */
import { lineRange, type LineRange } from './path-shape.ts';

/** A repository on a forge: lower-case host (no `www.`) and path (`acme/app`, `group/sub/app`), without `.git`. */
export interface ForgeRepository {
  host: string;
  path: string;
}

/** What a forge URL points at. `rest` keeps the segments after the revision marker: a branch name may hold `/`, so revision and path are told apart against the repository. */
export type ForgeTarget =
  | { type: 'commit'; rev: string }
  | { type: 'compare'; from: string; to: string }
  | { type: 'file'; rest: string[]; lines?: LineRange }
  | { type: 'other' };

/** A parsed forge URL. */
export interface ForgeUrl {
  repository: ForgeRepository;
  target: ForgeTarget;
}

const clean = (host: string): string => host.toLowerCase().replace(/^www\./, '');
const repoPath = (segments: string[]): string => segments.join('/').toLowerCase().replace(/\.git$/, '');

/** `#L10-L20`, `#L10-20`, `#L10`, and with columns, `#L10C5-L12C20` (the columns dropped: src/lib/evidence/path-shape.ts). */
function linesOf(hash: string): LineRange | undefined {
  const m = /^#L(\d{1,24})(?:C\d{1,9})?(?:-L?(\d{1,24})(?:C\d{1,9})?)?$/.exec(hash);
  return m ? lineRange(m[1] as string, m[2]) : undefined;
}

function compareOf(spec: string | undefined): ForgeTarget {
  const m = /^([^.]+)\.{2,3}([^.]+)$/.exec(spec ?? '');
  return m ? { type: 'compare', from: m[1] as string, to: m[2] as string } : { type: 'other' };
}

/**
 * Reads a forge URL, or returns null when it is not http(s) or names no repository. The forge
 * is told by the path's shape: GitLab puts `/-/` after the repository, GitHub and Gitea put
 * `blob`, `tree`, `src`, `commit`, `compare`, … after `owner/name`.
 */
export function parseForgeUrl(href: string): ForgeUrl | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  const host = clean(url.hostname);
  const lines = linesOf(url.hash);
  const dash = segments.indexOf('-');
  let repo: string[];
  let kind: string | undefined;
  let rest: string[];
  if (dash >= 2) {
    repo = segments.slice(0, dash);
    kind = segments[dash + 1];
    rest = segments.slice(dash + 2);
  } else if (segments.length >= 2) {
    repo = segments.slice(0, 2);
    kind = segments[2];
    rest = segments.slice(3);
  } else return null;
  const repository = { host, path: repoPath(repo) };
  let target: ForgeTarget = { type: 'other' };
  if ((kind === 'commit' || kind === 'commits') && rest.length >= 1 && /^[0-9a-f]{4,40}$/i.test(rest[0] as string)) target = { type: 'commit', rev: (rest[0] as string).toLowerCase() };
  // A commit shown in a pull or merge request: GitHub's `pull/12/commits/<sha>`, GitLab's
  // `merge_requests/12/diffs?commit_id=<sha>` (trial7: it was recorded unchecked, so a made-up SHA
  // in the project's own repository raised nothing).
  else if (kind === 'pull' && rest[1] === 'commits' && /^[0-9a-f]{7,40}$/i.test(rest[2] ?? '')) target = { type: 'commit', rev: (rest[2] as string).toLowerCase() };
  else if (kind === 'merge_requests' && /^[0-9a-f]{7,40}$/i.test(url.searchParams.get('commit_id') ?? '')) target = { type: 'commit', rev: (url.searchParams.get('commit_id') as string).toLowerCase() };
  else if (kind === 'compare') target = compareOf(rest.join('/'));
  else if ((kind === 'blob' || kind === 'tree' || kind === 'blame' || kind === 'raw') && rest.length >= 1) target = { type: 'file', rest, ...(lines ? { lines } : {}) };
  // Gitea and Forgejo: `src/branch/<name>/<path>`, `src/commit/<sha>/<path>`, `src/tag/<name>/<path>`.
  else if (kind === 'src' && rest.length >= 2 && ['branch', 'commit', 'tag'].includes(rest[0] as string)) target = { type: 'file', rest: rest.slice(1), ...(lines ? { lines } : {}) };
  return { repository, target };
}

/**
 * The repository a git remote URL names: `https://host/acme/app.git`, `ssh://git@host:22/acme/app`,
 * `git@host:acme/app.git`. Null for anything else (a local path).
 */
export function parseRemoteUrl(remote: string): ForgeRepository | null {
  const text = remote.trim();
  const scp = /^[\w.-]+@([\w.-]+):(?!\/\/)(.+)$/.exec(text);
  if (scp) return { host: clean(scp[1] as string), path: repoPath((scp[2] as string).split('/').filter((s) => s !== '')) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol)) return null;
  const segments = url.pathname.split('/').filter((s) => s !== '');
  if (segments.length < 2) return null;
  return { host: clean(url.hostname), path: repoPath(segments) };
}

/** Whether two forge repositories are the same (host and path, case folded). */
export const sameRepository = (a: ForgeRepository, b: ForgeRepository): boolean => a.host === b.host && a.path === b.path;
