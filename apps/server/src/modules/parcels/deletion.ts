/**
 * Deleting and restoring parcels (spec 002 §7 DeleteParcel, spec 001 §2.5 and §7 undeleteParcel and
 * GetDeletedParcels; DOMAIN.md "Parcels and their events"). Deletion is soft: the parcel keeps its row
 * and events, gets who, when and from which address, and an event 8747; a restore is event 8748. Both go
 * through the parcels core, under the parcel's row lock.
 */
import { and, eq, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { Code, Payer, Role, Status, endOfDayIfMidnight, fieldLabels, parseClientDate } from '@po/contract';
import {
  DELETED_RET,
  RestoreRet,
  type DeletedParcelRow,
  type GetDeletedParcels,
} from '@po/contract/parcels/deletion';
import type { CallParsed } from '@po/contract';
import { audit, type AuthedCtx, type SessionUser } from '../../http/context.ts';
import { AppError, badInput } from '../../http/errors.ts';
import { rows, type DbOrTx } from '../../db/client.ts';
import { parcelEvents, parcels } from '../../db/schema.ts';
import { appendEvent, findByGuid, lockLive, type ParcelRow } from './core.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** Events that do not count as "something happened to the parcel" for EnableDelete. */
const BOOKKEEPING: readonly number[] = [Status.Registered, Status.Deleted, Status.Restored];

/**
 * EnableDelete (DOMAIN.md): nothing has happened to the parcel since its registration (no event but
 * registration, deletion and restore), and the user registered it or is an administrator.
 * Answers why not, or null when the parcel may be deleted.
 */
export async function deleteRefusal(
  db: DbOrTx,
  user: Pick<SessionUser, 'guid' | 'roleId'>,
  parcel: Pick<ParcelRow, 'guid' | 'registeredBy'>,
): Promise<'moved' | 'notOwner' | null> {
  if (user.roleId !== Role.Admin && parcel.registeredBy !== user.guid) return 'notOwner';
  const [moved] = await db
    .select({ id: parcelEvents.id })
    .from(parcelEvents)
    .where(and(eq(parcelEvents.parcelGuid, parcel.guid), notInArray(parcelEvents.statusId, [...BOOKKEEPING])))
    .limit(1);
  return moved ? 'moved' : null;
}

/** The SQL form of EnableDelete for list queries (parcels aliased `alias`), for the user. */
export function enableDeleteSql(user: Pick<SessionUser, 'guid' | 'roleId'>, alias = 'p') {
  const p = sql.raw(alias);
  const owner = user.roleId === Role.Admin ? sql`true` : sql`${p}.registered_by = ${user.guid}`;
  return sql`(${p}.deleted_at is null and ${owner} and not exists (
    select 1 from parcel_events e where e.parcel_guid = ${p}.guid
      and e.status_id not in (${sql.join(
        BOOKKEEPING.map((s) => sql`${s}`),
        sql`, `,
      )})))`;
}

/** DeleteParcel: soft-deletes the parcel while EnableDelete holds; Ret 1. */
export async function deleteParcel(
  ctx: AuthedCtx,
  input: { gui: string },
): Promise<{ Ret: typeof DELETED_RET }> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockLive(tx, ctx.scope, { guid: input.gui });
    const why = await deleteRefusal(tx, ctx.user, before);
    const params = { barcode: before.barcode };
    if (why === 'notOwner') throw new AppError(Code.Forbidden, 'parcels.deleteNotOwner', params);
    if (why === 'moved') throw new AppError(Code.Conflict, 'parcels.deleteMoved', params);
    const { parcel, event } = await appendEvent(tx, ctx.scope, before, {
      statusId: Status.Deleted,
      set: { deletedAt: new Date(), deletedBy: ctx.user.guid, deletedIp: ctx.ip },
    });
    await audit(tx, ctx, {
      action: 'DeleteParcel',
      entity: 'parcels',
      entityId: parcel.guid,
      before,
      after: { ...parcel, eventId: event.id },
    });
    return { Ret: DELETED_RET };
  });
}

/** undeleteParcel: restores a deleted parcel; Ret 2, or -6 when its barcode was registered again since. */
export async function undeleteParcel(
  ctx: AuthedCtx,
  input: { gui: string },
): Promise<{ Ret: (typeof RestoreRet)[keyof typeof RestoreRet] }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(parcels)
        .where(and(eq(parcels.guid, input.gui), isNotNull(parcels.deletedAt)))
        .for('update');
      if (!before) {
        const found = await findByGuid(tx, ctx.scope, input.gui, { includeDeleted: true });
        const params = { barcode: found?.parcel.barcode ?? input.gui };
        if (found?.tier === 'live') throw new AppError(Code.Conflict, 'parcels.notDeleted', params);
        if (found) throw new AppError(Code.Conflict, 'parcels.archived', params);
        throw new AppError(Code.NotFound, 'parcels.notFound', params);
      }
      const [again] = await tx
        .select({ guid: parcels.guid })
        .from(parcels)
        .where(
          and(eq(parcels.barcode, before.barcode), isNull(parcels.deletedAt), ne(parcels.guid, before.guid)),
        )
        .limit(1);
      if (again) return { Ret: RestoreRet.RegisteredAgain };
      const { parcel, event } = await appendEvent(tx, ctx.scope, before, {
        statusId: Status.Restored,
        set: { deletedAt: null, deletedBy: null, deletedIp: null },
      });
      await audit(tx, ctx, {
        action: 'undeleteParcel',
        entity: 'parcels',
        entityId: parcel.guid,
        before,
        after: { ...parcel, eventId: event.id },
      });
      return { Ret: RestoreRet.Restored };
    });
  } catch (e) {
    // The same barcode registered in the same moment: the live-barcode index has the last word.
    if (isUniqueViolation(e)) return { Ret: RestoreRet.RegisteredAgain };
    throw e;
  }
}

/** GetDeletedParcels: the parcels deleted in the range, newest deletion first. */
export async function deletedParcels(
  ctx: AuthedCtx,
  input: CallParsed<typeof GetDeletedParcels>,
): Promise<{ Parcels: DeletedParcelRow[] }> {
  const from = input.StartDate;
  const to = endOfDayIfMidnight(input.EndDate, parseClientDate(input.EndDate)!);
  if (to < from) throw badInput('parcels.badRange', { field: fieldLabels.EndDate });
  const list = await rows<{
    guid: string;
    barcode: string;
    created: Date | string;
    deleted: Date | string;
    status: string | null;
    receiver: string;
    sender: string;
    pid: string;
    login: string | null;
    who: string | null;
    ip: string | null;
  }>(
    ctx.db,
    // the last status is the one before the deletion (the deletion itself is the Signature's business)
    sql`select p.guid, p.barcode, p.create_date as created, p.deleted_at as deleted,
          (select s.name from parcel_events e join ref_items s on s.id = e.status_id
            where e.parcel_guid = p.guid and e.status_id <> ${Status.Deleted}
            order by e.created_at desc, e.id desc limit 1) as status,
          p.receiver_name as receiver, p.sender_name as sender,
          case when p.payer_id = ${Payer.Receiver} then p.receiver_pid else p.sender_pid end as pid,
          r.login as login, d.login as who, p.deleted_ip as ip
        from parcels p
        left join users r on r.guid = p.registered_by
        left join users d on d.guid = p.deleted_by
        where p.deleted_at is not null and p.deleted_at >= ${from.toISOString()}::timestamptz
          and p.deleted_at <= ${to.toISOString()}::timestamptz
        order by p.deleted_at desc, p.guid`,
  );
  return {
    Parcels: list.map((r) => ({
      GUID: r.guid,
      Barcode: r.barcode,
      CreateDate: new Date(r.created).toISOString(),
      CurStatusName: r.status ?? '',
      Receiver: r.receiver,
      Sender: r.sender,
      PID: r.pid,
      Login: r.login ?? '',
      WhoDeleted: r.who ?? '',
      Signature: r.ip ?? '',
      DeletedDate: new Date(r.deleted).toISOString(),
    })),
  };
}
