/**
 * The archive mover (DOMAIN.md "Archives"): parcels registered more than ARCHIVE_DAYS ago move with
 * their events from the live tables to the archive, and those older than OLD_ARCHIVE_DAYS to the old
 * archive (from the archive, or straight from the live tables when they never passed through it).
 *
 * Each batch is one transaction: pick a batch of parcel guids (locking their rows, so a scan writing
 * an event to one of them finishes first or waits and then finds it archived), copy the parcels and
 * their events (insert … select, keyed by guid), check that every event arrived, then delete them from
 * the source. A stop at any moment (an error, `kill -9`, a lost connection) rolls the open batch back,
 * so every parcel is wholly in its source or wholly in its target: nothing is lost or doubled, and a
 * run after the stop simply carries on. A reader sees a parcel leave one store and enter the next at
 * one commit, in the order live → archive → old archive, the order the parcels core looks in.
 *
 * The events and the proof photos' links (issue 40) are stored per tier and move with their parcel.
 * Signatures, scanned bills and the registry, bag and job lines refer to a parcel by its guid or
 * barcode whatever its store, so they stay where they are (as do the photos' files).
 *
 * One mover at a time (`runArchiveMove`): a PostgreSQL session advisory lock, held on one connection
 * for the whole run, so several server processes (and `npm run archive`) on one database never move at
 * once; a process killed mid-run drops its connection and with it the lock.
 *
 * Event ids are kept when they move (they are the live table's ids, unique across the stores). An
 * event whose id the target already uses for another parcel's event (a row written straight into an
 * archive table) gets a fresh id instead of being dropped.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ARCHIVE_DAYS, OLD_ARCHIVE_DAYS } from '@po/contract';
import { rows, type Database, type Db, type DbOrTx } from '../../db/client.ts';

export interface MoveCounts {
  /** live → archive */
  toArchive: number;
  /** archive → old archive */
  archiveToOld: number;
  /** live → old archive (parcels that skipped the archive, e.g. after a long pause) */
  liveToOld: number;
  /** events moved along with those parcels */
  events: number;
  /** transactions committed */
  batches: number;
  ms: number;
  /** another mover held the lock: this run did nothing */
  skipped?: boolean;
}

export interface MoveOptions {
  /** the moment ages are counted from (default: now) */
  now?: Date;
  /** parcels per transaction (default 500) */
  batchSize?: number;
  /** stop after this many batches (for tests of an interrupted run; default: no limit) */
  maxBatches?: number;
  /** told after each committed batch (the CLI's `--progress`) */
  onBatch?: (batch: number, parcels: number) => void;
}

interface Tier {
  parcels: string;
  events: string;
  photos: string;
}
const LIVE: Tier = { parcels: 'parcels', events: 'parcel_events', photos: 'parcel_photos' };
const ARCHIVE: Tier = {
  parcels: 'parcels_archive',
  events: 'parcel_events_archive',
  photos: 'parcel_photos_archive',
};
const OLD: Tier = {
  parcels: 'parcels_old_archive',
  events: 'parcel_events_old_archive',
  photos: 'parcel_photos_old_archive',
};

/** Moves the batch's photo links (same columns on every tier) before their parcels leave the source. */
async function movePhotoLinks(tx: DbOrTx, from: Tier, to: Tier, ids: SQL): Promise<void> {
  const cols = ident(await columnsOf(tx, from.photos));
  const F = sql.raw(`"${from.photos}"`);
  await tx.execute(
    sql`insert into ${sql.raw(`"${to.photos}"`)} (${cols}) select ${cols} from ${F} where parcel_guid in ${ids}
        on conflict do nothing`,
  );
  await tx.execute(sql`delete from ${F} where parcel_guid in ${ids}`);
}

const DAY_MS = 86_400_000;

async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  const r = await rows<{ c: string }>(
    db,
    sql`select column_name as c from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
  return r.map((x) => x.c);
}

const ident = (names: string[]) => sql.raw(names.map((n) => `"${n}"`).join(', '));
const inList = (ids: string[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

interface Budget {
  batches: number;
  events: number;
  maxBatches: number;
  onBatch?: (batch: number, parcels: number) => void;
}

/** Moves every parcel of `from` registered before `cutoff` into `to`, batch by batch. */
async function moveTier(
  db: Db,
  from: Tier,
  to: Tier,
  cutoff: Date,
  archivedAt: Date,
  batchSize: number,
  budget: Budget,
): Promise<number> {
  // The shared columns, read from the database so the mover follows the schema as it grows.
  const [srcP, dstP, srcE, dstE] = await Promise.all([
    columnsOf(db, from.parcels),
    columnsOf(db, to.parcels),
    columnsOf(db, from.events),
    columnsOf(db, to.events),
  ]);
  const pCols = srcP.filter((c) => dstP.includes(c) && c !== 'archived_at');
  const eCols = srcE.filter((c) => dstE.includes(c));
  const stamp = dstP.includes('archived_at');
  let moved = 0;
  for (;;) {
    if (budget.batches >= budget.maxBatches) return moved;
    const n = await db.transaction(async (tx) => {
      const picked = await rows<{ guid: string }>(
        tx,
        sql`select guid from ${sql.raw(`"${from.parcels}"`)} where create_date < ${cutoff.toISOString()}::timestamptz
            order by create_date, guid limit ${batchSize} for update`,
      );
      if (picked.length === 0) return 0;
      const ids = inList(picked.map((p) => p.guid));
      const P = sql.raw(`"${from.parcels}"`);
      const E = sql.raw(`"${from.events}"`);
      const T = sql.raw(`"${to.events}"`);
      await tx.execute(
        stamp
          ? sql`insert into ${sql.raw(`"${to.parcels}"`)} (${ident(pCols)}, archived_at)
                select ${ident(pCols)}, ${archivedAt.toISOString()}::timestamptz from ${P} where guid in ${ids}
                on conflict (guid) do nothing`
          : sql`insert into ${sql.raw(`"${to.parcels}"`)} (${ident(pCols)})
                select ${ident(pCols)} from ${P} where guid in ${ids} on conflict (guid) do nothing`,
      );
      // the events with their ids; one whose id the target gives another parcel's event, with a new id
      const kept = await rows<{ n: number }>(
        tx,
        sql`with ins as (
              insert into ${T} (${ident(eCols)})
              select ${ident(eCols)} from ${E} e where e.parcel_guid in ${ids}
                and not exists (select 1 from ${T} t where t.id = e.id) returning 1)
            select count(*)::int as n from ins`,
      );
      const noId = eCols.filter((c) => c !== 'id');
      const renumbered = await rows<{ n: number }>(
        tx,
        sql`with ins as (
              insert into ${T} (${ident(noId)})
              select ${sql.raw(noId.map((c) => `e."${c}"`).join(', '))} from ${E} e where e.parcel_guid in ${ids}
                and exists (select 1 from ${T} t where t.id = e.id and t.parcel_guid <> e.parcel_guid)
              returning 1)
            select count(*)::int as n from ins`,
      );
      // nothing leaves the source unless it is in the target
      const [lost] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${E} e where e.parcel_guid in ${ids} and not exists (
              select 1 from ${T} t where t.parcel_guid = e.parcel_guid and t.status_id = e.status_id
                and t.created_at = e.created_at)`,
      );
      if ((lost?.n ?? 0) > 0) throw new Error(`archive: ${lost.n} events did not reach ${to.events}`);
      const ev = [{ n: (kept[0]?.n ?? 0) + (renumbered[0]?.n ?? 0) }];
      await movePhotoLinks(tx, from, to, ids);
      await tx.execute(sql`delete from ${E} where parcel_guid in ${ids}`);
      await tx.execute(sql`delete from ${P} where guid in ${ids}`);
      budget.events += ev[0]?.n ?? 0;
      return picked.length;
    });
    if (n === 0) return moved;
    budget.batches++;
    budget.onBatch?.(budget.batches, n);
    moved += n;
    if (n < batchSize) return moved;
  }
}

/**
 * Runs the mover once: old parcels to the old archive first (from the live tables and from the
 * archive), then the rest of the parcels past ARCHIVE_DAYS to the archive. Answers the counts.
 */
export async function moveToArchives(db: Db, opts: MoveOptions = {}): Promise<MoveCounts> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? 500));
  const archiveCutoff = new Date(now.getTime() - ARCHIVE_DAYS * DAY_MS);
  const oldCutoff = new Date(now.getTime() - OLD_ARCHIVE_DAYS * DAY_MS);
  const budget: Budget = {
    batches: 0,
    events: 0,
    maxBatches: opts.maxBatches ?? Number.POSITIVE_INFINITY,
    onBatch: opts.onBatch,
  };
  const liveToOld = await moveTier(db, LIVE, OLD, oldCutoff, now, batchSize, budget);
  const archiveToOld = await moveTier(db, ARCHIVE, OLD, oldCutoff, now, batchSize, budget);
  const toArchive = await moveTier(db, LIVE, ARCHIVE, archiveCutoff, now, batchSize, budget);
  return {
    toArchive,
    archiveToOld,
    liveToOld,
    events: budget.events,
    batches: budget.batches,
    ms: Date.now() - started,
  };
}

/** One line for logs. */
export function describeCounts(c: MoveCounts): string {
  if (c.skipped) return 'archive: another mover is running; nothing done';
  return (
    `archive: ${c.toArchive} to the archive, ${c.archiveToOld + c.liveToOld} to the old archive ` +
    `(${c.archiveToOld} from the archive, ${c.liveToOld} from live), ${c.events} events, ${c.batches} batches, ${c.ms} ms`
  );
}

/** Any number, the same in every process: the key of the advisory lock the mover runs under. */
export const ARCHIVE_LOCK = 7_412_012;
/** Runs of this process, per database (PGlite's one session would let a second run take the lock). */
const running = new WeakMap<Database, Promise<MoveCounts>>();

const skipped = (): MoveCounts => ({
  toArchive: 0,
  archiveToOld: 0,
  liveToOld: 0,
  events: 0,
  batches: 0,
  ms: 0,
  skipped: true,
});

/**
 * Runs the mover once under the archive lock. When another process (or this one) is already moving,
 * answers at once with `skipped: true` and moves nothing.
 */
export function runArchiveMove(database: Database, opts: MoveOptions = {}): Promise<MoveCounts> {
  if (running.has(database)) return Promise.resolve(skipped());
  const run = database
    .session(async (exec) => {
      const [r] = await exec(`select pg_try_advisory_lock(${ARCHIVE_LOCK}) as ok`);
      if (!r?.ok) return skipped();
      try {
        return await moveToArchives(database.db, opts);
      } finally {
        await exec(`select pg_advisory_unlock(${ARCHIVE_LOCK})`);
      }
    })
    .finally(() => running.delete(database));
  running.set(database, run);
  return run;
}
