/**
 * Every URL the archive links to, in one place, so sub-path hosting (`--base /archive/`)
 * works everywhere. `base` always ends with `/`. Pure: no Astro imports.
 */

/** Normalises a base path to `/x/` form. */
export function normaliseBase(base: string): string {
  let b = base.trim() === '' ? '/' : base.trim();
  if (!b.startsWith('/')) b = `/${b}`;
  if (!b.endsWith('/')) b = `${b}/`;
  return b;
}

/** Longest path segment kept in a URL (and so in an output file name; file systems allow 255 bytes). */
const MAX_KEY_SEGMENT = 100;

const SAFE_PATH = /^[A-Za-z0-9._@+-]+(?:\/[A-Za-z0-9._@+-]+)*$/;

/**
 * The URL key of a cited file path: the path itself when every segment is plain
 * (letters, digits, `._@+-`, not `.` or `..`, at most 100 characters), else `_/` and a
 * digest, so odd or overlong names never reach a URL or a file name in the output.
 */
export function fileKey(path: string, digest: (text: string) => string): string {
  if (SAFE_PATH.test(path) && !path.split('/').some((s) => s === '.' || s === '..' || s.length > MAX_KEY_SEGMENT)) return path;
  return `_/${digest(path).slice(0, 16)}`;
}

/** Page `n` (1-based) of the archive's list of projects: the home, then `projects/<n>/`. */
export function homePageUrl(base: string, n: number): string {
  return n <= 1 ? base : `${base}projects/${n}/`;
}

/** Further line ranges a pointer cites after its first (`src/a.ts:12, 40`): `EvidencePointer.target.more`. */
export type MoreLines = ReadonlyArray<{ from: number; to: number }>;

/**
 * The end of a link to cited lines: `#L12` for one line; for a range, `?lines=10-20#L10` — the
 * page lands on its first line without scripts, and src/scripts/line-links.ts sets the range's
 * lines apart, so a row's lines show among lines other rows cite too (audit aud9). A pointer
 * citing several ranges lists them all (`?lines=43,109#L43`, `?lines=3-5,10#L3`): lead16, the
 * link of `resolve.ts:43 and 109` set apart line 43 alone.
 */
function linesFragment(line?: number, to?: number, more: MoreLines = []): string {
  if (!line) return '';
  const range = (from: number, end?: number): string => (end !== undefined && end > from ? `${from}-${end}` : `${from}`);
  const lines = [range(line, to), ...more.map((r) => range(r.from, r.to))];
  return lines.length > 1 || (to !== undefined && to > line) ? `?lines=${lines.join(',')}#L${line}` : `#L${line}`;
}

export const urls = {
  home: (base: string): string => base,
  search: (base: string, query = ''): string => `${base}search/${query}`,
  project: (base: string, id: string): string => `${base}p/${id}/`,
  /** A row of a recap: on the recap (page 1), or on its row page `page` (src/lib/site/row-pages.ts), so the link lands without scripts. */
  row: (base: string, projectId: string, anchor: string, page = 1): string => `${base}p/${projectId}/${page <= 1 ? '' : `rows/${page}/`}#${anchor}`,
  /** Page `page` of a recap's rows (src/lib/site/row-pages.ts): the recap itself for page 1. */
  rowPage: (base: string, projectId: string, page: number): string => `${base}p/${projectId}/${page <= 1 ? '' : `rows/${page}/`}`,
  commit: (base: string, repoId: string, oid: string): string => `${base}r/${repoId}/commit/${oid}/`,
  /** A repository file at the landed head, or (`at`: a full SHA) at the commit the rows citing it saw it at: the one that recorded them (issue 26, item 1) or the one they name. */
  repositoryFile: (base: string, repoId: string, key: string, line?: number, at?: string, to?: number, more?: MoreLines): string =>
    `${base}r/${repoId}/${at ? `at/${at}/` : ''}file/${key}/${linesFragment(line, to, more)}`,
  artifactFile: (base: string, projectId: string, key: string, line?: number, to?: number, more?: MoreLines): string => `${base}p/${projectId}/file/${key}/${linesFragment(line, to, more)}`,
};

/** An http(s) URL as a safe href, or null (spec: "only http(s) becomes a link"). */
export function safeHref(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
