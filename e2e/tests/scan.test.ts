/**
 * Counter scanning (spec 002 §1, §2.6–§2.13, §2.18, §5, §8) in a real browser, with the rhythm of a
 * keyboard-wedge scanner: each code typed at 10 ms a character and ended with Enter, the mouse never
 * used. Every scan screen is scanned through, and each message of §8 a scan screen shows is seen:
 * the server's refusal (red popup and toast), "already received" / "already processed" (blue popup),
 * "not found", the comment screen's "not found", no connection, "authorization required".
 *
 * Every test registers its own parcels through the API and logs in afresh.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiLogin, registerParcels } from '../lib/api.ts';
import { openAs, screenshot, signIn, storedSession, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

/** Registers `n` parcels as `login` through the API (fines: parcel type 8696 with a fine number). */
const register = (login: string, n: number, fine = false) =>
  registerParcels(journey.url, n, {
    as: login,
    body: (i) => ({
      ParcelType: fine ? 8696 : 8698,
      Description: fine ? `ჯარიმა №TB${String(1_000_000 + i)}` : '',
    }),
  });

const scanBox = (page: Page) => page.locator('input[data-scan-box]');
const popup = (page: Page) => page.locator('[data-scan-popup]');
const gridBarcodes = (page: Page) =>
  page
    .locator('tbody tr[data-row-id]')
    .evaluateAll((trs) => trs.map((tr) => (tr.querySelector('td')?.textContent ?? '').trim()));

/** Opens a screen by its address (no mouse) and waits until the scan box has the focus. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await scanBox(page).waitFor();
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);
}

/** Types a code as a keyboard-wedge scanner does: 10 ms a character, then Enter. */
async function wedge(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

/** Waits for the popup with this text and kind, closes it with Enter, and waits for the focus to come back. */
async function seePopup(page: Page, text: string, kind: 'duplicate' | 'error' | 'info') {
  const p = popup(page);
  await p.filter({ hasText: text }).waitFor();
  assert.equal(await p.getAttribute('data-kind'), kind);
  await page.keyboard.press('Enter');
  await p.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

async function waitForBarcodes(page: Page, want: string[]) {
  const expected = JSON.stringify([...want].sort());
  await page.waitForFunction(
    (w) =>
      JSON.stringify(
        Array.from(document.querySelectorAll('tbody tr[data-row-id]'))
          .map((tr) => (tr.querySelector('td')?.textContent ?? '').trim())
          .sort(),
      ) === w,
    expected,
    { timeout: 20_000 },
  );
}

describe('scan screens', () => {
  it('/receiveparcel: ten codes at scanner speed, none lost or doubled; already received, not found, refused by the server', async () => {
    const parcels = await register('operator', 10);
    await withPage(journey.browser, journey.url, 'scan-receive', async (page) => {
      await signIn(page, 'operator');
      await open(page, '/receiveparcel');
      // lower-case as typed: the box upper-cases Latin letters
      for (const p of parcels) await wedge(page, p.Barcode.toLowerCase());
      await waitForBarcodes(
        page,
        parcels.map((p) => p.Barcode),
      );
      assert.equal((await gridBarcodes(page)).length, 10);
      // the newest on top
      assert.equal((await gridBarcodes(page))[0], parcels[9].Barcode);
      await screenshot(page, 'scan-receive');

      // already in the list: the blue popup, no call
      await wedge(page, parcels[3].Barcode);
      await seePopup(page, `ამანათი ${parcels[3].Barcode} უკვე მიღებულია`, 'duplicate');

      // not in the database: the server's message in the red popup and a toast
      await wedge(page, 'ZZ000000009');
      await toast(page, 'ამანათი ZZ000000009 ბაზაში ვერ მოიძებნა').waitFor();
      await seePopup(page, 'ამანათი ZZ000000009 ბაზაში ვერ მოიძებნა', 'error');

      // a new operation (keyboard only) empties the list; the server now refuses a second receipt
      await page.getByRole('button', { name: 'ახალი ოპერაცია' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 0);
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);
      await wedge(page, parcels[0].Barcode);
      await seePopup(page, `ამანათი ${parcels[0].Barcode} უკვე მიღებულია`, 'error');
      assert.deepEqual(await gridBarcodes(page), []);
    });
  });

  it('/confirmparcel and /addstatus: confirm, then set a status from the lookup; already processed', async () => {
    const parcels = await register('operator', 3);
    await withPage(journey.browser, journey.url, 'scan-confirm', async (page) => {
      await signIn(page, 'operator');
      await open(page, '/confirmparcel');
      for (const p of parcels.slice(0, 2)) await wedge(page, p.Barcode);
      await waitForBarcodes(page, [parcels[0].Barcode, parcels[1].Barcode]);
      await page.locator('tbody tr[data-row-id]').first().filter({ hasText: 'დადასტურებულია' }).waitFor();

      await open(page, '/addstatus');
      // the lookup is preselected with 8734 (confirmed)
      await page.waitForFunction(
        () =>
          (document.querySelector<HTMLInputElement>('input[aria-haspopup], input[readonly]')?.value ?? '') !==
          '',
      );
      assert.equal(
        await page.getByRole('combobox', { name: 'სტატუსი', exact: true }).inputValue(),
        'დადასტურებულია',
      );
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);
      await wedge(page, parcels[2].Barcode);
      await waitForBarcodes(page, [parcels[2].Barcode]);
      await wedge(page, parcels[2].Barcode);
      await seePopup(page, `ამანათი ${parcels[2].Barcode} უკვე დამუშავებულია`, 'duplicate');
      // the server's own "already processed" for a parcel confirmed on the other screen
      await wedge(page, parcels[0].Barcode);
      await seePopup(page, `ამანათი ${parcels[0].Barcode} უკვე დამუშავებულია`, 'error');
    });
  });

  it('/comment: the comment goes with each scan, the first row on top; not found without a service message', async () => {
    const parcels = await register('operator', 2);
    await withPage(journey.browser, journey.url, 'scan-comment', async (page) => {
      await signIn(page, 'operator');
      await open(page, '/comment');
      await page.getByRole('textbox', { name: 'კომენტარი', exact: true }).focus();
      await page.keyboard.type('კარში დატოვეთ', { delay: 10 });
      await scanBox(page).focus();
      for (const p of parcels) await wedge(page, p.Barcode);
      await waitForBarcodes(
        page,
        parcels.map((p) => p.Barcode),
      );
      assert.equal((await gridBarcodes(page))[0], parcels[1].Barcode);
      await page.locator('tbody tr[data-row-id]').filter({ hasText: 'კარში დატოვეთ' }).nth(1).waitFor();
      await wedge(page, parcels[0].Barcode);
      await seePopup(page, `ამანათი ${parcels[0].Barcode} უკვე დამუშავებულია`, 'duplicate');
      await wedge(page, 'ZZ000000008');
      await seePopup(page, 'ამანათი ბაზაში ვერ მოიძებნა', 'error');
    });
  });

  it('fines: /receivepayedparcel shows the fine number, /checkpayed marks it paid in green', async () => {
    const fines = await register('branch', 2, true);
    const [plain] = await register('branch', 1);
    await withPage(journey.browser, journey.url, 'scan-fines', async (page) => {
      await signIn(page, 'branch');
      await open(page, '/receivepayedparcel');
      for (const f of fines) await wedge(page, f.Barcode);
      await waitForBarcodes(
        page,
        fines.map((f) => f.Barcode),
      );
      await page.locator('tbody tr[data-row-id]').filter({ hasText: 'ჯარიმა №TB1000000' }).waitFor();
      await wedge(page, plain.Barcode);
      await seePopup(page, `ამანათი ${plain.Barcode} ჯარიმა არ არის`, 'error');

      await open(page, '/checkpayed');
      await wedge(page, fines[0].Barcode);
      await waitForBarcodes(page, [fines[0].Barcode]);
      const paid = page.locator('tbody tr[data-row-id] [data-paid]');
      await paid.waitFor();
      const colour = await paid.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.match(colour, /rgb\(\s*\d+,\s*1[0-9]{2},/, `paid marker is green: ${colour}`);
      await screenshot(page, 'scan-checkpayed');
      // paid once
      await open(page, '/checkpayed');
      await wedge(page, fines[0].Barcode);
      await seePopup(page, `ჯარიმა ${fines[0].Barcode} უკვე გადახდილია`, 'error');
    });
  });

  it('no connection and a lost session: the exception text, then "authorization required" and the login form', async () => {
    const [p] = await register('operator', 1);
    await withPage(journey.browser, journey.url, 'scan-failures', async (page) => {
      await signIn(page, 'operator');
      await open(page, '/receiveparcel');
      await page.route('**/api/PostUpStatbyBarcode**', (r) => r.abort('connectionrefused'));
      await wedge(page, p.Barcode);
      await seePopup(page, 'სერვერთან კავშირი არ არის', 'error');
      await page.unroute('**/api/PostUpStatbyBarcode**');

      // the session ends elsewhere: the next scan is refused with 401
      const s = await storedSession(page);
      assert.ok(s);
      const out = await apiCall<{ Ret: number }>(
        journey.url,
        'POST',
        'Logout',
        {},
        { Id: s.Id, Ticket: s.Ticket },
      );
      assert.equal(out.env?.Status, true);
      await wedge(page, p.Barcode);
      await toast(page, 'საჭიროა ავტორიზაცია').waitFor();
      await page.waitForURL((u) => u.pathname.startsWith('/login-form'));
    });
  });
});

describe('parcel lists', () => {
  it('/myparcels: warning levels, the scan filter, the history detail and the properties panel', async () => {
    const parcels = await register('operator', 2);
    await withPage(journey.browser, journey.url, 'lists-mine', async (page) => {
      await openAs(page, 'operator', '/myparcels');
      await toast(page, 'სერვერთან დაკავშირება').waitFor();
      await page.locator('tbody tr[data-row-id]').filter({ hasText: parcels[1].Barcode }).waitFor();
      assert.ok((await page.locator('[data-level]').count()) > 0);
      await scanBox(page).focus();
      await wedge(page, parcels[0].Barcode.toLowerCase());
      await page.waitForFunction((code) => {
        const rows = Array.from(document.querySelectorAll('tbody tr[data-row-id]'));
        return rows.length === 1 && (rows[0].textContent ?? '').includes(code);
      }, parcels[0].Barcode);
      await screenshot(page, 'lists-mine');
    });
  });

  it('corporate users: sub-organisation locked to their centre; no receiving, comment or outgoing', async () => {
    await withPage(journey.browser, journey.url, 'lists-corporate', async (page) => {
      await openAs(page, 'corporate', '/suborgparcels');
      const office = page.getByRole('combobox', { name: 'ოფისი', exact: true });
      await office.waitFor();
      assert.equal(await office.isDisabled(), true);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLInputElement>('input:disabled')).some((i) => i.value !== ''),
      );
      await page.goto('/receiving');
      await page.getByRole('heading', { level: 2, name: 'მისაღები ამანათები' }).waitFor();
      for (const path of ['/sending', '/receiveparcel', '/comment']) {
        await page.goto(path);
        await page.waitForURL((u) => u.pathname !== path);
      }
    });
    const corp = await apiLogin(journey.url, 'corporate');
    const { env } = await apiCall(journey.url, 'GET', 'SendingParcels', {}, corp);
    assert.equal(env?.Code, 403);
  });
});
