import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { Code, Role, Status, tbilisiDay, tbilisiDayStart } from '@po/contract';
import { CreateApiKey, type ApiScope } from '@po/contract/shipper';
import { GetPodExport, GetPodExportFile, PodExport, type PodExportState } from '@po/contract/proof/export';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, makeUser, signIn, type Session } from '../../test/factories.ts';
import { decodeCodes, readPdf } from '../../test/pdf-check.ts';
import { rows } from '../../db/client.ts';
import { parcelPhotos, podExports, proofPhotos, signatures } from '../../db/schema.ts';
import { photoStore } from '../../lib/photo-store.ts';
import { qrPng } from '../../lib/pdf.ts';
import { podRuns, purgePodExports, STALE_MS } from './pod-export.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'po-pod-'));
const h = useHarness({ config: { DATA_DIR: dataDir } });

/** A corporate client's office with three parcels delivered today, one not delivered, and one of another client. */
async function world() {
  const { db } = h();
  const client = await makeOffice(db, { isCorporate: true });
  const other = await makeOffice(db, { isCorporate: true });
  const courier = await makeUser(db, { roleId: 106, name: 'გიორგი კურიერაშვილი' });
  // delivered (an hour after registration: makeParcel) on today's Tbilisi day, which is the day the
  // export's range names; "three hours ago" alone fell on Tbilisi's yesterday in its first hours
  const now = Date.now();
  const todayStart = tbilisiDayStart(tbilisiDay(new Date(now))).getTime();
  const hourAgo = new Date(Math.max(now - 3 * 3_600_000, todayStart - 3_600_000));
  const delivered = [];
  for (let i = 0; i < 3; i++) {
    const p = await makeParcel(db, {
      registeredOffice: client.guid,
      receiverName: `მიმღები ${i + 1}`,
      createDate: hourAgo,
      statuses: [Status.Delivered],
    });
    await db.execute(
      sql`update parcel_events set user_guid = ${courier.guid}::uuid, lat = 41.7151, lng = 44.8271
          where parcel_guid = ${p.guid}::uuid and status_id = ${Status.Delivered}`,
    );
    delivered.push(p);
  }
  // a signature image: any PNG that is not a CODE128 (a QR picture here, which the page check ignores)
  const signature = await qrPng('signature', { scale: 2 });
  await db
    .insert(signatures)
    .values({ parcelGuid: delivered[0].guid, barcode: delivered[0].barcode, image: signature });
  // a photo taken with the second delivery, kept in the photo store as the courier's job keeps it
  const photo = await qrPng('door photo', { scale: 6 });
  const hash = createHash('sha256').update(photo).digest('hex');
  await photoStore(h().config).put(hash, photo, 'image/png');
  await db
    .insert(proofPhotos)
    .values({ hash, mime: 'image/png', bytes: photo.length, width: 100, height: 100 });
  await db.insert(parcelPhotos).values({
    parcelGuid: delivered[1].guid,
    jobId: randomUUID(),
    hash,
    statusId: Status.Delivered,
    userGuid: courier.guid,
  });
  const waiting = await makeParcel(db, { registeredOffice: client.guid, createDate: hourAgo });
  const foreign = await makeParcel(db, {
    registeredOffice: other.guid,
    createDate: hourAgo,
    statuses: [Status.Delivered],
  });
  return { client, other, delivered, waiting, foreign };
}

const today = () => new Date().toISOString();

async function waitReady(session: Session, id: string): Promise<PodExportState> {
  await Promise.allSettled([...podRuns]);
  const r = await callAs(h().app, GetPodExport, session, { ID: id });
  expect(r.Status, r.Error ?? '').toBe(true);
  return r.Data!;
}

async function download(session: Session, url: string) {
  const res = await h().app.inject({
    method: 'GET',
    url: `${url}&Id=${session.Id}&Ticket=${session.Ticket}`,
  });
  return res;
}

async function keep(page: string, name: string) {
  const dir = new URL('../../../../../.e2e-artifacts/', import.meta.url).pathname;
  await mkdir(dir, { recursive: true });
  await copyFile(page, `${dir}${name}`);
}

describe('bulk proof of delivery (issue 40)', () => {
  it('an administrator exports a client’s day as one PDF: a page per delivered parcel, barcodes decode', async () => {
    const { client, delivered, waiting, foreign } = await world();
    const { session } = await signIn(h().app, h().db, { roleId: 100 });
    const start = await callAs(h().app, PodExport, session, {
      StartDate: today(),
      EndDate: today(),
      OfficeGUID: client.guid,
    });
    expect(start.Status, start.Error ?? '').toBe(true);
    const state = await waitReady(session, start.Data!.Id);
    expect(state).toMatchObject({
      State: 'ready',
      Done: 3,
      Total: 3,
      Progress: 100,
      Format: 'pdf',
      Error: '',
    });
    expect(state.Url).toBe(`/api/GetPodExportFile?ID=${start.Data!.Id}`);

    const res = await download(session, state.Url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename\*=UTF-8''pod-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.pdf/,
    );
    const read = await readPdf(res.rawPayload);
    try {
      expect(read.pages).toHaveLength(3);
      await keep(read.pages[0], 'pod-page.png');
      const decoded = (await Promise.all(read.pages.map((p) => decodeCodes(p, 'code128')))).flat().sort();
      expect(decoded).toEqual(delivered.map((p) => p.barcode).sort());
      for (const words of [
        'ჩაბარების დადასტურება',
        'მიმღები 1',
        'მიმღები 3',
        'გიორგი კურიერაშვილი',
        'GPS 41.71510',
      ]) {
        expect(read.text).toContain(words);
      }
      expect(read.text).toContain('ხელმოწერა არ არის');
      // the page of the parcel with a delivery photo shows it under its title
      expect(read.text.match(/ფოტოები/g)).toHaveLength(1);
      await keep(read.pages[1], 'pod-page-photo.png');
      expect(read.text).not.toContain(waiting.barcode);
      expect(read.text).not.toContain(foreign.barcode);
    } finally {
      await read.cleanup();
    }
    const [audit] = await rows<{ n: number }>(
      h().db,
      sql`select count(*)::int as n from audit_log where action = 'PodExport'`,
    );
    expect(audit.n).toBe(1);
  });

  it('the ZIP variant holds one PDF per parcel, named by its barcode', async () => {
    const { client, delivered } = await world();
    const { session } = await signIn(h().app, h().db, { roleId: 100 });
    const start = await callAs(h().app, PodExport, session, {
      StartDate: today(),
      EndDate: today(),
      OfficeGUID: client.guid,
      Format: 'zip',
    });
    const state = await waitReady(session, start.Data!.Id);
    expect(state.State).toBe('ready');
    const res = await download(session, state.Url!);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(delivered.map((p) => `${p.barcode}.pdf`).sort());
    const one = delivered[1].barcode;
    const read = await readPdf(Buffer.from(files[`${one}.pdf`]));
    try {
      expect(read.pages).toHaveLength(1);
      expect(await decodeCodes(read.pages[0], 'code128')).toEqual([one]);
    } finally {
      await read.cleanup();
    }
  });

  it('a client exports its own office; another client’s office or export answers as missing', async () => {
    const { client, other, delivered } = await world();
    const mine = await signIn(h().app, h().db, { roleId: 105, officeGuid: client.guid });
    const theirs = await signIn(h().app, h().db, { roleId: 105, officeGuid: other.guid });
    const refused = await callAs(h().app, PodExport, mine.session, {
      StartDate: today(),
      EndDate: today(),
      OfficeGUID: other.guid,
    });
    expect(refused).toMatchObject({ Status: false, Code: Code.NotFound, Error: 'ოფისი ვერ მოიძებნა' });
    expect(await h().db.select().from(podExports)).toHaveLength(0);

    const own = await callAs(h().app, PodExport, mine.session, {
      StartDate: today(),
      EndDate: today(),
      OfficeGUID: client.guid,
    });
    expect(own.Status, own.Error ?? '').toBe(true);
    const state = await waitReady(mine.session, own.Data!.Id);
    expect(state.Total).toBe(delivered.length);
    // the other client cannot poll or download it, exactly as an export that does not exist
    const peek = await callAs(h().app, GetPodExport, theirs.session, { ID: own.Data!.Id });
    const none = await callAs(h().app, GetPodExport, theirs.session, { ID: crypto.randomUUID() });
    expect(peek).toEqual(none);
    expect(peek).toMatchObject({ Status: false, Code: Code.NotFound });
    const file = await callAs(h().app, GetPodExportFile, theirs.session, { ID: own.Data!.Id });
    expect(file).toMatchObject({ Status: false, Code: Code.NotFound });
  });

  it('refuses office staff (403), no session (401) and bad input (400, Georgian, nothing written)', async () => {
    const { client } = await world();
    const operator = await signIn(h().app, h().db, { roleId: 105 });
    const admin = await signIn(h().app, h().db, { roleId: 100 });
    const input = { StartDate: today(), EndDate: today(), OfficeGUID: client.guid };
    expect(await callAs(h().app, PodExport, operator.session, input)).toMatchObject({
      Status: false,
      Code: Code.Forbidden,
    });
    expect(await callAs(h().app, PodExport, null, input)).toMatchObject({
      Status: false,
      Code: Code.Unauthorized,
    });
    const backwards = await callAs(h().app, PodExport, admin.session, {
      ...input,
      StartDate: '2026-03-10',
      EndDate: '2026-03-01',
    });
    expect(backwards).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(backwards.Error).toMatch(/[ა-ჰ]/);
    const tooLong = await callAs(h().app, PodExport, admin.session, {
      ...input,
      StartDate: '2026-01-01',
      EndDate: '2026-06-01',
    });
    expect(tooLong).toMatchObject({
      Status: false,
      Code: Code.BadInput,
      Error: 'პერიოდი არ უნდა აღემატებოდეს 92 დღეს',
    });
    const noOffice = await callAs(h().app, PodExport, admin.session, {
      StartDate: today(),
      EndDate: today(),
    });
    expect(noOffice).toMatchObject({ Status: false, Code: Code.BadInput });
    const badFormat = await callAs(h().app, PodExport, admin.session, { ...input, Format: 'docx' });
    expect(badFormat).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(await h().db.select().from(podExports)).toHaveLength(0);
    // not ready yet: the file answers 409
    const [row] = await h()
      .db.insert(podExports)
      .values({
        officeGuid: client.guid,
        requestedBy: operator.user.guid,
        startDay: '2026-11-01',
        endDay: '2026-11-01',
      })
      .returning();
    const early = await callAs(h().app, GetPodExportFile, admin.session, { ID: row.id });
    expect(early).toMatchObject({ Status: false, Code: Code.Conflict });
  });

  it('a running export whose process stopped answers failed; the housekeeping removes a day-old file', async () => {
    const { client } = await world();
    const { session, user } = await signIn(h().app, h().db, { roleId: 100 });
    const [stale] = await h()
      .db.insert(podExports)
      .values({
        officeGuid: client.guid,
        requestedBy: user.guid,
        startDay: '2026-11-01',
        endDay: '2026-11-02',
        done: 10,
        total: 40,
        updatedAt: new Date(Date.now() - STALE_MS - 1000),
      })
      .returning();
    const r = await callAs(h().app, GetPodExport, session, { ID: stale.id });
    expect(r.Data).toMatchObject({ State: 'failed', Done: 10, Total: 40, Progress: 25, Url: null });
    expect(r.Data!.Error).toContain('შეწყდა');

    const dir = path.join(dataDir, 'pod-exports');
    await mkdir(dir, { recursive: true });
    const [old] = await h()
      .db.insert(podExports)
      .values({
        officeGuid: client.guid,
        requestedBy: user.guid,
        startDay: '2026-11-01',
        endDay: '2026-11-02',
        state: 'ready',
        fileName: 'old.pdf',
        createdAt: new Date(Date.now() - 25 * 3_600_000),
      })
      .returning();
    await writeFile(path.join(dir, 'old.pdf'), '%PDF-1.7');
    expect(await purgePodExports(h().db, h().config)).toBe(1);
    expect(await readdir(dir)).not.toContain('old.pdf');
    expect(await h().db.select().from(podExports).where(eq(podExports.id, old.id))).toHaveLength(0);
    expect(await h().db.select().from(podExports).where(eq(podExports.id, stale.id))).toHaveLength(1);
  });

  it('a range with no delivery is ready with a one-page PDF that says so', async () => {
    const { client } = await world();
    const { session } = await signIn(h().app, h().db, { roleId: 100 });
    const start = await callAs(h().app, PodExport, session, {
      StartDate: '2026-01-01',
      EndDate: '2026-01-31',
      OfficeGUID: client.guid,
    });
    const state = await waitReady(session, start.Data!.Id);
    expect(state).toMatchObject({ State: 'ready', Total: 0, Progress: 100 });
    const read = await readPdf((await download(session, state.Url!)).rawPayload);
    try {
      expect(read.pages).toHaveLength(1);
      expect(read.text).toContain('პერიოდში ჩაბარებული ამანათი არ არის');
    } finally {
      await read.cleanup();
    }
  });
});

describe('bulk proof of delivery through the shipper API (a client’s own key)', () => {
  async function keyOf(officeGuid: string, scopes: ApiScope[] = ['read']) {
    const { session: admin } = await signIn(h().app, h().db, { roleId: Role.Admin });
    const r = await callAs(h().app, CreateApiKey, admin, {
      OfficeGUID: officeGuid,
      Name: 'მაღაზია',
      Scopes: scopes,
    });
    expect(r.Status, r.Error ?? '').toBe(true);
    return { authorization: `Bearer ${r.Data!.Key}` };
  }
  const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    h().app.inject({ method, url: `/api/v1${url}`, headers, payload });

  it('starts, polls and downloads its office’s export; another client’s key gets 404', async () => {
    const { client, other, delivered, foreign } = await world();
    const key = await keyOf(client.guid);
    const body = { StartDate: today(), EndDate: today() };
    const retry = { ...key, 'idempotency-key': randomUUID() };
    const started = await api('POST', '/pod-exports', retry, body);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<{ Id: string }>().Id;
    // a retried start answers the same export and starts no second one
    const again = await api('POST', '/pod-exports', retry, body);
    expect(again.json<{ Id: string }>().Id).toBe(id);
    expect(await h().db.select().from(podExports)).toHaveLength(1);

    await Promise.allSettled([...podRuns]);
    const state = await api('GET', `/pod-exports/${id}`, key);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ State: 'ready', Done: 3, Url: `/api/v1/pod-exports/${id}/file` });
    const file = await api('GET', `/pod-exports/${id}/file`, key);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const read = await readPdf(file.rawPayload, 150);
    try {
      const decoded = (await Promise.all(read.pages.map((p) => decodeCodes(p, 'code128')))).flat().sort();
      expect(decoded).toEqual(delivered.map((p) => p.barcode).sort());
      expect(decoded).not.toContain(foreign.barcode);
    } finally {
      await read.cleanup();
    }

    const stranger = await keyOf(other.guid);
    const hidden = await api('GET', `/pod-exports/${id}`, stranger);
    const missing = await api('GET', `/pod-exports/${randomUUID()}`, stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect((await api('GET', `/pod-exports/${id}/file`, stranger)).statusCode).toBe(404);
    const foreignOffice = await api('POST', '/pod-exports', stranger, { ...body, OfficeGUID: client.guid });
    expect(foreignOffice.statusCode).toBe(404);
  });

  it('refuses bad input in Georgian, a key without the read scope, and no key', async () => {
    const { client } = await world();
    const key = await keyOf(client.guid);
    const bad = await api('POST', '/pod-exports', key, { StartDate: 'ხვალ', EndDate: today() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ Error: string }>().Error).toMatch(/[ა-ჰ]/);
    expect((await api('GET', '/pod-exports/not-a-guid', key)).statusCode).toBe(400);
    const writer = await keyOf(client.guid, ['register']);
    expect(
      (await api('POST', '/pod-exports', writer, { StartDate: today(), EndDate: today() })).statusCode,
    ).toBe(403);
    expect((await api('GET', `/pod-exports/${randomUUID()}`, {})).statusCode).toBe(401);
    expect(await h().db.select().from(podExports)).toHaveLength(0);
  });
});
