import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import {
  CancelBag,
  CloseBag,
  GetBagParcels,
  GetBags,
  GetOpenBags,
  ReceiveBag,
  ResumeBag,
  SetParcelsNewTransport,
} from '@po/contract/bags';
import { rows } from '../../db/client.ts';
import { auditLog, bags, parcelEvents, parcels, rsRegistry, users } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn } from '../../test/factories.ts';

const h = useHarness();
const DRIVER = '01024057788';

async function setup() {
  const { app, db } = h();
  await db.insert(rsRegistry).values({ tin: DRIVER, name: 'გიორგი მძღოლი' }).onConflictDoNothing();
  const from = await makeOffice(db);
  const to = await makeOffice(db);
  const sender = await signIn(app, db, { roleId: 104, officeGuid: from.guid });
  const receiver = await signIn(app, db, { roleId: 104, officeGuid: to.guid });
  return { app, db, from, to, sender, receiver };
}
async function count(table: 'bags' | 'bag_parcels') {
  const [r] = await rows<{ n: number }>(h().db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return r.n;
}
const range = () => ({
  StartDate: new Date(Date.now() - 3_600_000).toISOString(),
  endDate: new Date(Date.now() + 3_600_000).toISOString(),
});

describe('SetParcelsNewTransport', () => {
  it('makes a bag on the first scan, reuses it, records 8745 events; GetBags and GetBagParcels list them', async () => {
    const { app, db, from, to, sender } = await setup();
    const a = await makeParcel(db, { registeredOffice: from.guid });
    const b = await makeParcel(db, { registeredOffice: from.guid });
    const first = await callAs(app, SetParcelsNewTransport, sender.session, {
      Receiver: to.guid,
      Barcode: a.barcode.toLowerCase(),
      Carnumber: 'aa-123-bb',
      Driver: DRIVER,
    });
    expect(first.Status).toBe(true);
    const bag = first.Data!.Parcels[0].BagGuid!;
    expect(bag).toBeTruthy();
    expect(first.Data!.Parcels[0].CurStatus).toBe(Status.PutInBag);
    const second = await callAs(app, SetParcelsNewTransport, sender.session, {
      Receiver: to.guid,
      Bag: bag,
      Barcode: b.barcode,
      Carnumber: 'AA-123-BB',
      Driver: DRIVER,
    });
    expect(second.Data!.Parcels[0].BagGuid).toBe(bag);
    expect(await count('bags')).toBe(1);
    const ev = await db.select().from(parcelEvents).where(eq(parcelEvents.statusId, Status.PutInBag));
    expect(ev.map((e) => e.bagGuid)).toEqual([bag, bag]);
    const list = await callAs(app, GetBags, sender.session, range());
    expect(list.Data!.Bags).toHaveLength(1);
    expect(list.Data!.Bags[0]).toMatchObject({
      GUID: bag,
      Count: 2,
      CarNumber: 'AA-123-BB',
      Receiver: to.name,
    });
    expect(list.Data!.Bags[0].BagName).toMatch(/^BG-\d{8}-\d{4}$/);
    const inside = await callAs(app, GetBagParcels, sender.session, { bagguid: bag });
    expect(inside.Data!.Parcels.map((p) => p.Barcode)).toEqual([a.barcode, b.barcode]);
    expect(inside.Data!.Parcels[0].Status).not.toBe('');
  });

  it('refuses bad input with a Georgian message and writes nothing', async () => {
    const { app, db, from, to, sender } = await setup();
    const a = await makeParcel(db, { registeredOffice: from.guid });
    const base = { Receiver: to.guid, Barcode: a.barcode, Carnumber: 'AA-1', Driver: DRIVER };
    const unknownOffice = await callAs(app, SetParcelsNewTransport, sender.session, {
      ...base,
      Receiver: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownOffice.Code).toBe(Code.BadInput);
    expect(unknownOffice.Error).toBe('მიმღები ოფისი ვერ მოიძებნა');
    const own = await callAs(app, SetParcelsNewTransport, sender.session, { ...base, Receiver: from.guid });
    expect(own.Code).toBe(Code.BadInput);
    const noDriver = await callAs(app, SetParcelsNewTransport, sender.session, { ...base, Driver: '' });
    expect(noDriver.Error).toBe('შეიყვანეთ მძღოლის პირადი ნომერი');
    const unknownDriver = await callAs(app, SetParcelsNewTransport, sender.session, {
      ...base,
      Driver: '99999999999',
    });
    expect(unknownDriver.Error).toBe('მძღოლი 99999999999 ვერ მოიძებნა');
    const archived = await makeParcel(db, { tier: 'archive', registeredOffice: from.guid });
    const arch = await callAs(app, SetParcelsNewTransport, sender.session, {
      ...base,
      Barcode: archived.barcode,
    });
    expect(arch.Code).toBe(Code.Conflict);
    const unknown = await callAs(app, SetParcelsNewTransport, sender.session, {
      ...base,
      Barcode: 'ZZ000000001',
    });
    expect(unknown.Code).toBe(Code.NotFound);
    expect(await count('bags')).toBe(0);
    // a parcel already in an open bag: refused, the second bag not made
    const ok = await callAs(app, SetParcelsNewTransport, sender.session, base);
    expect(ok.Status).toBe(true);
    const again = await callAs(app, SetParcelsNewTransport, sender.session, base);
    expect(again.Code).toBe(Code.Conflict);
    expect(again.Error).toContain(a.barcode);
    expect(await count('bags')).toBe(1);
    expect(await count('bag_parcels')).toBe(1);
  });

  it('401 without a session, 403 for corporate users and couriers', async () => {
    const { app, db, to } = await setup();
    const input = { Receiver: to.guid, Barcode: 'TS000000001', Carnumber: 'A', Driver: DRIVER };
    expect((await callAs(app, SetParcelsNewTransport, null, input)).Code).toBe(Code.Unauthorized);
    const corpOffice = await makeOffice(db, { isCorporate: true });
    const corp = await signIn(app, db, { roleId: 107, officeGuid: corpOffice.guid });
    expect((await callAs(app, SetParcelsNewTransport, corp.session, input)).Code).toBe(Code.Forbidden);
    expect((await callAs(app, GetBags, corp.session, range())).Code).toBe(Code.Forbidden);
    const courier = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, ReceiveBag, courier.session, { Label: 'BG-1' })).Code).toBe(Code.Forbidden);
  });
});

describe('CloseBag and ReceiveBag', () => {
  async function filledBag() {
    const s = await setup();
    // parcels of the sending office (DOMAIN.md "Parcel scope")
    const a = await makeParcel(s.db, { weight: 1.5, registeredOffice: s.from.guid });
    const b = await makeParcel(s.db, { weight: 2, registeredOffice: s.from.guid });
    const r = await callAs(s.app, SetParcelsNewTransport, s.sender.session, {
      Receiver: s.to.guid,
      Barcode: a.barcode,
      Carnumber: 'AA-1',
      Driver: DRIVER,
    });
    const bag = r.Data!.Parcels[0].BagGuid!;
    await callAs(s.app, SetParcelsNewTransport, s.sender.session, {
      Receiver: s.to.guid,
      Bag: bag,
      Barcode: b.barcode,
      Carnumber: 'AA-1',
      Driver: DRIVER,
    });
    const [row] = await s.db.select().from(bags).where(eq(bags.guid, bag));
    return { ...s, a, b, bag, name: row.bagName };
  }

  it('seals, then the receiving office takes every parcel in one scan of the label', async () => {
    const { app, db, sender, receiver, a, b, bag, name, to } = await filledBag();
    const notSealed = await callAs(app, ReceiveBag, receiver.session, { Label: name });
    expect(notSealed.Code).toBe(Code.Conflict);
    const closed = await callAs(app, CloseBag, sender.session, {
      Bag: bag,
      SealNumber: 'SL123456',
      DeclaredWeight: 3.5,
    });
    expect(closed.Data).toMatchObject({ Ret: 1 });
    expect(closed.Data!.Bags[0]).toMatchObject({
      SealNumber: 'SL123456',
      DeclaredWeight: 3.5,
      DeclaredCount: 2,
    });
    // a sealed bag takes no more parcels
    const c = await makeParcel(db, { registeredOffice: sender.user.officeGuid });
    const more = await callAs(app, SetParcelsNewTransport, sender.session, {
      Receiver: to.guid,
      Bag: bag,
      Barcode: c.barcode,
      Carnumber: 'AA-1',
      Driver: DRIVER,
    });
    expect(more.Code).toBe(Code.Conflict);
    // the sender cannot receive its own bag
    expect((await callAs(app, ReceiveBag, sender.session, { Label: name })).Code).toBe(Code.Forbidden);
    const got = await callAs(app, ReceiveBag, receiver.session, { Label: ` ${name.toLowerCase()} ` });
    expect(got.Status).toBe(true);
    expect(got.Data).toMatchObject({
      Declared: 2,
      Counted: 2,
      DeclaredWeight: 3.5,
      CountedWeight: 3.5,
      Missing: [],
    });
    expect(got.Data!.Parcels.map((p) => p.Barcode).sort()).toEqual([a.barcode, b.barcode].sort());
    for (const p of [a, b]) {
      const [row] = await db.select().from(parcels).where(eq(parcels.guid, p.guid));
      expect(row.curStatusId).toBe(Status.Received);
      expect(row.bagGuid).toBeNull();
    }
    const twice = await callAs(app, ReceiveBag, receiver.session, { Label: name });
    expect(twice.Code).toBe(Code.Conflict);
    expect(twice.Error).toContain(name);
  });

  it('counts a parcel deleted on the way as missing', async () => {
    const { app, db, sender, receiver, a, b, bag, name } = await filledBag();
    await callAs(app, CloseBag, sender.session, { Bag: bag, SealNumber: 'S1', DeclaredWeight: 3.5 });
    await db.update(parcels).set({ deletedAt: new Date() }).where(eq(parcels.guid, b.guid));
    const got = await callAs(app, ReceiveBag, receiver.session, { Label: name });
    expect(got.Data).toMatchObject({ Declared: 2, Counted: 1, Missing: [b.barcode] });
    expect(got.Data!.Parcels.map((p) => p.Barcode)).toEqual([a.barcode]);
  });

  it('refuses bad close input and unknown labels, writing nothing', async () => {
    const { app, db, sender, receiver, bag } = await filledBag();
    const noSeal = await callAs(app, CloseBag, sender.session, {
      Bag: bag,
      SealNumber: '',
      DeclaredWeight: 1,
    });
    expect(noSeal.Code).toBe(Code.BadInput);
    expect(noSeal.Error).toBe('შეიყვანეთ ლუქის ნომერი');
    const zero = await callAs(app, CloseBag, sender.session, {
      Bag: bag,
      SealNumber: 'S',
      DeclaredWeight: 0,
    });
    expect(zero.Code).toBe(Code.BadInput);
    expect(
      (await callAs(app, CloseBag, receiver.session, { Bag: bag, SealNumber: 'S', DeclaredWeight: 1 })).Code,
    ).toBe(Code.Forbidden);
    const [row] = await db.select().from(bags).where(eq(bags.guid, bag));
    expect(row.closedAt).toBeNull();
    const unknown = await callAs(app, ReceiveBag, receiver.session, { Label: 'BG-00000000-0000' });
    expect(unknown.Code).toBe(Code.NotFound);
    expect(unknown.Error).toContain('BG-00000000-0000');
  });
});

describe('open bags: GetOpenBags, ResumeBag, CancelBag (issue 37)', () => {
  /** Two parcels (one received at the office before) scanned into a bag that is never sealed. */
  async function openBag() {
    const s = await setup();
    const a = await makeParcel(s.db, { registeredOffice: s.from.guid, statuses: [Status.Received] });
    const b = await makeParcel(s.db, { registeredOffice: s.from.guid });
    const scan = (barcode: string, bag = '') =>
      callAs(s.app, SetParcelsNewTransport, s.sender.session, {
        Receiver: s.to.guid,
        Bag: bag,
        Barcode: barcode,
        Carnumber: 'AA-1',
        Driver: DRIVER,
      });
    const bag = (await scan(a.barcode)).Data!.Parcels[0].BagGuid!;
    await scan(b.barcode, bag);
    const [row] = await s.db.select().from(bags).where(eq(bags.guid, bag));
    return { ...s, a, b, bag, name: row.bagName, scan };
  }
  const statusOf = async (guid: string) =>
    (await h().db.select().from(parcels).where(eq(parcels.guid, guid)))[0];
  const auditCount = async (action: string) =>
    (await h().db.select().from(auditLog).where(eq(auditLog.action, action))).length;

  it('another session of the office lists the open bag, resumes it, scans on and seals it', async () => {
    const { app, db, from, to, sender, a, b, bag, name } = await openBag();
    // the session that opened the bag is gone: a colleague of the same office signs in
    const colleague = await signIn(app, db, { roleId: 104, officeGuid: from.guid });
    const open = await callAs(app, GetOpenBags, colleague.session, {});
    expect(open.Status).toBe(true);
    expect(open.Data!.Bags).toHaveLength(1);
    expect(open.Data!.Bags[0]).toMatchObject({
      GUID: bag,
      BagName: name,
      Count: 2,
      CreatedBy: (await db.select().from(users).where(eq(users.guid, sender.user.guid)))[0].name,
      Receiver: to.name,
      ReceiverGUID: to.guid,
      CloseDate: null,
      CancelDate: null,
    });
    const resumed = await callAs(app, ResumeBag, colleague.session, { Bag: bag });
    expect(resumed.Status).toBe(true);
    expect(resumed.Data!.Bags[0].BagName).toBe(name);
    expect(resumed.Data!.Parcels.map((p) => p.Barcode).sort()).toEqual([a.barcode, b.barcode].sort());
    const c = await makeParcel(db, { registeredOffice: from.guid });
    const third = await callAs(app, SetParcelsNewTransport, colleague.session, {
      Receiver: to.guid,
      Bag: bag,
      Barcode: c.barcode,
      Carnumber: 'AA-1',
      Driver: DRIVER,
    });
    expect(third.Data!.Parcels[0].BagGuid).toBe(bag);
    const sealed = await callAs(app, CloseBag, colleague.session, {
      Bag: bag,
      SealNumber: 'SL1',
      DeclaredWeight: 4,
    });
    expect(sealed.Data!.Bags[0]).toMatchObject({ DeclaredCount: 3, SealNumber: 'SL1' });
    expect((await callAs(app, GetOpenBags, colleague.session, {})).Data!.Bags).toEqual([]);
    const again = await callAs(app, ResumeBag, colleague.session, { Bag: bag });
    expect(again.Code).toBe(Code.Conflict);
    expect(again.Error).toBe(`ტომარა ${name} დალუქულია; დაიწყეთ ახალი ოპერაცია`);
  });

  it('cancelling releases the parcels to their earlier status, in their history and the audit log', async () => {
    const { app, db, from, to, sender, a, b, bag, name, scan } = await openBag();
    const refused = await scan(a.barcode);
    expect(refused.Error).toBe(`ამანათი ${a.barcode} უკვე ღია ტომარაშია (${name})`);
    const res = await callAs(app, CancelBag, sender.session, { Bag: bag, Comment: 'სესია დასრულდა' });
    expect(res.Status).toBe(true);
    expect(res.Data!.Ret).toBe(1);
    expect(res.Data!.Released).toEqual([a.barcode, b.barcode]);
    expect(res.Data!.Bags[0].CancelDate).not.toBeNull();
    expect((await statusOf(a.guid)).curStatusId).toBe(Status.Received);
    expect((await statusOf(b.guid)).curStatusId).toBe(Status.Registered);
    expect((await statusOf(a.guid)).bagGuid).toBeNull();
    const history = await db.select().from(parcelEvents).where(eq(parcelEvents.parcelGuid, a.guid));
    const last = history.sort((x, y) => Number(x.id) - Number(y.id)).at(-1)!;
    expect(last).toMatchObject({ statusId: Status.Received, bagGuid: bag });
    expect(last.comment).toBe(`ტომარა ${name} გაუქმდა, ამანათი ტომრიდან ამოღებულია: სესია დასრულდა`);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'bag.cancel'));
    expect(entry).toMatchObject({ entityId: bag, userGuid: sender.user.guid });
    expect(JSON.stringify(entry.after)).toContain(a.barcode);
    // the cancelled bag is gone from the open list and takes nothing more
    expect((await callAs(app, GetOpenBags, sender.session, {})).Data!.Bags).toEqual([]);
    const c = await makeParcel(db, { registeredOffice: from.guid });
    const into = await scan(c.barcode, bag);
    expect(into.Code).toBe(Code.Conflict);
    expect(into.Error).toBe(`ტომარა ${name} გაუქმებულია`);
    const seal = await callAs(app, CloseBag, sender.session, {
      Bag: bag,
      SealNumber: 'S',
      DeclaredWeight: 1,
    });
    expect(seal.Error).toBe(`ტომარა ${name} გაუქმებულია`);
    expect((await callAs(app, CancelBag, sender.session, { Bag: bag })).Code).toBe(Code.Conflict);
    // the released parcels go into another bag
    const other = await callAs(app, SetParcelsNewTransport, sender.session, {
      Receiver: to.guid,
      Barcode: a.barcode,
      Carnumber: 'BB-2',
      Driver: DRIVER,
    });
    expect(other.Status).toBe(true);
    expect(other.Data!.Parcels[0].BagGuid).not.toBe(bag);
  });

  it('refuses bad input and a sealed bag, writing nothing', async () => {
    const { app, db, sender, bag, name, a } = await openBag();
    const events = async () => (await db.select().from(parcelEvents)).length;
    const before = await events();
    const bad = await callAs(app, CancelBag, sender.session, { Bag: 'BG-1' });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).not.toBe('');
    const long = await callAs(app, CancelBag, sender.session, { Bag: bag, Comment: 'ა'.repeat(201) });
    expect(long.Code).toBe(Code.BadInput);
    expect((await callAs(app, ResumeBag, sender.session, { Bag: '' })).Code).toBe(Code.BadInput);
    await callAs(app, CloseBag, sender.session, { Bag: bag, SealNumber: 'S', DeclaredWeight: 1 });
    const sealed = await callAs(app, CancelBag, sender.session, { Bag: bag });
    expect(sealed.Code).toBe(Code.Conflict);
    expect(sealed.Error).toBe(`ტომარა ${name} დალუქულია; დაიწყეთ ახალი ოპერაცია`);
    expect(await events()).toBe(before);
    expect(await auditCount('bag.cancel')).toBe(0);
    expect((await statusOf(a.guid)).bagGuid).toBe(bag);
  });

  it('401 without a session, 403 for corporate users and couriers', async () => {
    const { app, db, bag } = await openBag();
    for (const [def, input] of [
      [GetOpenBags, {}],
      [ResumeBag, { Bag: bag }],
      [CancelBag, { Bag: bag }],
    ] as const) {
      expect((await callAs(app, def, null, input)).Code).toBe(Code.Unauthorized);
      const corpOffice = await makeOffice(db, { isCorporate: true });
      const corp = await signIn(app, db, { roleId: 107, officeGuid: corpOffice.guid });
      expect((await callAs(app, def, corp.session, input)).Code).toBe(Code.Forbidden);
      const courier = await signIn(app, db, { roleId: 106 });
      expect((await callAs(app, def, courier.session, input)).Code).toBe(Code.Forbidden);
    }
    expect(await auditCount('bag.cancel')).toBe(0);
  });

  it("another circle's bag answers as a missing one; the receiving office may not cancel", async () => {
    const { app, db, receiver, bag, a } = await openBag();
    const far = await makeOffice(db, { isDistrCenter: true });
    const stranger = await signIn(app, db, { roleId: 104, officeGuid: far.guid });
    const missing = '00000000-0000-4000-8000-000000000001';
    for (const def of [ResumeBag, CancelBag] as const) {
      const theirs = await callAs(app, def, stranger.session, { Bag: bag });
      const none = await callAs(app, def, stranger.session, { Bag: missing });
      expect(theirs.Code).toBe(Code.NotFound);
      expect(theirs).toEqual(none);
    }
    expect((await callAs(app, GetOpenBags, stranger.session, {})).Data!.Bags).toEqual([]);
    const notYours = await callAs(app, CancelBag, receiver.session, { Bag: bag });
    expect(notYours.Code).toBe(Code.Forbidden);
    expect((await statusOf(a.guid)).bagGuid).toBe(bag);
    expect(await auditCount('bag.cancel')).toBe(0);
  });

  it('a retried cancel (same Idempotency-Key) applies once and answers the same', async () => {
    const { app, db, sender, bag, a } = await openBag();
    const first = await callAs(
      app,
      CancelBag,
      sender.session,
      { Bag: bag },
      { 'idempotency-key': 'cancel-1' },
    );
    const again = await callAs(
      app,
      CancelBag,
      sender.session,
      { Bag: bag },
      { 'idempotency-key': 'cancel-1' },
    );
    expect(first.Status).toBe(true);
    expect(again).toEqual(first);
    expect(await auditCount('bag.cancel')).toBe(1);
    const history = await db.select().from(parcelEvents).where(eq(parcelEvents.parcelGuid, a.guid));
    expect(history.filter((e) => e.comment.includes('გაუქმდა'))).toHaveLength(1);
  });
});
