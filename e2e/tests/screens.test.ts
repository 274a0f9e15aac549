/**
 * What the screens show around the work (issue 37, "Reading the screens") in a real browser:
 * - one date and date-time picker everywhere: dd.mm.yyyy (24-hour), Monday first, Georgian month and day
 *   names, English in English mode (/registrylist, /registry, /bags, /deletedparcels);
 * - /registrylist opens with the default range's registries, without pressing Find;
 * - the scan popups in the colours of their kind (information blue, error red), no black bar;
 * - the scan boxes' placeholders fit their boxes;
 * - one word per action: the menu entry and the screen's title agree, "ძიება" is gone;
 * - the map pages with the tiles out of reach (this machine has no internet): the page says so, asks
 *   for no tile and logs nothing to the console.
 *
 * Screenshots: .e2e-artifacts/screens-*.png.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { api, registerParcels } from '../lib/api.ts';
import { openAs, screenshot, signIn, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

/** `dd.mm.yyyy` of today in Tbilisi, `days` days away. */
function tbilisiDay(days = 0): string {
  const d = new Date(Date.now() + 4 * 3_600_000 + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}
const KA_MONTHS = [
  'იანვარი',
  'თებერვალი',
  'მარტი',
  'აპრილი',
  'მაისი',
  'ივნისი',
  'ივლისი',
  'აგვისტო',
  'სექტემბერი',
  'ოქტომბერი',
  'ნოემბერი',
  'დეკემბერი',
];

/** The open calendar's month heading and its weekday names, in order. */
async function calendar(page: Page): Promise<{ heading: string; weekdays: string[] }> {
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.waitFor();
  const heading = (await dropdown.locator('[class*="calendarHeaderLevel"]').first().innerText()).trim();
  const weekdays = await dropdown
    .locator('thead th')
    .evaluateAll((ths) => ths.slice(0, 7).map((th) => (th.textContent ?? '').trim()));
  return { heading, weekdays };
}

/** The colour a CSS colour expression (a Mantine variable) resolves to on the page. */
const resolved = (page: Page, css: string) =>
  page.evaluate((c) => {
    const probe = document.createElement('div');
    probe.style.color = c;
    document.body.append(probe);
    const out = getComputedStyle(probe).color;
    probe.remove();
    return out;
  }, css);

/** The placeholder's width against the room the input gives it. */
const placeholderRoom = (input: Locator) =>
  input.evaluate((el) => {
    const i = el as HTMLInputElement;
    const cs = getComputedStyle(i);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    ctx.letterSpacing = cs.letterSpacing;
    const room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return { text: i.placeholder, width: Math.ceil(ctx.measureText(i.placeholder).width), room };
  });

describe('dates', () => {
  it('every date filter is the Georgian dd.mm.yyyy picker, Monday first, with Georgian month names; English in English mode', () =>
    withPage(journey.browser, journey.url, 'screens-dates', async (page) => {
      await openAs(page, 'operator', '/registrylist');
      const from = page.getByRole('textbox', { name: 'თარიღიდან' });
      const to = page.getByRole('textbox', { name: 'თარიღამდე' });
      await from.waitFor();
      assert.equal(await from.inputValue(), tbilisiDay(-7));
      assert.equal(await to.inputValue(), tbilisiDay(0));
      assert.equal(
        await from.evaluate((el) => (el as HTMLInputElement).type),
        'text',
        'not the browser’s own picker',
      );
      await to.click();
      const cal = await calendar(page);
      const [, month, year] = tbilisiDay(0).split('.');
      assert.equal(cal.heading, `${KA_MONTHS[Number(month) - 1]} ${year}`);
      assert.deepEqual(cal.weekdays, ['ორ', 'სა', 'ოთ', 'ხუ', 'პა', 'შა', 'კვ']);
      await screenshot(page, 'screens-date-picker-ka');
      await page.keyboard.press('Escape');
      // typed in the shown form
      await from.fill('01.11.2026');
      await from.blur();
      assert.equal(await from.inputValue(), '01.11.2026');

      // date and time: 24-hour, dd.mm.yyyy hh:mm
      await page.goto('/registry');
      const start = page.getByRole('button', { name: 'საწყისი დრო' });
      await start.waitFor();
      assert.equal((await start.innerText()).trim(), `${tbilisiDay(0)} 00:00`);
      assert.equal(
        (await page.getByRole('button', { name: 'საბოლოო დრო' }).innerText()).trim(),
        `${tbilisiDay(0)} 23:59`,
      );
      await start.click();
      const withTime = await calendar(page);
      assert.equal(withTime.weekdays[0], 'ორ');
      await screenshot(page, 'screens-date-time-picker-ka');
      await page.keyboard.press('Escape');

      // English mode: English names, the same order and form
      await page.evaluate(() => localStorage.setItem('po.language', 'en'));
      await page.goto('/registrylist');
      const enTo = page.getByRole('textbox', { name: 'To', exact: true });
      await enTo.waitFor();
      assert.equal(await enTo.inputValue(), tbilisiDay(0));
      await enTo.click();
      const en = await calendar(page);
      assert.match(en.heading, /^[A-Z][a-z]+ \d{4}$/);
      assert.deepEqual(en.weekdays, ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
      await screenshot(page, 'screens-date-picker-en');
    }));

  it('the bag journal and the deleted parcels use the same fields', async () => {
    await withPage(journey.browser, journey.url, 'screens-dates-bags', async (page) => {
      await openAs(page, 'bagmaker', '/bags');
      const from = page.getByRole('button', { name: 'საწყისი დრო' });
      await from.waitFor();
      assert.equal((await from.innerText()).trim(), `${tbilisiDay(0)} 00:00`);
    });
    await withPage(journey.browser, journey.url, 'screens-dates-deleted', async (page) => {
      await openAs(page, 'admin', '/deletedparcels');
      const from = page.getByRole('textbox', { name: 'დან', exact: true });
      await from.waitFor();
      assert.equal(await from.inputValue(), tbilisiDay(0));
      await from.click();
      assert.equal((await calendar(page)).weekdays[0], 'ორ');
      await screenshot(page, 'screens-date-picker-deleted');
    });
  });
});

describe('registry journal', () => {
  it('/registrylist opens with the default range’s registries, without pressing Find', async () => {
    const parcels = await registerParcels(journey.url, 1, { as: 'operator' });
    const name = await api<string>(journey.url, 'GET', 'GetNextRegName', {}, 'operator');
    await api(
      journey.url,
      'POST',
      'NFAddPrintedReg',
      { Name: name, BarCodes: parcels.map((p) => p.Barcode) },
      'operator',
    );
    await withPage(journey.browser, journey.url, 'screens-registrylist', async (page) => {
      await openAs(page, 'operator', '/registrylist');
      const grid = page.getByRole('grid', { name: 'რეესტრები' });
      await grid.locator('tbody tr[data-row-id]').filter({ hasText: name }).waitFor();
      await screenshot(page, 'screens-registrylist-opened');
    });
  });
});

describe('scan boxes', () => {
  it('the popups take the colours of their kind: error red, a code already in the list blue; no black bar', async () => {
    const [parcel] = await registerParcels(journey.url, 1, { as: 'operator' });
    await withPage(journey.browser, journey.url, 'screens-scan-popups', async (page) => {
      await openAs(page, 'operator', '/receiveparcel');
      const box = page.locator('input[data-scan-box]');
      await box.waitFor();
      const popupSection = () => page.locator('[data-scan-popup]').locator('xpath=ancestor::section[1]');
      const colours = () =>
        popupSection().evaluate((el) => {
          const cs = getComputedStyle(el);
          return {
            stripe: cs.borderLeftColor,
            stripeWidth: cs.borderLeftWidth,
            background: cs.backgroundColor,
          };
        });

      await box.fill('ZZ000000009');
      await box.press('Enter');
      await page.locator('[data-scan-popup][data-kind="error"]').waitFor();
      await screenshot(page, 'screens-scan-popup-error');
      const error = await colours();
      assert.equal(error.stripe, await resolved(page, 'var(--mantine-color-red-6)'));
      assert.equal(error.background, await resolved(page, 'var(--mantine-color-red-0)'));
      assert.notEqual(error.stripe, 'rgb(0, 0, 0)');
      await page.keyboard.press('Enter');
      await page.locator('[data-scan-popup]').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.hasAttribute('data-scan-box') === true);

      await box.fill(parcel!.Barcode);
      await box.press('Enter');
      await page.locator('tbody tr[data-row-id]').filter({ hasText: parcel!.Barcode }).waitFor();
      await box.fill(parcel!.Barcode);
      await box.press('Enter');
      await page.locator('[data-scan-popup][data-kind="duplicate"]').waitFor();
      await screenshot(page, 'screens-scan-popup-duplicate');
      const duplicate = await colours();
      assert.equal(duplicate.stripe, await resolved(page, 'var(--mantine-color-blue-6)'));
      assert.equal(duplicate.background, await resolved(page, 'var(--mantine-color-blue-0)'));
    });
  });

  it('the scan boxes’ placeholders fit their boxes (1366 px)', () =>
    withPage(journey.browser, journey.url, 'screens-placeholders', async (page) => {
      await openAs(page, 'operator');
      const screens: Array<[string, string]> = [
        ['/receiveparcel', 'input[data-scan-box]'],
        ['/confirmparcel', 'input[data-scan-box]'],
        ['/addstatus', 'input[data-scan-box]'],
        ['/comment', 'input[data-scan-box]'],
        ['/buildregistry', 'input[data-scan-box]'],
        ['/parfinder', 'input[data-finder-scan]'],
      ];
      const cut: string[] = [];
      for (const [path, selector] of screens) {
        await page.goto(path);
        const input = page.locator(selector).first();
        await input.waitFor();
        await page.evaluate(() => document.fonts.ready);
        const { text, width, room } = await placeholderRoom(input);
        assert.ok(text, `${path} has a placeholder`);
        if (width > room) cut.push(`${path}: “${text}” needs ${width} px, has ${room}`);
      }
      await page.goto('/receiveparcel');
      await page.locator('input[data-scan-box]').waitFor();
      await screenshot(page, 'screens-scan-placeholder');
      assert.deepEqual(cut, []);
    }));
});

describe('words', () => {
  it('one word per action: the menu’s name of each screen and the screen’s title agree, and "ძიება" is gone', () =>
    withPage(journey.browser, journey.url, 'screens-words', async (page) => {
      const pairs: Array<[string, string, string]> = [
        ['operator', '/parfinder', 'ამანათის ძებნა'],
        ['operator', '/addstatus', 'სტატუსის დამატება'],
        ['operator', '/comment', 'კომენტარის შეცვლა'],
        ['operator', '/buildregistry', 'რეესტრის აწყობა'],
        ['admin', '/bill', 'ფაილის ძებნა'],
        ['admin', '/arcparfinder', 'არქივში ძებნა'],
        ['admin', '/oldarcparfinder', 'ძველ არქივში ძებნა'],
      ];
      let as = '';
      for (const [login, path, name] of pairs) {
        if (login !== as) {
          if (as) await page.context().clearCookies();
          await page.evaluate(() => localStorage.clear()).catch(() => undefined);
          await openAs(page, login);
          as = login;
        }
        await page.goto(path);
        await page.getByRole('heading', { name, exact: true, level: 2 }).waitFor();
        // the header names the screen with its menu entry's words
        const menu = page.getByRole('heading', { level: 1 });
        assert.equal((await menu.innerText()).trim(), name, `the menu title of ${path}`);
        const text = await page.locator('body').innerText();
        assert.ok(!text.includes('ძიება'), `${path} says ძიება`);
      }
    }));
});

describe('map pages without tiles', () => {
  it('say the map cannot load, request no tile and keep the console quiet', () =>
    withPage(journey.browser, journey.url, 'screens-map', async (page) => {
      const consoleErrors: string[] = [];
      const tileRequests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      page.on('request', (r) => {
        if (/tile\.openstreetmap\.org/.test(r.url())) tileRequests.push(r.url());
      });
      await signIn(page, 'admin');
      for (const path of ['/mapping', '/syn-fussionmapping']) {
        await page.goto(path);
        await page.getByRole('region', { name: 'კურიერების რუკა' }).waitFor();
        await page.getByRole('alert').filter({ hasText: 'რუკის ჩატვირთვა ვერ მოხერხდა' }).waitFor();
        await page
          .getByRole('grid', { name: 'კურიერები' })
          .locator('tbody tr[data-row-id]')
          .first()
          .waitFor();
        await page.locator('.leaflet-marker-icon').first().waitFor();
      }
      await screenshot(page, 'screens-map-no-tiles');
      assert.deepEqual(tileRequests, [], 'no tile requested');
      assert.deepEqual(consoleErrors, [], 'no console error');
    }));
});
