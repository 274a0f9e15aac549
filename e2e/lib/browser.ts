import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
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

/** Headless Debian Chromium (a fresh temporary profile per launch); `extra` adds flags (a fake camera). */
export function launchBrowser(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
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
  });
}

/** A new isolated context (own storage) at a viewport size, in Tbilisi time with a Georgian locale. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1366, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'ka-GE',
    timezoneId: 'Asia/Tbilisi',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** A phone: 390x844, touch, Tbilisi time, Georgian (the courier mode). */
export async function newPhone(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'ka-GE',
    timezoneId: 'Asia/Tbilisi',
  });
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
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
  await page.addInitScript(stub);
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

/** Runs a browser step; on failure saves a screenshot named after the test, then fails. Always closes the context. */
export async function withPage<T>(
  browser: Browser,
  baseURL: string,
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
  viewport?: { width: number; height: number },
): Promise<T> {
  const { context, page } = await newPage(browser, baseURL, viewport);
  try {
    return await fn(page, context);
  } catch (err) {
    try {
      const file = await screenshot(page, `failed-${name}`);
      console.error(`screenshot of the failure: ${file}`);
    } catch {
      /* the page may be gone */
    }
    throw err;
  } finally {
    await context.close();
  }
}

/** Logs in through the login form and waits until the app has left it. */
export async function loginAs(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login-form')) await page.goto('/login-form');
  await page.getByLabel('მომხმარებელი').fill(login);
  await page.getByLabel('პაროლი', { exact: true }).fill(password);
  await page.getByLabel('პაროლი', { exact: true }).press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login-form'));
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
