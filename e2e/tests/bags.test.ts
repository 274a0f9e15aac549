/**
 * Open bags (issue 37) in a real browser: a bag maker scans parcels into a bag on /newbag and the
 * session ends before the seal. Logged in again, the open bags of the office are listed with who opened
 * them; one is resumed, scanned on into and sealed, another cancelled, its parcels then going into a new
 * bag; leaving /newbag with an unsealed bag asks first (the app's dialog), and /bags lists the day's
 * bags on opening and resumes an open one on /newbag. Also: a code scanned before the driver was
 * entered stays in the scan box.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { registerParcels } from '../lib/api.ts';
import { openAs, screenshot, stubPrint, valueIs, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';
import { scannedRows } from '../lib/new-bag.ts';

const journey = useJourney();

const scanBox = (page: Page) => page.locator('input[data-scan-box]');
/** A keyboard-wedge scanner: the code typed 10 ms a character, then Enter. */
async function wedge(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}
const rowsOf = (page: Page, testId?: string) =>
  (testId ? page.getByTestId(testId) : page.locator('body')).locator('tbody tr[data-row-id]');
async function bagName(page: Page): Promise<string> {
  const label = page.getByTestId('bag-name').filter({ hasText: /BG-\d{8}-\d{4}/ });
  await label.waitFor();
  return /BG-\d{8}-\d{4}/.exec(await label.innerText())![0];
}
/** Goes to the bag journal through the menu (an address change inside the app). */
async function menuToJournal(page: Page) {
  const link = page.getByRole('link', { name: 'ტომრების ჟურნალი' });
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'ტომრები', exact: true }).click();
  await link.click();
}
async function seal(page: Page, sealNumber: string) {
  await page.getByRole('dialog').getByLabel('ლუქის ნომერი').fill(sealNumber);
  await page.getByRole('dialog').getByLabel('დეკლარირებული წონა (კგ)').fill('2.5');
  await page.getByRole('button', { name: 'დალუქვა და ეტიკეტის ბეჭდვა' }).click();
}

describe('open bags', () => {
  it('a bag left open is resumed and sealed, another cancelled and its parcels bagged again', async () => {
    const p = await registerParcels(journey.url, 5, { as: 'operator' });
    let bagA = '';
    let bagB = '';
    await withPage(journey.browser, journey.url, 'bag-left-open', async (page) => {
      await openAs(page, 'bagmaker', '/newbag');
      await scanBox(page).focus();
      // scanned before the driver: the message, the focus on the driver, the code kept in the box
      await wedge(page, p[0].Barcode);
      await page.getByRole('alert').filter({ hasText: 'შეიყვანეთ მძღოლის პირადი ნომერი' }).first().waitFor();
      await page.waitForFunction(() => {
        const id = document.activeElement?.id;
        return !!id && (document.querySelector(`label[for="${id}"]`)?.textContent ?? '').includes('მძღოლი');
      });
      await valueIs(page, scanBox(page), p[0].Barcode);
      await page.getByLabel('მძღოლი (პირადი ნომერი)').fill('01024055123');
      await page.getByLabel('მანქანის ნომერი').fill('aa-123-bb');
      await page.getByRole('combobox', { name: 'მიმღები ოფისი' }).click();
      await page.getByRole('option', { name: 'ბათუმის ფილიალი' }).click();
      await scanBox(page).focus();
      await page.keyboard.press('Enter');
      await wedge(page, p[1].Barcode);
      await scannedRows(page, 2);
      bagA = await bagName(page);
      // leaving with the bag unsealed asks first; staying keeps everything
      await menuToJournal(page);
      const ask = page.getByRole('dialog').filter({ hasText: 'ტომარა დალუქული არ არის' });
      await ask.waitFor();
      assert.match(await ask.innerText(), new RegExp(bagA));
      await screenshot(page, 'bag-leave-asks');
      await ask.getByRole('button', { name: 'დარჩენა' }).click();
      await ask.waitFor({ state: 'hidden' });
      assert.match(new URL(page.url()).pathname, /^\/newbag/);
      assert.equal(await bagName(page), bagA);
      // a second bag, also never sealed
      await page.getByRole('button', { name: 'ახალი ოპერაცია' }).click();
      await scanBox(page).focus();
      await wedge(page, p[3].Barcode);
      await wedge(page, p[4].Barcode);
      await scannedRows(page, 2);
      bagB = await bagName(page);
      assert.notEqual(bagB, bagA);
      // the session ends here, before any seal: closing the tab asks first (the browser's question)
      const question = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const asked = await question;
      assert.equal(asked.type(), 'beforeunload');
      const closed = page.waitForEvent('close');
      await asked.accept();
      await closed;
    });

    await withPage(journey.browser, journey.url, 'bag-resumed', async (page) => {
      await stubPrint(page);
      await openAs(page, 'bagmaker', '/newbag');
      await scanBox(page).waitFor();
      // from here on (the login's own navigations aside): no console error, no failed request
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('requestfailed', (r) => problems.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
      const open = page.getByTestId('open-bags');
      await rowsOf(page, 'open-bags').filter({ hasText: bagA }).waitFor();
      await rowsOf(page, 'open-bags').filter({ hasText: bagB }).waitFor();
      await screenshot(page, 'bag-open-list');
      // the same in English
      await page.getByRole('button', { name: /მომხმარებლის მენიუ/ }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await open.getByRole('heading', { name: 'Open bags of my office' }).waitFor();
      await open.getByRole('button', { name: 'Resume' }).waitFor();
      await open.getByText('Opened by').waitFor();
      await screenshot(page, 'bag-open-list-en');
      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'ქართული' }).click();
      await open.getByRole('heading', { name: 'ჩემი ოფისის ღია ტომრები' }).waitFor();
      // resume the first: its two parcels, then a third scanned into it, then sealed
      await rowsOf(page, 'open-bags').filter({ hasText: bagA }).click();
      await open.getByRole('button', { name: 'გაგრძელება' }).click();
      assert.equal(await bagName(page), bagA);
      await scannedRows(page, 2);
      await scanBox(page).focus();
      await wedge(page, p[2].Barcode);
      await scannedRows(page, 3);
      await screenshot(page, 'bag-resumed');
      await page.getByRole('button', { name: 'ტომრის დალუქვა' }).last().click();
      await seal(page, 'SL-37-A');
      await page
        .getByRole('alert')
        .filter({ hasText: `ტომარა ${bagA} დალუქულია` })
        .first()
        .waitFor();
      await page.getByTestId('bag-name').filter({ hasText: bagA }).waitFor({ state: 'detached' });
      // its label prints a second later, and the scan box keeps the focus through it: the next code
      // scanned is not lost in the print frame
      await page.waitForFunction(() => document.body.hasAttribute('data-printed'));
      assert.equal(
        await page.evaluate(() => document.activeElement?.hasAttribute('data-scan-box') ?? false),
        true,
        'the scan box has the focus after the label printed',
      );
      // cancel the second: asked in the app's dialog, its parcels released
      await rowsOf(page, 'open-bags').filter({ hasText: bagB }).click();
      await open.getByRole('button', { name: 'ტომრის გაუქმება' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: `გავაუქმოთ ტომარა ${bagB}?` });
      await confirm.waitFor();
      await screenshot(page, 'bag-cancel-asks');
      await confirm.getByRole('button', { name: 'გაუქმება', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: `ტომარა ${bagB} გაუქმდა, ტომრიდან ამოღებულია 2 ამანათი` })
        .first()
        .waitFor();
      // gone from the open bags (the demo data may hold an open bag of its own, made in the last hour)
      await rowsOf(page, 'open-bags').filter({ hasText: bagB }).waitFor({ state: 'detached' });
      // its parcels go into a new bag (the transport of the bag resumed before stays on the form)
      await page.getByLabel('მანქანის ნომერი').fill('BB-777-CC');
      await scanBox(page).focus();
      await wedge(page, p[3].Barcode);
      await wedge(page, p[4].Barcode);
      await scannedRows(page, 2);
      const bagC = await bagName(page);
      assert.notEqual(bagC, bagB);
      await screenshot(page, 'bag-rebagged');

      // leaving asks; leaving goes: the journal lists the day's bags without pressing Find
      await menuToJournal(page);
      const ask = page.getByRole('dialog').filter({ hasText: 'ტომარა დალუქული არ არის' });
      await ask.getByRole('button', { name: 'გასვლა' }).click();
      await page.waitForURL('**/bags');
      for (const name of [bagA, bagB, bagC]) await rowsOf(page).filter({ hasText: name }).first().waitFor();
      const rowC = rowsOf(page).filter({ hasText: bagC }).first();
      await rowC.click();
      await screenshot(page, 'bags-journal-open');
      // resume the open bag from the journal, on /newbag
      await page.getByRole('button', { name: 'გაგრძელება' }).click();
      await page.waitForURL('**/newbag');
      assert.equal(await bagName(page), bagC);
      await scannedRows(page, 2);
      await page.getByRole('button', { name: 'ტომრის დალუქვა' }).last().click();
      await seal(page, 'SL-37-C');
      await page
        .getByRole('alert')
        .filter({ hasText: `ტომარა ${bagC} დალუქულია` })
        .first()
        .waitFor();
      assert.deepEqual(problems, [], 'no console error and no failed request');
    });
  });
});
