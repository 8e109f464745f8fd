// A second origin for a module, as a static host or CDN would serve it: a module's built dist/ on
// its own port, answering the platform's page with CORS (the shell fetches mf-manifest.json).
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface ModuleOrigin {
  /** e.g. http://127.0.0.1:8305 */
  origin: string;
  /** Every path asked of it, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** Serves `dist` at the root of http://127.0.0.1:`port`, to pages of `allowedOrigin` too. */
export async function serveModule(dist: string, port: number, allowedOrigin: string): Promise<ModuleOrigin> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requested.push(path);
    response.setHeader('Access-Control-Allow-Origin', allowedOrigin);
    response.setHeader('Vary', 'Origin');
    const file = normalize(join(dist, path));
    let size = -1;
    try {
      if (file.startsWith(dist + sep)) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {
      size = -1;
    }
    if (size < 0) {
      response.statusCode = 404;
      response.end('not found');
      return;
    }
    response.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    response.setHeader('Content-Length', size);
    response.setHeader('Cache-Control', 'no-cache');
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
