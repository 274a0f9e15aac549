/**
 * The parcels core (ARCHITECTURE.md "Data", DOMAIN.md "Parcels and their events"): the one way in and
 * out of a parcel. Find it by barcode or id in any tier (live, archive, old archive); lock the live row;
 * append an event, which writes the event and the parcel's current status in the caller's transaction.
 * Scans, jobs, bags, registries, waybills, deletion and registration all go through here, so a status
 * change is written one way only.
 *
 * Text searches ("contains" filters of the finders): migration 0003_x_trgm_indexes builds pg_trgm GIN
 * indexes on the plain columns sender_name, receiver_name, fild1, fild2 and description of parcels,
 * parcels_archive and parcels_old_archive. To use them, filter with ILIKE on the bare column and a
 * pattern made by `containsPattern()`:
 *     ilike(parcels.senderName, containsPattern(input.SenderName))   -- sender_name ILIKE '%text%'
 * Do not wrap the column (`lower(sender_name) like …` does not match the index expression) and do not
 * build the pattern in SQL from a concatenation the planner cannot see as a constant prefix-free
 * pattern; a bound parameter is fine. Patterns shorter than 3 characters have no trigram and scan.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { cleanBarcode, Code, FAILURE_STATUSES, Group, Status } from '@po/contract';
import { rows, type DbOrTx, type Tx } from '../../db/client.ts';
import {
  columnsOf,
  ident,
  intsText,
  paramOf,
  rowOf,
  runSql,
  runStatement,
  toDriver,
} from '../../db/statement.ts';
import {
  parcelEvents,
  parcelEventsArchive,
  parcelEventsOldArchive,
  parcels,
  parcelsArchive,
  parcelsOldArchive,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { hasSqlState } from '../../db/errors.ts';
import type { SessionUser } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import type { ParcelScope } from './scope.ts';
import { enqueueNotifications } from '../notifications/events.ts';
import { enqueueWebhooks } from '../webhooks/events.ts';
import type { Lists } from '../../db/list-cache.ts';

export type Tier = 'live' | 'archive' | 'oldArchive';
export type ParcelRow = typeof parcels.$inferSelect;
export type EventRow = typeof parcelEvents.$inferSelect;

export const TIERS: readonly Tier[] = ['live', 'archive', 'oldArchive'];

/** The tables of a tier. The archive tables have the live columns plus `archivedAt`. */
export const tierTables = {
  live: { parcels, events: parcelEvents },
  archive: { parcels: parcelsArchive, events: parcelEventsArchive },
  oldArchive: { parcels: parcelsOldArchive, events: parcelEventsOldArchive },
} as const;

// The three parcel tables (and the three event tables) share their columns; reading any of them through
// the live table's type keeps one code path. The archive rows carry `archivedAt` in addition.
const parcelTable = (tier: Tier) => tierTables[tier].parcels as unknown as typeof parcels;
const eventTable = (tier: Tier) => tierTables[tier].events as unknown as typeof parcelEvents;

/** An ILIKE pattern that finds `text` anywhere, with the user's `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface FindOptions {
  /** the tiers to look in, in this order (default: live, archive, old archive) */
  tiers?: readonly Tier[];
  /** include soft-deleted live parcels (a not-deleted one still wins) */
  includeDeleted?: boolean;
}

/** The scope's condition on a tier's parcel table aliased `p`, as ` and (…)` (empty: every parcel). */
function visibleIn(scope: ParcelScope, tier: Tier): SQL {
  const visible = scope.where('p', tier);
  return visible ? sql` and (${visible})` : sql``;
}

/** Every column of a tier's parcel table (aliased `p`), read as the query builder reads them. */
const TIER_ROWS = {
  live: rowOf(parcels, 'p'),
  archive: rowOf(parcelsArchive, 'p'),
  oldArchive: rowOf(parcelsOldArchive, 'p'),
} as const;

/** A condition on the parcel aliased `p`: its barcode or its id. */
type Match = (p: SQL) => SQL;
const P_ALIAS = sql.raw('p');

async function findIn(
  db: DbOrTx,
  scope: ParcelScope,
  match: Match,
  opts: FindOptions,
): Promise<{ tier: Tier; parcel: ParcelRow } | null> {
  for (const tier of opts.tiers ?? TIERS) {
    const cols = TIER_ROWS[tier];
    // a barcode registered again after a deletion: the live one first, then the latest
    const [row] = await runSql(
      db,
      sql`select ${sql.raw(cols.list)} from ${parcelTable(tier)} p where ${match(P_ALIAS)}${
        opts.includeDeleted ? sql`` : sql` and p.deleted_at is null`
      }${visibleIn(scope, tier)}
      order by (p.deleted_at is null) desc, p.create_date desc limit 1`,
    );
    if (row) return { tier, parcel: cols.read(row) as ParcelRow };
  }
  return null;
}

/**
 * The parcel with this barcode that the scope sees: live first, then the archive, then the old archive
 * (null also for a parcel the caller may not see).
 */
export function findByBarcode(
  db: DbOrTx,
  scope: ParcelScope,
  barcode: string,
  opts: FindOptions = {},
): Promise<{ tier: Tier; parcel: ParcelRow } | null> {
  const code = cleanBarcode(barcode);
  if (!code) return Promise.resolve(null);
  return findIn(db, scope, (p) => sql`${p}.barcode = ${code}`, opts);
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The parcel with this id that the scope sees, in whichever tier holds it. */
export function findByGuid(
  db: DbOrTx,
  scope: ParcelScope,
  guid: string,
  opts: FindOptions = {},
): Promise<{ tier: Tier; parcel: ParcelRow } | null> {
  const id = guid.trim().toLowerCase();
  if (!GUID.test(id)) return Promise.resolve(null);
  return findIn(db, scope, (p) => sql`${p}.guid = ${id}`, opts);
}

/**
 * Locks the live, not-deleted parcel (`SELECT … FOR UPDATE`) that the scope may act on, for the rest of
 * the caller's transaction, and answers it. Fails with 404 `parcels.notFound` when no tier has it (or
 * the caller may not see it), 409 `parcels.archived` when only an archive has it, 409 `parcels.deleted`
 * when only a deleted live row has it.
 */
export async function lockLive(
  tx: Tx,
  scope: ParcelScope,
  by: { barcode: string } | { guid: string },
): Promise<ParcelRow> {
  scope.require('act');
  const isBarcode = 'barcode' in by;
  const key = isBarcode ? cleanBarcode(by.barcode) : by.guid.trim().toLowerCase();
  const params = { barcode: key };
  if (!key || (!isBarcode && !GUID.test(key))) throw new AppError(Code.NotFound, 'parcels.notFound', params);
  const match: Match = isBarcode ? (p) => sql`${p}.barcode = ${key}` : (p) => sql`${p}.guid = ${key}`;
  const visible = visibleIn(scope, 'live');
  const [row] = await runSql(
    tx,
    sql`select ${sql.raw(TIER_ROWS.live.list)} from parcels p
      where ${match(P_ALIAS)} and p.deleted_at is null${visible} limit 1 for update`,
  );
  if (row) return TIER_ROWS.live.read(row);
  const [deleted] = await runSql(
    tx,
    sql`select p.guid from parcels p where ${match(P_ALIAS)} and p.deleted_at is not null${visible} limit 1`,
  );
  if (deleted) throw new AppError(Code.Conflict, 'parcels.deleted', params);
  const archived = await findIn(tx, scope, match, {
    tiers: ['archive', 'oldArchive'],
    includeDeleted: true,
  });
  if (archived) throw new AppError(Code.Conflict, 'parcels.archived', params);
  throw new AppError(Code.NotFound, 'parcels.notFound', params);
}

/** What happened to a parcel: the new status and where it came from. */
export interface EventInput {
  statusId: number;
  comment?: string;
  lat?: number | null;
  lng?: number | null;
  /** the courier's phone time, for jobs */
  deviceTime?: Date | null;
  mobile?: string | null;
  jobId?: string | null;
  bagGuid?: string | null;
  registryId?: number | null;
  waybillId?: number | null;
  /** parcel columns that change with the event */
  set?: Partial<
    Pick<
      ParcelRow,
      | 'courierGuid'
      | 'bagGuid'
      | 'waybillId'
      | 'isPayed'
      | 'payedAt'
      | 'comment'
      | 'deletedAt'
      | 'deletedBy'
      | 'deletedIp'
    >
  >;
}

export type Actor = Pick<SessionUser, 'guid' | 'roleId' | 'officeGuid'>;

/** Who writes an event: the scope's user (the system's own events are not written through here). */
function actorOf(scope: ParcelScope): Actor {
  if (!scope.user) throw forbidden();
  return scope.user;
}

const P = rowOf(parcels, 'p');
const E = rowOf(parcelEvents, 'e');
const PARCEL_COLUMNS = new Map(columnsOf(parcels).map((c) => [c.key as string, c]));
/** An event's own columns: all but its id, and the parcel and time it takes from the parcel's row. */
const EVENT_OWN = columnsOf(parcelEvents).filter(
  (c) => c.key !== 'id' && c.key !== 'parcelGuid' && c.key !== 'createdAt',
);

/** The names of the event's own parameters, in their order (the bench's pgbench scripts fill them). */
export const EVENT_PARAMS: readonly string[] = EVENT_OWN.map((c) => c.key);

/**
 * The event row written with the parcel row `p` of the same statement: the parcel's id, its new status
 * time, the rest from parameters `$first…` (in EVENT_OWN order); the statement answers both rows.
 */
function withEvent(parcelStatement: string, first: number): string {
  const own = EVENT_OWN.map((c) => ident(c.name)).join(', ');
  const params = EVENT_OWN.map((c, i) => paramOf(c.col, first + i)).join(', ');
  return (
    `with p as (${parcelStatement} returning *), ` +
    `e as (insert into "parcel_events" ("parcel_guid", "created_at", ${own}) ` +
    `select p."guid", p."cur_status_at", ${params} from p returning *) ` +
    `select ${P.list}, ${E.list} from p, e`
  );
}

/** An event's columns that come from who acts and what happened (not which parcel, nor when). */
function eventColumns(actor: Actor, ev: EventInput, registryId: number | null | undefined) {
  return {
    statusId: ev.statusId,
    userGuid: actor.guid,
    roleId: actor.roleId,
    officeGuid: actor.officeGuid,
    comment: ev.comment ?? '',
    lat: ev.lat ?? null,
    lng: ev.lng ?? null,
    deviceTime: ev.deviceTime ?? null,
    mobile: ev.mobile ?? null,
    jobId: ev.jobId ?? null,
    bagGuid: ev.bagGuid ?? null,
    registryId: registryId ?? null,
    waybillId: ev.waybillId ?? null,
  };
}

function eventParams(actor: Actor, ev: EventInput): unknown[] {
  const v: Partial<Record<keyof EventRow, unknown>> = eventColumns(actor, ev, ev.registryId);
  return EVENT_OWN.map((c) => toDriver(c.col, v[c.key]));
}

/**
 * The parcel's delivery state (`parcels.delivery_state`, migration 0024_delivery_state): what the finders'
 * chart counts. A delivery makes it Delivered whatever came before or after; a failure makes NotDelivered
 * of InProgress. The statement that writes an event sets it so (`deliveryStateAfter`), and the trigger of
 * that migration does the same for an outcome event written any other way, finding nothing to change
 * after this statement.
 */
export const DeliveryState = { InProgress: 0, Delivered: 1, NotDelivered: 2 } as const;
const FAILURES = intsText(FAILURE_STATUSES);
/** The delivery state after a newest event of status `status` (SQL text: a parameter or a literal). */
export function deliveryStateAfter(status: string): string {
  return (
    `case when ${status} = ${Status.Delivered} then ${DeliveryState.Delivered} ` +
    `when ${status} in (${FAILURES}) and "delivery_state" <> ${DeliveryState.Delivered} then ${DeliveryState.NotDelivered} ` +
    `else "delivery_state" end`
  );
}

/** Written statements by the parcel columns they set (a handful of shapes: one per caller). */
const written = new Map<string, { name: string; text: string }>();
/**
 * The statement that writes a parcel (a new one, or the status of one) with its event, setting the
 * parcel columns `keys`. Its parameters, in order: the status, the `keys` values, the parcel's id
 * (update), then the event's own columns (`EVENT_PARAMS`). Exported for the bench's pgbench scripts.
 */
export function statementFor(kind: 'insert' | 'update', keys: string[], generatedBarcode = false) {
  const id = `${kind}:${keys.join(',')}${generatedBarcode ? ':generated' : ''}`;
  let st = written.get(id);
  if (st) return st;
  const cols = keys.map((k) => {
    const c = PARCEL_COLUMNS.get(k);
    if (!c) throw new Error(`parcels core: no parcel column ${k}`);
    return c;
  });
  // a generated barcode: its parameter is the prefix, and the statement takes the number (migration 0013)
  const valueOf = (c: (typeof cols)[number], n: number) =>
    generatedBarcode && c.key === 'barcode' ? `"po_generated_barcode"($${n}::text)` : paramOf(c.col, n);
  // $1 is the status, the columns follow from $2, then the parcel's id (update), then the event's own
  const idParam = cols.length + 2;
  const eventFirst = kind === 'update' ? idParam + 1 : idParam;
  const statement =
    kind === 'insert'
      ? `insert into "parcels" (${cols.map((c) => `${ident(c.name)}, `).join('')}"cur_status_id", "cur_status_at", "modified_at") ` +
        `values (${cols.map((c, i) => `${valueOf(c, i + 2)}, `).join('')}$1::integer, clock_timestamp(), clock_timestamp()) ` +
        `on conflict ("barcode") where "deleted_at" is null do nothing`
      : `update "parcels" set ${cols.map((c, i) => `${ident(c.name)} = ${valueOf(c, i + 2)}, `).join('')}` +
        `"cur_status_id" = $1::integer, "delivery_state" = ${deliveryStateAfter('$1::integer')}, ` +
        `"cur_status_at" = clock_timestamp(), "modified_at" = clock_timestamp() ` +
        `where "guid" = $${idParam}::uuid`;
  st = {
    name: `po_parcel_${kind}_${written.size + 1}`,
    text: withEvent(statement, eventFirst),
  };
  written.set(id, st);
  return st;
}

async function writeWithEvent(
  tx: Tx,
  kind: 'insert' | 'update',
  values: Record<string, unknown>,
  tail: unknown[],
  actor: Actor,
  ev: EventInput,
  generatedBarcode = false,
): Promise<{ parcel: ParcelRow; event: EventRow } | null> {
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  const st = statementFor(kind, keys, generatedBarcode);
  const params = [
    ev.statusId,
    ...keys.map((k) => toDriver(PARCEL_COLUMNS.get(k)!.col, values[k])),
    ...tail,
    ...eventParams(actor, ev),
  ];
  const [row] = await runStatement(tx, st.name, st.text, params);
  if (!row) return null;
  return { parcel: P.read(row), event: E.read(row, P.width) };
}

/**
 * Appends an event to a live parcel in the caller's transaction: updates the parcel's current status,
 * its time and `modifiedAt` (and `set`), and writes the event with the same time, in one statement.
 * The update takes the row lock first (if `lockLive` has not already), and the time is read after it
 * (`clock_timestamp()`), so concurrent events on one parcel are applied one after another, in commit
 * order, and none is lost.
 */
export async function appendEvent(
  tx: Tx,
  scope: ParcelScope,
  parcel: Pick<ParcelRow, 'guid' | 'barcode' | 'courierGuid' | 'curStatusId'>,
  ev: EventInput,
): Promise<{ parcel: ParcelRow; event: EventRow }> {
  scope.checkAct(parcel, ev.statusId);
  const actor = actorOf(scope);
  const done = await writeWithEvent(tx, 'update', ev.set ?? {}, [parcel.guid], actor, ev);
  if (!done) throw new AppError(Code.NotFound, 'parcels.notFound', { barcode: parcel.barcode });
  // the recipient's notification of this event, in its transaction (nothing for a parcel without contacts)
  await enqueueNotifications(tx, done.parcel, done.event);
  // the shipper's webhooks (nothing, and no statement, for an office without subscriptions)
  const hooks = enqueueWebhooks(tx, scope.lists, done.parcel, done.event);
  if (hooks) await hooks;
  return done;
}

/**
 * Writes a new live parcel with its first event in the caller's transaction (registration), in one
 * statement: the parcel's current status is the event's, at the event's time. Answers null and writes
 * nothing when a live parcel has the barcode already: the live-barcode index decides, in the same
 * statement, so two registrations of one barcode at once cannot both be written. With
 * `generatedBarcode`, `values.barcode` is the prefix and the statement makes the barcode from the next
 * number of `barcode_seq` (`po_generated_barcode`, migration 0013): no round trip to ask for the number
 * first. A number a manual barcode has taken answers null as well (the caller tries again, which takes
 * the next); a number past 8 digits would repeat barcodes handed out before, and is refused (409).
 */
export async function insertParcel(
  tx: Tx,
  actor: Actor,
  values: Omit<typeof parcels.$inferInsert, 'curStatusId' | 'curStatusAt' | 'modifiedAt'>,
  ev: EventInput,
  opts: { generatedBarcode?: boolean; lists?: Lists | null } = {},
): Promise<{ parcel: ParcelRow; event: EventRow } | null> {
  // (a copy only to add the event's columns: copying a row-sized object costs more than writing it)
  const row = ev.set ? { ...values, ...ev.set } : values;
  try {
    const done = await writeWithEvent(tx, 'insert', row, [], actor, ev, !!opts.generatedBarcode);
    if (done) {
      await enqueueNotifications(tx, done.parcel, done.event);
      const hooks = enqueueWebhooks(tx, opts.lists ?? null, done.parcel, done.event);
      if (hooks) await hooks;
    }
    return done;
  } catch (e) {
    if (hasSqlState(e, BARCODE_SERIAL_EXHAUSTED))
      throw new AppError(Code.Conflict, 'registration.barcodeSerialExhausted');
    throw e;
  }
}

/** The SQLSTATE `po_generated_barcode` raises for a serial past 8 digits (migration 0013). */
const BARCODE_SERIAL_EXHAUSTED = 'PO001';

/**
 * `appendEvent` for many live parcels at once, with one status (a courier job's lines): one UPDATE of
 * the parcel rows and one INSERT of their events, each event at its row's new status time. Lock the rows
 * first (`SELECT … FOR UPDATE` in a fixed order) so concurrent batches cannot deadlock. `registryId` may
 * differ per parcel; the rest of `ev` is shared.
 */
export async function appendEvents(
  tx: Tx,
  scope: ParcelScope,
  list: ReadonlyArray<{
    parcel: Pick<ParcelRow, 'guid' | 'barcode' | 'courierGuid' | 'curStatusId'>;
    registryId?: number | null;
  }>,
  ev: Omit<EventInput, 'registryId'>,
): Promise<EventRow[]> {
  for (const l of list) scope.checkAct(l.parcel, ev.statusId);
  if (list.length === 0) return [];
  const actor = actorOf(scope);
  const updated = await tx
    .update(parcels)
    .set({
      ...ev.set,
      curStatusId: ev.statusId,
      deliveryState: sql.raw(deliveryStateAfter(intsText(ev.statusId))),
      curStatusAt: sql`clock_timestamp()`,
      modifiedAt: sql`clock_timestamp()`,
    })
    .where(
      inArray(
        parcels.guid,
        list.map((l) => l.parcel.guid),
      ),
    )
    .returning({
      guid: parcels.guid,
      at: parcels.curStatusAt,
      barcode: parcels.barcode,
      destinationDepotGuid: parcels.destinationDepotGuid,
      receiverPhone: parcels.receiverPhone,
      receiverEmail: parcels.receiverEmail,
      notifyLang: parcels.notifyLang,
      notifyStoppedAt: parcels.notifyStoppedAt,
      registeredOffice: parcels.registeredOffice,
      fild1: parcels.fild1,
      fild2: parcels.fild2,
    });
  const at = new Map(updated.map((u) => [u.guid, u.at]));
  const missing = list.find((l) => !at.has(l.parcel.guid));
  if (missing) throw new AppError(Code.NotFound, 'parcels.notFound', { barcode: missing.parcel.barcode });
  const events = await tx
    .insert(parcelEvents)
    .values(
      list.map((l) => ({
        parcelGuid: l.parcel.guid,
        createdAt: at.get(l.parcel.guid),
        ...eventColumns(actor, ev, l.registryId),
      })),
    )
    .returning();
  // the recipients' notifications of these events, in their transaction
  const byGuid = new Map(updated.map((u) => [u.guid, u]));
  for (const e of events) {
    const p = byGuid.get(e.parcelGuid)!;
    await enqueueNotifications(tx, p, e);
    await enqueueWebhooks(tx, scope.lists, p, e);
  }
  return events;
}

/** A status history row (spec 001 §3). */
export interface HistoryRow {
  ParcelGUID: string;
  CreatedDate: string;
  StatusName: string;
  Login: string;
}

/** The parcel's status history, oldest first (the tier's event table; default live); empty when not visible. */
export async function history(
  db: DbOrTx,
  scope: ParcelScope,
  parcelGuid: string,
  tier: Tier = 'live',
): Promise<HistoryRow[]> {
  const id = parcelGuid.trim().toLowerCase();
  if (!GUID.test(id)) return [];
  const visible = scope.where('p', tier);
  const seen = visible
    ? sql`and exists (select 1 from ${parcelTable(tier)} p where p.guid = e.parcel_guid and ${visible})`
    : sql``;
  const e = eventTable(tier);
  const list = await rows<{ guid: string; at: Date | string; status: string | null; login: string | null }>(
    db,
    sql`select e.parcel_guid as guid, e.created_at as at, s.name as status, u.login as login
        from ${e} e
        left join ref_items s on s.id = e.status_id and s.group_id = ${Group.Status}
        left join users u on u.guid = e.user_guid
        where e.parcel_guid = ${id} ${seen}
        order by e.created_at, e.id`,
  );
  return list.map((r) => ({
    ParcelGUID: r.guid,
    CreatedDate: new Date(r.at).toISOString(),
    StatusName: r.status ?? '',
    Login: r.login ?? '',
  }));
}
