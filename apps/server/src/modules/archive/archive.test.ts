import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, DeliveryStatus, Status } from '@po/contract';
import {
  ArchGetLastParcelStatus,
  ArchGetMinMaXDate,
  ArchGetParcelStatuses,
  ArchParcelFinder,
  OldArchGetMinMaXDate,
  OldArchGetParcelStatuses,
  OldArchParcelFinder,
} from '@po/contract/archive';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, makeUser, signIn, type Session } from '../../test/factories.ts';
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
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
/** The archive screen's default range: ends 180 days ago, starts 14 days before. */
const archRange = { StartRegDate: us(-194), EndRegDate: us(-180) };
const oldRange = { StartRegDate: us(-1900), EndRegDate: us(-1825) };

async function admin(): Promise<Session> {
  return (await signIn(h.app, h.db, { roleId: 100 })).session;
}

describe('ArchParcelFinder', () => {
  it('finds archived parcels by each filter, with the delivery entry, the archive date and the counts', async () => {
    const { user, session } = await signIn(h.app, h.db, { roleId: 105 });
    const base = {
      tier: 'archive' as const,
      registeredBy: user.guid,
      registeredOffice: user.officeGuid,
      createDate: daysAgo(185),
    };
    const delivered = await makeParcel(h.db, {
      ...base,
      senderName: 'ნინო გელაშვილი',
      receiverName: 'დავით მაისურაძე',
      senderCityId: 320,
      receiverCityId: 321,
      fild1: 'საქმე 77/2025',
      fild2: 'შენიშვნა ალფა',
      description: 'დოკუმენტები ბანკისთვის',
      collectionDate: daysAgo(186),
      statuses: [Status.HandToCourier, Status.NobodyAtAddress, Status.Delivered],
    });
    const failed = await makeParcel(h.db, {
      ...base,
      statuses: [Status.HandToCourier, Status.RefusesToAccept],
    });
    await makeParcel(h.db, { ...base, createDate: daysAgo(230) }); // outside the range
    // the same range in the live store and the old archive: never in this answer
    await makeParcel(h.db, { ...base, tier: 'live' });
    await makeParcel(h.db, { ...base, tier: 'oldArchive' });

    const all = await callAs(h.app, ArchParcelFinder, session, archRange);
    expect(all.Status).toBe(true);
    expect(all.Data!.Parcels.map((p) => p.Barcode).sort()).toEqual(
      [delivered.barcode, failed.barcode].sort(),
    );
    expect(all.Data!.Stats).toMatchObject({ Total: 2, Delivered: 1, NotDelivered: 1, InProgress: 0 });
    expect(all.Data!.ParcelsStatuses).toHaveLength(2);
    const row = all.Data!.Parcels.find((p) => p.Barcode === delivered.barcode)!;
    expect(row).toMatchObject({
      DeliveryStatus: DeliveryStatus.Delivered,
      Direction: 'თბილისი → ბათუმი',
      Login: user.login,
      CurStatusName: 'ჩაბარებულია',
    });
    expect(Date.now() - new Date(row.ArchiveDate).getTime()).toBeLessThan(60_000);
    expect(row.Lname).not.toBe('');

    const one = async (f: Record<string, unknown>) =>
      (await callAs(h.app, ArchParcelFinder, session, { ...archRange, ...f })).Data!.Parcels.map(
        (p) => p.Barcode,
      );
    expect(await one({ Barcode: ` ${delivered.barcode.toLowerCase()} ` })).toEqual([delivered.barcode]);
    expect(await one({ SenderName: 'გელაშ' })).toEqual([delivered.barcode]);
    expect(await one({ ReceiverName: 'მაისურ' })).toEqual([delivered.barcode]);
    expect(await one({ Fild1: '77/2025' })).toEqual([delivered.barcode]);
    expect(await one({ Fild2: 'ალფა' })).toEqual([delivered.barcode]);
    expect(await one({ Description: 'ბანკის' })).toEqual([delivered.barcode]);
    expect(await one({ SenderRegion: 320 })).toEqual([delivered.barcode]);
    expect(await one({ ReceiverRegion: 321 })).toEqual([delivered.barcode]);
    expect((await one({ RegistredUserGUID: user.guid })).length).toBe(2);
    expect((await one({ RegistredUserLogin: user.login.toUpperCase() })).length).toBe(2);
    expect(await one({ RegistredUserGUID: (await makeUser(h.db)).guid })).toEqual([]);

    // the server-side grid, with the archive date as a field
    const page = await callAs(h.app, ArchParcelFinder, session, {
      ...archRange,
      Take: 1,
      Sort: 'ArchiveDate desc,Barcode',
      Filter: JSON.stringify({ ArchiveDate: [us(-1).replace(/(\d+)\/(\d+)\/(\d+)/, '$3-$1-$2'), null] }),
    });
    expect(page.Data).toMatchObject({ Total: 2, Capped: false });
    expect(page.Data!.Parcels).toHaveLength(1);
  });

  it('refuses bad input in Georgian and writes nothing; ArchiveDate is no field of the live finder', async () => {
    const session = await admin();
    const bad = await callAs(h.app, ArchParcelFinder, session, { StartRegDate: '13/45/2025' });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toContain('„რეგისტრაცია (დან)“');
    expect(bad.Error).toMatch(/[ა-ჰ]/);
    const order = await callAs(h.app, ArchParcelFinder, session, {
      StartRegDate: us(-180),
      EndRegDate: us(-190),
    });
    expect(order).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(order.Error).toContain('„რეგისტრაცია (მდე)“');
    const sort = await callAs(h.app, ArchParcelFinder, session, { ...archRange, Sort: 'Password' });
    expect(sort).toMatchObject({ Status: false, Code: Code.BadInput });
    const proto = await callAs(h.app, ArchParcelFinder, session, {
      ...archRange,
      Filter: '{"constructor": 1}',
    });
    expect(proto).toMatchObject({ Status: false, Code: Code.BadInput });
    const live = await callAs(h.app, (await import('@po/contract/parcels/finder')).ParcelFinder, session, {
      Sort: 'ArchiveDate',
    });
    expect(live).toMatchObject({ Status: false, Code: Code.BadInput });
    // read-only calls: nothing in any store, and no audit record beyond the sign-in
    const [c] = await rows<{ n: number; a: number }>(
      h.db,
      sql`select (select count(*)::int from parcels) + (select count(*)::int from parcels_archive)
        + (select count(*)::int from parcels_old_archive) as n,
        (select count(*)::int from audit_log where action not ilike '%login%') as a`,
    );
    expect(c).toEqual({ n: 0, a: 0 });
  });

  it('answers 401 without a session and 403 to a courier', async () => {
    for (const def of [ArchParcelFinder, OldArchParcelFinder]) {
      expect(await callAs(h.app, def, null, archRange)).toMatchObject({
        Status: false,
        Code: Code.Unauthorized,
      });
    }
    const { session } = await signIn(h.app, h.db, { roleId: 106 });
    for (const def of [ArchParcelFinder, OldArchParcelFinder]) {
      expect(await callAs(h.app, def, session, archRange)).toMatchObject({
        Status: false,
        Code: Code.Forbidden,
      });
    }
    expect(await callAs(h.app, ArchGetMinMaXDate, session, {})).toMatchObject({ Code: Code.Forbidden });
  });

  it('shows each user only their circle, as the live finder does', async () => {
    const office = await makeOffice(h.db);
    const other = await makeOffice(h.db);
    const clerk = await makeUser(h.db, { roleId: 104, officeGuid: office.guid });
    const mine = await makeParcel(h.db, {
      tier: 'archive',
      registeredOffice: office.guid,
      createDate: daysAgo(185),
    });
    const theirs = await makeParcel(h.db, {
      tier: 'archive',
      registeredOffice: other.guid,
      createDate: daysAgo(185),
    });
    const { session } = await signIn(h.app, h.db, {
      roleId: 104,
      officeGuid: office.guid,
      login: clerk.login + 'x',
    });
    const found = await callAs(h.app, ArchParcelFinder, session, archRange);
    expect(found.Data!.Parcels.map((p) => p.Barcode)).toEqual([mine.barcode]);
    expect(await callAs(h.app, ArchGetParcelStatuses, session, { gui: theirs.guid })).toMatchObject({
      Status: false,
      Code: Code.NotFound,
    });
    expect((await callAs(h.app, ArchGetParcelStatuses, session, { gui: mine.guid })).Status).toBe(true);
  });
});

describe('OldArchParcelFinder', () => {
  it('finds only old-archive parcels, ignores the operator and the description', async () => {
    const session = await admin();
    const p = await makeParcel(h.db, {
      tier: 'oldArchive',
      createDate: daysAgo(1850),
      receiverName: 'ძველი მიმღები',
      description: 'ძველი აღწერა',
      statuses: [Status.HandToCourier, Status.Delivered],
    });
    await makeParcel(h.db, { tier: 'archive', createDate: daysAgo(1850) });
    const res = await callAs(h.app, OldArchParcelFinder, session, {
      ...oldRange,
      Description: 'არაფერი',
      RegistredUserGUID: (await makeUser(h.db)).guid,
    } as Record<string, unknown>);
    expect(res.Data!.Parcels.map((x) => x.Barcode)).toEqual([p.barcode]);
    expect(res.Data!.Parcels[0]).toMatchObject({
      DeliveryStatus: DeliveryStatus.Delivered,
      Receiver: 'ძველი მიმღები',
    });
    expect(res.Data!.Parcels[0].ArchiveDate).not.toBe('');
    const byName = await callAs(h.app, OldArchParcelFinder, session, { ...oldRange, ReceiverName: 'ძველი' });
    expect(byName.Data!.Parcels).toHaveLength(1);
    const bad = await callAs(h.app, OldArchParcelFinder, session, { ...oldRange, ReceiverRegion: 'x' });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toContain('„მიმღების ქალაქი“');
  });
});

describe('archive statuses and date ranges', () => {
  it('answer from their own store only', async () => {
    const session = await admin();
    const arch = await makeParcel(h.db, {
      tier: 'archive',
      createDate: daysAgo(200),
      statuses: [Status.HandToCourier, Status.Delivered],
    });
    const arch2 = await makeParcel(h.db, { tier: 'archive', createDate: daysAgo(300) });
    const old = await makeParcel(h.db, {
      tier: 'oldArchive',
      createDate: daysAgo(2000),
      statuses: [Status.Confirmed],
    });
    const live = await makeParcel(h.db, { createDate: daysAgo(1) });

    const hist = await callAs(h.app, ArchGetParcelStatuses, session, { gui: arch.guid });
    expect(hist.Data!.ParcelsStatuses.map((s) => s.StatusName)).toHaveLength(3);
    expect(hist.Data!.ParcelsStatuses.at(-1)!.StatusName).toBe('ჩაბარებულია');
    const last = await callAs(h.app, ArchGetLastParcelStatus, session, { gui: arch.guid.toUpperCase() });
    expect(last.Data!.ParcelsStatuses[0].StatusName).toBe('ჩაბარებულია');
    expect(last.Data!.ParcelsDeliverys[0].DeliveryStatus).toBe(DeliveryStatus.Delivered);
    const oldHist = await callAs(h.app, OldArchGetParcelStatuses, session, { gui: old.guid });
    expect(oldHist.Data!.ParcelsStatuses).toHaveLength(2);

    // another store's parcel is 404 with a Georgian message
    for (const [def, gui] of [
      [ArchGetParcelStatuses, old.guid],
      [ArchGetParcelStatuses, live.guid],
      [OldArchGetParcelStatuses, arch.guid],
      [ArchGetLastParcelStatus, live.guid],
    ] as const) {
      const r = await callAs(h.app, def, session, { gui });
      expect(r).toMatchObject({ Status: false, Code: Code.NotFound });
      expect(r.Error).toMatch(/არქივში ვერ მოიძებნა/);
    }
    const badGui = await callAs(h.app, ArchGetParcelStatuses, session, { gui: 'not-a-guid' });
    expect(badGui).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(badGui.Error).toContain('„ამანათი“');

    const range = await callAs(h.app, ArchGetMinMaXDate, session, {});
    expect(range.Data).toEqual({ Min: arch2.createDate.toISOString(), Max: arch.createDate.toISOString() });
    const oldR = await callAs(h.app, OldArchGetMinMaXDate, session, {});
    expect(oldR.Data).toEqual({ Min: old.createDate.toISOString(), Max: old.createDate.toISOString() });
    expect(await callAs(h.app, OldArchGetMinMaXDate, null, {})).toMatchObject({ Code: Code.Unauthorized });
  });
});
