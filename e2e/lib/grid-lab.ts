import path from 'node:path';
import { ARTIFACTS } from './browser.ts';
import { ROOT } from './server.ts';
import { serveStatic, type StaticSite } from './static-server.ts';

const OUT = path.join(ARTIFACTS, 'grid-lab');

export type GridLab = StaticSite;

/**
 * Builds the grid lab (`e2e/grid-lab`: the product's DataGrid alone over 10,000 made-up parcels, `?mode=virtual`
 * for virtual scrolling) and serves it on a free port.
 */
export async function startGridLab(): Promise<GridLab> {
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'e2e/grid-lab/vite.config.ts'), logLevel: 'error' });
  return serveStatic(OUT);
}
