/**
 * Registration on the parcels core, and the loose ends of issue 10: the barcode serial never wraps, one
 * enabled tariff per zone pair even when two administrators save at once.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Status } from '@po/contract';
import { PostUpdateTariff, Registration } from '@po/contract/registration';
import { rows } from '../../db/client.ts';
import { auditLog, parcelEvents, parcels, tariffs } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, parcelBodyByZone, signIn } from '../../test/factories.ts';
import { BARCODE_SERIAL_LIMIT, makeBarcode } from './pricing.ts';

const h = useHarness();

const body = parcelBodyByZone();

const count = async (table: 'parcels' | 'parcel_events') =>
  (await rows<{ n: number }>(h().db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

describe('registration through the parcels core', () => {
  it('writes the registration event and the current status together, with who and where', async () => {
    const { app, db } = h();
    const { user, session } = await signIn(app, db, { roleId: 105 });
    const res = await callAs(app, Registration, session, body);
    expect(res.Error).toBeNull();
    const guid = res.Data!.Parcels[0].GUID;
    const [p] = await db.select().from(parcels).where(eq(parcels.guid, guid));
    const evs = await db.select().from(parcelEvents).where(eq(parcelEvents.parcelGuid, guid));
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({
      statusId: Status.Registered,
      userGuid: user.guid,
      roleId: 105,
      officeGuid: user.officeGuid,
    });
    expect(p.curStatusId).toBe(Status.Registered);
    expect(p.curStatusAt.getTime()).toBe(evs[0].createdAt.getTime());
  });

  it('refuses an event for a parcel that is not there (the foreign key), so no event is orphaned', async () => {
    const { db } = h();
    await expect(
      db.insert(parcelEvents).values({ parcelGuid: '00000000-0000-4000-8000-000000000001', statusId: 8744 }),
    ).rejects.toThrow();
    expect(await count('parcel_events')).toBe(0);
  });
});

describe('barcode serial', () => {
  it('makes the last 8-digit serial and refuses the next instead of wrapping', () => {
    expect(makeBarcode('PO', BARCODE_SERIAL_LIMIT - 1)).toMatch(/^PO99999999\d$/);
    expect(() => makeBarcode('PO', BARCODE_SERIAL_LIMIT)).toThrow(RangeError);
    expect(() => makeBarcode('PO', -1)).toThrow(RangeError);
  });

  it('the database makes the barcode makeBarcode makes (po_generated_barcode, in the parcel statement)', async () => {
    const { db } = h();
    // the first serial, serials whose check sums leave 11 and 10 (check digits 5 and 0), the last one
    for (const n of [10_000_001, 10_000_002, 10_000_014, 47_312_482, 12_345_678, BARCODE_SERIAL_LIMIT - 1]) {
      await db.execute(sql`select setval('barcode_seq', ${n - 1}, true)`);
      const [{ b }] = await rows<{ b: string }>(db, sql`select po_generated_barcode('PO') as b`);
      expect(b).toBe(makeBarcode('PO', n));
    }
  });

  it('refuses a registration loudly once the serials are used up, and writes nothing', async () => {
    const { app, db } = h();
    const { session } = await signIn(app, db, { roleId: 105 });
    await db.execute(sql`select setval('barcode_seq', ${BARCODE_SERIAL_LIMIT - 1}, true)`);
    const res = await callAs(app, Registration, session, body);
    expect(res).toMatchObject({ Status: false, Code: 409 });
    expect(res.Error).toContain('100 000 000');
    expect(await count('parcels')).toBe(0);
    expect(await count('parcel_events')).toBe(0);
  });
});

describe('one enabled tariff per zone pair', () => {
  const tariff = { SenderZone: 4, ReceiverZone: 4, BasePrice: 9, IncludedWeight: 1, PricePerKg: 1 };

  it('lets one of two administrators saving the same new zone pair at once win; the other gets 409', async () => {
    const { app, db } = h();
    await db.delete(tariffs).where(and(eq(tariffs.senderZone, 4), eq(tariffs.receiverZone, 4)));
    const a = (await signIn(app, db, { roleId: 100 })).session;
    const b = (await signIn(app, db, { roleId: 100 })).session;
    const answers = await Promise.all([
      callAs(app, PostUpdateTariff, a, { ...tariff, CompanyPid: '' }),
      callAs(app, PostUpdateTariff, b, { ...tariff, CompanyPid: '', BasePrice: 10 }),
    ]);
    expect(answers.map((r) => r.Code).sort()).toEqual([200, 409]);
    const enabled = await db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.senderZone, 4), eq(tariffs.receiverZone, 4), eq(tariffs.enabled, true)));
    expect(enabled).toHaveLength(1);
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'PostUpdateTariff'));
    expect(audited).toHaveLength(1);
  });

  it('has the database refuse a second enabled general tariff for a pair, whoever writes it', async () => {
    const { db } = h();
    const [first] = await db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.senderZone, 1), eq(tariffs.receiverZone, 1), eq(tariffs.enabled, true)));
    expect(first).toBeDefined();
    const { id: _id, ...copy } = first;
    await expect(db.insert(tariffs).values(copy)).rejects.toThrow();
    // a disabled copy is fine
    await db.insert(tariffs).values({ ...copy, enabled: false });
  });
});
