/**
 * The shipper REST API's work (issue 39), on the same services as the screens: registration through
 * the registration service (its rules, its pricing, the client's tariff), reading through the parcels
 * core with the key's scope, cancelling through the parcels' deletion.
 */
import { sql } from 'drizzle-orm';
import { Code, formatMessage } from '@po/contract';
import { Registration } from '@po/contract/registration';
import { SHIPPER_BATCH_MAX } from '@po/contract/shipper';
import type { z } from 'zod';
import type { shipperParcel, shipperRegistered, shipperListQuery } from '@po/contract/shipper';
import type { AuthedCtx } from '../../http/context.ts';
import { AppError, badInput } from '../../http/errors.ts';
import { parseInput } from '../../http/validation.ts';
import { rows, type Db } from '../../db/client.ts';
import { register } from '../registration/service.ts';
import { findByBarcode, history, type ParcelRow } from '../parcels/core.ts';
import { deleteParcel } from '../parcels/deletion.ts';
import { trackingLink } from '../notifications/stop-link.ts';

type Registered = z.output<typeof shipperRegistered>;
type ShipperParcel = z.output<typeof shipperParcel>;
type ListQuery = z.output<typeof shipperListQuery>;

/** A failure as a line of a batch (or the REST error body): the Code, the key, both languages. */
export function failureOf(e: AppError): { Code: number; Key: string; Error: string; ErrorEn: string } {
  return { Code: e.code, Key: e.key, Error: e.text('ka'), ErrorEn: e.text('en') };
}

/** The lines of a registration body: one parcel (an object), an array of them, or `{ Parcels: [...] }`. */
export function batchOf(body: unknown): { lines: unknown[]; single: boolean } {
  let lines: unknown[];
  let single = false;
  if (Array.isArray(body)) lines = body;
  else if (body && typeof body === 'object' && Array.isArray((body as { Parcels?: unknown }).Parcels)) {
    lines = (body as { Parcels: unknown[] }).Parcels;
  } else if (body && typeof body === 'object') {
    lines = [body];
    single = true;
  } else throw badInput('http.badJson');
  if (lines.length < 1 || lines.length > SHIPPER_BATCH_MAX) {
    throw badInput('shipper.batchSize', { max: SHIPPER_BATCH_MAX });
  }
  return { lines, single };
}

/** The context a line runs in: the batch's, on the database handle given. */
function lineCtx(ctx: AuthedCtx, db: Db): AuthedCtx {
  return {
    db,
    config: ctx.config,
    rs: ctx.rs,
    lists: ctx.lists,
    user: ctx.user,
    scope: ctx.scope,
    ip: ctx.ip,
    requestId: ctx.requestId,
    idem: ctx.idem,
    apiKey: ctx.apiKey,
  };
}

/**
 * Registers each line through the registration service, in one transaction: a line that breaks a rule
 * answers its own error and the others are registered; the whole batch commits together (with the
 * Idempotency-Key's answer, when one came).
 *
 * A line with a generated barcode runs straight in the batch's transaction (the service's own
 * transaction is the batch's): its rules are checked before it writes, and its one statement refuses
 * a taken number without an error, so a refused line has written nothing and breaks nothing; its
 * audit record goes with the commit. A line with its own barcode runs in a savepoint, since two
 * requests registering the same barcode at once end in the index's error, which would abort the
 * batch's transaction.
 */
export async function registerBatch(
  ctx: AuthedCtx,
  lines: unknown[],
): Promise<{ Registered: number; Failed: number; Parcels: Registered[] }> {
  // The lists the rules read, loaded before the transaction: on the embedded database a load from
  // outside it would wait for the transaction's end.
  await Promise.all([ctx.lists.offices(), ctx.lists.refItems(), ctx.lists.tariffs(), ctx.lists.companyIds()]);
  return ctx.db.transaction(async (tx) => {
    const batchDb = tx as unknown as Db;
    const straightDb = Object.create(batchDb) as Db;
    straightDb.transaction = ((run: (t: typeof tx) => Promise<unknown>) => run(tx)) as Db['transaction'];
    const straight = lineCtx(ctx, straightDb);
    const savepoint = lineCtx(ctx, batchDb);
    const out: Registered[] = [];
    let registered = 0;
    for (let i = 0; i < lines.length; i++) {
      try {
        const input = parseInput(Registration.input, lines[i], Registration.labels);
        const [p] = (await register(input.BarCodeGeneration ? straight : savepoint, input)).Parcels;
        registered++;
        out.push({
          Line: i,
          Status: true,
          Barcode: p.Barcode,
          Price: p.Value,
          TrackingUrl: trackingLink(ctx.config.PUBLIC_URL, p.Barcode),
        });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        out.push({ Line: i, Status: false, ...failureOf(e) });
      }
    }
    return { Registered: registered, Failed: lines.length - registered, Parcels: out };
  });
}

async function statusNames(ctx: AuthedCtx) {
  return ctx.lists.refItemsNow() ?? (await ctx.lists.refItems());
}

function toParcel(
  p: Pick<
    ParcelRow,
    'barcode' | 'curStatusId' | 'createDate' | 'value' | 'receiverName' | 'receiverAddress' | 'deletedAt'
  >,
  names: ReadonlyMap<number, { name: string }>,
  publicUrl: string,
): ShipperParcel {
  return {
    Barcode: p.barcode,
    StatusId: p.curStatusId,
    Status: names.get(p.curStatusId)?.name ?? '',
    CreatedAt: new Date(p.createDate).toISOString(),
    Price: Number(p.value),
    Receiver: p.receiverName,
    ReceiverAddress: p.receiverAddress,
    Deleted: !!p.deletedAt,
    TrackingUrl: trackingLink(publicUrl, p.barcode),
  };
}

const notFoundParcel = (barcode: string) =>
  new AppError(Code.NotFound, 'shipper.parcelNotFound', { barcode: barcode.slice(0, 40) });

/** One parcel the key sees, with its history (404 for one it may not see, exactly as for a missing one). */
export async function parcelOf(ctx: AuthedCtx, barcode: string): Promise<ShipperParcel> {
  const found = await findByBarcode(ctx.db, ctx.scope, barcode, { includeDeleted: true });
  if (!found) throw notFoundParcel(barcode);
  const names = await statusNames(ctx);
  const events = await history(ctx.db, ctx.scope, found.parcel.guid, found.tier);
  return {
    ...toParcel(found.parcel, names, ctx.config.PUBLIC_URL),
    History: events.map((e) => ({ At: e.CreatedDate, Status: e.StatusName })),
  };
}

/** The key's live parcels registered in [from, to), newest first, a page at a time. */
export async function listParcels(
  ctx: AuthedCtx,
  q: ListQuery,
): Promise<{ parcels: ShipperParcel[]; more: boolean }> {
  const visible = ctx.scope.where('p', 'live');
  const conditions = [visible ?? sql`true`];
  if (q.from) conditions.push(sql`p.create_date >= ${q.from.toISOString()}::timestamptz`);
  if (q.to) conditions.push(sql`p.create_date < ${q.to.toISOString()}::timestamptz`);
  if (q.status !== undefined) conditions.push(sql`p.cur_status_id = ${q.status}::integer`);
  const list = await rows<{
    barcode: string;
    curStatusId: number;
    createDate: Date | string;
    value: string | number;
    receiverName: string;
    receiverAddress: string;
    deletedAt: Date | string | null;
  }>(
    ctx.db,
    sql`select p.barcode as "barcode", p.cur_status_id as "curStatusId", p.create_date as "createDate",
          p.value as "value", p.receiver_name as "receiverName", p.receiver_address as "receiverAddress",
          p.deleted_at as "deletedAt"
        from parcels p where ${sql.join(conditions, sql` and `)}
        order by p.create_date desc, p.guid desc
        limit ${q.limit + 1}::integer offset ${(q.page - 1) * q.limit}::integer`,
  );
  const names = await statusNames(ctx);
  const more = list.length > q.limit;
  const parcels = list.slice(0, q.limit).map((r) =>
    toParcel(
      {
        ...r,
        value: Number(r.value),
        createDate: new Date(r.createDate),
        deletedAt: r.deletedAt ? new Date(r.deletedAt) : null,
      },
      names,
      ctx.config.PUBLIC_URL,
    ),
  );
  return { parcels, more };
}

/** Cancels (soft-deletes) a parcel the key registered, while the deletion rules allow it. */
export async function cancelParcel(
  ctx: AuthedCtx,
  barcode: string,
): Promise<{ Barcode: string; Cancelled: true }> {
  const found = await findByBarcode(ctx.db, ctx.scope, barcode, { tiers: ['live'] });
  if (!found) {
    // a deleted or archived parcel the key sees answers the conflict the deletion gives; else 404
    const any = await findByBarcode(ctx.db, ctx.scope, barcode, { includeDeleted: true });
    if (!any) throw notFoundParcel(barcode);
    throw new AppError(Code.Conflict, any.tier === 'live' ? 'parcels.deleted' : 'parcels.archived', {
      barcode: any.parcel.barcode,
    });
  }
  await deleteParcel(ctx, { gui: found.parcel.guid });
  return { Barcode: found.parcel.barcode, Cancelled: true };
}

export const messageOf = (key: string, params: Record<string, unknown> = {}) => ({
  ka: formatMessage(key, params, 'ka'),
  en: formatMessage(key, params, 'en'),
});
