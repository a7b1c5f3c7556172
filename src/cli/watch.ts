/**
 * Watches the input folders (and the configuration file) for `trailbook dev`: `fs.watch`
 * (recursive) where the platform has it, else, or with `--poll`, a periodic scan of file
 * sizes and modification times. Changes are debounced: `onChange` runs once the inputs have
 * been quiet for `debounceMs`.
 */
import { watch as fsWatch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';

/** Folder names whose changes never matter (tool caches, dependencies). */
const IGNORED_NAMES: ReadonlySet<string> = new Set(['node_modules', '.astro', '.trailbook-cache']);

/** Options of {@link watchInputs}. */
export interface WatchOptions {
  /** Folders to watch, recursively (absolute). */
  roots: string[];
  /** Single files to watch (the configuration file), absolute. */
  files?: string[];
  /** Folders whose changes are ignored (the output and cache folders), absolute. */
  ignore?: string[];
  /** Poll every this many milliseconds instead of using fs.watch. */
  pollMs?: number;
  /** Quiet time before `onChange` runs. */
  debounceMs?: number;
  /** Called with the changed paths (at most 20 are kept). */
  onChange(paths: string[]): void;
}

/** A running watch. */
export interface InputWatch {
  /** `fs.watch` or `polling every N ms`. */
  mode: string;
  /**
   * Settles once a change from now on is seen: at once for fs.watch; for polling, once the
   * first scan has taken its snapshot (a change made before then was part of the snapshot and
   * never seen: CI, `dev --poll` missed a configuration saved right after "Serving …").
   */
  ready: Promise<void>;
  close(): void;
}

const inside = (parent: string, path: string): boolean => path === parent || path.startsWith(parent + sep);

/**
 * Whether a change at `rel` (below a watched root, split into its parts) inside a `.git`
 * folder is one that matters: only what moves a branch — `HEAD`, `packed-refs` and anything
 * under `refs/` — changes what evidence resolves against. Git's own bookkeeping of any command
 * (`index.lock`, `index`, `objects/`, `logs/`, `FETCH_HEAD`) is not a change of the inputs.
 * Paths with no `.git` part are not this function's to judge (true).
 */
export function gitChangeMatters(parts: readonly string[]): boolean {
  const at = parts.indexOf('.git');
  if (at === -1) return true;
  const below = parts.slice(at + 1);
  if (below.length === 0) return false;
  if (below.length === 1) return below[0] === 'HEAD' || below[0] === 'packed-refs';
  return below[0] === 'refs' && !below.some((p) => p.endsWith('.lock'));
}

/** Size and mtime of every file under `root`, skipping ignored folders. */
async function snapshot(root: string, ignore: readonly string[], into: Map<string, string>): Promise<void> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (IGNORED_NAMES.has(entry.name) || ignore.some((i) => inside(i, path))) continue;
    if (entry.isDirectory()) {
      // Inside .git only HEAD, packed-refs and refs/ are scanned (gitChangeMatters).
      if (entry.name === '.git') for (const name of ['HEAD', 'packed-refs', 'refs']) await snapshotOne(join(path, name), ignore, into);
      else await snapshot(path, ignore, into);
    } else if (entry.isFile()) {
      const info = await stat(path).catch(() => null);
      if (info) into.set(path, `${info.size}:${info.mtimeMs}`);
    }
  }
}

/** {@link snapshot} of one path, a file or a folder; nothing when it does not exist. */
async function snapshotOne(path: string, ignore: readonly string[], into: Map<string, string>): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info?.isDirectory()) await snapshot(path, ignore, into);
  else if (info?.isFile()) into.set(path, `${info.size}:${info.mtimeMs}`);
}

/** Starts watching. */
export function watchInputs(options: WatchOptions): InputWatch {
  const ignore = options.ignore ?? [];
  const files = options.files ?? [];
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Notes a change; `rel` is the part of the path below its watched root. */
  const changed = (path: string, rel = ''): void => {
    const parts = rel.split(sep);
    if (ignore.some((i) => inside(i, path)) || parts.some((part) => IGNORED_NAMES.has(part) || part.startsWith('.trailbook-staging-')) || !gitChangeMatters(parts)) return;
    if (pending.length < 20 && !pending.includes(path)) pending.push(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = pending;
      pending = [];
      options.onChange(paths);
    }, options.debounceMs ?? 200);
  };

  const watchers: FSWatcher[] = [];
  const useWatch = options.pollMs === undefined;
  if (useWatch) {
    try {
      for (const root of options.roots) {
        watchers.push(fsWatch(root, { recursive: true }, (_event, name) => changed(name ? join(root, name.toString()) : root, name?.toString() ?? '')));
      }
      // An editor saves by replacing the file: watch its folder, keep events for its name.
      for (const file of files) {
        watchers.push(fsWatch(dirname(file), (_event, name) => {
          if (name !== null && name.toString() === basename(file)) changed(file);
        }));
      }
      for (const w of watchers) w.on('error', () => undefined);
      return {
        mode: 'fs.watch',
        ready: Promise.resolve(),
        close: () => {
          clearTimeout(timer);
          for (const w of watchers) w.close();
        },
      };
    } catch {
      for (const w of watchers) w.close();
    }
  }

  const pollMs = options.pollMs ?? 1000;
  let previous: Map<string, string> | null = null;
  let stopped = false;
  let poller: ReturnType<typeof setTimeout> | undefined;
  const scan = async (): Promise<void> => {
    const now = new Map<string, string>();
    for (const root of options.roots) await snapshot(root, ignore, now);
    for (const file of files) {
      const info = await stat(file).catch(() => null);
      now.set(file, info ? `${info.size}:${info.mtimeMs}` : 'gone');
    }
    if (previous) {
      for (const [path, value] of now) if (previous.get(path) !== value) changed(path);
      for (const path of previous.keys()) if (!now.has(path)) changed(path);
    }
    previous = now;
    if (!stopped) poller = setTimeout(() => void scan(), pollMs);
  };
  const ready = scan();
  return {
    mode: `polling every ${pollMs} ms`,
    ready,
    close: () => {
      stopped = true;
      clearTimeout(poller);
      clearTimeout(timer);
    },
  };
}
