import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Status, tbilisiDay } from '@po/contract';
import { DeleteParcel, GetDeletedParcels, undeleteParcel } from '@po/contract/parcels/deletion';
import { rows } from '../../db/client.ts';
import { auditLog, parcelEvents, parcels } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn } from '../../test/factories.ts';

const h = useHarness();

const statuses = async (guid: string) =>
  (
    await h()
      .db.select({ s: parcelEvents.statusId })
      .from(parcelEvents)
      .where(eq(parcelEvents.parcelGuid, guid))
      .orderBy(parcelEvents.createdAt, parcelEvents.id)
  ).map((r) => r.s);
const parcel = async (guid: string) => (await h().db.select().from(parcels).where(eq(parcels.guid, guid)))[0];
const audits = async (action: string) =>
  (
    await rows<{ n: number }>(h().db, sql`select count(*)::int as n from audit_log where action = ${action}`)
  )[0].n;

async function operator(roleId = 105) {
  const { app, db } = h();
  return signIn(app, db, { roleId });
}

describe('DeleteParcel', () => {
  it('soft-deletes the caller’s freshly registered parcel: who, when, address, event 8747, audited', async () => {
    const { app, db } = h();
    const { user, session } = await operator();
    const p = await makeParcel(db, { registeredBy: user.guid, registeredOffice: user.officeGuid });
    const res = await callAs(app, DeleteParcel, session, { gui: p.guid });
    expect(res).toMatchObject({ Status: true, Code: 200, Data: { Ret: 1 } });
    const after = await parcel(p.guid);
    expect(after.deletedAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({
      deletedBy: user.guid,
      deletedIp: '127.0.0.1',
      curStatusId: Status.Deleted,
    });
    expect(await statuses(p.guid)).toEqual([Status.Registered, Status.Deleted]);
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'DeleteParcel'));
    expect(a).toMatchObject({ entity: 'parcels', entityId: p.guid, userGuid: user.guid });
  });

  it('lets an administrator delete a parcel someone else registered', async () => {
    const { db, app } = h();
    const { user } = await operator();
    const admin = await operator(100);
    const p = await makeParcel(db, { registeredBy: user.guid });
    expect((await callAs(app, DeleteParcel, admin.session, { gui: p.guid })).Data).toEqual({ Ret: 1 });
  });

  it('refuses another operator’s parcel (403) and a parcel that has moved on (409); nothing written', async () => {
    const { db, app } = h();
    const owner = await operator();
    // a bag maker of the same office sees the parcel but did not register it
    const other = await signIn(app, db, { roleId: 104, officeGuid: owner.user.officeGuid });
    const office = owner.user.officeGuid;
    const mine = await makeParcel(db, { registeredBy: owner.user.guid, registeredOffice: office });
    const moved = await makeParcel(db, { registeredBy: owner.user.guid, statuses: [Status.Received] });
    const notOwner = await callAs(app, DeleteParcel, other.session, { gui: mine.guid });
    expect(notOwner).toMatchObject({ Status: false, Code: 403 });
    expect(notOwner.Error).toContain(mine.barcode);
    // a bag maker of another office does not see it at all: as for a parcel that does not exist
    const stranger = await operator(104);
    expect(await callAs(app, DeleteParcel, stranger.session, { gui: mine.guid })).toMatchObject({
      Code: 404,
    });
    const refused = await callAs(app, DeleteParcel, owner.session, { gui: moved.guid });
    expect(refused).toMatchObject({ Status: false, Code: 409 });
    expect(refused.Error).toMatch(/წაშლა შეუძლებელია/);
    expect((await parcel(mine.guid)).deletedAt).toBeNull();
    expect((await parcel(moved.guid)).deletedAt).toBeNull();
    expect(await audits('DeleteParcel')).toBe(0);
  });

  it('answers 409 for a deleted or archived parcel and 404 for an unknown one', async () => {
    const { db, app } = h();
    const admin = await operator(100);
    const gone = await makeParcel(db, { deletedAt: new Date() });
    const old = await makeParcel(db, { tier: 'archive' });
    expect(await callAs(app, DeleteParcel, admin.session, { gui: gone.guid })).toMatchObject({ Code: 409 });
    const arch = await callAs(app, DeleteParcel, admin.session, { gui: old.guid });
    expect(arch).toMatchObject({ Code: 409 });
    expect(arch.Error).toContain('არქივ');
    const none = await callAs(app, DeleteParcel, admin.session, {
      gui: '00000000-0000-4000-8000-000000000009',
    });
    expect(none).toMatchObject({ Code: 404 });
  });

  it('checks session, role and input: 401, 403 for the courier, 400 naming gui', async () => {
    const { db, app } = h();
    const p = await makeParcel(db);
    expect(await callAs(app, DeleteParcel, null, { gui: p.guid })).toMatchObject({ Code: 401 });
    const courier = await operator(106);
    expect(await callAs(app, DeleteParcel, courier.session, { gui: p.guid })).toMatchObject({ Code: 403 });
    const admin = await operator(100);
    const bad = await callAs(app, DeleteParcel, admin.session, { gui: 'not-a-guid' });
    expect(bad).toMatchObject({ Status: false, Code: 400 });
    expect(bad.Error).toContain('„ამანათი“');
    expect((await parcel(p.guid)).deletedAt).toBeNull();
  });

  it('lets two deletes of one parcel race: one deletes, the other finds it deleted', async () => {
    const { db, app } = h();
    const { user, session } = await operator();
    const p = await makeParcel(db, { registeredBy: user.guid });
    const answers = await Promise.all([
      callAs(app, DeleteParcel, session, { gui: p.guid }),
      callAs(app, DeleteParcel, session, { gui: p.guid }),
    ]);
    expect(answers.map((r) => r.Code).sort()).toEqual([200, 409]);
    expect(await statuses(p.guid)).toEqual([Status.Registered, Status.Deleted]);
  });
});

describe('undeleteParcel', () => {
  async function deleted() {
    const { app } = h();
    const owner = await operator();
    const p = await makeParcel(h().db, { registeredBy: owner.user.guid });
    expect((await callAs(app, DeleteParcel, owner.session, { gui: p.guid })).Data).toEqual({ Ret: 1 });
    return { p, owner };
  }

  it('restores a deleted parcel (Ret 2, event 8748, audited), which may then be deleted again', async () => {
    const { app } = h();
    const { p, owner } = await deleted();
    const admin = await operator(100);
    expect(await callAs(app, undeleteParcel, admin.session, { gui: p.guid })).toMatchObject({
      Status: true,
      Data: { Ret: 2 },
    });
    const after = await parcel(p.guid);
    expect(after).toMatchObject({
      deletedAt: null,
      deletedBy: null,
      deletedIp: null,
      curStatusId: Status.Restored,
    });
    expect(await statuses(p.guid)).toEqual([Status.Registered, Status.Deleted, Status.Restored]);
    expect(await audits('undeleteParcel')).toBe(1);
    expect((await callAs(app, DeleteParcel, owner.session, { gui: p.guid })).Data).toEqual({ Ret: 1 });
  });

  it('answers -6 when the barcode was registered again since, and changes nothing', async () => {
    const { app, db } = h();
    const { p } = await deleted();
    await makeParcel(db, { barcode: p.barcode });
    const admin = await operator(100);
    expect((await callAs(app, undeleteParcel, admin.session, { gui: p.guid })).Data).toEqual({ Ret: -6 });
    expect((await parcel(p.guid)).deletedAt).not.toBeNull();
    expect(await audits('undeleteParcel')).toBe(0);
  });

  it('answers 409 for a parcel that is not deleted and 404 for an unknown one', async () => {
    const { app, db } = h();
    const p = await makeParcel(db);
    const admin = await operator(100);
    const r = await callAs(app, undeleteParcel, admin.session, { gui: p.guid });
    expect(r).toMatchObject({ Code: 409 });
    expect(r.Error).toContain(p.barcode);
    expect(
      await callAs(app, undeleteParcel, admin.session, { gui: '00000000-0000-4000-8000-000000000009' }),
    ).toMatchObject({ Code: 404 });
  });

  it('is for administrators of a non-corporate office only: 401, 403, 400', async () => {
    const { app, db } = h();
    const { p } = await deleted();
    expect(await callAs(app, undeleteParcel, null, { gui: p.guid })).toMatchObject({ Code: 401 });
    expect(await callAs(app, undeleteParcel, (await operator()).session, { gui: p.guid })).toMatchObject({
      Code: 403,
    });
    const corp = await makeOffice(db, { isCorporate: true });
    const corporateAdmin = await signIn(app, db, { roleId: 100, officeGuid: corp.guid });
    expect(await callAs(app, undeleteParcel, corporateAdmin.session, { gui: p.guid })).toMatchObject({
      Code: 403,
    });
    const bad = await callAs(app, undeleteParcel, (await operator(100)).session, { gui: 42 });
    expect(bad).toMatchObject({ Code: 400 });
    expect(bad.Error).toContain('„ამანათი“');
    expect((await parcel(p.guid)).deletedAt).not.toBeNull();
  });
});

describe('GetDeletedParcels', () => {
  it('lists the parcels deleted in the range with who deleted them and from where', async () => {
    const { app, db } = h();
    const owner = await operator();
    const p = await makeParcel(db, {
      registeredBy: owner.user.guid,
      senderName: 'ნინო',
      receiverName: 'დავითი',
      senderPid: '01001012345',
    });
    await makeParcel(db, { registeredBy: owner.user.guid }); // not deleted
    await callAs(app, DeleteParcel, owner.session, { gui: p.guid });
    // deleted long ago: outside the range
    await makeParcel(db, { deletedAt: new Date('2020-01-01T10:00:00Z') });
    const admin = await operator(100);
    // a US date two days back, and today (Tbilisi) as ISO text: both forms are accepted
    const [y, m, d] = tbilisiDay(new Date(Date.now() - 2 * 86_400_000)).split('-');
    const res = await callAs(app, GetDeletedParcels, admin.session, {
      StartDate: `${m}/${d}/${y}`,
      EndDate: tbilisiDay(new Date()),
    });
    expect(res.Error).toBeNull();
    expect(res.Data!.Parcels).toHaveLength(1);
    expect(res.Data!.Parcels[0]).toMatchObject({
      GUID: p.guid,
      Barcode: p.barcode,
      CurStatusName: 'რეგისტრირებულია',
      Sender: 'ნინო',
      Receiver: 'დავითი',
      PID: '01001012345',
      Login: owner.user.login,
      WhoDeleted: owner.user.login,
      Signature: '127.0.0.1',
    });
  });

  it('refuses bad dates naming the field, an end before the start, no session and other roles', async () => {
    const { app } = h();
    const admin = await operator(100);
    const bad = await callAs(app, GetDeletedParcels, admin.session, {
      StartDate: '31/31/2026',
      EndDate: '01/01/2026',
    });
    expect(bad).toMatchObject({ Code: 400 });
    expect(bad.Error).toContain('„საწყისი თარიღი“');
    const reversed = await callAs(app, GetDeletedParcels, admin.session, {
      StartDate: '02/01/2026',
      EndDate: '01/01/2026',
    });
    expect(reversed).toMatchObject({ Code: 400 });
    expect(reversed.Error).toContain('„საბოლოო თარიღი“');
    expect(
      await callAs(app, GetDeletedParcels, null, { StartDate: '01/01/2026', EndDate: '01/02/2026' }),
    ).toMatchObject({ Code: 401 });
    expect(
      await callAs(app, GetDeletedParcels, (await operator()).session, {
        StartDate: '01/01/2026',
        EndDate: '01/02/2026',
      }),
    ).toMatchObject({ Code: 403 });
  });
});
