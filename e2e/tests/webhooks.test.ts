/**
 * The administrator's webhooks screen (issue 39) in a real browser, against a shipper's receiver on
 * loopback: a new subscription for the corporate client's office shows its secret once; the client's
 * next registration arrives at the receiver signed with that secret (the server's own scheduled sender);
 * the delivery log shows the attempt; a test send answers 200; deleting asks first.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { registerParcels } from '../lib/api.ts';
import { openAs, screenshot, withPage } from '../lib/browser.ts';
import { seriousViolations } from '../lib/axe.ts';
import { useJourney } from '../lib/journey.ts';

interface Hook {
  body: string;
  signature: string;
}
const received: Hook[] = [];
let receiver: http.Server | undefined;

const journey = useJourney({
  env: async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['x-postoffice-signature'] ?? ''),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    return { WEBHOOK_ALLOW_PRIVATE: '1', OUTBOX_EVERY_SECONDS: '1' };
  },
  stop: () => new Promise<void>((resolve) => receiver?.close(() => resolve())),
});

const receiverUrl = () => `http://127.0.0.1:${(receiver!.address() as AddressInfo).port}/shop/hooks`;
const CLIENT_OFFICE = 'საპატრულო პოლიცია (კორპორატიული)';

/** The receiver's check of a request (docs/webhooks.md). */
function signedWith(secret: string, hook: Hook): boolean {
  const { t, v1 } = Object.fromEntries(hook.signature.split(',').map((p) => p.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${t}.${hook.body}`).digest();
  const got = Buffer.from(v1 ?? '', 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

async function waitFor<T>(what: string, get: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Makes a subscription through the form; answers the secret the screen shows once. */
async function subscribe(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'ახალი', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'ახალი ვებჰუკი' });
  await form.getByLabel('ოფისი').fill('საპატრულო');
  await page.getByRole('option', { name: CLIENT_OFFICE }).click();
  await form.getByRole('textbox', { name: 'ვებმისამართი' }).fill(receiverUrl());
  assert.equal(await form.getByRole('checkbox', { checked: true }).count(), 6);
  await form.getByRole('button', { name: 'შენახვა' }).click();
  const shown = page.getByRole('dialog', { name: 'ხელმოწერის გასაღები' });
  await shown.getByText('გასაღები ჩანს მხოლოდ ახლა').waitFor();
  const secret = (await shown.locator('pre').innerText()).trim();
  assert.match(secret, /^whsec_[0-9a-f]{48}$/);
  await screenshot(page, 'webhooks-secret');
  await shown.getByRole('button', { name: 'მზადაა' }).click();
  await shown.waitFor({ state: 'detached' });
  return secret;
}

describe('webhooks screen (issue 39)', () => {
  it('subscribes the client, receives its registration signed, logs, tests and deletes', async () => {
    await withPage(journey.browser, journey.url, 'webhooks', async (page) => {
      await openAs(page, 'admin', '/webhooks');
      await page.getByRole('heading', { name: 'ვებჰუკები', level: 2 }).waitFor();
      const secret = await subscribe(page);
      const grid = page.getByRole('grid', { name: 'ვებჰუკები' });
      await grid.getByRole('gridcell', { name: receiverUrl() }).waitFor();

      // the client's registration reaches the receiver, signed with the secret shown
      const [parcel] = await registerParcels(journey.url, 1, { as: 'corporate' });
      const hook = await waitFor('the registration webhook', () =>
        received.find((h) => h.body.includes(parcel.Barcode)),
      );
      assert.ok(signedWith(secret, hook), 'the signature checks with the secret shown once');
      assert.equal(JSON.parse(hook.body).kind, 'registered');

      // the delivery log of the chosen subscription, and a test send
      await grid.getByRole('gridcell', { name: receiverUrl() }).click();
      const log = page.getByRole('grid', { name: 'მიწოდების ჟურნალი' });
      await page.getByRole('button', { name: 'ტესტი' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /მიმღებმა უპასუხა 200/ })
        .first()
        .waitFor();
      await log.getByRole('gridcell', { name: parcel.Barcode }).waitFor();
      await log.getByRole('gridcell', { name: 'ტესტი' }).waitFor();
      assert.ok(received.some((h) => JSON.parse(h.body).kind === 'test' && signedWith(secret, h)));
      await screenshot(page, 'webhooks-screen');
      assert.deepEqual(await seriousViolations(page), [], '/webhooks: axe serious/critical');

      // deleting asks first
      await page.getByRole('button', { name: 'წაშლა' }).click();
      const ask = page.getByRole('dialog').filter({ hasText: 'წავშალოთ ვებჰუკი' });
      await ask.getByRole('button', { name: 'წაშლა' }).click();
      await page.getByRole('alert').filter({ hasText: 'ვებჰუკი წაიშალა' }).first().waitFor();
      await grid.getByRole('gridcell', { name: receiverUrl() }).waitFor({ state: 'detached' });
    });
  });
});
