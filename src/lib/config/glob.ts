/**
 * Globs for the configuration's `include`, `exclude` and `repositories[].match`, matched
 * against `/`-separated paths relative to an input root. `*` and `?` stay within one path
 * segment, `**` spans any number of segments, `{a,b}` and `[abc]` work as in a shell. A
 * pattern without a `/` matches a file or folder name at any depth (like .gitignore).
 */
import { trimEndChars } from '../text/trim-chars.ts';

/** The regular expression of one glob. */
export function globToRegExp(glob: string): RegExp {
  let pattern = trimEndChars(glob.replace(/^\.\//, ''), '/');
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  let re = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        const slashAfter = pattern[i + 2] === '/';
        i += slashAfter ? 2 : 1;
        re += slashAfter ? '(?:[^/]*/)*' : '.*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) re += '\\[';
      else {
        const body = pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = end;
      }
    } else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  re += ')'.repeat(braces);
  return new RegExp(anchored ? `^${re}$` : `(?:^|/)${re}$`);
}

/** A predicate that is true when a path matches one of `globs`. */
export function globMatcher(globs: readonly string[]): (path: string) => boolean {
  const res = globs.map(globToRegExp);
  return (path) => res.some((re) => re.test(path));
}

/** A path and every folder above it (`a/b/c` → `a`, `a/b`, `a/b/c`). */
function selfAndAncestors(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * The discovery filter of `include` / `exclude`: a folder is walked unless it matches an
 * exclude; a record file is read when neither it nor a folder above it matches an exclude,
 * and (when there are includes) it or a folder above it matches an include.
 */
export function pathFilter(include: readonly string[] = [], exclude: readonly string[] = []): ((rel: string, isDirectory: boolean) => boolean) | undefined {
  if (include.length === 0 && exclude.length === 0) return undefined;
  const included = globMatcher(include);
  const excluded = globMatcher(exclude);
  return (rel, isDirectory) => {
    if (rel === '') return true;
    const chain = selfAndAncestors(rel);
    if (chain.some(excluded)) return false;
    if (isDirectory || include.length === 0) return true;
    return chain.some(included);
  };
}
