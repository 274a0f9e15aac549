import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

/** What a journey file's tests run against: its own server, database and browser. */
export interface Journey {
  readonly server: TestServer;
  readonly browser: Browser;
  /** the server's address, e.g. http://127.0.0.1:40123 */
  readonly url: string;
}

/**
 * The set-up every journey file makes (call it once, at the top of the file): before its tests, the
 * real server on a copy of its own of the demo database (lib/server.ts, a free port) and a headless
 * Chromium; after them, both stopped and the copy removed. Files share nothing, so they run side by
 * side. `env` adds to the server's environment; as a function it is read when the server starts, after
 * the file's earlier `before` hooks (a fake service they start). E2E_WEB_DIST serves another web build.
 */
export function useJourney(env: Record<string, string> | (() => Record<string, string>) = {}): Journey {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer({
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...(typeof env === 'function' ? env() : env),
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(what: string, v: T | undefined): T => {
    if (v === undefined) throw new Error(`the journey's ${what} is not started: use it inside a test`);
    return v;
  };
  return {
    get server() {
      return started('server', server);
    },
    get browser() {
      return started('browser', browser);
    },
    get url() {
      return started('server', server).url;
    },
  };
}
