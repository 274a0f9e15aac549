import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code } from '@po/contract';
import {
  BuildRegistry,
  GetNextRegName,
  NFAddPrintedReg,
  NFGetRegistryByNumber,
  NFPrintedRegistryList,
  NFRegistryJournal,
  NFRegistryList,
} from '@po/contract/registries';
import { rows } from '../../db/client.ts';
import { registries, registryParcels } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn } from '../../test/factories.ts';

const h = useHarness();

const operator = (over: Parameters<typeof signIn>[2] = {}) =>
  signIn(h().app, h().db, { roleId: 105, ...over });
async function countRegistries() {
  const [r] = await rows<{ n: number }>(h().db, sql`select count(*)::int as n from registries`);
  return r.n;
}
const today = () => {
  const d = new Date();
  return {
    StartRegDate: new Date(d.getTime() - 3_600_000).toISOString(),
    EndRegDate: new Date(d.getTime() + 3_600_000).toISOString(),
  };
};

describe('GetNextRegName', () => {
  it('reserves RG- names; operators asking at once never get the same one', async () => {
    const { app } = h();
    const a = await operator();
    const b = await operator();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => callAs(app, GetNextRegName, (i % 2 ? a : b).session)),
    );
    const names = answers.map((r) => {
      expect(r.Status).toBe(true);
      return r.Data as string;
    });
    for (const n of names) expect(n).toMatch(/^RG-\d{6}$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is refused without a session (401) and to couriers (403)', async () => {
    const { app, db } = h();
    expect((await callAs(app, GetNextRegName, null)).Code).toBe(Code.Unauthorized);
    const c = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, GetNextRegName, c.session)).Code).toBe(Code.Forbidden);
  });
});

describe('NFRegistryList', () => {
  it('finds the parcels in the range by case number, note and operator; others’ offices stay hidden', async () => {
    const { app, db } = h();
    const me = await operator({ roleId: 104 });
    const p1 = await makeParcel(db, {
      registeredBy: me.user.guid,
      registeredOffice: me.user.officeGuid,
      fild1: 'CASE-77',
      fild2: 'შენიშვნა',
    });
    await makeParcel(db, {
      registeredBy: me.user.guid,
      registeredOffice: me.user.officeGuid,
      fild1: 'OTHER',
    });
    const stranger = await operator({ roleId: 104 });
    await makeParcel(db, {
      registeredBy: stranger.user.guid,
      registeredOffice: stranger.user.officeGuid,
      fild1: 'CASE-77',
    });
    const res = await callAs(app, NFRegistryList, me.session, { ...today(), Fild1: 'case-7' });
    expect(res.Status).toBe(true);
    expect(res.Data!.map((r) => r.BarCode)).toEqual([p1.barcode]);
    expect(res.Data![0].Creator).toBe(me.user.login);
    expect(res.Data![0].Fild2).toBe('შენიშვნა');
    const byLogin = await callAs(app, NFRegistryList, me.session, {
      ...today(),
      RegistredUserLogin: me.user.login.toUpperCase(),
    });
    expect(byLogin.Data).toHaveLength(2);
    // another office's operator: refused with a message
    const other = await callAs(app, NFRegistryList, me.session, {
      ...today(),
      RegistredUserLogin: stranger.user.login,
    });
    expect(other.Code).toBe(Code.Forbidden);
    expect(other.Error).toContain(stranger.user.login);
  });

  it('refuses a bad date and a reversed range in Georgian', async () => {
    const { app } = h();
    const me = await operator();
    const bad = await callAs(app, NFRegistryList, me.session, { StartRegDate: 'yesterday', EndRegDate: 'x' });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).toContain('„საწყისი დრო“');
    const t = today();
    const rev = await callAs(app, NFRegistryList, me.session, {
      StartRegDate: t.EndRegDate,
      EndRegDate: t.StartRegDate,
    });
    expect(rev.Code).toBe(Code.BadInput);
    expect(rev.Error).toBe('საწყისი თარიღი საბოლოოზე გვიან არის');
  });
});

describe('NFAddPrintedReg and NFGetRegistryByNumber', () => {
  it('saves a registry under the reserved name; its parcels come back by name or number', async () => {
    const { app, db } = h();
    const me = await operator();
    const a = await makeParcel(db);
    const b = await makeParcel(db);
    const name = (await callAs(app, GetNextRegName, me.session)).Data!;
    const saved = await callAs(app, NFAddPrintedReg, me.session, {
      Name: name,
      BarCodes: [a.barcode.toLowerCase(), b.barcode, a.barcode],
    });
    expect(saved.Status).toBe(true);
    expect(saved.Data).toMatchObject({ Ret: 1, RgName: name, Count: 2 });
    const byName = await callAs(app, NFGetRegistryByNumber, me.session, { RgNumber: name });
    expect(byName.Data!.map((r) => r.BarCode)).toEqual([a.barcode, b.barcode]);
    const num = String(Number(name.slice(3)));
    const byNum = await callAs(app, NFGetRegistryByNumber, me.session, { RgNumber: num });
    expect(byNum.Data).toHaveLength(2);
    // a reprint adds what is missing and keeps the rest
    const c = await makeParcel(db);
    const again = await callAs(app, NFAddPrintedReg, me.session, {
      Name: name,
      BarCodes: [c.barcode, a.barcode],
    });
    expect(again.Data!.Count).toBe(3);
    expect(await countRegistries()).toBe(1);
  });

  it('writes nothing when one barcode is unknown or archived, or the list is empty', async () => {
    const { app, db } = h();
    const me = await operator();
    const a = await makeParcel(db);
    const old = await makeParcel(db, { tier: 'archive' });
    const name = (await callAs(app, GetNextRegName, me.session)).Data!;
    const unknown = await callAs(app, NFAddPrintedReg, me.session, {
      Name: name,
      BarCodes: [a.barcode, 'ZZ999999999'],
    });
    expect(unknown.Code).toBe(Code.NotFound);
    expect(unknown.Error).toContain('ZZ999999999');
    const archived = await callAs(app, NFAddPrintedReg, me.session, {
      Name: name,
      BarCodes: [a.barcode, old.barcode],
    });
    expect(archived.Code).toBe(Code.Conflict);
    const empty = await callAs(app, NFAddPrintedReg, me.session, { Name: name, BarCodes: [] });
    expect(empty.Code).toBe(Code.BadInput);
    expect(empty.Error).toBe('დასაბეჭდი რეესტრი ცარიელია');
    expect(await countRegistries()).toBe(0);
    expect(await db.select().from(registryParcels)).toHaveLength(0);
  });

  it('refuses a name nobody reserved for the caller', async () => {
    const { app, db } = h();
    const me = await operator();
    const other = await operator();
    const a = await makeParcel(db);
    const theirs = (await callAs(app, GetNextRegName, other.session)).Data!;
    const res = await callAs(app, NFAddPrintedReg, me.session, { Name: theirs, BarCodes: [a.barcode] });
    expect(res.Code).toBe(Code.Conflict);
    expect(res.Error).toContain(theirs);
    const made = await callAs(app, NFAddPrintedReg, me.session, { Name: 'RG-999999', BarCodes: [a.barcode] });
    expect(made.Code).toBe(Code.Conflict);
    const bad = await callAs(app, NFAddPrintedReg, me.session, { Name: 'registry', BarCodes: [a.barcode] });
    expect(bad.Code).toBe(Code.BadInput);
    expect(await countRegistries()).toBe(0);
  });

  it('unknown registry: 404 with the message; 401 and 403', async () => {
    const { app, db } = h();
    const me = await operator();
    const res = await callAs(app, NFGetRegistryByNumber, me.session, { RgNumber: 'RG-123456' });
    expect(res.Code).toBe(Code.NotFound);
    expect(res.Error).toBe('ფილტრის მიხედვით რეესტრი ვერ მოიძებნა');
    expect((await callAs(app, NFGetRegistryByNumber, null, { RgNumber: '1' })).Code).toBe(Code.Unauthorized);
    const c = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, NFAddPrintedReg, c.session, { Name: 'RG-000001', BarCodes: [] })).Code).toBe(
      Code.Forbidden,
    );
  });
});

describe('BuildRegistry', () => {
  it('answers the parcel or null, and with RgName builds the registry scan by scan', async () => {
    const { app, db } = h();
    const me = await operator();
    const a = await makeParcel(db);
    const b = await makeParcel(db);
    const lookup = await callAs(app, BuildRegistry, me.session, { Barcode: a.barcode });
    expect(lookup.Data?.BarCode).toBe(a.barcode);
    const none = await callAs(app, BuildRegistry, me.session, { Barcode: 'ZZ123456789' });
    expect(none.Status).toBe(true);
    expect(none.Data).toBeNull();
    expect(await countRegistries()).toBe(0);
    const name = (await callAs(app, GetNextRegName, me.session)).Data!;
    for (const code of [a.barcode, b.barcode, a.barcode]) {
      const r = await callAs(app, BuildRegistry, me.session, { Barcode: code, RgName: name });
      expect(r.Data?.BarCode).toBe(code);
    }
    const [reg] = await db.select().from(registries).where(eq(registries.rgName, name));
    expect(reg.kind).toBe('built');
    const list = await callAs(app, NFGetRegistryByNumber, me.session, { RgNumber: name });
    expect(list.Data!.map((r) => r.BarCode)).toEqual([a.barcode, b.barcode]);
  });

  it('refuses a deleted parcel and a bad barcode; 401', async () => {
    const { app, db } = h();
    const me = await operator();
    const gone = await makeParcel(db, { deletedAt: new Date() });
    const res = await callAs(app, BuildRegistry, me.session, { Barcode: gone.barcode });
    expect(res.Code).toBe(Code.Conflict);
    const bad = await callAs(app, BuildRegistry, me.session, { Barcode: '12' });
    expect(bad.Code).toBe(Code.BadInput);
    expect((await callAs(app, BuildRegistry, null, { Barcode: gone.barcode })).Code).toBe(Code.Unauthorized);
  });
});

describe('NFRegistryJournal and NFPrintedRegistryList', () => {
  it('list registries by number and date, with counts; another office sees none of them', async () => {
    const { app, db } = h();
    const me = await operator({ roleId: 104 });
    const a = await makeParcel(db, { registeredOffice: me.user.officeGuid });
    const name = (await callAs(app, GetNextRegName, me.session)).Data!;
    await callAs(app, NFAddPrintedReg, me.session, { Name: name, BarCodes: [a.barcode] });
    const j = await callAs(app, NFRegistryJournal, me.session, { ...today(), RgNumber: name.toLowerCase() });
    expect(j.Data).toHaveLength(1);
    expect(j.Data![0]).toMatchObject({ RgName: name, Count: 1, Kind: 'printed', Creator: me.user.login });
    const all = await callAs(app, NFRegistryJournal, me.session, {});
    expect(all.Data).toHaveLength(1);
    const view = await callAs(app, NFPrintedRegistryList, me.session, { Sender: 'true' });
    expect(view.Data!.map((r) => r.RgName)).toEqual([name]);
    const elsewhere = await operator({ roleId: 104, officeGuid: (await makeOffice(db)).guid });
    expect((await callAs(app, NFRegistryJournal, elsewhere.session, {})).Data).toEqual([]);
    const bad = await callAs(app, NFPrintedRegistryList, me.session, { RgNumber: 'abc' });
    expect(bad.Code).toBe(Code.BadInput);
    expect((await callAs(app, NFRegistryJournal, null, {})).Code).toBe(Code.Unauthorized);
    const corp = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, NFPrintedRegistryList, corp.session, {})).Code).toBe(Code.Forbidden);
  });
});
