/**
 * `trailbook dev [DIR...]`: builds the archive, serves it on localhost, and rebuilds when an
 * input changes. Each rebuild is the incremental `trailbook build` (runBuild): unchanged
 * projects are reused from the model store and only their changed pages are rendered; open
 * pages reload when it is done.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFailure, describeUnexpected } from '../failure.ts';
import { fromCwd } from '../paths.ts';
import { printProblem, UsageError, type Output } from '../output.ts';
import { ensureListenable, serveArchive, type ArchiveServer } from '../serve.ts';
import { removeOutputFolder, removeOutputFolderSync } from '../staging.ts';
import { resolveSettings, type Settings, type SettingsFlags } from '../settings.ts';
import { watchInputs, type InputWatch } from '../watch.ts';
import { runBuild } from './build.ts';

/** Options of `trailbook dev`. */
export interface DevOptions extends SettingsFlags {
  /** `--port N` (default 4321; 0 picks a free port). */
  port?: string;
  /** `--host ADDRESS` (default 127.0.0.1). */
  host?: string;
  /** `--poll [ms]`: poll the inputs instead of using fs.watch. */
  poll?: string | boolean;
  /** `--no-reload` sets this false. */
  reload?: boolean;
  verbose?: boolean;
}

/**
 * The default output folder of `dev`: `site/` in a new folder of its own under the system's
 * temporary folder (`trailbook-dev-XXXXXX`), removed when `dev` stops. Resolves to both.
 */
async function devOutDir(): Promise<{ temp: string; out: string }> {
  const temp = await mkdtemp(join(tmpdir(), 'trailbook-dev-'));
  return { temp, out: join(temp, 'site') };
}

/** `--port`: 4321 when absent; throws {@link UsageError} for anything but 0–65535. */
export function parsePort(value: string | undefined): number {
  if (value === undefined) return 4321;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port ${value} is not a port number`, 'pass a number from 1 to 65535, e.g. --port 4321, or 0 for any free port');
  return port;
}

function parsePoll(value: string | boolean | undefined): number | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return 1000;
  if (!/^\d+$/.test(value) || Number(value) < 50) throw new UsageError(`--poll ${value} is not an interval`, 'pass milliseconds of at least 50, e.g. --poll 1000, or --poll alone for every second');
  return Number(value);
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** A stop request: {@link stopRequested}. */
interface Stop {
  /** Resolves when a stop is asked for. */
  stopped: Promise<void>;
  /** Set once the archive is served: from then on a stop closes the server and returns. */
  serving: boolean;
  /** Removes the signal handlers. */
  done(): void;
}

/**
 * Watches for a request to stop: Ctrl-C, SIGTERM, SIGHUP, or `signal` aborting. Before the
 * archive is served (a first build can take minutes) a signal removes `temp` at once and exits
 * 130; after, `stopped` resolves and the handlers stay until `done`: the same Ctrl-C arrives
 * twice (a terminal sends one to bin/trailbook.js, which passes it on to the Node it started),
 * and must not kill the process before it has cleaned up. A signal a second or more after the
 * first (Ctrl-C again, while a rebuild is being waited for) removes `temp` and exits 130 at once.
 */
function stopRequested(temp: string | null, signal?: AbortSignal): Stop {
  let resolveStop = (): void => undefined;
  let firstAt = 0;
  const stop: Stop = {
    stopped: new Promise<void>((resolvePromise) => (resolveStop = resolvePromise)),
    serving: false,
    done: () => STOP_SIGNALS.forEach((name) => process.off(name, onSignal)),
  };
  function onSignal(): void {
    if (stop.serving) {
      if (firstAt === 0) {
        firstAt = Date.now();
        return resolveStop();
      }
      if (Date.now() - firstAt < REPEATED_SIGNAL_MS) return;
    }
    if (temp) removeOutputFolderSync(temp);
    process.exit(130);
  }
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  signal?.addEventListener('abort', () => resolveStop(), { once: true });
  return stop;
}

/** Signals this close to the first are the same Ctrl-C (see {@link stopRequested}). */
const REPEATED_SIGNAL_MS = 1000;

/**
 * Runs the dev command until stopped; returns the exit code. Without `--out` (or `out` in the
 * configuration) it builds into a temporary folder that it removes when it stops, however it
 * stops: Ctrl-C, SIGTERM, SIGHUP, `signal`, or a failed first build.
 */
export async function runDev(dirs: string[], options: DevOptions, out: Output, signal?: AbortSignal): Promise<number> {
  parsePort(options.port);
  parsePoll(options.poll);
  // Every dev session on the same inputs shares one model store, whatever its output folder.
  const first = await resolveSettings(dirs, options, { cacheKey: 'dev' });
  const temp = first.loaded?.config.out === undefined && options.out === undefined ? await devOutDir() : null;
  const stop = stopRequested(temp?.temp ?? null, signal);
  try {
    const folderOrigins: Settings['origins'] = { out: temp ? { from: 'flag' } : first.origins.out, cacheDir: first.origins.cacheDir };
    return await serveWhileRunning(dirs, { ...options, cacheDir: options.cacheDir ?? first.cacheDir, folderOrigins }, out, temp?.out ?? first.outDir, stop);
  } finally {
    stop.done();
    if (temp) await removeOutputFolder(temp.temp);
  }
}

/** Builds into `outDir`, serves it and rebuilds on changes until `stopped`; returns the exit code. */
async function serveWhileRunning(dirs: string[], options: DevOptions & { folderOrigins: Settings['origins'] }, out: Output, outDir: string, stop: Stop): Promise<number> {
  const port = parsePort(options.port);
  const host = options.host ?? '127.0.0.1';
  const pollMs = parsePoll(options.poll);
  const buildOptions = { ...options, out: outDir, served: true, ...(options.verbose ? { verbose: true } : {}) };

  // A port given with --port is not given way, and --host must be this machine's: say either is
  // unusable before the first build, not after it (a default port in use gives way to another).
  if (options.port !== undefined || options.host !== undefined) await ensureListenable(options.port !== undefined ? port : 0, host);
  let code = await runBuild(dirs, buildOptions, out);
  if (code === 2) return 2;
  let settings: Settings = await resolveSettings(dirs, { ...options, out: outDir });
  // Without --port, a taken default port gives way to a free one (src/cli/serve.ts).
  const server: ArchiveServer = await serveArchive({ root: settings.outDir, base: settings.base, host, port, reload: options.reload !== false, portIfTaken: options.port === undefined ? 'next' : 'fail' });
  if (server.port !== port && port !== 0) out.info(`  note: port ${port} is in use; serving on port ${server.port}`);
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') out.info(`  note: --host ${host} lets other machines read the archive`);

  let building = false;
  let again = false;
  let watcher: InputWatch;
  const startWatch = (s: Settings): InputWatch =>
    watchInputs({
      roots: s.roots,
      files: s.loaded ? [s.loaded.file] : [],
      ignore: [s.outDir, s.cacheDir],
      ...(pollMs === undefined ? {} : { pollMs }),
      onChange: (paths) => void rebuild(paths),
    });
  let stopping = false;
  /** The rebuild in progress, if any: a stop waits for it, so its folder is not removed under it (Astro would fail to load its own modules). */
  let current: Promise<void> | null = null;
  const rebuild = (paths: string[]): Promise<void> => {
    if (stopping) return Promise.resolve();
    if (building) {
      again = true;
      return current ?? Promise.resolve();
    }
    building = true;
    const run: Promise<void> = rebuildOnce(paths).finally(() => {
      if (current === run) current = null;
    });
    current = run;
    return run;
  };
  const rebuildOnce = async (paths: string[]): Promise<void> => {
    out.info('');
    out.info(`Changed: ${paths.slice(0, 3).map(fromCwd).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}; rebuilding…`);
    try {
      code = await runBuild(dirs, buildOptions, out);
      const next = await resolveSettings(dirs, { ...options, out: outDir });
      if (next.base !== settings.base) out.info(`  note: the base path is now ${next.base}; restart trailbook dev to serve it there`);
      if (!stopping && (JSON.stringify(next.roots) !== JSON.stringify(settings.roots) || next.loaded?.file !== settings.loaded?.file)) {
        watcher.close();
        watcher = startWatch(next);
        await watcher.ready;
      }
      settings = next;
      if (code !== 2) server.reload();
      // Stopping: the rebuild is reported, not the serving that is about to end (tryout, round 7).
      if (code === 2) out.info(stopping ? 'The rebuild failed (above).' : 'The rebuild failed (above); the previous archive is still served. Fix the problem and save again.');
      else out.info(stopping ? 'Rebuilt.' : `Rebuilt. Serving ${server.url}`);
    } catch (error) {
      printProblem(out, describeFailure(error) ?? describeUnexpected(error, 'rebuild failed'));
      if (!stopping) out.info('The previous archive is still served. Fix the problem and save again.');
    } finally {
      building = false;
      if (again && !stopping) {
        again = false;
        void rebuild(['(changes during the last rebuild)']);
      }
    }
  };
  watcher = startWatch(settings);
  // "Serving" is said once a change is seen: a file saved right after it is rebuilt.
  await watcher.ready;
  out.info('');
  out.info(`Serving ${server.url} (Ctrl-C to stop). Watching ${settings.roots.map(fromCwd).join(', ')}${settings.loaded ? ` and ${fromCwd(settings.loaded.file)}` : ''} (${watcher.mode}).`);
  stop.serving = true;
  await stop.stopped;
  stopping = true;
  watcher.close();
  if (building && current) {
    out.info('Stopping once the rebuild in progress ends (Ctrl-C again to stop at once)…');
    await current;
  }
  await server.close();
  out.info('Stopped.');
  return 0;
}
