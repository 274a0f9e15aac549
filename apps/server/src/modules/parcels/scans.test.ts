import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import {
  FINE_PARCEL_TYPE,
  GetMyParcels,
  GetSubOrgParcels,
  PosParcelPayed,
  PostUpCommentByBarcode,
  PostUpStatbyBarcode,
  PostUpStatbyPayedBarcode,
  ReceivingParcels,
  ScanStatus,
  SendingParcels,
} from '@po/contract/parcels/scans';
import { rows } from '../../db/client.ts';
import { compileSql } from '../../db/statement.ts';
import { parcelRowsSql } from './parcel-list.ts';
import { ParcelScope } from './scope.ts';
import { auditLog, parcelEvents, parcels, refItems } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn } from '../../test/factories.ts';

const h = useHarness();

async function eventsOf(guid: string, status?: number) {
  const db = h().db;
  const list = await db
    .select()
    .from(parcelEvents)
    .where(
      status
        ? and(eq(parcelEvents.parcelGuid, guid), eq(parcelEvents.statusId, status))
        : eq(parcelEvents.parcelGuid, guid),
    );
  return list;
}
async function auditCount(action: string) {
  const [r] = await rows<{ n: number }>(
    h().db,
    sql`select count(*)::int as n from ${auditLog} where action = ${action}`,
  );
  return r.n;
}
/** An operator (105) at a fresh office, signed in. */
async function operator(over: Parameters<typeof signIn>[2] = {}) {
  return signIn(h().app, h().db, { roleId: 105, ...over });
}
async function corporate() {
  const { db } = h();
  const center = await makeOffice(db, { isDistrCenter: true });
  const office = await makeOffice(db, { isCorporate: true, distributionCenter: center.guid });
  const s = await signIn(h().app, db, { roleId: 107, officeGuid: office.guid });
  return { ...s, center, office };
}

describe('PostUpStatbyBarcode (receive, confirm, any status)', () => {
  it('receives a parcel (8736): one event at the caller’s office, the row answered, an audit record', async () => {
    const { app, db } = h();
    const { user, session } = await operator();
    const p = await makeParcel(db);
    const res = await callAs(app, PostUpStatbyBarcode, session, {
      Status: 8736,
      Barcode: ` ${p.barcode.toLowerCase()} `,
    });
    expect(res.Status).toBe(true);
    expect(res.Data?.Parcels).toHaveLength(1);
    const row = res.Data!.Parcels[0];
    expect(row.Barcode).toBe(p.barcode);
    expect(row.CurStatus).toBe(8736);
    expect(row.CurStatusName).toBe('მიღებულია ოფისში');
    const ev = await eventsOf(p.guid, 8736);
    expect(ev).toHaveLength(1);
    expect(ev[0].userGuid).toBe(user.guid);
    expect(ev[0].officeGuid).toBe(user.officeGuid);
    expect(await auditCount('parcel.scan')).toBe(1);
  });

  it('confirms (8734) and defaults to 8711 when no status is sent', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const a = await makeParcel(db);
    const b = await makeParcel(db);
    expect(
      (await callAs(app, PostUpStatbyBarcode, session, { Status: 8734, Barcode: a.barcode })).Data?.Parcels[0]
        .CurStatus,
    ).toBe(8734);
    expect(
      (await callAs(app, PostUpStatbyBarcode, session, { Barcode: b.barcode })).Data?.Parcels[0].CurStatus,
    ).toBe(ScanStatus.Default);
  });

  it('refuses a second scan into the same status at the same office: "already received", one event', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const p = await makeParcel(db);
    await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode });
    const again = await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode });
    expect(again.Status).toBe(false);
    expect(again.Code).toBe(Code.Conflict);
    expect(again.Error).toBe(`ამანათი ${p.barcode} უკვე მიღებულია`);
    const confirm = await callAs(app, PostUpStatbyBarcode, session, { Status: 8734, Barcode: p.barcode });
    expect(confirm.Status).toBe(true);
    const twice = await callAs(app, PostUpStatbyBarcode, session, { Status: 8734, Barcode: p.barcode });
    expect(twice.Error).toBe(`ამანათი ${p.barcode} უკვე დამუშავებულია`);
    expect(await eventsOf(p.guid, 8736)).toHaveLength(1);
    // another office may receive it after it
    const other = await operator();
    await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode });
    expect(
      (await callAs(app, PostUpStatbyBarcode, other.session, { Status: 8736, Barcode: p.barcode })).Status,
    ).toBe(true);
  });

  it('records one event when the same barcode is scanned twice at the same moment', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const p = await makeParcel(db);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode }),
      ),
    );
    expect(answers.filter((a) => a.Status)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.Status)) expect(a.Code).toBe(Code.Conflict);
    expect(await eventsOf(p.guid, 8736)).toHaveLength(1);
  });

  it('gives unknown, deleted and archived barcodes each their own message, and writes nothing', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const unknown = await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: 'ZZ000000001' });
    expect(unknown.Code).toBe(Code.NotFound);
    expect(unknown.Error).toBe('ამანათი ZZ000000001 ბაზაში ვერ მოიძებნა');
    const del = await makeParcel(db, { deletedAt: new Date() });
    const d = await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: del.barcode });
    expect(d.Code).toBe(Code.Conflict);
    expect(d.Error).toBe(`ამანათი ${del.barcode} წაშლილია`);
    const arch = await makeParcel(db, { tier: 'archive' });
    const a = await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: arch.barcode });
    expect(a.Code).toBe(Code.Conflict);
    expect(a.Error).toBe(`ამანათი ${arch.barcode} არქივშია და მისი შეცვლა შეუძლებელია`);
    expect(await eventsOf(del.guid, 8736)).toHaveLength(0);
    expect(await auditCount('parcel.scan')).toBe(0);
  });

  it('refuses bad input with a Georgian message naming the field, writing nothing', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const p = await makeParcel(db);
    const bad = await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: 'AB1' });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).toContain('„შტრიხკოდი“');
    const badStatus = await callAs(app, PostUpStatbyBarcode, session, { Status: 'x', Barcode: p.barcode });
    expect(badStatus.Code).toBe(Code.BadInput);
    expect(badStatus.Error).toContain('„სტატუსი“');
    for (const s of [Status.Deleted, Status.Delivered, 999_999]) {
      const r = await callAs(app, PostUpStatbyBarcode, session, { Status: s, Barcode: p.barcode });
      expect(r.Code).toBe(Code.BadInput);
      expect(r.Error).toContain('„სტატუსი“');
    }
    expect(await eventsOf(p.guid)).toHaveLength(1);
  });

  it('refuses a status that is disabled or not a status, as the cached reference list has it now', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const p = await makeParcel(db);
    expect(
      (await callAs(app, PostUpStatbyBarcode, session, { Status: 8734, Barcode: p.barcode })).Status,
    ).toBe(true);
    // the list is cached by now; disabling the status moves its version on, so the next scan sees it
    await db.update(refItems).set({ enabled: false }).where(eq(refItems.id, 8736));
    const disabled = await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode });
    expect(disabled.Code).toBe(Code.BadInput);
    expect(disabled.Error).toContain('„სტატუსი“');
    // a reference item of another group (a parcel type) is no status
    const notStatus = await callAs(app, PostUpStatbyBarcode, session, { Status: 8698, Barcode: p.barcode });
    expect(notStatus.Code).toBe(Code.BadInput);
    await db.update(refItems).set({ enabled: true }).where(eq(refItems.id, 8736));
    expect(
      (await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode })).Status,
    ).toBe(true);
    expect(await eventsOf(p.guid)).toHaveLength(3);
  });

  it('answers 401 without a session and 403 to a courier and an administrator', async () => {
    const { app, db } = h();
    const p = await makeParcel(db);
    expect((await callAs(app, PostUpStatbyBarcode, null, { Status: 8736, Barcode: p.barcode })).Code).toBe(
      Code.Unauthorized,
    );
    for (const roleId of [106, 100]) {
      const { session } = await signIn(app, db, { roleId });
      expect(
        (await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode })).Code,
      ).toBe(Code.Forbidden);
    }
    expect(await eventsOf(p.guid)).toHaveLength(1);
  });

  it('refuses receiving to a corporate user, who may still confirm', async () => {
    const { app, db } = h();
    const { user, session } = await corporate();
    const p = await makeParcel(db, { registeredOffice: user.officeGuid });
    const r = await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: p.barcode });
    expect(r.Code).toBe(Code.Forbidden);
    expect(r.Error).toBe('კორპორატიულ მომხმარებელს ამანათის მიღების უფლება არ აქვს');
    expect(
      (await callAs(app, PostUpStatbyBarcode, session, { Status: 8734, Barcode: p.barcode })).Status,
    ).toBe(true);
  });
});

describe('the scan answer row', () => {
  it('has the parcel’s id as its one parameter, so the database plans it once and keeps the plan', async () => {
    const { db } = h();
    const p = await makeParcel(db);
    const { sql: text, params } = compileSql(
      parcelRowsSql(new ParcelScope('see', null), sql`p.guid = ${p.guid}`, { limit: 1 }),
    );
    // the statuses, groups and the limit are in the text: with them as parameters PostgreSQL planned
    // the statement again on every scan
    expect(params).toEqual([p.guid]);
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare scan_answer_plan as ${text}`));
      for (let i = 0; i < 8; i++) {
        const found = await rows<{ guid: string }>(tx, sql.raw(`execute scan_answer_plan('${p.guid}')`));
        expect(found.map((r) => r.guid)).toEqual([p.guid]);
      }
      const [plan] = await rows<{ generic: number; custom: number }>(
        tx,
        sql`select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where name = 'scan_answer_plan'`,
      );
      await tx.execute(sql.raw('deallocate scan_answer_plan'));
      return plan;
    });
    // PostgreSQL plans the first five executions for their values, then takes the generic plan
    // when it costs no more than they did
    expect(plans.custom).toBe(5);
    expect(plans.generic).toBe(3);
  });
});

describe('fines: PostUpStatbyPayedBarcode and PosParcelPayed', () => {
  const finesUser = () => operator({ isAnother: true });

  it('receives a fine and marks it paid once; the row shows the fine number and IsPayed', async () => {
    const { app, db } = h();
    const { user, session } = await finesUser();
    // a fine addressed to the branch (a partner branch sees what is bound for its office)
    const fine = await makeParcel(db, {
      destinationDepotGuid: user.officeGuid,
      parcelTypeId: FINE_PARCEL_TYPE,
      description: 'ჯარიმა №AB1234567',
    });
    const rec = await callAs(app, PostUpStatbyPayedBarcode, session, { Status: 8736, Barcode: fine.barcode });
    expect(rec.Status).toBe(true);
    expect(rec.Data?.Parcels[0].Description).toBe('ჯარიმა №AB1234567');
    expect(rec.Data?.Parcels[0].IsPayed).toBe(false);
    const paid = await callAs(app, PosParcelPayed, session, { Barcode: fine.barcode });
    expect(paid.Data?.Parcels[0].IsPayed).toBe(true);
    expect(paid.Data?.Parcels[0].CurStatus).toBe(ScanStatus.Paid);
    const again = await callAs(app, PosParcelPayed, session, { Barcode: fine.barcode });
    expect(again.Code).toBe(Code.Conflict);
    expect(again.Error).toBe(`ჯარიმა ${fine.barcode} უკვე გადახდილია`);
    const [row] = await db.select().from(parcels).where(eq(parcels.guid, fine.guid));
    expect(row.isPayed).toBe(true);
    expect(row.payedAt).not.toBeNull();
    expect(await eventsOf(fine.guid, ScanStatus.Paid)).toHaveLength(1);
    expect(await auditCount('parcel.paid')).toBe(1);
  });

  it('pays a fine once when two payments arrive at the same moment', async () => {
    const { app, db } = h();
    const { user, session } = await finesUser();
    // a fine addressed to the branch (a partner branch sees what is bound for its office)
    const fine = await makeParcel(db, {
      destinationDepotGuid: user.officeGuid,
      parcelTypeId: FINE_PARCEL_TYPE,
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() => callAs(app, PosParcelPayed, session, { Barcode: fine.barcode })),
    );
    expect(answers.filter((a) => a.Status)).toHaveLength(1);
    expect(await eventsOf(fine.guid, ScanStatus.Paid)).toHaveLength(1);
  });

  it('refuses a parcel that is not a fine, bad input, no session, and users the fines guard refuses', async () => {
    const { app, db } = h();
    const { user, session } = await finesUser();
    const p = await makeParcel(db, { destinationDepotGuid: user.officeGuid });
    const r = await callAs(app, PostUpStatbyPayedBarcode, session, { Status: 8736, Barcode: p.barcode });
    expect(r.Code).toBe(Code.Conflict);
    expect(r.Error).toBe(`ამანათი ${p.barcode} ჯარიმა არ არის`);
    expect((await callAs(app, PosParcelPayed, session, { Barcode: p.barcode })).Code).toBe(Code.Conflict);
    const bad = await callAs(app, PosParcelPayed, session, { Barcode: '' });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).toContain('„შტრიხკოდი“');
    expect((await callAs(app, PosParcelPayed, null, { Barcode: p.barcode })).Code).toBe(Code.Unauthorized);
    // a plain operator (not IsAnother) and a corporate user are refused
    const plain = await operator();
    expect((await callAs(app, PosParcelPayed, plain.session, { Barcode: p.barcode })).Code).toBe(
      Code.Forbidden,
    );
    const corp = await corporate();
    const c = await callAs(app, PostUpStatbyPayedBarcode, corp.session, { Status: 8736, Barcode: p.barcode });
    expect(c.Code).toBe(Code.Forbidden);
    expect(c.Error).toBe('კორპორატიულ მომხმარებელს ამ ოპერაციის უფლება არ აქვს');
    expect(await eventsOf(p.guid)).toHaveLength(1);
  });
});

describe('PostUpCommentByBarcode', () => {
  it('sets the comment with a "comment changed" event; the same comment again adds nothing', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const p = await makeParcel(db);
    const res = await callAs(app, PostUpCommentByBarcode, session, {
      Comment: ' კარში დატოვეთ ',
      Barcode: p.barcode,
    });
    expect(res.Data?.Parcels[0].Signature).toBe('კარში დატოვეთ');
    const ev = await eventsOf(p.guid, Status.CommentChanged);
    expect(ev).toHaveLength(1);
    expect(ev[0].comment).toBe('კარში დატოვეთ');
    await Promise.all(
      [1, 2].map(() =>
        callAs(app, PostUpCommentByBarcode, session, { Comment: 'კარში დატოვეთ', Barcode: p.barcode }),
      ),
    );
    expect(await eventsOf(p.guid, Status.CommentChanged)).toHaveLength(1);
    expect(await auditCount('parcel.comment')).toBe(1);
  });

  it('answers an empty list for an unknown barcode and the message for a deleted one', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const none = await callAs(app, PostUpCommentByBarcode, session, { Comment: 'x', Barcode: 'ZZ000000002' });
    expect(none.Status).toBe(true);
    expect(none.Data?.Parcels).toEqual([]);
    const del = await makeParcel(db, { deletedAt: new Date() });
    const d = await callAs(app, PostUpCommentByBarcode, session, { Comment: 'x', Barcode: del.barcode });
    expect(d.Status).toBe(false);
    expect(d.Error).toBe(`ამანათი ${del.barcode} წაშლილია`);
  });

  it('refuses bad input, no session, a corporate user and a courier', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const p = await makeParcel(db);
    const long = await callAs(app, PostUpCommentByBarcode, session, {
      Comment: 'x'.repeat(501),
      Barcode: p.barcode,
    });
    expect(long.Code).toBe(Code.BadInput);
    expect(long.Error).toContain('„კომენტარი“');
    expect((await callAs(app, PostUpCommentByBarcode, null, { Comment: 'x', Barcode: p.barcode })).Code).toBe(
      Code.Unauthorized,
    );
    const corp = await corporate();
    const c = await callAs(app, PostUpCommentByBarcode, corp.session, { Comment: 'x', Barcode: p.barcode });
    expect(c.Code).toBe(Code.Forbidden);
    expect(c.Error).toBe('კორპორატიულ მომხმარებელს ამ ოპერაციის უფლება არ აქვს');
    const courier = await signIn(app, db, { roleId: 106 });
    expect(
      (await callAs(app, PostUpCommentByBarcode, courier.session, { Comment: 'x', Barcode: p.barcode })).Code,
    ).toBe(Code.Forbidden);
    expect(await eventsOf(p.guid)).toHaveLength(1);
  });
});

describe('GetMyParcels', () => {
  it('lists the caller’s recent live parcels with the warning level and EnableDelete', async () => {
    const { app, db } = h();
    const { user, session } = await operator();
    const hour = 3_600_000;
    const late = await makeParcel(db, {
      registeredBy: user.guid,
      registeredOffice: user.officeGuid,
      collectionDate: new Date(Date.now() - 30 * hour),
    });
    const soon = await makeParcel(db, {
      registeredBy: user.guid,
      collectionDate: new Date(Date.now() + 5 * hour),
    });
    const fine = await makeParcel(db, {
      registeredBy: user.guid,
      collectionDate: new Date(Date.now() + 72 * hour),
      statuses: [8736],
    });
    await makeParcel(db, { registeredBy: user.guid, deletedAt: new Date() });
    await makeParcel(db, { registeredBy: user.guid, createDate: new Date(Date.now() - 40 * 24 * hour) });
    await makeParcel(db); // someone else's
    const res = await callAs(app, GetMyParcels, session, {});
    expect(res.Status).toBe(true);
    const byGuid = new Map(res.Data!.Parcels.map((r) => [r.GUID, r]));
    expect(byGuid.size).toBe(3);
    expect(byGuid.get(late.guid)?.Prefix).toBe('late');
    expect(byGuid.get(late.guid)?.Late).toBe(2);
    expect(byGuid.get(late.guid)?.Login).toBe(user.login);
    expect(byGuid.get(soon.guid)?.Prefix).toBe('warning');
    expect(byGuid.get(fine.guid)?.Prefix).toBe('ontime');
    expect(byGuid.get(late.guid)?.EnableDelete).toBe(true);
    expect(byGuid.get(fine.guid)?.EnableDelete).toBe(false);
  });

  it('answers 401 without a session and 403 to a courier; takes no input to refuse', async () => {
    const { app, db } = h();
    expect((await callAs(app, GetMyParcels, null, {})).Code).toBe(Code.Unauthorized);
    const courier = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, GetMyParcels, courier.session, {})).Code).toBe(Code.Forbidden);
  });
});

describe('GetSubOrgParcels', () => {
  it('lists an office’s parcels and, for a distribution centre, its offices’ too', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const center = await makeOffice(db, { isDistrCenter: true });
    const branch = await makeOffice(db, { distributionCenter: center.guid });
    const a = await makeParcel(db, { registeredOffice: center.guid });
    const b = await makeParcel(db, { registeredOffice: branch.guid });
    await makeParcel(db);
    const all = await callAs(app, GetSubOrgParcels, session, { Office: center.guid });
    expect(new Set(all.Data?.Parcels.map((r) => r.GUID))).toEqual(new Set([a.guid, b.guid]));
    const one = await callAs(app, GetSubOrgParcels, session, { Office: branch.guid });
    expect(one.Data?.Parcels.map((r) => r.GUID)).toEqual([b.guid]);
  });

  it('locks a corporate user to their distribution centre, their client’s head office', async () => {
    const { app, db } = h();
    const { session, center, office } = await corporate();
    const p = await makeParcel(db, { registeredOffice: office.guid });
    // the company's centre above the client's office is not the client's: its parcels are not theirs
    await makeParcel(db, { registeredOffice: center.guid });
    const ok = await callAs(app, GetSubOrgParcels, session, { Office: office.guid });
    expect(ok.Data?.Parcels.map((r) => r.GUID)).toEqual([p.guid]);
    expect((await callAs(app, GetSubOrgParcels, session, { Office: center.guid })).Code).toBe(Code.Forbidden);
    const other = await makeOffice(db);
    const no = await callAs(app, GetSubOrgParcels, session, { Office: other.guid });
    expect(no.Code).toBe(Code.Forbidden);
    expect(no.Error).toBe(
      'კორპორატიულ მომხმარებელს მხოლოდ თავისი სადისტრიბუციო ცენტრის ამანათების ნახვა შეუძლია',
    );
  });

  it('refuses bad input, an unknown office, another office for IsAnother users, no session, a courier', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const bad = await callAs(app, GetSubOrgParcels, session, { Office: 'x' });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).toContain('„ოფისი“');
    const unknown = await callAs(app, GetSubOrgParcels, session, {
      Office: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.Code).toBe(Code.BadInput);
    expect(unknown.Error).toBe('ველი „ოფისი“: ოფისი ვერ მოიძებნა');
    const another = await operator({ isAnother: true });
    const other = await makeOffice(db);
    expect((await callAs(app, GetSubOrgParcels, another.session, { Office: other.guid })).Code).toBe(
      Code.Forbidden,
    );
    expect((await callAs(app, GetSubOrgParcels, null, { Office: other.guid })).Code).toBe(Code.Unauthorized);
    const courier = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, GetSubOrgParcels, courier.session, { Office: other.guid })).Code).toBe(
      Code.Forbidden,
    );
  });
});

describe('ReceivingParcels and SendingParcels', () => {
  it('incoming: bound for my office and not received here; receiving takes it off the list', async () => {
    const { app, db } = h();
    const { user, session } = await operator();
    const office = user.officeGuid!;
    const coming = await makeParcel(db, { destinationDepotGuid: office });
    await makeParcel(db); // elsewhere
    await makeParcel(db, { destinationDepotGuid: office, statuses: [Status.Delivered] });
    const before = await callAs(app, ReceivingParcels, session, {});
    expect(before.Data?.Parcels.map((r) => r.GUID)).toEqual([coming.guid]);
    expect(before.Data?.Parcels[0].Direction).toBe('in');
    await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: coming.barcode });
    expect((await callAs(app, ReceivingParcels, session, {})).Data?.Parcels).toEqual([]);
  });

  it('outgoing: received here, bound elsewhere, not in a bag', async () => {
    const { app, db } = h();
    const { session } = await operator();
    const other = await makeOffice(db);
    const out = await makeParcel(db, { destinationDepotGuid: other.guid });
    const bagged = await makeParcel(db, { destinationDepotGuid: other.guid });
    expect((await callAs(app, SendingParcels, session, {})).Data?.Parcels).toEqual([]);
    await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: out.barcode });
    await callAs(app, PostUpStatbyBarcode, session, { Status: 8736, Barcode: bagged.barcode });
    await db.execute(sql`update parcels set bag_guid = gen_random_uuid() where guid = ${bagged.guid}`);
    const res = await callAs(app, SendingParcels, session, {});
    expect(res.Data?.Parcels.map((r) => r.GUID)).toEqual([out.guid]);
  });

  it('refuses outgoing to corporate users (incoming is theirs), 401 and 403', async () => {
    const { app, db } = h();
    const corp = await corporate();
    const s = await callAs(app, SendingParcels, corp.session, {});
    expect(s.Code).toBe(Code.Forbidden);
    expect(s.Error).toBe('კორპორატიულ მომხმარებელს ამ ოპერაციის უფლება არ აქვს');
    expect((await callAs(app, ReceivingParcels, corp.session, {})).Status).toBe(true);
    expect((await callAs(app, ReceivingParcels, null, {})).Code).toBe(Code.Unauthorized);
    expect((await callAs(app, SendingParcels, null, {})).Code).toBe(Code.Unauthorized);
    const courier = await signIn(app, db, { roleId: 106 });
    expect((await callAs(app, ReceivingParcels, courier.session, {})).Code).toBe(Code.Forbidden);
    expect((await callAs(app, SendingParcels, courier.session, {})).Code).toBe(Code.Forbidden);
  });
});
