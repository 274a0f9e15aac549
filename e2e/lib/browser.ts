import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { landingPath, SESSION_KEY, sessionFromLogin } from '../../apps/web/src/lib/session.ts';
import { apiCall } from './api.ts';
import { borrowPage, returnPage, untilReturned, type PageShape } from './page-pool.ts';
import { ROOT } from './server.ts';

export const ARTIFACTS = path.join(ROOT, '.e2e-artifacts');
export const DEMO_PASSWORD = 'Demo#2026';

/**
 * The Chromium features the journeys run without, as one `--disable-features` (Chromium keeps only the
 * last one of its command line, so this one replaces Playwright's own). It names them itself rather
 * than reading Playwright's internals:
 * - the ones Playwright 1.65 turns off for automation (its chromiumSwitches.ts; the Windows, Edge and
 *   macOS ones left out);
 * - the address bar's WebUI drop-down, which Chromium 156 loads for every window the headless browser
 *   opens (chrome://omnibox-popup.top-chrome, two pages in a renderer of their own), so for every
 *   context: 0.65-0.9 s of browser CPU a context with it off instead of 1.3-1.5 s (8 contexts, 2 CPUs).
 * `chrome://version` shows the list in effect.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
].join(',');

/** How the journeys start Chromium: headless Debian Chromium, a fresh temporary profile per launch. */
export function chromiumOptions(extra: string[] = []): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${DISABLED_FEATURES}`,
      ...extra,
    ],
  };
}

/** A Chromium of this process's own; `extra` adds flags (a fake camera). */
export function launchBrowser(extra: string[] = []): Promise<Browser> {
  return chromium.launch(chromiumOptions(extra));
}

/**
 * The browser a journey file uses: the one `lib/run.ts` started for the whole run (E2E_BROWSER_WS,
 * each file its own connection and contexts), else one of its own.
 */
export function journeyBrowser(): Promise<Browser> {
  const endpoint = process.env.E2E_BROWSER_WS;
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

/** The server each context made here talks to (its `baseURL`), for `openAs`. */
const baseURLs = new WeakMap<BrowserContext, string>();

/**
 * How a context is made beyond its viewport. The journeys run with the system's "reduce motion" setting
 * (`reducedMotion: 'reduce'`), which the app honours (apps/web/src/app/theme.ts): menus, drawers and
 * toasts appear without transition frames to draw and to wait for. A journey of the motion itself
 * (shell.test.ts) asks for `'no-preference'`.
 */
export interface PageOptions {
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A desktop context's shape: a viewport size, Tbilisi time, a Georgian locale, reduced motion. */
function desktopShape(
  baseURL: string,
  viewport = { width: 1366, height: 900 },
  { reducedMotion = 'reduce' }: PageOptions = {},
): PageShape {
  return {
    options: { baseURL, viewport, locale: 'ka-GE', timezoneId: 'Asia/Tbilisi', reducedMotion },
    timeout: 15_000,
  };
}

/** A phone's shape: 390x844, touch, Tbilisi time, Georgian (the courier mode), reduced motion. */
function phoneShape(baseURL: string, deviceScaleFactor: number): PageShape {
  return {
    options: {
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor,
      reducedMotion: 'reduce',
      locale: 'ka-GE',
      timezoneId: 'Asia/Tbilisi',
    },
    timeout: 20_000,
  };
}

async function fresh(
  browser: Browser,
  { options, timeout }: PageShape,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(timeout);
  baseURLs.set(context, options.baseURL);
  const page = await context.newPage();
  return { context, page };
}

/** A new isolated context (own storage) at a viewport size: Tbilisi time, Georgian, reduced motion. */
export function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1366, height: 900 },
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  return fresh(browser, desktopShape(baseURL, viewport, options));
}

/** A new phone context (`phoneShape`); two device pixels a CSS pixel unless told. */
export function newPhone(
  browser: Browser,
  baseURL: string,
  deviceScaleFactor = 2,
): Promise<{ context: BrowserContext; page: Page }> {
  return fresh(browser, phoneShape(baseURL, deviceScaleFactor));
}

function safeName(name: string): string {
  return name.replace(/[^a-z0-9-_]+/gi, '_').slice(0, 100);
}

/**
 * Keeps the browser's print dialog shut, in the page's document and in every one it opens later: print
 * frames mark the page (`data-printed` on its body) instead of printing.
 */
export async function stubPrint(page: Page): Promise<void> {
  const stub = () => {
    const proto = HTMLIFrameElement.prototype;
    const desc = Object.getOwnPropertyDescriptor(proto, 'contentWindow')!;
    Object.defineProperty(proto, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        const w = desc.get!.call(this) as Window | null;
        if (w)
          (w as Window & { print: () => void }).print = () =>
            document.body.setAttribute('data-printed', String(Date.now()));
        return w;
      },
    });
  };
  await untilReturned(page.context(), page.addInitScript(stub));
  await page.evaluate(stub);
}

/** Saves a full-page screenshot into .e2e-artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  // let drawers and menus finish their transitions
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
  const file = path.join(ARTIFACTS, `${safeName(name)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Runs a test's browser step on a page lent by lib/page-pool.ts (a page an earlier test of the file
 * returned, made as new), a desktop's or a phone's; on failure saves a screenshot `failed-<name>`, then
 * fails. The page goes back to the pool either way.
 */
export async function withLentPage<T>(
  browser: Browser,
  baseURL: string,
  shape: { phone: number } | { viewport?: { width: number; height: number }; options?: PageOptions },
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const made =
    'phone' in shape
      ? phoneShape(baseURL, shape.phone)
      : desktopShape(baseURL, shape.viewport, shape.options);
  const { context, page } = await borrowPage(browser, made, () => fresh(browser, made));
  let failed = true;
  try {
    const done = await fn(page, context);
    failed = false;
    return done;
  } finally {
    if (failed)
      try {
        const file = await screenshot(page, `failed-${name}`);
        console.error(`screenshot of the failure: ${file}`);
      } catch {
        /* the page may be gone */
      }
    await returnPage(browser, page);
  }
}

/** `withLentPage` on a desktop page (1366x900 unless told). */
export function withPage<T>(
  browser: Browser,
  baseURL: string,
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  viewport?: { width: number; height: number },
  options?: PageOptions,
): Promise<T> {
  return withLentPage(browser, baseURL, { viewport, options }, name, fn);
}

/** Logs in through the login form and waits until the app has left it. */
export async function loginAs(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login-form')) await page.goto('/login-form');
  await page.getByLabel('მომხმარებელი').fill(login);
  await page.getByLabel('პაროლი', { exact: true }).fill(password);
  await page.getByLabel('პაროლი', { exact: true }).press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login-form'));
}

let seeded = 0;
/**
 * Logs `login` in through the API and stores the session in the page's origin as the login form
 * would (the web app's own `sessionFromLogin`), so the next page the test opens is the app logged in:
 * the screen under test is the first page the browser loads. The login form has journeys of its own
 * (shell.test.ts), which use `loginAs`. Answers the stored session.
 *
 * The session is written by an init script once per call (a marker in localStorage), before the app's
 * code runs; a logout later in the test is not undone by the next page load.
 */
export async function signIn(
  page: Page,
  login: string,
  password = DEMO_PASSWORD,
): Promise<{ Id: string; Ticket: string; Role: number }> {
  const origin = page.url().startsWith('http') ? new URL(page.url()).origin : baseURLs.get(page.context());
  if (!origin) throw new Error('signIn: the page is of no context made by newPage or newPhone');
  const { env } = await apiCall<Parameters<typeof sessionFromLogin>[0]>(origin, 'POST', 'PostGetUser', {
    Login: login,
    Password: password,
  });
  if (!env?.Status) throw new Error(`login of ${login} refused: ${env?.Error ?? 'no answer'}`);
  const session = sessionFromLogin(env.Data, login);
  const mark = `e2e.session.${++seeded}`;
  const script = page.context().addInitScript(
    ({ key, value, mark }) => {
      try {
        if (localStorage.getItem(mark)) return;
        localStorage.setItem(mark, '1');
        localStorage.setItem(key, value);
      } catch {
        /* a document without storage (about:blank) */
      }
    },
    { key: SESSION_KEY, value: JSON.stringify(session), mark },
  );
  await untilReturned(page.context(), script);
  return { Id: session.Id, Ticket: session.Ticket, Role: session.Role };
}

/** `signIn`, then opens `path` (default the user's landing page: /mobilehome for a courier, else /home). */
export async function openAs(
  page: Page,
  login: string,
  path?: string,
  password = DEMO_PASSWORD,
): Promise<{ Id: string; Ticket: string; Role: number }> {
  const session = await signIn(page, login, password);
  await page.goto(path ?? landingPath(session.Role));
  return session;
}

/** The stored session of the page (localStorage `po.session`). */
export async function storedSession(
  page: Page,
): Promise<{ Id: string; Ticket: string; Role: number } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('po.session'));
  return raw ? (JSON.parse(raw) as { Id: string; Ticket: string; Role: number }) : null;
}

/**
 * Waits for an input to show a value. A field another field's change fills or clears (a Mantine Select's
 * value, a postcode its city fills) shows it on the render after the event, not within the click.
 */
export async function valueIs(page: Page, input: Locator, value: string): Promise<void> {
  await page.waitForFunction(([el, v]) => (el as HTMLInputElement).value === v, [
    await input.elementHandle(),
    value,
  ] as const);
}
