import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { migrate, openDatabase, rows, type Db } from '../../db/client.ts';
import { parcelEvents, parcels, parcelsArchive } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { ARCHIVE_LOCK, moveToArchives, runArchiveMove } from './mover.ts';

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

/** Every parcel in exactly one store, every event beside its parcel, and the grand totals. */
async function census(db: Db) {
  const [r] = await rows<{ p: number; e: number; doubled: number; orphans: number; guids: number }>(
    db,
    sql`with allp as (
          select guid from parcels union all select guid from parcels_archive
          union all select guid from parcels_old_archive)
        select (select count(*)::int from allp) as p,
          (select count(distinct guid)::int from allp) as guids,
          (select count(*)::int from (select guid from allp group by guid having count(*) > 1) x) as doubled,
          (select count(*)::int from parcel_events) + (select count(*)::int from parcel_events_archive)
            + (select count(*)::int from parcel_events_old_archive) as e,
          (select count(*)::int from parcel_events e where not exists (select 1 from parcels p where p.guid = e.parcel_guid))
          + (select count(*)::int from parcel_events_archive e where not exists (select 1 from parcels_archive p where p.guid = e.parcel_guid))
          + (select count(*)::int from parcel_events_old_archive e where not exists (select 1 from parcels_old_archive p where p.guid = e.parcel_guid)) as orphans`,
  );
  return r;
}
async function stores(db: Db) {
  const [r] = await rows<{ live: number; arch: number; old: number }>(
    db,
    sql`select (select count(*)::int from parcels) as live, (select count(*)::int from parcels_archive) as arch,
               (select count(*)::int from parcels_old_archive) as old`,
  );
  return r;
}

describe('archive mover, interrupted', () => {
  it('a batch that fails midway (after copying, before deleting) rolls back whole; the next run carries on', async () => {
    const { db } = h();
    const guids: string[] = [];
    for (let i = 0; i < 6; i++) guids.push(await liveParcel(db, 200 + i));
    const before = await census(db);
    // guids are youngest first: the batches go 5,4 | 3,2 | 1,0, and parcel 3 cannot be deleted from the live store, so
    // the second batch fails after its copy
    const victim = guids[3];
    await db.execute(
      sql.raw(`create or replace function test_archive_fault() returns trigger language plpgsql as $$
        begin if old.guid = '${victim}' then raise exception 'disk on fire'; end if; return old; end $$`),
    );
    await db.execute(
      sql`create trigger test_archive_fault before delete on parcels for each row execute function test_archive_fault()`,
    );
    try {
      await expect(moveToArchives(db, { now: NOW, batchSize: 2 })).rejects.toThrow(/delete from "parcels"/);
      // the first batch (two parcels) committed; the failing batch left its parcels and events live
      expect(await stores(db)).toEqual({ live: 4, arch: 2, old: 0 });
      for (const g of guids.slice(0, 4))
        expect(await where(db, g)).toMatchObject({ live: 1, arch: 0, el: 2, ea: 0 });
      expect(await census(db)).toEqual({ ...before, doubled: 0, orphans: 0 });
    } finally {
      await db.execute(sql`drop trigger test_archive_fault on parcels`);
      await db.execute(sql`drop function test_archive_fault()`);
    }
    const rest = await moveToArchives(db, { now: NOW, batchSize: 2 });
    expect(rest.toArchive).toBe(4);
    expect(rest.events).toBe(8);
    expect(await stores(db)).toEqual({ live: 0, arch: 6, old: 0 });
    expect(await census(db)).toEqual(before);
  });

  it('keeps an event whose id the archive already gives another parcel’s event', async () => {
    const { db } = h();
    // written straight into the archive: its events take ids 1 and 2 of the archive's own sequence
    const direct = randomUUID();
    await db
      .insert(parcelsArchive)
      .values({ guid: direct, barcode: 'TD000000010', createDate: daysAgo(300), curStatusId: 8734 });
    await db.execute(
      sql`insert into parcel_events_archive (parcel_guid, status_id, created_at) values (${direct}, 8744, now()), (${direct}, 8734, now())`,
    );
    const live = await liveParcel(db, 250); // its live events have ids 1 and 2 as well
    const before = await census(db);
    const c = await moveToArchives(db, { now: NOW });
    expect(c).toMatchObject({ toArchive: 1, events: 2 });
    expect(await where(db, live)).toMatchObject({ live: 0, arch: 1, el: 0, ea: 2 });
    expect(await where(db, direct)).toMatchObject({ arch: 1, ea: 2 });
    expect(await census(db)).toEqual(before);
  });

  it('runs one mover at a time in a process', async () => {
    const { database, db } = h();
    for (let i = 0; i < 3; i++) await liveParcel(db, 300 + i);
    const [a, b] = await Promise.all([
      runArchiveMove(database, { now: NOW }),
      runArchiveMove(database, { now: NOW }),
    ]);
    expect([a.skipped ?? false, b.skipped ?? false].sort()).toEqual([false, true]);
    expect(a.toArchive + b.toArchive).toBe(3);
    // the lock is given back: the next run goes ahead
    expect((await runArchiveMove(database, { now: NOW })).skipped).toBeUndefined();
  });
});

const pgUrl = process.env.DATABASE_URL;
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'archive-cli.ts');

/** `npm run archive` as its own process on a database (`DATABASE_URL`, or PGlite under `DATA_DIR`). */
function mover(
  db: { url: string } | { dataDir: string },
  batchSize: number,
): { child: ChildProcess; done: Promise<{ code: number | null; out: string }>; out: () => string } {
  const env = 'url' in db ? { DATABASE_URL: db.url } : { DATABASE_URL: '', DATA_DIR: db.dataDir };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--batch-size', String(batchSize), '--progress'],
    { env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
  return { child, done, out: () => out };
}

async function until(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!pgUrl)('archive mover across processes (PostgreSQL)', () => {
  it(
    'a second process waits its turn, and kill -9 mid-run loses and doubles nothing',
    { timeout: 180_000 },
    async () => {
      const { db } = h();
      const [{ name }] = await rows<{ name: string }>(db, sql`select current_database() as name`);
      const u = new URL(pgUrl!);
      u.pathname = `/${name}`;
      const url = u.toString();
      // 120 parcels for the archive and 40 for the old one, generated in SQL, each with three events
      await db.execute(sql`insert into parcels (guid, barcode, create_date, cur_status_id)
      select gen_random_uuid(), 'KL' || lpad(g::text, 9, '0'),
        now() - ((case when g <= 40 then 1900 else 200 end) || ' days')::interval - (g || ' minutes')::interval, 8734
      from generate_series(1, 160) g`);
      await db.execute(sql`insert into parcel_events (parcel_guid, status_id, created_at)
      select p.guid, s, p.create_date + (s - 8700 || ' minutes')::interval from parcels p, unnest(array[8744, 8712, 8734]) s`);
      await liveParcel(db, 3);
      // each deletion from the live store takes a while, so the run is long enough to be cut
      await db.execute(sql`create or replace function test_archive_slow() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.05); return old; end $$`);
      await db.execute(
        sql`create trigger test_archive_slow before delete on parcels for each row execute function test_archive_slow()`,
      );
      const before = await census(db);
      expect(before).toMatchObject({ p: 161, e: 482, doubled: 0, orphans: 0 });

      const a = mover({ url }, 5);
      // A has moved a batch: it holds the lock
      await until(async () => (await stores(db)).old > 0);
      const other = await openDatabase({ url });
      try {
        const [held] = await rows<{ n: number }>(
          other.db,
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${ARCHIVE_LOCK}`,
        );
        expect(held.n).toBe(1);
      } finally {
        await other.close();
      }
      const b = await mover({ url }, 5).done;
      expect(b).toMatchObject({ code: 0 });
      expect(b.out).toContain('another mover is running');

      // kill -9 in the middle of the run: whatever batch was open is rolled back by the server
      await until(async () => (await stores(db)).arch > 10);
      a.child.kill('SIGKILL');
      await a.done;
      await until(async () => {
        const [l] = await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${ARCHIVE_LOCK}`,
        );
        return l.n === 0;
      });
      const cut = await stores(db);
      expect(cut.live).toBeGreaterThan(1); // it really was cut short
      expect(await census(db)).toEqual(before);
      // the moved ones are whole where they are
      const [partial] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from parcels_archive p
          where (select count(*) from parcel_events_archive e where e.parcel_guid = p.guid) <> 3`,
      );
      expect(partial.n).toBe(0);

      // the next run finishes the work
      const c = await mover({ url }, 50).done;
      expect(c.code).toBe(0);
      expect(await stores(db)).toEqual({ live: 1, arch: 120, old: 40 });
      expect(await census(db)).toEqual(before);
      await db.execute(sql`drop trigger test_archive_slow on parcels`);
      await db.execute(sql`drop function test_archive_slow()`);
    },
  );
});

describe.skipIf(!!pgUrl)('archive mover killed with kill -9 (PGlite)', () => {
  it('loses and doubles nothing, and the next run finishes', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'po-archive-kill-'));
    const dir = path.join(dataDir, 'pglite');
    const open = async () => {
      const d = await openDatabase({ dataDir: dir });
      return d;
    };
    try {
      let d = await open();
      await migrate(d);
      await d.db.execute(sql`insert into parcels (guid, barcode, create_date, cur_status_id)
        select gen_random_uuid(), 'KP' || lpad(g::text, 9, '0'),
          now() - ((case when g <= 40 then 1900 else 200 end) || ' days')::interval - (g || ' minutes')::interval, 8734
        from generate_series(1, 200) g`);
      await d.db.execute(sql`insert into parcel_events (parcel_guid, status_id, created_at)
        select p.guid, s, p.create_date + (s - 8700 || ' minutes')::interval from parcels p, unnest(array[8744, 8712, 8734]) s`);
      await liveParcel(d.db, 3);
      await d.db
        .execute(sql`create or replace function test_archive_slow() returns trigger language plpgsql as $$
        begin perform pg_sleep(0.03); return old; end $$`);
      await d.db.execute(
        sql`create trigger test_archive_slow before delete on parcels for each row execute function test_archive_slow()`,
      );
      const before = await census(d.db);
      expect(before).toMatchObject({ p: 201, e: 602, doubled: 0, orphans: 0 });
      await d.close();

      // killed right after its sixth batch committed, in the middle of the seventh
      const a = mover({ dataDir }, 5);
      await until(async () => /batch 6 committed/.test(a.out()), 180_000);
      a.child.kill('SIGKILL');
      await a.done;

      d = await open();
      const cut = await stores(d.db);
      expect(cut.live).toBeGreaterThan(1); // it really was cut short
      expect(cut.old + cut.arch).toBeGreaterThanOrEqual(30);
      expect(await census(d.db)).toEqual(before);
      const [partial] = await rows<{ n: number }>(
        d.db,
        sql`select (select count(*)::int from parcels_archive p
                    where (select count(*) from parcel_events_archive e where e.parcel_guid = p.guid) <> 3)
                 + (select count(*)::int from parcels_old_archive p
                    where (select count(*) from parcel_events_old_archive e where e.parcel_guid = p.guid) <> 3) as n`,
      );
      expect(partial.n).toBe(0);
      await d.close();

      const b = await mover({ dataDir }, 100).done;
      expect(b.code).toBe(0);
      d = await open();
      expect(await stores(d.db)).toEqual({ live: 1, arch: 160, old: 40 });
      expect(await census(d.db)).toEqual(before);
      await d.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
