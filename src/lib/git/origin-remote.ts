/**
 * The repository's remotes, read from its git directory's `config`: the `origin` remote's URL
 * (issue 13, item 3: a forge URL naming the repository `origin` points at is checked locally)
 * and every remote's name (a cited `origin/feature-x` is a branch of a remote). The file
 * is read through the git directory's confinement (src/lib/git/git-directory.ts: its real
 * path inside the git directory, a regular file) and only when at most 1 MiB; nothing in it is ever echoed except the URL, and only to compare it.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gitDirectoryConfinement } from './git-directory.ts';

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The `url` of `[remote "origin"]` in a git config text, or null. */
export function originFromConfig(text: string): string | null {
  let inOrigin = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inOrigin = /^\[\s*remote\s+"origin"\s*\]$/i.test(line);
      continue;
    }
    if (!inOrigin) continue;
    const eq = line.indexOf('=');
    if (eq > 0 && line.slice(0, eq).trim().toLowerCase() === 'url') return line.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return null;
}

/** The names of the `[remote "<name>"]` sections of a git config text, in order. */
export function remoteNamesFromConfig(text: string): string[] {
  const names: string[] = [];
  for (const raw of text.split('\n')) {
    const m = /^\s*\[\s*remote\s+"([^"\s]{1,100})"\s*\]\s*$/i.exec(raw);
    if (m && !names.includes(m[1] as string)) names.push(m[1] as string);
  }
  return names;
}

/** The text of the git directory's `config`, or null (absent, unreadable, over 1 MiB). Never throws. */
async function configText(gitdir: string): Promise<string | null> {
  try {
    const file = join(gitdir, 'config');
    if ((await stat(file)).size > MAX_CONFIG_BYTES) return null;
    return await gitDirectoryConfinement([gitdir]).readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** The origin remote URL of the repository whose git directory is `gitdir`, or null. Never throws. */
export async function originRemote(gitdir: string): Promise<string | null> {
  const text = await configText(gitdir);
  return text === null ? null : originFromConfig(text);
}

/** The names of the remotes configured in the repository whose git directory is `gitdir` (none when its config cannot be read). Never throws. */
export async function remoteNames(gitdir: string): Promise<string[]> {
  const text = await configText(gitdir);
  return text === null ? [] : remoteNamesFromConfig(text);
}
