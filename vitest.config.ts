import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core at a time (vitest's default leaves one core to its own process, which
    // mostly waits): a server test file spends much of its time waiting on its own database, and on a
    // 2-core machine every suite finished markedly sooner two files at a time. Each file has its own database
    // (test/harness.ts), ports and folders, so files running side by side share nothing.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // one migrated database per run, copied by every test file (apps/server/src/test/harness.ts)
          globalSetup: ['apps/server/src/test/template-database.ts'],
          // A worker's files share its module graph: the server's modules (Fastify, drizzle, PGlite, zod,
          // pdfkit…) are loaded once a worker, not once a file. Every file builds its own app on its own
          // database (test/harness.ts); what the modules keep is caches keyed by what they cache. No server
          // test replaces a module (vi.mock) or changes process.env.
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.mocked.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
          // A worker's files share its module graph (each still gets its own jsdom): React, Mantine and the
          // i18n catalogues are loaded once a worker, not once a file (the suite: 150 s -> about 70 s).
          // What a file keeps in a module (toasts, the session, a query cache) it cleans itself.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          // the files that replace a module with vi.mock: a replaced module must not reach another file
          name: 'web-mocked',
          root: './apps/web',
          include: ['src/**/*.mocked.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
