/**
 * Manager reports and the couriers' map (spec 000 §2.4, §2.5, §9; 003 "Finance analysis page", "Map demo
 * pages") in a real browser on the demo data: a manager (the admin) runs each report with its default
 * period and compares what the grid shows with what the server answers; the map page shows the demo
 * couriers even though this machine has no network for the map tiles.
 *
 * Screenshots: .e2e-artifacts/reports-finance-anlysis.png, reports-financeparcel.png, reports-mapping.png.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { api, apiCall, apiLogin, type ApiSession } from '../lib/api.ts';
import { openAs, screenshot, signIn, storedSession, valueIs, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();
/** The admin's session, logged in by the first call. */
let admin: ApiSession | undefined;

/** Today and 13 days before, in Tbilisi (the reports' default period). */
function defaultPeriod(): { from: string; to: string } {
  const day = (ms: number) => new Date(ms + 4 * 3_600_000).toISOString().slice(0, 10);
  return { from: day(Date.now() - 13 * 86_400_000), to: day(Date.now()) };
}
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** A call as the admin that must succeed; each report answer renews the ticket: carry on with the new one. */
async function adminApi<T>(
  method: 'GET' | 'POST',
  name: string,
  params: Record<string, string> = {},
): Promise<T> {
  const session = (admin ??= await apiLogin(journey.url, 'admin'));
  const data = await api<T & { Ticket?: string }>(journey.url, method, name, params, session);
  if (data.Ticket) admin = { ...session, Ticket: data.Ticket };
  return data;
}

/** The data rows the grid shows on its page. */
const dataRows = (grid: Locator) => grid.locator('tr[data-row-id]');
/** The grid's total row count from its pager ("… (N …)"), or the rows shown when it has one page. */
async function total(grid: Locator): Promise<number> {
  const info = grid.page().getByTestId('grid-page-info');
  if (await info.count()) {
    const m = /\((\d+)/.exec((await info.first().innerText()).replace(/\s/g, ''));
    if (m) return Number(m[1]);
  }
  return dataRows(grid).count();
}

async function openReport(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
  return page.getByRole('grid', { name: title });
}

describe('manager reports as admin', () => {
  it('financial analysis by parcels: the default 14 days, the companies and the chart as the server counts them', async () => {
    const { from, to } = defaultPeriod();
    const expected = await adminApi<{ Companies: Array<{ Pid: string; Quantity: number }>; Days: unknown[] }>(
      'POST',
      'CalcCompanyParcelSumm',
      { Startdate: us(from), Enddate: us(to) },
    );
    assert.ok(expected.Companies.length > 0, 'the demo has company parcels in the last 14 days');
    await withPage(journey.browser, journey.url, 'reports-financeparcel', async (page) => {
      await signIn(page, 'admin');
      const grid = await openReport(page, '/financeparcel', 'ფინანსური ანალიზი ამანათების მიხედვით');
      const before = (await storedSession(page))!.Ticket;
      await page.getByRole('button', { name: 'ჩატვირთვა' }).click();
      await dataRows(grid).first().waitFor();
      assert.equal(await total(grid), expected.Companies.length);
      // 10 per page (spec 000 §9)
      assert.ok((await dataRows(grid).count()) <= 10);
      const chart = page.getByRole('img', { name: 'ამანათები დღეების მიხედვით' });
      await chart.waitFor();
      assert.equal(await chart.locator('rect').count(), 14);
      const parcels = expected.Companies.reduce((s, c) => s + c.Quantity, 0);
      await page.getByText(new RegExp(`14 დღე: ${parcels} ამანათი`)).waitFor();
      // the report answer renewed the stored ticket
      assert.notEqual((await storedSession(page))!.Ticket, before);
      // the heading folds the filters away
      await page.getByRole('button', { name: /ფინანსური ანალიზი ამანათების მიხედვით/ }).click();
      await page.getByRole('button', { name: 'ჩატვირთვა' }).waitFor({ state: 'hidden' });
      await screenshot(page, 'reports-financeparcel');
    });
  });

  it('financial analysis by managers: new companies of the period, by manager; changing the user clears the results', async () => {
    const { from, to } = defaultPeriod();
    const all = await adminApi<{ Companies: Array<{ Pid: string; User: string }> }>(
      'POST',
      'CalcCompanySumm',
      {
        Startdate: `${from}T00:00:00`,
        Enddate: `${to}T00:00:00`,
        User: '',
        Note: '',
      },
    );
    assert.ok(all.Companies.length > 0, 'the demo has companies registered in the last 14 days');
    const managers = await adminApi<{ Users: Array<{ Name: string; ID: string }> }>('GET', 'GetUserList');
    const manager = managers.Users.find((u) => all.Companies.some((c) => c.User === u.Name))!;
    const mine = all.Companies.filter((c) => c.User === manager.Name).length;
    await withPage(journey.browser, journey.url, 'reports-finance-anlysis', async (page) => {
      await signIn(page, 'admin');
      const grid = await openReport(page, '/finance-anlysis', 'ფინანსური ანალიზი მენეჯერების მიხედვით');
      await page.getByRole('button', { name: 'ჩატვირთვა' }).click();
      await dataRows(grid).first().waitFor();
      assert.equal(await total(grid), all.Companies.length);
      await page.getByRole('img', { name: 'ამანათები დღეების მიხედვით' }).waitFor();
      await screenshot(page, 'reports-finance-anlysis');

      await page.getByRole('textbox', { name: 'კომენტარი' }).fill('ტექსტი');
      await page.getByRole('combobox', { name: 'მომხმარებელი', exact: true }).click();
      await page.getByRole('option', { name: manager.Name, exact: true }).click();
      // a new user: the comment and the results are cleared
      await valueIs(page, page.getByRole('textbox', { name: 'კომენტარი' }), '');
      await dataRows(grid).first().waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'ჩატვირთვა' }).click();
      await dataRows(grid).first().waitFor();
      assert.equal(await total(grid), mine);
    });
  });

  it('periodic employee report: asks for an employee, then a row per day with red "not recorded" days', async () => {
    const { from, to } = defaultPeriod();
    const employees = await adminApi<{ Users: Array<{ Name: string; ID: string }> }>('GET', 'FGetUserList');
    const operator = employees.Users.find((u) => u.Name === 'ოთარ ოპერატორი')!;
    const expected = await adminApi<{ Users: Array<{ InComDate: string | null; Delta: number }> }>(
      'GET',
      'FGetUserStatByDate',
      { UserID: operator.ID, StartDate: us(from), EndDate: us(to) },
    );
    const missing = expected.Users.filter((u) => u.InComDate === null).length;
    assert.ok(missing > 0, 'weekends have no attendance in the demo');
    await withPage(journey.browser, journey.url, 'reports-employeevisit', async (page) => {
      await signIn(page, 'admin');
      const grid = await openReport(page, '/employeevisit', 'თანამშრომლის პერიოდული ანგარიში');
      await page.getByRole('button', { name: 'ჩატვირთვა' }).click();
      await page.getByRole('alert').filter({ hasText: 'აუცილებელია თანამშრომლის არჩევა' }).first().waitFor();
      await page.getByRole('combobox', { name: 'თანამშრომელი', exact: true }).click();
      await page.getByRole('option', { name: operator.Name, exact: true }).click();
      await page.getByRole('button', { name: 'ჩატვირთვა' }).click();
      await dataRows(grid).first().waitFor();
      assert.equal(await total(grid), 14);
      // 5, 10, 20 per page (spec 000 §9): show 20 to see every day
      await page.locator('label[for$="-20"]').click();
      await page.waitForFunction(() => document.querySelectorAll('tr[data-row-id]').length === 14);
      assert.equal(await grid.locator('[data-attendance="not-recorded"]').count(), missing * 2);
      const minutes = expected.Users.reduce((s, u) => s + u.Delta, 0);
      await grid.getByText(`${Math.floor(minutes / 60)} სთ ${minutes % 60} წთ`).waitFor();
    });
  });

  it('daily report: every employee today; the manager who just logged in has arrived', async () => {
    const employees = await adminApi<{ Users: unknown[] }>('GET', 'FGetUserList');
    await withPage(journey.browser, journey.url, 'reports-visitofdey', async (page) => {
      await signIn(page, 'admin');
      const grid = await openReport(page, '/visitofdey', 'დღის ანგარიში');
      await page.getByRole('button', { name: 'ჩატვირთვა' }).click();
      await dataRows(grid).first().waitFor();
      assert.equal(await total(grid), employees.Users.length);
      await grid.getByRole('textbox', { name: 'ფილტრი: თანამშრომელი' }).fill('ანა ადმინისტრატორი');
      const row = dataRows(grid).filter({ hasText: 'ანა ადმინისტრატორი' });
      await row.waitFor();
      assert.match(await row.innerText(), /\d{2}:\d{2}/);
      assert.equal(await row.locator('[data-attendance="not-recorded"]').count(), 0);
    });
  });
});

describe('couriers map and tasks as admin', () => {
  it('lists the demo couriers with their last positions and says the map cannot load without tiles', async () => {
    const { Couriers } = await adminApi<{
      Couriers: Array<{ Name: string; Lat: number | null; Lng: number | null }>;
    }>('GET', 'CourierPositions');
    const placed = Couriers.filter((c) => c.Lat !== null);
    assert.ok(placed.length >= 2, 'the demo couriers have positions');
    await withPage(journey.browser, journey.url, 'reports-mapping', async (page) => {
      await openAs(page, 'admin', '/mapping');
      await page.getByRole('heading', { name: 'რუკა', level: 2 }).waitFor();
      await page.getByRole('region', { name: 'კურიერების რუკა' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'რუკის ჩატვირთვა ვერ მოხერხდა' }).waitFor();
      // the bundled markers, one per placed courier
      assert.equal(await page.locator('.leaflet-marker-icon').count(), placed.length);
      const src = await page.locator('.leaflet-marker-icon').first().getAttribute('src');
      assert.ok(src && !/^https?:/.test(src), `marker image is bundled: ${src?.slice(0, 40)}`);
      const grid = page.getByRole('grid', { name: 'კურიერები' });
      await dataRows(grid).first().waitFor();
      for (const c of placed) {
        const row = dataRows(grid).filter({ hasText: c.Name });
        assert.match(await row.innerText(), new RegExp(c.Lat!.toFixed(6).replace('.', '\\.')));
      }
      await screenshot(page, 'reports-mapping');
    });
  });

  it('the courier tasks show what each courier holds', async () => {
    const { Couriers } = await adminApi<{ Couriers: Array<{ Name: string; Held: number }> }>(
      'GET',
      'CourierTasks',
    );
    await withPage(journey.browser, journey.url, 'reports-tasks', async (page) => {
      await signIn(page, 'admin');
      const grid = await openReport(page, '/tasks', 'დავალებები');
      await dataRows(grid).first().waitFor();
      assert.equal(await dataRows(grid).count(), Couriers.length);
      for (const c of Couriers) {
        const row = dataRows(grid).filter({ hasText: c.Name });
        assert.match(await row.innerText(), new RegExp(`\\b${c.Held}\\b`));
      }
    });
  });

  it('an operator of a corporate client may not open the reports', async () => {
    await withPage(journey.browser, journey.url, 'reports-refused', async (page) => {
      await openAs(page, 'corporate', '/financeparcel');
      await page.waitForURL((u) => u.pathname === '/home');
      const corp = await apiLogin(journey.url, 'corporate');
      const { env } = await apiCall(journey.url, 'GET', 'FGetUserList', {}, corp);
      assert.equal(env?.Code, 403);
    });
  });
});
