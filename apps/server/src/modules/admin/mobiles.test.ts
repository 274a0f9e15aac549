import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from '../../test/harness.ts';
import { get, makeOffice, makeUser, post } from '../../test/factories.ts';
import { auditLog, mobiles, rsRegistry } from '../../db/schema.ts';
import { callAs, count, refusals, signInAdmin } from './test-helpers.ts';
import type { MobileRow, MobileUserRow } from '@po/contract/admin';

const h = useHarness();

async function fixture() {
  const { app, db } = h();
  const admin = await signInAdmin(app, db);
  const office = await makeOffice(db, { name: 'კურიერების ოფისი' });
  const courier = await makeUser(db, { roleId: 106, officeGuid: office.guid, login: 'courier1' });
  return { app, db, session: admin.session, office, courier };
}
const body = (office: string, courier: string | null, over: Record<string, unknown> = {}) => ({
  Name: 'Samsung A52',
  IsActive: true,
  OfficeGUID: office,
  UserGUID: courier,
  CarNumber: 'AA-123-BB',
  DriverId: '01024055123',
  ...over,
});

describe('PostGetMobiles / PostGetMobileUsers', () => {
  it('lists devices with the specification’s fields and couriers with their office', async () => {
    const { app, db, session, office, courier } = await fixture();
    await makeUser(db, { roleId: 105, officeGuid: office.guid });
    await makeUser(db, { roleId: 106, officeGuid: office.guid, deletedAt: new Date() });
    await db
      .insert(mobiles)
      .values({ name: 'Nokia 1', officeGuid: office.guid, userGuid: courier.guid, driverId: '1' });
    const m = await get<{ Mobiles: MobileRow[] }>(app, 'PostGetMobiles', session);
    expect(m.Data!.Mobiles).toEqual([
      {
        GUID: expect.any(String),
        Name: 'Nokia 1',
        OfficeGUID: office.guid,
        UserGUID: courier.guid,
        CarNumber: '',
        DriverId: '1',
        IsActive: true,
      },
    ]);
    const u = await get<{ Users: MobileUserRow[] }>(app, 'PostGetMobileUsers', session);
    expect(u.Data!.Users).toEqual([
      { UserGUID: courier.guid, Name: 'courier1', OfficeGUID: office.guid, OfficeName: 'კურიერების ოფისი' },
    ]);
  });
});

describe('PostIsertMobiles / PostUpdateMobiles / PostDeleteMobiles', () => {
  it('adds, updates and deletes a device, each with an audit record', async () => {
    const { app, db, session, office, courier } = await fixture();
    const ins = await post<{ Ret: number; Guid: string }>(app, 'PostIsertMobiles', {
      ...session,
      ...body(office.guid, courier.guid),
    });
    expect(ins).toMatchObject({ Status: true, Data: { Ret: 1 } });
    const guid = ins.Data!.Guid;
    let [row] = await db.select().from(mobiles).where(eq(mobiles.guid, guid));
    expect(row).toMatchObject({
      name: 'Samsung A52',
      userGuid: courier.guid,
      carNumber: 'AA-123-BB',
      isActive: true,
    });

    const upd = await post(app, 'PostUpdateMobiles', {
      ...session,
      ...body(office.guid, null, { Guid: guid, IsActive: false, Name: 'Samsung A53' }),
    });
    expect(upd).toMatchObject({ Status: true, Data: { Ret: 1 } });
    [row] = await db.select().from(mobiles).where(eq(mobiles.guid, guid));
    expect(row).toMatchObject({ name: 'Samsung A53', userGuid: null, isActive: false });

    const del = await get(app, 'PostDeleteMobiles', { ...session, gui: guid });
    expect(del).toMatchObject({ Status: true, Data: { Ret: 1 } });
    expect(await count(db, 'mobiles')).toBe(0);
    const actions = (await db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['PostIsertMobiles', 'PostUpdateMobiles', 'PostDeleteMobiles']),
    );
    expect(await get(app, 'PostDeleteMobiles', { ...session, gui: guid })).toMatchObject({ Code: 404 });
  });

  it('makes a new device active by default', async () => {
    const { app, db, session, office } = await fixture();
    const res = await post<{ Guid: string }>(app, 'PostIsertMobiles', {
      ...session,
      Name: 'Xiaomi',
      OfficeGUID: office.guid,
    });
    expect(res.Status).toBe(true);
    const [row] = await db.select().from(mobiles).where(eq(mobiles.guid, res.Data!.Guid));
    expect(row).toMatchObject({ isActive: true, userGuid: null, driverId: '' });
  });

  it.each([
    [{ Name: 'abc' }, 400, 'მოწყობილობის დასახელება უნდა შეიცავდეს მინიმუმ 4 სიმბოლოს'],
    [{ DriverId: '12a' }, 400, 'მძღოლის პირადი ნომერი უნდა იყოს რიცხვი'],
    [{ OfficeGUID: '' }, 400, 'ოფისი სავალდებულოა'],
    [{ OfficeGUID: '00000000-0000-4000-8000-000000000000' }, 400, 'ოფისი ვერ მოიძებნა'],
    [
      { UserGUID: '00000000-0000-4000-8000-000000000000' },
      400,
      'კურიერი ვერ მოიძებნა (საჭიროა 106 როლის მომხმარებელი)',
    ],
  ])('refuses %o and writes nothing', async (over, code, message) => {
    const { app, db, session, office, courier } = await fixture();
    const res = await post(app, 'PostIsertMobiles', { ...session, ...body(office.guid, courier.guid, over) });
    expect(res).toMatchObject({ Status: false, Code: code, Error: message });
    expect(await count(db, 'mobiles')).toBe(0);
  });

  it('names the field by its label and says the longest text it takes', async () => {
    const { app, db, session, office, courier } = await fixture();
    const res = await post(app, 'PostIsertMobiles', {
      ...session,
      ...body(office.guid, courier.guid, { Name: 'ა'.repeat(5000), CarNumber: 'x' }),
    });
    expect(res).toMatchObject({
      Code: 400,
      Key: 'v.tooLong',
      Error: 'ველი „დასახელება“ ძალიან გრძელია (მაქსიმუმ 200 სიმბოლო)',
    });
    const car = await post(app, 'PostIsertMobiles', {
      ...session,
      ...body(office.guid, courier.guid, { CarNumber: '1'.repeat(21) }),
    });
    expect(car).toMatchObject({
      Code: 400,
      Error: 'ველი „მანქანის ნომერი“ ძალიან გრძელია (მაქსიმუმ 20 სიმბოლო)',
    });
    expect(await count(db, 'mobiles')).toBe(0);
  });

  it('gives a courier a second device only when the administrator confirmed it (409 otherwise)', async () => {
    const { app, db, session, office, courier } = await fixture();
    const first = await post<{ Guid: string }>(app, 'PostIsertMobiles', {
      ...session,
      ...body(office.guid, courier.guid),
    });
    expect(first).toMatchObject({ Status: true });
    const second = await post(app, 'PostIsertMobiles', {
      ...session,
      ...body(office.guid, courier.guid, { Name: 'Nokia 2' }),
    });
    expect(second).toMatchObject({
      Status: false,
      Code: 409,
      Key: 'admin.courierShared',
      Error: 'კურიერი უკვე მიბმულია მოწყობილობაზე „Samsung A52“: დაადასტურეთ, რომ მას ორი მოწყობილობა ექნება',
    });
    expect(await count(db, 'mobiles')).toBe(1);
    // the device's own courier is no conflict when it is updated
    const self = await post(app, 'PostUpdateMobiles', {
      ...session,
      ...body(office.guid, courier.guid, { Guid: first.Data!.Guid, Name: 'Samsung A53' }),
    });
    expect(self).toMatchObject({ Status: true });
    const confirmed = await post(app, 'PostIsertMobiles', {
      ...session,
      ...body(office.guid, courier.guid, { Name: 'Nokia 2', SharedCourier: true }),
    });
    expect(confirmed).toMatchObject({ Status: true });
    expect(await count(db, 'mobiles')).toBe(2);
  });

  it('refuses a user who is not a courier', async () => {
    const { app, db, session, office } = await fixture();
    const operator = await makeUser(db, { roleId: 105, officeGuid: office.guid });
    const res = await post(app, 'PostIsertMobiles', { ...session, ...body(office.guid, operator.guid) });
    expect(res).toMatchObject({
      Status: false,
      Code: 400,
      Error: 'კურიერი ვერ მოიძებნა (საჭიროა 106 როლის მომხმარებელი)',
    });
  });

  it('refuses a bad update with nothing changed, and 404 for an unknown device', async () => {
    const { app, db, session, office } = await fixture();
    const [m] = await db.insert(mobiles).values({ name: 'Nokia 1', officeGuid: office.guid }).returning();
    const bad = await post(app, 'PostUpdateMobiles', {
      ...session,
      ...body(office.guid, null, { Guid: m.guid, Name: 'x' }),
    });
    expect(bad).toMatchObject({ Status: false, Code: 400 });
    const [row] = await db.select().from(mobiles).where(eq(mobiles.guid, m.guid));
    expect(row.name).toBe('Nokia 1');
    const missing = await post(app, 'PostUpdateMobiles', {
      ...session,
      ...body(office.guid, null, { Guid: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(missing).toMatchObject({ Status: false, Code: 404 });
  });

  it.each([
    ['GET', 'PostGetMobiles'],
    ['GET', 'PostGetMobileUsers'],
    ['POST', 'PostIsertMobiles'],
    ['POST', 'PostUpdateMobiles'],
    ['GET', 'PostDeleteMobiles'],
  ] as const)(
    '%s %s: 401, and 403 for an operator and a corporate administrator, nothing written',
    async (method, name) => {
      const { app, db, office } = await fixture();
      const [m] = await db.insert(mobiles).values({ name: 'Nokia 1', officeGuid: office.guid }).returning();
      const { operator, corporateAdmin } = await refusals(app, db);
      const params = { ...body(office.guid, null, { Guid: m.guid, Name: 'შეცვლილი' }), gui: m.guid };
      expect(await callAs(app, method, name, null, params)).toMatchObject({ Status: false, Code: 401 });
      expect(await callAs(app, method, name, operator, params)).toMatchObject({ Status: false, Code: 403 });
      expect(await callAs(app, method, name, corporateAdmin, params)).toMatchObject({
        Status: false,
        Code: 403,
      });
      const list = await db.select().from(mobiles);
      expect(list).toHaveLength(1);
      expect(list[0].name).toBe('Nokia 1');
    },
  );
});

describe('CheckDriver (built-in registry)', () => {
  it('answers the registered name without a session, and "" when unknown', async () => {
    const { app, db } = h();
    await db.insert(rsRegistry).values({ tin: '01024055123', name: 'გიორგი ბერიძე', kind: 'person' });
    expect(await get(app, 'CheckDriver', { DriverId: '01024055123' })).toEqual({
      Status: true,
      Code: 200,
      Data: 'გიორგი ბერიძე',
      Error: null,
    });
    expect(await get(app, 'CheckDriver', { DriverId: '01024099999' })).toMatchObject({
      Status: true,
      Code: 200,
      Data: '',
    });
    // a number of another length is simply not in the registry
    expect(await get(app, 'CheckDriver', { DriverId: '12345' })).toMatchObject({ Status: true, Data: '' });
  });

  it('works with a session too, and refuses a non-numeric id', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    expect(await get(app, 'CheckDriver', { ...session, DriverId: '01024055123' })).toMatchObject({
      Status: true,
    });
    expect(await get(app, 'CheckDriver', { DriverId: 'abc' })).toMatchObject({
      Status: false,
      Code: 400,
      Error: 'მძღოლის პირადი ნომერი უნდა იყოს რიცხვი',
    });
    expect(await get(app, 'CheckDriver', {})).toMatchObject({ Status: false, Code: 400 });
  });

  it('throttles one address after 60 checks a minute (429)', async () => {
    const { app } = h();
    for (let i = 0; i < 60; i++) {
      const r = await get(app, 'CheckDriver', { DriverId: '01024055123' });
      expect(r.Status).toBe(true);
    }
    const res = await get(app, 'CheckDriver', { DriverId: '01024055123' });
    expect(res).toMatchObject({ Status: false, Code: 429 });
  });
});

describe('built-in registry administration (RsRegistryList / Save / Delete)', () => {
  it('adds, changes, lists and removes names; CheckDriver answers from it', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    expect(
      await post(app, 'RsRegistrySave', {
        ...session,
        Tin: '60001012345',
        Name: 'ნიკა ჯავახიშვილი',
        Kind: 'person',
      }),
    ).toMatchObject({ Status: true, Data: { Ret: 1 } });
    expect(await get(app, 'CheckDriver', { DriverId: '60001012345' })).toMatchObject({
      Data: 'ნიკა ჯავახიშვილი',
    });
    await post(app, 'RsRegistrySave', {
      ...session,
      Tin: '60001012345',
      Name: 'ნიკოლოზ ჯავახიშვილი',
      Kind: 'person',
    });
    await post(app, 'RsRegistrySave', { ...session, Tin: '204567890', Name: 'შპს ტესტი', Kind: 'company' });
    const list = await get<{ Registry: Array<{ Tin: string; Name: string; Kind: string }> }>(
      app,
      'RsRegistryList',
      session,
    );
    expect(list.Data!.Registry.map((r) => [r.Tin, r.Name, r.Kind])).toEqual([
      ['60001012345', 'ნიკოლოზ ჯავახიშვილი', 'person'],
      ['204567890', 'შპს ტესტი', 'company'],
    ]);
    const found = await get<{ Registry: unknown[] }>(app, 'RsRegistryList', { ...session, Q: '2045' });
    expect(found.Data!.Registry).toHaveLength(1);
    expect(await get(app, 'RsRegistryDelete', { ...session, Tin: '60001012345' })).toMatchObject({
      Data: { Ret: 1 },
    });
    expect(await get(app, 'CheckDriver', { DriverId: '60001012345' })).toMatchObject({ Data: '' });
    expect(await get(app, 'RsRegistryDelete', { ...session, Tin: '60001012345' })).toMatchObject({
      Code: 404,
    });
    expect(await count(db, `audit_log where entity = 'rs_registry'`)).toBe(4);
  });

  it.each([
    [{ Tin: '1234567890' }, 'საიდენტიფიკაციო ნომერი უნდა იყოს 9 ან 11 ციფრი'],
    [{ Tin: '12345678a01' }, 'საიდენტიფიკაციო ნომერი უნდა იყოს 9 ან 11 ციფრი'],
    [{ Name: ' ' }, 'ველი „დასახელება“ სავალდებულოა'],
    [{ Kind: 'alien' }, 'ველის „პირი ან კომპანია“ მნიშვნელობა დაუშვებელია'],
  ])('refuses %o and writes nothing', async (over, message) => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const res = await post(app, 'RsRegistrySave', {
      ...session,
      Tin: '60001012345',
      Name: 'სახელი',
      Kind: 'person',
      ...over,
    });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: message });
    expect(await count(db, 'rs_registry')).toBe(0);
  });

  it.each([
    ['GET', 'RsRegistryList'],
    ['POST', 'RsRegistrySave'],
    ['GET', 'RsRegistryDelete'],
  ] as const)('%s %s: 401, and 403 for an operator and a corporate administrator', async (method, name) => {
    const { app, db } = h();
    await db.insert(rsRegistry).values({ tin: '60001012345', name: 'ძველი', kind: 'person' });
    const { operator, corporateAdmin } = await refusals(app, db);
    const params = { Tin: '60001012345', Name: 'ახალი', Kind: 'person' };
    expect(await callAs(app, method, name, null, params)).toMatchObject({ Code: 401 });
    expect(await callAs(app, method, name, operator, params)).toMatchObject({ Code: 403 });
    expect(await callAs(app, method, name, corporateAdmin, params)).toMatchObject({ Code: 403 });
    const rows = await db.select().from(rsRegistry);
    expect(rows).toEqual([expect.objectContaining({ name: 'ძველი' })]);
  });
});
