/**
 * Courier mode on a phone (spec 003, issue 15): a 390x844 touch viewport in Tbilisi time. The courier
 * scans parcels (typed into the scan input as a scanner types), signs on the pad and sends a handover;
 * an office sees the parcel delivered with the signature; the same job sent again changes nothing.
 * With the network cut the courier scans and sends, reloads (the shell comes from the service worker,
 * the job from IndexedDB), and the job is sent once when the network returns. With a fake camera feed
 * (Chromium's capture device reading a Y4M of a parcel's CODE128 barcode) the camera popup reads the
 * parcel into a hand-to-courier job.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { apiCall, apiLogin, type ApiSession } from '../lib/api.ts';
import { launchBrowser, openAs, screenshot, storedSession } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';
import { untilReturned } from '../lib/page-pool.ts';
import {
  pickUp as pickUpAs,
  registerCodes,
  rows,
  scan,
  scanInput,
  statusJournal as journalOf,
  toast,
  waitForOfflineShell,
  withPhone as phone,
} from '../lib/phone.ts';

const journey = useJourney();

const register = (n: number) => registerCodes(journey, n);
const pickUp = (codes: string[]) => pickUpAs(journey, codes);
const statusJournal = (s: ApiSession) => journalOf(journey, s);
const withPhone = (
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<void>,
  on: Browser = journey.browser,
) => phone(journey, name, fn, on);

/**
 * A camera feed for Chromium's fake capture device: a Y4M file (640x480, 4:2:0) showing the CODE128
 * barcode of `code` on white, as a printed notification card's barcode looks to a phone.
 */
async function barcodeVideo(code: string, file: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const wasm = await readFile(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  });
  const { svg, error } = await writeBarcode(code, { format: 'Code128', scale: 3 });
  assert.equal(error, '');
  const [W, H] = [640, 480];
  const page = await journey.browser.newPage();
  try {
    const luma = await page.evaluate(
      async ({ svg, W, H }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = W;
        c.height = H;
        const g = c.getContext('2d')!;
        g.fillStyle = '#fff';
        g.fillRect(0, 0, W, H);
        const w = W - 80;
        const h = Math.min(220, (img.height / img.width) * w * 4);
        g.imageSmoothingEnabled = false;
        g.drawImage(img, 40, (H - h) / 2, w, h);
        const px = g.getImageData(0, 0, W, H).data;
        const y = new Uint8Array(W * H);
        for (let i = 0; i < W * H; i++)
          y[i] = Math.round(0.299 * px[i * 4] + 0.587 * px[i * 4 + 1] + 0.114 * px[i * 4 + 2]);
        let bin = '';
        for (const b of y) bin += String.fromCharCode(b);
        return btoa(bin);
      },
      { svg, W, H },
    );
    const y = Buffer.from(luma, 'base64');
    const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
    const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
    await writeFile(
      file,
      Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
    );
  } finally {
    await page.close();
  }
}

describe('courier mode on a phone', () => {
  it('scans, signs and sends a handover; the office sees it delivered with the signature; a resend changes nothing', async () => {
    const [a, b] = await register(2);
    await pickUp([a, b]);
    await withPhone('mobile-handover', async (page) => {
      const sent: Request[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/MobSendJob')) sent.push(r);
      });
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      await page.getByRole('link', { name: /ამანათის ჩაბარება/ }).click();
      await page.waitForURL('**/pargive');
      await scanInput(page).waitFor();

      // the scan rules of 003 §5: a short code, a parcel, the same again, an unknown one, an unknown registry
      await scan(page, 'ab12', 'ამანათი AB12 არ არის სტანდარტული სიგრძის');
      await scan(page, a.toLowerCase(), `ამანათი ${a} მიღებულია`);
      await scan(page, a, `${a} განმეორებითი შეყვანის მცდელობა`);
      await scan(page, 'ZZ000000001', 'ამანათი ZZ000000001 არ არის რეგისტრირებული ბაზაში');
      await scan(page, 'RG-999999', 'რეესტრი RG-999999 არ არის რეგისტრირებული ბაზაში');
      await scan(page, b, `ამანათი ${b} მიღებულია`);
      assert.deepEqual((await rows(page)).sort(), [a, b].sort());

      // sending needs a comment of 5 characters and a signature
      await page.getByTestId('send-job').click();
      await toast(page, 'კომენტარი უნდა შეიცავდეს 5 ან მეტ სიმბოლოს').waitFor();
      await page.getByLabel('კომენტარი').fill("ჩაბარდა; მეზობელს'");
      await page.getByTestId('send-job').click();
      await toast(page, 'ხელმოწერა აუცილებელია').waitFor();

      // the pad: an empty pad is refused, then a drawn signature is confirmed
      await page.getByRole('button', { name: 'ხელმოწერა' }).click();
      await page.waitForURL('**/signature');
      await page.getByRole('button', { name: 'დადასტურება' }).click();
      await toast(page, 'ხელმოწერა სავალდებულოა ოპერაციისთვის').waitFor();
      const pad = await page.getByTestId('signature-pad').boundingBox();
      assert.ok(pad);
      await page.mouse.move(pad.x + 40, pad.y + pad.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++)
        await page.mouse.move(pad.x + 40 + i * 22, pad.y + pad.height / 2 + (i % 2 ? -40 : 40), { steps: 3 });
      await page.mouse.up();
      await screenshot(page, 'mobile-signature');
      await page.getByRole('button', { name: 'დადასტურება' }).click();
      await page.waitForURL('**/pargive');
      await page.getByRole('button', { name: 'ხელმოწერილია' }).waitFor();
      // the list, the comment and the signature were held while the courier was on the pad
      assert.deepEqual((await rows(page)).sort(), [a, b].sort());
      await screenshot(page, 'mobile-handover');

      await page.getByTestId('send-job').click();
      await page.getByText('გსურთ მონაცემების სერვერზე გადაცემა?').waitFor();
      await page.getByRole('button', { name: 'დიახ' }).click();
      await toast(page, 'ინფორმაცია გადაეცა სერვერს').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 0);
      assert.equal(sent.length, 1);

      // the office sees both delivered, with the signature
      const office = await apiLogin(journey.url, 'operator');
      for (const code of [a, b]) {
        const { env } = await apiCall<string>(
          journey.url,
          'GET',
          'GetSignatureToBase64',
          { barcode: code, deliver: 0 },
          office,
        );
        assert.equal(env?.Status, true, env?.Error);
        assert.ok(env!.Data.length > 100, `signature of ${code}`);
      }
      const courier = (await storedSession(page))!;
      const before = await statusJournal(courier);
      // each parcel twice in the day's journal: picked up, then handed over
      assert.equal(before.filter((r) => r.Barcode === a || r.Barcode === b).length, 4);

      // the same job again (a resend after a lost answer): the stored answer, nothing applied twice
      const body = JSON.parse(sent[0].postData() ?? '{}') as Record<string, unknown>;
      assert.equal(body.Status, 8712);
      assert.equal(body.Comment, 'ჩაბარდა მეზობელს');
      const again = await apiCall<{ Repeated: boolean; Applied: number }>(journey.url, 'POST', 'MobSendJob', {
        ...body,
        Id: courier.Id,
        Ticket: courier.Ticket,
      } as never);
      assert.equal(again.env?.Status, true, again.env?.Error);
      assert.equal(again.env!.Data.Repeated, true);
      assert.equal(again.env!.Data.Applied, 2);
      assert.deepEqual(await statusJournal(courier), before);
    });
  });

  it('offline: scans and sends with the network cut, reloads, and the job is sent once when the network returns', async () => {
    const [c] = await register(1);
    await withPhone('mobile-offline', async (page, context) => {
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/MobSendJob')) sent.push(r.postData() ?? '');
      });
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      await page.getByRole('link', { name: /ამანათის აღება/ }).click();
      await page.waitForURL('**/parsexport');
      await scanInput(page).waitFor();
      // installable: the manifest is linked and served
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = await page.request.get(href ?? '/manifest.webmanifest');
      assert.equal(manifest.ok(), true);
      assert.equal(((await manifest.json()) as { start_url: string }).start_url, '/mobilehome');
      await waitForOfflineShell(page);

      await context.setOffline(true);
      await scan(page, c, `სერვერთან კავშირი არ არის: ${c} დაემატა შემოწმების გარეშე`);
      await page.getByTestId('send-job').click();
      await page.getByRole('button', { name: 'დიახ' }).click();
      await toast(page, 'ოპერაცია შენახულია').waitFor();

      // every toast the pages show from here on (no named functions inside: see mobile-photos.test.ts)
      const watch = page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { seenAlerts: seen });
        new MutationObserver(() => {
          for (const a of document.querySelectorAll('[role="alert"]')) {
            const text = (a.textContent ?? '').trim();
            if (!seen.includes(text)) seen.push(text);
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await untilReturned(context, watch);
      // a reload without a network: the shell from the service worker, the job from IndexedDB
      await page.reload();
      const renewal = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/UpdateTicketMobile'));
      await page.goto('/mobilehome');
      const outbox = page.getByTestId('outbox');
      await outbox.waitFor();
      await renewal;
      assert.match((await outbox.textContent()) ?? '', /1/);
      await screenshot(page, 'mobile-offline-outbox');
      const courier = (await storedSession(page))!;

      await context.setOffline(false);
      await outbox.waitFor({ state: 'detached', timeout: 20_000 });
      await toast(page, 'ინფორმაცია გადაეცა სერვერს').waitFor();
      // the home's ticket renewal offline found no connection: the courier worked on with no red error
      const seen = await page.evaluate(() => (window as unknown as { seenAlerts: string[] }).seenAlerts);
      assert.ok(seen.includes('ინფორმაცია გადაეცა სერვერს'), seen.join(' | '));
      assert.ok(!seen.includes('სერვერთან კავშირი არ არის'), seen.join(' | '));
      const jobIds = new Set(sent.filter(Boolean).map((b) => (JSON.parse(b) as { JobId: string }).JobId));
      assert.equal(jobIds.size, 1);
      const journal = await statusJournal(courier);
      assert.equal(journal.filter((r) => r.Barcode === c).length, 1);
    });
  });

  it('status change: a reason from the full-screen lookup; a delivered parcel goes to the error journal; the journals show the day', async () => {
    const [e, f] = await register(2);
    await pickUp([e, f]);
    // e is delivered already (through the API, as another phone would)
    const courierApi = await apiLogin(journey.url, 'courier');
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const first = await apiCall<{ Applied: number }>(journey.url, 'POST', 'MobSendJob', {
      ...courierApi,
      JobId: crypto.randomUUID(),
      Status: 8712,
      Comment: 'ჩაბარდა პირადად',
      ImageB64: png,
      Ji: [{ Gui: crypto.randomUUID(), Barcode: e, Stack: false, Number: 1 }],
    } as never);
    assert.equal(first.env?.Data.Applied, 1, first.env?.Error);

    await withPhone('mobile-statuschange', async (page, context) => {
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      await page.getByRole('link', { name: /სტატუსის შეცვლა/ }).click();
      await page.waitForURL('**/statuschange');
      await scanInput(page).waitFor();
      // online, the delivered parcel is refused at the scan with the server's reason
      await scan(page, e, `ამანათი ${e} უკვე ჩაბარებულია`);
      assert.deepEqual(await rows(page), []);
      // offline it is listed unchecked; the send reports it
      await context.setOffline(true);
      await scan(page, e, `სერვერთან კავშირი არ არის: ${e} დაემატა შემოწმების გარეშე`);
      await context.setOffline(false);
      await scan(page, f, `ამანათი ${f} მიღებულია`);
      // no status chosen yet
      await page.getByTestId('send-job').click();
      await toast(page, 'აირჩიეთ ამანათის სტატუსი').waitFor();
      await page.getByTestId('status-lookup').click();
      const lookup = page.getByRole('dialog');
      await lookup.getByPlaceholder('ძებნა').fill('არავინ');
      await screenshot(page, 'mobile-status-lookup');
      await lookup.getByText('მისამართზე არავინ დახვდა').click();
      await page.getByTestId('status-lookup').filter({ hasText: 'მისამართზე არავინ დახვდა' }).waitFor();
      await page.getByLabel('კომენტარი').fill('კარი არავინ გააღო');
      await page.getByTestId('send-job').click();
      await page.getByRole('button', { name: 'დიახ' }).click();
      // one result: one applied, one refused; the refused line stays with its reason
      await toast(page, 'შესრულდა: 1, არ შესრულდა: 1; მიზეზები სიაშია').waitFor();
      assert.equal(await toast(page, 'ინფორმაცია გადაეცა სერვერს').count(), 0);
      await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 0);
      const refused = page.getByTestId('refused-line');
      assert.equal(await refused.count(), 1);
      assert.match((await refused.textContent()) ?? '', new RegExp(`ამანათი ${e} უკვე ჩაბარებულია`));
      await screenshot(page, 'mobile-statuschange-refused');

      // the status journal of today has f with the reason; the error journal has e
      await page.goto('/setstatuses');
      await page.getByTestId('journal-search').click();
      await page
        .locator('tbody tr[data-row-id]')
        .filter({ hasText: f })
        .filter({ hasText: 'კარი არავინ გააღო' })
        .waitFor();
      await screenshot(page, 'mobile-status-journal');
      await page.goto('/errtransportlist');
      await page.getByTestId('journal-search').click();
      await page
        .locator('tbody tr[data-row-id]')
        .filter({ hasText: e })
        .filter({ hasText: 'უკვე ჩაბარებულია' })
        .waitFor();
      await screenshot(page, 'mobile-error-journal');
    });
  });

  it('camera: a parcel read from the camera feed joins the job and is handed to the courier', async () => {
    const [d] = await register(1);
    const dir = await mkdtemp(path.join(tmpdir(), 'po-cam-'));
    const video = path.join(dir, 'card.y4m');
    await barcodeVideo(d, video);
    const cam = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      await withPhone(
        'mobile-camera',
        async (page, context) => {
          await context.grantPermissions(['camera'], { origin: journey.url });
          await openAs(page, 'courier');
          await page.waitForURL('**/mobilehome');
          await page.getByRole('link', { name: /კურიერზე გადაცემა/ }).click();
          await page.waitForURL('**/delivercurrier');
          await page.getByRole('button', { name: 'შტრიხკოდის კამერა' }).click();
          await page.getByTestId('camera-current').filter({ hasText: d }).waitFor({ timeout: 30_000 });
          await toast(page, `ამანათი ${d} მიღებულია`).waitFor();
          await page.getByText('გასაგზავნი: 1 პოზიცია').waitFor();
          await screenshot(page, 'mobile-camera');
          await page.getByRole('dialog').getByRole('button', { name: 'დახურვა' }).last().click();
          assert.deepEqual(await rows(page), [d]);
          await page.getByTestId('send-job').click();
          await page.getByRole('button', { name: 'დიახ' }).click();
          await toast(page, 'ინფორმაცია გადაეცა სერვერს').waitFor();
          const journal = await statusJournal((await storedSession(page))!);
          assert.equal(journal.filter((r) => r.Barcode === d).length, 1);
        },
        cam,
      );
    } finally {
      await cam.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
