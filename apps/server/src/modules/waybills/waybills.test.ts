import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import { ERRMessageList, RsMessageList } from '@po/contract/mobile';
import { ActivateWaybillforSender, CloseWayBill, CloseWaybill } from '@po/contract/waybills';
import { rows, type Db } from '../../db/client.ts';
import {
  auditLog,
  courierErrors,
  mobiles,
  parcels,
  rsMessages,
  rsRegistry,
  rsWaybills,
  waybills,
} from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeParcel, signIn, type Session } from '../../test/factories.ts';
import { builtinRs } from '../../integrations/rs/builtin.ts';
import type { RsAdapter, RsAnswer } from '../../integrations/rs/adapter.ts';
import { waybillRef } from './service.ts';

/**
 * The service's faults, switched per test: down (nothing reaches it) or an answer lost after the
 * service did the work (the built-in service underneath keeps what it did).
 */
const fault = { down: false, lose: new Set<string>(), calls: [] as string[] };
const lost: RsAnswer<never> = { kind: 'unreachable', message: 'timeout' };
function faulty(db: Db): RsAdapter {
  const inner = builtinRs(db);
  const wrap =
    <A extends unknown[], T>(name: string, f: (...a: A) => Promise<RsAnswer<T>>) =>
    async (...a: A): Promise<RsAnswer<T>> => {
      fault.calls.push(name);
      if (fault.down) return lost;
      const r = await f(...a);
      if (fault.lose.has(name)) {
        fault.lose.delete(name);
        return lost;
      }
      return r;
    };
  return {
    mode: 'builtin',
    nameFromTin: (t) => inner.nameFromTin(t),
    saveWaybill: wrap('save', inner.saveWaybill),
    sendWaybill: wrap('send', inner.sendWaybill),
    closeWaybill: wrap('close', inner.closeWaybill),
    delWaybill: wrap('del', inner.delWaybill),
    getWaybill: wrap('get', inner.getWaybill),
    findWaybill: wrap('find', inner.findWaybill),
  };
}

const h = useHarness({ rs: faulty });
const DRIVER = '01024055123';

async function setup() {
  fault.down = false;
  fault.lose.clear();
  fault.calls.length = 0;
  await h().db.insert(rsRegistry).values({ tin: DRIVER, name: 'გიორგი ბერიძე', kind: 'person' });
  const c = await signIn(h().app, h().db, { roleId: 106 });
  // a waybill goes with a parcel the courier holds (DOMAIN.md "Parcel scope")
  const p = await makeParcel(h().db, {
    senderPid: '204567890',
    receiverPid: '01001012345',
    courierGuid: c.user.guid,
    statuses: [Status.Pickup],
  });
  return { ...c, p };
}
const startAs = (s: Session | null, input: Record<string, unknown>) =>
  callAs(h().app, ActivateWaybillforSender, s, {
    IsRepied: false,
    Registry: 'RG-7',
    CarNumber: 'AA-001-AA',
    DriverId: DRIVER,
    ...input,
  });
const closeAs = (s: Session | null, input: Record<string, unknown>) =>
  callAs(h().app, CloseWaybill, s, { IsRepied: false, Registry: 'RG-7', ...input });

async function count(table: string) {
  const [r] = await rows<{ n: number }>(h().db, sql.raw(`select count(*)::int as n from ${table}`));
  return r.n;
}
const ours = (guid: string) => h().db.select().from(waybills).where(eq(waybills.parcelGuid, guid));
const theirs = (guid: string) =>
  h()
    .db.select()
    .from(rsWaybills)
    .where(eq(rsWaybills.ref, waybillRef(guid)));
const errorsOf = () => h().db.select().from(courierErrors);

describe('ActivateWaybillforSender', () => {
  it('saves and activates one waybill: its id, both sides active, the parcel and the journal know it', async () => {
    const { user, session, p } = await setup();
    const res = await startAs(session, { BarCode: p.barcode.toLowerCase() });
    expect(res.Error).toBeNull();
    const id = res.Data!;
    expect(id).toBeGreaterThan(0);
    const [w] = await ours(p.guid);
    expect(w).toMatchObject({
      id,
      status: 1,
      registry: 'RG-7',
      userGuid: user.guid,
      carNumber: 'AA-001-AA',
      driverId: DRIVER,
      sellerTin: '204567890',
      buyerTin: '01001012345',
    });
    expect(w.activatedAt).not.toBeNull();
    const [r] = await theirs(p.guid);
    expect(String(r.id)).toBe(w.rsId);
    expect(r).toMatchObject({ status: 1, driverTin: DRIVER, carNumber: 'AA-001-AA' });
    expect(r.number).toMatch(/^\d{10}$/);
    const [pa] = await h().db.select().from(parcels).where(eq(parcels.guid, p.guid));
    expect(pa.waybillId).toBe(id);
    const [m] = await h().db.select().from(rsMessages);
    expect(m).toMatchObject({ type: 1, ok: true, waybillId: id, registry: 'RG-7', barcode: p.barcode });
    expect(m.comment).toBe(`ზედნადები ${id} გააქტიურდა`);
    expect(await errorsOf()).toHaveLength(0);
    const audits = await h().db.select().from(auditLog).where(eq(auditLog.action, 'waybills.start'));
    expect(audits).toHaveLength(1);
    // the transport journal shows it (type 1, today)
    const now = new Date(Date.now() + 4 * 3_600_000);
    const us = `${now.getUTCMonth() + 1}/${now.getUTCDate()}/${now.getUTCFullYear()}`;
    const journal = await callAs(h().app, RsMessageList, session, { Type: 1, Dt: us });
    expect(journal.Data?.[0]).toMatchObject({ Barcode: p.barcode, Registry: 'RG-7' });
  });

  it('a retried line (IsRepied) or a second copy never makes a second waybill', async () => {
    const { user, session, p } = await setup();
    const id = (await startAs(session, { BarCode: p.barcode })).Data;
    fault.calls.length = 0;
    expect((await startAs(session, { BarCode: p.barcode, IsRepied: true })).Data).toBe(id);
    expect((await startAs(session, { BarCode: p.barcode })).Data).toBe(id);
    expect(fault.calls).toEqual([]);
    // two copies at once
    const q = await makeParcel(h().db, { senderPid: '204567890', courierGuid: user.guid });
    const [a, b] = await Promise.all([
      startAs(session, { BarCode: q.barcode }),
      startAs(session, { BarCode: q.barcode, IsRepied: true }),
    ]);
    expect(a.Data).toBeGreaterThan(0);
    expect(b.Data).toBe(a.Data);
    expect(await ours(q.guid)).toHaveLength(1);
    expect(await theirs(q.guid)).toHaveLength(1);
    expect(await count('waybills')).toBe(2);
    expect(await count('rs_waybills')).toBe(2);
    const messages = await h().db.select().from(rsMessages);
    expect(messages.filter((m) => m.comment === `ზედნადები ${id} უკვე გააქტიურებულია`)).toHaveLength(2);
  });

  it('an answer lost after the save is looked up, not saved again', async () => {
    const { session, p } = await setup();
    fault.lose.add('save');
    const first = await startAs(session, { BarCode: p.barcode });
    expect(first.Data).toBe(-2);
    expect(await ours(p.guid)).toHaveLength(0);
    expect(await theirs(p.guid)).toMatchObject([{ status: 0 }]);
    const [e] = await errorsOf();
    expect(e).toMatchObject({ barcode: p.barcode, registry: 'RG-7', source: 'შემოსავლების სამსახური' });
    expect(e.comment).toBe('შემოსავლების სამსახურთან კავშირის პრობლემა');
    fault.calls.length = 0;
    const again = await startAs(session, { BarCode: p.barcode, IsRepied: true });
    expect(again.Data).toBeGreaterThan(0);
    expect(fault.calls).toEqual(['find', 'send']);
    const [r] = await theirs(p.guid);
    expect(r.status).toBe(1);
    expect(await count('rs_waybills')).toBe(1);
    expect((await ours(p.guid))[0]).toMatchObject({ id: again.Data, status: 1, rsId: String(r.id) });
  });

  it('an answer lost after the activation is looked up, not sent again', async () => {
    const { session, p } = await setup();
    fault.lose.add('send');
    expect((await startAs(session, { BarCode: p.barcode })).Data).toBe(-2);
    const [w] = await ours(p.guid);
    expect(w.status).toBe(0);
    expect(w.rsId).not.toBeNull();
    fault.calls.length = 0;
    expect((await startAs(session, { BarCode: p.barcode, IsRepied: true })).Data).toBe(w.id);
    expect(fault.calls).toEqual(['get']);
    expect((await ours(p.guid))[0].status).toBe(1);
    expect(await count('rs_waybills')).toBe(1);
  });

  it('no connection: -2, both journals, nothing kept; the same line later goes through', async () => {
    const { session, p } = await setup();
    fault.down = true;
    expect((await startAs(session, { BarCode: p.barcode })).Data).toBe(-2);
    expect(await count('waybills')).toBe(0);
    expect(await count('rs_waybills')).toBe(0);
    const [m] = await h().db.select().from(rsMessages);
    expect(m).toMatchObject({ ok: false, type: 1 });
    fault.down = false;
    expect((await startAs(session, { BarCode: p.barcode, IsRepied: true })).Data).toBeGreaterThan(0);
  });

  it('the service refuses an unknown driver (-1009), a bad car number and a missing sender code', async () => {
    const { user, session, p } = await setup();
    const res = await startAs(session, { BarCode: p.barcode, DriverId: '01999999999' });
    expect(res.Status).toBe(true);
    expect(res.Data).toBe(-1);
    const [e] = await errorsOf();
    expect(e.comment).toBe('შეცდომა -1009: მძღოლის პირადი ნომერი უცნობია');
    expect((await startAs(session, { BarCode: p.barcode, CarNumber: '12' })).Data).toBe(-1);
    const q = await makeParcel(h().db, { courierGuid: user.guid });
    expect((await startAs(session, { BarCode: q.barcode })).Data).toBe(-1);
    const comments = (await errorsOf()).map((x) => x.comment);
    expect(comments).toContain('შეცდომა -1010: ავტომობილის სახელმწიფო ნომერი არასწორია');
    expect(comments).toContain('შეცდომა -1001: გამგზავნის საიდენტიფიკაციო კოდი არასწორია');
    expect(await count('waybills')).toBe(0);
    expect(await count('rs_waybills')).toBe(0);
    // the corrected line goes through
    expect((await startAs(session, { BarCode: p.barcode })).Data).toBeGreaterThan(0);
  });

  it('an unknown parcel is refused with the Georgian reason in the error journal', async () => {
    const { session } = await setup();
    expect((await startAs(session, { BarCode: 'ZZ999999999' })).Data).toBe(-1);
    const [e] = await errorsOf();
    expect(e.comment).toBe('ამანათი ZZ999999999 ბაზაში არ არის რეგისტრირებული');
    expect(fault.calls).toEqual([]);
  });

  it("takes the car and driver from the courier's device when the phone sends none", async () => {
    const { user, session, p } = await setup();
    await h()
      .db.insert(mobiles)
      .values({ name: 'A52', userGuid: user.guid, carNumber: 'BB-002-BB', driverId: DRIVER });
    const id = (await startAs(session, { BarCode: p.barcode, CarNumber: '', DriverId: '' })).Data;
    expect(id).toBeGreaterThan(0);
    expect((await ours(p.guid))[0]).toMatchObject({ carNumber: 'BB-002-BB', driverId: DRIVER });
  });

  it('bad input: Georgian error, nothing written; 401; 403 for staff', async () => {
    const { session, p } = await setup();
    const bad = await startAs(session, { BarCode: '' });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).toMatch(/„შტრიხკოდი“/);
    expect(bad.Error).toMatch(/[ა-ჰ]/);
    const long = await startAs(session, { BarCode: p.barcode, CarNumber: 'x'.repeat(30) });
    expect(long.Code).toBe(Code.BadInput);
    expect((await startAs(null, { BarCode: p.barcode })).Code).toBe(Code.Unauthorized);
    const staff = await signIn(h().app, h().db, { roleId: 105 });
    expect((await startAs(staff.session, { BarCode: p.barcode })).Code).toBe(Code.Forbidden);
    expect((await closeAs(staff.session, { BarCode: p.barcode })).Code).toBe(Code.Forbidden);
    expect((await closeAs(session, { BarCode: '' })).Code).toBe(Code.BadInput);
    expect((await callAs(h().app, CloseWayBill, null, { BarCode: p.barcode })).Code).toBe(Code.Unauthorized);
    expect(await count('rs_messages')).toBe(0);
    expect(await count('courier_errors')).toBe(0);
    expect(await count('waybills')).toBe(0);
  });
});

describe('CloseWaybill and CloseWayBill', () => {
  it('closes the active waybill once; a second close answers the same id', async () => {
    const { session, p } = await setup();
    const id = (await startAs(session, { BarCode: p.barcode })).Data;
    const res = await closeAs(session, { BarCode: p.barcode });
    expect(res.Data).toBe(id);
    expect((await ours(p.guid))[0]).toMatchObject({ status: 2 });
    expect((await ours(p.guid))[0].closedAt).not.toBeNull();
    expect((await theirs(p.guid))[0].status).toBe(2);
    const closeMsg = await h().db.select().from(rsMessages).where(eq(rsMessages.type, 2));
    expect(closeMsg[0]).toMatchObject({ ok: true, comment: `ზედნადები ${id} დაიხურა`, waybillId: id });
    fault.calls.length = 0;
    expect((await closeAs(session, { BarCode: p.barcode })).Data).toBe(id);
    expect((await callAs(h().app, CloseWayBill, session, { BarCode: p.barcode })).Data).toBe(id);
    expect(fault.calls).toEqual([]);
    // starting a closed parcel again does not make a second waybill
    expect((await startAs(session, { BarCode: p.barcode })).Data).toBe(id);
    expect(await count('rs_waybills')).toBe(1);
  });

  it('the alternate form closes too', async () => {
    const { session, p } = await setup();
    const id = (await startAs(session, { BarCode: p.barcode })).Data;
    expect((await callAs(h().app, CloseWayBill, session, { UserId: 'x', BarCode: p.barcode })).Data).toBe(id);
    expect((await theirs(p.guid))[0].status).toBe(2);
  });

  it('a retried close whose answer was lost asks the service first', async () => {
    const { user, session, p } = await setup();
    const id = (await startAs(session, { BarCode: p.barcode })).Data;
    fault.lose.add('close');
    expect((await closeAs(session, { BarCode: p.barcode })).Data).toBe(-2);
    expect((await ours(p.guid))[0].status).toBe(1);
    fault.calls.length = 0;
    expect((await closeAs(session, { BarCode: p.barcode, IsRepied: true })).Data).toBe(id);
    expect(fault.calls).toEqual(['get']);
    expect((await ours(p.guid))[0].status).toBe(2);
    // the same without IsRepied: the refusal of a second close is checked against the service
    const q = await makeParcel(h().db, { senderPid: '204567890', courierGuid: user.guid });
    const qid = (await startAs(session, { BarCode: q.barcode })).Data;
    fault.lose.add('close');
    expect((await closeAs(session, { BarCode: q.barcode })).Data).toBe(-2);
    fault.calls.length = 0;
    expect((await closeAs(session, { BarCode: q.barcode })).Data).toBe(qid);
    expect(fault.calls).toEqual(['close', 'get']);
    expect((await ours(q.guid))[0].status).toBe(2);
    expect(await count('rs_waybills')).toBe(2);
  });

  it('a parcel without a waybill is refused: -1 and the error journal', async () => {
    const { session, p } = await setup();
    expect((await closeAs(session, { BarCode: p.barcode })).Data).toBe(-1);
    const now = new Date(Date.now() + 4 * 3_600_000);
    const us = `${now.getUTCMonth() + 1}/${now.getUTCDate()}/${now.getUTCFullYear()}`;
    const res = await callAs(h().app, ERRMessageList, session, { Dt: us });
    expect(res.Data?.[0]).toMatchObject({
      Barcode: p.barcode,
      Registry: 'RG-7',
      Source: 'შემოსავლების სამსახური',
      Comment: `ამანათს ${p.barcode} გააქტიურებული ზედნადები არ აქვს`,
    });
    fault.down = true;
    const q = (await startAs(session, { BarCode: p.barcode })).Data;
    expect(q).toBe(-2);
  });
});

describe('the built-in service rules', () => {
  it('statuses 0 → 1 → 2; a closed waybill cannot change; delete is -1 for saved, -2 for active', async () => {
    await setup();
    const rs = builtinRs(h().db);
    const draft = {
      ref: 'T-1',
      sellerTin: '204567890',
      buyerTin: '',
      driverTin: DRIVER,
      carNumber: 'aa001aa',
      startAddress: 'თბილისი',
      endAddress: 'ბათუმი',
      goods: { name: 'ამანათი', unit: 'ცალი', quantity: 1, price: 10 },
    };
    const saved = await rs.saveWaybill(draft);
    if (saved.kind !== 'ok') throw new Error('not saved');
    const id = saved.value.id;
    expect(saved.value.status).toBe(0);
    expect(await rs.closeWaybill(id)).toMatchObject({ kind: 'refused', code: -1021 });
    expect(await rs.sendWaybill(id)).toMatchObject({ kind: 'ok', value: { status: 1 } });
    expect(await rs.sendWaybill(id)).toMatchObject({ kind: 'refused', code: -1021 });
    expect(await rs.closeWaybill(id)).toMatchObject({ kind: 'ok', value: { status: 2 } });
    expect(await rs.closeWaybill(id)).toMatchObject({ kind: 'refused', code: -1021 });
    expect(await rs.delWaybill(id)).toMatchObject({ kind: 'refused', code: -1021 });
    expect(await rs.getWaybill(id)).toMatchObject({ kind: 'ok', value: { status: 2 } });
    expect(await rs.getWaybill(1)).toEqual({ kind: 'ok', value: null });
    expect(await rs.sendWaybill(1)).toMatchObject({ kind: 'refused', code: -1020 });

    const s2 = await rs.saveWaybill({ ...draft, ref: 'T-2' });
    const s3 = await rs.saveWaybill({ ...draft, ref: 'T-3' });
    if (s2.kind !== 'ok' || s3.kind !== 'ok') throw new Error('not saved');
    expect(await rs.delWaybill(s2.value.id)).toMatchObject({ kind: 'ok', value: { status: -1 } });
    await rs.sendWaybill(s3.value.id);
    expect(await rs.delWaybill(s3.value.id)).toMatchObject({ kind: 'ok', value: { status: -2 } });
    // deleted and cancelled waybills are not found by reference
    expect(await rs.findWaybill('T-2')).toEqual({ kind: 'ok', value: null });
    expect(await rs.findWaybill('T-1')).toMatchObject({ kind: 'ok', value: { id } });
    // the driver must be a person the registry knows
    expect(await rs.saveWaybill({ ...draft, driverTin: '204567890' })).toMatchObject({ code: -1009 });
    expect(await rs.saveWaybill({ ...draft, buyerTin: '12' })).toMatchObject({ code: -1002 });
    expect(await rs.saveWaybill({ ...draft, endAddress: ' ' })).toMatchObject({ code: -1003 });
  });

  it('our side holds one live waybill per parcel (unique index)', async () => {
    const { p } = await setup();
    const row = { parcelGuid: p.guid, barcode: p.barcode, status: 1 };
    await h().db.insert(waybills).values(row);
    await expect(h().db.insert(waybills).values(row)).rejects.toThrow();
    await h()
      .db.insert(waybills)
      .values({ ...row, status: -2 });
  });
});
