/**
 * Proof of delivery in the office (issue 40), in a real browser:
 * - a courier's handover with two photos (JPEG drawn on a canvas, sent through the API as the phone
 *   sends them, then resent with the same JobId): the finder shows the photos once each beside the
 *   signature, opens one large with zoom, and the detailed report prints them;
 * - the proof rules screen under reference data: an administrator adds "nobody home needs a photo",
 *   and the server then refuses such a status change without a photo with the rule's message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiCall, apiLogin, registerParcels } from '../lib/api.ts';
import { drawnSignature } from '../lib/handover.ts';
import { openAs, screenshot, stubPrint, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

/** A JPEG "photo of the door" drawn on a canvas in the page (as the phone's camera would give). */
function doorPhoto(page: Page, hue: number): Promise<string> {
  return page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const c = canvas.getContext('2d')!;
    c.fillStyle = `hsl(${h}, 35%, 70%)`;
    c.fillRect(0, 0, 800, 600);
    c.fillStyle = `hsl(${h + 30}, 45%, 35%)`;
    c.fillRect(280, 120, 240, 440);
    c.fillStyle = '#e8c547';
    c.beginPath();
    c.arc(490, 350, 14, 0, Math.PI * 2);
    c.fill();
    c.fillStyle = '#fff';
    c.font = 'bold 48px sans-serif';
    c.fillText('12', 375, 90);
    return canvas.toDataURL('image/jpeg', 0.85);
  }, hue);
}

interface Photo {
  Hash: string;
  Url: string;
}

describe('proof photos in the finder', () => {
  it('shows a handover’s photos once beside the signature, large with zoom, and prints them', async () => {
    const [parcel] = await registerParcels(journey.url, 1, { as: 'operator' });
    await withPage(journey.browser, journey.url, 'proof-finder', async (page) => {
      await page.goto('/login-form');
      const photos = [await doorPhoto(page, 20), await doorPhoto(page, 200)];
      const courier = await apiLogin(journey.url, 'courier');
      const send = (body: Record<string, unknown>) =>
        apiCall<{ Applied: number; Repeated: boolean }>(journey.url, 'POST', 'MobSendJob', {
          Comment: '',
          ImageB64: '',
          Ji: [{ Gui: crypto.randomUUID(), Barcode: parcel!.Barcode, Stack: false, Number: 1 }],
          ...body,
          ...courier,
        });
      const pickup = await send({ JobId: crypto.randomUUID(), Status: 8711 });
      assert.equal(pickup.env?.Data.Applied, 1, pickup.env?.Error);
      const handover = {
        JobId: crypto.randomUUID(),
        Status: 8712,
        Comment: 'ჩაბარდა კარის წინ, ფოტო გადავიღე',
        ImageB64: await drawnSignature(page),
        Photos: photos,
      };
      const first = await send(handover);
      assert.equal(first.env?.Data.Applied, 1, first.env?.Error);
      // the phone lost the answer and sends the job again: stored once
      const again = await send(handover);
      assert.equal(again.env?.Data.Repeated, true);
      const listed = await api<Photo[]>(
        journey.url,
        'GET',
        'GetParcelPhotos',
        { gui: parcel!.GUID },
        'admin',
      );
      assert.equal(listed.length, 2, 'two photos, once each');

      await openAs(page, 'operator', '/parfinder');
      const form = page.getByRole('form', { name: 'ძებნის ფილტრი' });
      await form.waitFor();
      await form.getByLabel('შტრიხკოდი', { exact: true }).fill(parcel!.Barcode);
      await form.getByRole('button', { name: 'ძებნა' }).click();
      const row = page
        .locator('[role=grid][aria-label="ნაპოვნი ამანათები"] tbody tr[data-row-id]')
        .filter({ hasText: parcel!.Barcode });
      await row.waitFor();
      await row.locator('td').nth(3).click();
      await page.getByTestId('signature-image').waitFor();
      const gallery = page.getByTestId('photo-gallery');
      await gallery.getByText('ფოტოები (2)').waitFor();
      const thumbs = gallery.getByTestId('photo-thumb');
      assert.equal(await thumbs.count(), 2);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid=photo-thumb]')].every(
          (i) => i.complete && i.naturalWidth === 800,
        ),
      );
      await screenshot(page, 'proof-finder-gallery');

      // large, with zoom
      await page.getByRole('button', { name: 'ფოტო 2-ის გახსნა' }).click();
      const dialog = page.getByRole('dialog', { name: 'ფოტო 2 / 2' });
      const large = dialog.getByTestId('photo-large');
      await large.waitFor();
      await page.waitForFunction(
        () =>
          (document.querySelector<HTMLImageElement>('[data-testid=photo-large]')?.naturalWidth ?? 0) === 800,
      );
      const before = (await large.boundingBox())!.width;
      await dialog.getByRole('button', { name: 'გადიდება' }).click();
      await dialog.getByTestId('photo-zoom').filter({ hasText: '150%' }).waitFor();
      const after = (await large.boundingBox())!.width;
      assert.ok(after > before * 1.4, `zoomed from ${before} to ${after} px`);
      await dialog.getByText(/ჩაბარებულია, .+, გიორგი ბერიძე/).waitFor();
      await screenshot(page, 'proof-finder-zoom');
      await dialog.getByRole('button', { name: 'წინა ფოტო' }).click();
      await page.getByRole('dialog', { name: 'ფოტო 1 / 2' }).waitFor();
      await page.keyboard.press('Escape');
      await large.waitFor({ state: 'detached' });

      // the detailed report prints both photos
      await stubPrint(page);
      await page.getByRole('button', { name: 'ამანათის ბეჭდვა', exact: true }).click();
      await page.locator('body[data-printed]').waitFor();
      const printed = await page
        .locator('iframe[data-print-frame]')
        .last()
        .evaluate((f) =>
          [
            ...(f as HTMLIFrameElement).contentDocument!.querySelectorAll<HTMLImageElement>(
              '[data-testid=report-photos] img',
            ),
          ].map((i) => ({ src: i.src.slice(0, 23), w: i.naturalWidth })),
        );
      assert.deepEqual(
        printed.map((p) => p.src),
        ['data:image/jpeg;base64,', 'data:image/jpeg;base64,'],
      );
      assert.ok(
        printed.every((p) => p.w === 800),
        JSON.stringify(printed),
      );
    });
  });
});

describe('proof rules screen', () => {
  it('an administrator adds a rule; the server then refuses a status change without a photo', async () => {
    const statuses = await api<{ Regions: Array<{ ID: number; Name: string }> }>(
      journey.url,
      'GET',
      'PostGetRegion',
      { Rid: 10 },
      'admin',
    );
    const reason = statuses.Regions.find((s) => s.ID === 8722)!.Name;
    const message = 'არავინ დახვდა: გადაუღეთ ფოტო კარს';
    await withPage(journey.browser, journey.url, 'proof-rules', async (page) => {
      await openAs(page, 'admin', '/proof-rules');
      await page.getByRole('heading', { name: 'მტკიცებულების წესები', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'დამატება' }).click();
      const form = page.getByRole('dialog', { name: 'მტკიცებულების წესი' });
      await form.waitFor();
      const pick = async (label: string, option: string) => {
        await form.getByRole('combobox', { name: label }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await pick('ოპერაცია', 'სტატუსის შეცვლა');
      await pick('მიზეზი', reason);
      // neither the signature nor a photo: refused at the field
      await form.getByRole('checkbox', { name: 'ფოტო' }).uncheck();
      await form.getByRole('textbox', { name: 'შეტყობინება' }).first().fill(message);
      await form.getByRole('button', { name: 'შენახვა' }).click();
      await form.getByText('წესმა უნდა მოითხოვოს ხელმოწერა, ფოტო ან ორივე').waitFor();
      await form.getByRole('checkbox', { name: 'ფოტო' }).check();
      await form.getByRole('button', { name: 'შენახვა' }).click();
      await form.waitFor({ state: 'detached' });
      const grid = page.getByRole('grid', { name: 'მტკიცებულების წესები' });
      await grid.getByRole('row').filter({ hasText: message }).waitFor();
      await screenshot(page, 'proof-rules');
    });

    const [parcel] = await registerParcels(journey.url, 1, { as: 'operator' });
    const courier = await apiLogin(journey.url, 'courier');
    const job = (Status: number, Comment = '') =>
      apiCall(journey.url, 'POST', 'MobSendJob', {
        ...courier,
        JobId: crypto.randomUUID(),
        Status,
        Comment,
        ImageB64: '',
        Ji: [{ Gui: crypto.randomUUID(), Barcode: parcel!.Barcode, Stack: false, Number: 1 }],
      });
    assert.equal((await job(8711)).env?.Status, true);
    const refused = await job(8722, 'არავინ დახვდა სახლში');
    assert.equal(refused.env?.Status, false);
    assert.equal(refused.env?.Error, message);
  });
});
