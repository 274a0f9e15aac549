/**
 * What the courier journeys share (e2e/tests/mobile*.test.ts): a phone context per test, parcels made
 * and moved through the API as another client would, and the job screen's scan box, grid and toasts.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, apiLogin, registerParcels, type ApiSession } from './api.ts';
import { withLentPage } from './browser.ts';
import type { Journey } from './journey.ts';

/**
 * Runs `fn` on a phone of its own (390x844, touch; lent: lib/page-pool.ts); a failure leaves a
 * screenshot `failed-<name>`.
 */
export function withPhone(
  journey: Journey,
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<void>,
  on: Browser = journey.browser,
): Promise<void> {
  return withLentPage(on, journey.url, { phone: 2 }, name, fn);
}

/** Registers `n` parcels as the operator through the API; answers their barcodes. */
export const registerCodes = async (journey: Journey, n: number): Promise<string[]> =>
  (await registerParcels(journey.url, n)).map((p) => p.Barcode);

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * Sends a job of `status` for `codes` as the demo courier through the API (another phone, or the
 * office counter); every line must apply.
 */
export async function courierJob(journey: Journey, status: number, codes: string[]): Promise<void> {
  const courier = await apiLogin(journey.url, 'courier');
  const { env } = await apiCall<{ Applied: number }>(journey.url, 'POST', 'MobSendJob', {
    ...courier,
    JobId: crypto.randomUUID(),
    Status: status,
    Comment: status === 8711 ? '' : 'ჩაბარდა პირადად',
    ImageB64: status === 8712 ? PNG : '',
    Ji: codes.map((Barcode) => ({ Gui: crypto.randomUUID(), Barcode, Stack: false, Number: 1 })),
  } as never);
  assert.equal(env?.Data.Applied, codes.length, env?.Error ?? JSON.stringify(env?.Data));
}

/**
 * The demo courier picks the parcels up (8711) through the API, as at the office counter: a courier
 * hands over or fails only a parcel they hold (the parcel scope).
 */
export const pickUp = (journey: Journey, codes: string[]) => courierJob(journey, 8711, codes);

/** The statuses the courier set today (the status journal), as the API answers them. */
export async function statusJournal(
  journey: Journey,
  s: ApiSession,
): Promise<Array<{ Barcode: string; Status: string }>> {
  const { env } = await apiCall<Array<{ Barcode: string; Status: string }>>(
    journey.url,
    'GET',
    'GetStatusMessages',
    { Dt: new Date().toISOString() },
    s,
  );
  assert.equal(env?.Status, true, env?.Error);
  return env!.Data;
}

export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
/**
 * Where a toast rests once its entrance transition is over (it slides in from the bottom): its box,
 * read until two reads 100 ms apart agree.
 */
export async function restingBox(page: Page, text: string) {
  let last = await toast(page, text).boundingBox();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const now = await toast(page, text).boundingBox();
    if (now && last && now.y === last.y && now.height === last.height) return now;
    last = now;
  }
  return last;
}
export const scanInput = (page: Page) => page.getByTestId('scan-input');
/** The barcodes the job's grid lists, top to bottom. */
export const rows = (page: Page) =>
  page
    .locator('tbody tr[data-row-id]')
    .evaluateAll((trs) => trs.map((tr) => (tr.querySelector('td')?.textContent ?? '').trim()));

/** Types a code into the scan input as a scanner does, then Enter; waits for the toast it answers. */
export async function scan(page: Page, code: string, answer: string): Promise<void> {
  // the input keeps the focus between scans (toasts may lie over it, as on a real phone)
  await scanInput(page).focus();
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
  await toast(page, answer).waitFor();
}

/** Opens a flow from the mobile home by its button's name; waits for its scan box. */
export async function openFlow(page: Page, button: RegExp, path: string): Promise<void> {
  await page.getByRole('link', { name: button }).click();
  await page.waitForURL(`**/${path}`);
  await scanInput(page).waitFor();
}

/**
 * Waits until the service worker controls the page and has kept what a reload needs offline: the
 * shell and every build file this page has loaded (the worker caches them as it is told of them or
 * sees them load, not at once).
 */
export async function waitForOfflineShell(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  await page.evaluate(async () => {
    const until = Date.now() + 20_000;
    for (;;) {
      const cache = await caches.open('po-shell-v1');
      const built = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
        .map((u) => u.pathname);
      let kept = built.length > 0 && (await cache.match('/')) !== undefined;
      for (const p of built) kept = kept && (await cache.match(p)) !== undefined;
      if (kept) return;
      if (Date.now() > until) throw new Error('the service worker did not cache the shell in 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}
