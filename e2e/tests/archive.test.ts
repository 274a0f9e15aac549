/**
 * The archive finders (spec 001 §2.7, §2.8; DOMAIN.md "Archives") in a real browser on the demo data,
 * whose six years of parcels the archive mover has spread over the three stores:
 * - an archived parcel is found by its barcode in /arcparfinder (Enter in the barcode field searches),
 *   with its status history, its property list and the filled-in last status; the live finder does not
 *   know it;
 * - an old-archive parcel likewise in /oldarcparfinder, with the draggable 'scanned bill' popup;
 * - the archive screens without a session send the user to the login form; with a session the server
 *   no longer knows, 'authorization required' and the login form.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api.ts';
import { openAs, screenshot, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

interface Row {
  GUID: string;
  Barcode: string;
  CreateDate: string;
  DeliveryStatus: string;
  ArchiveDate: string;
}

const us = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
/** The Tbilisi day of an instant as `YYYY-MM-DD` (the date inputs' form). */
const tbilisiDay = (iso: string) =>
  new Date(new Date(iso).getTime() + 4 * 3_600_000).toISOString().slice(0, 10);

/** A demo parcel of the store, through the API (delivered ones first: they have a signature). */
async function demoParcel(call: 'ArchParcelFinder' | 'OldArchParcelFinder'): Promise<Row> {
  const s = await apiLogin(journey.url, 'admin');
  const { env } = await apiCall<{ Parcels: Row[]; Total: number }>(
    journey.url,
    'POST',
    call,
    { StartRegDate: '01/01/2015', EndRegDate: us(new Date()), Take: 100, Sort: 'CreateDate desc' },
    s,
  );
  assert.equal(env?.Status, true, `${call}: ${env?.Error}`);
  assert.ok(env!.Data.Total > 0, `the demo data has parcels in the store of ${call}`);
  const rows = env!.Data.Parcels;
  return rows.find((r) => r.DeliveryStatus === 'ჩაბარებულია') ?? rows[0]!;
}

const rows = (page: Page) =>
  page.locator('[role=grid][aria-label="ნაპოვნი ამანათები"] tbody tr[data-row-id]');

/** Sets the range to the parcel's day, types the barcode and presses Enter in it. */
async function findByBarcode(page: Page, p: Row) {
  const form = page.getByRole('form', { name: 'ძებნის ფილტრი' });
  await form.waitFor();
  const day = tbilisiDay(p.CreateDate);
  await form.getByLabel('რეგისტრაცია (დან)').fill(day);
  await form.getByLabel('რეგისტრაცია (მდე)').fill(day);
  const barcode = form.getByLabel('შტრიხკოდი', { exact: true });
  await barcode.fill(p.Barcode.toLowerCase());
  await barcode.press('Enter');
  await rows(page).filter({ hasText: p.Barcode }).waitFor();
  assert.equal(await rows(page).count(), 1);
}

/** Opens the row's status history (the expand cell) and answers its text. */
async function history(page: Page, barcode: string): Promise<string> {
  await rows(page).filter({ hasText: barcode }).locator('td').first().click();
  const h = page.getByTestId('status-history');
  await h.waitFor();
  return h.innerText();
}

describe('archive finders', () => {
  it('finds an archived demo parcel by barcode with its history, properties and last status', async () => {
    const parcel = await demoParcel('ArchParcelFinder');
    const days = (Date.now() - new Date(parcel.CreateDate).getTime()) / 86_400_000;
    assert.ok(days > 180 && days < 1825, `archived parcel registered ${days.toFixed(0)} days ago`);
    // the live finder and the old archive do not have it
    const s = await apiLogin(journey.url, 'operator');
    const live = await apiCall<{ Total: number }>(
      journey.url,
      'POST',
      'ParcelFinder',
      { Barcode: parcel.Barcode, Take: 10 },
      s,
    );
    assert.equal(live.env?.Data.Total, 0);

    await withPage(journey.browser, journey.url, 'archive-finder', async (page) => {
      await openAs(page, 'operator', '/arcparfinder');
      await page.getByRole('heading', { name: 'არქივში ძებნა', level: 2 }).waitFor();
      await page.getByTestId('archive-range').filter({ hasText: 'არქივში:' }).waitFor();
      await findByBarcode(page, parcel);
      // one result: no chart; the last status filled in with the progress message
      assert.equal(await page.getByTestId('finder-chart').count(), 0);
      await page.getByTestId('finder-progress').filter({ hasText: 'ჩაიტვირთა (1)' }).waitFor();

      const text = await history(page, parcel.Barcode);
      assert.match(text, /რეგისტრირებულია/);
      assert.ok(text.split('\n').length >= 3, `a history of several rows:\n${text}`);

      // focus the row: the property list shows the parcel
      await rows(page).filter({ hasText: parcel.Barcode }).locator('td').nth(3).click();
      const props = page.getByRole('grid', { name: 'ამანათის მონაცემები' });
      await props.getByText(parcel.Barcode).waitFor();
      const panel = page.getByRole('region', { name: 'ხელმოწერა და ბეჭდვა' });
      assert.equal(await panel.getByRole('button', { name: 'ბეჭდვა', exact: true }).isEnabled(), true);
      if (parcel.DeliveryStatus === 'ჩაბარებულია') await panel.locator('img').waitFor();
      await screenshot(page, 'archive-found');

      // the scanner input sets the grid's barcode filter and keeps the focus
      const scanner = page.getByLabel('სკანირება');
      await scanner.fill('NO-SUCH-CODE');
      await scanner.press('Enter');
      await page.getByText('მოცემული ფილტრის მონაცემებით ამანათი ვერ მოიძებნა').first().waitFor();
      assert.equal(await scanner.evaluate((el) => el === document.activeElement), true);
    });
  });

  it('finds an old-archive demo parcel by barcode with its history and the scanned-bill popup', async () => {
    const parcel = await demoParcel('OldArchParcelFinder');
    const days = (Date.now() - new Date(parcel.CreateDate).getTime()) / 86_400_000;
    assert.ok(days > 1825, `old-archive parcel registered ${days.toFixed(0)} days ago`);

    await withPage(journey.browser, journey.url, 'old-archive-finder', async (page) => {
      await openAs(page, 'operator', '/oldarcparfinder');
      await page.getByRole('heading', { name: 'ძველ არქივში ძებნა', level: 2 }).waitFor();
      const form = page.getByRole('form', { name: 'ძებნის ფილტრი' });
      await form.waitFor();
      // fewer filters: no operator, no description
      assert.equal(await form.getByLabel('ოპერატორი').count(), 0);
      assert.equal(await form.getByLabel('აღწერა').count(), 0);
      await findByBarcode(page, parcel);
      const text = await history(page, parcel.Barcode);
      assert.match(text, /რეგისტრირებულია/);
      // the archive date column
      assert.equal(await page.locator('th[data-column-id="ArchiveDate"]').count(), 1);

      await rows(page).filter({ hasText: parcel.Barcode }).locator('td').nth(3).click();
      await page.getByRole('button', { name: 'სკანირებული ზედნადები', exact: true }).click();
      const popup = page.getByTestId('bill-popup');
      await popup.waitFor();
      assert.equal(await popup.getByTestId('bill-barcode').innerText(), parcel.Barcode);
      // it moves where it is dragged
      const before = await popup.boundingBox();
      const handle = await page.getByTestId('bill-popup-handle').boundingBox();
      await page.mouse.move(handle!.x + 40, handle!.y + 10);
      await page.mouse.down();
      await page.mouse.move(handle!.x + 140, handle!.y + 70, { steps: 5 });
      await page.mouse.up();
      const moved = await popup.boundingBox();
      assert.ok(Math.abs(moved!.x - before!.x - 100) < 5 && Math.abs(moved!.y - before!.y - 60) < 5);
      await screenshot(page, 'old-archive-bill');
      await popup.getByRole('button', { name: 'დახურვა', exact: true }).click();
      await popup.waitFor({ state: 'detached' });
    });
  });

  it('groups the archive grid (server mode) by a column: group rows with captions and counts', async () => {
    const parcel = await demoParcel('ArchParcelFinder');
    await withPage(journey.browser, journey.url, 'archive-grouping', async (page) => {
      await openAs(page, 'operator', '/arcparfinder');
      const form = page.getByRole('form', { name: 'ძებნის ფილტრი' });
      await form.waitFor();
      // a month of archived parcels around the demo parcel's day
      const day = new Date(parcel.CreateDate).getTime();
      await form
        .getByLabel('რეგისტრაცია (დან)')
        .fill(tbilisiDay(new Date(day - 15 * 86_400_000).toISOString()));
      await form
        .getByLabel('რეგისტრაცია (მდე)')
        .fill(tbilisiDay(new Date(day + 15 * 86_400_000).toISOString()));
      await form.getByRole('button', { name: 'ძებნა', exact: true }).click();
      await rows(page).first().waitFor();
      const shown = await rows(page).count();
      assert.ok(shown > 1, `several archived parcels in the month (${shown})`);

      await page.getByRole('button', { name: 'სვეტის მენიუ: დაარეგისტრირა' }).click();
      await page.getByRole('menuitem', { name: 'დაჯგუფება ამ სვეტით' }).click();
      const groups = page.locator('[role=grid][aria-label="ნაპოვნი ამანათები"] tbody tr[data-group-row]');
      await groups.first().waitFor();
      const captions = await groups.allInnerTexts();
      for (const c of captions) assert.match(c, /^დაარეგისტრირა: .+ \(\d+( ამ გვერდზე)?\)/);
      // the captions' counts add up to the rows on the page
      const counted = captions.reduce((n, c) => n + Number(/\((\d+)/.exec(c)![1]), 0);
      assert.equal(counted, await rows(page).count());
      // the grouped column left the header for the group panel
      assert.equal(await page.locator('th[data-column-id="RegisteredBy"]').count(), 0);
      await screenshot(page, 'archive-grouped');
    });
  });

  it('sends a visitor without a session to the login form, and a stale session with authorization required', async () => {
    await withPage(journey.browser, journey.url, 'archive-no-session', async (page) => {
      await page.goto('/arcparfinder');
      await page.waitForURL((u) => u.pathname.startsWith('/login-form'));
      // a session the server no longer knows: the screen's first call answers 401. The app renews
      // the ticket on opening: spoil it only once the renewed one is stored, or the renewal's answer,
      // late on a loaded machine, stores a good ticket over the spoilt one
      const renewal = page.waitForResponse((r) => r.url().includes('/api/UpdateTicket'));
      await openAs(page, 'operator');
      const renewed = ((await (await renewal).json()) as { Data: { Ticket: string } }).Data.Ticket;
      await page.waitForFunction(
        (t) => (JSON.parse(localStorage.getItem('po.session') ?? '{}') as { Ticket?: string }).Ticket === t,
        renewed,
      );
      await page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem('po.session')!) as { Ticket: string };
        localStorage.setItem('po.session', JSON.stringify({ ...s, Ticket: 'expired-ticket' }));
      });
      await page.goto('/oldarcparfinder');
      await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'საჭიროა ავტორიზაცია' })
        .first()
        .waitFor();
      await page.waitForURL((u) => u.pathname.startsWith('/login-form'));
    });
  });
});
