/**
 * What the courier trips over on the phone (issue 37), on a 390x844 touch viewport: a keyboard-wedge
 * scanner typing 30 codes at its own rhythm into each of the four job screens; a delivered parcel
 * refused at the handover scan, and kept offline then reported once at the send; the offline notice
 * as information; two tabs sending a waiting job once and both showing it waiting; the bold Georgian
 * font served offline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openAs, screenshot } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';
import {
  courierJob,
  openFlow,
  pickUp,
  registerCodes,
  rows,
  scan,
  scanInput,
  restingBox,
  toast,
  withPhone,
} from '../lib/phone.ts';

const journey = useJourney();

/** The four job screens: the home button, the address, and whether the courier must hold the parcels. */
const SCREENS = [
  { button: /ამანათის აღება/, path: 'parsexport', held: false },
  { button: /კურიერზე გადაცემა/, path: 'delivercurrier', held: false },
  { button: /ამანათის ჩაბარება/, path: 'pargive', held: true },
  { button: /სტატუსის შეცვლა/, path: 'statuschange', held: true },
] as const;
const WEDGE_CODES = 30;

/** Whether the focus is in the scan box now. */
const focusInScanBox = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'scan-input');

/** A toast's colour as Mantine sets it (`--notification-color`). */
const toastColor = (page: Page, text: string) =>
  toast(page, text).evaluate(
    (el) =>
      el
        .closest('.mantine-Notification-root')
        ?.getAttribute('style')
        ?.match(/color-(\w+)-filled/)?.[1] ?? '',
  );

/** Draws a stroke on the signature pad and confirms it. */
async function sign(page: Page) {
  await page.getByRole('button', { name: 'ხელმოწერა' }).click();
  await page.waitForURL('**/signature');
  const pad = await page.getByTestId('signature-pad').boundingBox();
  assert.ok(pad);
  await page.mouse.move(pad.x + 40, pad.y + pad.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(pad.x + 40 + i * 30, pad.y + pad.height / 2 + (i % 2 ? -40 : 40), { steps: 3 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'დადასტურება' }).click();
  await page.getByRole('button', { name: 'ხელმოწერილია' }).waitFor();
}

describe('the courier on the phone (issue 37)', () => {
  it('a keyboard-wedge scanner: 30 codes at 10 ms a character on each job screen, none lost, the focus kept', async () => {
    const codes = await registerCodes(journey, SCREENS.length * WEDGE_CODES);
    const batch = (i: number) => codes.slice(i * WEDGE_CODES, (i + 1) * WEDGE_CODES);
    await pickUp(
      journey,
      SCREENS.flatMap((s, i) => (s.held ? batch(i) : [])),
    );
    await withPhone(journey, 'mobile-wedge', async (page) => {
      await openAs(page, 'courier');
      for (const [i, screen] of SCREENS.entries()) {
        await page.goto('/mobilehome');
        await openFlow(page, screen.button, screen.path);
        await page.waitForFunction(
          () => document.activeElement?.getAttribute('data-testid') === 'scan-input',
        );
        const mine = batch(i);
        // the scanner types each code and Enter without waiting for the screen's answer
        for (const code of mine) {
          await page.keyboard.type(code, { delay: 10 });
          await page.keyboard.press('Enter');
        }
        await page.waitForFunction(
          (n) => document.querySelectorAll('tbody tr[data-row-id]').length >= n,
          WEDGE_CODES,
          { timeout: 60_000 },
        );
        assert.deepEqual((await rows(page)).sort(), [...mine].sort(), screen.path);
        assert.equal(await focusInScanBox(page), true, `focus in the scan box on /${screen.path}`);
        if (i === 0) await screenshot(page, 'mobile-wedge-parsexport');
      }
    });
  });

  it('handover: a delivered parcel is refused at the scan; offline it is kept, and the send gives one result with the refused line kept', async () => {
    const [a, d] = await registerCodes(journey, 2);
    await pickUp(journey, [a, d]);
    await courierJob(journey, 8712, [d]);
    await withPhone(journey, 'mobile-handover-refused', async (page, context) => {
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      await openFlow(page, /ამანათის ჩაბარება/, 'pargive');
      await scan(page, d, `ამანათი ${d} უკვე ჩაბარებულია`);
      assert.deepEqual(await rows(page), []);
      await scan(page, a, `ამანათი ${a} მიღებულია`);
      // the toasts lie clear of the back and new-operation buttons
      const back = await page.getByRole('button', { name: 'უკან' }).boundingBox();
      const box = await restingBox(page, `ამანათი ${a} მიღებულია`);
      const send = await page.getByTestId('send-job').boundingBox();
      assert.ok(back && box && send);
      assert.ok(box.y > back.y + back.height, 'the toast is below the header');
      assert.ok(box.y + box.height <= send.y, 'the toast is above the floating send button');
      await screenshot(page, 'mobile-toast-place');

      await page.getByLabel('კომენტარი').fill('ჩაბარდა პირადად');
      await sign(page);
      await context.setOffline(true);
      await scan(page, d, `სერვერთან კავშირი არ არის: ${d} დაემატა შემოწმების გარეშე`);
      await page.getByTestId('send-job').click();
      await page.getByRole('button', { name: 'დიახ' }).click();
      const queued = 'ინტერნეტი არ არის: ოპერაცია შენახულია და გაიგზავნება კავშირის აღდგენისას';
      await toast(page, queued).waitFor();
      assert.equal(await toastColor(page, queued), 'blue');
      await screenshot(page, 'mobile-offline-queued');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 0);

      await context.setOffline(false);
      await toast(page, 'შესრულდა: 1, არ შესრულდა: 1; მიზეზები სიაშია').waitFor({ timeout: 30_000 });
      assert.equal(await toast(page, 'ინფორმაცია გადაეცა სერვერს').count(), 0);
      const refused = page.getByTestId('refused-line');
      await refused.waitFor();
      assert.equal(await refused.count(), 1);
      assert.match((await refused.textContent()) ?? '', new RegExp(`ამანათი ${d} უკვე ჩაბარებულია`));
      await screenshot(page, 'mobile-handover-refused');
      // kept across a reload, until the courier removes it
      await page.reload();
      await refused.waitFor();
      await page.getByRole('button', { name: `${d} სიიდან წაშლა` }).click();
      await page.getByTestId('refused-lines').waitFor({ state: 'detached' });
    });
  });

  it('two tabs: the job kept offline shows waiting in both, and only one tab sends it', async () => {
    const [c] = await registerCodes(journey, 1);
    await withPhone(journey, 'mobile-two-tabs', async (first, context) => {
      const sent: string[] = [];
      // the sends the server answered (an attempt without a network never reaches it)
      context.on('requestfinished', (r) => {
        if (r.url().includes('/api/MobSendJob')) sent.push(r.postData() ?? '');
      });
      await openAs(first, 'courier');
      await first.waitForURL('**/mobilehome');
      const second = await context.newPage();
      await second.goto('/mobilehome');
      await second.getByRole('link', { name: /ამანათის აღება/ }).waitFor();
      await openFlow(first, /ამანათის აღება/, 'parsexport');

      await context.setOffline(true);
      await scan(first, c, `სერვერთან კავშირი არ არის: ${c} დაემატა შემოწმების გარეშე`);
      await first.getByTestId('send-job').click();
      await first.getByRole('button', { name: 'დიახ' }).click();
      await toast(first, 'ოპერაცია შენახულია').waitFor();
      // the other tab shows it waiting without a reload
      const badge = second.getByTestId('outbox');
      await badge.waitFor();
      assert.match((await badge.textContent()) ?? '', /1/);
      await screenshot(second, 'mobile-second-tab-outbox');

      await context.setOffline(false);
      await badge.waitFor({ state: 'detached', timeout: 30_000 });
      // both tabs are done with the outbox: no lock held or waited for
      await second.waitForFunction(async () => {
        const q = await navigator.locks.query();
        return (q.held ?? []).length === 0 && (q.pending ?? []).length === 0;
      });
      const jobs = sent.filter(Boolean).map((b) => (JSON.parse(b) as { JobId: string }).JobId);
      assert.equal(jobs.length, 1, `MobSendJob sent ${jobs.length} times`);
    });
  });

  it('offline: the bold Georgian font keeps its face, and the signature pad opens though never opened before', async () => {
    await withPhone(journey, 'mobile-font-offline', async (page, context) => {
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      await openFlow(page, /ამანათის ჩაბარება/, 'pargive');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 20_000,
      });
      // every Georgian font file of the page's @font-face rules is in the worker's cache
      await page.evaluate(async () => {
        const files: string[] = [];
        for (const sheet of Array.from(document.styleSheets))
          for (const rule of Array.from(sheet.cssRules))
            if (rule instanceof CSSFontFaceRule && rule.cssText.includes('U+10A0'))
              for (const m of rule.cssText.matchAll(/url\("?([^")]+)"?\)/g))
                files.push(new URL(m[1], sheet.href ?? document.baseURI).pathname);
        if (files.length === 0) throw new Error('no Georgian font file found');
        const until = Date.now() + 20_000;
        for (;;) {
          const cache = await caches.open('po-shell-v1');
          const missing = [];
          for (const f of files) if (!(await cache.match(f))) missing.push(f);
          if (missing.length === 0) return;
          if (Date.now() > until) throw new Error(`not cached: ${missing.join(', ')}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      await context.setOffline(true);
      await page.reload();
      await scanInput(page).waitFor();
      const faces = await page.evaluate(async () => {
        const loaded = await document.fonts.load('700 16px "Noto Sans Georgian"', 'ქართული');
        return loaded.map((f) => `${f.weight} ${f.status}`);
      });
      assert.ok(faces.length > 0, 'the bold Georgian face is used');
      assert.deepEqual(
        faces.filter((f) => !f.endsWith('loaded')),
        [],
      );
      // the pad's code was kept while there was a signal
      await page.getByRole('button', { name: 'ხელმოწერა' }).click();
      await page.getByTestId('signature-pad').waitFor();
      await page.getByRole('button', { name: 'ბოლო ხაზის წაშლა' }).waitFor();
    });
  });

  it('phone layout: journals and the waybill grid fit 390 px, the empty text is whole, the floating button clears the footer', async () => {
    const [g, h] = await registerCodes(journey, 2);
    await pickUp(journey, [g, h]);
    await withPhone(journey, 'mobile-layout', async (page) => {
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      /** Elements wider than what shows them (a grid scrolling sideways, a clipped text), by their text. */
      const overflowing = () =>
        page.evaluate(() => {
          const out: string[] = [];
          if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push('the page');
          for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
            const style = getComputedStyle(el);
            if (!['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) continue;
            if (el.scrollWidth > el.clientWidth + 1)
              out.push(`${el.tagName}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
          }
          return out;
        });
      /** The floating button leaves the page's last line (its footer) in sight at the end of the page. */
      const footerClear = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForFunction(
          () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
        );
        return page.evaluate(() => {
          const fab = document.querySelector('[data-courier-fab] button')?.getBoundingClientRect();
          const footer = document.querySelector('footer')?.getBoundingClientRect();
          if (!fab || !footer) return `fab ${!!fab}, footer ${!!footer}`;
          return footer.bottom <= fab.top + 1
            ? 'clear'
            : `footer ${footer.top}-${footer.bottom}, fab ${fab.top}`;
        });
      };

      // the waybill start screen: two parcels under their group header
      await openFlow(page, /ტრანსპორტირება/, 'startwaybill');
      await page.getByText('ამანათები ჯერ არ არის').waitFor();
      assert.deepEqual(await overflowing(), [], 'empty waybill grid');
      await screenshot(page, 'mobile-waybill-empty');
      await scan(page, g, `ამანათი ${g} მიღებულია`);
      await scan(page, h, `ამანათი ${h} მიღებულია`);
      await page.locator('tr[data-group-row]').first().waitFor();
      assert.deepEqual(await overflowing(), [], 'waybill grid');
      await screenshot(page, 'mobile-waybill-group');
      assert.equal(await footerClear(), 'clear', 'waybill footer');

      // the journals of today, with rows, and empty before the search
      for (const journal of ['setstatuses', 'errtransportlist', 'oktransportlist']) {
        await page.goto(`/${journal}`);
        await page.getByTestId('journal-search').waitFor();
        assert.deepEqual(await overflowing(), [], `${journal} before the search`);
        await screenshot(page, `mobile-journal-${journal}-empty`);
        await page.getByTestId('journal-search').click();
        await page
          .locator('tbody tr[data-row-id]')
          .or(page.locator('tbody td', { hasText: 'პასუხი მონაცემებს არ შეიცავს' }))
          .first()
          .waitFor();
        assert.deepEqual(await overflowing(), [], journal);
        await screenshot(page, `mobile-journal-${journal}`);
        assert.equal(await footerClear(), 'clear', `${journal} footer`);
      }

      // the signature pad's undo says what it does
      await page.goto('/signature');
      await page.getByRole('button', { name: 'ბოლო ხაზის წაშლა' }).waitFor();
      assert.deepEqual(await overflowing(), [], 'signature pad');
      await screenshot(page, 'mobile-signature-pad');
    });
  });
});
