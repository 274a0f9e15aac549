/**
 * Registries, bags and the route sheet (spec 002 §2.2–§2.5, §2.14–§2.17) in a real browser:
 * - /registry: find the day's parcels by case number, print; the printed sheet's QR is read back by
 *   zbarimg to the registry number, whose parcels NFGetRegistryByNumber returns;
 * - /buildregistry: scan parcels into a registry;
 * - /newbag: check the driver, scan parcels into a bag, seal it (the label's CODE128 decodes to the
 *   bag's name); /bags shows the bag and its parcels; the receiving office scans the label and
 *   receives every parcel, declared against counted;
 * - /ranshit: a courier's manifest whose CODE128 barcodes zbarimg decodes to the courier's parcels.
 *
 * Set E2E_WEB_DIST to test a web build other than apps/web/dist.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { api, apiCall, apiLogin, registerParcels } from '../lib/api.ts';
import { decode } from '../lib/barcodes.ts';
import { ARTIFACTS, openAs, screenshot, stubPrint, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';
import { scannedRows } from '../lib/new-bag.ts';

const journey = useJourney();

/** Registers `n` parcels as `login` through the API, with the case number `fild1`. */
const register = (login: string, n: number, fild1: string) =>
  registerParcels(journey.url, n, {
    as: login,
    body: (i) => ({ ReceiverName: `დავით მაისურაძე ${i + 1}`, Fild1: fild1, Fild2: 'სასამართლო' }),
  });

/** A courier's signature: a 1x1 PNG. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The last print frame's document, opened as a page of its own (what the printer gets), screenshotted. */
async function printedPage(
  page: Page,
  context: BrowserContext,
  name: string,
): Promise<{ file: string; printed: Page }> {
  await page.locator('body[data-printed]').waitFor({ timeout: 30_000 });
  const html = await page
    .locator('iframe[data-print-frame]')
    .last()
    .evaluate((f) => (f as HTMLIFrameElement).contentDocument!.documentElement.outerHTML);
  const printed = await context.newPage();
  await printed.setViewportSize({ width: 900, height: 1200 });
  await printed.setContent(html);
  await printed.evaluate(() =>
    Promise.all(
      Array.from(document.images).map((i) =>
        i.complete
          ? Promise.resolve()
          : new Promise<void>((r) => i.addEventListener('load', () => r(), { once: true })),
      ),
    ),
  );
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await printed.screenshot({ path: file, fullPage: true });
  return { file, printed };
}

/** Saves a data-URL image to a file (the barcode exactly as the printout embeds it). */
async function saveDataUrl(dataUrl: string, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await writeFile(file, Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return file;
}

const scanBox = (page: Page) => page.locator('input[data-scan-box]');
async function wedge(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}
/** The first cell of each data row of the grid at `index` on the page. */
const gridColumn = (page: Page, index: number, col = 0) =>
  page
    .locator('table')
    .nth(index)
    .locator('tbody tr[data-row-id]')
    .evaluateAll((trs, c) => trs.map((tr) => (tr.querySelectorAll('td')[c]?.textContent ?? '').trim()), col);

describe('registries', () => {
  it('/registry: find by case number, print; the QR reads back to the registry whose parcels the API returns', async () => {
    const caseNo = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const parcels = await register('operator', 3, caseNo);
    await withPage(journey.browser, journey.url, 'registry-print', async (page, context) => {
      await stubPrint(page);
      await openAs(page, 'operator', '/registry');
      await page.getByRole('textbox', { name: 'საქმის ნომერი', exact: true }).fill(caseNo);
      await page.getByRole('button', { name: 'ძებნა' }).click();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 3);
      const number = page.getByTestId('registry-number');
      await page.waitForFunction(() =>
        /^RG-\d{6}$/.test(
          (document.querySelector('[data-testid="registry-number"]') as HTMLInputElement)?.value ?? '',
        ),
      );
      const name = await number.inputValue();
      await screenshot(page, 'registry-screen');
      await page.getByRole('button', { name: 'ბეჭდვა', exact: true }).first().click();
      const { file, printed } = await printedPage(page, context, 'registry-sheet');
      // the sheet: title, operator, the parcels and the signature blocks
      const text = await printed.locator('body').innerText();
      assert.match(text, new RegExp(`რეესტრი ${name}`));
      assert.match(text, /ოთარ ოპერატორი/);
      assert.match(text, /კურიერის ხელმოწერა/);
      for (const p of parcels) assert.match(text, new RegExp(p.Barcode));
      // the QR, on the screenshot of the sheet and as embedded
      assert.deepEqual(await decode(file, 'qrcode'), [name]);
      const src = await printed.locator('img[data-qr]').getAttribute('src');
      assert.deepEqual(await decode(await saveDataUrl(src!, 'registry-qr'), 'qrcode'), [name]);
      // the registry the QR names holds the printed parcels
      const s = await apiLogin(journey.url, 'operator');
      const { env } = await apiCall<Array<{ BarCode: string }>>(
        journey.url,
        'GET',
        'NFGetRegistryByNumber',
        { RgNumber: name },
        s,
      );
      assert.equal(env?.Status, true, env?.Error);
      assert.deepEqual(env!.Data.map((r) => r.BarCode).sort(), parcels.map((p) => p.Barcode).sort());
      await printed.close();

      // the journal: by number (Enter searches), the registry on the left, its parcels on the right
      await page.goto('/registrylist');
      await page.getByRole('textbox', { name: 'რეესტრის ნომერი' }).fill(name);
      await page.getByRole('textbox', { name: 'რეესტრის ნომერი' }).press('Enter');
      const reg = page.locator('table').first().locator('tbody tr[data-row-id]').filter({ hasText: name });
      await reg.waitFor();
      await reg.click();
      await page.waitForFunction(
        (codes) => {
          const text = document.querySelectorAll('table')[1]?.textContent ?? '';
          return codes.every((c) => text.includes(c));
        },
        parcels.map((p) => p.Barcode),
      );
      await screenshot(page, 'registry-journal');
    });
  });

  it('/buildregistry: scan parcels into a registry; already received; not found', async () => {
    const parcels = await register('operator', 2, 'E2E-BUILD');
    await withPage(journey.browser, journey.url, 'registry-build', async (page) => {
      await openAs(page, 'operator', '/buildregistry');
      await page.waitForFunction(() =>
        /^RG-\d{6}$/.test(
          (document.querySelector('[data-testid="registry-number"]') as HTMLInputElement)?.value ?? '',
        ),
      );
      const name = await page.getByTestId('registry-number').inputValue();
      await scanBox(page).focus();
      for (const p of parcels) await wedge(page, p.Barcode);
      await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 2);
      await wedge(page, parcels[0].Barcode);
      await page
        .locator('[data-scan-popup]')
        .filter({ hasText: `ამანათი ${parcels[0].Barcode} უკვე მიღებულია` })
        .waitFor();
      await page.keyboard.press('Enter');
      await page.locator('[data-scan-popup]').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);
      await wedge(page, 'ZZ000000007');
      await page
        .locator('[data-scan-popup]')
        .filter({ hasText: 'ამანათი ZZ000000007 ბაზაში ვერ მოიძებნა' })
        .waitFor();
      await screenshot(page, 'registry-build');
      const s = await apiLogin(journey.url, 'operator');
      const { env } = await apiCall<Array<{ BarCode: string }>>(
        journey.url,
        'GET',
        'NFGetRegistryByNumber',
        { RgNumber: name },
        s,
      );
      assert.deepEqual(env!.Data.map((r) => r.BarCode).sort(), parcels.map((p) => p.Barcode).sort());
    });
  });
});

describe('bags', () => {
  it('/newbag → /bags → receiving at the destination: the whole bag in one scan of its label', async () => {
    const parcels = await register('operator', 2, 'E2E-BAG');
    let bagName = '';
    await withPage(journey.browser, journey.url, 'bag-build', async (page, context) => {
      await stubPrint(page);
      await openAs(page, 'bagmaker', '/newbag');
      await scanBox(page).waitFor();
      // Enter order: the driver first
      await scanBox(page).focus();
      await wedge(page, parcels[0].Barcode);
      await page.getByRole('alert').filter({ hasText: 'შეიყვანეთ მძღოლის პირადი ნომერი' }).first().waitFor();
      await page.waitForFunction(() => {
        const id = document.activeElement?.id;
        return !!id && (document.querySelector(`label[for="${id}"]`)?.textContent ?? '').includes('მძღოლი');
      });
      await page.getByLabel('მძღოლი (პირადი ნომერი)').fill('01024055123');
      await page.getByRole('button', { name: 'მძღოლის შემოწმება' }).click();
      await page.getByTestId('driver-name').filter({ hasText: 'გიორგი ბერიძე' }).waitFor();
      await page.getByLabel('მანქანის ნომერი').fill('aa-123-bb');
      await page.getByRole('combobox', { name: 'მიმღები ოფისი' }).click();
      await page.getByRole('option', { name: 'ბათუმის ფილიალი' }).click();
      // the code scanned before the driver waited in the box: Enter sends it
      await scanBox(page).focus();
      await page.keyboard.press('Enter');
      await wedge(page, parcels[1].Barcode);
      await scannedRows(page, 2);
      await page
        .getByTestId('bag-name')
        .filter({ hasText: /BG-\d{8}-\d{4}/ })
        .waitFor();
      bagName = /BG-\d{8}-\d{4}/.exec(await page.getByTestId('bag-name').innerText())![0];
      await screenshot(page, 'bag-new');
      // seal it and print its label (the form's button: an open demo bag's list has one of its own)
      await page.getByRole('button', { name: 'ტომრის დალუქვა' }).last().click();
      await page.getByLabel('ლუქის ნომერი').fill('SL778899');
      await page.getByLabel('დეკლარირებული წონა (კგ)').fill('1');
      await page.getByRole('button', { name: 'დალუქვა და ეტიკეტის ბეჭდვა' }).click();
      const { file, printed } = await printedPage(page, context, 'bag-label');
      assert.deepEqual(await decode(file, 'code128'), [bagName]);
      await printed.close();

      await page.goto('/bags');
      await page.getByRole('button', { name: 'ძებნა' }).click();
      const bagRow = page.locator('tbody tr[data-row-id]').filter({ hasText: bagName });
      await bagRow.waitFor();
      await bagRow.click();
      await page.waitForFunction(
        (codes) => {
          const text = document.querySelectorAll('table')[1]?.textContent ?? '';
          return codes.every((c) => text.includes(c));
        },
        parcels.map((p) => p.Barcode),
      );
      await screenshot(page, 'bags-journal');
    });

    await withPage(journey.browser, journey.url, 'bag-receive', async (page) => {
      await openAs(page, 'branch', '/bags');
      await scanBox(page).click();
      await wedge(page, bagName.toLowerCase());
      const receipt = page.getByTestId('bag-receipt');
      await receipt.waitFor();
      assert.match(await receipt.innerText(), /დეკლარირებული 2, დათვლილი 2/);
      await screenshot(page, 'bag-received');
      // received at Batumi, out of the bag
      const s = await apiLogin(journey.url, 'branch');
      const { env } = await apiCall<{ Parcels: Array<{ Barcode: string; CurStatus: number }> }>(
        journey.url,
        'GET',
        'PostUpStatbyBarcode',
        { Status: 8736, Barcode: parcels[0].Barcode },
        s,
      );
      assert.equal(env?.Status, false);
      assert.match(env!.Error, /უკვე მიღებულია/);
      // a second scan of the label: already received
      await scanBox(page).click();
      await wedge(page, bagName);
      await page
        .locator('[data-scan-popup]')
        .filter({ hasText: `ტომარა ${bagName} უკვე მიღებულია` })
        .waitFor();
    });
  });
});

describe('couriers', () => {
  it('/ranshit: the courier’s manifest, 4 a block, its CODE128 barcodes read back by zbarimg', async () => {
    await withPage(journey.browser, journey.url, 'ranshit', async (page, context) => {
      await stubPrint(page);
      await openAs(page, 'operator', '/ranshit');
      await page.getByRole('combobox', { name: 'კურიერი' }).click();
      await page.getByRole('option', { name: 'courier', exact: true }).click();
      await page.getByRole('button', { name: 'ძებნა' }).click();
      await page.locator('tbody tr[data-row-id]').first().waitFor();
      const shown = await gridColumn(page, 0);
      assert.ok(shown.length > 0);
      await screenshot(page, 'ranshit-screen');
      const clicked = Date.now();
      await page.getByRole('button', { name: 'მანიფესტის ბეჭდვა' }).click();
      const { file, printed } = await printedPage(page, context, 'ranshit-manifest');
      const waited = Number(await page.locator('body').getAttribute('data-printed')) - clicked;
      assert.ok(waited >= 2000, `printing waited ${waited} ms`);
      await printed
        .locator('section.block')
        .first()
        .screenshot({ path: path.join(ARTIFACTS, 'ranshit-block.png') });
      const lines = await printed
        .locator('.line')
        .evaluateAll((ls) => ls.map((l) => l.getAttribute('data-barcode')));
      const blocks = await printed
        .locator('section.block')
        .evaluateAll((bs) => bs.map((b) => b.querySelectorAll('.line').length));
      assert.ok(blocks.every((n) => n <= 4));
      assert.equal(
        blocks.reduce((a, b) => a + b, 0),
        lines.length,
      );
      // every barcode image decodes to its parcel; the page screenshot reads them too
      const decoded = await decode(file, 'code128');
      for (const code of lines.slice(0, 4))
        assert.ok(decoded.includes(code!), `${code} not decoded from the sheet`);
      const firstSrc = await printed.locator('.line img').first().getAttribute('src');
      assert.deepEqual(await decode(await saveDataUrl(firstSrc!, 'ranshit-code'), 'code128'), [lines[0]]);
      const receivers = await printed.locator('.line .receiver').allInnerTexts();
      assert.ok(receivers.every((r) => [...r].length <= 170));
      await printed.close();
    });
  });

  it('/courieractivity: a courier’s event of today under the courier’s group; a day without events says so', async () => {
    // its own event: the demo courier picks up a parcel and delivers it through the API, as a phone does
    // (a courier hands over only a parcel they hold)
    const [parcel] = await registerParcels(journey.url, 1);
    const line = () => [{ Gui: crypto.randomUUID(), Barcode: parcel!.Barcode, Stack: false, Number: 1 }];
    const picked = await api<{ Applied: number }>(
      journey.url,
      'POST',
      'MobSendJob',
      { JobId: crypto.randomUUID(), Status: 8711, Ji: line() },
      'courier',
    );
    assert.equal(picked.Applied, 1);
    const comment = `ჩაბარდა პირადად ${parcel!.Barcode}`;
    const sent = await api<{ Applied: number }>(
      journey.url,
      'POST',
      'MobSendJob',
      {
        JobId: crypto.randomUUID(),
        Status: 8712,
        Comment: comment,
        ImageB64: SIGNATURE_PNG,
        Ji: [{ Gui: crypto.randomUUID(), Barcode: parcel!.Barcode, Stack: false, Number: 1 }],
      },
      'courier',
    );
    assert.equal(sent.Applied, 1);
    await withPage(journey.browser, journey.url, 'courier-activity', async (page) => {
      await openAs(page, 'operator', '/courieractivity');
      await page.getByRole('button', { name: 'ძებნა' }).click();
      // the delivery's row (the pickup before it has a row of its own)
      const row = page.locator('tbody tr[data-row-id]').filter({ hasText: comment });
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(parcel!.Barcode));
      // grouped by courier: the caption row of the event's group names the courier
      const caption = await row.evaluate((tr) => {
        let p = tr.previousElementSibling;
        while (p && !p.hasAttribute('data-group-row')) p = p.previousElementSibling;
        return p?.textContent ?? '';
      });
      assert.match(caption, /\bcourier\b/);
      await screenshot(page, 'courier-activity');

      // a day long before the demo data: no rows, the empty message
      await page.getByLabel('თარიღი', { exact: true }).fill('2001-01-01');
      await page.getByRole('button', { name: 'ძებნა' }).click();
      await page.getByRole('alert').filter({ hasText: 'აქტივობა ვერ მოიძებნა' }).first().waitFor();
      await page.locator('tbody tr[data-row-id]').first().waitFor({ state: 'detached' });
    });
  });
});
