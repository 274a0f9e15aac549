import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * DevExtreme's DataGrid over the grid lab's parcels, built with the repository's vite (as
 * e2e/grid-lab/vite.config.ts is) into .e2e-artifacts/grid-devextreme by the DataGrid benchmark
 * (bench/grid-browser.ts), from the packages of bench/grid/package.json that it installs on demand.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  // React's automatic JSX runtime, as the web app's React plugin sets it
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../../.e2e-artifacts/grid-devextreme', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 10_000,
  },
});
