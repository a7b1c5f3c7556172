/**
 * Shell-style glob matching of record-supplied globs, in O(glob × path) time.
 */

/** `skip`: the entry of a `**` followed by `/`, which matches no folder at all (a jump past both) or any folders. */
type GlobToken = { any: 'segment' | 'path' } | { one: true } | { char: string } | { skip: true };

/**
 * Whether `path` matches `glob` (`*` and `?` within one segment, `**` across segments; a `**`
 * followed by `/` is zero or more folders, as in git and shells with globstar: `src/**` then
 * `/*.ts` matches `src/a.ts`).
 * Globs here come from the records (coordination scopes, evidence like `docs/spec/*.md`), so
 * the match is never a regular expression built from them (`a*a*a*…` would backtrack
 * polynomially): the glob is run as a set of positions advanced one character at a time,
 * O(glob × path). Callers bound the glob's length.
 */
export function globMatches(glob: string, path: string): boolean {
  const tokens: GlobToken[] = [];
  const chars = [...glob];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === '*') {
      const deep = chars[i + 1] === '*';
      if (deep) i++;
      if (deep && chars[i + 1] === '/') {
        // `**/`: the jump, then any text ending in `/`.
        tokens.push({ skip: true }, { any: 'path' }, { char: '/' });
        i++;
      } else tokens.push({ any: deep ? 'path' : 'segment' });
    } else if (c === '?') tokens.push({ one: true });
    else tokens.push({ char: c });
  }
  let states: Uint8Array = new Uint8Array(tokens.length + 1);
  const close = (set: Uint8Array): Uint8Array => {
    // A wildcard may match nothing: the position after it is live too; `**/` may be skipped whole.
    for (let i = 0; i < tokens.length; i++) {
      if (!set[i]) continue;
      const t = tokens[i] as GlobToken;
      if ('any' in t) set[i + 1] = 1;
      else if ('skip' in t) {
        set[i + 1] = 1;
        set[i + 3] = 1;
      }
    }
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
      if ('skip' in t) continue;
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

