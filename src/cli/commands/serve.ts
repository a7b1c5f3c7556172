/**
 * `trailbook serve [DIR] [--port N] [--host ADDRESS]` (issue 32): serves an archive that is
 * already built, at the base path it was built for, on this machine. The base is read from the
 * archive itself (`archive.json`: its `base`, else the path of its `url`), so the command the
 * build prints works for any `--base`: `trailbook build --base /audit/ --out pub/audit`, then
 * `trailbook serve pub/audit` serves `pub/audit` at `/audit/`. The server is `trailbook dev`'s
 * (src/cli/serve.ts: content types of the exports, confinement to the folder, and the checks
 * it makes of each request's Host), without the reload script.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { normaliseBase } from '../../lib/site/urls.ts';
import { fromCwd } from '../paths.ts';
import { UsageError, type Output } from '../output.ts';
import { serveArchive } from '../serve.ts';
import { resolveSettings } from '../settings.ts';
import { parsePort } from './dev.ts';

/** Options of `trailbook serve`. */
export interface ServeCommandOptions {
  /** `--port N` (default 4321, or the next free port when 4321 is in use; 0 picks a free port; a named port in use is refused). */
  port?: string;
  /** `--host ADDRESS` (default 127.0.0.1). */
  host?: string;
  /** `--base PATH`: overrides the base read from the archive. */
  base?: string;
  /** `--config FILE`: its `out` is the folder served when no DIR is given. */
  config?: string;
}

/**
 * The base path an archive was built for, from the text of its `archive.json`: its `base`,
 * else the path of its `url` (the home: the base itself, or an absolute URL when the archive
 * was built with a site URL). Null when the text names neither.
 */
export function archiveBase(archiveJson: string): string | null {
  let doc: { base?: unknown; url?: unknown };
  try {
    doc = JSON.parse(archiveJson) as { base?: unknown; url?: unknown };
  } catch {
    return null;
  }
  if (typeof doc.base === 'string' && doc.base.startsWith('/')) return normaliseBase(doc.base);
  if (typeof doc.url !== 'string') return null;
  if (doc.url.startsWith('/')) return normaliseBase(doc.url);
  try {
    return normaliseBase(new URL(doc.url).pathname);
  } catch {
    return null;
  }
}

/** The folder to serve and the base to serve it at; throws {@link UsageError} when `dir` holds no archive. */
export async function servedArchive(dir: string | undefined, options: ServeCommandOptions): Promise<{ root: string; base: string }> {
  const root = dir !== undefined ? resolve(dir) : (await resolveSettings([], options.config === undefined ? {} : { config: options.config })).outDir;
  const shown = fromCwd(root);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`${shown} is not a folder`, dir === undefined ? 'build the archive first (trailbook build), or pass the folder it was built into: trailbook serve DIR' : 'pass the --out folder of a build: trailbook serve DIR');
  const text = await readFile(join(root, 'archive.json'), 'utf8').catch(() => null);
  if (text === null) throw new UsageError(`${shown} is not a Trailbook archive (it has no archive.json)`, 'pass the --out folder of trailbook build (the folder holding index.html and archive.json), not its parent');
  const base = options.base !== undefined ? normaliseBase(options.base) : archiveBase(text);
  if (base === null) throw new UsageError(`${shown}/archive.json names no base path`, 'pass the base the archive was built with, e.g. --base /archive/');
  return { root, base };
}

/** Runs `trailbook serve` until Ctrl-C (or `signal`); returns the exit code. */
export async function runServe(dir: string | undefined, options: ServeCommandOptions, out: Output, signal?: AbortSignal): Promise<number> {
  const port = parsePort(options.port);
  const host = options.host ?? '127.0.0.1';
  const { root, base } = await servedArchive(dir, options);
  // The Host-header check and a free port when 4321 is taken belong to serveArchive (src/cli/serve.ts), shared with `dev`:
  // without --port, a taken default port moves on to the next free one, as `dev` does; a port the user named stays a refusal.
  const server = await serveArchive({ root, base, host, port, portIfTaken: options.port === undefined ? 'next' : 'fail' });
  if (server.port !== port && port !== 0) out.info(`  note: port ${port} is in use; serving on port ${server.port}`);
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') out.info(`  note: --host ${host} lets other machines read the archive`);
  out.info(`Serving ${fromCwd(root)} at ${server.url} (Ctrl-C to stop).`);
  await new Promise<void>((resolvePromise) => {
    const stop = (): void => {
      for (const name of SIGNALS) process.off(name, stop);
      resolvePromise();
    };
    for (const name of SIGNALS) process.on(name, stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
  await server.close();
  out.info('Stopped.');
  return 0;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
