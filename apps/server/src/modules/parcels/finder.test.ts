import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code, DeliveryStatus, Status } from '@po/contract';
import {
  GetLastParcelStatus,
  GetLastParcelStatuses,
  GetMinMaXDate,
  GetParcelStatuses,
  NotConfirmParcelFinder,
  ParcelFinder,
  PostUpStat,
} from '@po/contract/parcels/finder';
import { GRID_MAX_ROWS } from '@po/contract/grid';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, makeUser, signIn, type Session } from '../../test/factories.ts';
import { auditLog, parcelEvents, parcels } from '../../db/schema.ts';
import { rows } from '../../db/client.ts';

const harness = useHarness();
const h = {
  get app() {
    return harness().app;
  },
  get db() {
    return harness().db;
  },
};

/** MM/DD/YYYY of a Tbilisi day some days from now. */
function us(daysFromNow: number): string {
  const d = new Date(Date.now() + 4 * 3_600_000 + daysFromNow * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
const range = { StartRegDate: us(-14), EndRegDate: us(0) };
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function admin(): Promise<Session> {
  return (await signIn(h.app, h.db, { roleId: 100 })).session;
}

describe('ParcelFinder', () => {
  it('finds by each filter and answers rows with their delivery entry and the chart counts', async () => {
    const { user, session } = await signIn(h.app, h.db, { roleId: 105 });
    const base = { registeredBy: user.guid, registeredOffice: user.officeGuid, createDate: daysAgo(2) };
    const delivered = await makeParcel(h.db, {
      ...base,
      senderName: 'ნინო გელაშვილი',
      receiverName: 'დავით მაისურაძე',
      senderCityId: 320,
      receiverCityId: 321,
      fild1: 'საქმე 77/2026',
      fild2: 'შენიშვნა ალფა',
      description: 'დოკუმენტები ბანკისთვის',
      collectionDate: daysAgo(3),
      statuses: [Status.HandToCourier, Status.NobodyAtAddress, Status.Delivered],
    });
    const failed = await makeParcel(h.db, {
      ...base,
      statuses: [Status.HandToCourier, Status.RefusesToAccept],
    });
    const confirmed = await makeParcel(h.db, { ...base, statuses: [Status.Confirmed] });
    await makeParcel(h.db, { ...base, createDate: daysAgo(40) }); // outside the 14 days

    const all = await callAs(h.app, ParcelFinder, session, range);
    expect(all.Status).toBe(true);
    expect(all.Data!.Parcels.map((p) => p.Barcode).sort()).toEqual(
      [delivered.barcode, failed.barcode, confirmed.barcode].sort(),
    );
    expect(all.Data!.Stats).toMatchObject({
      Total: 3,
      Delivered: 1,
      NotDelivered: 1,
      InProgress: 1,
      Confirmed: 1,
      NotConfirmed: 2,
    });
    expect(all.Data!.Capped).toBe(false);
    expect(all.Data!.ParcelsStatuses).toHaveLength(3);

    const row = all.Data!.Parcels.find((p) => p.Barcode === delivered.barcode)!;
    expect(row).toMatchObject({
      DeliveryStatus: DeliveryStatus.Delivered,
      Direction: 'თბილისი → ბათუმი',
      Login: user.login,
      CurStatusName: 'ჩაბარებულია',
    });
    expect(row.Lname).not.toBe('');
    expect(row.Ldate).not.toBeNull();
    expect(row.DeliveryDate).not.toBeNull();
    expect(row.Late).toBeGreaterThanOrEqual(1);
    expect(all.Data!.Parcels.find((p) => p.Barcode === failed.barcode)!.DeliveryStatus).toBe(
      DeliveryStatus.NotDelivered,
    );
    expect(all.Data!.Parcels.find((p) => p.Barcode === confirmed.barcode)!.DeliveryStatus).toBe(
      DeliveryStatus.InProgress,
    );

    const one = async (f: Record<string, unknown>) =>
      (await callAs(h.app, ParcelFinder, session, { ...range, ...f })).Data!.Parcels.map((p) => p.Barcode);
    expect(await one({ Barcode: ` ${delivered.barcode.toLowerCase()} ` })).toEqual([delivered.barcode]);
    expect(await one({ SenderName: 'გელაშ' })).toEqual([delivered.barcode]);
    expect(await one({ ReceiverName: 'მაისურ' })).toEqual([delivered.barcode]);
    expect(await one({ Fild1: '77/2026' })).toEqual([delivered.barcode]);
    expect(await one({ Fild2: 'ალფა' })).toEqual([delivered.barcode]);
    expect(await one({ Description: 'ბანკის' })).toEqual([delivered.barcode]);
    expect(await one({ SenderRegion: 320 })).toEqual([delivered.barcode]);
    expect(await one({ ReceiverRegion: 321 })).toEqual([delivered.barcode]);
    expect(await one({ SenderName: '100%' })).toEqual([]);
    expect((await one({ RegistredUserGUID: user.guid })).length).toBe(3);
    expect((await one({ RegistredUserLogin: user.login.toUpperCase() })).length).toBe(3);
    expect((await one({ RegistredUserOfficeGUID: user.officeGuid })).length).toBe(3);
    expect(await one({ RegistredUserGUID: (await makeUser(h.db)).guid })).toEqual([]);
    // the whole earlier range: the old parcel too, and the earliest date in the stats
    const wide = await callAs(h.app, ParcelFinder, session, { StartRegDate: us(-60), EndRegDate: us(0) });
    expect(wide.Data!.Stats.Total).toBe(4);
    expect(new Date(wide.Data!.Stats.MinDate!).getTime()).toBeLessThan(daysAgo(39).getTime());
  });

  it('pages, sorts and filters on the server, with Total', async () => {
    const session = await admin();
    const office = await makeOffice(h.db);
    for (let i = 0; i < 7; i++) {
      await makeParcel(h.db, {
        registeredOffice: office.guid,
        createDate: daysAgo(1 + i / 10),
        weight: i + 1,
        receiverName: i % 2 ? 'კენტი მიმღები' : 'ლუწი მიმღები',
      });
    }
    const page = await callAs(h.app, ParcelFinder, session, {
      ...range,
      Skip: 2,
      Take: 3,
      Sort: 'Weight desc',
    });
    expect(page.Data!.Total).toBe(7);
    expect(page.Data!.Parcels.map((p) => p.Weight)).toEqual([5, 4, 3]);
    const filtered = await callAs(h.app, ParcelFinder, session, {
      ...range,
      Take: 10,
      Filter: JSON.stringify({ Receiver: 'კენტ', Weight: [3, null] }),
    });
    expect(filtered.Data!.Parcels.map((p) => p.Weight).sort()).toEqual([4, 6]);
    expect(filtered.Data!.Total).toBe(2);
    const bad = await callAs(h.app, ParcelFinder, session, { ...range, Sort: 'Password' });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toContain('Password');
    const badFilter = await callAs(h.app, ParcelFinder, session, { ...range, Filter: '{"Weight": "heavy"}' });
    expect(badFilter).toMatchObject({ Status: false, Code: Code.BadInput });
  });

  it('caps a large result at GRID_MAX_ROWS and says so', async () => {
    const session = await admin();
    await h.db.execute(sql`insert into parcels (barcode, cur_status_id, create_date)
      select 'CP' || lpad(g::text, 9, '0'), ${Status.Registered}, now() - (g || ' seconds')::interval
      from generate_series(1, ${GRID_MAX_ROWS + 5}) g`);
    const res = await callAs(h.app, ParcelFinder, session, { ...range, Take: 25 });
    expect(res.Data).toMatchObject({ Total: GRID_MAX_ROWS, Capped: true });
    expect(res.Data!.Parcels).toHaveLength(25);
    expect(res.Data!.Stats.Total).toBe(GRID_MAX_ROWS);
  });

  it('samples the five contains columns of each store finely, so a rare name is searched by its trigram index', async () => {
    // At the default 100 statistics entries a surname in one histogram entry was estimated at 1 % of the
    // store, and the match read the date index backwards instead (3.5 s at 4 million parcels).
    const stats = await rows<{ store: string; col: string; target: number }>(
      h.db,
      sql`select attrelid::regclass::text as store, attname::text as col, attstattarget::int as target
            from pg_attribute
           where attrelid in ('parcels'::regclass, 'parcels_archive'::regclass, 'parcels_old_archive'::regclass)
             and attname in ('sender_name', 'receiver_name', 'fild1', 'fild2', 'description')`,
    );
    expect(stats).toHaveLength(15);
    expect(stats.filter((r) => r.target !== 1000)).toEqual([]);
  });

  it('refuses malformed dates and an end before the start in Georgian, naming the field', async () => {
    const session = await admin();
    const bad = await callAs(h.app, ParcelFinder, session, { StartRegDate: '13/45/2026', EndRegDate: us(0) });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toContain('„რეგისტრაცია: დან“');
    expect(bad.Error).toMatch(/[ა-ჰ]/);
    const order = await callAs(h.app, ParcelFinder, session, { StartRegDate: us(0), EndRegDate: us(-3) });
    expect(order).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(order.Error).toContain('„რეგისტრაცია: მდე“');
    expect(order.Error).toContain('ადრეა');
    const region = await callAs(h.app, ParcelFinder, session, { ...range, SenderRegion: 'თბილისი' });
    expect(region).toMatchObject({ Status: false, Code: Code.BadInput });
    // the same day as start and end is the whole day
    const p = await makeParcel(h.db, { createDate: new Date() });
    const today = await callAs(h.app, ParcelFinder, session, { StartRegDate: us(0), EndRegDate: us(0) });
    expect(today.Data!.Parcels.map((x) => x.Barcode)).toContain(p.barcode);
  });

  it('answers 401 without a session and 403 to a courier', async () => {
    expect(await callAs(h.app, ParcelFinder, null, range)).toMatchObject({
      Status: false,
      Code: Code.Unauthorized,
    });
    const { session } = await signIn(h.app, h.db, { roleId: 106 });
    expect(await callAs(h.app, ParcelFinder, session, range)).toMatchObject({
      Status: false,
      Code: Code.Forbidden,
    });
  });

  it('shows each user only the parcels of their circle: offices, distribution centres, IsAnother, corporate', async () => {
    const centre = await makeOffice(h.db, { isDistrCenter: true });
    const branch = await makeOffice(h.db, { distributionCenter: centre.guid });
    const other = await makeOffice(h.db);
    const corporate = await makeOffice(h.db, { isCorporate: true });
    const clerk = await makeUser(h.db, { roleId: 104, officeGuid: branch.guid });
    const p = {
      centre: await makeParcel(h.db, { registeredOffice: centre.guid, createDate: daysAgo(1) }),
      branch: await makeParcel(h.db, {
        registeredOffice: branch.guid,
        registeredBy: clerk.guid,
        createDate: daysAgo(1),
      }),
      other: await makeParcel(h.db, { registeredOffice: other.guid, createDate: daysAgo(1) }),
      corporate: await makeParcel(h.db, { registeredOffice: corporate.guid, createDate: daysAgo(1) }),
    };
    const seen = async (over: Parameters<typeof signIn>[2]) => {
      const { session } = await signIn(h.app, h.db, over);
      const res = await callAs(h.app, ParcelFinder, session, range);
      const codes = new Set(res.Data!.Parcels.map((x) => x.Barcode));
      return Object.entries(p)
        .filter(([, v]) => codes.has(v.barcode))
        .map(([k]) => k)
        .sort();
    };
    const everything = ['branch', 'centre', 'corporate', 'other'];
    expect(await seen({ roleId: 100 })).toEqual(everything);
    expect(await seen({ roleId: 105, officeGuid: other.guid })).toEqual(everything);
    // DOMAIN.md "Parcel scope": a partner branch (IsAnother) sees its own registrations and what is
    // bound for its office, even at a centre; other staff the parcels of their distribution centre
    expect(await seen({ roleId: 105, officeGuid: centre.guid, isAnother: true })).toEqual([]);
    expect(await seen({ roleId: 104, officeGuid: branch.guid })).toEqual(['branch', 'centre']);
    expect(await seen({ roleId: 105, officeGuid: branch.guid, isAnother: true })).toEqual([]);
    expect(await seen({ roleId: 107, officeGuid: corporate.guid })).toEqual(['corporate']);
    expect(await seen({ roleId: 105, officeGuid: corporate.guid })).toEqual(['corporate']);

    // the status calls follow the same circles
    const { session: corp } = await signIn(h.app, h.db, { roleId: 107, officeGuid: corporate.guid });
    const hidden = await callAs(h.app, GetLastParcelStatus, corp, { gui: p.other.guid });
    expect(hidden).toMatchObject({ Status: false, Code: Code.NotFound });
    expect(await callAs(h.app, GetParcelStatuses, corp, { gui: p.other.guid })).toMatchObject({
      Code: Code.NotFound,
    });
    const batch = await callAs(h.app, GetLastParcelStatuses, corp, {
      guis: [p.other.guid, p.corporate.guid],
    });
    expect(batch.Data!.Items.map((i) => i.ParcelGUID)).toEqual([p.corporate.guid]);
  });
});

describe('GetLastParcelStatus, GetLastParcelStatuses, GetParcelStatuses, GetMinMaXDate', () => {
  it('answer the last status with the delivery entry, the batch in order, and the history oldest first', async () => {
    const session = await admin();
    const a = await makeParcel(h.db, {
      createDate: daysAgo(3),
      statuses: [Status.HandToCourier, Status.Delivered],
    });
    const b = await makeParcel(h.db, { createDate: daysAgo(1), statuses: [Status.Confirmed] });
    const last = await callAs(h.app, GetLastParcelStatus, session, { gui: a.guid });
    expect(last.Data!.ParcelsStatuses).toEqual([
      expect.objectContaining({ ParcelGUID: a.guid, StatusName: 'ჩაბარებულია' }),
    ]);
    expect(last.Data!.ParcelsDeliverys[0]).toMatchObject({
      DeliveryStatus: DeliveryStatus.Delivered,
      Lname: 'ჩაბარებულია',
    });
    const batch = await callAs(h.app, GetLastParcelStatuses, session, { guis: `${b.guid},${a.guid}` });
    expect(batch.Data!.Items.map((i) => [i.ParcelGUID, i.DeliveryStatus])).toEqual([
      [b.guid, DeliveryStatus.InProgress],
      [a.guid, DeliveryStatus.Delivered],
    ]);
    const hist = await callAs(h.app, GetParcelStatuses, session, { gui: a.guid });
    expect(hist.Data!.ParcelsStatuses.map((r) => r.StatusName)).toEqual([
      'რეგისტრირებულია',
      expect.any(String),
      'ჩაბარებულია',
    ]);
    // an archived parcel's history comes from the archive
    const old = await makeParcel(h.db, {
      tier: 'archive',
      createDate: daysAgo(300),
      statuses: [Status.Delivered],
    });
    expect(
      (await callAs(h.app, GetParcelStatuses, session, { gui: old.guid })).Data!.ParcelsStatuses,
    ).toHaveLength(2);
    const mm = await callAs(h.app, GetMinMaXDate, session, {});
    expect(new Date(mm.Data!.Min!).getTime()).toBeLessThan(new Date(mm.Data!.Max!).getTime());
  });

  it('refuse bad ids (400), no session (401), a courier (403), an unknown parcel (404)', async () => {
    const session = await admin();
    const bad = await callAs(h.app, GetLastParcelStatus, session, { gui: 'not-a-guid' });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toContain('„ამანათი“');
    expect(await callAs(h.app, GetParcelStatuses, session, { gui: '' })).toMatchObject({
      Code: Code.BadInput,
    });
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect(await callAs(h.app, GetLastParcelStatuses, session, { guis: tooMany.join(',') })).toMatchObject({
      Code: Code.BadInput,
    });
    expect(await callAs(h.app, GetLastParcelStatus, session, { gui: crypto.randomUUID() })).toMatchObject({
      Code: Code.NotFound,
    });
    const gui = crypto.randomUUID();
    for (const def of [GetLastParcelStatus, GetParcelStatuses] as const) {
      expect(await callAs(h.app, def, null, { gui })).toMatchObject({ Code: Code.Unauthorized });
    }
    expect(await callAs(h.app, GetMinMaXDate, null, {})).toMatchObject({ Code: Code.Unauthorized });
    expect(await callAs(h.app, GetLastParcelStatuses, null, { guis: [gui] })).toMatchObject({
      Code: Code.Unauthorized,
    });
    const { session: courier } = await signIn(h.app, h.db, { roleId: 106 });
    expect(await callAs(h.app, GetLastParcelStatus, courier, { gui })).toMatchObject({
      Code: Code.Forbidden,
    });
    expect(await callAs(h.app, GetParcelStatuses, courier, { gui })).toMatchObject({ Code: Code.Forbidden });
    expect(await callAs(h.app, GetMinMaXDate, courier, {})).toMatchObject({ Code: Code.Forbidden });
    expect(await callAs(h.app, GetLastParcelStatuses, courier, { guis: [gui] })).toMatchObject({
      Code: Code.Forbidden,
    });
  });
});

describe('NotConfirmParcelFinder and PostUpStat', () => {
  it('lists the unconfirmed parcels and assigns a status to each in its own transaction', async () => {
    const session = await admin();
    const a = await makeParcel(h.db, { createDate: daysAgo(2) });
    const b = await makeParcel(h.db, { createDate: daysAgo(2), statuses: [Status.Received] });
    const c = await makeParcel(h.db, { createDate: daysAgo(2), statuses: [Status.Confirmed] });
    const gone = await makeParcel(h.db, { createDate: daysAgo(2), deletedAt: new Date() });
    const list = await callAs(h.app, NotConfirmParcelFinder, session, range);
    expect(list.Data!.Parcels.map((p) => p.Barcode).sort()).toEqual([a.barcode, b.barcode].sort());
    expect(list.Data!.Parcels.map((p) => p.Barcode)).not.toContain(c.barcode);

    const res = await callAs(h.app, PostUpStat, session, {
      barcodes: `${a.barcode},${gone.barcode},NOSUCH0001,${b.barcode}`,
      stat: Status.Confirmed,
    });
    expect(res.Data!.Ret).toBe(2);
    expect(res.Data!.Done).toEqual([a.barcode, b.barcode]);
    expect(res.Data!.Failed.map((f) => f.Barcode)).toEqual([gone.barcode, 'NOSUCH0001']);
    expect(res.Data!.Failed[1].Error).toMatch(/[ა-ჰ]/);
    const [pa] = await h.db.select().from(parcels).where(eq(parcels.guid, a.guid));
    expect(pa.curStatusId).toBe(Status.Confirmed);
    const events = await h.db.select().from(parcelEvents).where(eq(parcelEvents.parcelGuid, a.guid));
    expect(events.map((e) => e.statusId)).toEqual([Status.Registered, Status.Confirmed]);
    const audits = await rows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from audit_log where action = 'status'`,
    );
    expect(audits[0].n).toBe(2);
    expect((await callAs(h.app, NotConfirmParcelFinder, session, range)).Data!.Parcels).toHaveLength(0);

    const none = await callAs(h.app, PostUpStat, session, { barcodes: 'NOSUCH0001', stat: Status.Confirmed });
    expect(none.Data!.Ret).toBe(-1);
  });

  it('refuses an unknown status and an empty selection, and answers 401 and 403', async () => {
    const session = await admin();
    const a = await makeParcel(h.db);
    const unknown = await callAs(h.app, PostUpStat, session, { barcodes: a.barcode, stat: 1 });
    expect(unknown).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(unknown.Error).toMatch(/[ა-ჰ]/);
    const empty = await callAs(h.app, PostUpStat, session, { barcodes: '', stat: Status.Confirmed });
    expect(empty).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(empty.Error).toContain('მონიშნეთ');
    const [pa] = await h.db.select().from(parcels).where(eq(parcels.guid, a.guid));
    expect(pa.curStatusId).toBe(Status.Registered);
    expect(await h.db.select().from(auditLog).where(eq(auditLog.action, 'status'))).toHaveLength(0);
    const badDates = await callAs(h.app, NotConfirmParcelFinder, session, { StartRegDate: 'yesterday' });
    expect(badDates).toMatchObject({ Code: Code.BadInput });

    expect(await callAs(h.app, PostUpStat, null, { barcodes: a.barcode, stat: 8734 })).toMatchObject({
      Code: Code.Unauthorized,
    });
    expect(await callAs(h.app, NotConfirmParcelFinder, null, range)).toMatchObject({
      Code: Code.Unauthorized,
    });
    for (const over of [
      { roleId: 105 },
      { roleId: 100, officeGuid: (await makeOffice(h.db, { isCorporate: true })).guid },
    ]) {
      const { session: s } = await signIn(h.app, h.db, over);
      expect(await callAs(h.app, PostUpStat, s, { barcodes: a.barcode, stat: 8734 })).toMatchObject({
        Code: Code.Forbidden,
      });
      expect(await callAs(h.app, NotConfirmParcelFinder, s, range)).toMatchObject({ Code: Code.Forbidden });
    }
  });
});
