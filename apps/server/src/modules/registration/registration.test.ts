import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RegisteredParcel, TariffRow } from '@po/contract/registration';
import { useHarness } from '../../test/harness.ts';
import { makeOffice, makeUser, login, post, get, parcelBodyByZone, signIn } from '../../test/factories.ts';
import { auditLog, companies, parcelEvents, parcels, tariffs } from '../../db/schema.ts';
import { rows, type Db } from '../../db/client.ts';
import { s10CheckDigit } from './pricing.ts';
import { collectionDeadline } from './service.ts';

const h = useHarness();

type Reg = { Parcels: RegisteredParcel[] };

/** A complete, valid request: Tbilisi (zone 1) to Batumi (zone 3), paid by the sender. */
const body = (over: Record<string, unknown> = {}) =>
  parcelBodyByZone({ Fild1: 'საქმე 12/2026', Fild2: 'შენიშვნა', Description: 'დოკუმენტები', ...over });

/** Replaces the seeded tariffs with one known row per zone pair the test names. */
async function setTariffs(db: Db, list: Array<Partial<typeof tariffs.$inferInsert>>) {
  await db.delete(tariffs);
  await db.insert(tariffs).values(
    list.map((t) => ({
      senderZone: 1,
      receiverZone: 1,
      basePrice: 5,
      includedWeight: 1,
      pricePerKg: 1,
      volumetricDivisor: 5000,
      urgentMultiplier: 1.5,
      doubledMultiplier: 2,
      deliveryDays: 2,
      urgentDays: 1,
      ...t,
    })),
  );
}

async function operator(over: Parameters<typeof makeUser>[1] = {}) {
  const { app, db } = h();
  return (await signIn(app, db, { roleId: 105, ...over })).session;
}
const calc = (s: { Id: string; Ticket: string }, over: Record<string, unknown> = {}) =>
  post<number>(h().app, 'CalcPrice', { ...s, ...body(over) });
const reg = (
  s: { Id: string; Ticket: string },
  over: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => post<Reg>(h().app, 'Registration', { ...s, ...body(over) }, headers);
const count = async (db: Db, table: 'parcels' | 'parcel_events') =>
  (await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

describe('CalcPrice', () => {
  it('prices by the two zones from the seeded tariffs (Tbilisi → Batumi costs more than within Tbilisi)', async () => {
    const s = await operator();
    const local = await calc(s, { SenderCityID: 320, ReceiverCityID: 323 });
    const far = await calc(s, { SenderCityID: 320, ReceiverCityID: 321 });
    expect(local).toMatchObject({ Status: true, Code: 200, Data: 5 });
    // zones 1 → 3 in the default model: base 13 GEL for the first kg
    expect(far).toMatchObject({ Status: true, Data: 13 });
  });

  it('takes the zone from the city or village the server knows, not the zone the client sent', async () => {
    const s = await operator();
    const res = await calc(s, {
      SenderZone: 1,
      ReceiveZone: 1,
      ReceiverCityID: 321,
      ReceiverVillageID: 1004,
    });
    expect(res.Data).toBe(13);
  });

  it('charges the chargeable weight (volumetric when larger), urgent and doubled multipliers, in GEL with 2 decimals', async () => {
    const { db } = h();
    await setTariffs(db, [{ basePrice: 5, includedWeight: 1, pricePerKg: 1.25 }]);
    const s = await operator();
    expect((await calc(s, { Weight: 3 })).Data).toBe(7.5);
    expect((await calc(s, { Weight: 2, Length: 50, Width: 40, Height: 30 })).Data).toBe(18.75);
    expect((await calc(s, { Urgent: true })).Data).toBe(7.5);
    expect((await calc(s, { Doubling: true })).Data).toBe(10);
    expect((await calc(s, { Weight: 1.3, Urgent: true })).Data).toBe(8.06);
  });

  it('uses the company’s own price when the payer’s code is a company’s', async () => {
    const { db } = h();
    const [c] = await db.insert(companies).values({ pid: '204567890', name: 'შპს ტესტი' }).returning();
    await setTariffs(db, [{ basePrice: 5 }, { basePrice: 3.4, companyId: c.id }]);
    const s = await operator();
    expect((await calc(s, { Pid: '204567890' })).Data).toBe(3.4);
    expect((await calc(s, { Pid: '01001012345' })).Data).toBe(5);
    // the receiver pays: the receiver's code decides
    expect((await calc(s, { TermsOfPaymentID: 8701, Pid: '', ReceiverPid: '204567890' })).Data).toBe(3.4);
  });

  it('refuses a doubled price paid by a private receiver with the message the client recognises', async () => {
    const { db } = h();
    await db.insert(companies).values({ pid: '204567890', name: 'შპს ტესტი' });
    const s = await operator();
    const res = await calc(s, { Doubling: true, TermsOfPaymentID: 8701, ReceiverPid: '01001023456' });
    expect(res).toMatchObject({
      Status: false,
      Code: 400,
      Error: 'გადამხდელს არ შეუძლია გაორმაგებული ფასის გადახდა',
    });
    const company = await calc(s, { Doubling: true, TermsOfPaymentID: 8701, ReceiverPid: '204567890' });
    expect(company).toMatchObject({ Status: true, Data: 10 });
  });

  it('answers a clear error when no tariff covers the zones', async () => {
    const { db } = h();
    await setTariffs(db, [{ senderZone: 1, receiverZone: 1 }]);
    const s = await operator();
    const res = await calc(s, { ReceiveZone: 4 });
    expect(res).toMatchObject({
      Status: false,
      Code: 400,
      Error: 'ზონებისთვის 1 → 4 ტარიფი არ არის განსაზღვრული',
    });
  });

  it('checks the address rules before pricing', async () => {
    const s = await operator();
    expect((await calc(s, { SenderPostCode: '' })).Error).toBe('გამგზავნის მისამართი არასრულია');
    expect((await calc(s, { ReceiverAddres: 'ab.;' })).Error).toBe('მიმღების მისამართი არასრულია');
  });

  it('refuses to price a parcel above the sanity limits of weight and size (issue 18)', async () => {
    const s = await operator();
    expect(await calc(s, { Weight: 100000, Length: 99999999 })).toMatchObject({
      Status: false,
      Code: 400,
      Error: 'წონა არ შეიძლება აღემატებოდეს 500 კგ-ს',
    });
    expect((await calc(s, { Height: 350 })).Error).toBe(
      'სიგრძე, სიგანე და სიმაღლე არ შეიძლება აღემატებოდეს 300 სმ-ს',
    );
    expect((await calc(s, { Weight: 500, Length: 300, Width: 300, Height: 300 })).Status).toBe(true);
  });
});

describe('Registration', () => {
  it('registers a parcel with a generated barcode, its price, deadline and first event, audited', async () => {
    const { app, db } = h();
    const office = await makeOffice(db, { cityId: 320 });
    const user = await makeUser(db, { roleId: 105, officeGuid: office.guid });
    const s = await login(app, user);
    const before = Date.now();
    const res = await reg(s, { ReceiverCityID: 321, SenderCityID: 320, SenderVillageID: 1000 });
    expect(res).toMatchObject({ Status: true, Code: 200 });
    const p = res.Data!.Parcels[0];
    expect(p.Barcode).toMatch(/^PO\d{9}$/);
    expect(Number(p.Barcode.at(-1))).toBe(s10CheckDigit(p.Barcode.slice(2, 10)));
    expect(p).toMatchObject({
      Value: 13,
      CurStatus: 8744,
      CurStatusName: 'რეგისტრირებულია',
      Sender: 'ნინო გელაშვილი',
      SenderPid: '01001012345',
      Receiver: 'დავით მაისურაძე',
      Whopays: 8700,
      PaymetType: 1,
      ParcelTypeName: 'ამანათი',
      Fild1: 'საქმე 12/2026',
      // the card's full postal address: city, village, address, index (issue 18)
      SenderFullAddress: 'თბილისი, წყნეთი, წერეთლის გამზ 116, 0100',
      OriginDepotGUID: office.guid,
      DestinationDepotGUID: office.guid,
      Login: user.login,
    });
    // zones 1 → 3: 4 delivery days, the end of that Tbilisi day
    expect(p.CollectionDate).toBe(collectionDeadline(new Date(p.CreateDate), 4).toISOString());
    expect(Date.parse(p.CreateDate)).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await db.select().from(parcels).where(eq(parcels.guid, p.GUID));
    expect(row).toMatchObject({
      barcode: p.Barcode,
      registeredBy: user.guid,
      registeredOffice: office.guid,
      senderZone: 1,
      receiverZone: 3,
      senderCityId: 320,
      senderVillageId: 1000,
      receiverCityId: 321,
      value: 13,
      curStatusId: 8744,
      payerId: 8700,
      payType: 1,
    });
    const events = await db.select().from(parcelEvents).where(eq(parcelEvents.parcelGuid, p.GUID));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      statusId: 8744,
      userGuid: user.guid,
      roleId: 105,
      officeGuid: office.guid,
    });
    const logged = await db.select().from(auditLog).where(eq(auditLog.entityId, p.GUID));
    expect(logged[0]).toMatchObject({ action: 'Registration', entity: 'parcels', userGuid: user.guid });
  });

  it('uses the urgent delivery days for an urgent parcel', async () => {
    const { db } = h();
    await setTariffs(db, [{ deliveryDays: 3, urgentDays: 1 }]);
    const s = await operator();
    const p = (await reg(s, { Urgent: true })).Data!.Parcels[0];
    expect(p.CollectionDate).toBe(collectionDeadline(new Date(p.CreateDate), 1).toISOString());
    expect(p.Value).toBe(7.5);
  });

  it('stores the address without ; . and apostrophes, a manual barcode trimmed and upper-cased, and the prefix given', async () => {
    const s = await operator();
    const manual = await reg(s, {
      BarCodeGeneration: false,
      Barcode: '  ab1234567 ',
      SenderAddres: "ქ. თბილისი; 'ვაკე' 5",
    });
    expect(manual.Data!.Parcels[0]).toMatchObject({
      Barcode: 'AB1234567',
      SenderAddress: 'ქ თბილისი ვაკე 5',
    });
    const prefixed = await reg(s, { BarcodePrefix: ' x ' });
    expect(prefixed.Data!.Parcels[0].Barcode).toMatch(/^X\d{9}$/);
  });

  it('refuses a barcode already among live parcels with 409, and writes nothing', async () => {
    const { db } = h();
    const s = await operator();
    await reg(s, { BarCodeGeneration: false, Barcode: 'TB000000001' });
    const res = await reg(s, { BarCodeGeneration: false, Barcode: 'tb000000001' });
    expect(res).toMatchObject({ Status: false, Code: 409, Error: 'ეს ამანათი უკვე რეგისტრირებულია' });
    expect(await count(db, 'parcels')).toBe(1);
    expect(await count(db, 'parcel_events')).toBe(1);
    // a deleted parcel's barcode may be registered again
    await db.update(parcels).set({ deletedAt: new Date() });
    expect((await reg(s, { BarCodeGeneration: false, Barcode: 'TB000000001' })).Status).toBe(true);
  });

  it('gives two operators registering at the same moment different barcodes', async () => {
    const { db } = h();
    const a = await operator();
    const b = await operator();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => reg(i % 2 ? a : b)));
    expect(results.every((r) => r.Status)).toBe(true);
    const codes = new Set(results.map((r) => r.Data!.Parcels[0].Barcode));
    expect(codes.size).toBe(12);
    expect(await count(db, 'parcels')).toBe(12);
  });

  it('lets only one of two simultaneous registrations of the same manual barcode through', async () => {
    const { db } = h();
    const a = await operator();
    const b = await operator();
    const results = await Promise.all(
      [a, b, a, b].map((s) => reg(s, { BarCodeGeneration: false, Barcode: 'SAME12345' })),
    );
    expect(results.filter((r) => r.Status)).toHaveLength(1);
    expect(results.filter((r) => r.Code === 409)).toHaveLength(3);
    expect(await count(db, 'parcels')).toBe(1);
  });

  it('skips a generated number a manual barcode has taken already', async () => {
    const { db } = h();
    const s = await operator();
    const [{ n }] = await rows<{ n: number }>(db, sql`select last_value::int as n from barcode_seq`);
    const next = String(n + 1).padStart(8, '0');
    const taken = `PO${next}${s10CheckDigit(next)}`;
    await reg(s, { BarCodeGeneration: false, Barcode: taken });
    const res = await reg(s);
    expect(res.Status).toBe(true);
    expect(res.Data!.Parcels[0].Barcode).not.toBe(taken);
  });

  it('returns the same parcel for a retry with the same Idempotency-Key', async () => {
    const { db } = h();
    const s = await operator();
    const first = await reg(s, {}, { 'idempotency-key': 'reg-1' });
    const again = await reg(s, {}, { 'idempotency-key': 'reg-1' });
    expect(again.Data!.Parcels[0].GUID).toBe(first.Data!.Parcels[0].GUID);
    expect(again.Data!.Parcels[0].Barcode).toBe(first.Data!.Parcels[0].Barcode);
    expect(await count(db, 'parcels')).toBe(1);
    const other = await reg(s, {}, { 'idempotency-key': 'reg-2' });
    expect(other.Data!.Parcels[0].GUID).not.toBe(first.Data!.Parcels[0].GUID);
  });

  it('forces a corporate user’s sender code, name and office whatever the client sends', async () => {
    const { app, db } = h();
    const office = await makeOffice(db, {
      name: 'კორპორატიული ოფისი',
      pid: '404111222',
      isCorporate: true,
      sender: 'თბილისი, გულუას ქ 10',
    });
    const other = await makeOffice(db);
    const user = await makeUser(db, { roleId: 107, officeGuid: office.guid });
    const s = await login(app, user);
    const res = await reg(s, {
      Pid: '',
      SenderPid: '99999999999',
      SenderName: 'სხვა',
      SenderAddres: '',
      OriginDepotGUID: other.guid,
    });
    expect(res.Status).toBe(true);
    const p = res.Data!.Parcels[0];
    expect(p).toMatchObject({
      Sender: 'კორპორატიული ოფისი',
      SenderPid: '404111222',
      SenderAddress: 'თბილისი, გულუას ქ 10',
      OriginDepotGUID: office.guid,
    });
  });

  it('refuses users with RegistrationDisable, couriers and administrators (403), and calls without a session (401)', async () => {
    const { app, db } = h();
    const disabled = (await signIn(app, db, { roleId: 105, registrationDisable: true })).session;
    const res = await reg(disabled);
    expect(res).toMatchObject({
      Status: false,
      Code: 403,
      Error: 'ამანათის რეგისტრაცია თქვენთვის გათიშულია',
    });
    expect((await calc(disabled)).Code).toBe(403);
    for (const roleId of [106, 100]) {
      const s = (await signIn(app, db, { roleId })).session;
      expect((await reg(s)).Code).toBe(403);
      expect((await calc(s)).Code).toBe(403);
    }
    for (const roleId of [104, 107]) {
      const s = (await signIn(app, db, { roleId })).session;
      expect((await reg(s)).Status).toBe(true);
    }
    expect(await post(app, 'Registration', body())).toMatchObject({ Status: false, Code: 401 });
    expect(await post(app, 'CalcPrice', { ...body(), Id: 'x', Ticket: 'nope' })).toMatchObject({ Code: 401 });
    expect(await count(db, 'parcels')).toBe(2);
  });

  describe('refuses a request that breaks a rule of spec 002 §5 with its Georgian message and writes nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        'manual barcode too short',
        { BarCodeGeneration: false, Barcode: 'AB12345' },
        'შეიყვანეთ შტრიხკოდი სწორი ფორმატით',
      ],
      [
        'manual barcode too long',
        { BarCodeGeneration: false, Barcode: 'AB12345678901' },
        'შეიყვანეთ შტრიხკოდი სწორი ფორმატით',
      ],
      [
        'manual barcode empty',
        { BarCodeGeneration: false, Barcode: '' },
        'შეიყვანეთ შტრიხკოდი სწორი ფორმატით',
      ],
      [
        'prefix of three letters',
        { BarcodePrefix: 'ABC' },
        'შტრიხკოდის პრეფიქსი უნდა იყოს 1 ან 2 ლათინური ასო',
      ],
      ['prefix with a digit', { BarcodePrefix: 'A1' }, 'შტრიხკოდის პრეფიქსი უნდა იყოს 1 ან 2 ლათინური ასო'],
      ['prefix in Georgian', { BarcodePrefix: 'ა' }, 'შტრიხკოდის პრეფიქსი უნდა იყოს 1 ან 2 ლათინური ასო'],
      ['sender pays without a code', { Pid: '', SenderPid: '' }, 'შეიყვანეთ საიდენტიფიკაციო კოდი'],
      [
        'receiver pays without a code',
        { TermsOfPaymentID: 8701, Pid: '', ReceiverPid: '' },
        'შეიყვანეთ საიდენტიფიკაციო კოდი',
      ],
      ['no sender name', { SenderName: '  ' }, 'შეიყვანეთ გამგზავნის სახელი'],
      ['no receiver name', { ReceiverName: '' }, 'შეიყვანეთ მიმღების სახელი'],
      ['sender address under 5', { SenderAddres: 'ab.c;' }, 'გამგზავნის მისამართი არასრულია'],
      ['receiver address under 5', { ReceiverAddres: "a'b'c" }, 'მიმღების მისამართი არასრულია'],
      ['no sender index', { SenderPostCode: ' ' }, 'გამგზავნის მისამართი არასრულია'],
      ['no receiver index', { ReceiverPostCode: '' }, 'მიმღების მისამართი არასრულია'],
      ['no receiver zone', { ReceiveZone: null }, 'მიმღების მისამართი არასრულია'],
      ['weight under 0.2', { Weight: 0.1 }, 'წონა უნდა იყოს მინიმუმ 0.2 კგ, ბიჯით 0.1'],
      ['weight off the 0.1 step', { Weight: 0.25 }, 'წონა უნდა იყოს მინიმუმ 0.2 კგ, ბიჯით 0.1'],
      [
        'negative length',
        { Length: -1 },
        'სიგრძე, სიგანე, სიმაღლე და შეფუთვების რაოდენობა არ შეიძლება იყოს უარყოფითი',
      ],
      [
        'negative height',
        { Height: -0.5 },
        'სიგრძე, სიგანე, სიმაღლე და შეფუთვების რაოდენობა არ შეიძლება იყოს უარყოფითი',
      ],
      [
        'negative package count',
        { NumberOfPackages: -1 },
        'სიგრძე, სიგანე, სიმაღლე და შეფუთვების რაოდენობა არ შეიძლება იყოს უარყოფითი',
      ],
      ['weight above the limit', { Weight: 100000 }, 'წონა არ შეიძლება აღემატებოდეს 500 კგ-ს'],
      [
        'length above the limit',
        { Length: 99999999 },
        'სიგრძე, სიგანე და სიმაღლე არ შეიძლება აღემატებოდეს 300 სმ-ს',
      ],
      [
        'width above the limit',
        { Width: 301 },
        'სიგრძე, სიგანე და სიმაღლე არ შეიძლება აღემატებოდეს 300 სმ-ს',
      ],
      [
        'package count above the limit',
        { NumberOfPackages: 101 },
        'შეფუთვების რაოდენობა არ შეიძლება აღემატებოდეს 100-ს',
      ],
      ['unknown payer', { TermsOfPaymentID: 8699 }, 'გადამხდელი არასწორია'],
      ['unknown payment type', { PayType: 5 }, 'გადახდის ტიპი არასწორია'],
      ['unknown parcel type', { ParcelType: 8700 }, 'ამანათის ტიპი არასწორია'],
      ['unknown city', { ReceiverCityID: 99999 }, 'ქალაქი ან სოფელი ვერ მოიძებნა'],
      ['weight not a number', { Weight: 'heavy' }, 'ველი „წონა (კგ)“ უნდა იყოს რიცხვი'],
      [
        'doubled for a private receiver',
        { Doubling: true, TermsOfPaymentID: 8701, ReceiverPid: '01001023456' },
        'გადამხდელს არ შეუძლია გაორმაგებული ფასის გადახდა',
      ],
    ];
    it.each(cases)('%s', async (_name, over, message) => {
      const { db } = h();
      const s = await operator();
      const res = await reg(s, over);
      expect(res).toMatchObject({ Status: false, Code: 400, Data: null, Error: message });
      expect(await count(db, 'parcels')).toBe(0);
      expect(await count(db, 'parcel_events')).toBe(0);
      const [{ n }] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from audit_log where action = 'Registration'`,
      );
      expect(n).toBe(0);
    });
  });
});

describe('tariff administration (GetTariffs, PostUpdateTariff)', () => {
  it('lets an administrator change a price without a deploy, audited', async () => {
    const { app, db } = h();
    const admin = (await signIn(app, db, { roleId: 100 })).session;
    const list = await get<{ Tariffs: TariffRow[] }>(app, 'GetTariffs', admin);
    expect(list.Data!.Tariffs).toHaveLength(16);
    const t = list.Data!.Tariffs.find((x) => x.SenderZone === 1 && x.ReceiverZone === 1)!;
    const res = await post(app, 'PostUpdateTariff', {
      ...admin,
      ...t,
      ID: undefined,
      TariffID: t.ID,
      CompanyPid: '',
      BasePrice: 6.5,
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: t.ID } });
    const s = await operator();
    expect((await calc(s)).Data).toBe(6.5);
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'PostUpdateTariff'));
    expect(a).toMatchObject({ entity: 'tariffs', entityId: String(t.ID) });
    expect((a.before as { basePrice: number }).basePrice).toBe(5);
  });

  it('creates a company’s own tariff; refuses an unknown company and a second enabled tariff for the same zones', async () => {
    const { app, db } = h();
    await db.insert(companies).values({ pid: '205123456', name: 'სს ენერგია' });
    const admin = (await signIn(app, db, { roleId: 100 })).session;
    const t = { SenderZone: 1, ReceiverZone: 1, BasePrice: 2, IncludedWeight: 1, PricePerKg: 0.5 };
    const created = await post<{ Ret: number }>(app, 'PostUpdateTariff', {
      ...admin,
      ...t,
      CompanyPid: '205123456',
    });
    expect(created.Error).toBeNull();
    const list = await get<{ Tariffs: TariffRow[] }>(app, 'GetTariffs', admin);
    expect(list.Data!.Tariffs.find((x) => x.ID === created.Data!.Ret)).toMatchObject({
      CompanyPid: '205123456',
      CompanyName: 'სს ენერგია',
    });
    expect((await calc(await operator(), { Pid: '205123456' })).Data).toBe(2);
    expect(await post(app, 'PostUpdateTariff', { ...admin, ...t, CompanyPid: '000' })).toMatchObject({
      Code: 404,
    });
    expect(await post(app, 'PostUpdateTariff', { ...admin, ...t })).toMatchObject({ Code: 409 });
    expect(await post(app, 'PostUpdateTariff', { ...admin, ...t, BasePrice: -1 })).toMatchObject({
      Code: 400,
    });
  });

  it('refuses operators (403) and calls without a session (401)', async () => {
    const { app } = h();
    const s = await operator();
    expect((await get(app, 'GetTariffs', s)).Code).toBe(403);
    expect(
      (
        await post(app, 'PostUpdateTariff', {
          ...s,
          SenderZone: 1,
          ReceiverZone: 1,
          BasePrice: 1,
          IncludedWeight: 1,
          PricePerKg: 1,
        })
      ).Code,
    ).toBe(403);
    expect((await get(app, 'GetTariffs')).Code).toBe(401);
  });
});
