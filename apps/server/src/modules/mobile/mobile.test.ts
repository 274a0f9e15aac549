import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import {
  CheckBarcode,
  CheckJobParcel,
  CheckRegitry,
  ERRMessageList,
  GetRegList,
  GetStatusMessages,
  MobSendJob,
  RsMessageList,
} from '@po/contract/mobile';
import { rows } from '../../db/client.ts';
import {
  auditLog,
  courierErrors,
  jobLines,
  jobs,
  parcelEvents,
  parcels,
  registries,
  registryParcels,
  rsMessages,
  signatures,
} from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeParcel, signIn, type Session } from '../../test/factories.ts';

const h = useHarness();

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const courier = () => signIn(h().app, h().db, { roleId: 106 });
const operator = () => signIn(h().app, h().db, { roleId: 105 });

function job(over: Record<string, unknown> = {}) {
  return {
    JobId: randomUUID(),
    Status: Status.Pickup,
    Comment: '',
    ImageB64: '',
    Mobile: 'Samsung A52',
    CarNumber: 'AA-001-AA',
    DriverId: '01001012345',
    Dt: '2026-11-23T10:15:00.000Z',
    lat: 41.726,
    lng: 44.766,
    Ji: [] as unknown[],
    ...over,
  };
}
const line = (Barcode: string, over: Record<string, unknown> = {}) => ({
  Gui: randomUUID(),
  Barcode,
  Stack: false,
  Number: 1,
  EnableDelete: true,
  ...over,
});

async function eventsOf(guid: string, status?: number) {
  return h()
    .db.select()
    .from(parcelEvents)
    .where(
      status
        ? and(eq(parcelEvents.parcelGuid, guid), eq(parcelEvents.statusId, status))
        : eq(parcelEvents.parcelGuid, guid),
    );
}
async function count(table: string) {
  const [r] = await rows<{ n: number }>(h().db, sql.raw(`select count(*)::int as n from ${table}`));
  return r.n;
}
async function makeRegistry(name: string, barcodes: string[]) {
  const { db } = h();
  const [r] = await db.insert(registries).values({ rgName: name }).returning();
  for (const [i, b] of barcodes.entries()) {
    const [p] = await db.select().from(parcels).where(eq(parcels.barcode, b));
    await db
      .insert(registryParcels)
      .values({ registryId: r.id, parcelGuid: p.guid, barcode: b, position: i });
  }
  return r;
}
const send = (s: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  callAs(h().app, MobSendJob, s, body, headers);

describe('MobSendJob', () => {
  it('applies a pickup: one event per parcel with device time, position, job and courier', async () => {
    const { user, session } = await courier();
    const a = await makeParcel(h().db);
    const b = await makeParcel(h().db);
    const body = job({ Ji: [line(a.barcode.toLowerCase()), line(` ${b.barcode} `)] });
    const res = await send(session, body);
    expect(res.Error).toBeNull();
    expect(res.Data).toMatchObject({ Ret: 1, Applied: 2, Failed: 0, Repeated: false, Errors: [] });
    const [ev] = await eventsOf(a.guid, Status.Pickup);
    expect(ev.userGuid).toBe(user.guid);
    expect(ev.jobId).toBe(body.JobId);
    expect(ev.deviceTime?.toISOString()).toBe('2026-11-23T10:15:00.000Z');
    expect(ev.lat).toBeCloseTo(41.726);
    expect(ev.mobile).toBe('Samsung A52');
    const [pa] = await h().db.select().from(parcels).where(eq(parcels.guid, a.guid));
    expect(pa.curStatusId).toBe(Status.Pickup);
    expect(pa.courierGuid).toBe(user.guid);
    const [j] = await h().db.select().from(jobs).where(eq(jobs.jobId, body.JobId));
    expect(j).toMatchObject({ applied: 2, failed: 0, operType: 8711, carNumber: 'AA-001-AA' });
    expect(await count('job_lines')).toBe(2);
    const audits = await h().db.select().from(auditLog).where(eq(auditLog.action, 'mobile.job'));
    expect(audits).toHaveLength(1);
  });

  it('the same JobId again changes nothing and answers the stored answer', async () => {
    const { session } = await courier();
    const a = await makeParcel(h().db);
    const other = await makeParcel(h().db);
    const body = job({ Ji: [line(a.barcode), line('XX000000001')] });
    const first = await send(session, body);
    expect(first.Data).toMatchObject({ Applied: 1, Failed: 1, Repeated: false });
    const before = {
      events: await count('parcel_events'),
      lines: await count('job_lines'),
      errors: await count('courier_errors'),
    };
    const again = await send(session, body);
    expect(again.Status).toBe(true);
    expect(again.Data).toMatchObject({ Ret: 1, Applied: 1, Failed: 1, Repeated: true });
    expect(again.Data?.Errors).toEqual(first.Data?.Errors);
    // even a copy that names other parcels applies nothing
    const third = await send(session, { ...body, Ji: [line(other.barcode)] });
    expect(third.Data).toMatchObject({ Applied: 1, Repeated: true });
    expect(await eventsOf(other.guid, Status.Pickup)).toHaveLength(0);
    expect({
      events: await count('parcel_events'),
      lines: await count('job_lines'),
      errors: await count('courier_errors'),
    }).toEqual(before);
    expect(await eventsOf(a.guid, Status.Pickup)).toHaveLength(1);
  });

  it('two copies of one job at once apply it once', async () => {
    const { session } = await courier();
    const a = await makeParcel(h().db);
    const body = job({ Ji: [line(a.barcode)] });
    const [r1, r2] = await Promise.all([send(session, body), send(session, body)]);
    expect(r1.Status && r2.Status).toBe(true);
    expect([r1.Data?.Repeated, r2.Data?.Repeated].sort()).toEqual([false, true]);
    expect(await eventsOf(a.guid, Status.Pickup)).toHaveLength(1);
  });

  it('another courier cannot replay a JobId', async () => {
    const one = await courier();
    const two = await courier();
    const a = await makeParcel(h().db);
    const body = job({ Ji: [line(a.barcode)] });
    expect((await send(one.session, body)).Status).toBe(true);
    const res = await send(two.session, body);
    expect(res.Code).toBe(Code.Forbidden);
    expect(res.Error).toBe('ეს ოპერაცია სხვა მომხმარებელს ეკუთვნის');
  });

  it('lines that cannot apply go to the error journal and the rest apply', async () => {
    const { user, session } = await courier();
    const ok = await makeParcel(h().db);
    // parcels this courier handled (a parcel outside their circle answers as unknown)
    const mine = { courierGuid: user.guid };
    const delivered = await makeParcel(h().db, { ...mine, statuses: [Status.Pickup, Status.Delivered] });
    const deleted = await makeParcel(h().db, { ...mine, deletedAt: new Date() });
    const archived = await makeParcel(h().db, { tier: 'archive', registeredBy: user.guid });
    const res = await send(
      session,
      job({
        Ji: [
          line(ok.barcode),
          line(ok.barcode), // twice in one job: applied once
          line(delivered.barcode),
          line(deleted.barcode),
          line(archived.barcode),
          line('ZZ999999999', { Source: 'კამერა' }),
        ],
      }),
    );
    expect(res.Data).toMatchObject({ Applied: 1, Failed: 4 });
    const byCode = Object.fromEntries(res.Data!.Errors.map((e) => [e.Barcode, e.Error]));
    expect(byCode[delivered.barcode]).toBe(`ამანათი ${delivered.barcode} უკვე ჩაბარებულია`);
    expect(byCode[deleted.barcode]).toBe(`ამანათი ${deleted.barcode} წაშლილია`);
    expect(byCode[archived.barcode]).toContain('არქივშია');
    expect(byCode.ZZ999999999).toBe('ამანათი ZZ999999999 ბაზაში ვერ მოიძებნა');
    expect(await eventsOf(ok.guid, Status.Pickup)).toHaveLength(1);
    expect(await eventsOf(delivered.guid)).toHaveLength(3);
    const errs = await h().db.select().from(courierErrors).where(eq(courierErrors.userGuid, user.guid));
    expect(errs).toHaveLength(4);
    expect(errs.find((e) => e.barcode === 'ZZ999999999')?.source).toBe('კამერა');
    // the error journal of today shows them
    const journal = await callAs(h().app, ERRMessageList, session, { Dt: new Date().toISOString() });
    expect(journal.Data).toHaveLength(4);
    expect(journal.Data?.[0]).toMatchObject({ Source: expect.any(String), Comment: expect.any(String) });
  });

  it('a status the courier already set is refused per line', async () => {
    const { session } = await courier();
    const a = await makeParcel(h().db);
    await send(session, job({ Ji: [line(a.barcode)] }));
    const res = await send(session, job({ Ji: [line(a.barcode)] }));
    expect(res.Data).toMatchObject({ Applied: 0, Failed: 1 });
    expect(res.Data?.Errors[0].Error).toBe(`ამანათს ${a.barcode} ეს სტატუსი უკვე აქვს`);
  });

  it('a registry line applies all its parcels; an unknown registry is a journal error', async () => {
    const { session } = await courier();
    const a = await makeParcel(h().db);
    const b = await makeParcel(h().db);
    const reg = await makeRegistry('RG-000777', [a.barcode, b.barcode]);
    const res = await send(
      session,
      job({
        Status: Status.HandToCourier,
        Ji: [line('rg-000777', { Stack: true, Number: 2 }), line('RG-999999', { Stack: true })],
      }),
    );
    expect(res.Data).toMatchObject({ Applied: 2, Failed: 1 });
    expect(res.Data?.Errors[0]).toEqual({
      Barcode: '',
      Registry: 'RG-999999',
      Error: 'რეესტრი RG-999999 ბაზაში არ არის რეგისტრირებული',
    });
    const [ev] = await eventsOf(b.guid, Status.HandToCourier);
    expect(ev.registryId).toBe(reg.id);
    const lines = await h().db.select().from(jobLines).where(eq(jobLines.registry, 'RG-000777'));
    expect(lines).toHaveLength(2);
  });

  it('a handover stores the signature with the delivery', async () => {
    const { user, session } = await courier();
    const a = await makeParcel(h().db, { courierGuid: user.guid, statuses: [Status.Pickup] });
    const body = job({
      Status: Status.Delivered,
      Comment: "ჩააბარა; 'მეზობელს'",
      ImageB64: PNG,
      Ji: [line(a.barcode)],
    });
    const res = await send(session, body);
    expect(res.Data).toMatchObject({ Applied: 1 });
    const [ev] = await eventsOf(a.guid, Status.Delivered);
    expect(ev.comment).toBe('ჩააბარა მეზობელს');
    const sigs = await h().db.select().from(signatures).where(eq(signatures.parcelGuid, a.guid));
    expect(sigs).toHaveLength(1);
    expect(sigs[0].jobId).toBe(body.JobId);
    expect(sigs[0].mime).toBe('image/png');
  });

  it('refuses bad jobs with a Georgian message and writes nothing', async () => {
    const { session } = await courier();
    const a = await makeParcel(h().db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Ji: [] }, 'ჯერ შეიყვანეთ ამანათი'],
      [{ Status: 0, Ji: [line(a.barcode)] }, 'აირჩიეთ ამანათის სტატუსი'],
      [
        { Status: 8712, Comment: 'კი', ImageB64: PNG, Ji: [line(a.barcode)] },
        'კომენტარი უნდა შეიცავდეს 5 ან მეტ სიმბოლოს',
      ],
      [
        { Status: 8712, Comment: 'ჩაბარდა კარგად', ImageB64: 'abc', Ji: [line(a.barcode)] },
        'შეიყვანეთ ხელმოწერა',
      ],
      [
        {
          Status: 8712,
          Comment: 'ჩაბარდა კარგად',
          ImageB64: 'bm90IGFuIGltYWdlIGF0IGFsbA==',
          Ji: [line(a.barcode)],
        },
        'ხელმოწერის სურათი არასწორია (საჭიროა PNG ან JPEG)',
      ],
      [{ Status: 8736, Ji: [line(a.barcode)] }, 'ველის „სტატუსი“ მნიშვნელობა დაუშვებელია'],
      [{ JobId: 'nope', Ji: [line(a.barcode)] }, 'ველი „ოპერაცია“ უნდა იყოს GUID'],
      [{ Status: 8718, Comment: 'x', Ji: [line(a.barcode)] }, 'კომენტარი უნდა შეიცავდეს 5 ან მეტ სიმბოლოს'],
    ];
    for (const [over, msg] of cases) {
      const res = await send(session, job(over));
      expect(res.Status, msg).toBe(false);
      expect(res.Code).toBe(Code.BadInput);
      expect(res.Error).toBe(msg);
    }
    expect(await count('jobs')).toBe(0);
    expect(await count('job_lines')).toBe(0);
    expect(await eventsOf(a.guid)).toHaveLength(1);
  });

  it('401 without a session, 403 for a staff role', async () => {
    const a = await makeParcel(h().db);
    const none = await callAs(h().app, MobSendJob, null, job({ Ji: [line(a.barcode)] }));
    expect(none.Code).toBe(Code.Unauthorized);
    const { session } = await operator();
    const res = await send(session, job({ Ji: [line(a.barcode)] }));
    expect(res.Code).toBe(Code.Forbidden);
    expect(await count('jobs')).toBe(0);
  });
});

describe('checks', () => {
  it('CheckBarcode answers 2 for a live parcel, 1 otherwise', async () => {
    const { session } = await courier();
    const a = await makeParcel(h().db);
    const d = await makeParcel(h().db, { deletedAt: new Date() });
    const q = (Barcode: string) => callAs(h().app, CheckBarcode, session, { Barcode });
    expect((await q(a.barcode.toLowerCase())).Data).toBe(2);
    expect((await q(d.barcode)).Data).toBe(1);
    expect((await q('NOPE00000')).Data).toBe(1);
    expect((await q('')).Code).toBe(Code.BadInput);
    expect((await callAs(h().app, CheckBarcode, null, { Barcode: a.barcode })).Code).toBe(Code.Unauthorized);
    expect(
      (await callAs(h().app, CheckBarcode, (await operator()).session, { Barcode: a.barcode })).Code,
    ).toBe(Code.Forbidden);
  });

  it('CheckJobParcel answers what the job would do with the parcel, a foreign one as unknown', async () => {
    const { user, session } = await courier();
    const other = await courier();
    const waiting = await makeParcel(h().db);
    const held = await makeParcel(h().db, { courierGuid: user.guid, statuses: [Status.Pickup] });
    const delivered = await makeParcel(h().db, {
      courierGuid: user.guid,
      statuses: [Status.Pickup, Status.Delivered],
    });
    const othersHeld = await makeParcel(h().db, { courierGuid: other.user.guid, statuses: [Status.Pickup] });
    const q = async (Barcode: string, Status: number) =>
      (await callAs(h().app, CheckJobParcel, session, { Barcode, Status })).Data;
    const ok = { Ret: 2, Refusal: '' };
    const unknown = { Ret: 1, Refusal: '' };
    expect(await q(waiting.barcode.toLowerCase(), Status.Pickup)).toEqual(ok);
    expect(await q(waiting.barcode, Status.Delivered)).toEqual({ Ret: 2, Refusal: 'scope.courierNotHeld' });
    expect(await q(waiting.barcode, 0)).toEqual({ Ret: 2, Refusal: 'scope.courierNotHeld' });
    expect(await q(held.barcode, Status.Delivered)).toEqual(ok);
    expect(await q(held.barcode, 0)).toEqual(ok);
    expect(await q(delivered.barcode, Status.Delivered)).toEqual({
      Ret: 2,
      Refusal: 'mobile.alreadyDelivered',
    });
    expect(await q(delivered.barcode, 8718)).toEqual({ Ret: 2, Refusal: 'mobile.alreadyDelivered' });
    // what the job answers for the same parcel: refused for the same reason
    const res = await send(
      session,
      job({ Status: Status.Delivered, Comment: 'ჩაბარდა', ImageB64: PNG, Ji: [line(delivered.barcode)] }),
    );
    expect(res.Data?.Errors[0].Error).toBe(`ამანათი ${delivered.barcode} უკვე ჩაბარებულია`);
    // a status this courier set already
    await send(session, job({ Ji: [line(waiting.barcode)] }));
    expect(await q(waiting.barcode, Status.Pickup)).toEqual({ Ret: 2, Refusal: 'mobile.alreadyDone' });
    // another courier's parcel and one that does not exist answer alike
    expect(await q(othersHeld.barcode, Status.Pickup)).toEqual(unknown);
    expect(await q(othersHeld.barcode, Status.Delivered)).toEqual(unknown);
    expect(await q('ZZ999999999', Status.Pickup)).toEqual(unknown);
    const bad = await callAs(h().app, CheckJobParcel, session, { Barcode: waiting.barcode, Status: 12 });
    expect(bad.Code).toBe(Code.BadInput);
    expect(bad.Error).toContain('სტატუსი');
    expect((await callAs(h().app, CheckJobParcel, null, { Barcode: 'X', Status: 0 })).Code).toBe(
      Code.Unauthorized,
    );
    const staff = (await operator()).session;
    expect((await callAs(h().app, CheckJobParcel, staff, { Barcode: 'X', Status: 0 })).Code).toBe(
      Code.Forbidden,
    );
  });

  it('CheckRegitry counts a registry, GetRegList lists it', async () => {
    const { session } = await courier();
    const a = await makeParcel(h().db);
    const b = await makeParcel(h().db);
    await makeRegistry('RG-000123', [a.barcode, b.barcode]);
    expect((await callAs(h().app, CheckRegitry, session, { Qrode: 'rg-000123' })).Data).toBe(2);
    expect((await callAs(h().app, CheckRegitry, session, { Qrode: 'RG-404' })).Data).toBe(0);
    const list = await callAs(h().app, GetRegList, session, { RegName: 'RG-000123' });
    expect(list.Data).toEqual([
      { Registry: 'RG-000123', Barcode: a.barcode },
      { Registry: 'RG-000123', Barcode: b.barcode },
    ]);
    expect((await callAs(h().app, GetRegList, session, { RegName: 'RG-404' })).Data).toEqual([]);
    expect((await callAs(h().app, CheckRegitry, session, {})).Code).toBe(Code.BadInput);
    expect((await callAs(h().app, GetRegList, (await operator()).session, { RegName: 'RG-1' })).Code).toBe(
      Code.Forbidden,
    );
  });
});

describe('journals', () => {
  it('status journal: the statuses this courier set on the Tbilisi day', async () => {
    const { user, session } = await courier();
    const other = await courier();
    const a = await makeParcel(h().db, { courierGuid: user.guid, statuses: [Status.Pickup] });
    await send(session, job({ Status: 8718, Comment: 'არავინ დახვდა', Ji: [line(a.barcode)] }));
    await send(other.session, job({ Ji: [line((await makeParcel(h().db)).barcode)] }));
    const res = await callAs(h().app, GetStatusMessages, session, { Dt: new Date().toISOString() });
    expect(res.Data).toHaveLength(1);
    expect(res.Data?.[0]).toMatchObject({ Barcode: a.barcode, Comment: 'არავინ დახვდა' });
    expect(res.Data?.[0].Status).not.toBe('');
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString();
    expect((await callAs(h().app, GetStatusMessages, session, { Dt: yesterday })).Data).toEqual([]);
    expect((await callAs(h().app, GetStatusMessages, session, { Dt: 'yesterday' })).Error).toBe(
      'ველი „თარიღი“ უნდა იყოს თარიღი (MM/DD/YYYY ან ISO)',
    );
  });

  it('transport journal: the courier’s waybill messages of the type and day (US date)', async () => {
    const { user, session } = await courier();
    await h()
      .db.insert(rsMessages)
      .values([
        {
          userGuid: user.guid,
          type: 1,
          barcode: 'PO000000001',
          comment: 'ზედნადები გააქტიურდა',
          registry: 'RG-1',
        },
        { userGuid: user.guid, type: 2, barcode: 'PO000000002', comment: 'სხვა' },
      ]);
    const now = new Date(Date.now() + 4 * 3_600_000);
    const us = `${now.getUTCMonth() + 1}/${now.getUTCDate()}/${now.getUTCFullYear()}`;
    const res = await callAs(h().app, RsMessageList, session, { Type: 1, Dt: us });
    expect(res.Data).toHaveLength(1);
    expect(res.Data?.[0]).toMatchObject({ Barcode: 'PO000000001', Registry: 'RG-1' });
    expect((await callAs(h().app, RsMessageList, null, { Type: 1, Dt: us })).Code).toBe(Code.Unauthorized);
    expect((await callAs(h().app, ERRMessageList, (await operator()).session, { Dt: us })).Code).toBe(
      Code.Forbidden,
    );
  });
});
