/**
 * The repository's `origin` remote URL, read from its git directory's `config` (issue 13,
 * item 3: a forge URL naming the repository `origin` points at is checked locally). The file
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

/** The origin remote URL of the repository whose git directory is `gitdir`, or null. Never throws. */
export async function originRemote(gitdir: string): Promise<string | null> {
  try {
    const file = join(gitdir, 'config');
    if ((await stat(file)).size > MAX_CONFIG_BYTES) return null;
    return originFromConfig(await gitDirectoryConfinement([gitdir]).readFile(file, 'utf8'));
  } catch {
    return null;
  }
}
