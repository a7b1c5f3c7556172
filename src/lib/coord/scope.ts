/**
 * Whether two reservation scopes overlap (bd-audit-coordination-schema.md, INCURSION:
 * "`exact` | `partial`" overlap). Scopes are paths or globs (`src/lib/*`). Two scopes overlap
 * when they are equal, when one (as a glob, or as a folder) covers the other, or when both
 * are globs and the literal part of one is a prefix of the other's. This is deliberately
 * generous: an INCURSION names the overlap, Trailbook only finds the reservations it meets.
 */

import { globMatches } from '../text/glob-match.ts';

/** `./a//b/` → `a/b/` (keeps a trailing `/`, which marks a folder). */
export function normaliseScope(scope: string): string {
  return scope.trim().replace(/\\/g, '/').replace(/\/{2,}/g, '/').replace(/^(\.\/)+/, '');
}

/** Longest scope read as a glob; a longer one is compared as plain text (its work stays bounded). */
export const MAX_GLOB_SCOPE = 1024;

const literalPrefix = (glob: string): string => glob.split(/[*?]/)[0] ?? '';

/** True when `pattern` (a glob or folder) covers `path`. */
export function scopeCovers(pattern: string, path: string): boolean {
  const p = normaliseScope(pattern);
  const q = normaliseScope(path);
  if (p === q) return true;
  if (/[*?]/.test(p) && p.length <= MAX_GLOB_SCOPE) return globMatches(p, q) || globMatches(`${p}/**`, q);
  if (/[*?]/.test(p)) return false;
  const folder = p.endsWith('/') ? p : `${p}/`;
  return q.startsWith(folder);
}

/** True when two scopes overlap (either covers the other, or two globs share a literal stem). */
export function scopesOverlap(a: string, b: string): boolean {
  if (scopeCovers(a, b) || scopeCovers(b, a)) return true;
  const na = normaliseScope(a);
  const nb = normaliseScope(b);
  if (/[*?]/.test(na) && /[*?]/.test(nb)) {
    const pa = literalPrefix(na);
    const pb = literalPrefix(nb);
    return pa.startsWith(pb) || pb.startsWith(pa);
  }
  return false;
}
