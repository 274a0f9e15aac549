/**
 * Open bags (issue 37): a bag scanned into and never sealed outlives the screen that made it. The
 * sending office lists its open bags, resumes one (its parcels, then scans go on into it) or cancels
 * it, releasing its parcels. Sealing stays `closeBag` (service.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { formatMessage, Status } from '@po/contract';
import type { BagRow } from '@po/contract/bags';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import { rows, type Tx } from '../../db/client.ts';
import { bagParcels, bags } from '../../db/schema.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { appendEvent, lockLive, type ParcelRow } from '../parcels/core.ts';
import { parcelRows } from '../parcels/parcel-list.ts';
import { bagRows, bagScope, bagVisible, lockBag, myOffice } from './service.ts';

/** A bag still taking parcels: neither sealed, received nor cancelled. */
const OPEN = sql`b.closed_at is null and b.received_at is null and b.cancelled_at is null`;

/** The open bags sent from the caller's office, newest first (none for an account without an office). */
export async function openBags(ctx: AuthedCtx): Promise<{ Bags: BagRow[] }> {
  const office = ctx.user.officeGuid;
  if (!office) return { Bags: [] };
  return {
    Bags: await bagRows(ctx.db, sql`b.sender_office_guid = ${office}::uuid and ${OPEN} and ${bagScope(ctx)}`),
  };
}

/** Refuses a bag the caller may not go on with: not visible, another office's, sealed or cancelled. */
function checkOpen(
  b: Pick<
    typeof bags.$inferSelect,
    'bagName' | 'senderOfficeGuid' | 'closedAt' | 'receivedAt' | 'cancelledAt'
  >,
  office: string,
): void {
  if (b.senderOfficeGuid !== office) throw forbidden('bags.notYourBag', { bag: b.bagName });
  if (b.cancelledAt) throw conflict('bags.cancelled', { bag: b.bagName });
  if (b.closedAt || b.receivedAt) throw conflict('bags.closed', { bag: b.bagName });
}

/** An open bag of the caller's office and the parcels in it (the newest first), to scan on into it. */
export async function resumeBag(
  ctx: AuthedCtx,
  input: { Bag: string },
): Promise<{ Bags: BagRow[]; Parcels: ParcelListRow[] }> {
  const office = myOffice(ctx);
  const [b] = await ctx.db.select().from(bags).where(eq(bags.guid, input.Bag)).limit(1);
  if (!b || !(await bagVisible(ctx.db, ctx, b.guid))) throw notFound('bags.notFound');
  checkOpen(b, office);
  return {
    Bags: await bagRows(ctx.db, sql`b.guid = ${b.guid}`),
    Parcels: await parcelRows(ctx.db, ctx.scope, sql`p.bag_guid = ${b.guid}`, {
      orderBy: sql`p.cur_status_at desc, p.barcode desc`,
    }),
  };
}

/** The status a parcel had before it was put in the bag (registered when nothing came before). */
async function statusBefore(tx: Tx, parcel: ParcelRow, bag: string) {
  const [r] = await rows<{ status_id: number }>(
    tx,
    sql`select e.status_id from parcel_events e
        where e.parcel_guid = ${parcel.guid} and e.status_id <> ${Status.PutInBag}
          and e.id < (select max(x.id) from parcel_events x
                      where x.parcel_guid = ${parcel.guid} and x.status_id = ${Status.PutInBag} and x.bag_guid = ${bag})
        order by e.id desc limit 1`,
  );
  return r?.status_id ?? Status.Registered;
}

/**
 * Cancels an open bag of the caller's office in one transaction: every parcel still in it goes back to
 * the status it had before the bag (an event naming the cancelled bag) and leaves the bag; the bag is
 * marked cancelled; the audit log records the bag and the barcodes released. A parcel deleted or
 * archived since stays as it is.
 */
export async function cancelBag(
  ctx: AuthedCtx,
  input: { Bag: string; Comment: string },
): Promise<{ Ret: number; Bags: BagRow[]; Released: string[] }> {
  const office = myOffice(ctx);
  const released = await ctx.db.transaction(async (tx) => {
    const b = await lockBag(tx, input.Bag);
    if (!b || !(await bagVisible(tx, ctx, b.guid))) throw notFound('bags.notFound');
    checkOpen(b, office);
    const members = await tx
      .select({ guid: bagParcels.parcelGuid })
      .from(bagParcels)
      .where(eq(bagParcels.bagGuid, b.guid))
      .orderBy(bagParcels.addedAt, bagParcels.parcelGuid);
    const comment = formatMessage('bags.cancelledNote', { bag: b.bagName });
    const out: string[] = [];
    for (const m of members) {
      let parcel: ParcelRow;
      try {
        parcel = await lockLive(tx, ctx.scope, { guid: m.guid });
      } catch (err) {
        if (err instanceof AppError) continue;
        throw err;
      }
      if (parcel.bagGuid !== b.guid) continue;
      await appendEvent(tx, ctx.scope, parcel, {
        statusId: await statusBefore(tx, parcel, b.guid),
        bagGuid: b.guid,
        comment: input.Comment ? `${comment}: ${input.Comment}` : comment,
        set: { bagGuid: null },
      });
      out.push(parcel.barcode);
    }
    await tx
      .update(bags)
      .set({ cancelledAt: sql`now()`, cancelledBy: ctx.user.guid })
      .where(eq(bags.guid, b.guid));
    await audit(tx, ctx, {
      action: 'bag.cancel',
      entity: 'bag',
      entityId: b.guid,
      before: { bag: b.bagName, count: members.length },
      after: { released: out, comment: input.Comment },
    });
    return out;
  });
  return { Ret: 1, Bags: await bagRows(ctx.db, sql`b.guid = ${input.Bag}`), Released: released };
}
