/**
 * The shipper's API keys screen (issue 39) in a real browser: the administrator makes a key for the
 * demo corporate client, sees it once (with its copy button), the key works on /api/v1, the list shows
 * it by its prefix only; revoking asks first and the key stops working at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openAs, screenshot, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();
const CLIENT = 'საპატრულო პოლიცია (კორპორატიული)';

describe('API keys', () => {
  it('creates a key shown once, lists it by its prefix, revokes it after a question', async () => {
    const name = `E2E მაღაზია ${Date.now().toString(36).slice(-5)}`;
    await withPage(journey.browser, journey.url, 'api-keys', async (page) => {
      await openAs(page, 'admin', '/shipper-keys');
      await page.getByRole('heading', { name: 'API გასაღებები', level: 2 }).waitFor();
      const grid = page.getByRole('grid', { name: 'API გასაღებები' });

      await page.getByRole('button', { name: 'ახალი გასაღები' }).click();
      const form = page.getByRole('dialog', { name: 'ახალი API გასაღები' });
      await form.getByRole('combobox', { name: 'კლიენტის ოფისი' }).click();
      await page.getByRole('option', { name: CLIENT, exact: true }).click();
      await form.getByRole('textbox', { name: 'სახელი' }).fill(name);
      await form.getByRole('checkbox', { name: 'გაუქმება' }).check();
      await form.getByRole('button', { name: 'შექმნა' }).click();

      const made = page.getByRole('dialog', { name: 'გასაღები შეიქმნა' });
      await made.getByText('გასაღები მხოლოდ ახლა ჩანს').waitFor();
      const key = await made.getByRole('textbox', { name: 'გასაღები' }).inputValue();
      assert.match(key, /^po_[A-Za-z0-9_-]{43}$/);
      await made.getByRole('button', { name: 'კოპირება' }).waitFor();
      await screenshot(page, 'api-keys-created');

      // the key works on the shipper API
      const list = await fetch(new URL('/api/v1/parcels?limit=1', journey.url), {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(list.status, 200);

      await made.getByRole('button', { name: 'მზადაა' }).click();
      await made.waitFor({ state: 'detached' });
      const row = grid.locator('tbody tr[data-row-id]').filter({ hasText: name });
      await row.waitFor();
      const text = await row.innerText();
      assert.ok(text.includes(key.slice(0, 11)), 'the list shows the prefix');
      assert.ok(!text.includes(key.slice(11, 30)), 'and never the rest of the key');
      assert.match(text, /რეგისტრაცია, ნახვა, გაუქმება/);
      assert.match(text, /მოქმედი/);
      await screenshot(page, 'api-keys-list');

      await row.click();
      await page.getByRole('button', { name: 'გაუქმება', exact: true }).click();
      const question = page.getByRole('dialog').filter({ hasText: name });
      await question.getByRole('button', { name: 'გაუქმება' }).click();
      await row.filter({ hasText: 'გაუქმებული' }).waitFor();
      await screenshot(page, 'api-keys-revoked');

      const after = await fetch(new URL('/api/v1/parcels?limit=1', journey.url), {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(after.status, 401);
    });
  });

  it('the API documentation at /api/docs renders the shipper calls from the local renderer', async () => {
    await withPage(journey.browser, journey.url, 'api-docs', async (page) => {
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') blocked.push(m.text());
      });
      const outside: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(journey.url) && !r.url().startsWith('data:')) outside.push(r.url());
      });
      await page.goto('/api/docs');
      await page.getByRole('heading', { name: /PostOffice back office API/ }).waitFor();
      await page.locator('#operations-tag-shipper').waitFor();
      await page.getByText('/api/v1/parcels/{barcode}/label.pdf').first().waitFor();
      await screenshot(page, 'api-docs');
      assert.deepEqual(outside, [], 'nothing is fetched from outside the server');
      assert.deepEqual(blocked, []);
    });
  });
});
