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
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
