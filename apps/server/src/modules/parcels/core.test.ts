import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import { rows, type DbOrTx } from '../../db/client.ts';
import { parcelEvents, parcels } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { useHarness } from '../../test/harness.ts';
import { makeParcel, makeUser } from '../../test/factories.ts';
import {
  appendEvent,
  appendEvents,
  DeliveryState,
  findByBarcode,
  findByGuid,
  history,
  lockLive,
  tierTables,
  type Tier,
} from './core.ts';
import { ParcelScope, SYSTEM_SCOPE } from './scope.ts';

const h = useHarness();

/** A company operator (105) who may act on every parcel, as the scope the registrar would give them. */
async function actor() {
  const u = await makeUser(h().db, { roleId: 105 });
  const user = {
    guid: u.guid,
    roleId: u.roleId,
    officeGuid: u.officeGuid,
    isAnother: false,
    isCorporate: false,
    isDistrCenter: false,
    distributionCenter: null,
  };
  return Object.assign(new ParcelScope('act', user), { guid: u.guid, login: u.login });
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('parcels core: finding', () => {
  it('finds a barcode trimmed and upper-cased, live first, then archive, then old archive', async () => {
    const { db } = h();
    const live = await makeParcel(db, { barcode: 'AB123456789' });
    const arch = await makeParcel(db, { barcode: 'CD123456789', tier: 'archive' });
    const old = await makeParcel(db, { barcode: 'EF123456789', tier: 'oldArchive' });
    // the same barcode in the archive and live: live wins
    await makeParcel(db, { barcode: 'AB123456789', tier: 'archive' });

    const a = await findByBarcode(db, SYSTEM_SCOPE, '  ab123456789 ');
    expect(a?.tier).toBe('live');
    expect(a?.parcel.guid).toBe(live.guid);
    expect((await findByBarcode(db, SYSTEM_SCOPE, 'cd123456789'))?.tier).toBe('archive');
    expect((await findByBarcode(db, SYSTEM_SCOPE, 'EF123456789'))?.parcel.guid).toBe(old.guid);
    expect(
      (await findByBarcode(db, SYSTEM_SCOPE, 'EF123456789', { tiers: ['live', 'archive'] })) ?? null,
    ).toBeNull();
    expect(await findByBarcode(db, SYSTEM_SCOPE, 'ZZ999999999')).toBeNull();
    expect(await findByBarcode(db, SYSTEM_SCOPE, '   ')).toBeNull();

    expect((await findByGuid(db, SYSTEM_SCOPE, arch.guid.toUpperCase()))?.tier).toBe('archive');
    expect((await findByGuid(db, SYSTEM_SCOPE, old.guid))?.tier).toBe('oldArchive');
    expect(await findByGuid(db, SYSTEM_SCOPE, 'not-a-guid')).toBeNull();
  });

  it('skips a deleted live parcel unless asked, and prefers the live one over a deleted twin', async () => {
    const { db } = h();
    const gone = await makeParcel(db, { barcode: 'GH123456789', deletedAt: new Date() });
    expect(await findByBarcode(db, SYSTEM_SCOPE, 'GH123456789')).toBeNull();
    expect(
      (await findByBarcode(db, SYSTEM_SCOPE, 'GH123456789', { includeDeleted: true }))?.parcel.guid,
    ).toBe(gone.guid);
    expect(await findByGuid(db, SYSTEM_SCOPE, gone.guid)).toBeNull();
    const again = await makeParcel(db, { barcode: 'GH123456789' });
    expect(
      (await findByBarcode(db, SYSTEM_SCOPE, 'GH123456789', { includeDeleted: true }))?.parcel.guid,
    ).toBe(again.guid);
  });
});

describe('parcels core: lockLive', () => {
  it('locks and answers the live parcel by barcode or guid', async () => {
    const { db } = h();
    const p = await makeParcel(db, { barcode: 'LK123456789' });
    const byCode = await db.transaction((tx) => lockLive(tx, SYSTEM_SCOPE, { barcode: ' lk123456789' }));
    expect(byCode.guid).toBe(p.guid);
    const byGuid = await db.transaction((tx) => lockLive(tx, SYSTEM_SCOPE, { guid: p.guid.toUpperCase() }));
    expect(byGuid.barcode).toBe('LK123456789');
  });

  it('refuses with 404 when no tier has it, 409 archived, 409 deleted', async () => {
    const { db } = h();
    await makeParcel(db, { barcode: 'AR123456789', tier: 'archive' });
    await makeParcel(db, { barcode: 'OA123456789', tier: 'oldArchive' });
    const del = await makeParcel(db, { barcode: 'DL123456789', deletedAt: new Date() });

    const none = await failure(
      db.transaction((tx) => lockLive(tx, SYSTEM_SCOPE, { barcode: 'NO123456789' })),
    );
    expect([none.code, none.key, none.params]).toEqual([
      Code.NotFound,
      'parcels.notFound',
      { barcode: 'NO123456789' },
    ]);
    expect(none.text()).toContain('NO123456789');
    const arch = await failure(
      db.transaction((tx) => lockLive(tx, SYSTEM_SCOPE, { barcode: 'ar123456789' })),
    );
    expect([arch.code, arch.key]).toEqual([Code.Conflict, 'parcels.archived']);
    const old = await failure(db.transaction((tx) => lockLive(tx, SYSTEM_SCOPE, { barcode: 'OA123456789' })));
    expect(old.key).toBe('parcels.archived');
    const gone = await failure(db.transaction((tx) => lockLive(tx, SYSTEM_SCOPE, { guid: del.guid })));
    expect([gone.code, gone.key]).toEqual([Code.Conflict, 'parcels.deleted']);
    const bad = await failure(db.transaction((tx) => lockLive(tx, SYSTEM_SCOPE, { guid: 'nonsense' })));
    expect(bad.code).toBe(Code.NotFound);
  });
});

describe('parcels core: events', () => {
  it('writes the event and the current status in the transaction, and rolls both back together', async () => {
    const { db } = h();
    const who = await actor();
    const p = await makeParcel(db);
    const { parcel, event } = await db.transaction(async (tx) => {
      const locked = await lockLive(tx, SYSTEM_SCOPE, { guid: p.guid });
      return appendEvent(tx, who, locked, {
        statusId: Status.Received,
        comment: 'მიღებულია',
        set: { comment: 'ახალი კომენტარი' },
      });
    });
    expect(parcel.curStatusId).toBe(Status.Received);
    expect(parcel.comment).toBe('ახალი კომენტარი');
    expect(parcel.curStatusAt.getTime()).toBe(event.createdAt.getTime());
    expect(parcel.modifiedAt.getTime()).toBeGreaterThanOrEqual(p.modifiedAt.getTime());
    expect(event).toMatchObject({
      parcelGuid: p.guid,
      statusId: Status.Received,
      userGuid: who.guid,
      roleId: 105,
      officeGuid: who.user!.officeGuid,
      comment: 'მიღებულია',
    });

    await expect(
      db.transaction(async (tx) => {
        await appendEvent(tx, who, p, { statusId: Status.Confirmed });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const [now] = await db.select().from(parcels).where(eq(parcels.guid, p.guid));
    expect(now.curStatusId).toBe(Status.Received);
    const evs = await db.select().from(parcelEvents).where(eq(parcelEvents.parcelGuid, p.guid));
    expect(evs.map((e) => e.statusId)).toEqual([Status.Registered, Status.Received]);

    const hist = await history(db, SYSTEM_SCOPE, p.guid);
    expect(hist.map((r) => r.StatusName)).toEqual(['რეგისტრირებულია', 'მიღებულია ოფისში']);
    expect(hist[1]).toMatchObject({ ParcelGUID: p.guid, Login: who.login });
    expect(new Date(hist[0].CreatedDate).getTime()).toBeLessThanOrEqual(
      new Date(hist[1].CreatedDate).getTime(),
    );
  });

  it('applies concurrent events on one parcel one after another: every event kept, the last one current', async () => {
    const { db } = h();
    const who = await actor();
    const p = await makeParcel(db);
    const statuses = [8707, 8711, 8712, 8717, 8718, 8722, 8731, 8732, 8734, 8736];
    const done = await Promise.all(
      statuses.map((statusId) =>
        db.transaction(async (tx) => {
          const locked = await lockLive(tx, SYSTEM_SCOPE, { barcode: p.barcode });
          // give the others time to queue up behind the lock
          await tx.execute(sql`select pg_sleep(0.01)`);
          const r = await appendEvent(tx, who, locked, { statusId, comment: `ev ${statusId}` });
          return r.event;
        }),
      ),
    );
    const evs = await db
      .select()
      .from(parcelEvents)
      .where(eq(parcelEvents.parcelGuid, p.guid))
      .orderBy(parcelEvents.createdAt, parcelEvents.id);
    expect(evs).toHaveLength(statuses.length + 1);
    expect(new Set(evs.slice(1).map((e) => e.statusId))).toEqual(new Set(statuses));
    // the parcel's status is the event written last (the last committed), and its time is that event's
    const lastCommitted = [...done].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
    const [now] = await db.select().from(parcels).where(eq(parcels.guid, p.guid));
    expect(now.curStatusId).toBe(lastCommitted.statusId);
    expect(now.curStatusId).toBe(evs.at(-1)!.statusId);
    expect(now.curStatusAt.getTime()).toBe(evs.at(-1)!.createdAt.getTime());
    // event times are strictly increasing: each transaction waited for the one before it
    const times = evs.map((e) => e.createdAt.getTime());
    expect(new Set(times).size).toBe(times.length);
  });

  it('appends without lockLive too: the update takes the row lock, no status is lost', async () => {
    const { db } = h();
    const who = await actor();
    const p = await makeParcel(db);
    await Promise.all(
      [8707, 8711, 8734, 8736, 8712].map((statusId) =>
        db.transaction((tx) => appendEvent(tx, who, p, { statusId })),
      ),
    );
    const [r] = await rows<{ n: number; last: number }>(
      db,
      sql`select count(*)::int as n,
            (select status_id from parcel_events where parcel_guid = ${p.guid} order by created_at desc, id desc limit 1) as last
          from parcel_events where parcel_guid = ${p.guid}`,
    );
    const [now] = await db.select().from(parcels).where(eq(parcels.guid, p.guid));
    expect(r.n).toBe(6);
    expect(now.curStatusId).toBe(r.last);
  });

  it('keeps the delivery state: a delivery for good, a failure until one; the trigger agrees', async () => {
    const { db } = h();
    const who = await actor();
    const state = async (d: DbOrTx, guid: string, tier: Tier = 'live') => {
      const [r] = await rows<{ s: number }>(
        d,
        sql`select delivery_state as s from ${tierTables[tier].parcels} where guid = ${guid}`,
      );
      return r.s;
    };
    const { InProgress, Delivered, NotDelivered } = DeliveryState;
    const p = await makeParcel(db, { statuses: [Status.HandToCourier] });
    const q = await makeParcel(db, { statuses: [Status.HandToCourier] });
    expect(await state(db, p.guid)).toBe(InProgress);
    const steps: Array<[number, number]> = [
      [Status.NobodyAtAddress, NotDelivered],
      [Status.HandToCourier, NotDelivered],
      [Status.Delivered, Delivered],
      [Status.RefusesToAccept, Delivered],
    ];
    // the statement's own rule, with the trigger off (rolled back with the transaction)
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table parcel_events disable trigger parcel_events_delivery_state`);
        for (const [statusId, want] of steps) {
          await appendEvent(tx, who, p, { statusId });
          expect(await state(tx, p.guid)).toBe(want);
        }
        await appendEvents(tx, who, [{ parcel: q }], { statusId: Status.RefusesToAccept });
        expect(await state(tx, q.guid)).toBe(NotDelivered);
        await appendEvents(tx, who, [{ parcel: q }], { statusId: Status.Delivered });
        expect(await state(tx, q.guid)).toBe(Delivered);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await state(db, p.guid)).toBe(InProgress);
    // the same with the trigger on
    for (const [statusId, want] of steps) {
      await db.transaction((tx) => appendEvent(tx, who, p, { statusId }));
      expect(await state(db, p.guid)).toBe(want);
    }
    // events written straight into a store, in any order: the trigger
    const early = new Date(Date.now() - 30 * 86_400_000);
    for (const tier of ['live', 'archive', 'oldArchive'] as const) {
      const failed = await makeParcel(db, { tier, statuses: [Status.HandToCourier, Status.NobodyAtAddress] });
      expect(await state(db, failed.guid, tier)).toBe(NotDelivered);
      await db
        .insert(tierTables[tier].events)
        .values({ parcelGuid: failed.guid, statusId: Status.Delivered, createdAt: early });
      expect(await state(db, failed.guid, tier)).toBe(Delivered);
      const done = await makeParcel(db, { tier, statuses: [Status.Delivered, Status.RefusesToAccept] });
      expect(await state(db, done.guid, tier)).toBe(Delivered);
      const open = await makeParcel(db, { tier, statuses: [Status.HandToCourier, Status.Confirmed] });
      expect(await state(db, open.guid, tier)).toBe(InProgress);
    }
  });

  it('reads the history of an archived parcel from its tier', async () => {
    const { db } = h();
    const p = await makeParcel(db, { tier: 'archive', statuses: [Status.Confirmed, Status.Delivered] });
    expect(p.curStatusId).toBe(Status.Delivered);
    const hist = await history(db, SYSTEM_SCOPE, p.guid, 'archive');
    expect(hist.map((x) => x.StatusName)).toEqual(['რეგისტრირებულია', 'დადასტურებულია', 'ჩაბარებულია']);
    expect(await history(db, SYSTEM_SCOPE, p.guid)).toEqual([]);
  });
});
