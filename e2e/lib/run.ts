/**
 * `npm run test:e2e`: prepares the demo database every journey file's server copies (lib/prepare.ts),
 * starts one headless Chromium for the whole run (each file connects to it with a connection and
 * contexts of its own: lib/browser.ts `journeyBrowser`), runs the journey files two a core at a time
 * with node's test runner (`E2E_CONCURRENCY` sets another number), and stops the browser. Arguments
 * are test files (default: every one).
 *
 * Starting Chromium once instead of once a file saves about a second and a half of CPU a file on this
 * two-core machine, where the journeys are bound by CPU.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumOptions } from './browser.ts';
import { ROOT } from './server.ts';
import './prepare.ts';

const e2e = path.join(ROOT, 'e2e');
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : (await readdir(path.join(e2e, 'tests')))
        .filter((f) => f.endsWith('.test.ts'))
        .sort()
        .map((f) => path.join('tests', f));

// journey files at once: two a core. A file waits on its server and the browser about half of its time,
// so one a core leaves the cores idle; more than two a core only queues.
const concurrency = Number(process.env.E2E_CONCURRENCY) || 2 * availableParallelism();
const browser = await chromium.launchServer(chromiumOptions());
let code: number;
try {
  const runner = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
    {
      cwd: e2e,
      stdio: 'inherit',
      env: { ...process.env, E2E_TEMPLATE: '1', E2E_BROWSER_WS: browser.wsEndpoint() },
    },
  );
  const stop = (signal: NodeJS.Signals) => runner.kill(signal);
  process.once('SIGINT', stop).once('SIGTERM', stop);
  code = await new Promise<number>((resolve) =>
    runner.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
} finally {
  await browser.close();
}
process.exit(code);
