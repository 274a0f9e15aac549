/**
 * The public tracking call and the stop link (issue 38): what an anonymous visitor gets for a barcode.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn } from '../../test/factories.ts';
import { rows } from '../../db/client.ts';
import { notifySecret, stopSignature } from '../notifications/stop-link.ts';
import { appendEvent } from '../parcels/core.ts';
import { ParcelScope } from '../parcels/scope.ts';
import type { Envelope } from '@po/contract';
import { TrackingAddress, type TrackAnswer } from '@po/contract/tracking';

const h = useHarness({ config: { TRACK_CALLS_PER_MINUTE: 5, PUBLIC_URL: 'https://track.example.ge' } });
let ipSeq = 1;
/** Each call from its own address, so the budget's own test is the only one it limits. */
async function track(barcode: string, ip = `10.1.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`) {
  const res = await h().app.inject({
    method: 'GET',
    url: `/api/TrackParcel?Barcode=${encodeURIComponent(barcode)}`,
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as Envelope<TrackAnswer> };
}

async function deliveredParcel(over: Parameters<typeof makeParcel>[1] = {}) {
  const { db } = h();
  const origin = await makeOffice(db, { name: 'ვაკის ფილიალი' });
  const dest = await makeOffice(db, { name: 'ბათუმის ფილიალი', cityId: 320 });
  return makeParcel(db, {
    registeredOffice: origin.guid,
    originDepotGuid: origin.guid,
    destinationDepotGuid: dest.guid,
    senderName: 'გიორგი გამგზავნიძე',
    senderPid: '01001012345',
    receiverName: 'ნინო ბერიძე',
    receiverPid: '01001054321',
    receiverAddress: 'რუსთაველის 5',
    senderCityId: 320,
    receiverCityId: 320,
    collectionDate: new Date('2026-11-30T08:00:00Z'),
    statuses: [Status.PutInBag, Status.Pickup, Status.Delivered],
    ...over,
  });
}

describe('TrackParcel (issue 38)', () => {
  it('answers the journey, the cities and the expected date without a session, and no personal data', async () => {
    const p = await deliveredParcel();
    const { body } = await track(p.barcode.toLowerCase());
    expect(body.Error).toBeNull();
    const d = body.Data!;
    expect(d).toMatchObject({
      Barcode: p.barcode,
      State: 'delivered',
      OriginCity: 'თბილისი',
      DestinationCity: 'თბილისი',
      ExpectedDate: '2026-11-30T08:00:00.000Z',
      Initials: 'ნ. ბ.',
      NotificationsStopped: false,
    });
    expect(d.Steps.map((s) => s.Step)).toEqual(['registered', 'onTheWay', 'withCourier', 'delivered']);
    const text = JSON.stringify(body);
    for (const v of ['გიორგი', 'გამგზავნიძე', 'ბერიძე', '01001012345', '01001054321', 'რუსთაველის', p.guid])
      expect(text).not.toContain(v);
    expect(Object.keys(d).sort()).toEqual(
      [
        'Barcode',
        'DestinationCity',
        'ExpectedDate',
        'Initials',
        'NotificationsStopped',
        'OriginCity',
        'State',
        'Steps',
      ].sort(),
    );
  });

  it('finds archived parcels; an unknown, deleted or malformed barcode says "not found" and nothing more', async () => {
    const archived = await deliveredParcel({ tier: 'archive' });
    expect((await track(archived.barcode)).body.Data?.State).toBe('delivered');
    const deleted = await makeParcel(h().db, { deletedAt: new Date() });
    const answers = await Promise.all([track(deleted.barcode), track('PO999999999'), track('<script>')]);
    for (const a of answers)
      expect(a.body).toEqual({
        Status: false,
        Code: Code.NotFound,
        Data: null,
        Error: 'ამანათი ვერ მოიძებნა',
        Key: 'tracking.notFound',
      });
  });

  it('a failed delivery shows its reason code', async () => {
    const p = await deliveredParcel({ statuses: [Status.Pickup, Status.NobodyAtAddress] });
    const d = (await track(p.barcode)).body.Data!;
    expect(d.State).toBe('notDelivered');
    expect(d.Steps.at(-1)).toMatchObject({ Step: 'notDelivered', Reason: Status.NobodyAtAddress });
  });

  it('is limited per client address (429 past the budget)', async () => {
    const p = await deliveredParcel();
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await track(p.barcode, '10.9.9.9')).body.Code);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
    // another address still has its budget
    expect((await track(p.barcode, '10.9.9.10')).body.Code).toBe(200);
  });
});

describe('StopNotifications (issue 38)', () => {
  const stop = (Barcode: string, Sig: string) =>
    h().app.inject({
      method: 'POST',
      url: '/api/StopNotifications',
      payload: { Barcode, Sig },
      remoteAddress: `10.2.0.${ipSeq++ % 250}`,
    });

  it('the signed link stops the messages; a later event enqueues none', async () => {
    const { db, config } = h();
    const p = await makeParcel(db, { receiverEmail: 'nino@example.ge' });
    const bad = (await stop(p.barcode, 'x'.repeat(32))).json() as Envelope<unknown>;
    expect(bad).toMatchObject({
      Status: false,
      Code: Code.BadInput,
      Error: 'ბმული არასწორია ან მოძველებულია',
    });
    const sig = stopSignature(await notifySecret(db, config), p.barcode);
    expect(((await stop(p.barcode, sig)).json() as Envelope<{ Ret: number }>).Data).toEqual({ Ret: 1 });
    expect((await track(p.barcode)).body.Data?.NotificationsStopped).toBe(true);
    await db.transaction(async (tx) => {
      const scope = new ParcelScope('act', null);
      await appendEvent(tx, Object.assign(scope, {}), p, { statusId: Status.Delivered }).catch(() => null);
    });
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from outbox`);
    expect(n.n).toBe(0);
  });
});

describe("TrackingAddress (issue 38: the notification card's QR code)", () => {
  it("gives signed-in staff the tracking page's address (PUBLIC_URL); no session, no address", async () => {
    const { app, db } = h();
    const office = await makeOffice(db);
    for (const roleId of [104, 106]) {
      const { session } = await signIn(app, db, { roleId, officeGuid: office.guid });
      expect(await callAs(app, TrackingAddress, session, {})).toMatchObject({
        Status: true,
        Data: { Url: 'https://track.example.ge' },
      });
    }
    expect(await callAs(app, TrackingAddress, null, {})).toMatchObject({ Status: false, Code: 401 });
  });
});
