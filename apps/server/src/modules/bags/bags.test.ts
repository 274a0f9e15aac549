import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import { CloseBag, GetBagParcels, GetBags, ReceiveBag, SetParcelsNewTransport } from '@po/contract/bags';
import { rows } from '../../db/client.ts';
import { bags, parcelEvents, parcels, rsRegistry } from '../../db/schema.ts';
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
