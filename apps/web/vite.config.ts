import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { chunkGroups } from './chunk-groups.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(async ({ command }): Promise<UserConfig> => ({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: { port: 5173, proxy: { '/api': apiTarget } },
  // the manifest (dist/.vite/manifest.json) lets `npm run bench` add up what each route loads
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      // the back office, and the public tracking page (issue 38) as its own small entry
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        track: fileURLToPath(new URL('./track.html', import.meta.url)),
      },
      output: {
        // fewer, larger shared chunks (chunk-groups.ts); `vite dev` serves modules unbundled
        codeSplitting:
          command === 'build' ? { groups: await chunkGroups(fileURLToPath(import.meta.url)) } : true,
        // a catalogue's chunk is named for its language and namespace (i18n-ka-layout-…): the manifest
        // lists it under a generated key only, and the bench finds the login page's texts by this name
        chunkFileNames: (chunk) => {
          const m =
            chunk.moduleIds.length === 1 && /\/i18n\/locales\/(\w+)\/(\w+)\.json$/.exec(chunk.moduleIds[0]);
          return m ? `assets/i18n-${m[1]}-${m[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
}));
