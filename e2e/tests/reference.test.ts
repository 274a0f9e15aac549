/**
 * The reference-data screens (spec 000 §2.6, §5, §6) in a real browser, as the administrator:
 * the regions grid (filter row, grouping, paging, export, print), adding and editing regions and
 * villages with the §5 messages in Georgian, a status and a simple list, and the operator kept out.
 *
 * Set E2E_WEB_DIST to test a web build other than apps/web/dist.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { referenceMessages } from '@po/contract/reference';
import { api, apiCall, apiLogin } from '../lib/api.ts';
import { openAs, screenshot, stubPrint, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

/** The Georgian text of a validation message, as the contract defines it. */
const msg = (key: keyof typeof referenceMessages) => referenceMessages[key].ka;

const CITIES = 'ქალაქები (რეგიონები)';
/** The grid's string order (column-defs.ts). */
const byName = new Intl.Collator('ka', { numeric: true, sensitivity: 'base' });
const PAGE_INFO = /^გვერდი (\d+) \/ (\d+) \((\d+) ჩანაწერი\)$/;

/** A short unique tail for names (digits), so tests never meet each other's rows. */
let serial = 0;
const unique = () => `${(Date.now() % 100_000) + serial++}`;

interface Row {
  ID: number;
  Name: string;
  Index: string | null;
  Zone: number | null;
  Enabled: boolean;
}

/** A GET call as the admin (logged in afresh) that must succeed; answers its data. */
const adminApi = <T>(name: string, params: Record<string, string | number | boolean>) =>
  api<T>(journey.url, 'GET', name, params, 'admin');
const listOf = async (rid: number) =>
  (await adminApi<{ Regions: Row[] }>('PostGetRegion', { Rid: rid })).Regions;

/** The part of the screen holding one grid: its heading, toolbar, grid and pager. */
function panel(page: Page, heading: string | RegExp): Locator {
  return page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
    .filter({ has: page.getByRole('grid') })
    .last();
}

/** The data rows the grid shows (group captions, the editor and the actions cell left out) as cell texts. */
async function shownRows(grid: Locator, columns = 4): Promise<string[][]> {
  return grid.locator('tbody tr[data-row-id]').evaluateAll(
    (trs, n) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .slice(0, n)
          .map((td) => (td.textContent ?? '').trim()),
      ),
    columns,
  );
}

/** Waits until the grid shows exactly these names, in this order. */
async function waitForNames(grid: Locator, names: string[], nameCol = 1) {
  const want = JSON.stringify(names);
  await grid
    .page()
    .waitForFunction(
      ([el, col, w]) =>
        JSON.stringify(
          Array.from((el as Element).querySelectorAll('tbody tr[data-row-id]')).map((tr) =>
            (tr.querySelectorAll('td')[col as number]?.textContent ?? '').trim(),
          ),
        ) === w,
      [await grid.elementHandle(), nameCol, want] as const,
    )
    .catch(async (e: unknown) => {
      const got = (await shownRows(grid)).map((r) => r[nameCol]);
      throw new Error(`grid rows ${JSON.stringify(got)}, expected ${want}: ${String(e)}`);
    });
}

async function pageInfo(area: Locator): Promise<{ page: number; pages: number; count: number }> {
  const text = (await area.getByTestId('grid-page-info').innerText()).trim();
  const m = PAGE_INFO.exec(text);
  assert.ok(m, `pager info "${text}"`);
  return { page: Number(m[1]), pages: Number(m[2]), count: Number(m[3]) };
}

/** Types into a column's filter-row box and waits for the debounce to apply. */
async function filterBy(area: Locator, column: string, text: string) {
  await area.getByLabel(`ფილტრი: ${column}`, { exact: true }).fill(text);
  await area.getByLabel(`ფილტრი: ${column}`, { exact: true }).press('Enter');
}

/** A success toast (Mantine notification) with this text. */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/**
 * Sees a toast, then waits (pointer off the toasts, which pause while hovered) until every toast has
 * closed: they stack over the top-right corner, where the toolbars and the row actions are.
 */
async function seeToast(page: Page, text: string) {
  await toast(page, text).waitFor();
  await page.mouse.move(600, 880);
  await page.locator('[data-portal]').getByRole('alert').first().waitFor({ state: 'detached' });
}

/** A data row (not the filter row, whose name includes the typed filter) by its text. */
const dataRow = (grid: Locator, text: string | RegExp) =>
  grid.locator('tbody').getByRole('row', { name: text });

async function openRegions(page: Page): Promise<Locator> {
  await openAs(page, 'admin', '/regions');
  const cities = panel(page, CITIES);
  await cities
    .getByRole('grid', { name: CITIES })
    .getByRole('row', { name: /თბილისი/ })
    .waitFor();
  return cities;
}

/** The regions whose name contains `part`, in the grid's (server's) order. */
async function citiesContaining(part: string): Promise<Row[]> {
  return (await listOf(20)).filter((r) => r.Name.includes(part));
}

describe('regions grid', () => {
  it('shows the seeded cities, narrows them with the filter row, groups them by zone and changes the page size', async () => {
    const all = await listOf(20);
    await withPage(journey.browser, journey.url, 'regions-grid', async (page) => {
      const cities = await openRegions(page);
      const grid = cities.getByRole('grid', { name: CITIES });
      await dataRow(grid, /თბილისი\s*0100/).waitFor();
      await dataRow(grid, /ბათუმი\s*6000/).waitFor();
      assert.deepEqual(await pageInfo(cities), {
        page: 1,
        pages: Math.ceil(all.length / 10),
        count: all.length,
      });
      assert.equal((await shownRows(grid)).length, 10, 'ten rows on the first page');

      // the filter row: name contains "ეთი"
      const wanted = all.filter((r) => r.Name.includes('ეთი'));
      assert.ok(wanted.length >= 2, 'ქობულეთი and ოზურგეთი at least');
      await filterBy(cities, 'დასახელება', 'ეთი');
      await waitForNames(
        grid,
        wanted.map((r) => r.Name),
      );
      assert.deepEqual(await pageInfo(cities), { page: 1, pages: 1, count: wanted.length });
      await cities.getByRole('button', { name: 'ფილტრის გასუფთავება' }).click();
      await dataRow(grid, /თბილისი/).waitFor();
      assert.equal((await pageInfo(cities)).count, all.length);

      // group by zone through the column's header menu
      await cities.getByRole('button', { name: 'სვეტის მენიუ: ზონა' }).click();
      await page.getByRole('menuitem', { name: 'დაჯგუფება ამ სვეტით' }).click();
      const zone1 = all.filter((r) => r.Zone === 1).length;
      await dataRow(grid, new RegExp(`ზონა: 1 \\(${zone1}\\)`)).waitFor();
      assert.ok(
        await cities.getByRole('group', { name: 'დაჯგუფება' }).getByText('ზონა').isVisible(),
        'the group panel names the grouped column',
      );

      // 50 a page: every group and every city on one page
      await cities.getByText('50', { exact: true }).click();
      const zones = [...new Set(all.map((r) => r.Zone))].sort();
      for (const z of zones) {
        const n = all.filter((r) => r.Zone === z).length;
        await dataRow(grid, new RegExp(`ზონა: ${z} \\(${n}\\)`)).waitFor();
      }
      assert.deepEqual(await pageInfo(cities), { page: 1, pages: 1, count: all.length });
      assert.equal((await shownRows(grid)).length, all.length);
    });
  });

  it('exports exactly the filtered rows and the headers to an .xlsx file', async () => {
    const wanted = await citiesContaining('ი');
    await withPage(journey.browser, journey.url, 'regions-export', async (page) => {
      const cities = await openRegions(page);
      const grid = cities.getByRole('grid', { name: CITIES });
      await cities.getByText('50', { exact: true }).click();
      await filterBy(cities, 'დასახელება', 'ი');
      // sorted by name, descending, through the header menu
      await cities.getByRole('button', { name: 'სვეტის მენიუ: დასახელება' }).click();
      await page.getByRole('menuitem', { name: 'კლებადობით დალაგება' }).click();
      const names = wanted.map((r) => r.Name).sort((a, b) => byName.compare(b, a));
      await waitForNames(grid, names);
      const shown = await shownRows(grid);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        cities.getByRole('button', { name: 'ექსპორტი' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'რეგიონები და ინდექსები.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.read(await download.createReadStream());
      assert.equal(wb.worksheets.length, 1);
      const ws = wb.worksheets[0];
      const values = (n: number) => {
        const v = ws.getRow(n).values;
        return (Array.isArray(v) ? v.slice(1) : []) as Array<string | number | null | undefined>;
      };
      assert.deepEqual(values(1), ['ID', 'დასახელება', 'ინდექსი', 'ზონა']);
      assert.equal(ws.actualRowCount, 1 + shown.length, 'a header and one line per shown row');
      const byId = new Map(wanted.map((r) => [r.ID, r]));
      shown.forEach((cells, i) => {
        const line = values(i + 2);
        // the grid's text, and the stored values (ID and zone stay numbers in the sheet)
        assert.deepEqual(
          line.map((v) => String(v)),
          cells.map((c, j) => (j === 0 || j === 3 ? c.replace(/\s/g, '') : c)),
          `sheet row ${i + 2}`,
        );
        const r = byId.get(Number(line[0]));
        assert.deepEqual(line, r && [r.ID, r.Name, r.Index, r.Zone]);
      });
    });
  });

  it('prints the filtered rows into the hidden print frame without opening a print dialog', async () => {
    const wanted = await citiesContaining('ბ');
    await withPage(journey.browser, journey.url, 'regions-print', async (page) => {
      await stubPrint(page);
      const cities = await openRegions(page);
      const grid = cities.getByRole('grid', { name: CITIES });
      await filterBy(cities, 'დასახელება', 'ბ');
      await waitForNames(
        grid,
        wanted.map((r) => r.Name),
      );
      await cities.getByRole('button', { name: 'ბეჭდვა' }).click();
      await page.locator('body[data-printed]').waitFor({ state: 'attached' });
      const printed = await page
        .locator('iframe[data-print-frame]')
        .last()
        .evaluate((f) => {
          // (no named helpers in here: the test's transpiler would wrap them in a function the page lacks)
          const doc = (f as HTMLIFrameElement).contentDocument!;
          return {
            title: doc.querySelector('h1')?.textContent ?? '',
            head: Array.from(doc.querySelectorAll('thead tr'), (tr) =>
              Array.from(tr.querySelectorAll('th,td'), (c) => (c.textContent ?? '').trim()),
            ),
            body: Array.from(doc.querySelectorAll('tbody tr'), (tr) =>
              Array.from(tr.querySelectorAll('th,td'), (c) => (c.textContent ?? '').trim()),
            ),
          };
        });
      assert.equal(printed.title, CITIES);
      assert.deepEqual(printed.head, [['ID', 'დასახელება', 'ინდექსი', 'ზონა']]);
      assert.deepEqual(printed.body, await shownRows(grid));
      assert.deepEqual(
        printed.body.map((r) => r[1]),
        wanted.map((r) => r.Name),
      );
    });
  });
});

/** The editor row of a grid (the row being added or changed). */
const editor = (area: Locator) => area.locator('tr[data-edit-row]');

/** Fills one editor field and leaves it, so its message (if any) shows. */
async function type(row: Locator, label: string, value: string) {
  const box = row.getByLabel(label, { exact: true });
  await box.fill(value);
  await box.press('Tab');
}

describe('regions and villages editing', () => {
  it('refuses a bad region with each §5 message in Georgian, adds a valid one and renames it', async () => {
    const name = `ტესტრეგიონი ${unique()}`;
    await withPage(journey.browser, journey.url, 'regions-add', async (page) => {
      const cities = await openRegions(page);
      const grid = cities.getByRole('grid', { name: CITIES });
      const before = (await pageInfo(cities)).count;
      await cities.getByRole('button', { name: 'დამატება', exact: true }).click();
      const row = editor(cities);
      // at 1366 px the half-width grid shows save and cancel without scrolling sideways (its headers
      // keep every word on one line, so the grid may run a few pixels past its frame, its edge shaded)
      await row.getByRole('button', { name: 'გაუქმება' }).waitFor();
      const frame = await grid.evaluate((t) => {
        const r = t.parentElement!.getBoundingClientRect();
        return { left: r.left, right: r.left + t.parentElement!.clientWidth };
      });
      for (const name of ['შენახვა', 'გაუქმება']) {
        const b = await row.getByRole('button', { name }).boundingBox();
        assert.ok(b && b.x >= frame.left && b.x + b.width <= frame.right, `${name} shows without scrolling`);
      }
      // new-row defaults: index 0000, zone 1
      assert.equal(await row.getByLabel('ინდექსი', { exact: true }).inputValue(), '0000');
      assert.equal(await row.getByLabel('ზონა', { exact: true }).inputValue(), '1');

      const cases: Array<[string, string, keyof typeof referenceMessages]> = [
        ['დასახელება', 'აბგ', 'reference.nameMin4'],
        ['ინდექსი', '12ab', 'reference.indexDigits'],
        ['ინდექსი', '123', 'reference.index4'],
        ['ინდექსი', '1234', 'reference.regionIndex00'],
        ['ზონა', '12', 'reference.zoneDigit'],
      ];
      for (const [label, value, key] of cases) {
        await type(row, label, value);
        await row.getByText(msg(key), { exact: true }).waitFor();
        assert.equal(await row.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), 'true');
      }
      await screenshot(page, 'regions-validation');
      // saving is refused while a rule is broken: nothing is written, the editor stays
      await row.getByRole('button', { name: 'შენახვა' }).click();
      await row.getByText(msg('reference.zoneDigit'), { exact: true }).waitFor();
      await row.getByText(msg('reference.nameMin4'), { exact: true }).waitFor();
      assert.equal((await listOf(20)).length, before);

      await type(row, 'დასახელება', name);
      await type(row, 'ინდექსი', '9900');
      await type(row, 'ზონა', '2');
      assert.equal(await row.locator('[aria-invalid="true"]').count(), 0, 'no field is marked wrong');
      await row.getByRole('button', { name: 'შენახვა' }).click();
      await seeToast(page, 'დაემატა');
      await editor(cities).waitFor({ state: 'detached' });
      await cities
        .getByTestId('grid-page-info')
        .filter({ hasText: `(${before + 1} ჩანაწერი)` })
        .waitFor();
      await filterBy(cities, 'დასახელება', name);
      await dataRow(grid, new RegExp(`${name}\\s*9900\\s*2`)).waitFor();

      // rename it in place
      const renamed = `${name} ახალი`;
      await dataRow(grid, new RegExp(name)).getByRole('button', { name: 'რედაქტირება' }).click();
      const edit = editor(cities);
      assert.equal(await edit.getByLabel('დასახელება', { exact: true }).inputValue(), name);
      await type(edit, 'დასახელება', renamed);
      await edit.getByRole('button', { name: 'შენახვა' }).click();
      await seeToast(page, 'განახლდა');
      await filterBy(cities, 'დასახელება', renamed);
      await waitForNames(grid, [renamed]);
      const saved = (await listOf(20)).find((r) => r.Name === renamed);
      assert.deepEqual(saved && { Index: saved.Index, Zone: saved.Zone }, { Index: '9900', Zone: 2 });
    });
  });

  it('adds villages to a chosen region: prefilled index, wrong index and duplicate name refused, valid one added', async () => {
    const region = `ტესტრეგიონი ${unique()}`;
    const regionId = (
      await adminApi<{ Ret: number }>('PostInsertRegion', {
        Rid: 20,
        Name: region,
        PostCode: '9900',
        Zone: 2,
      })
    ).Ret;
    const village = `ტესტსოფელი ${unique()}`;
    await withPage(journey.browser, journey.url, 'regions-villages', async (page) => {
      const cities = await openRegions(page);
      const grid = cities.getByRole('grid', { name: CITIES });
      await filterBy(cities, 'დასახელება', region);
      await dataRow(grid, new RegExp(region)).click();
      const heading = `სოფლები: ${region}`;
      const villages = panel(page, heading);
      const vgrid = villages.getByRole('grid', { name: heading });
      await vgrid.getByText('მონაცემები არ არის').waitFor();

      await villages.getByRole('button', { name: 'დამატება', exact: true }).click();
      const row = editor(villages);
      // new-row defaults: the region's index and zone
      assert.equal(await row.getByLabel('ინდექსი', { exact: true }).inputValue(), '9900');
      assert.equal(await row.getByLabel('ზონა', { exact: true }).inputValue(), '2');

      await type(row, 'დასახელება', village);
      await type(row, 'ინდექსი', '1234');
      await row.getByText(msg('reference.villageIndex'), { exact: true }).waitFor();
      await row.getByRole('button', { name: 'შენახვა' }).click();
      await row.getByText(msg('reference.villageIndex'), { exact: true }).waitFor();
      assert.deepEqual(await listOf(regionId), []);

      await type(row, 'ინდექსი', '9910');
      assert.equal(await row.getByText(msg('reference.villageIndex')).count(), 0);
      await row.getByRole('button', { name: 'შენახვა' }).click();
      await seeToast(page, 'დაემატა');
      await dataRow(vgrid, new RegExp(`${village}\\s*9910\\s*2`)).waitFor();

      // the same name again is refused
      await villages.getByRole('button', { name: 'დამატება', exact: true }).click();
      const again = editor(villages);
      await type(again, 'დასახელება', village);
      await again.getByText(msg('reference.villageExists'), { exact: true }).waitFor();
      await again.getByRole('button', { name: 'შენახვა' }).click();
      await again.getByText(msg('reference.villageExists'), { exact: true }).waitFor();
      await again.getByRole('button', { name: 'გაუქმება' }).click();
      await editor(villages).waitFor({ state: 'detached' });
      const stored = await listOf(regionId);
      assert.deepEqual(
        stored.map((v) => [v.Name, v.Index, v.Zone]),
        [[village, '9910', 2]],
      );
      // the region stays chosen (highlighted) while its villages show
      assert.equal(await dataRow(grid, new RegExp(region)).getAttribute('data-focused'), 'true');
      await page.mouse.move(0, 0);
      await screenshot(page, 'regions-villages-1366');
    });
  });
});

describe('statuses and simple lists', () => {
  for (const { path, title, existing } of [
    { path: '/status', title: 'სტატუსები', existing: 'რეგისტრირებულია' },
    { path: '/bagtypes', title: 'ტომრის ტიპები', existing: 'კონტეინერი' },
  ]) {
    it(`${path}: refuses a short name, adds a valid item and switches Enabled off and on`, async () => {
      const name = `ტესტი ${unique()}`;
      await withPage(journey.browser, journey.url, `list-${path.slice(1)}`, async (page) => {
        await openAs(page, 'admin');
        await page.goto(path);
        const area = panel(page, title);
        const grid = area.getByRole('grid', { name: title });
        await grid.locator('tbody tr[data-row-id]').first().waitFor();
        await area.getByRole('button', { name: 'დამატება', exact: true }).click();
        const row = editor(area);
        assert.equal(
          await row.getByLabel('აქტიური', { exact: true }).isChecked(),
          true,
          'enabled by default',
        );
        if (path === '/status')
          assert.equal(await row.getByLabel('ზონა', { exact: true }).inputValue(), '0', 'zone 0 by default');

        await type(row, 'დასახელება', 'აბგ');
        await row.getByText(msg('reference.nameMin4'), { exact: true }).waitFor();
        await row.getByRole('button', { name: 'შენახვა' }).click();
        await row.getByText(msg('reference.nameMin4'), { exact: true }).waitFor();

        await type(row, 'დასახელება', name);
        await row.getByRole('button', { name: 'შენახვა' }).click();
        await seeToast(page, 'დაემატა');
        await editor(area).waitFor({ state: 'detached' });
        await filterBy(area, 'დასახელება', name);
        await waitForNames(grid, [name]);

        // an existing item: switch Enabled off, then back on
        await filterBy(area, 'დასახელება', existing);
        await waitForNames(grid, [existing]);
        for (const enabled of [false, true]) {
          await dataRow(grid, new RegExp(existing)).getByRole('button', { name: 'რედაქტირება' }).click();
          const edit = editor(area);
          await edit.getByLabel('აქტიური', { exact: true }).setChecked(enabled);
          await edit.getByRole('button', { name: 'შენახვა' }).click();
          await seeToast(page, 'განახლდა');
          await editor(area).waitFor({ state: 'detached' });
          await dataRow(grid, new RegExp(`${existing}.*${enabled ? 'დიახ' : 'არა'}`)).waitFor();
          const group = path === '/status' ? 10 : 28;
          assert.equal((await listOf(group)).find((r) => r.Name === existing)?.Enabled, enabled);
        }
        assert.equal(
          (await listOf(path === '/status' ? 10 : 28)).find((r) => r.Name === name)?.Enabled,
          true,
        );
      });
    });
  }
});

describe('access', () => {
  it('sends an operator from /regions to /home, and the API refuses them a new region with Code 403', async () => {
    await withPage(journey.browser, journey.url, 'regions-operator', async (page) => {
      await openAs(page, 'operator', '/regions');
      await page.waitForURL((u) => u.pathname === '/home');
      assert.equal(await page.getByRole('grid', { name: CITIES }).count(), 0);
    });
    const session = await apiLogin(journey.url, 'operator');
    const { env } = await apiCall(
      journey.url,
      'GET',
      'PostInsertRegion',
      { Rid: 20, Name: `ოპერატორის რეგიონი ${unique()}`, PostCode: '9800', Zone: 1 },
      session,
    );
    assert.equal(env?.Status, false);
    assert.equal(env?.Code, 403);
    assert.ok(!(await listOf(20)).some((r) => r.Name.startsWith('ოპერატორის რეგიონი')), 'nothing written');
  });
});
