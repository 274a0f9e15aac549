import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formatMessage } from '@po/contract';
import type { ReferenceRow } from '@po/contract/reference';
import { useHarness } from '../../test/harness.ts';
import { get, makeOffice, signIn, unique, type Session } from '../../test/factories.ts';
import { auditLog, bags, parcelEvents, parcels, refItems } from '../../db/schema.ts';
import { rows, type Db } from '../../db/client.ts';
import { CITIES, LISTS, STATUSES } from '../../db/seed/reference.ts';
import type { App } from '../../app.ts';

const h = useHarness();

type List = { Regions: ReferenceRow[] };
type Ret = { Ret: number };
const msg = (key: string, params: Record<string, unknown> = {}) => formatMessage(key, params, 'ka');

async function admin(app: App, db: Db): Promise<Session> {
  return (await signIn(app, db, { roleId: 100 })).session;
}
const call = <T>(
  app: App,
  s: Session,
  name: string,
  params: Record<string, string | number | boolean | undefined>,
) => get<T>(app, name, { Id: s.Id, Ticket: s.Ticket, ...params });

/** What a refused write must leave untouched: the reference rows and the audit log. */
async function state(db: Db) {
  const [r] = await rows<{ items: number; audits: number; digest: string }>(
    db,
    sql`select (select count(*)::int from ref_items) as items,
               (select count(*)::int from audit_log where entity = 'ref_items') as audits,
               (select md5(string_agg(id || name || coalesce(post_code, '') || coalesce(zone::text, '') || enabled::text,
                 ',' order by id)) from ref_items) as digest`,
  );
  return r;
}
async function item(db: Db, id: number) {
  const [r] = await db.select().from(refItems).where(eq(refItems.id, id));
  return r;
}
async function makeParcel(db: Db, over: Partial<typeof parcels.$inferInsert> = {}) {
  const [p] = await db
    .insert(parcels)
    .values({ barcode: unique('T').toUpperCase().slice(0, 12), curStatusId: 8744, ...over })
    .returning();
  return p;
}

/* ---------------------------------------------------------------- reads */

describe('PostGetRegion', () => {
  it('answers the regions with their index (as Index and RIndex), zone and no parent', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<List>(app, s, 'PostGetRegion', { Rid: 20 });
    expect(res.Status).toBe(true);
    expect(res.Data!.Regions).toHaveLength(CITIES.length);
    expect(res.Data!.Regions.find((r) => r.ID === 320)).toEqual({
      ID: 320,
      Name: 'თბილისი',
      Index: '0100',
      RIndex: '0100',
      Zone: 1,
      Enabled: true,
      ParentID: null,
    });
  });

  it('answers a region’s villages for its id, and an empty list for an id that is not a region', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<List>(app, s, 'PostGetRegion', { Rid: 320 });
    expect(res.Data!.Regions.map((r) => r.Name).sort()).toEqual(
      ['კოჯორი', 'ოქროყანა', 'ტაბახმელა', 'წყნეთი'].sort(),
    );
    expect(res.Data!.Regions.every((r) => r.ParentID === 320 && /^01\d\d$/.test(r.Index!))).toBe(true);
    for (const rid of [1000, 8712, 5, 21, 123456]) {
      const other = await call<List>(app, s, 'PostGetRegion', { Rid: rid });
      expect(other).toMatchObject({ Status: true, Data: { Regions: [] } });
    }
  });

  it('answers all statuses for 10 and only the enabled ones for 99 (the lookup list)', async () => {
    const { app, db } = h();
    await db.update(refItems).set({ enabled: false }).where(eq(refItems.id, 8720));
    const s = await admin(app, db);
    const all = await call<List>(app, s, 'PostGetRegion', { Rid: 10 });
    const enabled = await call<List>(app, s, 'PostGetRegion', { Rid: 99 });
    expect(all.Data!.Regions).toHaveLength(STATUSES.length);
    expect(all.Data!.Regions.find((r) => r.ID === 8720)!.Enabled).toBe(false);
    expect(enabled.Data!.Regions).toHaveLength(STATUSES.length - 1);
    expect(enabled.Data!.Regions.some((r) => r.ID === 8720)).toBe(false);
    expect(enabled.Data!.Regions.find((r) => r.ID === 8712)).toMatchObject({ Name: 'ჩაბარებულია', Zone: 0 });
  });

  it.each([24, 25, 26, 27, 28])('answers list %i with its items, disabled ones included', async (rid) => {
    const ids = LISTS.filter(([g]) => g === rid).map(([, id]) => id);
    const { app, db } = h();
    await db.update(refItems).set({ enabled: false }).where(eq(refItems.id, ids[0]));
    const s = await admin(app, db);
    const res = await call<List>(app, s, 'PostGetRegion', { Rid: rid });
    expect(res.Data!.Regions.map((r) => r.ID)).toEqual(ids);
    expect(res.Data!.Regions[0]).toMatchObject({ Enabled: false, Index: null, Zone: null, ParentID: null });
  });

  it.each([100, 104, 105, 106, 107])(
    'is readable by role %i (the courier too, for status lookups)',
    async (roleId) => {
      const { app, db } = h();
      const { session } = await signIn(app, db, { roleId });
      const res = await call<List>(app, session, 'PostGetRegion', { Rid: 99 });
      expect(res.Status).toBe(true);
      expect(res.Data!.Regions.length).toBeGreaterThan(0);
    },
  );

  it('is readable by a corporate operator', async () => {
    const { app, db } = h();
    const office = await makeOffice(db, { isCorporate: true });
    const { session } = await signIn(app, db, { roleId: 107, officeGuid: office.guid });
    expect((await call<List>(app, session, 'PostGetRegion', { Rid: 20 })).Status).toBe(true);
  });

  it('asks for Rid in Georgian when it is missing or not a number', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    expect(await call(app, s, 'PostGetRegion', {})).toMatchObject({
      Status: false,
      Code: 400,
      Error: msg('v.required', { field: 'ID' }),
    });
    expect(await call(app, s, 'PostGetRegion', { Rid: 'abc' })).toMatchObject({
      Code: 400,
      Error: msg('v.number', { field: 'ID' }),
    });
  });

  it('answers 401 without a ticket or with an unknown one', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    expect(await get(app, 'PostGetRegion', { Rid: 20 })).toMatchObject({
      Status: false,
      Code: 401,
      Data: null,
    });
    expect(await get(app, 'PostGetRegion', { Id: s.Id, Ticket: 'nope', Rid: 20 })).toMatchObject({
      Code: 401,
      Error: msg('auth.required'),
    });
  });
});

/* ---------------------------------------------------------------- regions */

describe('PostInsertRegion (a region: Rid 20)', () => {
  it('adds a region and answers its new id, with an audit entry', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, 'PostInsertRegion', {
      Rid: 20,
      Name: ' სოხუმი ',
      PostCode: '5600',
      Zone: 4,
    });
    expect(res).toMatchObject({ Status: true, Code: 200 });
    const id = res.Data!.Ret;
    expect(id).toBeGreaterThanOrEqual(20000);
    expect(await item(db, id)).toMatchObject({
      groupId: 20,
      parentId: null,
      name: 'სოხუმი',
      postCode: '5600',
      zone: 4,
    });
    const [a] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(a).toMatchObject({ action: 'PostInsertRegion', entity: 'ref_items', userGuid: s.Id });
    const list = await call<List>(app, s, 'PostGetRegion', { Rid: 20 });
    expect(list.Data!.Regions.find((r) => r.ID === id)).toMatchObject({
      Index: '5600',
      RIndex: '5600',
      Zone: 4,
    });
  });

  it.each([
    ['no name', { Name: '' }, 'reference.nameRequired'],
    ['a name of 3 characters', { Name: 'აბგ' }, 'reference.nameMin4'],
    ['a name of blanks', { Name: '      ' }, 'reference.nameRequired'],
    ['the name of another region', { Name: 'თბილისი' }, 'reference.regionExists'],
    ['no index', { PostCode: '' }, 'reference.indexRequired'],
    ['an index with a letter', { PostCode: '56a0' }, 'reference.indexDigits'],
    ['an index with a sign', { PostCode: '-560' }, 'reference.indexDigits'],
    ['an index of 3 digits', { PostCode: '560' }, 'reference.index4'],
    ['an index of 5 digits', { PostCode: '56000' }, 'reference.index4'],
    ['an index that does not end in 00', { PostCode: '5610' }, 'reference.regionIndex00'],
    ['no zone', { Zone: '' }, 'reference.zoneRequired'],
    ['a zone of two digits', { Zone: '12' }, 'reference.zoneDigit'],
    ['a zone that is a letter', { Zone: 'a' }, 'reference.zoneDigit'],
  ])('refuses %s in Georgian and writes nothing', async (_what, over, key) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostInsertRegion', {
      Rid: 20,
      Name: 'სოხუმი',
      PostCode: '5600',
      Zone: 4,
      ...over,
    });
    expect(res).toMatchObject({ Status: false, Code: 400, Data: null, Error: msg(key) });
    expect(await state(db)).toEqual(before);
  });

  it('compares region names case-insensitively', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    expect(
      (await call(app, s, 'PostInsertRegion', { Rid: 20, Name: 'Sokhumi', PostCode: '5600', Zone: 4 }))
        .Status,
    ).toBe(true);
    const res = await call(app, s, 'PostInsertRegion', {
      Rid: 20,
      Name: 'SOKHUMI',
      PostCode: '5700',
      Zone: 4,
    });
    expect(res).toMatchObject({ Code: 400, Error: msg('reference.regionExists') });
  });
});

describe('PostInsertRegion (a village: Rid = its region id)', () => {
  it('adds a village under the region, taking the region’s zone when none is given', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, 'PostInsertRegion', {
      Rid: 321,
      Name: 'ხელვაჩაური',
      PostCode: '6020',
    });
    expect(res.Status).toBe(true);
    expect(await item(db, res.Data!.Ret)).toMatchObject({
      groupId: 21,
      parentId: 321,
      postCode: '6020',
      zone: 3,
    });
    const villages = await call<List>(app, s, 'PostGetRegion', { Rid: 321 });
    expect(villages.Data!.Regions.map((r) => r.ID)).toContain(res.Data!.Ret);
  });

  it('keeps a zone given for the village', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, 'PostInsertRegion', {
      Rid: 321,
      Name: 'ხელვაჩაური',
      PostCode: '6020',
      Zone: 4,
    });
    expect((await item(db, res.Data!.Ret)).zone).toBe(4);
  });

  it('lets two regions have villages of the same name', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    // წყნეთი is a village of თბილისი (0100); ბათუმი (6000) may have one too.
    const res = await call<Ret>(app, s, 'PostInsertRegion', {
      Rid: 321,
      Name: 'წყნეთი',
      PostCode: '6030',
      Zone: 3,
    });
    expect(res.Status).toBe(true);
  });

  it.each([
    ['no name', { Name: '' }, 'reference.nameRequired'],
    ['a name of 3 characters', { Name: 'აბგ' }, 'reference.nameMin4'],
    ['the name of a village of the region', { Name: 'გონიო' }, 'reference.villageExists'],
    ['that name with blanks around it', { Name: ' გონიო ' }, 'reference.villageExists'],
    ['no index', { PostCode: '' }, 'reference.indexRequired'],
    ['an index with a letter', { PostCode: '60a1' }, 'reference.indexDigits'],
    ['an index of 3 digits', { PostCode: '602' }, 'reference.index4'],
    ['an index of another region', { PostCode: '0120' }, 'reference.villageIndex'],
    ['a zone of two digits', { Zone: '33' }, 'reference.zoneDigit'],
  ])('refuses %s in Georgian and writes nothing', async (_what, over, key) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostInsertRegion', {
      Rid: 321,
      Name: 'ხელვაჩაური',
      PostCode: '6020',
      ...over,
    });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: msg(key) });
    expect(await state(db)).toEqual(before);
  });

  it('compares village names case-insensitively', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    await call(app, s, 'PostInsertRegion', { Rid: 321, Name: 'Gonio Beach', PostCode: '6020' });
    const res = await call(app, s, 'PostInsertRegion', { Rid: 321, Name: 'GONIO beach', PostCode: '6021' });
    expect(res).toMatchObject({ Code: 400, Error: msg('reference.villageExists') });
  });

  it.each([
    ['a village', 1000],
    ['a status', 8712],
    ['nothing', 999999],
  ])('answers 404 when Rid is %s', async (_what, rid) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostInsertRegion', { Rid: rid, Name: 'ხელვაჩაური', PostCode: '6020' });
    expect(res).toMatchObject({ Status: false, Code: 404, Error: msg('reference.parentNotFound') });
    expect(await state(db)).toEqual(before);
  });
});

describe('PostUpdateRegion', () => {
  it('changes a region’s name, index and zone, with before and after in the audit log', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, 'PostUpdateRegion', {
      Rid: 333,
      Name: 'მესტია-სვანეთი',
      PostCode: '3200',
      Zone: 3,
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 333 } });
    expect(await item(db, 333)).toMatchObject({ name: 'მესტია-სვანეთი', postCode: '3200', zone: 3 });
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'PostUpdateRegion'));
    expect(a).toMatchObject({ entityId: '333', before: { name: 'მესტია', zone: 4 }, after: { zone: 3 } });
  });

  it('keeps a region’s own name (in any letter case) but refuses another region’s', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    expect(
      (await call(app, s, 'PostUpdateRegion', { Rid: 333, Name: 'მესტია', PostCode: '3200', Zone: 4 }))
        .Status,
    ).toBe(true);
    const before = await state(db);
    const res = await call(app, s, 'PostUpdateRegion', {
      Rid: 333,
      Name: 'ბათუმი',
      PostCode: '3200',
      Zone: 4,
    });
    expect(res).toMatchObject({ Code: 400, Error: msg('reference.regionExists') });
    expect(await state(db)).toEqual(before);
  });

  it.each([
    ['a short name', { Name: 'აბგ' }, 'reference.nameMin4'],
    ['an index with letters', { PostCode: 'ab00' }, 'reference.indexDigits'],
    ['an index of 5 digits', { PostCode: '32000' }, 'reference.index4'],
    ['an index not ending in 00', { PostCode: '3201' }, 'reference.regionIndex00'],
    ['no zone', { Zone: '' }, 'reference.zoneRequired'],
    ['a zone of two digits', { Zone: '10' }, 'reference.zoneDigit'],
  ])('refuses %s for a region and writes nothing', async (_what, over, key) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostUpdateRegion', {
      Rid: 333,
      Name: 'მესტია',
      PostCode: '3200',
      Zone: 4,
      ...over,
    });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: msg(key) });
    expect(await state(db)).toEqual(before);
  });

  it('refuses to move a region’s index away from its villages’ (409), but lets a region without villages move', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostUpdateRegion', {
      Rid: 333,
      Name: 'მესტია',
      PostCode: '3300',
      Zone: 4,
    });
    expect(res).toMatchObject({ Status: false, Code: 409, Error: msg('reference.regionIndexVillages') });
    expect(await state(db)).toEqual(before);

    const created = await call<Ret>(app, s, 'PostInsertRegion', {
      Rid: 20,
      Name: 'სოხუმი',
      PostCode: '5600',
      Zone: 4,
    });
    const moved = await call(app, s, 'PostUpdateRegion', {
      Rid: created.Data!.Ret,
      Name: 'სოხუმი',
      PostCode: '5700',
      Zone: 4,
    });
    expect(moved.Status).toBe(true);
  });

  it('changes a village, keeping its zone when none is given', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const v = (await db.select().from(refItems).where(eq(refItems.name, 'უშგული')))[0];
    const res = await call<Ret>(app, s, 'PostUpdateRegion', {
      Rid: v.id,
      Name: 'უშგული-ჟიბიანი',
      PostCode: '3211',
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: v.id } });
    expect(await item(db, v.id)).toMatchObject({
      name: 'უშგული-ჟიბიანი',
      postCode: '3211',
      zone: 4,
      parentId: 333,
    });
  });

  it.each([
    ['the name of a sibling village', { Name: 'ბეჩო' }, 'reference.villageExists'],
    ['a short name', { Name: 'აბგ' }, 'reference.nameMin4'],
    ['an index of another region', { PostCode: '0110' }, 'reference.villageIndex'],
    ['an index of 3 digits', { PostCode: '321' }, 'reference.index4'],
    ['no index', { PostCode: '' }, 'reference.indexRequired'],
  ])('refuses %s for a village and writes nothing', async (_what, over, key) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const v = (await db.select().from(refItems).where(eq(refItems.name, 'უშგული')))[0];
    const before = await state(db);
    const res = await call(app, s, 'PostUpdateRegion', {
      Rid: v.id,
      Name: 'უშგული',
      PostCode: '3210',
      ...over,
    });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: msg(key) });
    expect(await state(db)).toEqual(before);
  });

  it('keeps a village’s own name', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const v = (await db.select().from(refItems).where(eq(refItems.name, 'უშგული')))[0];
    expect(
      (await call(app, s, 'PostUpdateRegion', { Rid: v.id, Name: 'უშგული', PostCode: '3219' })).Status,
    ).toBe(true);
  });

  it('answers 404 for a status, a list item or an unknown id (they are not regions)', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    for (const rid of [8712, 8698, 999999]) {
      const res = await call(app, s, 'PostUpdateRegion', {
        Rid: rid,
        Name: 'ახალი სახელი',
        PostCode: '3200',
        Zone: 1,
      });
      expect(res).toMatchObject({ Status: false, Code: 404, Error: msg('reference.regionNotFound') });
    }
    expect((await item(db, 8712)).name).toBe('ჩაბარებულია');
  });
});

/* ---------------------------------------------------------------- statuses and lists */

describe('PostInsertStatus', () => {
  it('adds a status with its zone, enabled by default', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, 'PostInsertStatus', { Rid: 10, Name: 'ახალი სტატუსი', Zone: 0 });
    expect(res.Status).toBe(true);
    expect(res.Data!.Ret).toBeGreaterThanOrEqual(20000);
    expect(await item(db, res.Data!.Ret)).toMatchObject({
      groupId: 10,
      name: 'ახალი სტატუსი',
      zone: 0,
      enabled: true,
    });
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'PostInsertStatus'));
    expect(a).toMatchObject({ entityId: String(res.Data!.Ret), userGuid: s.Id });
  });

  it('adds a disabled status when Enabled is false', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, 'PostInsertStatus', {
      Rid: 10,
      Name: 'ახალი სტატუსი',
      Zone: 2,
      Enabled: false,
    });
    expect(await item(db, res.Data!.Ret)).toMatchObject({ zone: 2, enabled: false });
    const lookup = await call<List>(app, s, 'PostGetRegion', { Rid: 99 });
    expect(lookup.Data!.Regions.some((r) => r.ID === res.Data!.Ret)).toBe(false);
  });

  it.each([24, 25, 26, 27, 28])(
    'adds an item to list %i, enabled by default, ignoring a zone',
    async (rid) => {
      const { app, db } = h();
      const s = await admin(app, db);
      const res = await call<Ret>(app, s, 'PostInsertStatus', { Rid: rid, Name: 'ახალი ჩანაწერი', Zone: 5 });
      expect(res.Status).toBe(true);
      expect(await item(db, res.Data!.Ret)).toMatchObject({
        groupId: rid,
        enabled: true,
        zone: null,
        parentId: null,
      });
    },
  );

  it('accepts a parcel-type name of one character', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    expect((await call(app, s, 'PostInsertStatus', { Rid: 25, Name: 'X' })).Status).toBe(true);
  });

  it.each([
    [10, { Name: '' }, 'reference.nameRequired'],
    [10, { Name: 'აბგ' }, 'reference.nameMin4'],
    [10, { Zone: '' }, 'reference.zoneRequired'],
    [10, { Zone: '12' }, 'reference.zoneDigit'],
    [10, { Zone: 'z' }, 'reference.zoneDigit'],
    [24, { Name: 'აბგ' }, 'reference.nameMin4'],
    [24, { Name: '' }, 'reference.nameRequired'],
    [25, { Name: '' }, 'reference.nameRequired'],
    [25, { Name: '   ' }, 'reference.nameRequired'],
    [26, { Name: 'აბგ' }, 'reference.nameMin4'],
    [27, { Name: 'GEL' }, 'reference.nameMin4'],
    [28, { Name: 'აბგ' }, 'reference.nameMin4'],
  ])('refuses for group %i %o in Georgian and writes nothing', async (rid, over, key) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostInsertStatus', {
      Rid: rid,
      Name: 'ახალი ჩანაწერი',
      Zone: 0,
      ...over,
    });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: msg(key) });
    expect(await state(db)).toEqual(before);
  });

  it.each([20, 21, 99, 8712, 0])('refuses Rid %i, which is not a status or list group', async (rid) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostInsertStatus', { Rid: rid, Name: 'ახალი ჩანაწერი', Zone: 0 });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: msg('reference.badGroup', { group: rid }) });
    expect(await state(db)).toEqual(before);
  });

  it('refuses an Enabled that is not true or false', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostInsertStatus', { Rid: 24, Name: 'ახალი ჩანაწერი', Enabled: 'maybe' });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: msg('v.boolean', { field: 'აქტიური' }) });
    expect(await state(db)).toEqual(before);
  });
});

describe('PostUpdateStatus', () => {
  it('renames a status, changes its zone and disables it; the lookup list then leaves it out', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, 'PostUpdateStatus', {
      Rid: 8720,
      Name: 'შეჩერებულია დროებით',
      Zone: 3,
      Enabled: false,
    });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 8720 } });
    expect(await item(db, 8720)).toMatchObject({ name: 'შეჩერებულია დროებით', zone: 3, enabled: false });
    const lookup = await call<List>(app, s, 'PostGetRegion', { Rid: 99 });
    expect(lookup.Data!.Regions.some((r) => r.ID === 8720)).toBe(false);
    const [a] = await db.select().from(auditLog).where(eq(auditLog.action, 'PostUpdateStatus'));
    expect(a).toMatchObject({ entityId: '8720', before: { enabled: true }, after: { enabled: false } });
  });

  it('keeps Enabled when it is not sent', async () => {
    const { app, db } = h();
    await db.update(refItems).set({ enabled: false }).where(eq(refItems.id, 8703));
    const s = await admin(app, db);
    expect((await call(app, s, 'PostUpdateStatus', { Rid: 8703, Name: 'დოლარი' })).Status).toBe(true);
    expect(await item(db, 8703)).toMatchObject({ name: 'დოლარი', enabled: false, zone: null });
  });

  it('re-enables a list item', async () => {
    const { app, db } = h();
    await db.update(refItems).set({ enabled: false }).where(eq(refItems.id, 8705));
    const s = await admin(app, db);
    expect(
      (await call(app, s, 'PostUpdateStatus', { Rid: 8705, Name: 'ტომარა', Enabled: 'true' })).Status,
    ).toBe(true);
    expect((await item(db, 8705)).enabled).toBe(true);
  });

  it.each([
    [8720, { Name: 'აბგ' }, 'reference.nameMin4'],
    [8720, { Zone: '' }, 'reference.zoneRequired'],
    [8720, { Zone: '45' }, 'reference.zoneDigit'],
    [8680, { Name: 'აბგ' }, 'reference.nameMin4'],
    [8698, { Name: '' }, 'reference.nameRequired'],
    [8700, { Name: 'აბგ' }, 'reference.nameMin4'],
    [8702, { Name: 'GEL' }, 'reference.nameMin4'],
    [8705, { Name: 'აბგ' }, 'reference.nameMin4'],
  ])('refuses for item %i %o and writes nothing', async (rid, over, key) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    const res = await call(app, s, 'PostUpdateStatus', { Rid: rid, Name: 'ახალი სახელი', Zone: 1, ...over });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: msg(key) });
    expect(await state(db)).toEqual(before);
  });

  it('renames a parcel type to a single character', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    expect((await call(app, s, 'PostUpdateStatus', { Rid: 8699, Name: 'L' })).Status).toBe(true);
    expect((await item(db, 8699)).name).toBe('L');
  });

  it('answers 404 for a region, a village or an unknown id', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    for (const rid of [320, 1000, 999999]) {
      const res = await call(app, s, 'PostUpdateStatus', { Rid: rid, Name: 'ახალი სახელი', Zone: 1 });
      expect(res).toMatchObject({ Status: false, Code: 404, Error: msg('reference.itemNotFound') });
    }
    expect(await state(db)).toEqual(before);
  });
});

/* ---------------------------------------------------------------- delete */

describe('PostDeleteRegion', () => {
  async function insert(app: App, s: Session, name: string, params: Record<string, string | number>) {
    const res = await call<Ret>(app, s, name, params);
    if (!res.Status) throw new Error(String(res.Error));
    return res.Data!.Ret;
  }

  it('deletes an unused region, village, status and list item, each with an audit entry', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const region = await insert(app, s, 'PostInsertRegion', {
      Rid: 20,
      Name: 'სოხუმი',
      PostCode: '5600',
      Zone: 4,
    });
    const village = await insert(app, s, 'PostInsertRegion', {
      Rid: region,
      Name: 'ახალი სოფელი',
      PostCode: '5610',
    });
    const status = await insert(app, s, 'PostInsertStatus', { Rid: 10, Name: 'ახალი სტატუსი', Zone: 0 });
    const client = await insert(app, s, 'PostInsertStatus', { Rid: 24, Name: 'ახალი კლიენტი' });
    for (const id of [village, region, status, client, 1000, 8680, 8703]) {
      const res = await call<Ret>(app, s, 'PostDeleteRegion', { Rid: id });
      expect(res).toMatchObject({ Status: true, Data: { Ret: id } });
      expect(await item(db, id)).toBeUndefined();
      const [a] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'PostDeleteRegion'))
        .orderBy(sql`id desc`);
      expect(a).toMatchObject({ entityId: String(id), userGuid: s.Id });
    }
  });

  it.each([320, 8698, 8700, 8701, 8707, 8712, 8736, 8749])(
    'refuses to delete the fixed id %i (409)',
    async (id) => {
      const { app, db } = h();
      const s = await admin(app, db);
      const before = await state(db);
      const res = await call(app, s, 'PostDeleteRegion', { Rid: id });
      expect(res).toMatchObject({ Status: false, Code: 409, Error: msg('reference.fixedItem', { id }) });
      expect(await state(db)).toEqual(before);
    },
  );

  it('refuses a region with villages, and one an office or a parcel (even archived) refers to', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const before = await state(db);
    expect(await call(app, s, 'PostDeleteRegion', { Rid: 321 })).toMatchObject({
      Code: 409,
      Error: msg('reference.regionHasVillages'),
    });

    const a = await insert(app, s, 'PostInsertRegion', {
      Rid: 20,
      Name: 'სოხუმი',
      PostCode: '5600',
      Zone: 4,
    });
    await makeOffice(db, { cityId: a });
    const b = await insert(app, s, 'PostInsertRegion', { Rid: 20, Name: 'გაგრა', PostCode: '5700', Zone: 4 });
    await makeParcel(db, { receiverCityId: b });
    const c = await insert(app, s, 'PostInsertRegion', {
      Rid: 20,
      Name: 'გუდაუთა',
      PostCode: '5800',
      Zone: 4,
    });
    await db.execute(
      sql`insert into parcels_old_archive (barcode, cur_status_id, sender_city_id) values ('OLD000001', 8744, ${c})`,
    );
    const mid = await state(db);
    for (const id of [a, b, c]) {
      expect(await call(app, s, 'PostDeleteRegion', { Rid: id })).toMatchObject({
        Status: false,
        Code: 409,
        Error: msg('reference.regionInUse'),
      });
    }
    expect(await state(db)).toEqual(mid);
    expect(before.items).toBe(mid.items - 3);
  });

  it('refuses a village a parcel refers to', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    await makeParcel(db, { senderVillageId: 1001 });
    const before = await state(db);
    expect(await call(app, s, 'PostDeleteRegion', { Rid: 1001 })).toMatchObject({
      Code: 409,
      Error: msg('reference.villageInUse'),
    });
    expect(await state(db)).toEqual(before);
  });

  it('refuses a status used by a parcel event', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const status = await insert(app, s, 'PostInsertStatus', { Rid: 10, Name: 'ახალი სტატუსი', Zone: 0 });
    const p = await makeParcel(db);
    await db.insert(parcelEvents).values({ parcelGuid: p.guid, statusId: status });
    const before = await state(db);
    expect(await call(app, s, 'PostDeleteRegion', { Rid: status })).toMatchObject({
      Code: 409,
      Error: msg('reference.statusInUse'),
    });
    expect(await state(db)).toEqual(before);
  });

  it('refuses a parcel type, a payer and a bag type in use', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    const type = await insert(app, s, 'PostInsertStatus', { Rid: 25, Name: 'პალეტი' });
    const payer = await insert(app, s, 'PostInsertStatus', { Rid: 26, Name: 'მესამე პირი' });
    const bagType = await insert(app, s, 'PostInsertStatus', { Rid: 28, Name: 'ყუთი დიდი' });
    await makeParcel(db, { parcelTypeId: type, payerId: payer });
    await db.insert(bags).values({ bagName: unique('BAG'), bagTypeId: bagType });
    await makeParcel(db, { parcelTypeId: 8697 });
    const before = await state(db);
    for (const id of [type, payer, bagType, 8697]) {
      expect(await call(app, s, 'PostDeleteRegion', { Rid: id })).toMatchObject({
        Code: 409,
        Error: msg('reference.itemInUse'),
      });
    }
    expect(await state(db)).toEqual(before);
  });

  it('answers 404 for an unknown id and 400 without Rid', async () => {
    const { app, db } = h();
    const s = await admin(app, db);
    expect(await call(app, s, 'PostDeleteRegion', { Rid: 999999 })).toMatchObject({
      Code: 404,
      Error: msg('reference.notFound'),
    });
    expect(await call(app, s, 'PostDeleteRegion', {})).toMatchObject({
      Code: 400,
      Error: msg('v.required', { field: 'ID' }),
    });
  });
});

/* ---------------------------------------------------------------- who may write */

describe('writes: sessions and roles', () => {
  const writes: Array<[string, Record<string, string | number>]> = [
    ['PostInsertRegion', { Rid: 20, Name: 'სოხუმი', PostCode: '5600', Zone: 4 }],
    ['PostUpdateRegion', { Rid: 333, Name: 'მესტია-სვანეთი', PostCode: '3200', Zone: 3 }],
    ['PostDeleteRegion', { Rid: 1000 }],
    ['PostInsertStatus', { Rid: 24, Name: 'ახალი კლიენტი' }],
    ['PostUpdateStatus', { Rid: 8720, Name: 'შეჩერებულია დროებით', Zone: 0 }],
  ];

  it.each(writes)(
    '%s answers 401 without a ticket or with an unknown one, writing nothing',
    async (name, params) => {
      const { app, db } = h();
      const s = await admin(app, db);
      const before = await state(db);
      expect(await get(app, name, params)).toMatchObject({
        Status: false,
        Code: 401,
        Error: msg('auth.required'),
      });
      expect(await get(app, name, { ...params, Id: s.Id, Ticket: 'x'.repeat(40) })).toMatchObject({
        Code: 401,
      });
      expect(await state(db)).toEqual(before);
    },
  );

  it.each(writes)(
    '%s answers 403 to an operator, a courier and a corporate administrator',
    async (name, params) => {
      const { app, db } = h();
      const operator = (await signIn(app, db, { roleId: 105 })).session;
      const courier = (await signIn(app, db, { roleId: 106 })).session;
      const corporate = await makeOffice(db, { isCorporate: true });
      const corpAdmin = (await signIn(app, db, { roleId: 100, officeGuid: corporate.guid })).session;
      const before = await state(db);
      for (const s of [operator, courier]) {
        expect(await call(app, s, name, params)).toMatchObject({
          Status: false,
          Code: 403,
          Error: msg('auth.forbidden'),
        });
      }
      expect(await call(app, corpAdmin, name, params)).toMatchObject({
        Code: 403,
        Error: msg('auth.corporate'),
      });
      expect(await state(db)).toEqual(before);
    },
  );

  it.each(writes)('%s succeeds for an administrator (Ret > 0)', async (name, params) => {
    const { app, db } = h();
    const s = await admin(app, db);
    const res = await call<Ret>(app, s, name, params);
    expect(res).toMatchObject({ Status: true, Code: 200 });
    expect(res.Data!.Ret).toBeGreaterThan(0);
  });
});
