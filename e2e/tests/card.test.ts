/**
 * The delivery notification card (spec 001 §2.10) of a registered parcel: rendered in the app and in
 * the print frame, the CODE128 decoded by zbarimg back to the parcel's barcode and the QR code to its
 * tracking link (PUBLIC_URL/track/<barcode>, issue 38), which the counter's scan box reads as the barcode.
 * Also the registration screen's own journey: fill the form, register (auto-print off), see the info
 * popup with the card.
 *
 * Set E2E_WEB_DIST to test a web build other than apps/web/dist.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { RegisteredParcel } from '@po/contract/registration';
import { registerParcels } from '../lib/api.ts';
import { decode } from '../lib/barcodes.ts';
import { ARTIFACTS, openAs, signIn, stubPrint, valueIs, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

/** The tracking page's address the server prints in the QR code and sends in the messages. */
const PUBLIC_URL = 'https://track.example.ge';
const journey = useJourney({ env: { PUBLIC_URL } });

const trackingLink = (barcode: string) => `${PUBLIC_URL}/track/${barcode}`;

/** A parcel registered through the API as the demo operator, with a case number. */
async function registerViaApi(): Promise<RegisteredParcel> {
  const [parcel] = await registerParcels(journey.url, 1, {
    body: () => ({ Weight: 1.5, Fild1: 'საქმე 12/2026', Fild2: 'სასამართლო' }),
  });
  return parcel!;
}

async function shot(target: Page | Locator, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await target.screenshot({ path: file });
  return file;
}

/** Waits until every image inside the locator has loaded. */
async function imagesLoaded(card: Locator) {
  await card.locator('img').first().waitFor();
  await card.evaluate((el) =>
    Promise.all(
      Array.from(el.querySelectorAll('img')).map((img) =>
        img.complete
          ? Promise.resolve()
          : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    ),
  );
}

async function assertCard(card: Locator, barcode: string, name: string) {
  await imagesLoaded(card);
  const text = await card.innerText();
  for (const piece of [
    'შეტყობინება ჩაბარების შესახებ',
    'საქმე 12/2026',
    'სასამართლო',
    'ნინო გელაშვილი',
    'დავით მაისურაძე',
    'ამანათი',
    '1,50 კგ',
    '14,50 ლარი',
    'ხელმოწერა',
  ]) {
    assert.ok(text.includes(piece), `the card shows "${piece}"`);
  }
  const file = await shot(card, name);
  assert.deepEqual(await decode(file, 'code128'), [barcode], `CODE128 in ${file}`);
  assert.deepEqual(await decode(file, 'qrcode'), [trackingLink(barcode)], `QR in ${file}`);
}

/** Opens the registered parcel's card in the registration screen's info popup. */
async function openCard(page: Page, parcel: RegisteredParcel): Promise<Locator> {
  await page.evaluate((p) => sessionStorage.setItem('po.registration.last', JSON.stringify(p)), parcel);
  await page.goto('/registration');
  await page.getByRole('button', { name: new RegExp(parcel.Barcode) }).click();
  return page.getByRole('dialog', { name: 'ამანათი დარეგისტრირდა' });
}

describe('delivery notification card', () => {
  it('shows a registered parcel’s card whose CODE128 reads back as its barcode and QR as its tracking link, and prints it through the print frame', async () => {
    const parcel = await registerViaApi();
    assert.match(parcel.Barcode, /^PO\d{9}$/);
    await withPage(journey.browser, journey.url, 'card', async (page, context) => {
      await openAs(page, 'operator');
      const dialog = await openCard(page, parcel);
      await assertCard(dialog.getByTestId('notification-card'), parcel.Barcode, 'card-preview');

      // The print frame gets the same card (the test keeps the browser's print dialog shut).
      await stubPrint(page);
      await dialog.getByRole('button', { name: 'ბარათის ბეჭდვა' }).click();
      await page.locator('body[data-printed]').waitFor();
      const html = await page
        .locator('iframe[data-print-frame]')
        .last()
        .evaluate((f) => (f as HTMLIFrameElement).contentDocument!.documentElement.outerHTML);
      const printed = await context.newPage();
      await printed.setContent(html);
      await assertCard(printed.getByTestId('notification-card'), parcel.Barcode, 'card-print-frame');
    });
  });

  it('the QR code, scanned into the counter’s scan box, finds the parcel', async () => {
    const parcel = await registerViaApi();
    await withPage(journey.browser, journey.url, 'card-qr-scan', async (page) => {
      await openAs(page, 'operator');
      const card = (await openCard(page, parcel)).getByTestId('notification-card');
      await imagesLoaded(card);
      const [link] = await decode(await shot(card.locator('.po-card__qr'), 'card-qr'), 'qrcode');
      assert.equal(link, trackingLink(parcel.Barcode));
      // the counter receives it by the QR code: typed as a keyboard-wedge scanner types, then Enter
      await page.goto('/receiveparcel');
      const box = page.locator('input[data-scan-box]');
      await box.waitFor();
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);
      await page.keyboard.type(link!, { delay: 10 });
      await page.keyboard.press('Enter');
      const row = page.locator('tbody tr[data-row-id]').first();
      await row.waitFor();
      assert.equal((await row.locator('td').first().innerText()).trim(), parcel.Barcode);
      await shot(page, 'card-qr-received');
    });
  });

  it('registers through the screen (auto-print off) and shows the info popup with the card', async () => {
    await withPage(journey.browser, journey.url, 'registration-screen', async (page) => {
      await openAs(page, 'operator', '/registration');
      const sender = page.getByRole('region', { name: 'გამგზავნი' });
      const receiver = page.getByRole('region', { name: 'მიმღები' });
      const parcel = page.getByRole('region', { name: 'ამანათის მონაცემები' });
      await sender.getByLabel('პირადი ნომერი / საიდ. კოდი').fill('01001012345');
      await sender.getByRole('button', { name: /შემოწმება/ }).click();
      await page.getByText('პირადი ნომერი 01001012345 მოიძებნა: ნინო გელაშვილი').waitFor();
      await sender.getByLabel('მისამართი', { exact: true }).fill("წერეთლის გამზ. 116;'");
      assert.equal(await sender.getByLabel('მისამართი', { exact: true }).inputValue(), 'წერეთლის გამზ 116');
      await sender.getByLabel('ქალაქი / რაიონი', { exact: true }).click();
      await page.getByRole('option', { name: 'თბილისი' }).click();
      await valueIs(page, sender.getByLabel('ინდექსი'), '0100');
      await receiver.getByLabel('სახელი', { exact: true }).fill('დავით მაისურაძე');
      await receiver.getByLabel('მისამართი', { exact: true }).fill('ჭავჭავაძის ქ 51');
      await receiver.getByLabel('ქალაქი / რაიონი', { exact: true }).click();
      await page.getByRole('option', { name: 'ბათუმი' }).click();
      await parcel.getByLabel('საქმის ნომერი').fill('საქმე 12/2026');
      await parcel.getByLabel('დამატებითი ველი').fill('სასამართლო');
      await parcel.getByLabel('წონა (კგ)').fill('1.5');
      await parcel.getByLabel('ავტომატური ბეჭდვა').uncheck();
      // the price follows the fields (issue 18: no button to press)
      await page
        .getByTestId('price')
        .getByText(/14[.,]50/)
        .waitFor();
      await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'ამანათი დარეგისტრირდა' });
      const barcode = (await dialog.getByTestId('info-barcode').innerText()).trim();
      assert.match(barcode, /^PO\d{9}$/);
      await shot(page, 'registration-registered');
      await assertCard(dialog.getByTestId('notification-card'), barcode, 'card-after-registration');
      // registered: locked until the form resets (after the popup closes)
      assert.equal(await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).isDisabled(), true);
      await dialog.getByRole('button', { name: 'დახურვა' }).click();
      await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
      assert.equal(await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).isDisabled(), false);
      assert.equal(await receiver.getByLabel('სახელი', { exact: true }).inputValue(), '');
    });
  });
});

/** Opens /registration and fills a complete parcel from Tbilisi to Batumi (1.5 kg, paid by the sender). */
async function fillForm(page: Page) {
  await page.goto('/registration');
  const sender = page.getByRole('region', { name: 'გამგზავნი' });
  const receiver = page.getByRole('region', { name: 'მიმღები' });
  const parcel = page.getByRole('region', { name: 'ამანათის მონაცემები' });
  await sender.getByLabel('პირადი ნომერი / საიდ. კოდი').fill('01001012345');
  await sender.getByLabel('სახელი', { exact: true }).fill('ნინო გელაშვილი');
  await sender.getByLabel('მისამართი', { exact: true }).fill('წერეთლის გამზ 116');
  await sender.getByLabel('ქალაქი / რაიონი', { exact: true }).click();
  await page.getByRole('option', { name: 'თბილისი' }).click();
  await receiver.getByLabel('სახელი', { exact: true }).fill('დავით მაისურაძე');
  await receiver.getByLabel('მისამართი', { exact: true }).fill('ჭავჭავაძის ქ 51');
  await receiver.getByLabel('ქალაქი / რაიონი', { exact: true }).click();
  await page.getByRole('option', { name: 'ბათუმი' }).click();
  await parcel.getByLabel('წონა (კგ)').fill('1.5');
  return { sender, receiver, parcel };
}

describe('registration screen', () => {
  it('auto-prints the card 1.5 s after registering, then resets the form and re-initialises the sender', async () => {
    await withPage(journey.browser, journey.url, 'registration-autoprint', async (page) => {
      await signIn(page, 'operator');
      const { sender, receiver } = await fillForm(page);
      await stubPrint(page);
      const clicked = Date.now();
      await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).click();
      await page.locator('body[data-printed]').waitFor();
      const printedAt = Number(await page.locator('body').getAttribute('data-printed'));
      assert.ok(printedAt - clicked >= 1500, `printing waited ${printedAt - clicked} ms`);
      const frameText = await page
        .locator('iframe[data-print-frame]')
        .last()
        .evaluate((f) => (f as HTMLIFrameElement).contentDocument!.body.innerText);
      assert.match(frameText, /PO\d{9}/);
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="barcode"]')?.getAttribute('value'),
      );
      assert.equal(await receiver.getByLabel('სახელი', { exact: true }).inputValue(), '');
      // the sender's office comes back after 2 s
      await page.waitForFunction(
        () =>
          (document.getElementById('sender-office') as HTMLInputElement | null)?.value ===
          'თბილისის სადისტრიბუციო ცენტრი',
      );
      assert.equal(await sender.getByLabel('სახელი', { exact: true }).inputValue(), '');
    });
  });

  it('shows the price error popup and clears "doubled" when a private receiver would pay a doubled price', async () => {
    await withPage(journey.browser, journey.url, 'registration-doubled', async (page) => {
      await signIn(page, 'operator');
      const { receiver, parcel } = await fillForm(page);
      await receiver.getByLabel('პირადი ნომერი / საიდ. კოდი').fill('01001023456');
      await parcel.getByText('მიმღები', { exact: true }).click();
      await parcel.getByLabel('გაორმაგებული').check();
      const popup = page.getByRole('dialog', { name: 'ფასის გამოთვლის შეცდომა' });
      await popup.getByText('გადამხდელს არ შეუძლია გაორმაგებული ფასის გადახდა').waitFor();
      assert.equal(await parcel.getByLabel('გაორმაგებული').isChecked(), false);
      await popup.getByRole('button').last().click();
      // a validation rule of §5 stops the call with its message
      await receiver.getByLabel('მისამართი', { exact: true }).fill('ab');
      await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).click();
      // beside the field, and in the message
      await receiver.getByText('მიმღების მისამართი არასრულია').waitFor();
      await page.getByRole('alert').filter({ hasText: 'მიმღების მისამართი არასრულია' }).waitFor();
    });
  });

  it('fixes a corporate user’s sender from the account and disables it', async () => {
    await withPage(journey.browser, journey.url, 'registration-corporate', async (page) => {
      await openAs(page, 'corporate', '/registration');
      const sender = page.getByRole('region', { name: 'გამგზავნი' });
      const pid = sender.getByLabel('პირადი ნომერი / საიდ. კოდი');
      assert.equal(await pid.inputValue(), '404111222');
      assert.equal(await pid.isDisabled(), true);
      assert.equal(await sender.getByLabel('სახელი', { exact: true }).isDisabled(), true);
      assert.equal(
        await sender.getByLabel('სახელი', { exact: true }).inputValue(),
        'საპატრულო პოლიცია (კორპორატიული)',
      );
      // the office's address, city, postal index and zone
      await page.waitForFunction(
        () => (document.getElementById('sender-postCode') as HTMLInputElement | null)?.value === '0100',
      );
      assert.equal(
        await sender.getByLabel('მისამართი', { exact: true }).inputValue(),
        'თბილისი, გიორგი გულუას ქ 10',
      );
      assert.equal(await sender.getByLabel('ზონა').inputValue(), '1');
      await shot(page, 'registration-corporate');
    });
  });

  it('hides the price display under 640 px and stacks the blocks', async () => {
    await withPage(
      journey.browser,
      journey.url,
      'registration-narrow',
      async (page) => {
        await openAs(page, 'operator', '/registration');
        await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).waitFor();
        assert.equal(await page.getByTestId('price').isVisible(), false);
        const [a, b] = await Promise.all(
          ['გამგზავნი', 'მიმღები'].map((n) => page.getByRole('region', { name: n }).boundingBox()),
        );
        assert.ok(a && b && b.y > a.y + a.height - 1, 'the receiver is below the sender');
        await page.setViewportSize({ width: 1000, height: 900 });
        assert.equal(await page.getByTestId('price').isVisible(), true);
      },
      { width: 600, height: 900 },
    );
  });
});
