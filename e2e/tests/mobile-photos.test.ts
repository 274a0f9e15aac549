/**
 * Proof photos from the courier's phone (issue 40) on a 390x844 touch viewport with Chromium's fake
 * camera: a handover takes a photo with the rear camera (and one from the gallery, removed again), goes
 * offline, reloads (the photo is kept with the unsent job in IndexedDB), sends without a network,
 * reloads again, and the job goes once when the network returns; the office then finds the one photo.
 * A status whose rule requires a photo is refused on the phone without one (and by the server); with a
 * large gallery picture carrying EXIF it goes, and the photo sent is a JPEG of at most 1600 px and
 * about 300 KB without the EXIF.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Page, Request } from 'playwright-core';
import { api, apiCall, apiLogin, registerParcels } from '../lib/api.ts';
import { launchBrowser, openAs, screenshot, storedSession, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';
import {
  pickUp,
  rows,
  scan,
  scanInput,
  statusJournal,
  toast,
  waitForOfflineShell,
  withPhone,
} from '../lib/phone.ts';

const journey = useJourney();
/** the status change's reason "nobody home" */
const NOBODY_HOME = 8718;

/** The fake camera (a moving test card) and its permission granted without a prompt. */
const CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * A large photo as a phone's camera app saves it: a 4000x3000 JPEG (a gradient under coloured shapes
 * and grain) with an EXIF block in front (orientation, camera make and a place name).
 */
async function cameraJpeg(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const shapes = Array.from({ length: 400 }, () => [
      Math.floor(rnd() * 360),
      rnd() * 4000,
      rnd() * 3000,
      40 + rnd() * 400,
      40 + rnd() * 300,
    ]);
    const b64 = await page.evaluate(async (shapes) => {
      const c = document.createElement('canvas');
      c.width = 4000;
      c.height = 3000;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, 4000, 3000);
      grad.addColorStop(0, '#6b8fb5');
      grad.addColorStop(1, '#d9b38c');
      g.fillStyle = grad;
      g.fillRect(0, 0, 4000, 3000);
      for (const [hue, x, y, w, h] of shapes) {
        g.fillStyle = `hsl(${hue} 60% 50%)`;
        g.fillRect(x, y, w, h);
      }
      // grain from a fixed xorshift stream, written out (the page runs this code as it is written)
      const img = g.getImageData(0, 0, 4000, 3000);
      let seed = 2463534242;
      for (let i = 0; i < img.data.length; i += 4) {
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        const n = ((seed >>> 0) / 4294967296 - 0.5) * 40;
        img.data[i] += n;
        img.data[i + 1] += n;
        img.data[i + 2] += n;
      }
      g.putImageData(img, 0, 0);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.92));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(bin);
    }, shapes);
    return withExif(Buffer.from(b64, 'base64'));
  } finally {
    await page.close();
  }
}

/** A JPEG with an APP1 EXIF block after its start: orientation 1, make "PhoneCam", GPS-less. */
function withExif(jpeg: Buffer): Buffer {
  const make = Buffer.from('PhoneCam\0');
  // TIFF header (big-endian), one IFD of two entries, then the make's text
  const ifd = Buffer.alloc(2 + 2 * 12 + 4);
  ifd.writeUInt16BE(2, 0);
  ifd.writeUInt16BE(0x010f, 2); // Make
  ifd.writeUInt16BE(2, 4); // ASCII
  ifd.writeUInt32BE(make.length, 6);
  ifd.writeUInt32BE(8 + ifd.length, 10); // offset of the text from the TIFF header
  ifd.writeUInt16BE(0x0112, 14); // Orientation
  ifd.writeUInt16BE(3, 16); // SHORT
  ifd.writeUInt32BE(1, 18);
  ifd.writeUInt16BE(1, 22);
  const tiff = Buffer.concat([Buffer.from('MM\0*\0\0\0\x08', 'latin1'), ifd, make]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

/** A JPEG's size from its frame header, and whether it carries an EXIF block. */
function jpegFacts(jpeg: Buffer): { width: number; height: number; exif: boolean } {
  assert.equal(jpeg.readUInt16BE(0), 0xffd8, 'a JPEG');
  let exif = false;
  for (let at = 2; at + 4 <= jpeg.length;) {
    const marker = jpeg.readUInt16BE(at);
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xffe1 && jpeg.subarray(at + 4, at + 8).toString('latin1') === 'Exif') exif = true;
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker))
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7), exif };
    at += 2 + length;
  }
  throw new Error('no frame header in the JPEG');
}

/** A photo as the phone sent it: a `data:` URL or bare base64. */
const photoBytes = (photo: string) => Buffer.from(photo.replace(/^data:[^,]*,/, ''), 'base64');

/** The MobSendJob bodies the page sends. */
function sentJobs(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (r: Request) => {
    if (r.url().includes('/api/MobSendJob') && r.method() === 'POST')
      bodies.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
  });
  return bodies;
}

const thumbnails = (page: Page) => page.getByTestId('proof-photo');
/** The number of photos the phone's IndexedDB (`po-mobile`, store `photos`) keeps for a flow. */
const keptCount = (page: Page, flow: string) =>
  page.evaluate(
    // no named inner functions: tsx would wrap them in a helper the page does not have
    (f) =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('po-mobile');
        req.onerror = () => resolve(-1);
        req.onsuccess = () => {
          const tx = req.result.transaction('photos');
          const get = tx.objectStore('photos').get(f) as IDBRequest<{ photos?: unknown[] } | undefined>;
          tx.oncomplete = () => {
            req.result.close();
            resolve(get.result?.photos?.length ?? 0);
          };
          tx.onerror = () => resolve(-1);
        };
      }),
    flow,
  );
/**
 * Waits until the device keeps `n` photos for the flow: a thumbnail shows before its write lands, and a
 * reload in between would find the set before it.
 */
async function keptPhotos(page: Page, flow: string, n: number): Promise<void> {
  const until = Date.now() + 15_000;
  let kept = await keptCount(page, flow);
  while (kept !== n && Date.now() < until) {
    await page.waitForTimeout(100);
    kept = await keptCount(page, flow);
  }
  assert.equal(kept, n, `photos kept on the device for ${flow}`);
}

/** Draws a signature on the pad and confirms it; back on the job screen. */
async function sign(page: Page, back: string): Promise<void> {
  await page.getByRole('button', { name: 'ხელმოწერა' }).click();
  await page.waitForURL('**/signature**');
  const pad = await page.getByTestId('signature-pad').boundingBox();
  assert.ok(pad);
  await page.mouse.move(pad.x + 40, pad.y + pad.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(pad.x + 40 + i * 25, pad.y + pad.height / 2 + (i % 2 ? -40 : 40), { steps: 3 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'დადასტურება' }).click();
  await page.waitForURL(`**/${back}`);
}

describe('proof photos on the courier phone', () => {
  it('a handover photo survives offline and a reload, goes once with the job, and the office finds it once', async () => {
    const [parcel] = await registerParcels(journey.url, 1);
    const code = parcel.Barcode;
    await pickUp(journey, [code]);
    const dir = await mkdtemp(path.join(tmpdir(), 'po-photo-'));
    const big = path.join(dir, 'IMG_0001.jpg');
    const cam = await launchBrowser(CAMERA);
    try {
      await writeFile(big, await cameraJpeg(cam));
      await withPhone(
        journey,
        'mobile-photos-handover',
        async (page, context) => {
          await context.grantPermissions(['camera'], { origin: journey.url });
          const sent = sentJobs(page);
          await openAs(page, 'courier');
          await page.waitForURL('**/mobilehome');
          await page.getByRole('link', { name: /ამანათის ჩაბარება/ }).click();
          await page.waitForURL('**/pargive');
          await scanInput(page).waitFor();
          await waitForOfflineShell(page);
          await scan(page, code, `ამანათი ${code} მიღებულია`);
          await page.getByLabel('კომენტარი').fill('ჩაბარდა კართან');
          await sign(page, 'pargive');

          // the rear camera: one photo
          await page.getByRole('button', { name: 'გადაღება' }).click();
          const camera = page.getByRole('dialog');
          await camera.getByTestId('photo-video').waitFor();
          await screenshot(page, 'mobile-photos-camera');
          await camera.getByRole('button', { name: 'გადაღება' }).click();
          await thumbnails(page).first().waitFor();
          await camera.getByRole('button', { name: 'დახურვა' }).last().click();
          // a second from the gallery, removed again before sending
          await page.getByTestId('proof-photos').locator('input[type=file]').setInputFiles(big);
          await page.waitForFunction(
            () => document.querySelectorAll('[data-testid=proof-photo]').length === 2,
          );
          await screenshot(page, 'mobile-photos-two');
          await page.getByRole('button', { name: 'ფოტო 2-ის წაშლა' }).click();
          await page.waitForFunction(
            () => document.querySelectorAll('[data-testid=proof-photo]').length === 1,
          );
          await keptPhotos(page, 'pargive', 1);

          // no network: a reload keeps the job and its photo (IndexedDB)
          await context.setOffline(true);
          await page.reload();
          await scanInput(page).waitFor();
          assert.deepEqual(await rows(page), [code]);
          await page.waitForFunction(
            () => document.querySelectorAll('[data-testid=proof-photo]').length === 1,
          );
          await screenshot(page, 'mobile-photos-offline-kept');

          // sent without a network: it waits in the outbox, also through another reload
          await page.getByTestId('send-job').click();
          await page.getByRole('button', { name: 'დიახ' }).click();
          await toast(page, 'ოპერაცია შენახულია').waitFor();
          assert.equal(await thumbnails(page).count(), 0);
          await page.reload();
          await page.goto('/mobilehome');
          const outbox = page.getByTestId('outbox');
          await outbox.waitFor();

          await context.setOffline(false);
          await outbox.waitFor({ state: 'detached', timeout: 30_000 });
          await toast(page, 'ინფორმაცია გადაეცა სერვერს').waitFor();
          const jobIds = new Set(sent.map((b) => b.JobId));
          assert.equal(jobIds.size, 1, 'one job');
          const photos = sent.at(-1)!.Photos as string[];
          assert.equal(photos.length, 1);
          const jpeg = photoBytes(photos[0]);
          const facts = jpegFacts(jpeg);
          assert.ok(Math.max(facts.width, facts.height) <= 1600, `${facts.width}x${facts.height}`);
          assert.ok(jpeg.length <= 300 * 1024, `${jpeg.length} bytes`);
          console.log(`camera photo: ${facts.width}x${facts.height} ${jpeg.length} bytes`);
          const courier = (await storedSession(page))!;
          const journal = await statusJournal(journey, courier);
          assert.equal(
            journal.filter((r) => r.Barcode === code).length,
            2,
            'picked up, then handed over once',
          );
        },
        cam,
      );

      // the office finds the one photo of the parcel
      const office = await apiLogin(journey.url, 'operator');
      const photos = await api<unknown[]>(
        journey.url,
        'GET',
        'GetParcelPhotos',
        { gui: parcel.GUID },
        office,
      );
      assert.equal(photos.length, 1);

      // and the finder shows it once beside the signature, large on a click
      await withPage(journey.browser, journey.url, 'mobile-photos-finder', async (page) => {
        await openAs(page, 'operator', '/parfinder');
        const form = page.getByRole('form', { name: 'ძებნის ფილტრი' });
        await form.getByLabel('შტრიხკოდი', { exact: true }).fill(code);
        await form.getByRole('button', { name: 'ძებნა' }).click();
        const row = page
          .locator('[aria-label="ნაპოვნი ამანათები"] tbody tr[data-row-id]')
          .filter({ hasText: code });
        await row.locator('td').nth(3).click();
        const gallery = page.getByTestId('photo-gallery');
        await gallery.getByTestId('photo-thumb').first().waitFor();
        assert.equal(await gallery.getByTestId('photo-thumb').count(), 1);
        await screenshot(page, 'mobile-photos-finder');
        await gallery.getByTestId('photo-thumb').first().click();
        await page.getByTestId('photo-large').waitFor();
        await screenshot(page, 'mobile-photos-finder-large');
      });
    } finally {
      await cam.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a reason whose rule requires a photo is refused without one, on the phone and by the server; a gallery photo is made small', async () => {
    const [parcel] = await registerParcels(journey.url, 1);
    const code = parcel.Barcode;
    await pickUp(journey, [code]);
    const door = 'დახურული კარის ფოტო სავალდებულოა';
    const admin = await apiLogin(journey.url, 'admin');
    await api(
      journey.url,
      'POST',
      'SaveProofRule',
      {
        Operation: 'statusChange',
        ReasonId: NOBODY_HOME,
        Photo: true,
        Message: door,
        MessageEn: 'Photograph the door',
      },
      admin,
    );
    // the server refuses the job without a photo with the rule's message
    const courierApi = await apiLogin(journey.url, 'courier');
    const bare = await apiCall(journey.url, 'POST', 'MobSendJob', {
      ...courierApi,
      JobId: crypto.randomUUID(),
      Status: NOBODY_HOME,
      Comment: 'კარი არავინ გააღო',
      Ji: [{ Gui: crypto.randomUUID(), Barcode: code, Stack: false, Number: 1 }],
    });
    assert.equal(bare.env?.Status, false);
    assert.equal(bare.env?.Error, door);

    const dir = await mkdtemp(path.join(tmpdir(), 'po-photo-'));
    const big = path.join(dir, 'IMG_0002.jpg');
    try {
      const original = await cameraJpeg(journey.browser);
      assert.equal(jpegFacts(original).exif, true);
      await writeFile(big, original);
      await withPhone(journey, 'mobile-photos-rule', async (page) => {
        const sent = sentJobs(page);
        await openAs(page, 'courier');
        await page.waitForURL('**/mobilehome');
        // a photo taken before any parcel is scanned is unsent work too: the home marks its flow
        const handover = page.getByRole('link', { name: /ამანათის ჩაბარება/ });
        assert.equal(await handover.getAttribute('data-pending'), null);
        await handover.click();
        await page.waitForURL('**/pargive');
        await page.getByTestId('proof-photos').locator('input[type=file]').setInputFiles(big);
        await thumbnails(page).first().waitFor();
        await keptPhotos(page, 'pargive', 1);
        await page.goto('/mobilehome');
        await page.locator('a[href="/pargive"][data-pending]').waitFor();
        await page.getByRole('link', { name: /სტატუსის შეცვლა/ }).click();
        await page.waitForURL('**/statuschange');
        await scanInput(page).waitFor();
        await scan(page, code, `ამანათი ${code} მიღებულია`);
        await page.getByTestId('status-lookup').click();
        await page.getByRole('dialog').getByText('მისამართზე არავინ დახვდა').click();
        await page.getByLabel('კომენტარი').fill('კარი არავინ გააღო');
        // the phone says the rule before anything is sent
        await page.getByTestId('proof-photos').getByText('ფოტო სავალდებულოა').waitFor();
        await page.getByTestId('send-job').click();
        await toast(page, door).waitFor();
        await screenshot(page, 'mobile-photos-rule-refused');
        assert.equal(sent.length, 0);

        // a large photo with EXIF from the gallery: sent small, without the EXIF
        await page.getByTestId('proof-photos').locator('input[type=file]').setInputFiles(big);
        await thumbnails(page).first().waitFor();
        await screenshot(page, 'mobile-photos-rule-photo');
        await page.getByTestId('send-job').click();
        await page.getByRole('button', { name: 'დიახ' }).click();
        await toast(page, 'ინფორმაცია გადაეცა სერვერს').waitFor();
        assert.equal(sent.length, 1);
        const photos = sent[0].Photos as string[];
        assert.equal(photos.length, 1);
        const jpeg = photoBytes(photos[0]);
        const facts = jpegFacts(jpeg);
        assert.equal(facts.exif, false, 'the EXIF is removed');
        assert.deepEqual([facts.width, facts.height], [1600, 1200]);
        assert.ok(jpeg.length <= 300 * 1024, `${jpeg.length} bytes`);
        assert.ok(original.length > 1_000_000, `the original weighs ${original.length} bytes`);
        console.log(
          `gallery photo: 4000x3000 ${original.length} bytes -> ${facts.width}x${facts.height} ${jpeg.length} bytes`,
        );
      });
      const office = await apiLogin(journey.url, 'operator');
      const list = await api<unknown[]>(journey.url, 'GET', 'GetParcelPhotos', { gui: parcel.GUID }, office);
      assert.equal(list.length, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
