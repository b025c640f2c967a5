import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { extname, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** A static host on a free loopback port, as a plain web host serves files. */
export interface StaticFiles {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the file `fileFor` names for each URL path (404 when it names none, or none exists), and the
 * fixed `pages` by path. Paths climbing out with `..` are cut off first.
 */
export function serveFiles(fileFor: (path: string) => string | null, pages: Record<string, string> = {}): Promise<StaticFiles> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const page = pages[path];
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      return;
    }
    const file = fileFor(path);
    try {
      if (file === null) throw new Error('no such file');
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    }),
  );
}
