import { describe, expect, it } from 'vitest';
import { Code, Status } from '@po/contract';
import {
  GetAllCouriers,
  GetCourierActivity,
  GetParcelforRanshit,
  GetParcelsView,
  MANIFEST_RECEIVER_MAX,
} from '@po/contract/couriers';
import { parcelEvents } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeParcel, makeUser, signIn } from '../../test/factories.ts';

const h = useHarness();

describe('GetAllCouriers and GetCourierActivity', () => {
  it('lists couriers and the events they recorded on the day, not other days or other roles', async () => {
    const { app, db } = h();
    const me = await signIn(app, db, { roleId: 105 });
    const courier = await makeUser(db, { roleId: 106 });
    await makeUser(db, { roleId: 106, enabled: false });
    const all = await callAs(app, GetAllCouriers, me.session);
    expect(all.Data!.AllUsers.map((u) => u.GUID)).toEqual([courier.guid]);
    const p = await makeParcel(db);
    const now = new Date();
    await db.insert(parcelEvents).values([
      { parcelGuid: p.guid, statusId: Status.Pickup, userGuid: courier.guid, roleId: 106, createdAt: now },
      {
        parcelGuid: p.guid,
        statusId: Status.Delivered,
        userGuid: courier.guid,
        roleId: 106,
        createdAt: new Date(now.getTime() - 3 * 86_400_000),
      },
      { parcelGuid: p.guid, statusId: Status.Received, userGuid: me.user.guid, roleId: 105, createdAt: now },
    ]);
    const res = await callAs(app, GetCourierActivity, me.session, { StartDate: now.toISOString() });
    expect(res.Data!.Parcels).toHaveLength(1);
    expect(res.Data!.Parcels[0]).toMatchObject({
      CourierGUID: courier.guid,
      Courier: courier.login,
      Barcode: p.barcode,
      Status: Status.Pickup,
    });
    const empty = await callAs(app, GetCourierActivity, me.session, { StartDate: '01/02/2020' });
    expect(empty.Data!.Parcels).toEqual([]);
    const bad = await callAs(app, GetCourierActivity, me.session, { StartDate: '31/31/2020' });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).toContain('„თარიღი“');
    expect((await callAs(app, GetCourierActivity, null, { StartDate: '01/02/2020' })).Code).toBe(
      Code.Unauthorized,
    );
    const c = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, GetAllCouriers, c.session)).Code).toBe(Code.Forbidden);
  });
});

describe('GetParcelsView and GetParcelforRanshit', () => {
  it('lists the parcels a courier holds and gives each one’s manifest line and history', async () => {
    const { app, db } = h();
    const me = await signIn(app, db, { roleId: 104 });
    const courier = await makeUser(db, { roleId: 106 });
    // parcels of the bag maker's office (DOMAIN.md "Parcel scope")
    const held = await makeParcel(db, {
      registeredOffice: me.user.officeGuid,
      courierGuid: courier.guid,
      statuses: [Status.Pickup],
      receiverName: 'მიმღები',
      receiverAddress: 'ა'.repeat(300),
    });
    await makeParcel(db, {
      registeredOffice: me.user.officeGuid,
      courierGuid: courier.guid,
      statuses: [Status.Pickup, Status.Delivered],
    });
    const view = await callAs(app, GetParcelsView, me.session, { CourierGUID: courier.guid });
    expect(view.Data!.Parcels.map((p) => p.Barcode)).toEqual([held.barcode]);
    const line = await callAs(app, GetParcelforRanshit, me.session, { ParcelGUID: held.guid });
    expect(line.Data!.Parcels[0].Barcode).toBe(held.barcode);
    expect(line.Data!.Parcels[0].Receiver).toHaveLength(MANIFEST_RECEIVER_MAX);
    expect(line.Data!.Parcels[0].Receiver.startsWith('მიმღები, ')).toBe(true);
    expect(line.Data!.ParcelsStatuses).toHaveLength(2);
  });

  it('refuses a user who is not a courier, an unknown parcel; 403 for IsAnother on the route sheet', async () => {
    const { app, db } = h();
    const me = await signIn(app, db, { roleId: 104 });
    const notCourier = await makeUser(db, { roleId: 105 });
    const res = await callAs(app, GetParcelsView, me.session, { CourierGUID: notCourier.guid });
    expect(res.Code).toBe(Code.BadInput);
    expect(res.Error).toBe('ველი „კურიერი“: კურიერი ვერ მოიძებნა');
    const none = await callAs(app, GetParcelforRanshit, me.session, { ParcelGUID: notCourier.guid });
    expect(none.Code).toBe(Code.NotFound);
    const another = await signIn(app, db, { roleId: 105, isAnother: true });
    expect(
      (await callAs(app, GetParcelforRanshit, another.session, { ParcelGUID: notCourier.guid })).Code,
    ).toBe(Code.Forbidden);
    expect((await callAs(app, GetParcelsView, null, { CourierGUID: notCourier.guid })).Code).toBe(
      Code.Unauthorized,
    );
  });
});
