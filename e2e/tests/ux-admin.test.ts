/**
 * What an administrator trips over in the grids and the shell (issue 18, "Grids and administration" and
 * "Shell"): one journey per point, each failing before its fix.
 *
 * Screenshots land in .e2e-artifacts/ux-admin-*.png. Set E2E_WEB_DIST to test a web build other than
 * apps/web/dist.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiLogin } from '../lib/api.ts';
import { loginAs, openAs, screenshot, signIn, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
const BATUMI_BRANCH = 'ბათუმის ფილიალი';

async function openGrid(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
  const grid = page.getByRole('grid', { name: title });
  await grid.getByRole('button', { name: 'რედაქტირება' }).first().waitFor();
  return grid;
}

async function pick(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const activeLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

describe('grids and administration (issue 18)', () => {
  it('names the field in Georgian, caps the input at the contract’s length, and never says "no connection" for a long text', async () => {
    const admin = await apiLogin(journey.url, 'admin');
    const { env } = await apiCall(
      journey.url,
      'POST',
      'PostInsertOffice',
      { Name: 'ა'.repeat(5000), CityID: 320, Pid: '' },
      admin,
    );
    assert.equal(env?.Code, 400);
    assert.equal(env?.Error, 'ველი „დასახელება“ ძალიან გრძელია (მაქსიმუმ 200 სიმბოლო)');

    await withPage(journey.browser, journey.url, 'ux-admin-length', async (page) => {
      await signIn(page, 'admin');
      await openGrid(page, '/offices', 'ოფისები');
      await page.getByRole('button', { name: 'დამატება' }).click();
      const dialog = page.getByRole('dialog');
      const name = dialog.getByRole('textbox', { name: 'დასახელება' });
      await name.fill('ბ'.repeat(5000));
      assert.equal((await name.inputValue()).length, 200, 'the input takes 200 characters');
      assert.equal(await dialog.getByRole('textbox', { name: 'მისამართი' }).getAttribute('maxlength'), '300');
      await page.getByText('სერვერთან კავშირი არ არის').waitFor({ state: 'detached', timeout: 500 });
    });
  });

  it('/users: Save with a field in error focuses it; Escape cancels; an added user is shown and focused; a deleted user leaves the toolbar', async () => {
    const login = `e2e-ux-${unique()}`;
    await withPage(journey.browser, journey.url, 'ux-admin-users', async (page) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/users', 'მომხმარებლები');

      // Escape cancels the form
      await page.getByRole('button', { name: 'დამატება' }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'მომხმარებელი' }).fill('x');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Save (Enter) with the login too short: the login gets the focus and its message
      await page.getByRole('button', { name: 'დამატება' }).click();
      dialog = page.getByRole('dialog');
      await pick(page, dialog.getByRole('combobox', { name: 'ოფისი', exact: true }), BATUMI_BRANCH);
      await dialog.getByRole('textbox', { name: 'მომხმარებელი' }).fill('ab');
      await dialog.getByRole('checkbox', { name: 'აქტიური' }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByText('მომხმარებლის სახელი უნდა შეიცავდეს მინიმუმ 3 სიმბოლოს').waitFor();
      assert.equal(await activeLabel(page), 'მომხმარებელი', 'the field in error has the focus');

      await dialog.getByRole('textbox', { name: 'მომხმარებელი' }).fill(login);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      // the new user is on screen and focused, whatever page the order puts it on
      const row = grid
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell', { name: login, exact: true }) });
      await row.waitFor();
      await page.waitForFunction(
        (l) =>
          Array.from(document.querySelectorAll('tr[data-focused]')).some((tr) => tr.textContent?.includes(l)),
        login,
      );
      await page.getByText(`მომხმარებელი: ${login}`).waitFor();
      console.log(await screenshot(page, 'ux-admin-users-added'));

      // deleting it: the toolbar forgets it and the password buttons go inactive
      await row.getByRole('button', { name: 'წაშლა' }).click();
      const confirm = page.getByRole('dialog');
      assert.match(await confirm.innerText(), /გაითიშება/);
      await confirm.getByRole('button', { name: 'წაშლა' }).click();
      await row.waitFor({ state: 'detached' });
      await page.getByText('აირჩიეთ მომხმარებელი ცხრილში').waitFor();
      assert.equal(await page.getByRole('button', { name: 'პაროლის განულება' }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: 'პაროლის შეცვლა' }).isDisabled(), true);
    });
  });

  it('/users: deleting a user with work says it will be, and was, disabled instead', async () => {
    await withPage(journey.browser, journey.url, 'ux-admin-disable', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/users', 'მომხმარებლები');
      const row = grid
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell', { name: 'branch', exact: true }) });
      await row.getByRole('button', { name: 'წაშლა' }).click();
      const confirm = page.getByRole('dialog');
      assert.match(await confirm.innerText(), /ამანათები ან ოპერაციები.*გაითიშება/s);
      await confirm.getByRole('button', { name: 'წაშლა' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'მომხმარებელს აქვს ამანათები ან ოპერაციები, ამიტომ ის გაითიშა და არ წაიშალა' })
        .first()
        .waitFor();
      console.log(await screenshot(page, 'ux-admin-disabled'));
    });
  });

  it('/mobiles: a courier on a second device needs a confirmation, and the server refuses it without one', async () => {
    const name = `E2E ${unique()}`;
    await withPage(journey.browser, journey.url, 'ux-admin-mobiles', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/mobiles', 'მობილური მოწყობილობები');
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/PostIsertMobiles')) sent.push(r.postData() ?? '');
      });
      const courierBox = async () => {
        await page.getByRole('button', { name: 'დამატება' }).click();
        const editor = grid.getByRole('row').filter({ has: page.getByRole('button', { name: 'შენახვა' }) });
        await editor.getByRole('textbox', { name: 'დასახელება' }).fill(name);
        await pick(page, editor.getByRole('combobox', { name: 'ოფისი' }), BATUMI_BRANCH);
        return editor;
      };
      const editor = await courierBox();
      await editor
        .getByRole('button', { name: /კურიერი/ })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('row').filter({ hasText: 'courier2' }).first().click();
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      const warning = page.getByRole('dialog', { name: 'კურიერი ორ მოწყობილობაზე' });
      await warning.waitFor();
      console.log(await screenshot(page, 'ux-admin-shared-courier'));
      await warning.getByRole('button', { name: 'გაუქმება' }).click();
      assert.equal(sent.length, 0, 'nothing is sent when the administrator declines');
      await page.keyboard.press('Escape');
    });
    const admin = await apiLogin(journey.url, 'admin');
    const offices = await apiCall<{ Offices: Array<{ GUID: string; Name: string }> }>(
      journey.url,
      'GET',
      'PostGetOffices',
      { Rid: 0 },
      admin,
    );
    const office = offices.env!.Data.Offices.find((o) => o.Name === BATUMI_BRANCH)!;
    const body = {
      Name: `${name} 2`,
      OfficeGUID: office.GUID,
      UserGUID: 'a0000000-0000-4000-8000-000000001106',
      DriverId: '',
    };
    // courier2 carries a seeded device already
    const refused = await apiCall(journey.url, 'POST', 'PostIsertMobiles', body, admin);
    assert.equal(refused.env?.Code, 409);
    assert.match(refused.env?.Error ?? '', /კურიერი უკვე მიბმულია მოწყობილობაზე/);
  });

  it('/create-account refuses the phone "abc" and the e-mail "not-an-email"; the server too', async () => {
    await withPage(journey.browser, journey.url, 'ux-admin-create-account', async (page) => {
      await page.goto('/create-account');
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/PostAccountRequest')) sent.push(r.url());
      });
      await page.getByLabel(/მომხმარებლის სახელი/).fill(`e2e${unique()}`);
      await page.getByLabel('ტელეფონი').fill('abc');
      await page.getByLabel('ელ. ფოსტა').fill('not-an-email');
      await page.getByRole('button', { name: 'მოთხოვნის გაგზავნა' }).click();
      await page
        .getByText('ველი „ტელეფონი“: შეიყვანეთ ტელეფონის ნომერი ციფრებით (მაგ. 599 12 34 56)')
        .waitFor();
      await page
        .getByText('ველი „ელ. ფოსტა“: შეიყვანეთ ელ. ფოსტის მისამართი (მაგ. name@example.ge)')
        .waitFor();
      console.log(await screenshot(page, 'ux-admin-create-account'));
      assert.equal(sent.length, 0);
    });
    const { env } = await apiCall(journey.url, 'POST', 'PostAccountRequest', {
      Kind: 'create',
      Login: `e2e${unique()}`,
      Email: 'not-an-email',
    });
    assert.equal(env?.Code, 400);
    assert.match(env?.Error ?? '', /ელ\. ფოსტა/);
  });

  it('names the roles in English in English mode', async () => {
    await withPage(journey.browser, journey.url, 'ux-admin-roles-en', async (page) => {
      await signIn(page, 'admin');
      await openGrid(page, '/users', 'მომხმარებლები');
      await page.getByRole('button', { name: /მომხმარებლის მენიუ/ }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      const grid = page.getByRole('grid', { name: 'Users' });
      await grid.getByRole('gridcell', { name: 'Operator', exact: true }).first().waitFor();
      assert.equal(await grid.getByRole('gridcell', { name: 'ოპერატორი' }).count(), 0);
      console.log(await screenshot(page, 'ux-admin-roles-en'));
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: 'ქართული' }).click();
    });
  });
});

describe('shell (issue 18)', () => {
  it('keeps Georgian letters out of Mtavruli in the avatar; toasts cover no toolbar button; the password toggle speaks Georgian', async () => {
    await withPage(journey.browser, journey.url, 'ux-admin-shell', async (page) => {
      await page.goto('/login-form');
      const toggle = page.locator('.mantine-PasswordInput-visibilityToggle').first();
      assert.equal(await toggle.getAttribute('aria-label'), 'პაროლის ჩვენება ან დამალვა');

      await openAs(page, 'operator', '/profile');
      const avatar = page.locator('.mantine-Avatar-root').first();
      await avatar.waitFor();
      const initials = (await avatar.innerText()).trim();
      assert.ok(initials.length > 0);
      assert.doesNotMatch(initials, /[\u1C90-\u1CBF]/, `no Mtavruli in "${initials}"`);

      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto('/users');
      await page.waitForURL((u) => u.pathname !== '/users');
    });
    await withPage(journey.browser, journey.url, 'ux-admin-toasts', async (page) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/users', 'მომხმარებლები');
      // a toast: an unchanged user saved again
      const row = grid
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell', { name: 'operator', exact: true }) });
      await row.getByRole('button', { name: 'რედაქტირება' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'შენახვა' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'განახლდა' }).first();
      await toast.waitFor();
      // the toolbar: every button on the row of the add button, measured at once with the toast
      const covered = await page.evaluate(() => {
        const toastEl = Array.from(document.querySelectorAll('[role="alert"]')).find((a) =>
          a.textContent?.includes('განახლდა'),
        );
        const add = Array.from(document.querySelectorAll('button')).find((b) =>
          b.textContent?.includes('დამატება'),
        );
        if (!toastEl || !add) return { found: 0, hits: ['no toast or no add button'] };
        const t = toastEl.getBoundingClientRect();
        const a = add.getBoundingClientRect();
        const row = Array.from(document.querySelectorAll('button')).filter((b) => {
          const r = b.getBoundingClientRect();
          return r.width > 0 && Math.abs(r.y + r.height / 2 - (a.y + a.height / 2)) <= 20;
        });
        const hits = row
          .filter((b) => {
            const r = b.getBoundingClientRect();
            return r.x < t.x + t.width && t.x < r.x + r.width && r.y < t.y + t.height && t.y < r.y + r.height;
          })
          .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
        return { found: row.length, hits };
      });
      assert.ok(covered.found >= 4, `toolbar buttons found: ${covered.found}`);
      assert.deepEqual(covered.hits, [], 'toasts cover toolbar buttons');
      console.log(await screenshot(page, 'ux-admin-toast'));
    });
  });

  it('a corporate administrator opening an admin screen reads "authorization required" and is at the login form', async () => {
    const admin = await apiLogin(journey.url, 'admin');
    const offices = await apiCall<{ Offices: Array<{ GUID: string; IsCorporate: boolean }> }>(
      journey.url,
      'GET',
      'PostGetOffices',
      { Rid: 0 },
      admin,
    );
    const corporate = offices.env!.Data.Offices.find((o) => o.IsCorporate)!;
    const login = `e2e-corp-${unique()}`;
    const made = await apiCall<{ Guid: string }>(
      journey.url,
      'POST',
      'PostInsertUser',
      { Name: login, RoleId: 100, OfficeGUID: corporate.GUID },
      admin,
    );
    assert.equal(made.env?.Status, true, made.env?.Error ?? '');
    const password = 'Corp#2026x';
    const set = await apiCall(
      journey.url,
      'GET',
      'PostUserChangePaswword',
      { User: made.env!.Data.Guid, pass: password },
      admin,
    );
    assert.equal(set.env?.Status, true, set.env?.Error ?? '');
    await withPage(journey.browser, journey.url, 'ux-admin-corporate', async (page) => {
      await loginAs(page, login, password);
      await page.goto('/users');
      await page.waitForURL((u) => u.pathname.startsWith('/login-form'));
      await page.getByRole('alert').filter({ hasText: 'საჭიროა ავტორიზაცია' }).first().waitFor();
      console.log(await screenshot(page, 'ux-admin-corporate'));
      assert.equal(
        await page.evaluate(() =>
          Object.keys(localStorage).some((k) => /session/i.test(k) && localStorage.getItem(k)),
        ),
        false,
      );
    });
  });
});
