/**
 * A cited file whose name holds a secret (`config/ghp_….json`, sec10): the model is redacted
 * before it is stored, so the archive knows the file only as `config/[redacted: GitHub
 * token].json`, and looking that name up in git found nothing: its page said the file was "not a
 * file at <head>", which calls real evidence fake. {@link unredactedPath} finds the file again
 * from its redacted name, segment by segment: each segment holding a marker is matched against
 * the names of its folder as the same rules redact them. The name found is used only to read the
 * file; every page, record and problem names it by its redacted path.
 */
import type { SecretSettings } from '../config/secret-settings.ts';
import { findSecrets } from './detect.ts';
import { Redaction } from './redaction.ts';
import type { GitRepository } from '../git/repository.ts';
import { repositoryFileText } from '../git/file-excerpt.ts';

/** What a redacted text holds where a value was (`[redacted: GitHub token]`). */
const MARKER_START = '[redacted: ';

/** The most names of one folder compared with a redacted segment (a larger folder is not searched: the file is then "not a file"). */
export const MAX_FOLDER_NAMES = 100_000;

/** Whether a path holds a redaction marker (a name the archive knows only redacted). */
export function holdsRedactedName(path: string): boolean {
  return path.includes(MARKER_START);
}

/** Whether `name` is `segment` with something of 4 or more characters in place of each `[redacted: …]` marker. */
export function fitsAroundMarkers(name: string, segment: string): boolean {
  const pieces: string[] = [];
  let from = 0;
  for (let at = segment.indexOf(MARKER_START); at >= 0; at = segment.indexOf(MARKER_START, from)) {
    const close = segment.indexOf(']', at);
    if (close < 0) break;
    pieces.push(segment.slice(from, at));
    from = close + 1;
  }
  pieces.push(segment.slice(from));
  if (pieces.length < 2) return false;
  const first = pieces[0] as string;
  const last = pieces[pieces.length - 1] as string;
  if (!name.startsWith(first) || !name.endsWith(last) || name.length < first.length + last.length) return false;
  // Each middle piece in order, each marker standing for 4 characters or more (a value is never shorter).
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const next = name.indexOf(pieces[i] as string, at + 4);
    if (next < 0) return false;
    at = next + (pieces[i] as string).length;
  }
  return name.length - last.length - at >= 4;
}

/**
 * The real path of a file the archive knows by `path`, redacted: `path` itself when it holds no
 * marker; otherwise each segment holding one is the first name (in sorted order) of its folder
 * that the rules redact to that segment, or else (a value found elsewhere in the project redacted
 * it) the first whose text around the markers is the segment's ({@link fitsAroundMarkers}). `list` gives a folder's names (`''` is the root), or
 * null when it cannot. Null when a folder cannot be listed, holds more than
 * {@link MAX_FOLDER_NAMES} names, or holds no such name. Deterministic; each name is scanned once.
 */
export async function unredactedPath(path: string, list: (folder: string) => Promise<readonly string[] | null>, settings: SecretSettings): Promise<string | null> {
  if (!holdsRedactedName(path)) return path;
  const real: string[] = [];
  for (const segment of path.split('/')) {
    if (!segment.includes(MARKER_START)) {
      real.push(segment);
      continue;
    }
    const names = await list(real.join('/'));
    if (names === null || names.length > MAX_FOLDER_NAMES) return null;
    const sorted = [...names].sort();
    const hits = await findSecrets(sorted, settings);
    let found: string | null = null;
    for (const [i, name] of sorted.entries()) {
      const list = hits[i] ?? [];
      if (list.length === 0) continue;
      const redaction = new Redaction();
      for (const h of list) redaction.add(name.slice(h.start, h.end), h.kind);
      if (redaction.redact(name) === segment) {
        found = name;
        break;
      }
    }
    // A value found elsewhere in the project (a row naming the token) redacts a name no rule finds
    // anything in alone: the name whose text around the markers is the segment's.
    found ??= sorted.find((name) => fitsAroundMarkers(name, segment)) ?? null;
    if (found === null) return null;
    real.push(found);
  }
  return real.join('/');
}

/** The names of a folder of the tree of `commit` in `repo` (`''` is the root), for {@link unredactedPath}; null when it is not a folder there. */
export function repositoryFolderNames(repo: GitRepository, commit: string): (folder: string) => Promise<string[] | null> {
  return async (folder) => {
    const found = await repo.lookupPath(commit, folder);
    if (found.status !== 'tree') return null;
    const entries = await repo.tree(found.oid);
    return 'problem' in entries ? null : entries.map((e) => e.name);
  };
}

/**
 * What `read` gives for the file the archive knows by `path` (redacted), read by its real name
 * ({@link unredactedPath}), with that name put back as `path` wherever the answer holds it (its
 * `path`, a problem's words), so nothing published holds the real name. A `path` with no marker
 * is read as it is; a real name not found is read as `path` (whose problem then says it is not
 * there, in redacted words).
 */
export async function readByRedactedName<T extends { path: string } | { problem: string }>(path: string, read: (realPath: string) => Promise<T>, list: (folder: string) => Promise<readonly string[] | null>, settings: SecretSettings): Promise<T> {
  if (!holdsRedactedName(path)) return read(path);
  const real = (await unredactedPath(path, list, settings).catch(() => null)) ?? path;
  const answer = await read(real);
  if (real === path) return answer;
  if ('problem' in answer) return { ...answer, problem: answer.problem.replaceAll(real, path) };
  return { ...answer, path };
}

/** The whole text of the repository file the archive knows by `path` (redacted) at `commit`, or null (src/lib/secrets/evidence-secrets.ts `redactExcerpt` scans it for a cut excerpt). */
export async function wholeFileText(repo: GitRepository | null, commit: string | null, path: string, settings: SecretSettings): Promise<string | null> {
  if (repo === null || commit === null) return null;
  const real = await unredactedPath(path, repositoryFolderNames(repo, commit), settings).catch(() => null);
  return real === null ? null : repositoryFileText(repo, commit, real).catch(() => null);
}

/**
 * Folder names as they are published (sec10: a project folder `run-ghp_…` gave its id, URL, path
 * and title the token as written): given every name at once, the secret rules run over them in
 * one batch, and the function returned gives each name with its secrets redacted (a name with
 * none, or every name under `--no-redact`, as it is). Handed to discovery
 * (src/lib/discover/discover.ts `DiscoverOptions.redactNames`), which stands below the rules.
 */
export async function nameRedactor(names: readonly string[], settings: SecretSettings): Promise<(name: string) => string> {
  if (!settings.redact) return (name) => name;
  const distinct = [...new Set(names)];
  const hits = await findSecrets(distinct, settings);
  const redacted = new Map<string, string>();
  for (const [i, list] of hits.entries()) {
    if (list.length === 0) continue;
    const name = distinct[i] as string;
    const redaction = new Redaction();
    for (const h of list) redaction.add(name.slice(h.start, h.end), h.kind);
    redacted.set(name, redaction.redact(name));
  }
  return (name) => redacted.get(name) ?? name;
}
