/**
 * One writer per output and cache folder (issue 28, scope 2; docs/reliability.md): a build or
 * merge holds a lock file on its output folder (beside it, since the folder itself is replaced)
 * and on its cache folder while it runs. A second run into either stops at once with a message
 * naming the process that holds it; the lock of a process that no longer runs (killed, the
 * machine restarted) is taken over with a one-line notice.
 *
 * A lock file is created with O_EXCL (`wx`), so two runs can never both create it. It holds
 * the holder's pid, host, command line, start time, and on Linux the process's start tick
 * (`/proc/<pid>/stat`), so a pid reused by an unrelated process is not taken for the holder.
 */
import { readFileSync, renameSync, unlinkSync } from 'node:fs';
import { lstat, mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './output.ts';
import { fromCwd } from './paths.ts';
import { folderLinkedTo, insideFolder } from '../lib/fs/real-path.ts';
import { sweepTemporaryFiles } from '../lib/fs/cache-files.ts';

/** What a lock file says about its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  /** The command line, as `trailbook build …`. */
  command: string;
  /** ISO time the holder started. */
  started: string;
  /** The process's start tick (Linux, `/proc/<pid>/stat` field 22), or null elsewhere. */
  tick: string | null;
}

/** The fields of `/proc/<pid>/stat` after the command name (Linux: field 3, the state, first), or null when it cannot be read. */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The start tick of process `pid` (Linux), or null when it cannot be read. */
function startTick(pid: number): string | null {
  return procStat(pid)?.[19] ?? null;
}

/** Whether the holder of a lock still runs: on this host, its pid is alive and (where known) started when it did. Another host's holder is taken to run. */
export function holderRuns(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const fields = procStat(holder.pid);
  // A killed process not reaped yet (state Z, zombie; X, dead) still answers kill(pid, 0).
  if (fields !== null && (fields[0] === 'Z' || fields[0] === 'X')) return false;
  const tick = fields?.[19] ?? null;
  return holder.tick === null || tick === null || tick === holder.tick;
}

/** The lock file of an output folder: beside it, named after a hash of its absolute path. */
export function outputLockPath(outDir: string): string {
  return join(dirname(outDir), `.trailbook-lock-${folderTag(outDir)}`);
}

/** A short tag naming a folder among its siblings' leftovers: 8 hex of sha256 of its absolute path. */
export function folderTag(dir: string): string {
  return createHash('sha256').update(dir).digest('hex').slice(0, 8);
}

/** The lock file of a cache folder: inside it. */
export function cacheLockPath(cacheDir: string): string {
  return join(cacheDir, '.trailbook-lock');
}

/** The mark a run that did not finish leaves in its cache folder (its lock, renamed): the next run removes the temporary files it may have left. */
export function unfinishedMarkPath(cacheDir: string): string {
  return join(cacheDir, '.trailbook-unfinished');
}

/** A held lock. */
export interface HeldLock {
  path: string;
  /** Whether it was taken over from a process that no longer runs (which may have left half-written files). */
  tookOver: boolean;
  /**
   * Removes the lock file (once). `finished` false: the run did not finish what it wrote (it
   * failed), and a lock with a mark path leaves that mark for the next run.
   */
  release(finished?: boolean): Promise<void>;
}

function describeHolder(holder: LockHolder): string {
  const where = holder.host === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
  return `${where}, \`${holder.command}\`, started ${holder.started}`;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    if (typeof h.pid !== 'number' || typeof h.host !== 'string') return null;
    return { pid: h.pid, host: h.host, command: String(h.command ?? 'trailbook'), started: String(h.started ?? '?'), tick: typeof h.tick === 'string' ? h.tick : null };
  } catch {
    return null;
  }
}

/** The command line of this process, as a user typed it (`trailbook build …`). */
function thisCommand(): string {
  const args = process.argv.slice(2).map((a) => (/^[\w./:=@,+-]+$/.test(a) ? a : JSON.stringify(a)));
  return ['trailbook', ...args].join(' ').slice(0, 200);
}

/** What a folder that cannot be written raises (a read-only disk, no permission, a file in its place or above it). */
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'ELOOP']);

/**
 * The error a run stops with when the `kind` folder `what` (or, for the output, the folder
 * beside it) cannot be written: a {@link UsageError} naming the folder, the cause and the fix
 * (a fault-injecting trial: a cache on a read-only disk was "unexpected failure: Error: EROFS …",
 * a stack trace and "this is a bug in Trailbook"); any other error as it is.
 */
export function unwritable(error: unknown, kind: 'output' | 'cache', what: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === undefined || !UNWRITABLE.has(code)) return error;
  const why =
    code === 'EROFS'
      ? 'it is on a read-only disk'
      : code === 'EEXIST' || code === 'ENOTDIR'
        ? 'a file is in its place, or in the place of a folder above it'
        : code === 'ELOOP'
          ? 'it is a symbolic link that leads round in a loop'
          : 'this user may not write there';
  return new UsageError(
    `the ${kind} folder ${fromCwd(what)} cannot be written: ${why} (${code})`,
    kind === 'cache'
      ? 'give --cache-dir a folder this user can write on a writable disk: every build writes its cache there'
      : 'give --out a folder this user can write on a writable disk: the archive is staged beside it and swapped in',
  );
}

/** What a file that cannot be written raises part-way: no permission, a read-only disk. */
const UNWRITABLE_FILE = new Set(['EROFS', 'EACCES', 'EPERM']);

/**
 * The error a run stops with when a file inside the cache folder `cacheDir` (absolute) cannot
 * be written part-way (a folder of the cache made read-only, or another user's): a
 * {@link UsageError} naming the cache folder, the file (without the `.<pid>.tmp` of its
 * temporary file), the cause and the fix (rel14: "unexpected failure: Error: EACCES … open
 * …/a.model.json.5326.tmp", a stack trace and "this is a bug in Trailbook"); any other error,
 * or one about a file elsewhere, as it is.
 */
export function unwritableInCache(error: unknown, cacheDir: string): unknown {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === undefined || !UNWRITABLE_FILE.has(code) || typeof path !== 'string' || insideFolder(cacheDir, path) === null) return error;
  const why = code === 'EROFS' ? 'it is on a read-only disk' : 'this user may not write there';
  return new UsageError(
    `the cache folder ${fromCwd(cacheDir)} cannot be written: ${fromCwd(path.replace(/\.\d+\.tmp$/, ''))}: ${why} (${code})`,
    `make it writable by this user (chmod -R u+w ${fromCwd(cacheDir)}), or give --cache-dir another folder: every build writes its cache there`,
  );
}

/**
 * Takes the lock at `path` for a run writing to `what` (a folder, for messages; `kind`: output
 * or cache). Throws {@link UsageError} naming the holder when another running process holds it
 * — or, with `wait` (the rebuilds of `trailbook dev`), tells `notice` once and waits for it to
 * end; takes over (and tells `notice`) the lock of a process that no longer runs.
 * `unfinishedMark`: a file the lock is renamed to, rather than removed, when the process ends
 * holding it (a stop signal, an exit part-way) or the run says it did not finish; see
 * {@link lockFolders}.
 */
export async function takeLock(path: string, what: string, kind: 'output' | 'cache', notice: (line: string) => void, wait = false, unfinishedMark: string | null = null): Promise<HeldLock> {
  const me: LockHolder = { pid: process.pid, host: hostname(), command: thisCommand(), started: new Date().toISOString(), tick: startTick(process.pid) };
  const text = `${JSON.stringify(me)}\n`;
  let waited: string | null = null;
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      const handle = await open(path, 'wx');
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
      return held(path, false, unfinishedMark);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unwritable(error, kind, what);
    }
    const holderText = await readFile(path, 'utf8').catch(() => null);
    if (holderText === null) {
      // A folder in the lock's place is no run's lock (runs create a file, O_EXCL): it is removed,
      // with a notice (a fault-injecting trial: "could not lock", and the fix "delete that file").
      if (await stat(path).then((s) => s.isDirectory(), () => false)) {
        await rm(path, { recursive: true, force: true });
        notice(`  notice: removed a folder in the place of the lock of the ${kind} folder ${fromCwd(what)} (${basename(path)})`);
      }
      continue;
    }
    const holder = parseHolder(holderText);
    // A lock file not written yet (its maker between creating and writing it) is not a stale one.
    if (holder === null && (await stat(path).then((s) => Date.now() - s.mtimeMs < 2000, () => false))) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      continue;
    }
    if (holder !== null && holderRuns(holder) && wait) {
      if (waited !== holderText) notice(`  waiting for another Trailbook writing to the ${kind} folder ${fromCwd(what)} (${describeHolder(holder)})…`);
      waited = holderText;
      attempt--;
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
      continue;
    }
    if (holder !== null && holderRuns(holder)) {
      throw new UsageError(
        `another Trailbook is writing to the ${kind} folder ${fromCwd(what)} (${describeHolder(holder)})`,
        `wait for it to end, or stop it (kill ${holder.pid}); two runs into one ${kind} folder would mix their files`,
      );
    }
    // A stopped holder's lock is taken over by one run at a time, under a guard file made with
    // O_EXCL, and only while it still holds what was read; the run then makes its own lock there
    // before it lets the guard go. (rel16: six runs started at once over a killed build's lock,
    // each moved the lock aside and put back what was not the stale one; one's move left no lock
    // for a moment, another made its own, and the put-back then removed the first taker's: two
    // or three runs held the folder at once in 2 of 30 trials.)
    const guard = `${path}.takeover`;
    const guardHandle = await open(guard, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return null;
      throw unwritable(error, kind, what);
    });
    if (guardHandle === null) {
      // Another run is taking it over (a guard is held for microseconds: one left by a run killed then goes after 5 s).
      if (await stat(guard).then((s) => Date.now() - s.mtimeMs > 5000, () => false)) await unlink(guard).catch(() => undefined);
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      continue;
    }
    await guardHandle.close();
    try {
      if ((await readFile(path, 'utf8').catch(() => null)) !== holderText) continue;
      await unlink(path);
      const handle = await open(path, 'wx').catch(() => null);
      if (handle === null) continue;
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
      notice(`  notice: took over the lock of the ${kind} folder ${fromCwd(what)} from a Trailbook that no longer runs (${holder ? describeHolder(holder) : `an unreadable ${basename(path)}`})`);
      return held(path, true, unfinishedMark);
    } catch {
      continue;
    } finally {
      await unlink(guard).catch(() => undefined);
    }
  }
  throw new UsageError(`could not lock the ${kind} folder ${fromCwd(what)} (${path})`, 'run again; if it persists, delete that file when no Trailbook runs');
}

function held(path: string, tookOver: boolean, unfinishedMark: string | null): HeldLock {
  let released = false;
  // Whatever way the process ends short of a kill, the lock goes with it; the run did not
  // finish, so it stays as the mark that says so (the holder's text in it).
  const onExit = (): void => {
    if (released) return;
    released = true;
    try {
      if (unfinishedMark === null) unlinkSync(path);
      else renameSync(path, unfinishedMark);
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);
  return {
    path,
    tookOver,
    async release(finished = true) {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      if (!finished && unfinishedMark !== null) await rename(path, unfinishedMark).catch(() => undefined);
      await unlink(path).catch(() => undefined);
    },
  };
}

/** The signals that stop a run (Ctrl-C, SIGTERM, SIGHUP). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Makes a stop signal end the process with exit code 130 while a run holds its locks, so the
 * locks go with it (the `exit` handlers of {@link held}); Node's default for these signals ends
 * the process without running them (rel14: Ctrl-C while a build analysed left both locks, and
 * the next build said it took them over from a Trailbook that no longer runs). The exit waits
 * for the handlers registered later to run first (the staging folder's, src/cli/staging.ts,
 * which removes that folder and exits itself). Returns the function that removes the handler.
 */
function exitOnStop(): () => void {
  const onSignal = (): void => {
    setImmediate(() => process.exit(130));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  };
}

/**
 * Takes the locks of a run writing `outDir` and `cacheDir` (output first, always in that
 * order, so two runs never wait on each other's second lock; `wait`: see {@link takeLock}).
 * Releases what it took when the second cannot be had. Unless `wait` (`trailbook dev`, which
 * handles stop signals itself), a stop signal while the locks are held exits 130 and removes
 * them. After a run into the cache folder that did not finish (its lock taken over from a
 * killed process, or the mark {@link unfinishedMarkPath} left by one stopped, failed or exited
 * part-way), removes the temporary files of cache writes it may have left
 * ({@link sweepTemporaryFiles}); `release(false)` leaves that mark.
 */
export async function lockFolders(outDir: string, cacheDir: string, notice: (line: string) => void, wait = false): Promise<HeldLock> {
  await mkdir(dirname(outDir), { recursive: true }).catch((error: unknown) => {
    throw unwritable(error, 'output', outDir);
  });
  // A cache folder given as a link to a folder not made yet: that folder is made (`mkdir` of the
  // link itself fails, ENOENT); the link stays (rel14: "unexpected failure … mkdir").
  await mkdir(await folderLinkedTo(cacheDir), { recursive: true }).catch((error: unknown) => {
    throw unwritable(error, 'cache', cacheDir);
  });
  const out = await takeLock(outputLockPath(outDir), outDir, 'output', notice, wait);
  let cache: HeldLock;
  try {
    cache = await takeLock(cacheLockPath(cacheDir), cacheDir, 'cache', notice, wait, unfinishedMarkPath(cacheDir));
  } catch (error) {
    await out.release();
    throw error;
  }
  // A run that did not finish (killed: its lock taken over; stopped or failed: its mark) may have
  // left temporary files of its writes: removed now, before this run writes (none is this run's).
  // A run after one that finished lists nothing (rel14 left-alone item: `kill -9` left
  // projects/<id>.model.json.<pid>.tmp in the cache for good).
  const mark = unfinishedMarkPath(cacheDir);
  if (cache.tookOver || (await lstat(mark).then(() => true, () => false))) {
    await sweepTemporaryFiles(await folderLinkedTo(cacheDir));
    await rm(mark, { recursive: true, force: true });
  }
  const stopHandler = wait ? () => undefined : exitOnStop();
  return {
    path: out.path,
    tookOver: out.tookOver || cache.tookOver,
    async release(finished = true) {
      stopHandler();
      await cache.release(finished);
      await out.release();
    },
  };
}
