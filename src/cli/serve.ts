/**
 * The local web server of `trailbook dev`: serves a built archive from a folder under its
 * base path, confined to that folder, and pushes a reload to open pages after a rebuild
 * (Server-Sent Events from `/__trailbook/events`, listened to by `/__trailbook/reload.js`,
 * a same-origin script the site's Content Security Policy allows).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { UsageError } from './output.ts';

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
  /** Add the reload script to every HTML page. */
  reload?: boolean;
}

/** A running server. */
export interface ArchiveServer {
  /** The archive's address (`http://127.0.0.1:4321/archive/`). */
  url: string;
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
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new UsageError(`port ${options.port} on ${options.host} is in use`, `pass another port, e.g. --port ${options.port + 1}, or --port 0 for any free port`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new UsageError(`--host ${options.host} is not an address of this machine`, 'pass --host 127.0.0.1 (the default) or another local address'));
      else if (error.code === 'EACCES') reject(new UsageError(`port ${options.port} needs privileges`, 'pass a port above 1023, e.g. --port 4321'));
      else reject(error);
    });
    server.listen(options.port, options.host, () => resolvePromise());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${base}`,
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
