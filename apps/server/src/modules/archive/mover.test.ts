import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import { parcelEvents, parcels, parcelsArchive } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { moveToArchives } from './mover.ts';

const h = useHarness();
const NOW = new Date('2026-06-15T10:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
let n = 0;

/** A live parcel registered `age` days before NOW, with a registration and a confirmation event. */
async function liveParcel(db: Db, age: number) {
  const guid = randomUUID();
  const created = daysAgo(age);
  await db.insert(parcels).values({
    guid,
    barcode: `TS${String(++n).padStart(8, '0')}0`,
    createDate: created,
    receiverName: `მიმღები ${n}`,
    curStatusId: 8734,
    curStatusAt: new Date(created.getTime() + 3_600_000),
  });
  await db.insert(parcelEvents).values([
    { parcelGuid: guid, statusId: 8744, createdAt: created, comment: 'რეგისტრაცია' },
    { parcelGuid: guid, statusId: 8734, createdAt: new Date(created.getTime() + 3_600_000) },
  ]);
  return guid;
}

async function where(db: Db, guid: string) {
  const [r] = await rows<{ live: number; arch: number; old: number; el: number; ea: number; eo: number }>(
    db,
    sql`select
      (select count(*)::int from parcels where guid = ${guid}) as live,
      (select count(*)::int from parcels_archive where guid = ${guid}) as arch,
      (select count(*)::int from parcels_old_archive where guid = ${guid}) as old,
      (select count(*)::int from parcel_events where parcel_guid = ${guid}) as el,
      (select count(*)::int from parcel_events_archive where parcel_guid = ${guid}) as ea,
      (select count(*)::int from parcel_events_old_archive where parcel_guid = ${guid}) as eo`,
  );
  return r;
}

async function totals(db: Db) {
  const [r] = await rows<{ p: number; e: number }>(
    db,
    sql`select
      (select count(*)::int from parcels) + (select count(*)::int from parcels_archive)
        + (select count(*)::int from parcels_old_archive) as p,
      (select count(*)::int from parcel_events) + (select count(*)::int from parcel_events_archive)
        + (select count(*)::int from parcel_events_old_archive) as e`,
  );
  return r;
}

describe('archive mover', () => {
  it('moves old parcels with their events to the right store and keeps recent ones live', async () => {
    const { db } = h();
    const recent = await liveParcel(db, 10);
    const edge = await liveParcel(db, 179);
    const archived = await liveParcel(db, 200);
    const ancient = await liveParcel(db, 2000);
    // a parcel already in the archive that has since passed 1825 days
    const inArchive = randomUUID();
    await db.insert(parcelsArchive).values({
      guid: inArchive,
      barcode: 'TS999999990',
      createDate: daysAgo(1900),
      curStatusId: 8712,
      archivedAt: daysAgo(1700),
    });
    await db.execute(
      sql`insert into parcel_events_archive (parcel_guid, status_id, created_at) values (${inArchive}, 8744, ${daysAgo(1900).toISOString()}::timestamptz), (${inArchive}, 8712, ${daysAgo(1899).toISOString()}::timestamptz)`,
    );
    const before = await totals(db);

    const counts = await moveToArchives(db, { now: NOW });
    expect(counts).toMatchObject({ toArchive: 1, liveToOld: 1, archiveToOld: 1, events: 6 });

    expect(await where(db, recent)).toEqual({ live: 1, arch: 0, old: 0, el: 2, ea: 0, eo: 0 });
    expect(await where(db, edge)).toEqual({ live: 1, arch: 0, old: 0, el: 2, ea: 0, eo: 0 });
    expect(await where(db, archived)).toEqual({ live: 0, arch: 1, old: 0, el: 0, ea: 2, eo: 0 });
    expect(await where(db, ancient)).toEqual({ live: 0, arch: 0, old: 1, el: 0, ea: 0, eo: 2 });
    expect(await where(db, inArchive)).toEqual({ live: 0, arch: 0, old: 1, el: 0, ea: 0, eo: 2 });
    expect(await totals(db)).toEqual(before);

    // the moved rows keep their fields, and say when they were archived
    const [a] = await rows<{ receiver_name: string; cur_status_id: number; archived_at: Date | string }>(
      db,
      sql`select receiver_name, cur_status_id, archived_at from parcels_archive where guid = ${archived}`,
    );
    expect(a.receiver_name).toMatch(/^მიმღები /);
    expect(a.cur_status_id).toBe(8734);
    expect(new Date(a.archived_at).toISOString()).toBe(NOW.toISOString());
    const [e] = await rows<{ comment: string }>(
      db,
      sql`select comment from parcel_events_archive where parcel_guid = ${archived} and status_id = 8744`,
    );
    expect(e.comment).toBe('რეგისტრაცია');

    // a second run finds nothing more to move
    expect(await moveToArchives(db, { now: NOW })).toMatchObject({
      toArchive: 0,
      liveToOld: 0,
      archiveToOld: 0,
      events: 0,
    });
    expect(await totals(db)).toEqual(before);
  });

  it('works one parcel per transaction, and an interrupted run loses and doubles nothing', async () => {
    const { db } = h();
    for (let i = 0; i < 4; i++) await liveParcel(db, 200 + i);
    for (let i = 0; i < 3; i++) await liveParcel(db, 1900 + i);
    await liveParcel(db, 5);
    const before = await totals(db);

    // stopped after two batches: each moved parcel is wholly in its new store
    const partial = await moveToArchives(db, { now: NOW, batchSize: 1, maxBatches: 2 });
    expect(partial.batches).toBe(2);
    expect(await totals(db)).toEqual(before);

    const rest = await moveToArchives(db, { now: NOW, batchSize: 1 });
    expect(partial.liveToOld + rest.liveToOld).toBe(3);
    expect(partial.toArchive + rest.toArchive).toBe(4);
    expect(rest.batches).toBe(5);
    expect(await totals(db)).toEqual(before);
    const [c] = await rows<{ live: number; arch: number; old: number; orphans: number }>(
      db,
      sql`select (select count(*)::int from parcels) as live,
                 (select count(*)::int from parcels_archive) as arch,
                 (select count(*)::int from parcels_old_archive) as old,
                 (select count(*)::int from parcel_events e where not exists (select 1 from parcels p where p.guid = e.parcel_guid))
                 + (select count(*)::int from parcel_events_archive e where not exists (select 1 from parcels_archive p where p.guid = e.parcel_guid))
                 + (select count(*)::int from parcel_events_old_archive e where not exists (select 1 from parcels_old_archive p where p.guid = e.parcel_guid)) as orphans`,
    );
    expect(c).toEqual({ live: 1, arch: 4, old: 3, orphans: 0 });
  });
});
