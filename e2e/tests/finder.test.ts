/**
 * The parcel finder and its admin siblings (spec 001 §2.4–§2.6, §2.9, §2.10) in a real browser:
 * - as operator: register a parcel, find it by barcode and by sender text, see the chart and the
 *   progress message, open its status history, print its notification card and its detailed report
 *   (the printed CODE128 decodes with zbarimg to its barcode), delete it;
 * - as admin: see it in /deletedparcels, restore it (and find it again); assign a status in bulk on
 *   /changestatus with the live count; the file finder's signature, its required barcode and the
 *   scanned-bill upload with the refusal of a wrong file type.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { RegisteredParcel } from '@po/contract/registration';
import type { RegistrationBody } from '@po/contract/testing';
import { registerParcels } from '../lib/api.ts';
import { decode } from '../lib/barcodes.ts';
import { deliverAsCourier, drawnSignature } from '../lib/handover.ts';
import { imagesLoaded } from '../lib/print.ts';
import { ARTIFACTS, openAs, screenshot, signIn, stubPrint, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

/** A sender name no demo parcel has (Georgian letters from the clock). */
function uniqueSender(): string {
  const letters = 'აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ';
  let n = Date.now();
  let s = '';
  while (n > 0) {
    s += letters[n % letters.length];
    n = Math.floor(n / letters.length);
  }
  return `ფინდერი ${s}`;
}

/** A parcel registered through the API as `login`, from `sender`, 1.5 kg, with a case number. */
async function register(
  login: string,
  sender: string,
  extra: RegistrationBody = {},
): Promise<RegisteredParcel> {
  const [parcel] = await registerParcels(journey.url, 1, {
    as: login,
    body: () => ({ SenderName: sender, Weight: 1.5, Fild1: 'საქმე 7/2026', ...extra }),
  });
  return parcel!;
}

/** The data rows of the screen's main grid (not the property list's). */
const GRIDS = ['ნაპოვნი ამანათები', 'დაუდასტურებელი ამანათები', 'წაშლილი ამანათები'];
const rows = (page: Page) =>
  page.locator(GRIDS.map((g) => `[role=grid][aria-label="${g}"] tbody tr[data-row-id]`).join(', '));
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const toasts = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).count();

/**
 * Clicks a print button, waits for the print frame, renders what it printed on a page of its own and
 * checks the printed barcode with zbarimg. Returns the printed text.
 */
async function printAndDecode(
  page: Page,
  button: string,
  barcode: string,
  name: string,
  opts: { signatureMinWidth?: number } = {},
): Promise<string> {
  await page.evaluate(() => document.body.removeAttribute('data-printed'));
  const started = Date.now();
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('body[data-printed]').waitFor();
  const printedAt = Number(await page.locator('body').getAttribute('data-printed'));
  assert.ok(printedAt - started >= 900, `the print window waited ${printedAt - started} ms (1 s)`);
  const html = await page
    .locator('iframe[data-print-frame]')
    .last()
    .evaluate((f) => (f as HTMLIFrameElement).contentDocument!.documentElement.outerHTML);
  const printed = await page.context().newPage();
  try {
    await printed.setContent(html);
    const body = printed.locator('body');
    await imagesLoaded(body);
    await mkdir(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `${name}.png`);
    await printed.screenshot({ path: file, fullPage: true });
    const codes = await decode(file, 'code128');
    assert.ok(codes.includes(barcode), `CODE128 ${barcode} in ${file}: ${codes.join(', ')}`);
    if (opts.signatureMinWidth) {
      const sign = await printed.locator('.po-report__sign img').boundingBox();
      const w = sign?.width ?? 0;
      assert.ok(w >= opts.signatureMinWidth, `the printed signature is ${w} px wide`);
    }
    return await body.innerText();
  } finally {
    await printed.close();
  }
}

async function openFinder(page: Page) {
  await page.goto('/parfinder');
  await page.getByRole('form', { name: 'ძებნის ფილტრი' }).waitFor();
}

/** Fills the finder form (fields by label), presses Find and waits for the grid's answer. */
async function search(page: Page, fields: Record<string, string>) {
  const form = page.getByRole('form', { name: 'ძებნის ფილტრი' });
  if (!(await form.isVisible()))
    await page.getByRole('button', { name: 'ფილტრის ჩვენება ან დამალვა' }).click();
  for (const label of ['შტრიხკოდი', 'გამგზავნი', 'მიმღები', 'ველი 1', 'ველი 2', 'აღწერა'])
    await form.getByLabel(label, { exact: true }).fill('');
  for (const [label, value] of Object.entries(fields))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'ძებნა' }).click();
}

describe('parcel finder', () => {
  it('finds a parcel by barcode and by sender, shows chart, progress and history, prints it and deletes it; an admin restores it', async () => {
    const sender = uniqueSender();
    const parcel = await register('operator', sender);

    await withPage(journey.browser, journey.url, 'finder-operator', async (page) => {
      await signIn(page, 'operator');
      await openFinder(page);
      await screenshot(page, 'finder-empty');

      // by barcode (lower case: the form upper-cases it)
      await search(page, { შტრიხკოდი: parcel.Barcode.toLowerCase() });
      await rows(page).filter({ hasText: parcel.Barcode }).waitFor();
      assert.equal(await rows(page).count(), 1);
      await page.getByTestId('finder-chart').waitFor();
      assert.match(await page.getByTestId('finder-chart').innerText(), /სულ ამანათი: 1/);
      await page.getByTestId('finder-progress').filter({ hasText: 'სტატუსები ჩაიტვირთა: 1' }).waitFor();
      assert.match(await page.getByTestId('finder-min-date').innerText(), /ყველაზე ადრეული თარიღი/);

      // by sender text (a part of it), over the default 14 days
      await search(page, { გამგზავნი: sender.slice(2) });
      await rows(page).filter({ hasText: parcel.Barcode }).waitFor();
      assert.equal(await rows(page).count(), 1);

      // the master-detail status history
      const row = rows(page).filter({ hasText: parcel.Barcode });
      await row.locator('td').first().click();
      const history = page.getByTestId('status-history');
      await history.waitFor();
      assert.match(await history.innerText(), /რეგისტრირებულია/);
      assert.match(await history.innerText(), /operator/);

      // focus it: the property list and the print controls
      await row.locator('td').nth(3).click();
      const props = page.getByRole('grid', { name: 'ამანათის მონაცემები' });
      await props.getByText(sender).waitFor();
      await screenshot(page, 'finder-found');

      await stubPrint(page);
      const card = await printAndDecode(page, 'შეტყობინების ბარათი', parcel.Barcode, 'finder-card-print');
      assert.ok(card.includes(sender), 'the card names the sender');
      assert.ok(card.includes('1,50 კგ'), 'the card weighs in kg');
      const report = await printAndDecode(page, 'ამანათის ბეჭდვა', parcel.Barcode, 'finder-report-print');
      assert.ok(report.includes('ამანათის დეტალური ანგარიში'), 'the detailed report');
      assert.ok(report.includes('operator'), 'printed by the operator');
      // no scanned bill yet: 'original bill not found'
      await page.getByRole('button', { name: 'ზედნადების ბეჭდვა', exact: true }).click();
      await toast(page, 'ორიგინალი ზედნადები ვერ მოიძებნა').waitFor();

      // delete it: the app's own dialog asks, never the browser's confirm()
      const browserDialogs: string[] = [];
      page.on('dialog', (d) => {
        browserDialogs.push(d.message());
        void d.dismiss();
      });
      await page.getByRole('button', { name: 'ამანათის წაშლა' }).click();
      const ask = page.getByRole('dialog', { name: 'ამანათის წაშლა' });
      await ask.getByText(`წაიშალოს ამანათი ${parcel.Barcode}?`).waitFor();
      await screenshot(page, 'finder-delete-confirm');
      // declined: nothing happens
      await ask.getByRole('button', { name: 'არა' }).click();
      await ask.waitFor({ state: 'detached' });
      await rows(page).filter({ hasText: parcel.Barcode }).waitFor();
      await page.getByRole('button', { name: 'ამანათის წაშლა' }).click();
      await ask.getByRole('button', { name: 'წაშლა', exact: true }).click();
      await toast(page, `ამანათი ${parcel.Barcode} წაიშალა`).waitFor();
      // one message: the grid's own text says it is empty now, no "nothing found" toast beside "deleted"
      await page.getByText('მოცემული ფილტრით ამანათი ვერ მოიძებნა').last().waitFor();
      await screenshot(page, 'finder-deleted-one-message');
      assert.equal(await toasts(page, 'მოცემული ფილტრით ამანათი ვერ მოიძებნა'), 0, 'no second message');
      assert.deepEqual(browserDialogs, [], 'no browser dialog');
      // a new search that finds nothing says so
      await search(page, { შტრიხკოდი: parcel.Barcode });
      await toast(page, 'მოცემული ფილტრით ამანათი ვერ მოიძებნა').waitFor();
      await page.getByText('მოცემული ფილტრით ამანათი ვერ მოიძებნა').last().waitFor();
      // the grid empties as the answer is drawn (the message may come a frame before it on a loaded machine)
      await rows(page).first().waitFor({ state: 'detached' });
      assert.equal(await rows(page).count(), 0);
    });

    await withPage(journey.browser, journey.url, 'deleted-admin', async (page) => {
      await openAs(page, 'admin', '/deletedparcels');
      await page.getByRole('button', { name: 'ძებნა' }).click();
      const row = rows(page).filter({ hasText: parcel.Barcode });
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, /operator/, 'deleted by the operator');
      assert.match(text, /127\.0\.0\.1|::1/, 'from the loopback address');
      await screenshot(page, 'deleted-parcels');
      // restore is a restore icon and its word, not a red trash can
      const restore = row.getByRole('button', { name: 'აღდგენა' });
      assert.equal(await restore.innerText(), 'აღდგენა');
      assert.equal(await restore.locator('svg.tabler-icon-restore').count(), 1, 'the restore icon');
      assert.equal(await row.locator('svg.tabler-icon-trash').count(), 0, 'no trash can');
      await restore.click();
      const ask = page.getByRole('dialog', { name: 'დადასტურება' });
      await ask.getByText('აღდგეს ამანათი?').waitFor();
      await ask.getByRole('button', { name: 'აღდგენა' }).click();
      await toast(page, `ამანათი ${parcel.Barcode} აღდგენილია`).waitFor();
      await row.waitFor({ state: 'detached' });

      // found again
      await openFinder(page);
      await search(page, { შტრიხკოდი: parcel.Barcode });
      await rows(page).filter({ hasText: parcel.Barcode }).waitFor();
    });
  });

  it('finds by each filter of the form: receiver, field 1, field 2, description, operator, sender and receiver city', async () => {
    const tag = uniqueSender().split(' ')[1]!;
    const receiver = `მიმღები ${tag}`;
    const parcel = await register('operator', `გამგზავნი ${tag}`, {
      ReceiverName: receiver,
      Fild1: `საქმე ${tag}`,
      Fild2: `სასამართლო ${tag}`,
      Description: `წიგნები ${tag}`,
    });
    await withPage(journey.browser, journey.url, 'finder-filters', async (page) => {
      await openAs(page, 'operator');
      const expectOne = async () => {
        await rows(page).filter({ hasText: parcel.Barcode }).waitFor();
        assert.equal(await rows(page).count(), 1);
      };
      const expectNone = async () => {
        await toast(page, 'მოცემული ფილტრით ამანათი ვერ მოიძებნა').waitFor();
        await page.getByText('მოცემული ფილტრით ამანათი ვერ მოიძებნა').last().waitFor();
        assert.equal(await rows(page).count(), 0);
      };
      const pick = async (label: string, option: string) => {
        await page.getByRole('form', { name: 'ძებნის ფილტრი' }).getByLabel(label, { exact: true }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };

      await openFinder(page);
      for (const [label, value] of [
        ['მიმღები', receiver],
        ['ველი 1', `საქმე ${tag}`],
        ['ველი 2', `სასამართლო ${tag}`],
        ['აღწერა', tag],
      ] as const) {
        await search(page, { [label]: value });
        await expectOne();
      }

      await openFinder(page);
      await pick('დამრეგისტრირებელი ოპერატორი', 'operator');
      await search(page, { მიმღები: receiver });
      await expectOne();
      await openFinder(page);
      await pick('დამრეგისტრირებელი ოპერატორი', 'branch');
      await search(page, { მიმღები: receiver });
      await expectNone();

      await openFinder(page);
      await pick('გამგზავნის ქალაქი', 'თბილისი');
      await pick('მიმღების ქალაქი', 'ბათუმი');
      await search(page, { მიმღები: receiver });
      await expectOne();
      await openFinder(page);
      await pick('გამგზავნის ქალაქი', 'ბათუმი');
      await search(page, { მიმღები: receiver });
      await expectNone();
    });
  });

  it('filters the result by a scanned barcode and keeps the focus in the scan box', async () => {
    const sender = uniqueSender();
    const a = await register('operator', sender);
    const b = await register('operator', sender);
    await withPage(journey.browser, journey.url, 'finder-scan', async (page) => {
      await signIn(page, 'operator');
      await openFinder(page);
      await search(page, { გამგზავნი: sender });
      await rows(page).nth(1).waitFor();
      assert.equal(await rows(page).count(), 2);
      const scan = page.locator('[data-finder-scan]');
      await scan.pressSequentially(b.Barcode.toLowerCase(), { delay: 10 });
      await scan.press('Enter');
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[aria-label="ნაპოვნი ამანათები"] tbody tr[data-row-id]').length === 1,
      );
      assert.match(await rows(page).first().innerText(), new RegExp(b.Barcode));
      assert.equal(await scan.inputValue(), '');
      assert.ok(await page.evaluate(() => document.activeElement?.hasAttribute('data-finder-scan')));
      await page.getByRole('button', { name: 'შედეგის გასუფთავება' }).click();
      await page.getByText('შეავსეთ ფილტრი და დააჭირეთ ძებნას').waitFor();
      assert.ok(a.Barcode !== b.Barcode);
    });
  });

  it('shows and prints the handover: the courier’s comment and name, a readable signature; values wrap', async () => {
    const parcel = await register('operator', uniqueSender());
    const comment = 'ჩაბარდა მეზობელს, მე-3 სართული, ბინა 12';
    await withPage(journey.browser, journey.url, 'finder-handover', async (page) => {
      // the courier picks the parcel up and hands it over with a comment and a signature drawn on a canvas
      await deliverAsCourier(journey.url, parcel.Barcode, comment, await drawnSignature(page));

      await signIn(page, 'operator');
      await openFinder(page);
      await search(page, { შტრიხკოდი: parcel.Barcode });
      const row = rows(page).filter({ hasText: parcel.Barcode });
      await row.waitFor();
      await row.locator('td').nth(3).click();
      const image = page.getByTestId('signature-image');
      await image.waitFor();
      await page.getByTestId('signature-courier').filter({ hasText: 'ჩააბარა: გიორგი ბერიძე' }).waitFor();
      assert.equal(await page.getByTestId('signature-comment').innerText(), `კურიერის კომენტარი: ${comment}`);
      const box = await image.boundingBox();
      // as wide as the side panel (about 225 px at 1366 px); the dialog below shows it large
      assert.ok(box && box.width >= 200, `the signature is ${box?.width} px wide, not a thumbnail`);

      // the property list: the courier by name, the comment, and every value whole (wrapped, not cut)
      const props = page.getByRole('grid', { name: 'ამანათის მონაცემები' });
      const value = (name: string) =>
        props
          .getByRole('row')
          .filter({ has: page.getByRole('gridcell', { name, exact: true }) })
          .locator('td')
          .nth(1);
      assert.equal(await value('კურიერი').innerText(), 'გიორგი ბერიძე');
      assert.equal(await value('კურიერის კომენტარი').innerText(), comment);
      const cut = await props
        .locator('tbody td')
        .evaluateAll((cells) =>
          cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
        );
      assert.deepEqual(cut, [], 'no value is cut off');
      // the list (the table) fits the scroll box it sits in: no column hidden past the panel's edge
      const wide = await props.evaluate(
        (table) => table.getBoundingClientRect().right - table.parentElement!.getBoundingClientRect().right,
      );
      assert.ok(wide <= 1, `the list runs ${wide} px past its panel`);
      await screenshot(page, 'finder-handover');

      // a click shows the signature large
      await page.getByRole('button', { name: 'ხელმოწერის გადიდება' }).click();
      const large = page.getByTestId('signature-large');
      await large.waitFor();
      assert.ok(((await large.boundingBox())?.width ?? 0) >= 600, 'the enlarged signature');
      await page.keyboard.press('Escape');
      await large.waitFor({ state: 'detached' });

      // the detailed report prints the same, the signature at a readable size
      await stubPrint(page);
      const report = await printAndDecode(page, 'ამანათის ბეჭდვა', parcel.Barcode, 'finder-handover-report', {
        signatureMinWidth: 400,
      });
      assert.match(report, /კურიერი\s+გიორგი ბერიძე/);
      assert.match(report, new RegExp(`კურიერის კომენტარი\\s+${comment}`));
    });
  });
});
