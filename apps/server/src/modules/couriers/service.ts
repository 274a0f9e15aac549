/**
 * Courier activity and the route sheet (spec 002 §2.16, §2.17; DOMAIN.md "Couriers and their jobs"):
 * the couriers, what they recorded on a day, the parcels a courier holds and a parcel's manifest line.
 * Read-only.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Group, Role, Status, fieldLabels, tbilisiDay, tbilisiDayStart } from '@po/contract';
import { MANIFEST_RECEIVER_MAX, type ActivityRow, type RanshitRow } from '@po/contract/couriers';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import { rows } from '../../db/client.ts';
import { refItems, users } from '../../db/schema.ts';
import type { AuthedCtx } from '../../http/context.ts';
import { badInput, notFound } from '../../http/errors.ts';
import { findByGuid, history, type HistoryRow } from '../parcels/core.ts';
import { parcelRows } from '../parcels/parcel-list.ts';

/** The statuses of a parcel a courier holds: picked up, or handed to the courier. */
export const HELD_STATUSES = [Status.Pickup, Status.HandToCourier] as const;

export async function allCouriers(ctx: AuthedCtx) {
  const list = await ctx.db
    .select({ GUID: users.guid, Login: users.login, Name: users.name, OfficeGUID: users.officeGuid })
    .from(users)
    .where(and(eq(users.roleId, Role.Courier), eq(users.enabled, true), isNull(users.deletedAt)))
    .orderBy(users.login);
  return { AllUsers: list };
}

/** The events couriers (role 106) recorded on the Tbilisi day of `StartDate`, newest first. */
export async function activity(
  ctx: AuthedCtx,
  input: { StartDate: Date },
): Promise<{ Parcels: ActivityRow[] }> {
  const from = tbilisiDayStart(tbilisiDay(input.StartDate));
  const to = new Date(from.getTime() + 86_400_000);
  const list = await rows<{
    id: number | string;
    courier_guid: string;
    login: string;
    name: string;
    parcel_guid: string;
    barcode: string;
    status_id: number;
    status_name: string | null;
    created_at: Date | string;
    receiver_name: string;
    comment: string;
  }>(
    ctx.db,
    sql`select e.id, e.user_guid as courier_guid, u.login, u.name, e.parcel_guid, p.barcode, e.status_id,
          s.name as status_name, e.created_at, p.receiver_name, e.comment
        from parcel_events e
        join users u on u.guid = e.user_guid and u.role_id = ${Role.Courier}
        join parcels p on p.guid = e.parcel_guid
        left join ref_items s on s.id = e.status_id and s.group_id = ${Group.Status}
        where e.created_at >= ${from} and e.created_at < ${to}
        order by u.login, e.created_at desc, e.id desc
        limit 5000`,
  );
  return {
    Parcels: list.map((r) => ({
      ID: Number(r.id),
      CourierGUID: r.courier_guid,
      Courier: r.login,
      CourierName: r.name,
      ParcelGUID: r.parcel_guid,
      Barcode: r.barcode,
      Status: r.status_id,
      StatusName: r.status_name ?? '',
      CreateDate: new Date(r.created_at).toISOString(),
      Receiver: r.receiver_name,
      Comment: r.comment,
    })),
  };
}

/** The live parcels a courier holds now (picked up or handed to them), oldest first. */
export async function courierParcels(
  ctx: AuthedCtx,
  input: { CourierGUID: string },
): Promise<{ Parcels: ParcelListRow[] }> {
  const [courier] = await ctx.db
    .select({ guid: users.guid })
    .from(users)
    .where(and(eq(users.guid, input.CourierGUID), eq(users.roleId, Role.Courier)))
    .limit(1);
  if (!courier) throw badInput('couriers.notCourier', { field: fieldLabels.CourierGUID });
  const held = sql.join(
    HELD_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return {
    Parcels: await parcelRows(
      ctx.db,
      ctx.scope,
      sql`p.courier_guid = ${courier.guid} and p.cur_status_id in (${held})`,
      { orderBy: sql`p.cur_status_at, p.barcode` },
    ),
  };
}

/** The receiver as the manifest prints it: name, address and post code, cut to MANIFEST_RECEIVER_MAX. */
export function manifestReceiver(name: string, address: string, postCode: string): string {
  const text = [name, address, postCode]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  return [...text].slice(0, MANIFEST_RECEIVER_MAX).join('');
}

/** A parcel's manifest line and its status history, from whichever store holds it. */
export async function ranshitLine(
  ctx: AuthedCtx,
  input: { ParcelGUID: string },
): Promise<{ Parcels: RanshitRow[]; ParcelsStatuses: HistoryRow[] }> {
  const found = await findByGuid(ctx.db, ctx.scope, input.ParcelGUID);
  if (!found) throw notFound('couriers.parcelNotFound');
  const p = found.parcel;
  const [status] = await ctx.db
    .select({ name: refItems.name })
    .from(refItems)
    .where(and(eq(refItems.id, p.curStatusId), eq(refItems.groupId, Group.Status)))
    .limit(1);
  return {
    Parcels: [
      {
        GUID: p.guid,
        Barcode: p.barcode,
        CreateDate: p.createDate.toISOString(),
        Receiver: manifestReceiver(p.receiverName, p.receiverAddress, p.receiverPostCode),
        Sender: p.senderName,
        CurStatusName: status?.name ?? '',
        Value: Number(p.value),
        PaymetType: Number(p.payType),
        Whopays: Number(p.payerId),
      },
    ],
    ParcelsStatuses: await history(ctx.db, ctx.scope, p.guid, found.tier),
  };
}
