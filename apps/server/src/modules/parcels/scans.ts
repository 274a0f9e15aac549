/**
 * Counter scans (spec 002 §2.8–§2.12, §2.18, §4, §6; DOMAIN.md): receive, confirm, any status, fines
 * received and paid, the comment. Each scan is one short transaction through the parcels core: lock
 * the live row, check, append the event, audit; the answer's row is read after the commit.
 */
import { sql } from 'drizzle-orm';
import { Code, Group, Status, fieldLabels } from '@po/contract';
import { FINE_PARCEL_TYPE, NOT_SCANNABLE, ScanStatus, type ParcelListRow } from '@po/contract/parcels/scans';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { AppError, badInput, conflict, forbidden } from '../../http/errors.ts';
import type { Tx } from '../../db/client.ts';
import { runStatement } from '../../db/statement.ts';
import { appendEvent, lockLive, type ParcelRow } from './core.ts';
import { parcelRows } from './parcel-list.ts';

type Answer = { Parcels: ParcelListRow[] };

/**
 * The status a scan sets must be an enabled status (group 10) without a flow of its own. Read from the
 * cached reference list (`ctx.lists`): no statement.
 */
async function checkStatus(ctx: AuthedCtx, status: number): Promise<void> {
  const refuse = () => badInput('scan.statusNotAllowed', { status, field: fieldLabels.Status });
  if (NOT_SCANNABLE.includes(status)) throw refuse();
  const item = (ctx.lists.refItemsNow() ?? (await ctx.lists.refItems())).get(status);
  if (!item || item.groupId !== Group.Status || !item.enabled) throw refuse();
}

/** The parcel's latest event: status and office (a written statement, named: parsed once per connection). */
const LAST_EVENT = {
  name: 'po_scan_last_event',
  text:
    'select "status_id", "office_guid" from "parcel_events" where "parcel_guid" = $1 ' +
    'order by "created_at" desc, "id" desc limit 1',
};
async function lastEvent(tx: Tx, parcelGuid: string) {
  const [e] = await runStatement(tx, LAST_EVENT.name, LAST_EVENT.text, [parcelGuid]);
  return e ? { statusId: e[0] as number, officeGuid: e[1] as string | null } : null;
}

const alreadyKey = (status: number) =>
  status === Status.Received ? 'scan.alreadyReceived' : 'scan.alreadyProcessed';

async function answer(ctx: AuthedCtx, guid: string): Promise<Answer> {
  return {
    Parcels: await parcelRows(ctx.db, ctx.scope, sql`p.guid = ${guid}`, { limit: 1, prepared: true }),
  };
}

/**
 * Sets a status by scan. Refused: a status a scan may not set (400), receiving by a corporate user
 * (403), an unknown (404), deleted or archived (409) barcode, a parcel whose latest event is already
 * this status at the caller's office (409 "already received" / "already processed"), and, for
 * `fine`, a parcel that is not a fine (409).
 */
export async function scanStatus(
  ctx: AuthedCtx,
  input: { Status: number; Barcode: string },
  opts: { fine?: boolean } = {},
): Promise<Answer> {
  const status = input.Status;
  if (ctx.user.isCorporate && status === ScanStatus.Receive) throw forbidden('scan.corporateReceive');
  await checkStatus(ctx, status);
  const guid = await ctx.db.transaction(async (tx) => {
    const parcel = await lockLive(tx, ctx.scope, { barcode: input.Barcode });
    if (opts.fine && parcel.parcelTypeId !== FINE_PARCEL_TYPE) {
      throw conflict('scan.notFine', { barcode: parcel.barcode });
    }
    // The locked row is the latest version (FOR UPDATE waits for a concurrent scan to commit), so its
    // status decides; only when it already is the scanned status does the latest event's office matter,
    // read after the lock (a fresh statement sees the concurrent scan's event). A scan that changes the
    // status, the usual one, costs no read of the events.
    if (parcel.curStatusId === status) {
      const last = await lastEvent(tx, parcel.guid);
      if ((last?.officeGuid ?? null) === ctx.user.officeGuid) {
        throw conflict(alreadyKey(status), { barcode: parcel.barcode });
      }
    }
    const { event } = await appendEvent(tx, ctx.scope, parcel, { statusId: status });
    await audit(tx, ctx, {
      action: opts.fine ? 'parcel.scanFine' : 'parcel.scan',
      entity: 'parcel',
      entityId: parcel.guid,
      before: { status: parcel.curStatusId },
      after: { status, eventId: event.id },
    });
    return parcel.guid;
  });
  return answer(ctx, guid);
}

/** Marks a fine as paid: a "paid" event (8725) and IsPayed. A fine is paid once (409 "already paid"). */
export async function markPaid(ctx: AuthedCtx, input: { Barcode: string }): Promise<Answer> {
  const guid = await ctx.db.transaction(async (tx) => {
    const parcel = await lockLive(tx, ctx.scope, { barcode: input.Barcode });
    if (parcel.parcelTypeId !== FINE_PARCEL_TYPE) throw conflict('scan.notFine', { barcode: parcel.barcode });
    if (parcel.isPayed) throw conflict('scan.alreadyPaid', { barcode: parcel.barcode });
    const { event } = await appendEvent(tx, ctx.scope, parcel, {
      statusId: ScanStatus.Paid,
      set: { isPayed: true, payedAt: new Date() },
    });
    await audit(tx, ctx, {
      action: 'parcel.paid',
      entity: 'parcel',
      entityId: parcel.guid,
      before: { isPayed: false, status: parcel.curStatusId },
      after: { isPayed: true, status: ScanStatus.Paid, eventId: event.id },
    });
    return parcel.guid;
  });
  return answer(ctx, guid);
}

/**
 * Changes a parcel's comment: a "comment changed" event (8749) with the comment. An unknown barcode
 * answers an empty list (the screen says "not found"); a deleted or archived one its message. The same
 * comment again changes nothing, so a double scan records one event.
 */
export async function changeComment(
  ctx: AuthedCtx,
  input: { Comment: string; Barcode: string },
): Promise<Answer> {
  let guid: string;
  try {
    guid = await ctx.db.transaction(async (tx) => {
      const parcel: ParcelRow = await lockLive(tx, ctx.scope, { barcode: input.Barcode });
      if (parcel.comment === input.Comment && parcel.curStatusId === Status.CommentChanged)
        return parcel.guid;
      const { event } = await appendEvent(tx, ctx.scope, parcel, {
        statusId: Status.CommentChanged,
        comment: input.Comment,
        set: { comment: input.Comment },
      });
      await audit(tx, ctx, {
        action: 'parcel.comment',
        entity: 'parcel',
        entityId: parcel.guid,
        before: { comment: parcel.comment },
        after: { comment: input.Comment, eventId: event.id },
      });
      return parcel.guid;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === Code.NotFound && err.key === 'parcels.notFound') {
      return { Parcels: [] };
    }
    throw err;
  }
  return answer(ctx, guid);
}
