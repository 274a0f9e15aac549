/**
 * `npm run backup` and `npm run restore` (db/backup.ts) on the database under test: a backup made while
 * the server runs (on the embedded database the running server makes it when asked), restored into an
 * empty database, holds every parcel, event, signature and proof photo (the photos' files, kept outside
 * the database, come back into the new photo store byte for byte); a restore into a database that is not
 * empty is refused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rows, type Database } from './client.ts';
import { parcelPhotos, proofPhotos, signatures } from './schema.ts';
import { makeParcel, makeUser } from '../test/factories.ts';
import { databasePlace, startServerProcess, type DatabasePlace } from '../test/server-process.ts';
import { FilePhotoStore } from '../lib/photo-store.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the backup command line as `npm run backup` / `restore` does, with `env`. */
function cli(command: 'backup' | 'restore', env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', command], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** What a restore must bring back: the rows of the parcel tables and the signatures' bytes. */
async function contents(database: Database) {
  const [counts] = await rows<{
    parcels: number;
    events: number;
    signatures: number;
    bytes: string;
    photos: number;
  }>(
    database.db,
    sql`select (select count(*)::int from parcels) as parcels,
               (select count(*)::int from parcel_events) as events,
               (select count(*)::int from signatures) as signatures,
               (select md5(string_agg(encode(image, 'hex'), ',' order by id)) from signatures) as bytes,
               (select count(*)::int from parcel_photos) as photos`,
  );
  return counts;
}

/** Every file of a photo store with its bytes' sha256, sorted. */
async function photoFiles(dir: string): Promise<string[]> {
  const store = new FilePhotoStore(dir);
  const out: string[] = [];
  for await (const f of store.list()) {
    const body = await store.get(f.hash);
    out.push(`${f.hash}:${createHash('sha256').update(body!).digest('hex')}`);
  }
  return out.sort();
}

describe('backup and restore', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('restores a backup made while the server runs into an empty database, whole', async () => {
    const place = await databasePlace();
    cleanups.push(() => place.drop());
    const backupDir = await mkdtemp(path.join(os.tmpdir(), 'po-backups-'));
    cleanups.push(() => rm(backupDir, { recursive: true, force: true }));

    const photosDir = await mkdtemp(path.join(os.tmpdir(), 'po-photos-'));
    cleanups.push(() => rm(photosDir, { recursive: true, force: true }));
    const photos = new FilePhotoStore(photosDir);

    let database = await place.open();
    const courier = await makeUser(database.db, { roleId: 106 });
    for (let i = 0; i < 5; i++) {
      const p = await makeParcel(database.db);
      await database.db.insert(signatures).values({
        parcelGuid: p.guid,
        barcode: p.barcode,
        image: Buffer.from(`signature ${i} ${p.barcode}`),
      });
      // a proof photo's file in the store and the parcel's link to it
      const body = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(`photo ${i} ${p.barcode}`)]);
      const hash = createHash('sha256').update(body).digest('hex');
      await photos.put(hash, body);
      await database.db
        .insert(proofPhotos)
        .values({ hash, mime: 'image/jpeg', bytes: body.length, width: 8, height: 8 });
      await database.db
        .insert(parcelPhotos)
        .values({ parcelGuid: p.guid, jobId: randomUUID(), hash, statusId: 8712, userGuid: courier.guid });
    }
    const before = await contents(database);
    await database.close();
    expect(before).toMatchObject({ parcels: 5, signatures: 5, photos: 5 });
    const files = await photoFiles(photosDir);
    expect(files).toHaveLength(5);

    const env = { ...place.env, BACKUP_DIR: backupDir, PHOTOS_DIR: photosDir };
    const server = await startServerProcess(env);
    cleanups.push(async () => server.child.kill('SIGKILL'));
    // on the embedded database the running server is asked (its pid file), not opened beside it
    const pidFile = place.env.DATA_DIR ? path.join(place.env.DATA_DIR, 'server.pid') : null;
    if (pidFile) expect(fs.readFileSync(pidFile, 'utf8')).toBe(String(server.child.pid));
    const made = cli('backup', env);
    expect(made.code, made.out).toBe(0);
    const file = /backup: (.+)$/m.exec(made.out)?.[1] ?? '';
    expect(fs.existsSync(file)).toBe(true);
    // the server still serves after the backup, and stops cleanly
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    if (pidFile) expect(fs.existsSync(pidFile)).toBe(false);

    // a database that is not empty is refused
    const refused = cli('restore', env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/restore into an empty one/);

    const target: DatabasePlace = await databasePlace({ empty: true });
    cleanups.push(() => target.drop());
    const restoredPhotos = await mkdtemp(path.join(os.tmpdir(), 'po-photos-restored-'));
    cleanups.push(() => rm(restoredPhotos, { recursive: true, force: true }));
    const restored = cli('restore', { ...target.env, BACKUP_DIR: backupDir, PHOTOS_DIR: restoredPhotos });
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(path.basename(file));
    database = await target.open();
    expect(await contents(database)).toEqual(before);
    await database.close();
    expect(await photoFiles(restoredPhotos)).toEqual(files);
  }, 240_000);
});
