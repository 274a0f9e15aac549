/**
 * Bags (spec 002 §2.14, §2.15; DOMAIN.md "Bags"): a scan puts a parcel in a bag (made on the first
 * scan of an operation), the bag journal and its parcels, closing with a seal, and receiving a whole
 * bag at its destination. Parcels change status through the parcels core only; every write is one
 * transaction, so a refused scan or receipt writes nothing.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { Code, Group, Status, tbilisiDay } from '@po/contract';
import type { BagRow } from '@po/contract/bags';
import type { ParcelListRow } from '@po/contract/parcels/scans';
import { rows, type DbOrTx, type Tx } from '../../db/client.ts';
import { bagParcels, bags, offices } from '../../db/schema.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { AppError, badInput, conflict, forbidden, notFound } from '../../http/errors.ts';
import { appendEvent, lockLive, type ParcelRow } from '../parcels/core.ts';
import { parcelRows } from '../parcels/parcel-list.ts';
import { officeScope, seesAll } from '../registries/scope.ts';

type BagRecord = typeof bags.$inferSelect;

export function myOffice(ctx: AuthedCtx): string {
  if (!ctx.user.officeGuid) throw conflict('bags.noOffice');
  return ctx.user.officeGuid;
}

/**
 * Bags the caller may see: role 105 without IsAnother all; a partner branch (IsAnother) those sent from
 * or to its own office; others those sent from or to the offices of their distribution centre.
 */
export function bagScope(ctx: AuthedCtx): SQL {
  if (seesAll(ctx.user)) return sql`true`;
  if (ctx.user.isAnother) {
    const office = ctx.user.officeGuid;
    if (!office) return sql`false`;
    return sql`(b.sender_office_guid = ${office}::uuid or b.receiver_office_guid = ${office}::uuid)`;
  }
  return sql`(${officeScope(ctx.user, sql`b.sender_office_guid`)} or ${officeScope(ctx.user, sql`b.receiver_office_guid`)})`;
}

/** Whether the caller may see the bag (a bag outside their circle answers as one that does not exist). */
export async function bagVisible(db: DbOrTx, ctx: AuthedCtx, guid: string): Promise<boolean> {
  const [r] = await rows<{ ok: boolean }>(
    db,
    sql`select exists(select 1 from bags b where b.guid = ${guid} and ${bagScope(ctx)}) as ok`,
  );
  return !!r?.ok;
}

interface RawBag {
  guid: string;
  bag_name: string;
  created_at: Date | string;
  created_by: string | null;
  sender: string | null;
  receiver: string | null;
  receiver_guid: string | null;
  car_number: string;
  driver_id: string;
  n: number;
  seal_number: string | null;
  declared_weight: number | string | null;
  declared_count: number | null;
  closed_at: Date | string | null;
  received_at: Date | string | null;
  received_count: number | null;
  cancelled_at: Date | string | null;
}
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const numOrNull = (v: number | string | null) => (v == null ? null : Number(v));

export async function bagRows(db: DbOrTx, where: SQL): Promise<BagRow[]> {
  const list = await rows<RawBag>(
    db,
    sql`select b.guid, b.bag_name, b.created_at, coalesce(nullif(cu.name, ''), cu.login) as created_by,
          so.name as sender, ro.name as receiver, b.receiver_office_guid as receiver_guid, b.car_number, b.driver_id,
          (select count(*)::int from bag_parcels bp where bp.bag_guid = b.guid) as n,
          b.seal_number, b.declared_weight, b.declared_count, b.closed_at, b.received_at, b.received_count,
          b.cancelled_at
        from bags b
        left join offices so on so.guid = b.sender_office_guid
        left join offices ro on ro.guid = b.receiver_office_guid
        left join users cu on cu.guid = b.created_by
        where ${where}
        order by b.created_at desc, b.bag_name desc
        limit 2000`,
  );
  return list.map((r) => ({
    GUID: r.guid,
    BagName: r.bag_name,
    CreateDate: iso(r.created_at) as string,
    CreatedBy: r.created_by ?? '',
    Sender: r.sender ?? '',
    Receiver: r.receiver ?? '',
    ReceiverGUID: r.receiver_guid,
    CarNumber: r.car_number,
    Driver: r.driver_id,
    Count: Number(r.n),
    SealNumber: r.seal_number,
    DeclaredWeight: numOrNull(r.declared_weight),
    DeclaredCount: numOrNull(r.declared_count),
    CloseDate: iso(r.closed_at),
    ReceiveDate: iso(r.received_at),
    ReceivedCount: numOrNull(r.received_count),
    CancelDate: iso(r.cancelled_at),
  }));
}

/* ------------------------------------------------------------------ SetParcelsNewTransport */

export interface TransportInput {
  Receiver: string;
  Bag: string | null;
  Barcode: string;
  Carnumber: string;
  Driver: string;
}

export async function lockBag(tx: Tx, guid: string): Promise<BagRecord | null> {
  const [b] = await tx.select().from(bags).where(eq(bags.guid, guid)).limit(1).for('update');
  return b ?? null;
}

/** A new bag's name: BG-YYYYMMDD-NNNN (Tbilisi date, the bag sequence). */
async function newBagName(tx: Tx): Promise<string> {
  const [{ n }] = await rows<{ n: number }>(tx, sql`select nextval('bag_seq')::int as n`);
  return `BG-${tbilisiDay(new Date()).replaceAll('-', '')}-${String(n).padStart(4, '0')}`;
}

/**
 * Puts a scanned parcel in a bag: the caller's open bag `Bag`, or (without it) a new bag for the
 * receiving office, car and driver, the driver checked with the revenue service first. Refused with
 * nothing written: an unknown or own receiving office, an unknown driver, a bag not sent from the
 * caller's office or already sealed, a parcel unknown, deleted, archived, delivered or already in an
 * open bag.
 */
export async function putInBag(ctx: AuthedCtx, input: TransportInput): Promise<{ Parcels: ParcelListRow[] }> {
  const office = myOffice(ctx);
  const [receiver] = await ctx.db
    .select({ guid: offices.guid })
    .from(offices)
    .where(and(eq(offices.guid, input.Receiver), eq(offices.enabled, true)))
    .limit(1);
  if (!receiver) throw badInput('bags.officeUnknown', { field: 'Receiver' });
  if (!input.Bag) {
    if (receiver.guid === office) throw badInput('bags.sameOffice', { field: 'Receiver' });
    const found = await ctx.rs.nameFromTin(input.Driver);
    if (found.kind === 'notFound') throw badInput('bags.driverNotFound', { driver: input.Driver });
    if (found.kind === 'error') throw new AppError(Code.Internal, 'bags.rsError', { error: found.message });
  }
  const guid = await ctx.db.transaction(async (tx) => {
    let bag: BagRecord;
    if (input.Bag) {
      const b = await lockBag(tx, input.Bag);
      if (!b) throw notFound('bags.notFound');
      if (b.senderOfficeGuid !== office) throw forbidden('bags.notYourBag', { bag: b.bagName });
      if (b.cancelledAt) throw conflict('bags.cancelled', { bag: b.bagName });
      if (b.closedAt || b.receivedAt) throw conflict('bags.closed', { bag: b.bagName });
      bag = b;
    } else {
      const [b] = await tx
        .insert(bags)
        .values({
          bagName: await newBagName(tx),
          createdBy: ctx.user.guid,
          senderOfficeGuid: office,
          receiverOfficeGuid: receiver.guid,
          carNumber: input.Carnumber,
          driverId: input.Driver,
        })
        .returning();
      bag = b;
    }
    const parcel = await lockLive(tx, ctx.scope, { barcode: input.Barcode });
    if (parcel.curStatusId === Status.Delivered)
      throw conflict('bags.delivered', { barcode: parcel.barcode });
    if (parcel.bagGuid) {
      if (parcel.bagGuid === bag.guid) throw conflict('bags.inThisBag', { barcode: parcel.barcode });
      const [open] = await tx
        .select({ name: bags.bagName, receivedAt: bags.receivedAt })
        .from(bags)
        .where(eq(bags.guid, parcel.bagGuid))
        .limit(1);
      if (open && !open.receivedAt)
        throw conflict('bags.inOpenBag', { barcode: parcel.barcode, bag: open.name });
    }
    const { event } = await appendEvent(tx, ctx.scope, parcel, {
      statusId: Status.PutInBag,
      bagGuid: bag.guid,
      set: { bagGuid: bag.guid },
    });
    await tx
      .insert(bagParcels)
      .values({ bagGuid: bag.guid, parcelGuid: parcel.guid, addedBy: ctx.user.guid })
      .onConflictDoNothing();
    await audit(tx, ctx, {
      action: input.Bag ? 'bag.add' : 'bag.create',
      entity: 'bag',
      entityId: bag.guid,
      after: { bag: bag.bagName, barcode: parcel.barcode, eventId: event.id },
    });
    return parcel.guid;
  });
  return {
    Parcels: await parcelRows(ctx.db, ctx.scope, sql`p.guid = ${guid}`, { limit: 1, prepared: true }),
  };
}

/* ------------------------------------------------------------------ journal */

export async function listBags(
  ctx: AuthedCtx,
  input: { StartDate: Date; endDate: Date },
): Promise<{ Bags: BagRow[] }> {
  return {
    Bags: await bagRows(
      ctx.db,
      sql`b.created_at >= ${input.StartDate} and b.created_at <= ${input.endDate} and ${bagScope(ctx)}`,
    ),
  };
}

async function visibleBag(ctx: AuthedCtx, guid: string): Promise<BagRow> {
  const [b] = await bagRows(ctx.db, sql`b.guid = ${guid} and ${bagScope(ctx)}`);
  if (!b) throw notFound('bags.notFound');
  return b;
}

export async function bagParcelList(
  ctx: AuthedCtx,
  input: { bagguid: string },
): Promise<{ Parcels: Array<{ ID: string; CreateDate: string; Barcode: string; Status: string }> }> {
  await visibleBag(ctx, input.bagguid);
  const list = await rows<{ guid: string; added_at: Date | string; barcode: string; status: string | null }>(
    ctx.db,
    sql`select bp.parcel_guid as guid, bp.added_at, coalesce(p.barcode, a.barcode, '') as barcode, s.name as status
        from bag_parcels bp
        left join parcels p on p.guid = bp.parcel_guid
        left join parcels_archive a on a.guid = bp.parcel_guid and p.guid is null
        left join ref_items s on s.id = coalesce(p.cur_status_id, a.cur_status_id) and s.group_id = ${Group.Status}
        where bp.bag_guid = ${input.bagguid}
        order by bp.added_at, bp.parcel_guid`,
  );
  return {
    Parcels: list.map((r) => ({
      ID: r.guid,
      CreateDate: iso(r.added_at) as string,
      Barcode: r.barcode,
      Status: r.status ?? '',
    })),
  };
}

/* ------------------------------------------------------------------ close */

/** Seals a bag sent from the caller's office: seal number, declared weight, its parcel count. */
export async function closeBag(
  ctx: AuthedCtx,
  input: { Bag: string; SealNumber: string; DeclaredWeight: number; Comment: string },
): Promise<{ Ret: number; Bags: BagRow[] }> {
  const office = myOffice(ctx);
  await ctx.db.transaction(async (tx) => {
    const b = await lockBag(tx, input.Bag);
    if (!b || !(await bagVisible(tx, ctx, b.guid))) throw notFound('bags.notFound');
    if (b.senderOfficeGuid !== office) throw forbidden('bags.notYourBag', { bag: b.bagName });
    if (b.cancelledAt) throw conflict('bags.cancelled', { bag: b.bagName });
    if (b.closedAt) throw conflict('bags.alreadyClosed', { bag: b.bagName });
    const [{ n }] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bag_parcels where bag_guid = ${b.guid}`,
    );
    if (n === 0) throw conflict('bags.emptyBag', { bag: b.bagName });
    await tx
      .update(bags)
      .set({
        sealNumber: input.SealNumber,
        declaredWeight: input.DeclaredWeight,
        declaredCount: n,
        closedAt: sql`now()`,
        closedBy: ctx.user.guid,
      })
      .where(eq(bags.guid, b.guid));
    await audit(tx, ctx, {
      action: 'bag.close',
      entity: 'bag',
      entityId: b.guid,
      after: { seal: input.SealNumber, weight: input.DeclaredWeight, count: n, comment: input.Comment },
    });
  });
  return { Ret: 1, Bags: await bagRows(ctx.db, sql`b.guid = ${input.Bag}`) };
}

/* ------------------------------------------------------------------ receive */

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReceiveAnswer {
  Bags: BagRow[];
  Declared: number;
  Counted: number;
  DeclaredWeight: number | null;
  CountedWeight: number;
  Missing: string[];
  Parcels: ParcelListRow[];
}

/**
 * Receives a sealed bag at its receiving office by its label (bag name or GUID): every parcel still in
 * it is received (8736) and leaves the bag, in one transaction. A parcel deleted, archived, delivered
 * or taken out of the bag since is not received and is listed as missing.
 */
export async function receiveBag(ctx: AuthedCtx, input: { Label: string }): Promise<ReceiveAnswer> {
  const office = myOffice(ctx);
  const label = input.Label.trim();
  const byLabel = GUID.test(label)
    ? eq(bags.guid, label.toLowerCase())
    : eq(bags.bagName, label.toUpperCase());
  const result = await ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bags).where(byLabel).limit(1).for('update');
    if (!b || !(await bagVisible(tx, ctx, b.guid))) throw notFound('bags.labelNotFound', { label });
    if (b.receiverOfficeGuid !== office) throw forbidden('bags.notForYou', { bag: b.bagName });
    if (b.receivedAt) throw conflict('bags.alreadyReceived', { bag: b.bagName });
    if (b.cancelledAt) throw conflict('bags.cancelled', { bag: b.bagName });
    if (!b.closedAt) throw conflict('bags.notClosed', { bag: b.bagName });
    const members = await tx
      .select({ guid: bagParcels.parcelGuid })
      .from(bagParcels)
      .where(eq(bagParcels.bagGuid, b.guid))
      .orderBy(bagParcels.addedAt, bagParcels.parcelGuid);
    const received: string[] = [];
    const missing: string[] = [];
    let weight = 0;
    for (const m of members) {
      let parcel: ParcelRow;
      try {
        parcel = await lockLive(tx, ctx.scope, { guid: m.guid });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const [code] = await rows<{ barcode: string }>(
          tx,
          sql`select barcode from parcels where guid = ${m.guid}
              union all select barcode from parcels_archive where guid = ${m.guid}
              union all select barcode from parcels_old_archive where guid = ${m.guid} limit 1`,
        );
        missing.push(code?.barcode ?? m.guid);
        continue;
      }
      if (parcel.bagGuid !== b.guid || parcel.curStatusId === Status.Delivered) {
        missing.push(parcel.barcode);
        continue;
      }
      await appendEvent(tx, ctx.scope, parcel, {
        statusId: Status.Received,
        bagGuid: b.guid,
        set: { bagGuid: null },
      });
      received.push(parcel.guid);
      weight += Number(parcel.weight);
    }
    await tx
      .update(bags)
      .set({ receivedAt: sql`now()`, receivedBy: ctx.user.guid, receivedCount: received.length })
      .where(eq(bags.guid, b.guid));
    const declared = b.declaredCount ?? members.length;
    await audit(tx, ctx, {
      action: 'bag.receive',
      entity: 'bag',
      entityId: b.guid,
      after: { declared, counted: received.length, missing },
    });
    return {
      guid: b.guid,
      declared,
      declaredWeight: b.declaredWeight == null ? null : Number(b.declaredWeight),
      counted: received.length,
      weight: Math.round(weight * 100) / 100,
      received,
      missing,
    };
  });
  const guids = result.received;
  const parcels =
    guids.length === 0
      ? []
      : await parcelRows(
          ctx.db,
          ctx.scope,
          sql`p.guid in (${sql.join(
            guids.map((g) => sql`${g}::uuid`),
            sql`, `,
          )})`,
          { orderBy: sql`p.barcode` },
        );
  return {
    Bags: await bagRows(ctx.db, sql`b.guid = ${result.guid}`),
    Declared: result.declared,
    Counted: result.counted,
    DeclaredWeight: result.declaredWeight,
    CountedWeight: result.weight,
    Missing: result.missing,
    Parcels: parcels,
  };
}
