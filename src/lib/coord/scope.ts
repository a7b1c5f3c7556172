/**
 * Whether two reservation scopes overlap (bd-audit-coordination-schema.md, INCURSION:
 * "`exact` | `partial`" overlap). Scopes are paths or globs (`src/lib/*`). Two scopes overlap
 * when they are equal, when one (as a glob, or as a folder) covers the other, or when both
 * are globs and the literal part of one is a prefix of the other's. This is deliberately
 * generous: an INCURSION names the overlap, Trailbook only finds the reservations it meets.
 */

/** `./a//b/` → `a/b/` (keeps a trailing `/`, which marks a folder). */
export function normaliseScope(scope: string): string {
  return scope.trim().replace(/\\/g, '/').replace(/\/{2,}/g, '/').replace(/^(\.\/)+/, '');
}

/** Longest scope read as a glob; a longer one is compared as plain text (its work stays bounded). */
export const MAX_GLOB_SCOPE = 1024;

type GlobToken = { any: 'segment' | 'path' } | { one: true } | { char: string };

/**
 * Whether `path` matches `glob` (`*` and `?` within one segment, `**` across segments).
 * Scopes come from the records, so the match must not be a regular expression built from
 * them (`a*a*a*…` would backtrack polynomially): the glob is run as a set of positions
 * advanced one character at a time, O(glob × path), and globs are at most
 * {@link MAX_GLOB_SCOPE} characters.
 */
export function globMatches(glob: string, path: string): boolean {
  const tokens: GlobToken[] = [];
  const chars = [...glob];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === '*') {
      const deep = chars[i + 1] === '*';
      if (deep) i++;
      tokens.push({ any: deep ? 'path' : 'segment' });
    } else if (c === '?') tokens.push({ one: true });
    else tokens.push({ char: c });
  }
  let states: Uint8Array = new Uint8Array(tokens.length + 1);
  const close = (set: Uint8Array): Uint8Array => {
    // A wildcard may match nothing: the position after it is live too.
    for (let i = 0; i < tokens.length; i++) if (set[i] && 'any' in (tokens[i] as GlobToken)) set[i + 1] = 1;
    return set;
  };
  states[0] = 1;
  close(states);
  for (const c of path) {
    const next = new Uint8Array(tokens.length + 1);
    let live = false;
    for (let i = 0; i < tokens.length; i++) {
      if (!states[i]) continue;
      const t = tokens[i] as GlobToken;
      if ('any' in t) {
        if (t.any === 'path' || c !== '/') next[i] = 1;
      } else if ('one' in t ? c !== '/' : t.char === c) next[i + 1] = 1;
      else continue;
      live = true;
    }
    if (!live) return false;
    states = close(next);
  }
  return states[tokens.length] === 1;
}

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
