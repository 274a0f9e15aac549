/**
 * The recipient's tracking page (issue 38) in a real browser: an anonymous visitor on a phone opens
 * /track/{barcode} of a delivered parcel and sees its journey in Georgian (and English after the
 * switch), and none of the parcel's personal data: the sender's and receiver's names, phones, personal
 * codes and addresses are absent from the page's text. An unknown barcode says "not found" only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, apiLogin, registerParcels } from '../lib/api.ts';
import { newPhone, openAs, screenshot, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

const PERSON = {
  SenderName: 'გიორგი თვალთვალაძე',
  SenderPid: '01001099881',
  ReceiverName: 'ნინო მიმღებაშვილი',
  ReceiverPid: '01001099882',
  ReceiverAddres: 'რუსთაველის გამზირი 77',
  ReceiverPhone: '599 77 88 99',
  ReceiverEmail: 'nino.tracking@example.ge',
};

/** A parcel registered with the recipient's contacts, picked up and handed over by the demo courier. */
async function deliveredParcel(): Promise<string> {
  const [p] = await registerParcels(journey.url, 1, { body: () => PERSON });
  const courier = await apiLogin(journey.url, 'courier');
  for (const Status of [8711, 8712]) {
    const { env } = await apiCall<{ Applied: number }>(journey.url, 'POST', 'MobSendJob', {
      ...courier,
      JobId: crypto.randomUUID(),
      Status,
      Comment: Status === 8712 ? 'ჩააბარა პირადად' : '',
      ImageB64:
        Status === 8712
          ? 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
          : '',
      Ji: [{ Gui: crypto.randomUUID(), Barcode: p.Barcode, Stack: false, Number: 1 }],
    } as never);
    assert.equal(env?.Data.Applied, 1, env?.Error ?? JSON.stringify(env?.Data));
  }
  return p.Barcode;
}

describe('the tracking page (issue 38)', () => {
  it('an anonymous visitor sees the journey of a delivered parcel and no personal data', async () => {
    const barcode = await deliveredParcel();
    const { context, page } = await newPhone(journey.browser, journey.url);
    try {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(`/track/${barcode}`);
      await page.getByRole('heading', { name: barcode }).waitFor();
      const card = page.getByRole('region', { name: barcode });
      await card.getByText('ჩაბარებულია', { exact: true }).first().waitFor();
      const text = await page.locator('body').innerText();
      assert.match(text, /რეგისტრირებულია ფილიალში/);
      assert.match(text, /კურიერთანაა/);
      assert.match(text, /საიდან/);
      assert.match(text, /თბილისი/);
      assert.match(text, /ნ\. მ\./); // the recipient's initials, nothing more
      for (const v of [
        'გიორგი',
        'თვალთვალაძე',
        'ნინო',
        'მიმღებაშვილი',
        '01001099881',
        '01001099882',
        'რუსთაველის',
        '599',
        'nino.tracking',
        'courier',
      ])
        assert.ok(!text.includes(v), `the page shows "${v}"`);
      // no back-office code: only the tracking page's own entry
      assert.ok(
        scripts.length > 0 && scripts.every((s) => !/\/index-|\/app-|mantine|react/i.test(s)),
        scripts.join(),
      );
      await screenshot(page, 'tracking-delivered-ka');

      await page.getByRole('button', { name: 'English' }).click();
      await card.getByText('Delivered', { exact: true }).first().waitFor();
      assert.match(await page.locator('body').innerText(), /Out with the courier/);
      await screenshot(page, 'tracking-delivered-en');
      await page.getByRole('button', { name: 'ქართული' }).click();

      // another barcode from the box: an unknown one says "not found" and nothing more
      await page.getByLabel('შტრიხკოდი').fill('PO000000000');
      await page.getByRole('button', { name: 'მოძებნა' }).click();
      await page.getByRole('alert').filter({ hasText: 'ამანათი ვერ მოიძებნა' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/track/PO000000000');
    } finally {
      await context.close();
    }
  });

  it('the administrator sees the notifications of a parcel and sends one again', async () => {
    const barcode = await deliveredParcel();
    await withPage(journey.browser, journey.url, 'notifications-admin', async (page) => {
      await openAs(page, 'admin', '/notifications');
      await page.getByRole('heading', { name: 'მიმღების შეტყობინებები' }).first().waitFor();
      await page.getByRole('textbox', { name: 'შტრიხკოდი' }).first().fill(barcode);
      // registered, picked up, delivered: by e-mail and by SMS each
      await page.waitForFunction(
        () => document.body.innerText.split('nino.tracking@example.ge').length - 1 === 3,
        undefined,
        { timeout: 30_000 },
      );
      // the channels are not configured in the journey's server: the sender records each message as not
      // sent, in Georgian. It may not have reached them when the list was read: refresh until it has.
      const notSent = 'არ გაიგზავნა: არხი არ არის გამართული';
      const until = Date.now() + 30_000;
      while (!(await page.locator('main').innerText()).includes(notSent) && Date.now() < until) {
        await page.getByRole('button', { name: 'განახლება' }).click();
        await page
          .waitForFunction((t) => document.body.innerText.includes(t), notSent, { timeout: 1_000 })
          .catch(() => undefined);
      }
      const text = await page.locator('main').innerText();
      assert.match(text, new RegExp(notSent));
      for (const kind of ['რეგისტრირებულია', 'კურიერთანაა', 'ჩაბარებულია'])
        assert.match(text, new RegExp(kind));
      await screenshot(page, 'notifications-admin');
      await page.getByText('nino.tracking@example.ge').first().click();
      await page.getByRole('button', { name: 'ხელახლა გაგზავნა' }).click();
      await page.getByRole('alert').filter({ hasText: 'ხელახლა გაიგზავნება' }).first().waitFor();
    });
  });
});
