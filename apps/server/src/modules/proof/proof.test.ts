/**
 * Proof of delivery on the server (issue 40): a courier's job with photos (checked by content, stored
 * once by hash, a resend stores nothing twice), refusals that write nothing, the rules per operation,
 * the office's reads with the parcel's scope, the housekeeping and the archive mover.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { Code, Status } from '@po/contract';
import { MobSendJob } from '@po/contract/mobile';
import { GetParcelPhoto, GetParcelPhotos } from '@po/contract/proof/photos';
import { DeleteProofRule, GetProofRules, SaveProofRule } from '@po/contract/proof/rules';
import { rows } from '../../db/client.ts';
import { courierJobBody, type CourierJobBody } from '@po/contract/testing';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn, type Session } from '../../test/factories.ts';
import { moveToArchives } from '../archive/mover.ts';
import { PHOTO_GRACE_MS, sweepPhotos } from './service.ts';
import { photoStore } from '../../lib/photo-store.ts';

const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-photos-'));
afterAll(() => fs.rmSync(photosDir, { recursive: true, force: true }));
const h = useHarness({ config: { PHOTOS_DIR: photosDir } });

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A real JPEG (or PNG) of a plain colour, as base64. */
async function photo(r: number, opts: { png?: boolean; width?: number; height?: number } = {}) {
  const img = sharp({
    create: {
      width: opts.width ?? 64,
      height: opts.height ?? 48,
      channels: 3,
      background: { r, g: 90, b: 40 },
    },
  });
  const buf = await (opts.png ? img.png() : img.jpeg({ quality: 80 })).toBuffer();
  return buf.toString('base64');
}
const courier = () => signIn(h().app, h().db, { roleId: 106 });
const admin = () => signIn(h().app, h().db, { roleId: 100 });

const job = (status: number, barcodes: string[], over: CourierJobBody = {}) =>
  courierJobBody(status, barcodes, {
    Comment: 'ჩაბარდა პირადად',
    ImageB64: status === Status.Delivered ? SIGNATURE : '',
    CarNumber: '',
    DriverId: '',
    ...over,
  });
const send = (s: Session, body: Record<string, unknown>) => callAs(h().app, MobSendJob, s, body);

async function count(table: string): Promise<number> {
  const [r] = await rows<{ n: number }>(h().db, sql.raw(`select count(*)::int as n from ${table}`));
  return r.n;
}
async function files(): Promise<string[]> {
  const out: string[] = [];
  for await (const f of photoStore(h().config).list()) out.push(f.hash);
  return out.sort();
}
async function clearFiles() {
  for (const f of await files()) await photoStore(h().config).delete(f);
}

/** A courier holding a parcel of an office, and that office. */
async function held() {
  const office = await makeOffice(h().db);
  const c = await courier();
  const parcel = await makeParcel(h().db, {
    courierGuid: c.user.guid,
    statuses: [Status.Pickup],
    originDepotGuid: office.guid,
  });
  return { office, c, parcel };
}

describe('photos in a courier job', () => {
  it('stores each photo once by its hash, across parcels and a resend, and the office reads them', async () => {
    await clearFiles();
    const { c, parcel } = await held();
    const other = await makeParcel(h().db, { courierGuid: c.user.guid, statuses: [Status.Pickup] });
    const [a, b] = [await photo(10), await photo(200, { png: true })];
    const body = job(Status.Delivered, [parcel.barcode, other.barcode], {
      Photos: [`data:image/jpeg;base64,${a}`, b],
    });
    const first = await send(c.session, body);
    expect(first).toMatchObject({ Status: true, Data: { Applied: 2, Repeated: false } });
    expect(await files()).toHaveLength(2);
    expect(await count('proof_photos')).toBe(2);
    expect(await count('parcel_photos')).toBe(4);

    const again = await send(c.session, body);
    expect(again).toMatchObject({ Status: true, Data: { Repeated: true } });
    expect(await files()).toHaveLength(2);
    expect(await count('proof_photos')).toBe(2);
    expect(await count('parcel_photos')).toBe(4);

    // the same photo on another parcel's status change: still one file
    const third = await makeParcel(h().db, { courierGuid: c.user.guid, statuses: [Status.Pickup] });
    const res = await send(c.session, job(8722, [third.barcode], { Comment: 'არავინ დახვდა', Photos: [a] }));
    expect(res).toMatchObject({ Status: true, Data: { Applied: 1 } });
    expect(await files()).toHaveLength(2);
    expect(await count('proof_photos')).toBe(2);
    expect(await count('parcel_photos')).toBe(5);

    const { session: office } = await admin();
    const list = await callAs(h().app, GetParcelPhotos, office, { gui: parcel.guid });
    expect(list.Status).toBe(true);
    expect(list.Data).toHaveLength(2);
    expect(list.Data![0]).toMatchObject({
      Type: 'image/jpeg',
      Width: 64,
      Height: 48,
      StatusId: Status.Delivered,
      Status: 'ჩაბარებულია',
    });
    expect(list.Data![1].Type).toBe('image/png');
    const url = `${list.Data![0].Url}&Id=${office.Id}&Ticket=${office.Ticket}`;
    const file = await h().app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(Buffer.from(a, 'base64'))).toBe(true);
  });

  it('refuses a broken, huge or not-an-image photo (and a fourth) whole, writing nothing', async () => {
    await clearFiles();
    const { c, parcel } = await held();
    const good = await photo(30);
    const noisy = await sharp(
      Buffer.alloc(320 * 240 * 3).map((_, i) => (i * 7919) % 251),
      {
        raw: { width: 320, height: 240, channels: 3 },
      },
    )
      .jpeg()
      .toBuffer();
    // the header is whole, the picture is cut off
    const truncated = noisy.subarray(0, Math.floor(noisy.length * 0.6)).toString('base64');
    const wide = await photo(40, { png: true, width: 5000, height: 8 });
    const big = (
      await sharp(
        Buffer.alloc(900 * 900 * 3, 7).map((_, i) => (i * 7919) % 251),
        {
          raw: { width: 900, height: 900, channels: 3 },
        },
      )
        .png({ compressionLevel: 0 })
        .toBuffer()
    ).toString('base64');
    const cases: Array<[unknown, RegExp]> = [
      [[good, truncated], /ფოტო №2 არ არის წაკითხვადი/],
      [[Buffer.from('%PDF-1.4 not a photo').toString('base64')], /ფოტო №1 არ არის წაკითხვადი/],
      [['this is not base64!'], /ფოტო №1 არ არის წაკითხვადი/],
      [[wide], /ფოტო №1 ძალიან დიდია \(მაქსიმუმ 4096/],
      [[big], /ფოტო ძალიან დიდია/],
      [[good, good, good, good], /მაქსიმუმ 3 ფოტო/],
      ['one', /ფოტოები/],
    ];
    for (const [Photos, message] of cases) {
      const res = await send(c.session, job(Status.Delivered, [parcel.barcode], { Photos }));
      expect(res, String(message)).toMatchObject({ Status: false, Code: Code.BadInput });
      expect(res.Error).toMatch(message);
    }
    expect(await count('jobs')).toBe(0);
    expect(await count('proof_photos')).toBe(0);
    expect(await count('parcel_photos')).toBe(0);
    expect(await files()).toEqual([]);
    const [p] = await rows<{ s: number }>(
      h().db,
      sql`select cur_status_id as s from parcels where guid = ${parcel.guid}`,
    );
    expect(p.s).toBe(Status.Pickup);
  });
});

describe('proof rules', () => {
  it('an administrator keeps the rules; a job that breaks one is refused with its message', async () => {
    const { session: boss } = await admin();
    const saved = await callAs(h().app, SaveProofRule, boss, {
      Operation: 'statusChange',
      ReasonId: 8722,
      Photo: true,
      Message: 'არავინ დახვდა: გადაუღეთ ფოტო კარს',
      MessageEn: 'Nobody home: take a photo of the door',
    });
    expect(saved, JSON.stringify(saved)).toMatchObject({ Status: true });
    const id = saved.Data!.Ret;
    const anyHandover = await callAs(h().app, SaveProofRule, boss, {
      Operation: 'handToCourier',
      Signature: true,
      Message: 'კურიერს გადაცემისას საჭიროა ხელმოწერა',
    });
    expect(anyHandover.Status).toBe(true);

    const { c, parcel } = await held();
    const rules = await callAs(h().app, GetProofRules, c.session, {});
    expect(rules.Data).toHaveLength(2);
    expect(rules.Data).toContainEqual(
      expect.objectContaining({
        Id: id,
        Operation: 'statusChange',
        ReasonId: 8722,
        Photo: true,
        Signature: false,
      }),
    );

    const refused = await send(c.session, job(8722, [parcel.barcode], { Comment: 'არავინ დახვდა' }));
    expect(refused).toMatchObject({
      Status: false,
      Code: Code.BadInput,
      Error: 'არავინ დახვდა: გადაუღეთ ფოტო კარს',
    });
    expect(await count('jobs')).toBe(0);
    // another reason has no rule; the hand to courier needs the signature
    const other = await makeParcel(h().db, { courierGuid: c.user.guid, statuses: [Status.Pickup] });
    expect(
      await send(c.session, job(8717, [other.barcode], { Comment: 'მისამართი ვერ მოიძებნა' })),
    ).toMatchObject({
      Status: true,
    });
    expect(await send(c.session, job(Status.HandToCourier, [other.barcode]))).toMatchObject({
      Status: false,
      Error: 'კურიერს გადაცემისას საჭიროა ხელმოწერა',
    });
    const withPhoto = await send(
      c.session,
      job(8722, [parcel.barcode], { Comment: 'არავინ დახვდა', Photos: [await photo(120)] }),
    );
    expect(withPhoto).toMatchObject({ Status: true, Data: { Applied: 1 } });

    // one rule per operation and reason; bad rules refused in Georgian; only administrators write
    const dup = await callAs(h().app, SaveProofRule, boss, {
      Operation: 'statusChange',
      ReasonId: 8722,
      Signature: true,
      Message: 'ორჯერ',
    });
    expect(dup).toMatchObject({ Status: false, Code: Code.Conflict });
    const empty = await callAs(h().app, SaveProofRule, boss, { Operation: 'handover', Message: 'არაფერი' });
    expect(empty).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(empty.Error).toMatch(/ხელმოწერა, ფოტო ან ორივე/);
    const reason = await callAs(h().app, SaveProofRule, boss, {
      Operation: 'handover',
      ReasonId: 8722,
      Photo: true,
      Message: 'ფოტო',
    });
    expect(reason.Error).toMatch(/მიზეზი მხოლოდ/);
    const { session: operator } = await signIn(h().app, h().db, { roleId: 105 });
    expect(
      await callAs(h().app, SaveProofRule, operator, { Operation: 'handover', Photo: true, Message: 'x' }),
    ).toMatchObject({
      Code: Code.Forbidden,
    });
    expect(await callAs(h().app, GetProofRules, null, {})).toMatchObject({ Code: Code.Unauthorized });

    const changed = await callAs(h().app, SaveProofRule, boss, {
      RuleId: id,
      Operation: 'statusChange',
      ReasonId: 8722,
      Signature: true,
      Photo: true,
      Message: 'ფოტო და ხელმოწერა',
    });
    expect(changed).toMatchObject({ Status: true, Data: { Ret: id } });
    expect(await callAs(h().app, DeleteProofRule, boss, { RuleId: id })).toMatchObject({ Status: true });
    expect(await callAs(h().app, DeleteProofRule, boss, { RuleId: id })).toMatchObject({
      Code: Code.NotFound,
    });
    expect((await callAs(h().app, GetProofRules, c.session, {})).Data).toHaveLength(1);
  });
});

describe('the office reads photos with the parcel scope', () => {
  it("another office's client sees no photos and gets no file, exactly as for a missing parcel", async () => {
    const { c, parcel } = await held();
    await send(c.session, job(Status.Delivered, [parcel.barcode], { Photos: [await photo(77)] }));
    const corporate = await makeOffice(h().db, { isCorporate: true });
    const { session: client } = await signIn(h().app, h().db, { roleId: 107, officeGuid: corporate.guid });
    const hidden = await callAs(h().app, GetParcelPhotos, client, { gui: parcel.guid });
    const missing = await callAs(h().app, GetParcelPhotos, client, { gui: randomUUID() });
    expect(hidden).toEqual(missing);
    expect(hidden).toMatchObject({ Status: true, Data: [] });

    const { session: boss } = await admin();
    const [shown] = (await callAs(h().app, GetParcelPhotos, boss, { gui: parcel.guid })).Data!;
    const fileAs = (s: Session | null, gui = parcel.guid) =>
      callAs(h().app, GetParcelPhoto, s, { gui, hash: shown.Hash });
    const hiddenFile = await fileAs(client);
    expect(hiddenFile).toEqual(await fileAs(client, randomUUID()));
    expect(hiddenFile).toMatchObject({ Status: false, Code: Code.NotFound, Error: 'ფოტო ვერ მოიძებნა' });
    expect(await fileAs(null)).toMatchObject({ Code: Code.Unauthorized });
    expect(await fileAs(c.session)).toMatchObject({ Code: Code.Forbidden });
    const bad = await callAs(h().app, GetParcelPhoto, boss, { gui: parcel.guid, hash: 'abc' });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toMatch(/[ა-ჰ]/);
  });
});

describe('housekeeping and the archive', () => {
  it('keeps the photos of archived parcels and removes the files no parcel refers to', async () => {
    await clearFiles();
    const { c, parcel } = await held();
    const kept = await photo(20);
    await send(c.session, job(Status.Delivered, [parcel.barcode], { Photos: [kept] }));
    // the parcel moves to the archive with its photo links
    await h().db.execute(
      sql`update parcels set create_date = now() - interval '400 days' where guid = ${parcel.guid}`,
    );
    const moved = await moveToArchives(h().db);
    expect(moved.toArchive + moved.liveToOld).toBe(1);
    expect(await count('parcel_photos')).toBe(0);
    expect((await count('parcel_photos_archive')) + (await count('parcel_photos_old_archive'))).toBe(1);
    const { session: boss } = await admin();
    const listed = await callAs(h().app, GetParcelPhotos, boss, { gui: parcel.guid });
    expect(listed.Data).toHaveLength(1);

    // an unreferenced photo (its parcel's link gone), a stray old file and a young one
    const other = await makeParcel(h().db, { courierGuid: c.user.guid, statuses: [Status.Pickup] });
    await send(c.session, job(Status.Delivered, [other.barcode], { Photos: [await photo(90)] }));
    await h().db.execute(sql`delete from parcel_photos where parcel_guid = ${other.guid}`);
    const store = photoStore(h().config);
    const stray = Buffer.from(await photo(160), 'base64');
    const strayHash = (await import('node:crypto')).createHash('sha256').update(stray).digest('hex');
    await store.put(strayHash, stray, 'image/jpeg');
    const young = Buffer.from(await photo(250), 'base64');
    const youngHash = (await import('node:crypto')).createHash('sha256').update(young).digest('hex');
    await store.put(youngHash, young, 'image/jpeg');
    expect(await files()).toHaveLength(4);

    // an hour and more later (the young file was written just now: it stays)
    const later = new Date(Date.now() + PHOTO_GRACE_MS + 60_000);
    const old = new Date(Date.now() - PHOTO_GRACE_MS - 60_000);
    fs.utimesSync(path.join(photosDir, strayHash.slice(0, 2), strayHash), old, old);
    const swept = await sweepPhotos(h().db, h().config, later);
    expect(swept).toMatchObject({ photos: 1 });
    expect(swept.strays).toBe(2);
    const left = await files();
    expect(left).toHaveLength(1);
    expect(left[0]).toBe(listed.Data![0].Hash);
    // the archived parcel's photo is still served
    const url = `${listed.Data![0].Url}&Id=${boss.Id}&Ticket=${boss.Ticket}`;
    expect((await h().app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
