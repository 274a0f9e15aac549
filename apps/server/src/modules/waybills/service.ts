/**
 * Transport waybills (spec 003 "Start waybill", "Close waybill", §4; DOMAIN.md "Transport waybills"):
 * one parcel per call, in one transaction that holds the parcel's row lock, so two copies of the same
 * line run one after the other and the second finds what the first did. A parcel has at most one
 * waybill that is not deleted or cancelled (unique index, migration 0010). When our side does not know
 * the service's waybill (the answer was lost), the service is asked for it by our reference before
 * anything is saved again. Every outcome is written to the transport journal; refusals and lost
 * connections also to the error journal.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { formatMessage, cleanBarcode } from '@po/contract';
import {
  RsJournalType,
  WaybillAnswer,
  type ActivateWaybillforSender,
  type CloseWaybill,
} from '@po/contract/waybills';
import type { CallParsed } from '@po/contract';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { rows, type Tx } from '../../db/client.ts';
import { courierErrors, mobiles, parcels, rsMessages, waybills } from '../../db/schema.ts';
import { lockLive, type ParcelRow } from '../parcels/core.ts';
import type { ParcelScope } from '../parcels/scope.ts';
import {
  RsWaybillStatus as S,
  type RsAnswer,
  type RsWaybillInfo,
  type WaybillDraft,
} from '../../integrations/rs/adapter.ts';

type StartInput = CallParsed<typeof ActivateWaybillforSender>;
type CloseInput = CallParsed<typeof CloseWaybill>;
type WaybillRow = typeof waybills.$inferSelect;

/** Our reference for a parcel's waybill at the service (kept in the waybill's comment). */
export const waybillRef = (parcelGuid: string) => `PO-${parcelGuid}`;

const PARCEL_ERRORS: Record<string, string> = {
  'parcels.notFound': 'waybills.parcelUnknown',
  'parcels.deleted': 'waybills.parcelDeleted',
  'parcels.archived': 'waybills.parcelArchived',
  'scope.courierNotHeld': 'scope.courierNotHeld',
};

/** Writes one line's outcome to the journals. */
function journal(tx: Tx, ctx: AuthedCtx, type: number, barcode: string, registry: string) {
  const base = { userGuid: ctx.user.guid, type, barcode, registry };
  return {
    async ok(id: number, key: string): Promise<number> {
      await tx
        .insert(rsMessages)
        .values({ ...base, comment: formatMessage(key, { id }), waybillId: id, ok: true });
      return id;
    },
    /** a refusal (-1) or a lost connection (-2): both journals */
    async fail(answer: number, comment: string, waybillId: number | null = null): Promise<number> {
      await tx.insert(rsMessages).values({ ...base, comment, waybillId, ok: false });
      await tx.insert(courierErrors).values({
        userGuid: ctx.user.guid,
        barcode,
        registry,
        source: formatMessage('waybills.source'),
        comment,
      });
      return answer;
    },
    /** an adapter answer that is not ok: -1 with the service's code and text, or -2 */
    async failed(a: Exclude<RsAnswer<unknown>, { kind: 'ok' }>, waybillId: number | null = null) {
      return a.kind === 'unreachable'
        ? this.fail(WaybillAnswer.NoConnection, formatMessage('waybills.noConnection'), waybillId)
        : this.fail(
            WaybillAnswer.Refused,
            formatMessage('waybills.refused', { code: a.code, text: a.message }),
            waybillId,
          );
    },
  };
}

/** The live parcel locked for this transaction, or the message key saying why there is none. */
async function lockParcel(tx: Tx, scope: ParcelScope, barcode: string): Promise<ParcelRow | string> {
  try {
    const parcel = await lockLive(tx, scope, { barcode });
    // a waybill goes with a parcel the courier holds (DOMAIN.md "Parcel scope")
    scope.checkHeld(parcel);
    return parcel;
  } catch (e) {
    if (e instanceof AppError && PARCEL_ERRORS[e.key]) return PARCEL_ERRORS[e.key];
    throw e;
  }
}

/** The parcel's waybill that is not deleted or cancelled, locked. */
async function liveWaybill(tx: Tx, parcelGuid: string): Promise<WaybillRow | undefined> {
  const [row] = await tx
    .select()
    .from(waybills)
    .where(and(eq(waybills.parcelGuid, parcelGuid), gte(waybills.status, 0)))
    .limit(1)
    .for('update');
  return row;
}

async function draftOf(tx: Tx, ctx: AuthedCtx, p: ParcelRow, input: StartInput): Promise<WaybillDraft> {
  let car = input.CarNumber.trim();
  let driver = input.DriverId.trim();
  if (!car || !driver) {
    // the phone's settings are empty: the courier's registered device says which car and driver
    const [m] = await tx
      .select({ car: mobiles.carNumber, driver: mobiles.driverId })
      .from(mobiles)
      .where(and(eq(mobiles.userGuid, ctx.user.guid), eq(mobiles.isActive, true)))
      .limit(1);
    car ||= m?.car ?? '';
    driver ||= m?.driver ?? '';
  }
  const [c] = await rows<{ from: string | null; to: string | null }>(
    tx,
    sql`select (select name from ref_items where id = ${p.senderCityId}) as "from",
               (select name from ref_items where id = ${p.receiverCityId}) as "to"`,
  );
  const place = (city: string | null | undefined, address: string) =>
    [city ?? '', address.trim()].filter(Boolean).join(', ');
  return {
    ref: waybillRef(p.guid),
    sellerTin: p.senderPid.trim(),
    buyerTin: p.receiverPid.trim(),
    driverTin: driver,
    carNumber: car,
    startAddress: place(c?.from, p.senderAddress),
    endAddress: place(c?.to, p.receiverAddress),
    goods: {
      name: p.description.trim() || `ამანათი ${p.barcode}`,
      unit: 'ცალი',
      quantity: Math.max(1, p.numberOfPackages),
      price: Number(p.value) || 0,
    },
  };
}

/** Mirrors the service's status of a waybill on our side. */
async function mirror(tx: Tx, row: WaybillRow, rs: RsWaybillInfo): Promise<void> {
  if (row.status === rs.status && row.rsId === String(rs.id)) return;
  const now = new Date();
  await tx
    .update(waybills)
    .set({
      status: rs.status,
      rsId: String(rs.id),
      activatedAt:
        rs.status === S.Active || rs.status === S.SentToTransporter ? (row.activatedAt ?? now) : undefined,
      closedAt: rs.status === S.Closed ? (row.closedAt ?? now) : undefined,
    })
    .where(eq(waybills.id, row.id));
  row.status = rs.status;
}

/** ActivateWaybillforSender: saves and activates the parcel's waybill; never a second one. */
export async function start(ctx: AuthedCtx, input: StartInput): Promise<number> {
  const barcode = cleanBarcode(input.BarCode);
  const registry = input.Registry.trim();
  return ctx.db.transaction(async (tx) => {
    const j = journal(tx, ctx, RsJournalType.Start, barcode, registry);
    const parcel = await lockParcel(tx, ctx.scope, barcode);
    if (typeof parcel === 'string') return j.fail(WaybillAnswer.Refused, formatMessage(parcel, { barcode }));
    let row = await liveWaybill(tx, parcel.guid);
    if (row && row.status !== S.Saved)
      return j.ok(row.id, row.status === S.Closed ? 'waybills.alreadyClosed' : 'waybills.alreadyStarted');

    // What does the service already hold? Our id first, then our reference.
    let rs: RsWaybillInfo | null = null;
    if (row?.rsId) {
      const got = await ctx.rs.getWaybill(Number(row.rsId), { tx });
      if (got.kind !== 'ok') return j.failed(got, row.id);
      if (got.value && got.value.status >= 0) rs = got.value;
      else {
        // gone at the service: ours is dead too, a new one is made below
        await mirror(tx, row, got.value ?? { id: Number(row.rsId), number: '', status: S.Deleted });
        row = undefined;
      }
    }
    if (!rs) {
      const found = await ctx.rs.findWaybill(waybillRef(parcel.guid), { tx });
      if (found.kind !== 'ok') return j.failed(found, row?.id ?? null);
      rs = found.value;
    }
    const d = row ? null : await draftOf(tx, ctx, parcel, input);
    if (!rs && d) {
      const saved = await ctx.rs.saveWaybill(d, { tx });
      if (saved.kind !== 'ok') return j.failed(saved);
      rs = saved.value;
    }
    if (!rs) return j.fail(WaybillAnswer.Refused, formatMessage('waybills.noWaybill', { barcode }));
    if (!row) {
      const draft = d ?? (await draftOf(tx, ctx, parcel, input));
      [row] = await tx
        .insert(waybills)
        .values({
          parcelGuid: parcel.guid,
          barcode: parcel.barcode,
          registry,
          userGuid: ctx.user.guid,
          carNumber: draft.carNumber,
          driverId: draft.driverTin,
          sellerTin: draft.sellerTin,
          buyerTin: draft.buyerTin,
          startAddress: draft.startAddress,
          endAddress: draft.endAddress,
          status: S.Saved,
          rsId: String(rs.id),
        })
        .returning();
      await tx.update(parcels).set({ waybillId: row.id }).where(eq(parcels.guid, parcel.guid));
    }
    if (rs.status === S.Saved) {
      const sent = await ctx.rs.sendWaybill(rs.id, { tx });
      if (sent.kind !== 'ok') return j.failed(sent, row.id);
      rs = sent.value;
    }
    await mirror(tx, row, rs);
    await audit(tx, ctx, {
      action: 'waybills.start',
      entity: 'waybill',
      entityId: String(row.id),
      after: { barcode: parcel.barcode, rsId: rs.id, status: rs.status, repeated: input.IsRepied },
    });
    return j.ok(row.id, rs.status === S.Closed ? 'waybills.alreadyClosed' : 'waybills.started');
  });
}

/** CloseWaybill / CloseWayBill: closes the parcel's active waybill. */
export async function close(ctx: AuthedCtx, input: CloseInput): Promise<number> {
  const barcode = cleanBarcode(input.BarCode);
  const registry = input.Registry.trim();
  return ctx.db.transaction(async (tx) => {
    const j = journal(tx, ctx, RsJournalType.Close, barcode, registry);
    const parcel = await lockParcel(tx, ctx.scope, barcode);
    if (typeof parcel === 'string') return j.fail(WaybillAnswer.Refused, formatMessage(parcel, { barcode }));
    const row = await liveWaybill(tx, parcel.guid);
    const none = () => j.fail(WaybillAnswer.Refused, formatMessage('waybills.noWaybill', { barcode }));
    if (!row?.rsId) return none();
    if (row.status === S.Closed) return j.ok(row.id, 'waybills.alreadyClosed');
    const rsId = Number(row.rsId);
    if (input.IsRepied || row.status === S.Saved) {
      // a retry (the close's answer may have been lost) or an activation whose answer was lost: ask first
      const got = await ctx.rs.getWaybill(rsId, { tx });
      if (got.kind !== 'ok') return j.failed(got, row.id);
      if (got.value) await mirror(tx, row, got.value);
      if (row.status === S.Closed) return j.ok(row.id, 'waybills.alreadyClosed');
      if (row.status !== S.Active && row.status !== S.SentToTransporter) return none();
    }
    const closed = await ctx.rs.closeWaybill(rsId, { tx });
    if (closed.kind === 'refused') {
      // a copy sent without IsRepied after a lost answer: the service may have closed it already
      const got = await ctx.rs.getWaybill(rsId, { tx });
      if (got.kind === 'ok' && got.value?.status === S.Closed) {
        await mirror(tx, row, got.value);
        return j.ok(row.id, 'waybills.alreadyClosed');
      }
    }
    if (closed.kind !== 'ok') return j.failed(closed, row.id);
    await mirror(tx, row, closed.value);
    await audit(tx, ctx, {
      action: 'waybills.close',
      entity: 'waybill',
      entityId: String(row.id),
      after: { barcode: parcel.barcode, rsId, repeated: input.IsRepied },
    });
    return j.ok(row.id, 'waybills.closed');
  });
}
