import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CalcCompanyParcelSumm,
  CalcCompanySumm,
  CourierPositions,
  CourierTasks,
  FGetOneDayStat,
  FGetUserList,
  FGetUserStatByDate,
  GetUserList,
} from '@po/contract/reports';
import { Status, tbilisiDay, type CallDef } from '@po/contract';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, makeUser, signIn, type LooseInput } from '../../test/factories.ts';
import { rows, type Db } from '../../db/client.ts';
import { attendance, companies, jobLines, jobs, parcelEvents } from '../../db/schema.ts';
import type { App } from '../../app.ts';

const h = useHarness();

/** A manager (role 100 of a plain office), signed in through the real login. */
async function manager(app: App, db: Db, name = 'ნინო მენეჯერი') {
  const office = await makeOffice(db);
  return signIn(app, db, { roleId: 100, officeGuid: office.guid, name });
}

/** Every report call refuses: no session (401), an operator (403), a corporate administrator (403). */
async function expectRefusals<C extends CallDef>(app: App, db: Db, def: C, input: LooseInput<C>) {
  expect(await callAs(app, def, null, input)).toMatchObject({ Status: false, Code: 401 });
  expect(await callAs(app, def, { Id: randomUUID(), Ticket: 'nope' }, input)).toMatchObject({ Code: 401 });
  const operator = await signIn(app, db, { roleId: 105 });
  expect(await callAs(app, def, operator.session, input)).toMatchObject({ Status: false, Code: 403 });
  const courier = await signIn(app, db, { roleId: 106 });
  expect(await callAs(app, def, courier.session, input)).toMatchObject({ Status: false, Code: 403 });
  const corporate = await makeOffice(db, { isCorporate: true });
  const corpAdmin = await signIn(app, db, { roleId: 100, officeGuid: corporate.guid });
  expect(await callAs(app, def, corpAdmin.session, input)).toMatchObject({ Status: false, Code: 403 });
}

const at = (isoText: string) => new Date(isoText);

/**
 * Three companies and their parcels around the range 03/01/2026–03/14/2026 (Tbilisi days): live and
 * archived parcels inside, one deleted, some outside (a minute after the range ends in Tbilisi).
 */
async function financeData(db: Db, managerGuid: string, otherGuid: string) {
  const [a, b, c] = await db
    .insert(companies)
    .values([
      {
        pid: '204000001',
        name: 'შპს ალფა',
        managerGuid,
        note: 'ყოველთვიური ანგარიში',
        createdAt: at('2026-03-02T08:00:00Z'),
      },
      {
        pid: '204000002',
        name: 'შპს ბეტა',
        managerGuid: otherGuid,
        note: 'VIP კლიენტი',
        createdAt: at('2026-03-10T08:00:00Z'),
      },
      {
        pid: '204000003',
        name: 'შპს გამა',
        managerGuid,
        note: 'ძველი კლიენტი',
        createdAt: at('2025-01-10T08:00:00Z'),
      },
    ])
    .returning();
  const p = (companyId: number, createDate: string, over: Parameters<typeof makeParcel>[1] = {}) =>
    makeParcel(db, { companyId, createDate: at(createDate), weight: 1.25, value: 10.5, ...over });
  await p(a.id, '2026-03-01T06:00:00Z', { statuses: [Status.HandToCourier, Status.Delivered] });
  await p(a.id, '2026-03-05T10:00:00Z', { weight: 2.5, value: 20 });
  await p(a.id, '2026-03-14T19:59:00Z', { tier: 'archive', weight: 0.2, value: 3.33 }); // 23:59 in Tbilisi: inside
  await p(a.id, '2026-03-14T20:00:00Z'); // 00:00 on the 15th in Tbilisi: outside
  await p(a.id, '2026-03-06T10:00:00Z', { deletedAt: new Date() }); // deleted: never counted
  await p(b.id, '2026-03-11T10:00:00Z', { statuses: [Status.Delivered], value: 7 });
  await p(b.id, '2026-02-20T10:00:00Z', { value: 100 }); // before the range
  await p(c.id, '2026-03-03T10:00:00Z', { tier: 'oldArchive', value: 1 });
  await makeParcel(db, { createDate: at('2026-03-03T10:00:00Z') }); // no company
  return { a, b, c };
}

/** The figures straight from the tables: per company pid, the parcels of every tier created in [from, until). */
async function expectedFigures(db: Db, from: string, until: string, companyWhere = sql`true`) {
  const found = await rows<{ pid: string; quantity: number; weight: string; summ: string }>(
    db,
    sql`select c.pid, count(*)::int as quantity, sum(x.weight)::text as weight, sum(x.value)::text as summ
        from companies c join (
          select company_id, weight, value, create_date, deleted_at from parcels
          union all select company_id, weight, value, create_date, deleted_at from parcels_archive
          union all select company_id, weight, value, create_date, deleted_at from parcels_old_archive
        ) x on x.company_id = c.id
        where x.deleted_at is null and x.create_date >= ${from}::timestamptz and x.create_date < ${until}::timestamptz
          and ${companyWhere}
        group by c.pid order by c.pid`,
  );
  return found.map((r) => ({
    Pid: r.pid,
    Quantity: r.quantity,
    Weight: Number(r.weight),
    Summ: Number(r.summ),
  }));
}

const figures = (list: Array<{ Pid: string; Quantity: number; Weight: number; Summ: number }>) =>
  list
    .map(({ Pid, Quantity, Weight, Summ }) => ({ Pid, Quantity, Weight, Summ }))
    .sort((x, y) => x.Pid.localeCompare(y.Pid));

describe('CalcCompanyParcelSumm', () => {
  it('sums each company’s parcels registered in the Tbilisi days of the range, as the tables count them', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const other = await makeUser(db, { roleId: 105, name: 'გიორგი ოპერატორი' });
    await financeData(db, m.user.guid, other.guid);
    const res = await callAs(app, CalcCompanyParcelSumm, m.session, {
      Startdate: '03/01/2026',
      Enddate: '03/14/2026',
    });
    expect(res.Status).toBe(true);
    const expected = await expectedFigures(db, '2026-02-28T20:00:00Z', '2026-03-14T20:00:00Z');
    expect(figures(res.Data!.Companies)).toEqual(expected);
    expect(expected).toEqual([
      { Pid: '204000001', Quantity: 3, Weight: 3.95, Summ: 33.83 },
      { Pid: '204000002', Quantity: 1, Weight: 1.25, Summ: 7 },
      { Pid: '204000003', Quantity: 1, Weight: 1.25, Summ: 1 },
    ]);
    const alpha = res.Data!.Companies.find((c) => c.Pid === '204000001')!;
    expect(alpha).toMatchObject({
      User: 'ნინო მენეჯერი',
      CompaniName: 'შპს ალფა',
      Note: 'ყოველთვიური ანგარიში',
    });
    expect(alpha.CreateDate).toBe('2026-03-02T08:00:00.000Z');
    // the chart: every day of the range; the counts add up to the table's, delivered as the statuses say
    const days = res.Data!.Days;
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ Day: '2026-03-01', Quantity: 1, Delivered: 1 });
    expect(days.reduce((s, d) => s + d.Quantity, 0)).toBe(5);
    expect(days.find((d) => d.Day === '2026-03-11')).toEqual({
      Day: '2026-03-11',
      Quantity: 1,
      Delivered: 1,
    });
    expect(days.find((d) => d.Day === '2026-03-14')).toEqual({
      Day: '2026-03-14',
      Quantity: 1,
      Delivered: 0,
    });
  });

  it('answers a renewed ticket that works for the next call', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const res = await callAs(app, CalcCompanyParcelSumm, m.session, {
      Startdate: '2026-03-01',
      Enddate: '2026-03-14',
    });
    expect(res.Status).toBe(true);
    expect(res.Data!.Companies).toEqual([]);
    const ticket = res.Data!.Ticket;
    expect(ticket).toMatch(/.{20,}/);
    expect(ticket).not.toBe(m.session.Ticket);
    const next = await callAs(app, FGetUserList, { Id: m.session.Id, Ticket: ticket });
    expect(next.Status).toBe(true);
  });

  it('refuses bad dates with a Georgian message naming the field', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const bad = await callAs(app, CalcCompanyParcelSumm, m.session, {
      Startdate: '13/45/2026',
      Enddate: '03/14/2026',
    });
    expect(bad).toMatchObject({ Status: false, Code: 400 });
    expect(bad.Error).toContain('საწყისი თარიღი');
    expect(bad.Error).toMatch(/თარიღი/);
    const missing = await callAs(app, CalcCompanyParcelSumm, m.session, { Startdate: '03/01/2026' });
    expect(missing).toMatchObject({ Code: 400 });
    expect(missing.Error).toContain('საბოლოო თარიღი');
    expect(missing.Error).toMatch(/სავალდებულოა/);
    const reversed = await callAs(app, CalcCompanyParcelSumm, m.session, {
      Startdate: '03/14/2026',
      Enddate: '03/01/2026',
    });
    expect(reversed).toMatchObject({ Code: 400 });
    expect(reversed.Error).toContain('საბოლოო თარიღი');
  });

  it('refuses without a session (401) and to anyone but a non-corporate administrator (403)', async () => {
    const { app, db } = h();
    await expectRefusals(app, db, CalcCompanyParcelSumm, { Startdate: '03/01/2026', Enddate: '03/14/2026' });
  });
});

describe('CalcCompanySumm', () => {
  it('lists the companies registered in the range with their parcels up to its end, by manager and note text', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const other = await makeUser(db, { roleId: 105, name: 'გიორგი ოპერატორი' });
    const { a, b } = await financeData(db, m.user.guid, other.guid);
    const body = { Startdate: '2026-03-01T00:00:00', Enddate: '2026-03-14T00:00:00', User: '', Note: '' };
    const all = await callAs(app, CalcCompanySumm, m.session, body);
    expect(all.Status).toBe(true);
    const created = sql`c.created_at >= '2026-02-28T20:00:00Z' and c.created_at < '2026-03-14T20:00:00Z'`;
    const expected = await expectedFigures(db, '2000-01-01T00:00:00Z', '2026-03-14T20:00:00Z', created);
    // figures of the companies registered in the range; a company without parcels would show zeros
    expect(figures(all.Data!.Companies)).toEqual(expected);
    expect(expected.map((e) => e.Pid)).toEqual([a.pid, b.pid]);
    expect(all.Data!.Companies.find((c) => c.Pid === b.pid)).toMatchObject({
      Quantity: 2,
      Summ: 107,
      User: 'გიორგი ოპერატორი',
    });
    expect(all.Data!.Days.reduce((s, d) => s + d.Quantity, 0)).toBe(4); // a: 3 in the range, b: 1

    for (const User of [m.user.guid, 'ნინო მენეჯერი', m.user.login.toUpperCase()]) {
      const mine = await callAs(app, CalcCompanySumm, m.session, { ...body, User });
      expect(mine.Data!.Companies.map((c) => c.Pid)).toEqual([a.pid]);
    }
    expect(
      (await callAs(app, CalcCompanySumm, m.session, { ...body, User: '.All' })).Data!.Companies,
    ).toHaveLength(2);
    const vip = await callAs(app, CalcCompanySumm, m.session, { ...body, Note: 'vip' });
    expect(vip.Data!.Companies.map((c) => c.Pid)).toEqual([b.pid]);
    const none = await callAs(app, CalcCompanySumm, m.session, {
      ...body,
      Startdate: '01/01/2020',
      Enddate: '01/31/2020',
    });
    expect(none.Data!.Companies).toEqual([]);
    expect(none.Data!.Ticket).toBeTruthy();
  });

  it('refuses an unknown user and bad dates (400)', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const unknown = await callAs(app, CalcCompanySumm, m.session, {
      Startdate: '03/01/2026',
      Enddate: '03/14/2026',
      User: randomUUID(),
    });
    expect(unknown).toMatchObject({ Status: false, Code: 400 });
    expect(unknown.Error).toContain('მომხმარებელი');
    const bad = await callAs(app, CalcCompanySumm, m.session, {
      Startdate: 'yesterday',
      Enddate: '03/14/2026',
    });
    expect(bad).toMatchObject({ Code: 400 });
    expect(bad.Error).toContain('საწყისი თარიღი');
  });

  it('refuses without a session (401) and other roles (403)', async () => {
    const { app, db } = h();
    await expectRefusals(app, db, CalcCompanySumm, { Startdate: '03/01/2026', Enddate: '03/14/2026' });
  });
});

describe('FGetUserList / GetUserList', () => {
  it('lists the working employees, and the managers of companies', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const courier = await makeUser(db, { roleId: 106, name: 'კურიერი' });
    await makeUser(db, { roleId: 102, name: 'ზედამხედველი' }); // may not work in the system
    await makeUser(db, { roleId: 105, name: 'გათიშული', enabled: false });
    await makeUser(db, { roleId: 105, name: 'წაშლილი', deletedAt: new Date() });
    const res = await callAs(app, FGetUserList, m.session);
    expect(res.Status).toBe(true);
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where deleted_at is null and enabled and role_id in (100, 104, 105, 106, 107)`,
    );
    expect(res.Data!.Users).toHaveLength(n);
    expect(res.Data!.Users.map((u) => u.ID).sort()).toEqual([m.user.guid, courier.guid].sort());
    expect(res.Data!.Ticket).toBeTruthy();

    await db.insert(companies).values({ pid: '204111111', name: 'შპს დელტა', managerGuid: m.user.guid });
    const managers = await callAs(app, GetUserList, m.session);
    expect(managers.Data!.Users).toEqual([
      { Name: 'ნინო მენეჯერი', Note: expect.any(String), ID: m.user.guid },
    ]);
  });

  it('refuse without a session (401) and other roles (403)', async () => {
    const { app, db } = h();
    await expectRefusals(app, db, FGetUserList, {});
    await expectRefusals(app, db, GetUserList, {});
  });
});

describe('attendance: FGetUserStatByDate and FGetOneDayStat', () => {
  it('a login records the first activity of the Tbilisi day; the daily report lists every employee', async () => {
    const { app, db } = h();
    const before = Date.now();
    const m = await manager(app, db);
    const absent = await makeUser(db, { roleId: 105, name: 'არ მოსულა' });
    const today = tbilisiDay(new Date());
    const res = await callAs(app, FGetOneDayStat, m.session, { ControlDate: today });
    expect(res.Status).toBe(true);
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where deleted_at is null and enabled and role_id in (100, 104, 105, 106, 107)`,
    );
    expect(res.Data!.Users).toHaveLength(n);
    const me = res.Data!.Users.find((u) => u.ID === m.user.guid)!;
    expect(me.CheckDate).toBe(today);
    expect(Date.parse(me.InComDate!)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.Data!.Users.find((u) => u.ID === absent.guid)).toMatchObject({
      InComDate: null,
      OutComDate: null,
      Delta: 0,
      Dlt: '0:00',
    });
  });

  it('the periodic report has one row per day, the durations from the recorded times', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const emp = await makeUser(db, { roleId: 105, name: 'ლევან თანამშრომელი' });
    await db.insert(attendance).values([
      {
        userGuid: emp.guid,
        day: '2026-03-02',
        firstAt: at('2026-03-02T05:05:00Z'),
        lastAt: at('2026-03-02T14:20:30Z'),
      },
      {
        userGuid: emp.guid,
        day: '2026-03-04',
        firstAt: at('2026-03-04T06:00:00Z'),
        lastAt: at('2026-03-04T06:00:00Z'),
      },
      {
        userGuid: emp.guid,
        day: '2026-03-09',
        firstAt: at('2026-03-09T05:00:00Z'),
        lastAt: at('2026-03-09T13:00:00Z'),
      },
    ]);
    const res = await callAs(app, FGetUserStatByDate, m.session, {
      UserID: emp.guid,
      StartDate: '03/01/2026',
      EndDate: '03/07/2026',
    });
    expect(res.Status).toBe(true);
    const list = res.Data!.Users;
    expect(list.map((r) => r.CheckDate)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    const recorded = await rows<{ day: string; minutes: number }>(
      db,
      sql`select day::text as day, floor(extract(epoch from (last_at - first_at)) / 60)::int as minutes
          from attendance where user_guid = ${emp.guid}::uuid and day between '2026-03-01' and '2026-03-07' order by day`,
    );
    expect(
      list.filter((r) => r.InComDate !== null).map((r) => ({ day: r.CheckDate, minutes: r.Delta })),
    ).toEqual(recorded);
    expect(list[1]).toEqual({
      Name: 'ლევან თანამშრომელი',
      CheckDate: '2026-03-02',
      InComDate: '2026-03-02T05:05:00.000Z',
      OutComDate: '2026-03-02T14:20:30.000Z',
      Dlt: '9:15',
      Delta: 555,
      DeltaH: 9.25,
      ID: emp.guid,
    });
    expect(list[3]).toMatchObject({ Delta: 0, Dlt: '0:00' }); // arrival equals departure
    expect(list[0]).toMatchObject({ InComDate: null, Delta: 0 });
    expect(res.Data!.Ticket).toBeTruthy();
  });

  it('refuses a missing employee, bad dates and too long a range (400)', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const noUser = await callAs(app, FGetUserStatByDate, m.session, {
      StartDate: '03/01/2026',
      EndDate: '03/07/2026',
    });
    expect(noUser).toMatchObject({ Status: false, Code: 400 });
    expect(noUser.Error).toContain('თანამშრომელი');
    expect(noUser.Error).toMatch(/თანამშრომლის არჩევა/);
    const q = { UserID: m.user.guid, StartDate: '03/01/2026', EndDate: '03/07/2026' };
    const unknown = await callAs(app, FGetUserStatByDate, m.session, { ...q, UserID: randomUUID() });
    expect(unknown).toMatchObject({ Code: 400 });
    expect((await callAs(app, FGetUserStatByDate, m.session, { ...q, UserID: 'abc' })).Code).toBe(400);
    const badDate = await callAs(app, FGetUserStatByDate, m.session, { ...q, EndDate: '02/30/2026' });
    expect(badDate).toMatchObject({ Code: 400 });
    expect(badDate.Error).toContain('საბოლოო თარიღი');
    const long = await callAs(app, FGetUserStatByDate, m.session, { ...q, StartDate: '01/01/2024' });
    expect(long).toMatchObject({ Code: 400 });
    expect(long.Error).toContain('366');
    const day = await callAs(app, FGetOneDayStat, m.session, { ControlDate: '' });
    expect(day).toMatchObject({ Code: 400 });
    expect(day.Error).toContain('„თარიღი“');
  });

  it('refuse without a session (401) and other roles (403)', async () => {
    const { app, db } = h();
    const emp = await makeUser(db, { roleId: 105 });
    await expectRefusals(app, db, FGetUserStatByDate, {
      UserID: emp.guid,
      StartDate: '03/01/2026',
      EndDate: '03/07/2026',
    });
    await expectRefusals(app, db, FGetOneDayStat, { ControlDate: '03/01/2026' });
  });
});

describe('couriers: CourierPositions and CourierTasks', () => {
  async function courierData(db: Db) {
    const office = await makeOffice(db, { name: 'ბათუმის ფილიალი' });
    const courier = await makeUser(db, { roleId: 106, name: 'ზურა კურიერი', officeGuid: office.guid });
    const idle = await makeUser(db, { roleId: 106, name: 'ახალი კურიერი', officeGuid: office.guid });
    const now = Date.now();
    const p1 = await makeParcel(db, {
      courierGuid: courier.guid,
      statuses: [Status.HandToCourier],
      createDate: new Date(now - 3 * 86_400_000),
    });
    await makeParcel(db, { courierGuid: courier.guid, statuses: [Status.Pickup] });
    await makeParcel(db, { courierGuid: courier.guid, statuses: [Status.Delivered] }); // done
    await makeParcel(db, { courierGuid: courier.guid, statuses: [Status.Pickup], deletedAt: new Date() });
    // yesterday's event, and two of today's with positions
    await db.insert(parcelEvents).values([
      {
        parcelGuid: p1.guid,
        statusId: Status.Pickup,
        userGuid: courier.guid,
        lat: 41.64,
        lng: 41.63,
        createdAt: new Date(now - 86_400_000 - 3_600_000),
      },
      {
        parcelGuid: p1.guid,
        statusId: Status.Pickup,
        userGuid: courier.guid,
        lat: 41.65,
        lng: 41.64,
        createdAt: new Date(now - 120_000),
      },
      {
        parcelGuid: p1.guid,
        statusId: Status.NobodyAtAddress,
        userGuid: courier.guid,
        lat: 41.66,
        lng: 41.65,
        createdAt: new Date(now - 60_000),
      },
    ]);
    const jobId = randomUUID();
    await db.insert(jobs).values([
      {
        jobId,
        userGuid: courier.guid,
        operType: Status.Pickup,
        lat: 41.61,
        lng: 41.62,
        receivedAt: new Date(now - 2 * 86_400_000),
        failed: 2,
        applied: 1,
      },
      {
        jobId: randomUUID(),
        userGuid: courier.guid,
        operType: Status.Pickup,
        receivedAt: new Date(now - 30 * 86_400_000),
        failed: 1,
      },
    ]);
    await db.insert(jobLines).values([
      { jobId, barcode: 'PO000000001', applied: true },
      { jobId, barcode: 'PO000000002', applied: false, error: 'unknown' },
      { jobId, barcode: 'PO000000003', applied: false, error: 'deleted' },
    ]);
    return { courier, idle };
  }

  it('shows each courier’s last position and today’s track, as the events and jobs hold them', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const { courier, idle } = await courierData(db);
    const res = await callAs(app, CourierPositions, m.session);
    expect(res.Status).toBe(true);
    const [last] = await rows<{ lat: number; lng: number; at: Date }>(
      db,
      sql`select lat, lng, at from (
            select lat, lng, created_at as at from parcel_events where user_guid = ${courier.guid}::uuid and lat is not null
            union all select lat, lng, received_at from jobs where user_guid = ${courier.guid}::uuid and lat is not null
          ) x order by at desc limit 1`,
    );
    const z = res.Data!.Couriers.find((c) => c.UserGUID === courier.guid)!;
    expect(z).toMatchObject({
      Name: 'ზურა კურიერი',
      OfficeName: 'ბათუმის ფილიალი',
      Lat: last.lat,
      Lng: last.lng,
    });
    expect(Date.parse(z.At!)).toBe(new Date(last.at).getTime());
    const todayStart = new Date(`${tbilisiDay(new Date())}T00:00:00+04:00`);
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from parcel_events where user_guid = ${courier.guid}::uuid
          and lat is not null and created_at >= ${todayStart}`,
    );
    expect(z.Track).toHaveLength(n);
    expect(z.Track.at(-1)).toMatchObject({ Lat: 41.66, Lng: 41.65, StatusID: Status.NobodyAtAddress });
    expect(res.Data!.Couriers.find((c) => c.UserGUID === idle.guid)).toMatchObject({
      Lat: null,
      Lng: null,
      At: null,
      Track: [],
    });
  });

  it('lists each courier’s open work: parcels held and job lines that did not apply', async () => {
    const { app, db } = h();
    const m = await manager(app, db);
    const { courier, idle } = await courierData(db);
    const res = await callAs(app, CourierTasks, m.session);
    expect(res.Status).toBe(true);
    const [held] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from parcels where courier_guid = ${courier.guid}::uuid
          and deleted_at is null and cur_status_id in (8707, 8711)`,
    );
    const z = res.Data!.Couriers.find((c) => c.UserGUID === courier.guid)!;
    expect(z.Held).toBe(held.n);
    expect(z.Held).toBe(2);
    expect(z.HeldBarcodes).toHaveLength(2);
    expect(z).toMatchObject({ JobsWithErrors: 1, LinesNotApplied: 2 });
    expect(z.LastJobAt).not.toBeNull();
    expect(res.Data!.Couriers.find((c) => c.UserGUID === idle.guid)).toMatchObject({
      Held: 0,
      JobsWithErrors: 0,
      LinesNotApplied: 0,
      LastJobAt: null,
      HeldBarcodes: [],
    });
  });

  it('an office operator may see them; a courier, a corporate user or no session may not', async () => {
    const { app, db } = h();
    const op = await signIn(app, db, { roleId: 105 });
    expect((await callAs(app, CourierPositions, op.session)).Status).toBe(true);
    for (const def of [CourierPositions, CourierTasks]) {
      expect(await callAs(app, def, null)).toMatchObject({ Code: 401 });
      const courier = await signIn(app, db, { roleId: 106 });
      expect(await callAs(app, def, courier.session)).toMatchObject({ Code: 403 });
      const corp = await signIn(app, db, {
        roleId: 107,
        officeGuid: (await makeOffice(db, { isCorporate: true })).guid,
      });
      expect(await callAs(app, def, corp.session)).toMatchObject({ Code: 403 });
    }
  });
});
