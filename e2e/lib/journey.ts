import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { journeyBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

/** What a journey file's tests run against: its own server, database and browser. */
export interface Journey {
  readonly server: TestServer;
  readonly browser: Browser;
  /** the server's address, e.g. http://127.0.0.1:40123 */
  readonly url: string;
}

export interface JourneyOptions {
  /**
   * More environment for the server; as a function it runs first and may start what the server is to
   * talk to (a fake service).
   */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Runs after the browser and the server have stopped (stops what `env` started). */
  stop?: () => Promise<void>;
}

/**
 * The set-up every journey file makes (call it once, at the top of the file): before its tests, the
 * real server on a copy of its own of the demo database (lib/server.ts, a free port) and a headless
 * Chromium (the run's shared one, a connection of the file's own: lib/run.ts); after them, both stopped and the copy removed. Files share nothing, so they run side by
 * side. E2E_WEB_DIST serves another web build.
 *
 * A file declares no top-level `before` of its own: Node 20 starts a file's top-level `before` hooks
 * as they are declared, without waiting for the one before, so a second one would run before the
 * server is up. What must come first goes in `env`; what a test needs later, it makes in the test.
 */
export function useJourney({ env = {}, stop }: JourneyOptions = {}): Journey {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    // the browser starts while the server opens its database (both take seconds)
    const launched = journeyBrowser();
    launched.catch(() => undefined); // awaited below, after the server
    try {
      const more = typeof env === 'function' ? await env() : env;
      server = await startServer({
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
        ...more,
      });
    } catch (serverError) {
      // the server's failure is the one reported; the browser, if it started, is closed
      await launched.then((b) => b.close()).catch(() => undefined);
      throw serverError;
    }
    browser = await launched;
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await stop?.();
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
