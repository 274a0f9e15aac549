/**
 * The user guide's screenshots (docs/guide/ka.md, en.md): every run logs in as each role, opens the
 * screens the guide describes and writes them to docs/guide/img/ (1280x800 PNG, the phone 390x844),
 * so the pictures never show a screen as it no longer is. Each shot waits for what it illustrates.
 * A picture is written only when more than `REWRITE_SHARE` of it changed (a moved column, a new menu
 * item), not for a date or a time in a cell, so a test run leaves the working tree clean;
 * `GUIDE_IMAGES=all` writes every one.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { registerParcels } from '../lib/api.ts';
import { newPhone, openAs, signIn, stubPrint, withPage } from '../lib/browser.ts';
import { deliverAsCourier, drawnSignature } from '../lib/handover.ts';
import { useJourney } from '../lib/journey.ts';
import { changedShare } from '../lib/pixels.ts';
import { imagesLoaded, printedHtml } from '../lib/print.ts';
import { ROOT } from '../lib/server.ts';

const journey = useJourney();
const IMG = path.join(ROOT, 'docs', 'guide', 'img');
const DESKTOP = { width: 1280, height: 800 };
/** Half a percent of a 1280x800 picture is about 5,000 pixels: a row of dates, not a changed screen. */
const REWRITE_SHARE = 0.005;

/** Writes a picture to docs/guide/img/<name>.png unless the one there shows the same. */
async function keep(name: string, png: Buffer): Promise<void> {
  const file = path.join(IMG, `${name}.png`);
  const old = await readFile(file).catch(() => null);
  if (old && process.env.GUIDE_IMAGES !== 'all' && (await changedShare(old, png)) <= REWRITE_SHARE) return;
  await mkdir(IMG, { recursive: true });
  await writeFile(file, png);
}

/** Writes what the page shows (the viewport) to docs/guide/img/<name>.png once it has settled. */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // a passing toast ("connecting to the server…") is not what the picture is about
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
  await keep(name, await page.screenshot({ fullPage }));
}

/** Opens a screen and waits for its title. */
async function open(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await page.getByRole('heading').first().waitFor();
}

/** Types a code as a keyboard-wedge scanner does: 10 ms a character, then Enter. */
async function wedge(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

describe('user guide screenshots', () => {
  it('login, counter operator: home, registration, receiving, the finder with a handover and its printouts', async () => {
    const [found, ...received] = await registerParcels(journey.url, 3);
    await withPage(
      journey.browser,
      journey.url,
      'guide-operator',
      async (page) => {
        await page.goto('/login-form');
        await page.getByLabel('მომხმარებელი').waitFor();
        await shot(page, 'login');

        await deliverAsCourier(
          journey.url,
          found!.Barcode,
          'ჩაბარდა მეზობელს, მე-3 სართული',
          await drawnSignature(page),
        );
        await signIn(page, 'operator');
        await open(page, '/home');
        await shot(page, 'operator-home');

        await open(page, '/registration');
        await shot(page, 'registration');

        await open(page, '/receiveparcel');
        await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);
        for (const p of received) await wedge(page, p.Barcode);
        await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length === 2);
        await shot(page, 'receive-parcels');

        await open(page, '/parfinder');
        const form = page.getByRole('form', { name: 'ძებნის ფილტრი' });
        await form.getByLabel('შტრიხკოდი', { exact: true }).fill(found!.Barcode);
        await form.locator('button[type=submit]').click();
        const row = page.locator('tbody tr[data-row-id]').filter({ hasText: found!.Barcode });
        await row.first().waitFor();
        await row.first().locator('td').nth(3).click();
        await page.getByTestId('signature-courier').waitFor();
        await imagesLoaded(page.getByRole('region', { name: 'ბეჭდვა' }));
        await shot(page, 'finder');

        // the printouts, as the print frame renders them
        await stubPrint(page);
        for (const [button, name] of [
          ['ამანათის ბეჭდვა', 'printed-report'],
          ['შეტყობინების ბარათი', 'printed-card'],
        ] as const) {
          const html = await printedHtml(page, button);
          const printed = await page.context().newPage();
          try {
            await printed.setViewportSize({ width: 760, height: 600 });
            // at the server's address, as in the app's print frame: the printout's fonts are the app's own
            // files (on a blank page they would not load, and the machine's fonts would show instead)
            await printed.route(`${journey.url}/guide-printout`, (r) =>
              r.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
            );
            await printed.goto('/guide-printout');
            await imagesLoaded(printed.locator('body'));
            await printed.evaluate(() => document.fonts.ready);
            await shot(printed, name, true);
          } finally {
            await printed.close();
          }
        }
      },
      DESKTOP,
    );
  });

  it('bag maker: assembling a bag and the bag journal', async () => {
    await withPage(
      journey.browser,
      journey.url,
      'guide-bagmaker',
      async (page) => {
        await signIn(page, 'bagmaker');
        await open(page, '/newbag');
        await shot(page, 'newbag');
        await open(page, '/bags');
        await shot(page, 'bags');
      },
      DESKTOP,
    );
  });

  it('administrator: users, courier devices and a report', async () => {
    await withPage(
      journey.browser,
      journey.url,
      'guide-admin',
      async (page) => {
        await signIn(page, 'admin');
        await open(page, '/users');
        await page
          .getByRole('grid', { name: 'მომხმარებლები' })
          .locator('tbody tr[data-row-id]')
          .first()
          .waitFor();
        await shot(page, 'admin-users');
        await open(page, '/mobiles');
        await page.locator('tbody tr[data-row-id]').first().waitFor();
        await shot(page, 'admin-mobiles');
        // the day's attendance: today's logins (the journeys' own included)
        await open(page, '/visitofdey');
        await page.getByRole('button', { name: 'ჩატვირთვა' }).click();
        await page.locator('tbody tr[data-row-id]').first().waitFor();
        await shot(page, 'report-daily');
      },
      DESKTOP,
    );
  });

  it('corporate client: its own parcels', async () => {
    await withPage(
      journey.browser,
      journey.url,
      'guide-corporate',
      async (page) => {
        await signIn(page, 'corporate');
        await open(page, '/myparcels');
        await shot(page, 'corporate-parcels');
      },
      DESKTOP,
    );
  });

  it('courier on a phone: the home screen and a handover with a scanned parcel', async () => {
    const [parcel] = await registerParcels(journey.url, 1);
    // a phone at one device pixel per CSS pixel: small pictures
    const { context, page } = await newPhone(journey.browser, journey.url, 1);
    try {
      await openAs(page, 'courier');
      await page.waitForURL('**/mobilehome');
      await page.getByRole('link', { name: /ამანათის აღება/ }).waitFor();
      await shot(page, 'courier-home');
      await page.goto('/parsexport');
      await page.getByTestId('scan-input').waitFor();
      await page.getByTestId('scan-input').fill(parcel!.Barcode);
      await page.getByTestId('scan-input').press('Enter');
      await page.locator('tbody tr[data-row-id]').first().waitFor();
      await shot(page, 'courier-pickup');
    } catch (err) {
      await writeFile(path.join(ROOT, '.e2e-artifacts', 'failed-guide-courier.png'), await page.screenshot());
      throw err;
    } finally {
      await context.close();
    }
  });
});
