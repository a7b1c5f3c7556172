/**
 * Trailbook's per-user cache folder, where builds keep their model store when no `--cache-dir`
 * or `cacheDir` names one: nothing is written into the folders a user reads records from.
 */
import { trimChars } from '../lib/text/trim-chars.ts';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';

/**
 * The per-user cache folder: `$XDG_CACHE_HOME/trailbook` when that is an absolute path (XDG
 * Base Directory spec), else `~/Library/Caches/trailbook` on macOS,
 * `%LOCALAPPDATA%\trailbook\Cache` on Windows and `~/.cache/trailbook` elsewhere.
 */
export function userCacheRoot(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  const xdg = env['XDG_CACHE_HOME'];
  if (xdg && (xdg.startsWith('/') || /^[A-Za-z]:[\\/]/.test(xdg))) return join(xdg, 'trailbook');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'trailbook');
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local'), 'trailbook', 'Cache');
  return join(home, '.cache', 'trailbook');
}

/** A short, readable folder name for a key: `<name>-<12 hex of sha256(key parts)>`. */
function keyed(name: string, parts: readonly string[]): string {
  const safe = trimChars(name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 40), '.-') || 'archive';
  return `${safe}-${createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12)}`;
}

/**
 * The default build cache of an archive: `<userCacheRoot>/builds/<first input's name>-<hash>`,
 * keyed by the absolute input folders and output folder, so two archives never share a model
 * store and the same command finds its own again.
 */
export function defaultCacheDir(roots: readonly string[], outDir: string, root: string = userCacheRoot()): string {
  return join(root, 'builds', keyed(basename(roots[0] ?? 'archive'), [...roots, '', outDir]));
}

/**
 * The default output folder when the working folder is itself an input (writing `dist/` there
 * would put the archive into the records): `<userCacheRoot>/sites/<name>-<hash of the inputs>`.
 */
export function defaultSiteDir(roots: readonly string[], root: string = userCacheRoot()): string {
  return join(root, 'sites', keyed(basename(roots[0] ?? 'archive'), roots));
}
