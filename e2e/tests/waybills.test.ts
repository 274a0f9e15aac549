/**
 * Transport waybills on the courier's phone (spec 003 "Start waybill", "Close waybill", §4; issue 16):
 * the server talks SOAP to a loopback stand-in for rs.ge's WayBillService that this test starts, stops
 * and starts again. A courier scans a registry on /startwaybill, runs it, pauses, reloads and resumes;
 * the service goes away mid-run and the phone shows 'no connection to the server' with the position,
 * then resumes from the same parcel (sent again as a retry) once the service is back. The close run is
 * left while running (it asks and pauses) and resumed from the mobile home. The journals show what
 * happened, and the service holds exactly one waybill per parcel.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  startFakeWaybillService,
  type FakeWaybillService,
} from '../../apps/server/src/test/rs-waybill-service.ts';
import { apiCall, apiLogin, registerParcels, type ApiSession } from '../lib/api.ts';
import { newPhone, openAs, screenshot, storedSession } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

let rs: FakeWaybillService;
const journey = useJourney({
  env: async () => {
    // the demo courier's driver (seed: DEMO_DRIVERS[0]) is the one the service knows
    rs = await startFakeWaybillService({ drivers: ['01024055123'] });
    return {
      RS_MODE: 'soap',
      RS_URL: rs.url,
      RS_USER: 'e2e:206322102',
      RS_PASSWORD: 'e2e-secret',
      // a held call (rs.hold) waits for the test's next step, which a busy machine may take seconds to make
      RS_TIMEOUT_MS: '20000',
    };
  },
  stop: async () => {
    await rs?.stop();
  },
});

/** A registry of `n` new parcels, built through the API as the operator prints one, handed to the courier. */
async function registry(n: number): Promise<{ name: string; barcodes: string[] }> {
  const barcodes = (await registerParcels(journey.url, n)).map((p) => p.Barcode);
  const op = await apiLogin(journey.url, 'operator');
  const next = await apiCall<string>(journey.url, 'GET', 'GetNextRegName', {}, op);
  assert.equal(next.env?.Status, true, next.env?.Error);
  const name = next.env!.Data;
  const saved = await apiCall<{ Count: number }>(
    journey.url,
    'POST',
    'NFAddPrintedReg',
    { Name: name, BarCodes: barcodes } as never,
    op,
  );
  assert.equal(saved.env?.Data.Count, n, saved.env?.Error);
  // the courier is handed the registry (8707, its QR code scanned as a stack): a courier opens waybills
  // only for the parcels they hold
  const courier = await apiLogin(journey.url, 'courier');
  const taken = await apiCall<{ Applied: number }>(
    journey.url,
    'POST',
    'MobSendJob',
    {
      JobId: crypto.randomUUID(),
      Status: 8707,
      Ji: [{ Gui: crypto.randomUUID(), Barcode: name, Stack: true, Number: n }],
    } as never,
    courier,
  );
  assert.equal(taken.env?.Data.Applied, n, taken.env?.Error ?? JSON.stringify(taken.env?.Data));
  return { name, barcodes };
}

interface Sent {
  call: string;
  barcode: string;
  repeated: string;
}
/** Every waybill call the page makes, in order. */
function watchCalls(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    const call = u.pathname.replace('/api/', '');
    if (call === 'ActivateWaybillforSender' || call === 'CloseWaybill')
      sent.push({
        call,
        barcode: u.searchParams.get('BarCode') ?? '',
        repeated: u.searchParams.get('IsRepied') ?? '',
      });
  });
  return sent;
}

type ToastWindow = Window & { __toasts?: string[] };
/** Keeps the text of every toast the page shows (the run's progress toasts last only 500 ms). */
async function watchToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as ToastWindow).__toasts = seen;
    new MutationObserver((changes) => {
      for (const c of changes)
        for (const n of c.addedNodes) {
          if (!(n instanceof Element)) continue;
          for (const el of [n, ...n.querySelectorAll('[role="alert"]')])
            if (el.getAttribute('role') === 'alert') seen.push(el.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastsSeen = (page: Page) => page.evaluate(() => (window as ToastWindow).__toasts ?? []);

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const dialog = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });

/** Answers the confirmation that says `text` with yes. */
async function confirm(page: Page, text: string) {
  await dialog(page, text).getByRole('button', { name: 'დიახ' }).click();
  await dialog(page, text).waitFor({ state: 'detached' });
}

/** The grid's lines: barcode and whether the execution column says yes. */
const lines = (page: Page) =>
  page
    .locator('tbody tr[data-row-id]')
    .evaluateAll((trs) =>
      trs.map(
        (tr) => [tr.getAttribute('data-row-id') ?? '', (tr.textContent ?? '').includes('დიახ')] as const,
      ),
    );
/** Waits until at least `n` lines are done. */
const doneAtLeast = (page: Page, n: number) =>
  page.waitForFunction(
    (k) =>
      [...document.querySelectorAll('tbody tr[data-row-id]')].filter((tr) => tr.textContent?.includes('დიახ'))
        .length >= k,
    n,
    { timeout: 30_000 },
  );

/** The run's position line ('paused: N of M'): N. */
async function pausedAt(page: Page, total: number): Promise<number> {
  const line = page.getByTestId('run-position').filter({ hasText: 'შეჩერებულია' });
  await line.waitFor();
  const m = /(\d+)-დან (\d+)/.exec((await line.textContent()) ?? '');
  assert.ok(m, 'position');
  assert.equal(Number(m[1]), total);
  return Number(m[2]);
}

async function scanCode(page: Page, code: string, answer: string) {
  await page.getByTestId('scan-input').focus();
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
  await toast(page, answer).waitFor();
}

/** The courier's transport journal of today as the API answers it (starts and closes). */
async function transportJournal(s: ApiSession) {
  const out: Array<{ Barcode: string; Comment: string }> = [];
  for (const Type of [1, 2]) {
    const { env } = await apiCall<Array<{ Barcode: string; Comment: string }>>(
      journey.url,
      'GET',
      'RsMessageList',
      { Type, Dt: new Date().toISOString() },
      s,
    );
    assert.equal(env?.Status, true, env?.Error);
    out.push(...env!.Data);
  }
  return out;
}

describe('transport waybills on the phone', () => {
  it('starts and closes the waybills of a registry: pause, reload, a lost service and leaving the screen; one waybill per parcel', async () => {
    const N = 5;
    const reg = await registry(N);
    const { context, page } = await newPhone(journey.browser, journey.url);
    try {
      const sent = watchCalls(page);
      await watchToasts(context);
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      await page.getByRole('link', { name: /ტრანსპორტირება/ }).click();
      await page.waitForURL('**/startwaybill');
      await page.getByTestId('vehicle').filter({ hasText: 'AA-123-BB' }).waitFor();

      // the registry's code brings its parcels, grouped under it
      await scanCode(page, reg.name, `რეესტრი ${reg.name} მიღებულია (${N} ამანათი)`);
      await scanCode(page, reg.name, 'ეს QR პაკეტი უკვე შეყვანილია');
      assert.deepEqual(
        await lines(page),
        reg.barcodes.map((b) => [b, false]),
      );
      await page
        .locator('tr[data-group-row]')
        .filter({ hasText: `RG №: ${reg.name} (${N})` })
        .waitFor();

      // start, and pause while the first parcel is being sent (the service holds its call): that parcel
      // finishes, then the run stops and holds its position
      const first = rs.hold('get_waybills');
      await page.getByTestId('run-toggle').click();
      await confirm(page, 'დავიწყოთ ტრანსპორტირება?');
      await first.arrived;
      await page.getByRole('button', { name: 'პაუზა' }).click();
      first.release();
      const next = await pausedAt(page, N);
      assert.equal(next, 2);
      const before = sent.length;
      // nothing more is sent while paused (a run sends one parcel a second)
      await page.waitForTimeout(2000);
      assert.equal(sent.length, before);
      assert.equal(sent.length, next - 1);
      await screenshot(page, 'waybill-start-paused');

      // a reload keeps the lines and the position
      await page.reload();
      assert.equal(await pausedAt(page, N), next);
      assert.equal((await lines(page)).filter(([, done]) => done).length, next - 1);

      // resume; the service goes away while the parcel after the next one is being sent: it gets
      // 'no connection'
      const resumed = rs.hold('get_waybills');
      await page.getByTestId('run-toggle').click();
      await confirm(page, 'გსურთ ტრანსპორტირების განახლება?');
      await resumed.arrived;
      const inFlight = rs.hold('get_waybills');
      resumed.release();
      await inFlight.arrived;
      await rs.stop();
      const lost = next + 1;
      const popup = dialog(page, 'სერვერთან კავშირი არ არის');
      await popup.filter({ hasText: `${N}-დან ${lost}` }).waitFor();
      await screenshot(page, 'waybill-no-connection');
      await popup.getByRole('button', { name: 'კარგი' }).click();
      assert.equal(await pausedAt(page, N), lost);
      assert.deepEqual(sent.at(-1), {
        call: 'ActivateWaybillforSender',
        barcode: reg.barcodes[lost - 1],
        repeated: 'false',
      });
      assert.equal(rs.waybills.length, lost - 1);

      // the service is back: the same parcel again, as a retry, then the rest; the end popup
      await rs.start();
      const resumedAt = sent.length;
      await page.getByTestId('run-toggle').click();
      await confirm(page, 'გსურთ ტრანსპორტირების განახლება?');
      const end = dialog(page, `სულ: ${N} ამანათი`);
      await end.filter({ hasText: 'სრულად დამუშავდა' }).waitFor({ timeout: 30_000 });
      // the run is over: no pause button under the end popup
      assert.equal(await page.getByTestId('run-toggle').count(), 0);
      await screenshot(page, 'waybill-end-popup');
      assert.deepEqual(sent[resumedAt], {
        call: 'ActivateWaybillforSender',
        barcode: reg.barcodes[lost - 1],
        repeated: 'true',
      });
      assert.deepEqual(
        sent.map((s) => s.barcode),
        [...reg.barcodes.slice(0, lost), ...reg.barcodes.slice(lost - 1)],
      );
      // a progress toast for every parcel sent since the reload, with its position
      const progress = (await toastsSeen(page)).filter((t) => t.startsWith('მუშავდება'));
      for (let k = next; k <= N; k++)
        assert.ok(
          progress.some((t) => t.includes(`${reg.barcodes[k - 1]} ... (${N}-დან ${k})`)),
          `progress of ${k}: ${JSON.stringify(await toastsSeen(page))}`,
        );
      await end.getByRole('button', { name: 'კარგი' }).click();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 0);
      assert.equal(rs.waybills.length, N);
      assert.ok(rs.waybills.every((w) => w.status === 1));

      // close: the same registry; leaving while it runs asks and pauses it
      await page.getByRole('button', { name: 'უკან' }).click();
      await page.waitForURL('**/mobilehome');
      await page.getByRole('link', { name: /ზედნადების დახურვა/ }).click();
      await page.waitForURL('**/closewaybill');
      await scanCode(page, reg.name, `რეესტრი ${reg.name} მიღებულია (${N} ამანათი)`);
      // the screen is left while the second parcel is being sent (the service holds its call)
      const firstClose = rs.hold('close_waybill');
      await page.getByTestId('run-toggle').click();
      await confirm(page, 'დავიწყოთ ოპერაცია?');
      await firstClose.arrived;
      const leftInFlight = rs.hold('close_waybill');
      firstClose.release();
      await leftInFlight.arrived;
      await doneAtLeast(page, 1);
      await screenshot(page, 'waybill-close-running');
      await page.getByRole('button', { name: 'უკან' }).click();
      await confirm(page, 'ოპერაცია მიმდინარეობს. გსურთ ეკრანიდან გასვლა? ოპერაცია შეჩერდება.');
      await page.waitForURL('**/mobilehome');
      leftInFlight.release();
      const closeButton = page.getByRole('link', { name: /ზედნადების დახურვა/ });
      assert.equal(await closeButton.getAttribute('data-pending'), 'true');
      const closesBefore = sent.filter((s) => s.call === 'CloseWaybill').length;
      assert.equal(closesBefore, 2);
      await page.waitForTimeout(2000);
      assert.equal(sent.filter((s) => s.call === 'CloseWaybill').length, closesBefore);
      await closeButton.click();
      await page.waitForURL('**/closewaybill');
      assert.equal(await pausedAt(page, N), closesBefore + 1);
      await page.getByTestId('run-toggle').click();
      await confirm(page, 'გსურთ ოპერაციის განახლება?');
      const closed = dialog(page, `სულ: ${N} ამანათი`);
      await closed.filter({ hasText: 'სრულად დამუშავდა' }).waitFor({ timeout: 30_000 });
      await closed.getByRole('button', { name: 'კარგი' }).click();
      const closes = sent.filter((s) => s.call === 'CloseWaybill').map((s) => s.barcode);
      assert.deepEqual(closes, reg.barcodes);

      // the service holds one waybill per parcel, each closed
      assert.equal(rs.waybills.length, N);
      assert.equal(new Set(rs.waybills.map((w) => w.comment)).size, N);
      assert.ok(rs.waybills.every((w) => w.status === 2));

      // the journals: each parcel's waybill started and closed under one id; the lost service in both
      const courier = (await storedSession(page))!;
      const journal = (await transportJournal(courier)).filter((r) => reg.barcodes.includes(r.Barcode));
      for (const b of reg.barcodes) {
        const mine = journal.filter((r) => r.Barcode === b);
        const ids = new Set(mine.map((r) => /ზედნადები (\d+)/.exec(r.Comment)?.[1]).filter(Boolean));
        assert.equal(ids.size, 1, `${b}: ${JSON.stringify(mine)}`);
        assert.ok(mine.some((r) => r.Comment.endsWith('გააქტიურდა')));
        assert.ok(mine.some((r) => r.Comment.endsWith('დაიხურა')));
      }
      await page.goto('/oktransportlist');
      await page.getByTestId('journal-search').click();
      for (const b of reg.barcodes)
        await page
          .locator('tbody tr[data-row-id]')
          .filter({ hasText: b })
          .filter({ hasText: 'დაიხურა' })
          .waitFor();
      await page
        .locator('tbody tr[data-row-id]')
        .filter({ hasText: reg.barcodes[lost - 1] })
        .filter({ hasText: 'შემოსავლების სამსახურთან კავშირის პრობლემა' })
        .waitFor();
      await screenshot(page, 'waybill-transport-journal');
      await page.goto('/errtransportlist');
      await page.getByTestId('journal-search').click();
      await page
        .locator('tbody tr[data-row-id]')
        .filter({ hasText: reg.barcodes[lost - 1] })
        .filter({ hasText: 'შემოსავლების სამსახურთან კავშირის პრობლემა' })
        .waitFor();
      await screenshot(page, 'waybill-error-journal');
    } catch (err) {
      await screenshot(page, 'failed-waybills').catch(() => undefined);
      throw err;
    } finally {
      await context.close();
    }
  });
});
