/**
 * A counter clerk's day on /registration (issue 37): parcels typed one after the other from the keyboard
 * alone, number fields that take numbers only, every missing field shown at once, a long name cut with a
 * word, Enter and Shift+Enter in the description. Each journey failed before its fix.
 *
 * Screenshots land in .e2e-artifacts/registration-*.png. Set E2E_WEB_DIST to test a web build other than
 * apps/web/dist.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ARTIFACTS, openAs, screenshot, stubPrint, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

const sections = (page: Page) => ({
  sender: page.getByRole('region', { name: 'გამგზავნი' }),
  receiver: page.getByRole('region', { name: 'მიმღები' }),
  parcel: page.getByRole('region', { name: 'ამანათის მონაცემები' }),
});
const registerButton = (page: Page) => page.getByRole('button', { name: 'რეგისტრაცია', exact: true });
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const focusIs = (page: Page, id: string) =>
  page.waitForFunction((want) => document.activeElement?.id === want, id);

/** The text of an input's error message (Mantine links it with aria-describedby). */
async function fieldError(input: Locator): Promise<string> {
  return input.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id))
      .filter((n) => n?.className.includes('error'))
      .map((n) => n!.textContent ?? '')
      .join(' ');
  });
}

/** What the clerk types into a field when the focus reaches it (by the field's id). */
const PARCEL_KEYS: Record<string, string> = {
  'sender-pid': '01001012345',
  'sender-city': 'თბილ',
  'sender-address': 'წერეთლის გამზ 116',
  'receiver-pid': '01001023456',
  'receiver-city': 'ბათუ',
  'receiver-address': 'ჭავჭავაძის ქ 51',
  'parcel-weight': '1.5',
};

/** The focused element, as "id" and whether its drop-down list is open. */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return `${a?.id || a?.tagName}|${a?.getAttribute('aria-expanded') ?? ''}|${(a as HTMLInputElement)?.value ?? ''}`;
  });

/**
 * Types one parcel from the sender's personal code to the Register button with nothing but the keyboard:
 * the typed fields of PARCEL_KEYS, Enter everywhere, Enter on Register. Answers the fields visited.
 */
async function typeParcel(page: Page): Promise<string[]> {
  const visited: string[] = [];
  const typed = new Set<string>();
  for (let step = 0; step < 80; step++) {
    const id = await activeId(page);
    visited.push(id);
    const isRegister = await page.evaluate(
      () =>
        document.activeElement?.textContent === 'რეგისტრაცია' && document.activeElement.tagName === 'BUTTON',
    );
    if (isRegister) {
      await page.keyboard.press('Enter');
      return visited;
    }
    const text = PARCEL_KEYS[id];
    if (text && !typed.has(id)) {
      typed.add(id);
      await page.keyboard.type(text);
    }
    const before = await focusState(page);
    await page.keyboard.press('Enter');
    // the code check asks the registry before it moves on; a list closes or the focus moves
    await page.waitForFunction((b) => {
      const a = document.activeElement as HTMLElement | null;
      const now = `${a?.id || a?.tagName}|${a?.getAttribute('aria-expanded') ?? ''}|${(a as HTMLInputElement)?.value ?? ''}`;
      return now !== b;
    }, before);
  }
  assert.fail(`Enter never reached the Register button: ${visited.join(' → ')}`);
}

describe('registration at the counter (issue 37)', () => {
  it('registers three parcels in a row without the mouse: after each print the focus is back in the sender’s code', async () => {
    await withPage(journey.browser, journey.url, 'registration-keyboard', async (page) => {
      await openAs(page, 'operator', '/registration');
      await stubPrint(page);
      const { receiver } = sections(page);
      const barcodes = new Set<string>();
      for (let n = 1; n <= 3; n++) {
        await focusIs(page, 'sender-pid');
        const printed = await page.locator('body').getAttribute('data-printed');
        const visited = await typeParcel(page);
        // registered, printed (1.5 s later), reset: the next parcel starts in the sender's code
        const last = page.getByRole('button', { name: /ბოლო ბარათი: PO\d{9}/ });
        await page
          .waitForFunction((before) => document.body.getAttribute('data-printed') !== before, printed, {
            timeout: 20_000,
          })
          .catch((err: Error) => {
            throw new Error(`parcel ${n} not printed after ${visited.join(' → ')}: ${err.message}`);
          });
        await page.waitForFunction(
          () => !document.querySelector('[data-testid="barcode"]')?.getAttribute('value'),
        );
        await focusIs(page, 'sender-pid');
        assert.equal(await receiver.getByLabel('სახელი', { exact: true }).inputValue(), '');
        barcodes.add((await last.innerText()).replace(/.*: /, ''));
        assert.equal(barcodes.size, n, `parcel ${n} registered (${visited.join(' → ')})`);
        if (n === 1) await screenshot(page, 'registration-keyboard-after-print');
      }
    });
  });

  it('puts the focus back in the sender’s code when the card popup closes (auto-print off)', async () => {
    await withPage(journey.browser, journey.url, 'registration-popup-focus', async (page) => {
      await openAs(page, 'operator', '/registration');
      await sections(page).parcel.getByLabel('ავტომატური ბეჭდვა').uncheck();
      await page.locator('#sender-pid').focus();
      await typeParcel(page);
      const popup = page.getByRole('dialog', { name: 'ამანათი დარეგისტრირდა' });
      await popup.getByTestId('info-barcode').waitFor();
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
      await focusIs(page, 'sender-pid');
      // and it stays there: nothing takes it back once the popup has gone
      await page.waitForFunction(
        () => (document.getElementById('sender-office') as HTMLInputElement | null)?.value !== '',
      );
      assert.equal(await activeId(page), 'sender-pid');
    });
  });

  it('takes numbers only in the number fields, within the contract’s limits, and says why beside the field', async () => {
    await withPage(
      journey.browser,
      journey.url,
      'registration-numbers',
      async (page) => {
        await openAs(page, 'operator', '/registration');
        const { parcel } = sections(page);
        const weight = parcel.getByLabel('წონა (კგ)');
        const packages = parcel.getByLabel('შეფუთვების რაოდენობა');
        const height = parcel.getByLabel('სიმაღლე (სმ)');

        // letters never enter the weight
        await weight.fill('1.5');
        await weight.pressSequentially('kg');
        assert.equal(await weight.inputValue(), '1.5');
        assert.match(await fieldError(weight), /შეიყვანეთ რიცხვი/);

        // an 11-digit weight stops at the limit, with the limit named
        await weight.fill('');
        await weight.pressSequentially('12345678901');
        assert.equal(await weight.inputValue(), '123');
        assert.match(await fieldError(weight), /წონა არ შეიძლება აღემატებოდეს 500 კგ-ს/);
        await weight.fill('1.55');
        assert.equal(await weight.inputValue(), '123');
        assert.match(await fieldError(weight), /ბიჯით 0.1/);

        // a negative or broken package count is refused
        await packages.fill('-5');
        assert.equal(await packages.inputValue(), '1');
        assert.match(await fieldError(packages), /არ შეიძლება იყოს უარყოფითი/);
        await packages.fill('2.5');
        assert.equal(await packages.inputValue(), '1');
        assert.match(await fieldError(packages), /შეიყვანეთ მთელი რიცხვი/);
        await packages.fill('101');
        assert.equal(await packages.inputValue(), '1');
        assert.match(await fieldError(packages), /არ შეიძლება აღემატებოდეს 100-ს/);
        await packages.fill('3');
        assert.equal(await fieldError(packages), '', 'a good value clears the message');

        await height.fill('301');
        assert.equal(await height.inputValue(), '0');
        assert.match(await fieldError(height), /არ შეიძლება აღემატებოდეს 300 სმ-ს/);
        await parcel.screenshot({ path: await artifact('registration-numbers') });
      },
      // tall enough for the whole parcel block above the action bar in the screenshot
      { width: 1366, height: 1400 },
    );
  });

  it('shows every field in error at once on an empty registration, the first one focused', async () => {
    await withPage(journey.browser, journey.url, 'registration-empty', async (page) => {
      await openAs(page, 'operator', '/registration');
      const { sender, receiver } = sections(page);
      await registerButton(page).click();
      await focusIs(page, 'sender-pid');
      const expected: Array<[Locator, RegExp]> = [
        [sender.getByLabel('პირადი ნომერი / საიდ. კოდი'), /შეიყვანეთ საიდენტიფიკაციო კოდი/],
        [sender.getByLabel('სახელი', { exact: true }), /შეიყვანეთ გამგზავნის სახელი/],
        [sender.getByLabel('მისამართი', { exact: true }), /გამგზავნის მისამართი არასრულია/],
        [receiver.getByLabel('სახელი', { exact: true }), /შეიყვანეთ მიმღების სახელი/],
        [receiver.getByLabel('მისამართი', { exact: true }), /მიმღების მისამართი არასრულია/],
      ];
      for (const [input, message] of expected) assert.match(await fieldError(input), message);
      await screenshot(page, 'registration-empty');

      // fixing a field clears its own message only
      await sender.getByLabel('სახელი', { exact: true }).fill('ნინო გელაშვილი');
      assert.equal(await fieldError(sender.getByLabel('სახელი', { exact: true })), '');
      assert.match(await fieldError(receiver.getByLabel('სახელი', { exact: true })), /მიმღების სახელი/);
    });
  });

  it('says so beside the field when a 5,000-character name is cut to 200', async () => {
    await withPage(journey.browser, journey.url, 'registration-long-name', async (page) => {
      await openAs(page, 'operator', '/registration');
      const name = sections(page).receiver.getByLabel('სახელი', { exact: true });
      await name.fill('ა'.repeat(5000));
      assert.equal((await name.inputValue()).length, 200);
      assert.match(await fieldError(name), /შემოკლდა 200 სიმბოლომდე/);
      assert.match(await fieldError(name), /5000/);
      await screenshot(page, 'registration-long-name');
      await name.fill('დავით მაისურაძე');
      assert.equal(await fieldError(name), '');
    });
  });

  it('moves on with Enter in the description and breaks the line with Shift+Enter', async () => {
    await withPage(journey.browser, journey.url, 'registration-description', async (page) => {
      await openAs(page, 'operator', '/registration');
      const description = sections(page).parcel.getByLabel('აღწერა');
      await description.focus();
      await page.keyboard.type('ორი წიგნი');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('ერთი ჟურნალი');
      await page.keyboard.press('Enter');
      assert.equal(await description.inputValue(), 'ორი წიგნი\nერთი ჟურნალი');
      assert.notEqual(await activeId(page), await description.getAttribute('id'), 'Enter moved on');
      // the parcel type is a pick-only list, not an Enter stop: the package count comes next
      assert.equal(await activeId(page), 'parcel-packages');
    });
  });
});

/** The path of a screenshot of part of a page in .e2e-artifacts. */
async function artifact(name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `${name}.png`);
}
