/**
 * Administration of offices, courier devices and users (spec 001 §2.1–2.3, §4–§9) in a real browser:
 * the validation messages of §5, the distribution-centre rule, the registry check of the driver,
 * the new-user defaults, the courier code, the password set / reset (each confirmed first), the
 * open password and account requests, and the role rule of §6 (screens and calls).
 *
 * Every test seeds and names its own data (a unique suffix) and logs in afresh.
 * Set E2E_WEB_DIST to test a web build other than apps/web/dist.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { api, apiCall, apiLogin, type ApiSession } from '../lib/api.ts';
import { loginAs, openAs, screenshot, signIn, storedSession, valueIs, withPage } from '../lib/browser.ts';
import { seriousViolations } from '../lib/axe.ts';
import { useJourney } from '../lib/journey.ts';

/** Confirms the warning that the chosen courier already has a device ("assign anyway"). */
async function assignAnyway(page: Page) {
  const warning = page.getByRole('dialog', { name: 'კურიერი ორ მოწყობილობაზე' });
  await warning.waitFor();
  assert.match(await warning.innerText(), /courier2 უკვე მიბმულია მოწყობილობაზე/);
  await warning.getByRole('button', { name: 'მაინც მივაბათ' }).click();
  await warning.waitFor({ state: 'detached' });
}

/** How far the page scrolls sideways (0: it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const journey = useJourney();

/** A short suffix that keeps names and logins of one test apart from every other's. */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;

const TBILISI_CENTRE = 'თბილისის სადისტრიბუციო ცენტრი';
const BATUMI_BRANCH = 'ბათუმის ფილიალი';

interface OfficeRow {
  GUID: string;
  Name: string;
  CityID: number | null;
  DistributionCenter: string | null;
  IsDistrCenter: boolean;
  PID: string;
}
interface MobileRow {
  GUID: string;
  Name: string;
  DriverId: string;
  UserGUID: string | null;
}
interface UserRow {
  GUID: string;
  Login: string;
  OfficeGUID: string;
  RoleId: number;
  StatisticDefDay: number;
  StatisticParcelsNumber: number;
  Enabled: boolean;
  IsAnother: boolean;
  Info: string;
}

/** A GET call as the admin (logged in afresh) that must succeed; answers its data. */
const adminGet = <T>(name: string, params: Record<string, string | number> = {}) =>
  api<T>(journey.url, 'GET', name, params, 'admin');
const officesNamed = async (name: string) =>
  (await adminGet<{ Offices: OfficeRow[] }>('PostGetOffices', { Rid: 0 })).Offices.filter((o) =>
    o.Name.includes(name),
  );
const mobilesNamed = async (name: string) =>
  (await adminGet<{ Mobiles: MobileRow[] }>('PostGetMobiles')).Mobiles.filter((m) => m.Name.includes(name));
const userByLogin = async (login: string) =>
  (await adminGet<{ AllUsers: UserRow[] }>('PostGetAllUsers')).AllUsers.find((u) => u.Login === login);

/** A toast (or the editor's message): any alert with the text. */
const alertWith = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text }).first();

/**
 * Waits until the toasts are gone. They sit over the grid's toolbar at the top right, and a pointer
 * resting on one keeps it open, so the pointer moves away first (as a user would).
 */
async function waitForToasts(page: Page) {
  await page.mouse.move(1, 1);
  await page.getByRole('alert').first().waitFor({ state: 'detached' });
}

/** The seeded courier 'courier2' (office: Batumi branch). */
const COURIER2_GUID = 'a0000000-0000-4000-8000-000000001106';

/** Picks an item of a Mantine Select (the grid's lookup editor). */
async function pick(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await valueIs(page, combobox, option);
}

/**
 * Types into a column's filter-row box and waits until the grid has applied it: the box reports its
 * text after a typing pause, and a row clicked before then is redrawn under the click.
 */
async function filterBy(grid: Locator, column: string, text: string): Promise<void> {
  await grid.getByRole('textbox', { name: `ფილტრი: ${column}` }).fill(text);
  await grid
    .locator('tbody tr[data-row-id]')
    .filter({ hasNotText: text })
    .first()
    .waitFor({ state: 'detached' });
}

/** Filters the grid by a column's text and waits for the row with that text. */
async function findRow(grid: Locator, column: string, text: string): Promise<Locator> {
  await filterBy(grid, column, text);
  const row = grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('gridcell', { name: text, exact: true }) });
  await row.first().waitFor();
  return row.first();
}

/** The text of one cell of a data row, by its column's header (no selection or detail columns). */
async function cellText(grid: Locator, row: Locator, header: string): Promise<string> {
  const headers = await grid
    .getByRole('row')
    .first()
    .getByRole('columnheader')
    .evaluateAll((ths) => ths.map((th) => th.querySelector('button')?.textContent?.trim() ?? ''));
  const index = headers.indexOf(header);
  assert.ok(index >= 0, `a column "${header}" in ${headers.join(' | ')}`);
  return (await row.getByRole('gridcell').nth(index).innerText()).trim();
}

/** The row being added or edited (row-mode editing): the one with the save button. */
const editRow = (grid: Locator) =>
  grid.getByRole('row').filter({ has: grid.page().getByRole('button', { name: 'შენახვა' }) });
/** The editing form of a wide grid (/users edits in a form, as /offices does: issue 18). */
const editForm = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'შენახვა' }) });

/** Opens a screen as the admin and waits for its grid to hold rows. */
async function openGrid(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
  const grid = page.getByRole('grid', { name: title });
  await grid.getByRole('button', { name: 'რედაქტირება' }).first().waitFor();
  return grid;
}

describe('administration as admin', () => {
  it('offices: shows the name and personal-code rules, adds an office with a city, clears and disables the distribution office of a centre, renames it', async () => {
    const name = `E2E ოფისი ${unique()}`;
    const renamed = `${name} (ახალი)`;
    await withPage(journey.browser, journey.url, 'admin-offices', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/offices', 'ოფისები');
      await page.getByRole('button', { name: 'დამატება' }).click();
      const form = page.getByRole('dialog', { name: 'ოფისი' });

      // §5: name of at least 4 characters, personal code of digits only, at most 11
      await form.getByRole('textbox', { name: 'დასახელება' }).fill('აბგ');
      await form.getByText('დასახელება უნდა შეიცავდეს 4-ზე მეტ სიმბოლოს').waitFor();
      const pid = form.getByRole('textbox', { name: 'პირადი ნომერი' });
      await pid.fill('20400A');
      await form.getByText('პირადი ნომერი: ციფრები 0..11').waitFor();
      // the input takes no more than the contract's 11 characters
      await pid.fill('204000000123');
      assert.equal(await pid.inputValue(), '20400000012');
      await pid.fill('20400A');
      await form.getByText('პირადი ნომერი: ციფრები 0..11').waitFor();
      const inserts: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/PostInsertOffice')) inserts.push(r.url());
      });
      await form.getByRole('button', { name: 'შენახვა' }).click();
      await form.getByText('ველის შევსება სავალდებულოა').first().waitFor(); // the city is required too
      assert.equal(inserts.length, 0, 'nothing is sent while the form is wrong');

      await form.getByRole('textbox', { name: 'დასახელება' }).fill(name);
      await pid.fill('20400012345');
      assert.equal(await form.getByText('პირადი ნომერი: ციფრები 0..11').count(), 0);
      assert.equal(await form.getByText('დასახელება უნდა შეიცავდეს 4-ზე მეტ სიმბოლოს').count(), 0);
      await pick(page, form.getByRole('combobox', { name: 'მდებარეობა' }), 'თბილისი');
      await form.getByRole('textbox', { name: 'მისამართი' }).fill('თბილისი, რუსთაველის გამზ. 1');

      // §2.1: a distribution centre has no distribution office, and the field is disabled
      const distr = form.getByRole('combobox', { name: 'სადისტრიბუციო ოფისი' });
      await pick(page, distr, TBILISI_CENTRE);
      assert.equal(await distr.inputValue(), TBILISI_CENTRE);
      await form.getByRole('checkbox', { name: 'სადისტრიბუციო ცენტრი' }).check();
      await valueIs(page, distr, '');
      assert.equal(await distr.inputValue(), '');
      assert.equal(await distr.isDisabled(), true);

      await form.getByRole('button', { name: 'შენახვა' }).click();
      await alertWith(page, 'დაემატა').waitFor();
      await form.waitFor({ state: 'detached' });
      const [saved] = await officesNamed(name);
      assert.ok(saved, 'the office is saved');
      assert.equal(saved.IsDistrCenter, true);
      assert.equal(saved.DistributionCenter, null);
      assert.equal(saved.PID, '20400012345');

      // rename it in the form dialog
      const row = await findRow(grid, 'დასახელება', name);
      assert.equal(await cellText(grid, row, 'მდებარეობა'), 'თბილისი');
      assert.equal(await cellText(grid, row, 'სადისტრიბუციო ცენტრი'), 'დიახ');
      await row.getByRole('button', { name: 'რედაქტირება' }).click();
      await form.getByRole('textbox', { name: 'დასახელება' }).fill(renamed);
      // still a centre: the distribution office stays empty and disabled
      assert.equal(await form.getByRole('combobox', { name: 'სადისტრიბუციო ოფისი' }).isDisabled(), true);
      await form.getByRole('button', { name: 'შენახვა' }).click();
      await alertWith(page, 'განახლდა').waitFor();
      await form.waitFor({ state: 'detached' });

      // after a refresh the grid shows the new name
      await waitForToasts(page);
      await page.getByRole('button', { name: 'განახლება' }).click();
      const fresh = await findRow(grid, 'დასახელება', renamed);
      assert.equal(await cellText(grid, fresh, 'პირადი ნომერი'), '20400012345');
      assert.equal((await officesNamed(name)).length, 1, 'renamed, not added twice');
    });
  });

  it('mobiles: with the registry check on, refuses an unknown driver, names a known one and saves; refuses a short name', async () => {
    const name = `E2E ტელეფონი ${unique()}`;
    await withPage(journey.browser, journey.url, 'admin-mobiles', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/mobiles', 'მობილური მოწყობილობები');
      const inserts: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/PostIsertMobiles')) inserts.push(r.url());
      });
      await page.getByRole('checkbox', { name: 'მძღოლის შემოწმება RS-ის რეესტრში' }).check();

      await page.getByRole('button', { name: 'დამატება' }).click();
      const editor = editRow(grid);
      assert.equal(await editor.getByRole('checkbox', { name: 'აქტიური' }).isChecked(), true, 'new: active');
      await editor.getByRole('textbox', { name: 'დასახელება' }).fill(name);
      await pick(page, editor.getByRole('combobox', { name: 'ოფისი' }), TBILISI_CENTRE);

      // §2.2/§9: the courier is picked from a drop-down grid of couriers showing their office
      const courierBox = editor.getByRole('button', { name: 'კურიერი', exact: true });
      await courierBox.click();
      const couriers = page.getByRole('dialog', { name: 'კურიერი' });
      const courierGrid = couriers.getByRole('grid', { name: 'კურიერი' });
      await filterBy(courierGrid, 'კურიერი', 'courier2');
      const courierRow = courierGrid
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell', { name: 'courier2', exact: true }) });
      assert.equal(await cellText(courierGrid, courierRow, 'ოფისი'), BATUMI_BRANCH);
      await courierRow.click();
      await couriers.waitFor({ state: 'detached' });
      assert.equal((await courierBox.innerText()).trim(), 'courier2');

      await editor.getByRole('textbox', { name: 'მანქანის ნომერი' }).fill('TB-100-EE');
      await editor.getByRole('textbox', { name: 'მძღოლი' }).fill('01999999999');
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      // courier2 has a device already: the screen warns before it assigns a second one (issue 18)
      await assignAnyway(page);
      await alertWith(page, 'მძღოლი 01999999999 ვერ მოიძებნა').waitFor();
      assert.equal(inserts.length, 0, 'an unknown driver is not sent');
      assert.equal((await mobilesNamed(name)).length, 0, 'nothing saved');
      assert.equal(await editor.count(), 1, 'the editor stays open');

      await editor.getByRole('textbox', { name: 'მძღოლი' }).fill('01024055123');
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      await assignAnyway(page);
      await alertWith(page, 'მძღოლი 01024055123: გიორგი ბერიძე').waitFor();
      await alertWith(page, 'დაემატა').waitFor();
      const row = await findRow(grid, 'დასახელება', name);
      assert.equal(await cellText(grid, row, 'მძღოლი'), '01024055123');
      assert.equal(await cellText(grid, row, 'ოფისი'), TBILISI_CENTRE);
      assert.equal(await cellText(grid, row, 'კურიერი'), 'courier2');
      assert.equal(await cellText(grid, row, 'აქტიური'), 'დიახ');
      const saved = await mobilesNamed(name);
      assert.equal(saved.length, 1);
      assert.equal(saved[0].DriverId, '01024055123');
      assert.equal(saved[0].UserGUID, COURIER2_GUID);

      // §5: a device name needs at least 4 characters
      await waitForToasts(page);
      await page.getByRole('button', { name: 'დამატება' }).click();
      await editor.getByRole('textbox', { name: 'დასახელება' }).fill('ab');
      await pick(page, editor.getByRole('combobox', { name: 'ოფისი' }), TBILISI_CENTRE);
      const before = inserts.length;
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      await editor.getByText('მოწყობილობის დასახელება უნდა შეიცავდეს მინიმუმ 4 სიმბოლოს').waitFor();
      assert.equal(inserts.length, before, 'a short name is not sent');
      await editor.getByRole('button', { name: 'გაუქმება' }).click();
      await editor.waitFor({ state: 'detached' });
    });
  });

  it('users: a new user starts as operator with 4 days / 5 parcels; a taken or short login is refused; the user is added', async () => {
    const login = `e2e-op-${unique()}`;
    await withPage(journey.browser, journey.url, 'admin-users-add', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/users', 'მომხმარებლები');
      const inserts: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/PostInsertUser')) inserts.push(r.url());
      });
      await page.getByRole('button', { name: 'დამატება' }).click();
      const editor = editForm(page);

      // §4 defaults of a new user
      assert.equal(
        await editor.getByRole('combobox', { name: 'როლი', exact: true }).inputValue(),
        'ოპერატორი',
      );
      assert.equal(await editor.getByRole('textbox', { name: 'დეშბორდის დღეები' }).inputValue(), '4');
      assert.equal(await editor.getByRole('textbox', { name: 'დეშბორდის ამანათები' }).inputValue(), '5');
      assert.equal(await editor.getByRole('checkbox', { name: 'აქტიური' }).isChecked(), true);
      assert.equal(
        await editor.getByRole('checkbox', { name: 'არ არის კომპანიის თანამშრომელი' }).isChecked(),
        false,
      );
      assert.equal(await editor.getByRole('checkbox', { name: 'რეგისტრაცია აკრძალულია' }).isChecked(), false);
      assert.equal(
        await editor.getByRole('textbox', { name: 'კომენტარი' }).isDisabled(),
        true,
        'only couriers',
      );

      const loginBox = editor.getByRole('textbox', { name: 'მომხმარებელი' });
      await pick(page, editor.getByRole('combobox', { name: 'ოფისი', exact: true }), BATUMI_BRANCH);
      await loginBox.fill('OPERATOR');
      await editor.getByText('მომხმარებლის სახელი არ არის უნიკალური').waitFor();
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      await editor.getByText('მომხმარებლის სახელი არ არის უნიკალური').waitFor();
      await loginBox.fill('ab');
      await editor.getByText('მომხმარებლის სახელი უნდა შეიცავდეს მინიმუმ 3 სიმბოლოს').waitFor();
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      assert.equal(inserts.length, 0, 'a taken or short login is not sent');

      await loginBox.fill(login);
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      await alertWith(page, 'დაემატა').waitFor();
      const row = await findRow(grid, 'მომხმარებელი', login);
      assert.equal(await cellText(grid, row, 'როლი'), 'ოპერატორი');
      assert.equal(await cellText(grid, row, 'ოფისი'), BATUMI_BRANCH);
      assert.equal(await cellText(grid, row, 'დეშბორდის დღეები'), '4');
      assert.equal(await cellText(grid, row, 'დეშბორდის ამანათები'), '5');
      assert.equal(await cellText(grid, row, 'აქტიური'), 'დიახ');
      const saved = await userByLogin(login);
      assert.ok(saved);
      assert.deepEqual(
        [saved.RoleId, saved.StatisticDefDay, saved.StatisticParcelsNumber, saved.Enabled, saved.IsAnother],
        [105, 4, 5, true, false],
      );

      // the server keeps logins unique too (any case)
      const admin = await apiLogin(journey.url, 'admin');
      const dup = await apiCall(
        journey.url,
        'POST',
        'PostInsertUser',
        { Name: login.toUpperCase(), OfficeGUID: saved.OfficeGUID },
        admin,
      );
      assert.equal(dup.env?.Status, false);
      assert.equal(dup.env?.Error, 'მომხმარებლის სახელი არ არის უნიკალური');
    });
  });

  it('users: a courier (106) edited with an empty comment gets a 6-digit code and is disabled', async () => {
    const login = `e2e-cr-${unique()}`;
    await withPage(journey.browser, journey.url, 'admin-users-courier', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/users', 'მომხმარებლები');
      await page.getByRole('button', { name: 'დამატება' }).click();
      const editor = editForm(page);
      await editor.getByRole('textbox', { name: 'მომხმარებელი' }).fill(login);
      await pick(page, editor.getByRole('combobox', { name: 'ოფისი', exact: true }), TBILISI_CENTRE);
      await pick(
        page,
        editor.getByRole('combobox', { name: 'როლი', exact: true }),
        'კურიერი / მობილური მომხმარებელი',
      );
      assert.equal(await editor.getByRole('textbox', { name: 'კომენტარი' }).isDisabled(), false);
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      await alertWith(page, 'დაემატა').waitFor();
      await editor.waitFor({ state: 'detached' });
      const added = await userByLogin(login);
      assert.ok(added);
      assert.deepEqual([added.RoleId, added.Info, added.Enabled], [106, '', true]);

      const row = await findRow(grid, 'მომხმარებელი', login);
      await row.getByRole('button', { name: 'რედაქტირება' }).click();
      assert.equal(await editor.getByRole('textbox', { name: 'კომენტარი' }).inputValue(), '');
      await editor.getByRole('button', { name: 'შენახვა' }).click();
      await alertWith(page, 'განახლდა').waitFor();
      await editor.waitFor({ state: 'detached' });

      // the grid reloads with the server's code in the comment and the user disabled
      const edited = await findRow(grid, 'მომხმარებელი', login);
      await edited.getByRole('gridcell', { name: /^\d{6}$/ }).waitFor();
      const code = await cellText(grid, edited, 'კომენტარი');
      assert.match(code, /^\d{6}$/);
      assert.ok(Number(code) >= 100000 && Number(code) <= 999999);
      assert.equal(await cellText(grid, edited, 'აქტიური'), 'არა');
      const saved = await userByLogin(login);
      assert.deepEqual([saved?.Info, saved?.Enabled], [code, false]);
    });
  });

  it('users: sets a password for a new user after confirming (the user logs in with it), then resets it (the old one stops working)', async () => {
    const login = `e2e-pw-${unique()}`;
    const password = 'Tbilisi#2026x';
    const admin = await apiLogin(journey.url, 'admin');
    const office = (await officesNamed(BATUMI_BRANCH))[0];
    const added = await apiCall<{ Ret: number }>(
      journey.url,
      'POST',
      'PostInsertUser',
      { Name: login, OfficeGUID: office.GUID },
      admin,
    );
    assert.equal(added.env?.Status, true, `seed user: ${added.env?.Error}`);

    await withPage(journey.browser, journey.url, 'admin-users-password', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/users', 'მომხმარებლები');
      const row = await findRow(grid, 'მომხმარებელი', login);
      await row.getByRole('gridcell', { name: login, exact: true }).click();
      await page.getByText(`მომხმარებელი: ${login}`).waitFor();

      await page.getByRole('textbox', { name: 'ახალი პაროლი' }).fill(password);
      await page.getByRole('button', { name: 'პაროლის შეცვლა' }).click();
      const confirm = page.getByRole('dialog', { name: 'დადასტურება' });
      await confirm.getByText(`შევუცვალოთ პაროლი მომხმარებელს ${login}?`).waitFor();
      // "no" changes nothing
      await confirm.getByRole('button', { name: 'არა' }).click();
      await confirm.waitFor({ state: 'detached' });
      const refused = await apiCall(journey.url, 'POST', 'PostGetUser', { Login: login, Password: password });
      assert.equal(refused.env?.Status, false, 'not set without the confirmation');

      await page.getByRole('button', { name: 'პაროლის შეცვლა' }).click();
      await confirm.getByRole('button', { name: 'დიახ' }).click();
      await alertWith(page, `${login}-ის პაროლი შეიცვალა`).waitFor();
      const session = await apiLogin(journey.url, login, password);
      assert.equal(session.Role, 105);

      await page.getByRole('button', { name: 'პაროლის განულება' }).click();
      await confirm.getByText(new RegExp(`^გავანულოთ ${login}-ის პაროლი\\?`)).waitFor();
      await confirm.getByRole('button', { name: 'დიახ' }).click();
      await alertWith(page, `${login}-ის პაროლი განულდა`).waitFor();
      const old = await apiCall(journey.url, 'POST', 'PostGetUser', { Login: login, Password: password });
      assert.equal(old.env?.Status, false, 'the old password no longer logs in');
      // and the session opened with it has ended
      const stale = await apiCall(journey.url, 'GET', 'PostGetOffices', { Rid: 0 }, session);
      assert.equal(stale.env?.Code, 401);
    });
  });

  it('users: a password the administrator sets is temporary: the user must choose their own, then works', async () => {
    const login = `e2e-tmp-${unique()}`;
    const temporary = 'Given#2026x';
    const own = 'Mine#2026y';
    const admin = await apiLogin(journey.url, 'admin');
    const office = (await officesNamed(BATUMI_BRANCH))[0];
    const added = await apiCall(
      journey.url,
      'POST',
      'PostInsertUser',
      { Name: login, OfficeGUID: office.GUID },
      admin,
    );
    assert.equal(added.env?.Status, true, `seed user: ${added.env?.Error}`);

    await withPage(journey.browser, journey.url, 'admin-users-temporary-set', async (page) => {
      await signIn(page, 'admin');
      const grid = await openGrid(page, '/users', 'მომხმარებლები');
      const row = await findRow(grid, 'მომხმარებელი', login);
      await row.getByRole('gridcell', { name: login, exact: true }).click();
      await page.getByRole('textbox', { name: 'ახალი პაროლი' }).fill(temporary);
      await page.getByRole('button', { name: 'პაროლის შეცვლა' }).click();
      await page.getByRole('dialog', { name: 'დადასტურება' }).getByRole('button', { name: 'დიახ' }).click();
      await alertWith(page, `${login}-ის პაროლი შეიცვალა`).waitFor();
    });

    await withPage(journey.browser, journey.url, 'admin-users-temporary-use', async (page) => {
      await loginAs(page, login, temporary);
      // the login sends the user to choose their own password, and no other screen opens meanwhile
      await page.waitForURL('**/change-password');
      await page.getByText('თქვენი პაროლი ადმინისტრატორმა დააყენა და ის დროებითია').waitFor();
      await screenshot(page, 'temporary-password');
      await page.goto('/parfinder');
      await page.waitForURL('**/change-password');
      // the server refuses the session's other calls with a Georgian message
      const stored = await storedSession(page);
      assert.ok(stored);
      const refused = await apiCall(journey.url, 'GET', 'PostGetRegion', { Rid: 20 }, stored);
      assert.deepEqual(
        [refused.env?.Code, refused.env?.Error],
        [403, 'ადმინისტრატორის მიერ მინიჭებული პაროლი დროებითია: ჯერ შეცვალეთ ის საკუთარი პაროლით'],
      );

      await page.getByLabel(/^ძველი პაროლი/).fill(temporary);
      await page.getByLabel(/^ახალი პაროლი/).fill(own);
      await page.getByLabel(/^გაიმეორეთ ახალი პაროლი/).fill(own);
      await page.getByRole('button', { name: 'შეცვლა', exact: true }).click();
      await page.waitForURL('**/home');
      // now the user works: a screen opens and its calls are answered
      await page.goto('/parfinder');
      await page.getByRole('grid').first().waitFor();
      assert.ok(new URL(page.url()).pathname.startsWith('/parfinder'));
      const now = await storedSession(page);
      const works = await apiCall(journey.url, 'GET', 'PostGetRegion', { Rid: 20 }, now!);
      assert.equal(works.env?.Status, true, works.env?.Error);
      // and the administrator's password no longer opens the account
      const old = await apiCall(journey.url, 'POST', 'PostGetUser', { Login: login, Password: temporary });
      assert.equal(old.env?.Status, false);
    });
  });

  it('users: lists an open password request sent from the public /reset-password screen', async () => {
    const login = `e2e-rq-${unique()}`;
    await withPage(journey.browser, journey.url, 'admin-account-requests', async (page) => {
      await page.goto('/reset-password');
      await page.getByRole('textbox', { name: 'მომხმარებლის სახელი' }).fill(login);
      await page.getByRole('textbox', { name: 'სახელი და გვარი' }).fill('ნინო ტესტაძე');
      await page.getByRole('textbox', { name: 'ტელეფონი' }).fill('555123456');
      await page.getByRole('textbox', { name: 'შეტყობინება' }).fill('პაროლი დამავიწყდა');
      await page.getByRole('button', { name: 'მოთხოვნის გაგზავნა' }).click();
      await page.getByRole('status').filter({ hasText: 'მოთხოვნა მიღებულია' }).waitFor();

      await openAs(page, 'admin', '/users');
      const table = page.getByRole('table', { name: 'პაროლისა და ანგარიშის მოთხოვნები' });
      const row = table.getByRole('row').filter({ hasText: login });
      for (const piece of ['პაროლის აღდგენა', 'ნინო ტესტაძე', '555123456', 'პაროლი დამავიწყდა']) {
        await row.getByText(piece).waitFor();
      }
      await row.getByRole('button', { name: 'დამუშავებულია' }).waitFor();
    });
  });

  it('users: marks an open account request handled; it leaves the open list and shows who handled it', async () => {
    const login = `e2e-rq-${unique()}`;
    const sent = await apiCall(journey.url, 'POST', 'PostAccountRequest', {
      Kind: 'create',
      Login: login,
      Name: 'გიორგი ტესტაძე',
      Email: 'giorgi@example.ge',
      Office: 'ბათუმის ფილიალი',
    });
    assert.equal(sent.env?.Status, true, `request: ${sent.env?.Error}`);
    await withPage(journey.browser, journey.url, 'admin-account-requests-handle', async (page) => {
      await openAs(page, 'admin', '/users');
      const table = page.getByRole('table', { name: 'პაროლისა და ანგარიშის მოთხოვნები' });
      const row = table.getByRole('row').filter({ hasText: login });
      await row.getByText('ახალი ანგარიში').waitFor();
      await row.getByRole('button', { name: 'დამუშავებულია' }).click();
      await alertWith(page, 'მოთხოვნა მოინიშნა დამუშავებულად').waitFor();
      await row.waitFor({ state: 'detached' });

      await page.getByRole('switch', { name: 'დამუშავებულების ჩვენებაც' }).check();
      await row.getByText('დაამუშავა admin').waitFor();
    });
  });

  it('/users and /mobiles fit 1366 px without sideways scrolling and have no serious accessibility faults', async () => {
    await withPage(journey.browser, journey.url, 'admin-screenshots', async (page) => {
      await signIn(page, 'admin');
      const users = await openGrid(page, '/users', 'მომხმარებლები');
      await users.getByRole('gridcell', { name: 'courier', exact: true }).click();
      await page.getByText('მომხმარებელი: courier').waitFor();
      await page.getByText('სერვერთან დაკავშირება...').waitFor({ state: 'detached' });
      console.log(await screenshot(page, 'admin-users-1366'));
      assert.equal(await sidewaysOverflow(page), 0, '/users scrolls sideways');
      assert.deepEqual(await seriousViolations(page), [], '/users: axe serious/critical');
      await openGrid(page, '/mobiles', 'მობილური მოწყობილობები');
      await page.getByText('სერვერთან დაკავშირება...').waitFor({ state: 'detached' });
      console.log(await screenshot(page, 'admin-mobiles-1366'));
      assert.equal(await sidewaysOverflow(page), 0, '/mobiles scrolls sideways');
      assert.deepEqual(await seriousViolations(page), [], '/mobiles: axe serious/critical');
    });
  });
});

describe('administration refused to other roles', () => {
  for (const login of ['operator', 'corporate']) {
    it(`${login}: /offices, /mobiles and /users lead to /home; the calls answer 403`, async () => {
      await withPage(journey.browser, journey.url, `admin-refused-${login}`, async (page) => {
        await signIn(page, login);
        for (const path of ['/offices', '/mobiles', '/users']) {
          await page.goto(path);
          await page.waitForURL((u) => u.pathname === '/home');
          await page.getByRole('heading', { name: 'PostOffice', level: 1 }).waitFor();
        }
      });
      const session: ApiSession = await apiLogin(journey.url, login);
      const mobiles = await apiCall(journey.url, 'GET', 'PostGetMobiles', {}, session);
      assert.equal(mobiles.env?.Code, 403);
      assert.equal(mobiles.env?.Status, false);
      const office = await apiCall(
        journey.url,
        'POST',
        'PostInsertOffice',
        { Name: `E2E უარი ${unique()}`, CityID: 320, Pid: '' },
        session,
      );
      assert.equal(office.env?.Code, 403);
      const users = await apiCall(journey.url, 'GET', 'PostGetAllUsers', {}, session);
      assert.equal(users.env?.Code, 403);
    });
  }
});
