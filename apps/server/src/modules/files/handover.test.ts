import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Code, Status } from '@po/contract';
import { GetParcelHandover } from '@po/contract/files';
import { MobSendJob } from '@po/contract/mobile';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn } from '../../test/factories.ts';

const h = useHarness();
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A courier with a full name who holds a parcel of `office` (picked up). */
async function courierWithParcel(office?: string) {
  const { app, db } = h();
  const courier = await signIn(app, db, { roleId: 106, name: 'გიორგი ბერიძე' });
  const parcel = await makeParcel(db, {
    courierGuid: courier.user.guid,
    registeredOffice: office,
    statuses: [Status.Pickup],
  });
  return { app, db, courier, parcel };
}

async function handOver(
  app: ReturnType<typeof h>['app'],
  session: { Id: string; Ticket: string },
  barcode: string,
  status: number,
  comment: string,
) {
  const res = await callAs(app, MobSendJob, session, {
    JobId: randomUUID(),
    Status: status,
    Comment: comment,
    ImageB64: PNG,
    Mobile: '',
    CarNumber: '',
    DriverId: '',
    Ji: [{ Gui: randomUUID(), Barcode: barcode, Stack: false, Number: 1, EnableDelete: true }],
  });
  expect(res.Data).toMatchObject({ Applied: 1 });
}

describe('GetParcelHandover', () => {
  it('answers the comment the courier typed and the courier’s name with the delivery', async () => {
    const { app, db, courier, parcel } = await courierWithParcel();
    const { session } = await signIn(app, db, { roleId: 100 });

    // held, not yet handed over: the holder, no outcome
    expect((await callAs(app, GetParcelHandover, session, { barcode: parcel.barcode })).Data).toEqual({
      Found: true,
      Status: '',
      Date: null,
      Comment: '',
      CourierName: 'გიორგი ბერიძე',
      CourierLogin: courier.user.login,
    });

    await handOver(app, courier.session, parcel.barcode, Status.Delivered, 'ჩაბარდა მეზობელს, მე-3 სართული');
    const res = await callAs(app, GetParcelHandover, session, {
      barcode: ` ${parcel.barcode.toLowerCase()}`,
    });
    expect(res).toMatchObject({
      Status: true,
      Data: {
        Found: true,
        Status: 'ჩაბარებულია',
        Comment: 'ჩაბარდა მეზობელს, მე-3 სართული',
        CourierName: 'გიორგი ბერიძე',
        CourierLogin: courier.user.login,
      },
    });
    expect(Date.now() - Date.parse(res.Data!.Date!)).toBeLessThan(60_000);
  });

  it('a parcel the caller may not see answers like a missing one; bad input, no session and a courier are refused', async () => {
    const corporate = await makeOffice(h().db, { isCorporate: true });
    const { app, db, courier, parcel } = await courierWithParcel((await makeOffice(h().db)).guid);
    await handOver(app, courier.session, parcel.barcode, Status.Delivered, 'ჩაბარდა პირადად');
    const { session: client } = await signIn(app, db, { roleId: 107, officeGuid: corporate.guid });
    const hidden = await callAs(app, GetParcelHandover, client, { barcode: parcel.barcode });
    const missing = await callAs(app, GetParcelHandover, client, { barcode: 'ZZ999999999' });
    expect(hidden).toEqual(missing);
    expect(hidden.Data).toMatchObject({ Found: false, Comment: '', CourierName: '' });

    const { session: admin } = await signIn(app, db, { roleId: 100 });
    const bad = await callAs(app, GetParcelHandover, admin, { barcode: '' });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toMatch(/[ა-ჰ]/);
    expect(await callAs(app, GetParcelHandover, null, { barcode: parcel.barcode })).toMatchObject({
      Code: Code.Unauthorized,
    });
    expect(await callAs(app, GetParcelHandover, courier.session, { barcode: parcel.barcode })).toMatchObject({
      Code: Code.Forbidden,
    });
  });
});
