/**
 * What a counter clerk and an administrator trip over (issue 18): one journey per point, each failing
 * before its fix. Registration and the card, the grids and administration, the shell.
 *
 * Screenshots land in .e2e-artifacts/ux-*.png. Set E2E_WEB_DIST to test a web build other than
 * apps/web/dist.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { registerParcels } from '../lib/api.ts';
import { ARTIFACTS, openAs, screenshot, signIn, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

interface Sections {
  sender: Locator;
  receiver: Locator;
  parcel: Locator;
}
const sections = (page: Page): Sections => ({
  sender: page.getByRole('region', { name: 'გამგზავნი' }),
  receiver: page.getByRole('region', { name: 'მიმღები' }),
  parcel: page.getByRole('region', { name: 'ამანათის მონაცემები' }),
});
const registerButton = (page: Page) => page.getByRole('button', { name: 'რეგისტრაცია', exact: true });

async function pickCity(page: Page, section: Locator, city: string) {
  await section.getByLabel('ქალაქი / რაიონი', { exact: true }).click();
  await page.getByRole('option', { name: city, exact: true }).click();
}

/** A complete parcel from Tbilisi to Batumi (1.5 kg, paid by the sender), typed into /registration. */
async function fillForm(page: Page): Promise<Sections> {
  await page.goto('/registration');
  const s = sections(page);
  await s.sender.getByLabel('პირადი ნომერი / საიდ. კოდი').fill('01001012345');
  await s.sender.getByLabel('სახელი', { exact: true }).fill('ნინო გელაშვილი');
  await s.sender.getByLabel('მისამართი', { exact: true }).fill('წერეთლის გამზ 116');
  await pickCity(page, s.sender, 'თბილისი');
  await s.receiver.getByLabel('სახელი', { exact: true }).fill('დავით მაისურაძე');
  await s.receiver.getByLabel('მისამართი', { exact: true }).fill('ჭავჭავაძის ქ 51');
  await pickCity(page, s.receiver, 'ბათუმი');
  await s.parcel.getByLabel('წონა (კგ)').fill('1.5');
  return s;
}

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

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('registration and the card (issue 18)', () => {
  it('prints the full postal address on the card: city, village, address, index, the city never twice', async () => {
    // a sender in a village of Tbilisi
    const [parcel] = await registerParcels(journey.url, 1, {
      body: () => ({
        SenderAddres: 'ჭავჭავაძის გამზ 12 ბ5 ა',
        SenderPostCode: '0114',
        SenderVillageID: 1000,
        ReceiverAddres: 'ზღვის ქ 3',
        Weight: 1.5,
      }),
    });
    await withPage(journey.browser, journey.url, 'ux-card', async (page) => {
      await openAs(page, 'operator');
      await page.evaluate((p) => sessionStorage.setItem('po.registration.last', JSON.stringify(p)), parcel);
      await page.goto('/registration');
      await page.getByRole('button', { name: new RegExp(String(parcel.Barcode)) }).click();
      const card = page
        .getByRole('dialog', { name: 'ამანათი დარეგისტრირდა' })
        .getByTestId('notification-card');
      await card.locator('img').first().waitFor();
      const text = await card.innerText();
      assert.ok(text.includes('თბილისი, წყნეთი, ჭავჭავაძის გამზ 12 ბ5 ა, 0114'), text);
      assert.ok(text.includes('ბათუმი, ზღვის ქ 3, 6000'), text);
      await card.screenshot({ path: await artifact('ux-card') });
    });

    // A corporate sender's office address names its city already: the form's line does not repeat it.
    await withPage(journey.browser, journey.url, 'ux-card-corporate', async (page) => {
      await openAs(page, 'corporate', '/registration');
      await page.waitForFunction(
        () => (document.getElementById('sender-postCode') as HTMLInputElement | null)?.value === '0100',
      );
      const line = await page.getByTestId('sender-full-address').innerText();
      assert.match(line, /: თბილისი, გიორგი გულუას ქ 10, 0100$/, line);
    });
  });

  it('never rewrites a number silently, and refuses a parcel whose number breaks a rule, with a message', async () => {
    // what a number field refuses to take at all (letters, negatives, values above the limits) is the
    // journey of registration.test.ts; here, values on their way to a good one stay as typed
    await withPage(journey.browser, journey.url, 'ux-numbers', async (page) => {
      await signIn(page, 'operator');
      const { parcel } = await fillForm(page);
      const weight = parcel.getByLabel('წონა (კგ)');
      const packages = parcel.getByLabel('შეფუთვების რაოდენობა');
      const cases: Array<[Locator, string, RegExp]> = [
        [weight, '0.1', /მინიმუმ 0.2 კგ/],
        [weight, '0', /მინიმუმ 0.2 კგ/],
        [weight, '', /შეიყვანეთ რიცხვი/],
        [packages, '', /შეიყვანეთ რიცხვი/],
      ];
      for (const [input, typed, message] of cases) {
        await input.fill(typed);
        await input.blur();
        assert.equal(await input.inputValue(), typed, `"${typed}" stays as typed`);
        assert.match(await fieldError(input), message, `"${typed}" is explained`);
        await registerButton(page).click();
        await page.locator('.mantine-Notification-root').getByText(message).first().waitFor();
        assert.equal(
          await page.getByTestId('price').getByText('—').count(),
          1,
          'no price for a broken number',
        );
        await input.fill(input === weight ? '1.5' : '1');
      }
      await screenshot(page, 'ux-numbers');
    });
  });

  it('checks the sender’s personal code with its own message, not the driver’s', async () => {
    await withPage(journey.browser, journey.url, 'ux-pid', async (page) => {
      await openAs(page, 'operator', '/registration');
      const { sender } = sections(page);
      await sender.getByLabel('პირადი ნომერი / საიდ. კოდი').fill('12ab');
      await sender.getByRole('button', { name: /შემოწმება/ }).click();
      await page.getByText('პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან').waitFor();
      assert.equal(await page.getByText(/მძღოლის/).count(), 0);
    });
  });

  it('resets a section only after a confirmation, with the address book’s choice, and one pick fills it again', async () => {
    await withPage(journey.browser, journey.url, 'ux-book', async (page) => {
      await signIn(page, 'operator');
      const { sender } = await fillForm(page);
      await sender.getByRole('button', { name: 'გამგზავნი: დამატება' }).click();
      await page.getByText('ჩაიწერა').first().waitFor();
      const book = sender.getByLabel('გამგზავნი: მისამართების წიგნი');
      await book.click();
      await page.getByRole('option', { name: /ნინო გელაშვილი/ }).click();

      // the headings are not Tab stops: Tab from the page's first field never lands on one
      const heading = page.getByRole('heading', { name: 'გამგზავნი', exact: true });
      assert.equal(await heading.evaluate((h) => h.tabIndex < 0 && !h.closest('button, a')), true);

      await heading.click();
      const confirm = page.getByRole('dialog', { name: /გასუფთავება/ });
      await confirm.getByRole('button', { name: 'გასუფთავება' }).click();
      await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
      assert.equal(await sender.getByLabel('სახელი', { exact: true }).inputValue(), '');
      assert.equal(await book.inputValue(), '', 'the book’s choice is cleared with the section');

      // one pick brings the entry back
      await book.click();
      await page.getByRole('option', { name: /ნინო გელაშვილი/ }).click();
      assert.equal(await sender.getByLabel('სახელი', { exact: true }).inputValue(), 'ნინო გელაშვილი');
      assert.equal(await sender.getByLabel('მისამართი', { exact: true }).inputValue(), 'წერეთლის გამზ 116');
    });
  });

  it('wraps a 500-character address instead of scrolling the page sideways', async () => {
    await withPage(journey.browser, journey.url, 'ux-wrap', async (page) => {
      await openAs(page, 'operator', '/registration');
      const { sender } = sections(page);
      await sender.getByLabel('მისამართი', { exact: true }).fill('ა'.repeat(500));
      await pickCity(page, sender, 'თბილისი');
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      assert.ok(scroll <= client, `page ${scroll} px wide in a ${client} px window`);
    });
  });

  it('works from the keyboard: focus in the first field, Enter checks the code and moves on, the price follows, Register stays in view at 1366x768', async () => {
    await withPage(
      journey.browser,
      journey.url,
      'ux-keyboard',
      async (page) => {
        await openAs(page, 'operator', '/registration');
        await page.waitForFunction(() => document.activeElement?.id === 'sender-pid');
        await page.keyboard.type('01001012345');
        await page.keyboard.press('Enter');
        await page.getByText('პირადი ნომერი 01001012345 მოიძებნა: ნინო გელაშვილი').waitFor();
        await page.waitForFunction(() => document.activeElement?.id === 'sender-name');
        assert.equal(await page.locator('#sender-name').inputValue(), 'ნინო გელაშვილი');
        await page.keyboard.press('Enter');
        assert.equal(await activeId(page), 'sender-office', 'Enter moves field to field');

        const { sender, receiver, parcel } = sections(page);
        await sender.getByLabel('მისამართი', { exact: true }).fill('წერეთლის გამზ 116');
        await pickCity(page, sender, 'თბილისი');
        await receiver.getByLabel('სახელი', { exact: true }).fill('დავით მაისურაძე');
        await receiver.getByLabel('მისამართი', { exact: true }).fill('ჭავჭავაძის ქ 51');
        await pickCity(page, receiver, 'ბათუმი');
        await parcel.getByLabel('წონა (კგ)').fill('1.5');
        // no button: the price follows the fields
        await page
          .getByTestId('price')
          .getByText(/14[.,]50/)
          .waitFor();
        await parcel.getByLabel('წონა (კგ)').fill('3');
        await page
          .getByTestId('price')
          .getByText(/19[.,]00/)
          .waitFor();

        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await registerButton(page).boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= 768, `Register at ${JSON.stringify(box)}`);
        await screenshot(page, 'ux-registration-1366x768');
        await page.screenshot({ path: await artifact('ux-registration-1366x768-viewport') });
      },
      { width: 1366, height: 768 },
    );
  });

  it('registers one parcel per submission, however many clicks arrive in one tick', async () => {
    await withPage(journey.browser, journey.url, 'ux-once', async (page) => {
      await signIn(page, 'operator');
      const { parcel } = await fillForm(page);
      await parcel.getByLabel('ავტომატური ბეჭდვა').uncheck();
      let calls = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/Registration')) calls += 1;
      });
      await registerButton(page).evaluate((b) => {
        (b as HTMLButtonElement).click();
        (b as HTMLButtonElement).click();
        (b as HTMLButtonElement).click();
      });
      // the clicks all land before the first answer: by the time the popup shows, every request went out
      await page.getByRole('dialog', { name: 'ამანათი დარეგისტრირდა' }).waitFor();
      assert.equal(calls, 1);
    });
  });
});

async function artifact(name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `${name}.png`);
}
