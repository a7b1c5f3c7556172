/**
 * A minimal static file server for end-to-end tests: serves a built archive from a folder
 * under an optional base path, on a free localhost port. Directory URLs serve index.html.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.csv': 'text/csv; charset=utf-8',
  '.gz': 'application/gzip',
  '.wasm': 'application/wasm',
};

export interface StaticServer {
  url: string;
  /** Every path requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `root` at `http://127.0.0.1:<port><base>`; `gzip` compresses text responses. */
export async function serveStatic(root: string, base = '/', options: { gzip?: boolean } = {}): Promise<StaticServer> {
  const requests: string[] = [];
  // Each file is compressed once, as hosts do (precompressed files, or a CDN's cache of them):
  // compressing a large index file again on every request would stall this one thread and be
  // measured as the search's time.
  const compressed = new Map<string, { mtimeMs: number; size: number; gz: Buffer }>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404).end('not under base');
      return;
    }
    const rel = decodeURIComponent(url.pathname.slice(base.length));
    let path = normalize(join(root, rel));
    if (path !== root && !path.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      let info = await stat(path);
      if (info.isDirectory()) {
        path = join(path, 'index.html');
        info = await stat(path);
      }
      const body = await readFile(path);
      const type = TYPES[extname(path)] ?? 'application/octet-stream';
      // Text is sent gzipped when the client accepts it, as any real host does (sizes measured
      // by the benchmark are then what a browser would fetch).
      if (options.gzip && /text|json|javascript|xml|svg/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        let entry = compressed.get(path);
        if (!entry || entry.mtimeMs !== info.mtimeMs || entry.size !== info.size) {
          entry = { mtimeMs: info.mtimeMs, size: info.size, gz: gzipSync(body) };
          compressed.set(path, entry);
        }
        res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' }).end(entry.gz);
      } else res.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      // As static hosts do: the site's own 404.html, with status 404.
      const notFound = await readFile(join(root, '404.html')).catch(() => null);
      if (notFound) res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound);
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
