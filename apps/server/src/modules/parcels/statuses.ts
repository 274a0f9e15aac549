/**
 * A parcel's statuses (spec 001 §2.4, §4, §7): the last status and delivery entry (one parcel, and a
 * batch of them for speed), the history, the live store's date range, and the bulk status assignment of
 * the unconfirmed screen (each parcel in its own transaction through the parcels core).
 */
import { and, eq, sql } from 'drizzle-orm';
import { Code, Group } from '@po/contract';
import type { DeliveryRow, LastStatusItem, StatusRow } from '@po/contract/parcels/finder';
import { rows } from '../../db/client.ts';
import { refItems } from '../../db/schema.ts';
import { AppError, badInput, notFound } from '../../http/errors.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { appendEvent, findByGuid, history, lockLive } from './core.ts';
import { loadRows, lastStatuses } from './finder.ts';
import { visibleIds } from './visibility.ts';

/** The last status and delivery entry of live parcels (unknown or invisible ids are left out). */
export async function lastStatusItems(ctx: AuthedCtx, guis: readonly string[]): Promise<LastStatusItem[]> {
  const ids = await visibleIds(ctx.db, ctx.scope, [...new Set(guis.map((g) => g.toLowerCase()))]);
  const [parcels, statuses] = await Promise.all([loadRows(ctx.db, ids), lastStatuses(ctx.db, ids)]);
  const byId = new Map(statuses.map((s) => [s.ParcelGUID, s]));
  return parcels.map((p) => {
    const s = byId.get(p.GUID);
    return {
      ParcelGUID: p.GUID,
      CreatedDate: s?.CreatedDate ?? p.StatusDate,
      StatusName: s?.StatusName ?? p.CurStatusName,
      Login: s?.Login ?? '',
      DeliveryStatus: p.DeliveryStatus,
      DeliveryDate: p.DeliveryDate,
      Lname: p.Lname,
      Ldate: p.Ldate,
      Late: p.Late,
    };
  });
}

/** GetLastParcelStatus: one parcel; 404 when it is unknown or not the user's to see. */
export async function lastStatus(
  ctx: AuthedCtx,
  gui: string,
): Promise<{ ParcelsStatuses: StatusRow[]; ParcelsDeliverys: DeliveryRow[] }> {
  const [item] = await lastStatusItems(ctx, [gui]);
  if (!item) throw notFound('parcels.notFound', { barcode: gui });
  const { DeliveryStatus, DeliveryDate, Lname, Ldate, Late, ...status } = item;
  return {
    ParcelsStatuses: [status],
    ParcelsDeliverys: [{ DeliveryStatus, DeliveryDate, Lname, Ldate, Late }],
  };
}

/** GetParcelStatuses: the history of a parcel in whichever store holds it (deleted ones too). */
export async function statuses(ctx: AuthedCtx, gui: string): Promise<{ ParcelsStatuses: StatusRow[] }> {
  const found = await findByGuid(ctx.db, ctx.scope, gui, { includeDeleted: true });
  if (!found) {
    throw notFound('parcels.notFound', { barcode: gui });
  }
  return { ParcelsStatuses: await history(ctx.db, ctx.scope, found.parcel.guid, found.tier) };
}

/** GetMinMaXDate: the earliest and latest registration of the live parcels. */
export async function minMaxDate(ctx: AuthedCtx): Promise<{ Min: string | null; Max: string | null }> {
  const [r] = await rows<{ min: Date | string | null; max: Date | string | null }>(
    ctx.db,
    sql`select (select create_date from parcels order by create_date asc limit 1) as min,
               (select create_date from parcels order by create_date desc limit 1) as max`,
  );
  const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());
  return { Min: iso(r?.min), Max: iso(r?.max) };
}

/**
 * PostUpStat: gives each parcel the status, each in its own transaction (a failing parcel does not undo
 * the others), with an audit record. Ret = how many changed, or -1 when none did.
 */
export async function postUpStat(
  ctx: AuthedCtx,
  input: { barcodes: string[]; stat: number },
): Promise<{ Ret: number; Done: string[]; Failed: Array<{ Barcode: string; Error: string }> }> {
  const [status] = await ctx.db
    .select({ id: refItems.id, enabled: refItems.enabled })
    .from(refItems)
    .where(and(eq(refItems.id, input.stat), eq(refItems.groupId, Group.Status)));
  if (!status?.enabled) throw badInput('finder.unknownStatus', { stat: input.stat, field: 'stat' });
  const Done: string[] = [];
  const Failed: Array<{ Barcode: string; Error: string }> = [];
  for (const barcode of [...new Set(input.barcodes)]) {
    try {
      await ctx.db.transaction(async (tx) => {
        const parcel = await lockLive(tx, ctx.scope, { barcode });
        await appendEvent(tx, ctx.scope, parcel, { statusId: input.stat });
        await audit(tx, ctx, {
          action: 'status',
          entity: 'parcel',
          entityId: parcel.guid,
          before: { barcode: parcel.barcode, status: parcel.curStatusId },
          after: { barcode: parcel.barcode, status: input.stat },
        });
      });
      Done.push(barcode);
    } catch (e) {
      if (!(e instanceof AppError) || e.code === Code.Internal) throw e;
      Failed.push({ Barcode: barcode, Error: e.text() });
    }
  }
  return { Ret: Done.length > 0 ? Done.length : -1, Done, Failed };
}
