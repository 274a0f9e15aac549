import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ARTIFACTS } from './browser.ts';
import { ROOT } from './server.ts';

const OUT = path.join(ARTIFACTS, 'grid-lab');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

export interface GridLab {
  url: string;
  stop(): Promise<void>;
}

/**
 * Builds the grid lab (`e2e/grid-lab`: the product's DataGrid alone over 10,000 made-up parcels, `?mode=virtual`
 * for virtual scrolling) and serves it on a free port.
 */
export async function startGridLab(): Promise<GridLab> {
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'e2e/grid-lab/vite.config.ts'), logLevel: 'error' });
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://lab').pathname;
    const file = path.join(OUT, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(OUT)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
