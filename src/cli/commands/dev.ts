/**
 * `trailbook dev [DIR...]`: builds the archive, serves it on localhost, and rebuilds when an
 * input changes. Each rebuild is the incremental `trailbook build` (runBuild): unchanged
 * projects are reused from the model store and only their changed pages are rendered; open
 * pages reload when it is done.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFailure } from '../failure.ts';
import { fromCwd } from '../paths.ts';
import { UsageError, type Output } from '../output.ts';
import { serveArchive, type ArchiveServer } from '../serve.ts';
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

/** The default output folder of `dev`: a folder of its own under the system's temporary folder. */
export function devOutDir(cwd: string, cacheDir: string): string {
  return join(tmpdir(), `trailbook-dev-${createHash('sha256').update(`${cwd}\0${cacheDir}`).digest('hex').slice(0, 12)}`, 'site');
}

function parsePort(value: string | undefined): number {
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

/** Resolves when the process is asked to stop (Ctrl-C, SIGTERM) or `signal` aborts. */
function stopRequested(signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolvePromise();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Runs the dev command until stopped; returns the exit code. */
export async function runDev(dirs: string[], options: DevOptions, out: Output, signal?: AbortSignal): Promise<number> {
  const port = parsePort(options.port);
  const host = options.host ?? '127.0.0.1';
  const pollMs = parsePoll(options.poll);
  const first = await resolveSettings(dirs, options);
  const outDir = options.out ?? devOutDir(process.cwd(), first.cacheDir);
  const buildOptions = { ...options, out: outDir, served: true, ...(options.verbose ? { verbose: true } : {}) };

  let code = await runBuild(dirs, buildOptions, out);
  if (code === 2) return 2;
  let settings: Settings = await resolveSettings(dirs, { ...options, out: outDir });
  const server: ArchiveServer = await serveArchive({ root: settings.outDir, base: settings.base, host, port, reload: options.reload !== false });
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
  const rebuild = async (paths: string[]): Promise<void> => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    out.info(`\nChanged: ${paths.slice(0, 3).map(fromCwd).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}; rebuilding…`);
    try {
      code = await runBuild(dirs, buildOptions, out);
      const next = await resolveSettings(dirs, { ...options, out: outDir });
      if (next.base !== settings.base) out.info(`  note: the base path is now ${next.base}; restart trailbook dev to serve it there`);
      if (JSON.stringify(next.roots) !== JSON.stringify(settings.roots) || next.loaded?.file !== settings.loaded?.file) {
        watcher.close();
        watcher = startWatch(next);
      }
      settings = next;
      if (code !== 2) server.reload();
      out.info(code === 2 ? 'The rebuild failed (above); the previous archive is still served. Fix the problem and save again.' : `Rebuilt. Serving ${server.url}`);
    } catch (error) {
      out.error(describeFailure(error) ?? `rebuild failed: ${(error as Error).stack ?? String(error)}`);
      out.info('The previous archive is still served. Fix the problem and save again.');
    } finally {
      building = false;
      if (again) {
        again = false;
        void rebuild(['(changes during the last rebuild)']);
      }
    }
  };
  watcher = startWatch(settings);
  out.info(`\nServing ${server.url} (Ctrl-C to stop). Watching ${settings.roots.map(fromCwd).join(', ')}${settings.loaded ? ` and ${fromCwd(settings.loaded.file)}` : ''} (${watcher.mode}).`);
  await stopRequested(signal);
  watcher.close();
  await server.close();
  out.info('Stopped.');
  return 0;
}
