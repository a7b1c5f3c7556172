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
import { numberedName, unnumberedName } from './redacted-ids.ts';

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
 * The names of a folder (`sorted`, with their own secrets found: `hits`) that read as `segment`
 * once redacted, in sorted order: those the rules redact to it, or else (a value found elsewhere
 * in the project redacted it, where no rule finds anything in the name alone) those whose text
 * around the markers is the segment's ({@link fitsAroundMarkers}). A segment's number
 * (src/lib/secrets/redacted-ids.ts `numberedName`) is its name's place in this list.
 */
function namesReadingAs(segment: string, sorted: readonly string[], hits: ReadonlyArray<ReadonlyArray<{ start: number; end: number; kind: string }>>): string[] {
  const alike: string[] = [];
  for (const [i, name] of sorted.entries()) {
    const list = hits[i] ?? [];
    if (list.length === 0) continue;
    const redaction = new Redaction();
    for (const h of list) redaction.add(name.slice(h.start, h.end), h.kind);
    if (redaction.redact(name) === segment) alike.push(name);
  }
  return alike.length > 0 ? alike : sorted.filter((name) => fitsAroundMarkers(name, segment));
}

/** A folder's names, sorted, with their secrets, or null when it cannot be listed or holds more than {@link MAX_FOLDER_NAMES}. */
async function folderNames(folder: string, list: (folder: string) => Promise<readonly string[] | null>, settings: SecretSettings): Promise<{ sorted: string[]; hits: Awaited<ReturnType<typeof findSecrets>> } | null> {
  const names = await list(folder);
  if (names === null || names.length > MAX_FOLDER_NAMES) return null;
  const sorted = [...names].sort();
  return { sorted, hits: await findSecrets(sorted, settings) };
}

/**
 * The real path of a file the archive knows by `path`, redacted: `path` itself when it holds no
 * marker; otherwise each segment holding one is the name of its folder that reads as that
 * segment ({@link namesReadingAs}): the first in sorted order, or the `n`-th for a segment
 * numbered `#n` (sec11: two names that read alike, `config/ghp_A….json` and `config/ghp_Q….json`,
 * are `config/[redacted: GitHub token].json` and `config/[redacted: GitHub token #2].json`:
 * {@link shownPath}). `list` gives a folder's names (`''` is the root), or null when it cannot.
 * Null when a folder cannot be listed, holds more than {@link MAX_FOLDER_NAMES} names, or holds
 * no such name. Deterministic; each name is scanned once.
 */
export async function unredactedPath(path: string, list: (folder: string) => Promise<readonly string[] | null>, settings: SecretSettings): Promise<string | null> {
  if (!holdsRedactedName(path)) return path;
  const real: string[] = [];
  for (const segment of path.split('/')) {
    if (!segment.includes(MARKER_START)) {
      real.push(segment);
      continue;
    }
    const folder = await folderNames(real.join('/'), list, settings);
    if (folder === null) return null;
    const { name, n } = unnumberedName(segment);
    const found = namesReadingAs(name, folder.sorted, folder.hits)[n - 1];
    if (found === undefined) return null;
    real.push(found);
  }
  return real.join('/');
}

/**
 * How the archive names the cited file at `real` (a real path, with a secret in a name): each
 * segment as `redaction` redacts it, numbered by its place among the names of its folder that
 * read alike ({@link namesReadingAs}; `#2` from the second: src/lib/secrets/redacted-ids.ts
 * `numberedName`), so that two files whose names differ only by secrets of one kind are two
 * pages, each found again by {@link unredactedPath}. Null when no segment needs a number (the
 * path is then redacted as any text is). The folders are listed with `list`, as for
 * {@link unredactedPath}; one that cannot be listed numbers nothing.
 */
export async function shownPath(real: string, redaction: Redaction, list: (folder: string) => Promise<readonly string[] | null>, settings: SecretSettings): Promise<string | null> {
  const segments = real.split('/');
  const shown: string[] = [];
  let numbered = false;
  for (const [i, segment] of segments.entries()) {
    const redacted = redaction.redact(segment);
    if (redacted === segment || !redacted.includes(MARKER_START)) {
      shown.push(redacted);
      continue;
    }
    const folder = await folderNames(segments.slice(0, i).join('/'), list, settings).catch(() => null);
    const at = folder === null ? -1 : namesReadingAs(redacted, folder.sorted, folder.hits).indexOf(segment);
    if (at >= 1) numbered = true;
    shown.push(numberedName(redacted, at + 1));
  }
  return numbered ? shown.join('/') : null;
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

/** A cited file's key in {@link CitedNames}: its origin, real path and commit (`''`: the landed head). */
export const citedPathKey = (origin: string, path: string, at: string | undefined): string => `${origin}\u0000${path}\u0000${at ?? ''}`;

/** How the archive names cited files whose names read alike once redacted ({@link citedShownPaths}). */
export interface CitedNames {
  /** By {@link citedPathKey}: the name of each version of a cited file whose path holds a secret. */
  byKey: Map<string, string>;
  /** By real path: the name of a path whose every cited version is named so (texts are replaced with it). */
  inTexts: Map<string, string>;
}

/**
 * How the archive names each cited file of `files` whose name holds a secret and reads like
 * another's once redacted ({@link shownPath}); `list` gives the folder names for a file of an
 * origin at a commit (the repository's tree at it, or the project folder), or null when there is
 * nothing to list. A file that needs no number is named as its segments redact.
 */
export async function citedShownPaths(files: ReadonlyArray<{ path: string; origin: string; at?: string }>, redaction: Redaction, list: (origin: string, at: string | undefined) => ((folder: string) => Promise<readonly string[] | null>) | null, settings: SecretSettings): Promise<CitedNames> {
  const byKey = new Map<string, string>();
  const versions = new Map<string, Array<string | null>>();
  for (const f of files) {
    if (redaction.redact(f.path) === f.path) continue;
    const names = list(f.origin, f.at);
    const shown = names === null ? null : await shownPath(f.path, redaction, names, settings);
    // Every cited path holding a secret is named here, numbered or not, so a number the rows' ids take later (redacted-ids.ts) never reaches a path.
    byKey.set(citedPathKey(f.origin, f.path, f.at), shown ?? f.path.split('/').map((segment) => redaction.redact(segment)).join('/'));
    versions.set(f.path, [...(versions.get(f.path) ?? []), shown]);
  }
  const inTexts = new Map<string, string>();
  for (const [path, names] of versions) if (names[0] !== null && names.every((n) => n === names[0])) inTexts.set(path, names[0] as string);
  return { byKey, inTexts };
}

/**
 * Names each cited file of `model` as `names` says ({@link citedShownPaths}), in place, before
 * the model is redacted: every object holding a file's `path` with its `origin` (and `at`): the
 * cited files, pointers' targets and cited files, findings' locations. A path named one way in
 * every version is also replaced so in texts (a pointer as written: `config/ghp_….json:2`),
 * through `redaction`; one named apart at some commit only keeps its texts redacted as any text.
 */
export function renameCitedPaths(model: object, names: CitedNames, redaction: Redaction): void {
  if (names.byKey.size === 0) return;
  const stack: unknown[] = [model];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) if (v !== null && typeof v === 'object') stack.push(v);
      continue;
    }
    const record = node as Record<string, unknown>;
    const { path, origin, at } = record;
    if (typeof path === 'string' && (origin === 'repository' || origin === 'artifact')) {
      const to = names.byKey.get(citedPathKey(origin, path, typeof at === 'string' ? at : undefined));
      if (to !== undefined) record['path'] = to;
    }
    for (const v of Object.values(record)) if (v !== null && typeof v === 'object') stack.push(v);
  }
  for (const [path, name] of names.inTexts) redaction.replace(path, name);
}
