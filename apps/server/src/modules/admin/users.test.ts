import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { useHarness } from '../../test/harness.ts';
import { get, login, makeOffice, makeUser, post, signIn } from '../../test/factories.ts';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { callAs, count, makeParcel, refusals, signInAdmin } from './test-helpers.ts';
import type { UserRow } from '@po/contract/admin';

const h = useHarness();

async function fixture() {
  const { app, db } = h();
  const admin = await signInAdmin(app, db);
  const office = await makeOffice(db, { name: 'ოპერატორების ოფისი' });
  return { app, db, admin, session: admin.session, office };
}
const userBody = (office: string, over: Record<string, unknown> = {}) => ({
  Name: 'nino.g',
  RoleId: 105,
  OfficeGUID: office,
  Enabled: true,
  IsAnother: false,
  RegistrationDisable: false,
  StatisticDefDay: 4,
  StatisticParcelsNumber: 5,
  Info: '',
  ...over,
});
const row = async (db: ReturnType<typeof h>['db'], guid: string) =>
  (await db.select().from(users).where(eq(users.guid, guid)))[0];
const users$ = (res: { Data: { AllUsers: UserRow[] } | null }) =>
  res.Data!.AllUsers.map((u) => u.Login).sort();

describe('PostGetAllUsers (administrators)', () => {
  it('lists users with every field of the specification, without deleted ones', async () => {
    const { app, db, session, office } = await fixture();
    const center = await makeOffice(db, { isDistrCenter: true });
    const branch = await makeOffice(db, { distributionCenter: center.guid });
    const u = await makeUser(db, {
      login: 'tamar',
      officeGuid: branch.guid,
      roleId: 106,
      info: '123456',
      isAnother: true,
    });
    await makeUser(db, { login: 'at.center', officeGuid: center.guid });
    await makeUser(db, { login: 'gone', officeGuid: office.guid, deletedAt: new Date() });
    const res = await get<{ AllUsers: UserRow[] }>(app, 'PostGetAllUsers', session);
    expect(res.Status).toBe(true);
    expect(users$(res)).not.toContain('gone');
    expect(res.Data!.AllUsers.find((x) => x.Login === 'tamar')).toEqual({
      GUID: u.guid,
      Login: 'tamar',
      OfficeGUID: branch.guid,
      RoleId: 106,
      StatisticDefDay: 4,
      StatisticParcelsNumber: 5,
      PasswordValid: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      IsAnother: true,
      Enabled: true,
      RegistrationDisable: false,
      Info: '123456',
      DistributionCenter: center.guid,
    });
    expect(res.Data!.AllUsers.find((x) => x.Login === 'at.center')!.DistributionCenter).toBe(center.guid);
  });

  it('refuses the full list to everyone but a non-corporate administrator', async () => {
    const { app, db } = h();
    const { operator, corporateAdmin } = await refusals(app, db);
    const bagmaker = await signIn(app, db, { roleId: 104 });
    expect(await get(app, 'PostGetAllUsers', {})).toMatchObject({ Code: 401 });
    for (const s of [operator, corporateAdmin, bagmaker.session]) {
      expect(await get(app, 'PostGetAllUsers', s)).toMatchObject({ Status: false, Code: 403 });
    }
  });
});

describe('PostGetAllUsers mode=1 (the finders’ operator list)', () => {
  async function world() {
    const { app, db } = h();
    const center = await makeOffice(db, { name: 'ცენტრი', isDistrCenter: true });
    const branch = await makeOffice(db, { name: 'ფილიალი', distributionCenter: center.guid });
    const other = await makeOffice(db, { name: 'სხვა ცენტრი', isDistrCenter: true });
    await makeUser(db, { login: 'op.center', roleId: 105, officeGuid: center.guid });
    await makeUser(db, { login: 'op.branch', roleId: 105, officeGuid: branch.guid });
    await makeUser(db, { login: 'op.other', roleId: 104, officeGuid: other.guid });
    await makeUser(db, { login: 'courier', roleId: 106, officeGuid: center.guid });
    return { app, db, center, branch, other };
  }
  const list = async (app: ReturnType<typeof h>['app'], s: { Id: string; Ticket: string }) =>
    users$(await get<{ AllUsers: UserRow[] }>(app, 'PostGetAllUsers', { ...s, mode: 1 }));

  it('role 100 and role 105 (not IsAnother) see all operators (no couriers)', async () => {
    const { app, db, branch } = await world();
    const admin = await signIn(app, db, { login: 'admin1', roleId: 100, officeGuid: branch.guid });
    expect(await list(app, admin.session)).toEqual(['admin1', 'op.branch', 'op.center', 'op.other']);
    const op = await signIn(app, db, { login: 'op.me', roleId: 105, officeGuid: branch.guid });
    expect(await list(app, op.session)).toEqual(['op.branch', 'op.center', 'op.me', 'op.other']);
  });

  it('another user at a distribution centre sees that centre’s operators', async () => {
    const { app, db, center } = await world();
    const me = await signIn(app, db, {
      login: 'me.another',
      roleId: 107,
      officeGuid: center.guid,
      isAnother: true,
    });
    expect(await list(app, me.session)).toEqual(['me.another', 'op.branch', 'op.center']);
    const bag = await signIn(app, db, { login: 'me.bag', roleId: 104, officeGuid: center.guid });
    expect(await list(app, bag.session)).toEqual(['me.another', 'me.bag', 'op.branch', 'op.center']);
  });

  it('an IsAnother user at a plain office sees only themselves', async () => {
    const { app, db, branch } = await world();
    const me = await signIn(app, db, {
      login: 'me.only',
      roleId: 105,
      officeGuid: branch.guid,
      isAnother: true,
    });
    expect(await list(app, me.session)).toEqual(['me.only']);
    const corp = await signIn(app, db, {
      login: 'me.corp',
      roleId: 107,
      officeGuid: branch.guid,
      isAnother: true,
    });
    expect(await list(app, corp.session)).toEqual(['me.corp']);
  });

  it('is refused to a courier (403) and without a session (401)', async () => {
    const { app, db } = await world();
    const courier = await signIn(app, db, { roleId: 106 });
    expect(await get(app, 'PostGetAllUsers', { ...courier.session, mode: 1 })).toMatchObject({ Code: 403 });
    expect(await get(app, 'PostGetAllUsers', { mode: 1 })).toMatchObject({ Code: 401 });
  });
});

describe('PostGetRoles', () => {
  it('lists the roles', async () => {
    const { app, session } = await fixture();
    const res = await get<{ Roles: Array<{ RoleId: number; RoleName: string }> }>(
      app,
      'PostGetRoles',
      session,
    );
    expect(res.Data!.Roles.map((r) => r.RoleId)).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
    expect(res.Data!.Roles[0].RoleName).toBe('გლობალური ადმინისტრატორი');
  });
});

describe('PostInsertUser', () => {
  it('adds a user with the client’s GUID, no password and an open reset window', async () => {
    const { app, db, session, office } = await fixture();
    const guid = randomUUID();
    const res = await post(app, 'PostInsertUser', {
      ...session,
      ...userBody(office.guid, { Guid: guid, StatisticDefDay: '7' }),
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 1, Guid: guid } });
    const u = await row(db, guid);
    expect(u).toMatchObject({
      login: 'nino.g',
      roleId: 105,
      officeGuid: office.guid,
      statisticDefDay: 7,
      passwordHash: null,
    });
    expect(u.recoveryExpires!.getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(await count(db, `audit_log where action = 'PostInsertUser'`)).toBe(1);
    // no password opens the account, the empty one included (an administrator sets or resets it)
    const first = await post(app, 'PostGetUser', { Login: 'nino.g', Password: '' });
    expect(first).toMatchObject({ Status: false, Code: 401, Data: null });
  });

  it('gives a new user the defaults: role 105, 4 days, 5 parcels, enabled, a month of validity, a server GUID', async () => {
    const { app, db, session, office } = await fixture();
    const res = await post<{ Guid: string }>(app, 'PostInsertUser', {
      ...session,
      Name: 'defaults',
      OfficeGUID: office.guid,
    });
    expect(res.Status).toBe(true);
    const u = await row(db, res.Data!.Guid);
    expect(u).toMatchObject({
      roleId: 105,
      statisticDefDay: 4,
      statisticParcelsNumber: 5,
      enabled: true,
      isAnother: false,
      registrationDisable: false,
      info: '',
    });
    const days = (u.passwordValid.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it('keeps a comment only for couriers', async () => {
    const { app, db, session, office } = await fixture();
    const a = await post<{ Guid: string }>(app, 'PostInsertUser', {
      ...session,
      ...userBody(office.guid, { Name: 'c106', RoleId: 106, Info: '123456789' }),
    });
    expect((await row(db, a.Data!.Guid)).info).toBe('123456789');
    const b = await post<{ Guid: string }>(app, 'PostInsertUser', {
      ...session,
      ...userBody(office.guid, { Name: 'o105', Info: 'hello' }),
    });
    expect((await row(db, b.Data!.Guid)).info).toBe('');
  });

  it.each([
    [{ Name: 'ab' }, 400, 'მომხმარებლის სახელი უნდა შეიცავდეს მინიმუმ 3 სიმბოლოს'],
    [{ RoleId: '' }, 400, 'როლი სავალდებულოა'],
    [{ RoleId: 999 }, 400, 'ასეთი როლი არ არსებობს'],
    [{ OfficeGUID: '' }, 400, 'ოფისი სავალდებულოა'],
    [{ OfficeGUID: '00000000-0000-4000-8000-000000000000' }, 400, 'ოფისი ვერ მოიძებნა'],
    [{ StatisticDefDay: 12 }, 400, 'დეშბორდის დღეები: მხოლოდ ციფრი, მაქსიმუმ 1 სიმბოლო'],
    [{ StatisticDefDay: 'a' }, 400, 'დეშბორდის დღეები: მხოლოდ ციფრი, მაქსიმუმ 1 სიმბოლო'],
    [{ StatisticDefDay: '' }, 400, 'დეშბორდის დღეები: მხოლოდ ციფრი, მაქსიმუმ 1 სიმბოლო'],
    [{ StatisticParcelsNumber: 123 }, 400, 'დეშბორდის ამანათები: მხოლოდ ციფრები, მაქსიმუმ 2 სიმბოლო'],
    [{ StatisticParcelsNumber: -1 }, 400, 'დეშბორდის ამანათები: მხოლოდ ციფრები, მაქსიმუმ 2 სიმბოლო'],
    [{ RoleId: 106, Info: '1234567890' }, 400, 'კომენტარი: მხოლოდ ციფრები, მაქსიმუმ 9 სიმბოლო'],
    [{ RoleId: 106, Info: '12a' }, 400, 'კომენტარი: მხოლოდ ციფრები, მაქსიმუმ 9 სიმბოლო'],
    [{ Guid: 'nope' }, 400, 'ველი „ჩანაწერის კოდი“ უნდა იყოს GUID'],
    [{ Name: 'a'.repeat(5000) }, 400, 'ველი „მომხმარებელი“ ძალიან გრძელია (მაქსიმუმ 100 სიმბოლო)'],
  ])('refuses %o with its Georgian message and writes nothing', async (over, code, message) => {
    const { app, db, session, office } = await fixture();
    const before = await count(db, 'users');
    const res = await post(app, 'PostInsertUser', { ...session, ...userBody(office.guid, over) });
    expect(res).toMatchObject({ Status: false, Code: code, Error: message });
    expect(await count(db, 'users')).toBe(before);
    expect(await count(db, `audit_log where action = 'PostInsertUser'`)).toBe(0);
  });

  it('refuses a login taken by another user in any case, even a deleted one ("user name is not unique")', async () => {
    const { app, db, session, office } = await fixture();
    await makeUser(db, { login: 'Nino.G' });
    await makeUser(db, { login: 'old.user', deletedAt: new Date() });
    for (const Name of ['nino.g', 'NINO.G', 'old.user']) {
      const res = await post(app, 'PostInsertUser', { ...session, ...userBody(office.guid, { Name }) });
      expect(res).toMatchObject({ Status: false, Code: 409, Error: 'მომხმარებლის სახელი არ არის უნიკალური' });
    }
  });
});

describe('PostUpdateUser', () => {
  it('updates every field and records before and after', async () => {
    const { app, db, session, office } = await fixture();
    const other = await makeOffice(db);
    const u = await makeUser(db, { login: 'before', officeGuid: office.guid });
    const res = await post(app, 'PostUpdateUser', {
      ...session,
      ...userBody(other.guid, {
        Guid: u.guid,
        Name: 'after',
        RoleId: 107,
        IsAnother: true,
        RegistrationDisable: true,
        StatisticDefDay: 9,
        StatisticParcelsNumber: '99',
      }),
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 1 } });
    expect(await row(db, u.guid)).toMatchObject({
      login: 'after',
      roleId: 107,
      officeGuid: other.guid,
      isAnother: true,
      registrationDisable: true,
      statisticDefDay: 9,
      statisticParcelsNumber: 99,
    });
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'PostUpdateUser'));
    expect(a.before).toMatchObject({ login: 'before', passwordHash: '***' });
    expect(a.after).toMatchObject({ login: 'after' });
  });

  it('keeps the fields a client leaves out, and the user’s own login in another case', async () => {
    const { app, db, session, office } = await fixture();
    const u = await makeUser(db, {
      login: 'keep.me',
      officeGuid: office.guid,
      statisticDefDay: 7,
      isAnother: true,
    });
    const res = await post(app, 'PostUpdateUser', { ...session, Guid: u.guid, Name: 'Keep.Me' });
    expect(res.Status).toBe(true);
    expect(await row(db, u.guid)).toMatchObject({
      login: 'Keep.Me',
      statisticDefDay: 7,
      isAnother: true,
      officeGuid: office.guid,
    });
  });

  it('gives a courier without a comment a random 6-digit code and disables the courier', async () => {
    const { app, db, session, office } = await fixture();
    const u = await makeUser(db, { roleId: 105, officeGuid: office.guid });
    const res = await post(app, 'PostUpdateUser', {
      ...session,
      ...userBody(office.guid, { Guid: u.guid, Name: 'courier.new', RoleId: 106, Enabled: true, Info: '' }),
    });
    expect(res.Status).toBe(true);
    const after = await row(db, u.guid);
    expect(after.info).toMatch(/^\d{6}$/);
    expect(Number(after.info)).toBeGreaterThanOrEqual(100000);
    expect(Number(after.info)).toBeLessThanOrEqual(999999);
    expect(after.enabled).toBe(false);
    // a courier who has a code keeps it, and may be enabled again
    const again = await post(app, 'PostUpdateUser', {
      ...session,
      ...userBody(office.guid, {
        Guid: u.guid,
        Name: 'courier.new',
        RoleId: 106,
        Enabled: true,
        Info: after.info,
      }),
    });
    expect(again.Status).toBe(true);
    expect(await row(db, u.guid)).toMatchObject({ info: after.info, enabled: true });
  });

  it('ends the sessions of a user who is disabled', async () => {
    const { app, db, session, office } = await fixture();
    const target = await signIn(app, db, { officeGuid: office.guid });
    await post(app, 'PostUpdateUser', {
      ...session,
      Guid: target.user.guid,
      Name: target.user.login,
      Enabled: false,
    });
    expect(await get(app, 'PostGetOffices', target.session)).toMatchObject({ Code: 401 });
  });

  it('refuses a login another user has ("user name is not unique") and changes nothing', async () => {
    const { app, db, session, office } = await fixture();
    await makeUser(db, { login: 'taken' });
    const u = await makeUser(db, { login: 'mine', officeGuid: office.guid });
    const res = await post(app, 'PostUpdateUser', {
      ...session,
      ...userBody(office.guid, { Guid: u.guid, Name: 'TAKEN' }),
    });
    expect(res).toMatchObject({ Status: false, Code: 409, Error: 'მომხმარებლის სახელი არ არის უნიკალური' });
    expect((await row(db, u.guid)).login).toBe('mine');
  });

  it.each([
    [{ Name: 'ab' }, 'მომხმარებლის სახელი უნდა შეიცავდეს მინიმუმ 3 სიმბოლოს'],
    [{ RoleId: '' }, 'როლი სავალდებულოა'],
    [{ OfficeGUID: '' }, 'ოფისი სავალდებულოა'],
    [{ StatisticDefDay: 10 }, 'დეშბორდის დღეები: მხოლოდ ციფრი, მაქსიმუმ 1 სიმბოლო'],
    [{ RoleId: 106, Info: '12345678901' }, 'კომენტარი: მხოლოდ ციფრები, მაქსიმუმ 9 სიმბოლო'],
  ])('refuses %o and changes nothing', async (over, message) => {
    const { app, db, session, office } = await fixture();
    const u = await makeUser(db, { login: 'unchanged', officeGuid: office.guid });
    const res = await post(app, 'PostUpdateUser', {
      ...session,
      ...userBody(office.guid, { Guid: u.guid, ...over }),
    });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: message });
    expect((await row(db, u.guid)).login).toBe('unchanged');
    expect(await count(db, `audit_log where action = 'PostUpdateUser'`)).toBe(0);
  });

  it('never lets an administrator disable themselves or change their own role', async () => {
    const { app, db, admin, session, office } = await fixture();
    const me = { Guid: admin.user.guid, Name: admin.user.login, OfficeGUID: office.guid };
    expect(await post(app, 'PostUpdateUser', { ...session, ...me, Enabled: false })).toMatchObject({
      Code: 400,
      Error: 'საკუთარი თავის გათიშვა შეუძლებელია',
    });
    expect(await post(app, 'PostUpdateUser', { ...session, ...me, RoleId: 105 })).toMatchObject({
      Code: 400,
      Error: 'საკუთარი როლის შეცვლა შეუძლებელია',
    });
    expect(await row(db, admin.user.guid)).toMatchObject({ enabled: true, roleId: 100 });
  });

  it('answers 404 for an unknown or deleted user', async () => {
    const { app, db, session, office } = await fixture();
    const gone = await makeUser(db, { deletedAt: new Date() });
    for (const Guid of [randomUUID(), gone.guid]) {
      expect(
        await post(app, 'PostUpdateUser', {
          ...session,
          ...userBody(office.guid, { Guid, Name: 'whoever' }),
        }),
      ).toMatchObject({
        Code: 404,
      });
    }
  });
});

describe('PostDeleteUser', () => {
  it('marks a user without history deleted; the login refuses them', async () => {
    const { app, db, session, office } = await fixture();
    const u = await makeUser(db, { officeGuid: office.guid });
    const res = await get(app, 'PostDeleteUser', { ...session, gui: u.guid });
    expect(res).toEqual({ Status: true, Code: 200, Data: { Ret: 1 }, Error: null });
    expect((await row(db, u.guid)).deletedAt).toBeInstanceOf(Date);
    const again = await post(app, 'PostGetUser', { Login: u.login, Password: u.password });
    expect(again).toMatchObject({ Status: false, Code: 401 });
    const list = await get<{ AllUsers: UserRow[] }>(app, 'PostGetAllUsers', session);
    expect(list.Data!.AllUsers.map((x) => x.GUID)).not.toContain(u.guid);
    expect(await get(app, 'PostDeleteUser', { ...session, gui: u.guid })).toMatchObject({ Code: 404 });
  });

  it('only disables a user with parcels or events (Ret 2 and a message key) and ends their sessions', async () => {
    const { app, db, session, office } = await fixture();
    const target = await signIn(app, db, { officeGuid: office.guid });
    await makeParcel(db, { registeredBy: target.user.guid, registeredOffice: office.guid });
    const res = await get(app, 'PostDeleteUser', { ...session, gui: target.user.guid });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 2, MessageKey: 'admin.userDisabledNotDeleted' } });
    expect(await row(db, target.user.guid)).toMatchObject({ enabled: false, deletedAt: null });
    expect(await get(app, 'PostGetOffices', target.session)).toMatchObject({ Code: 401 });
  });

  it('never lets an administrator delete themselves', async () => {
    const { app, db, admin, session } = await fixture();
    const res = await get(app, 'PostDeleteUser', { ...session, gui: admin.user.guid });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: 'საკუთარი თავის წაშლა შეუძლებელია' });
    expect(await row(db, admin.user.guid)).toMatchObject({ enabled: true, deletedAt: null });
  });
});

describe('PostUserChangePaswword', () => {
  it('resets a password: the old one stops working, sessions end, only the code shown to the administrator leads to change-password', async () => {
    const { app, db, session, office } = await fixture();
    const target = await signIn(app, db, { officeGuid: office.guid });
    const res = await get<{ Ret: number; RecoveryCode: string }>(app, 'PostUserChangePaswword', {
      ...session,
      User: target.user.guid,
      pass: '',
    });
    expect(res).toMatchObject({
      Status: true,
      Data: { Ret: 1, RecoveryCode: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    const u = await row(db, target.user.guid);
    expect(u.passwordHash).toBeNull();
    expect(u.recoveryExpires!.getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(await get(app, 'PostGetOffices', target.session)).toMatchObject({ Code: 401 });
    expect(
      await post(app, 'PostGetUser', { Login: target.user.login, Password: target.user.password }),
    ).toMatchObject({
      Code: 401,
    });
    const empty = await post(app, 'PostGetUser', { Login: target.user.login, Password: '' });
    expect(empty).toMatchObject({ Status: false, Code: 401, Data: null });
    const set = await post(app, 'UserCh', { Guid: res.Data!.RecoveryCode, New: 'Brand#New1' });
    expect(set).toMatchObject({ Status: true, Data: { Ret: 1 } });
    expect(await count(db, `audit_log where action = 'PostUserChangePaswword.reset'`)).toBe(1);
  });

  it('sets a strong password: it works at once, validity restarts, old sessions end', async () => {
    const { app, db, session, office } = await fixture();
    const target = await signIn(app, db, {
      officeGuid: office.guid,
      passwordValid: new Date(Date.now() - 1000),
    });
    const res = await get(app, 'PostUserChangePaswword', {
      ...session,
      User: target.user.guid,
      pass: 'New#Pass9',
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 1 } });
    expect(await get(app, 'PostGetOffices', target.session)).toMatchObject({ Code: 401 });
    const again = await login(app, { login: target.user.login, password: 'New#Pass9' });
    expect(again.Ticket).toBeTruthy();
    const u = await row(db, target.user.guid);
    expect(u.passwordValid.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'PostUserChangePaswword.set'));
    expect(JSON.stringify(a)).not.toContain('New#Pass9');
  });

  it('refuses a weak password, an unknown user and the administrator’s own password, changing nothing', async () => {
    const { app, db, admin, session, office } = await fixture();
    const target = await makeUser(db, { officeGuid: office.guid });
    const hash = (await row(db, target.guid)).passwordHash;
    expect(
      await get(app, 'PostUserChangePaswword', { ...session, User: target.guid, pass: 'weakpass' }),
    ).toMatchObject({
      Code: 400,
      Error: expect.stringContaining('პაროლი უნდა შეიცავდეს'),
    });
    expect((await row(db, target.guid)).passwordHash).toBe(hash);
    expect(
      await get(app, 'PostUserChangePaswword', { ...session, User: randomUUID(), pass: '' }),
    ).toMatchObject({ Code: 404 });
    expect(
      await get(app, 'PostUserChangePaswword', { ...session, User: admin.user.guid, pass: '' }),
    ).toMatchObject({
      Code: 400,
      Error: 'საკუთარი პაროლი შეცვალეთ პაროლის შეცვლის გვერდზე',
    });
    expect(await get(app, 'PostUserChangePaswword', { ...session, User: 'x', pass: '' })).toMatchObject({
      Code: 400,
    });
    expect(await db.select().from(sessions).where(eq(sessions.userGuid, admin.user.guid))).toHaveLength(1);
  });
});

describe('who may administer users', () => {
  it.each([
    ['GET', 'PostGetRoles'],
    ['POST', 'PostInsertUser'],
    ['POST', 'PostUpdateUser'],
    ['GET', 'PostDeleteUser'],
    ['GET', 'PostUserChangePaswword'],
  ] as const)(
    '%s %s: 401, and 403 for an operator and a corporate administrator, nothing written',
    async (method, name) => {
      const { app, db, office } = await fixture();
      const target = await makeUser(db, { login: 'target', officeGuid: office.guid });
      const { operator, corporateAdmin } = await refusals(app, db);
      const params = {
        ...userBody(office.guid, { Guid: target.guid, Name: 'changed' }),
        gui: target.guid,
        User: target.guid,
        pass: '',
      };
      const before = await count(db, 'users');
      expect(await callAs(app, method, name, null, params)).toMatchObject({ Status: false, Code: 401 });
      expect(await callAs(app, method, name, operator, params)).toMatchObject({ Status: false, Code: 403 });
      expect(await callAs(app, method, name, corporateAdmin, params)).toMatchObject({
        Status: false,
        Code: 403,
      });
      expect(await count(db, 'users')).toBe(before);
      expect(await row(db, target.guid)).toMatchObject({ login: 'target', enabled: true, deletedAt: null });
      expect((await row(db, target.guid)).passwordHash).not.toBeNull();
    },
  );
});
