/**
 * The local web server of `trailbook dev`: serves a built archive from a folder under its
 * base path, confined to that folder, and pushes a reload to open pages after a rebuild
 * (Server-Sent Events from `/__trailbook/events`, listened to by `/__trailbook/reload.js`,
 * a same-origin script the site's Content Security Policy allows).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { UsageError } from './output.ts';

/**
 * The name in a `Host` header, without its port, lowercased, without a trailing dot and
 * brackets (`[::1]:4321` → `::1`, `LocalHost.:80` → `localhost`); null when there is none.
 */
export function hostName(header: string | undefined): string | null {
  const value = (header ?? '').trim().toLowerCase();
  if (value === '') return null;
  let name: string;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    name = value.slice(1, end);
  } else {
    const colon = value.indexOf(':');
    // One colon: a port follows. More: a bare IPv6 address (not valid in a Host header).
    if (colon >= 0 && value.indexOf(':', colon + 1) >= 0) return null;
    name = colon < 0 ? value : value.slice(0, colon);
  }
  return name.replace(/\.$/, '') || null;
}

/**
 * Whether a request whose `Host` header is `header` is for this server (issue 28, scope 5):
 * a loopback name (`localhost`, `*.localhost`), an IP address (a page of another origin cannot
 * rebind one: DNS rebinding needs a name), or the host the server was started for
 * (`chosenHost`, `--host`). Any other name is how a page of another site, its name rebound to
 * 127.0.0.1, would read the archive same-origin: refused. Used by `trailbook dev` (and by any
 * server of Trailbook's that serves an archive).
 */
export function isAllowedHost(header: string | undefined, chosenHost: string): boolean {
  const name = hostName(header);
  if (name === null) return false;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) !== 0) return true;
  const chosen = chosenHost.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return name === chosen;
}

/** Ports tried after a default port that is in use, before any free one. */
const FALLBACK_PORTS = 10;

/** Listens on `port` at `host`; rejects with the listen error. */
/** A failure to listen on `host`:`port` as the CLI says it ({@link UsageError} with the fix), or the error itself when it is none of those. */
function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  if (error.code === 'EADDRINUSE') return new UsageError(`port ${port} on ${host} is in use`, `pass another port, e.g. --port ${port + 1}, or --port 0 for any free port`);
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return new UsageError(`--host ${host} is not an address of this machine`, 'pass --host 127.0.0.1 (the default) or another local address');
  if (error.code === 'EACCES') return new UsageError(`port ${port} needs privileges`, 'pass a port above 1023, e.g. --port 4321');
  return error;
}

/**
 * Whether `host`:`port` can be listened on now: listens and closes at once. `trailbook dev`
 * asks before its first build, so a port given with --port that is taken (or a --host that is
 * not this machine's) is said at once, not after a build of minutes (found by use7). Another
 * program may still take the port in between; {@link serveArchive} then says the same.
 * Throws {@link UsageError} as serveArchive does.
 */
export async function ensureListenable(port: number, host: string): Promise<void> {
  const probe = createServer();
  try {
    await listen(probe, port, host);
  } catch (raised) {
    throw listenError(raised as NodeJS.ErrnoException, port, host);
  }
  await new Promise<void>((resolvePromise) => probe.close(() => resolvePromise()));
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolvePromise();
    });
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.gz': 'application/gzip',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  // The search index (gzip data the search page decompresses itself; docs/publishing.md).
  '.bin': 'application/octet-stream',
};

const RELOAD_PATH = '/__trailbook/';
const RELOAD_SCRIPT = `new EventSource('${RELOAD_PATH}events').addEventListener('reload', () => location.reload());\n`;

/** Options of {@link serveArchive}. */
export interface ServeOptions {
  /** Folder holding the built archive (absolute). */
  root: string;
  /** Base path, `/x/` form. */
  base: string;
  host: string;
  /** Port; 0 picks a free one. */
  port: number;
  /**
   * When `port` is in use, try the next few, then any free one, instead of failing: for a
   * default port the user did not ask for (`trailbook dev` without `--port`).
   */
  portIfTaken?: 'next' | 'fail';
  /** Add the reload script to every HTML page. */
  reload?: boolean;
}

/** A running server. */
export interface ArchiveServer {
  /** The archive's address (`http://127.0.0.1:4321/archive/`). */
  url: string;
  /** The port it listens on (another than asked for when that was taken and `portIfTaken` is `next`). */
  port: number;
  /** Tells every open page to reload. */
  reload(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(body);
}

/** Starts the server. Throws a {@link UsageError} when the port cannot be used. */
export async function serveArchive(options: ServeOptions): Promise<ArchiveServer> {
  const { root, base } = options;
  const listeners = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isAllowedHost(req.headers.host, options.host)) {
      return send(res, 403, `forbidden: this server answers requests for localhost, 127.0.0.1${options.host === '127.0.0.1' ? '' : ` or ${options.host}`} only, not for ${JSON.stringify(req.headers.host ?? '')}\n`);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'only GET and HEAD\n', { allow: 'GET, HEAD' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === `${RELOAD_PATH}reload.js`) return send(res, 200, RELOAD_SCRIPT, { 'content-type': TYPES['.js'] as string });
    if (url.pathname === `${RELOAD_PATH}events`) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' }).write(': connected\n\n');
      listeners.add(res);
      req.on('close', () => listeners.delete(res));
      return;
    }
    if (!url.pathname.startsWith(base)) {
      if (url.pathname === '/' || `${url.pathname}/` === base) return send(res, 302, '', { location: base });
      return send(res, 404, `not found: the archive is served under ${base}\n`);
    }
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname.slice(base.length));
    } catch {
      return send(res, 400, 'bad path\n');
    }
    if (rel.includes('\0')) return send(res, 400, 'bad path\n');
    let path = normalize(join(root, rel));
    if (path !== root && !path.startsWith(root + sep)) return send(res, 403, 'outside the archive\n');
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) {
      if (!url.pathname.endsWith('/')) return send(res, 301, '', { location: `${url.pathname}/${url.search}` });
      path = join(path, 'index.html');
    }
    let body: Buffer;
    let status = 200;
    try {
      body = await readFile(path);
    } catch {
      const page = await readFile(join(root, '404.html')).catch(() => null);
      if (!page) return send(res, 404, 'not found\n');
      body = page;
      path = '404.html';
      status = 404;
    }
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    if (options.reload && type.startsWith('text/html')) body = Buffer.from(body.toString('utf8').replace(/<\/body>/i, `<script type="module" src="${RELOAD_PATH}reload.js"></script></body>`));
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, `${(error as Error).message}\n`));
  });
  // A default port in use: the next few, then any free one (issue 28, scope 5).
  const tries = options.portIfTaken === 'next' && options.port !== 0 ? [...Array.from({ length: FALLBACK_PORTS + 1 }, (_, i) => options.port + i).filter((p) => p <= 65535), 0] : [options.port];
  for (const [i, port] of tries.entries()) {
    try {
      await listen(server, port, options.host);
      break;
    } catch (raised) {
      const error = raised as NodeJS.ErrnoException;
      if (error.code === 'EADDRINUSE' && i < tries.length - 1) continue;
      throw listenError(error, options.port, options.host);
    }
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${base}`,
    port,
    reload: () => {
      for (const res of listeners) res.write('event: reload\ndata: 1\n\n');
    },
    close: () =>
      new Promise((resolvePromise) => {
        for (const res of listeners) res.end();
        listeners.clear();
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
}
