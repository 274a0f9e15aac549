/**
 * The photo store's second kind (issue 40): an S3-compatible bucket, tested against a local S3 server
 * (s3rver, from npm, on loopback): the store's own operations, and a courier's job with photos, the
 * office's download and the housekeeping through the server with PHOTO_STORE=s3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { Status } from '@po/contract';
import { MobSendJob } from '@po/contract/mobile';
import { GetParcelPhotos } from '@po/contract/proof/photos';
import type { Config } from '../../config.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeParcel, signIn } from '../../test/factories.ts';
import { S3PhotoStore, photoStore } from '../../lib/photo-store.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: dir,
  silent: true,
  configureBuckets: [{ name: 'proof' }],
});
const settings: Partial<Config> = {
  PHOTO_STORE: 's3',
  PHOTO_S3_BUCKET: 'proof',
  PHOTO_S3_ACCESS_KEY: 'S3RVER',
  PHOTO_S3_SECRET_KEY: 'S3RVER',
};
// before the harness's own set-up, which reads the settings
beforeAll(async () => {
  const { port } = await server.run();
  settings.PHOTO_S3_ENDPOINT = `http://127.0.0.1:${port}`;
});
const h = useHarness({ config: settings });
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const jpeg = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

describe('S3 photo store', () => {
  it('keeps a photo once under its hash, lists, reads and deletes it', async () => {
    const store = photoStore(h().config);
    expect(store).toBeInstanceOf(S3PhotoStore);
    const body = await jpeg(10);
    const hash = createHash('sha256').update(body).digest('hex');
    expect(await store.has(hash)).toBe(false);
    expect(await store.get(hash)).toBeNull();
    expect(await store.put(hash, body, 'image/jpeg')).toBe(true);
    expect(await store.put(hash, body, 'image/jpeg')).toBe(false);
    expect((await store.get(hash))!.equals(body)).toBe(true);
    const listed: string[] = [];
    for await (const f of store.list()) listed.push(f.hash);
    expect(listed).toContain(hash);
    await store.delete(hash);
    expect(await store.has(hash)).toBe(false);
  });

  it('a job’s photos go to the bucket and the office downloads them', async () => {
    const courier = await signIn(h().app, h().db, { roleId: 106 });
    const parcel = await makeParcel(h().db, { courierGuid: courier.user.guid, statuses: [Status.Pickup] });
    const body = await jpeg(200);
    const res = await callAs(h().app, MobSendJob, courier.session, {
      JobId: randomUUID(),
      Status: Status.Delivered,
      Comment: 'ჩაბარდა პირადად',
      ImageB64: `data:image/jpeg;base64,${body.toString('base64')}`,
      Mobile: '',
      CarNumber: '',
      DriverId: '',
      Photos: [body.toString('base64')],
      Ji: [{ Gui: randomUUID(), Barcode: parcel.barcode }],
    });
    expect(res).toMatchObject({ Status: true, Data: { Applied: 1 } });
    const hash = createHash('sha256').update(body).digest('hex');
    expect(await photoStore(h().config).has(hash)).toBe(true);
    const { session } = await signIn(h().app, h().db, { roleId: 100 });
    const [photo] = (await callAs(h().app, GetParcelPhotos, session, { gui: parcel.guid })).Data!;
    const file = await h().app.inject({
      method: 'GET',
      url: `${photo.Url}&Id=${session.Id}&Ticket=${session.Ticket}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(body)).toBe(true);
  });
});
