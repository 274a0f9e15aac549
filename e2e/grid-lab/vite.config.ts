import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The grid lab: the product's DataGrid alone on a page over 10,000 made-up parcels, for the browser
 * journeys of what only a real layout shows (virtual scrolling). Built by `e2e/lib/grid-lab.ts`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  // React's automatic JSX runtime, as the web app's React plugin sets it
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { alias: { '@': fileURLToPath(new URL('../../apps/web/src', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../../.e2e-artifacts/grid-lab', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
  },
});
