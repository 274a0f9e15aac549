/**
 * The archive mover (DOMAIN.md "Archives"): parcels registered more than ARCHIVE_DAYS ago move with
 * their events from the live tables to the archive, and those older than OLD_ARCHIVE_DAYS to the old
 * archive (from the archive, or straight from the live tables when they never passed through it).
 *
 * Each batch is one transaction: pick a batch of parcel guids, copy the parcels and their events
 * (insert … select, keyed by guid), then delete them from the source. A stop at any moment leaves
 * every parcel either wholly in its source or wholly in its target, so nothing is lost or doubled.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ARCHIVE_DAYS, OLD_ARCHIVE_DAYS } from '@po/contract';
import { rows, type Db, type DbOrTx } from '../../db/client.ts';

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
}

export interface MoveOptions {
  /** the moment ages are counted from (default: now) */
  now?: Date;
  /** parcels per transaction (default 500) */
  batchSize?: number;
  /** stop after this many batches (for tests of an interrupted run; default: no limit) */
  maxBatches?: number;
}

interface Tier {
  parcels: string;
  events: string;
}
const LIVE: Tier = { parcels: 'parcels', events: 'parcel_events' };
const ARCHIVE: Tier = { parcels: 'parcels_archive', events: 'parcel_events_archive' };
const OLD: Tier = { parcels: 'parcels_old_archive', events: 'parcel_events_old_archive' };

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

/** Moves every parcel of `from` registered before `cutoff` into `to`, batch by batch. */
async function moveTier(
  db: Db,
  from: Tier,
  to: Tier,
  cutoff: Date,
  archivedAt: Date,
  batchSize: number,
  budget: { batches: number; events: number; maxBatches: number },
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
      await tx.execute(
        stamp
          ? sql`insert into ${sql.raw(`"${to.parcels}"`)} (${ident(pCols)}, archived_at)
                select ${ident(pCols)}, ${archivedAt.toISOString()}::timestamptz from ${P} where guid in ${ids}
                on conflict (guid) do nothing`
          : sql`insert into ${sql.raw(`"${to.parcels}"`)} (${ident(pCols)})
                select ${ident(pCols)} from ${P} where guid in ${ids} on conflict (guid) do nothing`,
      );
      const ev = await rows<{ n: number }>(
        tx,
        sql`with ins as (
              insert into ${sql.raw(`"${to.events}"`)} (${ident(eCols)})
              select ${ident(eCols)} from ${E} where parcel_guid in ${ids} on conflict (id) do nothing returning 1)
            select count(*)::int as n from ins`,
      );
      await tx.execute(sql`delete from ${E} where parcel_guid in ${ids}`);
      await tx.execute(sql`delete from ${P} where guid in ${ids}`);
      budget.events += ev[0]?.n ?? 0;
      return picked.length;
    });
    if (n === 0) return moved;
    budget.batches++;
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
  const budget = { batches: 0, events: 0, maxBatches: opts.maxBatches ?? Number.POSITIVE_INFINITY };
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
  return (
    `archive: ${c.toArchive} to the archive, ${c.archiveToOld + c.liveToOld} to the old archive ` +
    `(${c.archiveToOld} from the archive, ${c.liveToOld} from live), ${c.events} events, ${c.batches} batches, ${c.ms} ms`
  );
}
