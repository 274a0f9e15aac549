/**
 * The pages `withPage` and `withPhone` lend, one pool a browser connection (a journey file's own).
 *
 * A page the browser opens starts a renderer process and compiles the app from nothing; loading the app
 * again in a page of the same site costs about half of that. The journeys open a page in almost every
 * test and are bound by CPU, so a test borrows a page an earlier test of its file returned, made as new
 * again:
 * - the storage of the server's origin is emptied (cookies, localStorage, IndexedDB, the service worker
 *   and its caches: Chromium's `Storage.clearDataForOrigin`, through Playwright's CDP session), and the
 *   tab's sessionStorage;
 * - the page waits on an about:blank that a document of the server's opened, so it keeps the server's
 *   origin and renderer (one the browser opens itself is of no site, and the next load would start a
 *   renderer again);
 * - the page's and the context's listeners, routes, extra pages and permissions are gone, the context is
 *   online, the viewport and the default timeout are the ones it was made with;
 * - init scripts and bindings added through `untilReturned` (signIn, stubPrint, a test's own) are
 *   removed.
 * Only the HTTP cache is kept, as a user's browser keeps it; the API's answers are `no-cache`, so each
 * is asked again. A page whose reset fails, or that its test closed, is closed and not lent again.
 * `E2E_FRESH_PAGES=1` lends a new context to every test, to tell a test that depends on another's
 * leftovers.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Disposable, Page } from 'playwright-core';

/** How a lent page is made: a desktop or a phone context's options and its default timeout. */
export interface PageShape {
  options: BrowserContextOptions & { viewport: { width: number; height: number }; baseURL: string };
  timeout: number;
}

interface Pooled {
  key: string;
  shape: PageShape;
  context: BrowserContext;
  page: Page;
  lent: boolean;
}

const pools = new WeakMap<Browser, Pooled[]>();
const undo = new WeakMap<BrowserContext, Disposable[]>();

/**
 * Keeps what a lent page's test added (an init script, a binding) until the page is returned, then
 * disposes of it; on a context that is not lent it is kept for the context's life, as before.
 */
export async function untilReturned(context: BrowserContext, added: Promise<Disposable>): Promise<void> {
  const d = await added;
  const list = undo.get(context) ?? [];
  list.push(d);
  undo.set(context, list);
}

/** A page of `shape` for a test: a returned one, made as new, or one `make` opens. */
export async function borrowPage(
  browser: Browser,
  shape: PageShape,
  make: () => Promise<{ context: BrowserContext; page: Page }>,
): Promise<{ context: BrowserContext; page: Page }> {
  const key = JSON.stringify(shape);
  const pool = pools.get(browser) ?? [];
  pools.set(browser, pool);
  const free = pool.find((p) => !p.lent && p.key === key);
  if (free) {
    free.lent = true;
    return free;
  }
  const pooled: Pooled = { key, shape, ...(await make()), lent: true };
  pool.push(pooled);
  return pooled;
}

/** Returns a borrowed page: made as new for the next test, or closed when that fails. */
export async function returnPage(browser: Browser, page: Page): Promise<void> {
  const pool = pools.get(browser) ?? [];
  const pooled = pool.find((p) => p.page === page);
  if (!pooled) return;
  try {
    if (page.isClosed()) throw new Error('closed by its test');
    if (process.env.E2E_FRESH_PAGES === '1') throw new Error('E2E_FRESH_PAGES: a new page each test');
    await reset(pooled);
    pooled.lent = false;
  } catch {
    pool.splice(pool.indexOf(pooled), 1);
    await pooled.context.close().catch(() => undefined);
  }
}

async function reset({ context, page, shape }: Pooled): Promise<void> {
  for (const d of undo.get(context)?.splice(0) ?? []) await d.dispose();
  for (const other of context.pages()) if (other !== page) await other.close();
  page.removeAllListeners();
  context.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await context.clearPermissions();
  await context.clearCookies();
  // the page waits on an about:blank the server's own document opened: it keeps the server's origin
  // and renderer. One the browser opens itself is of no site, and the next test's page would start a
  // renderer again.
  const origin = new URL(shape.options.baseURL).origin;
  if (!page.url().startsWith(origin)) await page.goto(`${origin}/icon.svg`);
  await Promise.all([
    page.waitForURL('about:blank'),
    page.evaluate(() => {
      location.href = 'about:blank';
    }),
  ]);
  // the tab's sessionStorage is the page's, not the origin's
  await page.evaluate(() => sessionStorage.clear());
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
  context.setDefaultTimeout(shape.timeout);
  const size = page.viewportSize();
  const { viewport } = shape.options;
  if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
}
