import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from '../../test/harness.ts';
import { get, makeOffice, makeUser, post } from '../../test/factories.ts';
import { auditLog, mobiles, offices } from '../../db/schema.ts';
import { callAs, count, makeParcel, refusals, signInAdmin } from './test-helpers.ts';
import type { OfficeRow } from '@po/contract/admin';

const h = useHarness();

const body = (over: Record<string, unknown> = {}) => ({
  Name: 'ზუგდიდის ფილიალი',
  CityID: 325,
  IsCorporate: false,
  DistrGuid: '',
  DestGuig: '',
  Sender: 'ზუგდიდი, რუსთაველის ქ. 1',
  Pid: '204000099',
  IsDistrCenter: false,
  ...over,
});

describe('PostGetOffices', () => {
  it('lists every office with the specification’s fields to every staff role (not the courier)', async () => {
    const { app, db } = h();
    const center = await makeOffice(db, { name: 'ცენტრი', isDistrCenter: true, pid: '204000001' });
    await makeOffice(db, {
      name: 'ბათუმი',
      distributionCenter: center.guid,
      defaultDestinationDepotGuid: center.guid,
    });
    for (const roleId of [100, 104, 105, 107]) {
      const { session } = await (
        await import('../../test/factories.ts')
      ).signIn(app, db, { roleId, officeGuid: center.guid });
      const res = await get<{ Offices: OfficeRow[] }>(app, 'PostGetOffices', { ...session, Rid: 0 });
      expect(res.Status).toBe(true);
      const b = res.Data!.Offices.find((o) => o.Name === 'ბათუმი')!;
      expect(b).toEqual({
        GUID: expect.any(String),
        Name: 'ბათუმი',
        CityID: 320,
        DistributionCenter: center.guid,
        DefaultDestinationDepotGUID: center.guid,
        Sender: '',
        PID: '',
        IsDistrCenter: false,
        IsCorporate: false,
      });
    }
  });

  it('refuses without a session (401)', async () => {
    const res = await get(h().app, 'PostGetOffices', { Rid: 0 });
    expect(res).toMatchObject({ Status: false, Code: 401 });
  });
});

describe('PostInsertOffice / PostUpdateOffice', () => {
  it('adds an office, with an audit record, and answers Ret > 0 and its GUID', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const center = await makeOffice(db, { isDistrCenter: true });
    const res = await post<{ Ret: number; Guid: string }>(app, 'PostInsertOffice', {
      ...session,
      ...body({ DistrGuid: center.guid, DestGuig: center.guid, IsCorporate: true }),
    });
    expect(res.Status).toBe(true);
    expect(res.Data!.Ret).toBeGreaterThan(0);
    const [row] = await db.select().from(offices).where(eq(offices.guid, res.Data!.Guid));
    expect(row).toMatchObject({
      name: 'ზუგდიდის ფილიალი',
      cityId: 325,
      distributionCenter: center.guid,
      defaultDestinationDepotGuid: center.guid,
      pid: '204000099',
      isCorporate: true,
      isDistrCenter: false,
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'PostInsertOffice'));
    expect(audits).toHaveLength(1);
  });

  it('defaults a new office to not corporate and not a distribution centre', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const res = await post<{ Guid: string }>(app, 'PostInsertOffice', {
      ...session,
      Name: 'ოფისი ერთი',
      CityID: 320,
    });
    expect(res.Status).toBe(true);
    const [row] = await db.select().from(offices).where(eq(offices.guid, res.Data!.Guid));
    expect(row).toMatchObject({
      isCorporate: false,
      isDistrCenter: false,
      distributionCenter: null,
      pid: '',
    });
  });

  it('clears the distribution office of a distribution centre', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const center = await makeOffice(db, { isDistrCenter: true });
    const res = await post<{ Guid: string }>(app, 'PostInsertOffice', {
      ...session,
      ...body({ IsDistrCenter: true, DistrGuid: center.guid }),
    });
    expect(res.Status).toBe(true);
    const [row] = await db.select().from(offices).where(eq(offices.guid, res.Data!.Guid));
    expect(row).toMatchObject({ isDistrCenter: true, distributionCenter: null });
  });

  it.each([
    [{ Name: 'აბც' }, 'დასახელება უნდა შეიცავდეს 4-ზე მეტ სიმბოლოს'],
    [{ Name: '' }, 'დასახელება უნდა შეიცავდეს 4-ზე მეტ სიმბოლოს'],
    [{ Pid: '12345a' }, 'პირადი ნომერი: ციფრები 0..11'],
    [{ Pid: '123456789012' }, 'ველი „პირადი ნომერი“ ძალიან გრძელია (მაქსიმუმ 11 სიმბოლო)'],
    [{ CityID: '' }, 'ქალაქი სავალდებულოა'],
    [{ CityID: 99999 }, 'ასეთი ქალაქი არ არსებობს'],
    [{ CityID: 8707 }, 'ასეთი ქალაქი არ არსებობს'],
    [{ DistrGuid: '00000000-0000-4000-8000-000000000000' }, 'სადისტრიბუციო ოფისი ვერ მოიძებნა'],
    [{ DestGuig: '00000000-0000-4000-8000-000000000000' }, 'ნაგულისხმევი მიმღები ოფისი ვერ მოიძებნა'],
    [{ DistrGuid: 'not-a-guid' }, 'ველი „სადისტრიბუციო ოფისი“ უნდა იყოს GUID'],
    [{ Name: 'ა'.repeat(5000) }, 'ველი „დასახელება“ ძალიან გრძელია (მაქსიმუმ 200 სიმბოლო)'],
  ])('refuses %o with a Georgian message and writes nothing', async (over, message) => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const before = await count(db, 'offices');
    const res = await post(app, 'PostInsertOffice', { ...session, ...body(over) });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: message, Data: null });
    expect(await count(db, 'offices')).toBe(before);
    expect(await count(db, `audit_log where action = 'PostInsertOffice'`)).toBe(0);
  });

  it('refuses a distribution office that is not a distribution centre', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const plain = await makeOffice(db);
    const res = await post(app, 'PostInsertOffice', { ...session, ...body({ DistrGuid: plain.guid }) });
    expect(res).toMatchObject({
      Status: false,
      Code: 400,
      Error: 'არჩეული სადისტრიბუციო ოფისი არ არის სადისტრიბუციო ცენტრი',
    });
  });

  it('refuses a second office with the same name (any case)', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    await makeOffice(db, { name: 'Office North' });
    const res = await post(app, 'PostInsertOffice', { ...session, ...body({ Name: 'office north' }) });
    expect(res).toMatchObject({ Status: false, Code: 409, Error: 'ასეთი დასახელების ოფისი უკვე არსებობს' });
  });

  it('updates every field and records before and after', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const center = await makeOffice(db, { isDistrCenter: true });
    const office = await makeOffice(db, { name: 'ძველი სახელი' });
    const res = await post(app, 'PostUpdateOffice', {
      ...session,
      ...body({
        Guid: office.guid,
        Name: 'ახალი სახელი',
        DistrGuid: center.guid,
        CityID: '321',
        IsCorporate: 'true',
      }),
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 1 } });
    const [row] = await db.select().from(offices).where(eq(offices.guid, office.guid));
    expect(row).toMatchObject({
      name: 'ახალი სახელი',
      cityId: 321,
      distributionCenter: center.guid,
      isCorporate: true,
    });
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'PostUpdateOffice'));
    expect(a.before).toMatchObject({ name: 'ძველი სახელი' });
    expect(a.after).toMatchObject({ name: 'ახალი სახელი' });
  });

  it('keeps its own name on update and clears the distribution office when it becomes a centre', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const center = await makeOffice(db, { isDistrCenter: true });
    const office = await makeOffice(db, { name: 'ერთი ოფისი', distributionCenter: center.guid });
    const res = await post(app, 'PostUpdateOffice', {
      ...session,
      ...body({ Guid: office.guid, Name: 'ერთი ოფისი', IsDistrCenter: true, DistrGuid: center.guid }),
    });
    expect(res.Status).toBe(true);
    const [row] = await db.select().from(offices).where(eq(offices.guid, office.guid));
    expect(row).toMatchObject({ isDistrCenter: true, distributionCenter: null });
  });

  it('refuses to turn a centre other offices depend on into a plain office', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const center = await makeOffice(db, { name: 'ცენტრი ერთი', isDistrCenter: true });
    await makeOffice(db, { distributionCenter: center.guid });
    const res = await post(app, 'PostUpdateOffice', {
      ...session,
      ...body({ Guid: center.guid, Name: 'ცენტრი ერთი', IsDistrCenter: false }),
    });
    expect(res).toMatchObject({ Status: false, Code: 409 });
    const [row] = await db.select().from(offices).where(eq(offices.guid, center.guid));
    expect(row.isDistrCenter).toBe(true);
  });

  it('answers 404 for an unknown office and refuses bad input on update with nothing written', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const missing = await post(app, 'PostUpdateOffice', {
      ...session,
      ...body({ Guid: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(missing).toMatchObject({ Status: false, Code: 404 });
    const office = await makeOffice(db, { name: 'უცვლელი ოფისი' });
    const bad = await post(app, 'PostUpdateOffice', {
      ...session,
      ...body({ Guid: office.guid, Name: 'აბ' }),
    });
    expect(bad).toMatchObject({ Status: false, Code: 400 });
    const [row] = await db.select().from(offices).where(eq(offices.guid, office.guid));
    expect(row.name).toBe('უცვლელი ოფისი');
  });
});

describe('PostDeleteOffice', () => {
  it('deletes an office nothing refers to', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const office = await makeOffice(db);
    const res = await get(app, 'PostDeleteOffice', { ...session, gui: office.guid });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 1 } });
    expect(await db.select().from(offices).where(eq(offices.guid, office.guid))).toHaveLength(0);
  });

  it('refuses (409, clear message) an office with users, parcels, devices or dependent offices', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    const withUser = await makeOffice(db);
    await makeUser(db, { officeGuid: withUser.guid });
    const withParcel = await makeOffice(db);
    await makeParcel(db, { registeredOffice: withParcel.guid });
    const withMobile = await makeOffice(db);
    await db.insert(mobiles).values({ name: 'ტელეფონი', officeGuid: withMobile.guid });
    const center = await makeOffice(db, { isDistrCenter: true });
    await makeOffice(db, { distributionCenter: center.guid });
    for (const o of [withUser, withParcel, withMobile, center]) {
      const res = await get(app, 'PostDeleteOffice', { ...session, gui: o.guid });
      expect(res).toMatchObject({ Status: false, Code: 409 });
      expect(res.Error).toContain('ოფისის წაშლა შეუძლებელია');
      expect(await db.select().from(offices).where(eq(offices.guid, o.guid))).toHaveLength(1);
    }
    const res = await get(app, 'PostDeleteOffice', { ...session, gui: withUser.guid });
    expect(res.Error).toContain('მომხმარებლები (1)');
  });

  it('answers 404 for an unknown office and 400 for a malformed GUID', async () => {
    const { app, db } = h();
    const { session } = await signInAdmin(app, db);
    expect(
      await get(app, 'PostDeleteOffice', { ...session, gui: '00000000-0000-4000-8000-000000000000' }),
    ).toMatchObject({
      Code: 404,
    });
    expect(await get(app, 'PostDeleteOffice', { ...session, gui: 'x' })).toMatchObject({ Code: 400 });
  });
});

describe('who may change offices', () => {
  it.each([
    ['POST', 'PostInsertOffice'],
    ['POST', 'PostUpdateOffice'],
    ['GET', 'PostDeleteOffice'],
  ] as const)(
    '%s %s: 401 without a session, 403 for an operator and a corporate administrator, nothing written',
    async (method, name) => {
      const { app, db } = h();
      const office = await makeOffice(db, { name: 'დაცული ოფისი' });
      const { operator, corporateAdmin } = await refusals(app, db);
      const params = { ...body({ Guid: office.guid, Name: 'შეცვლილი სახელი' }), gui: office.guid };
      const before = await count(db, 'offices');
      expect(await callAs(app, method, name, null, params)).toMatchObject({ Status: false, Code: 401 });
      expect(await callAs(app, method, name, operator, params)).toMatchObject({ Status: false, Code: 403 });
      expect(await callAs(app, method, name, corporateAdmin, params)).toMatchObject({
        Status: false,
        Code: 403,
      });
      expect(await count(db, 'offices')).toBe(before);
      const [row] = await db.select().from(offices).where(eq(offices.guid, office.guid));
      expect(row.name).toBe('დაცული ოფისი');
    },
  );
});
