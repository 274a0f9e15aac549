import { and, desc, eq, gte } from 'drizzle-orm';
import { formatMessage } from '@po/contract';
import { RsErrorCode, rsErrorKey } from '@po/contract/waybills';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rsRegistry, rsWaybills } from '../../db/schema.ts';
import {
  RsWaybillStatus as S,
  type RsAdapter,
  type RsAnswer,
  type RsCallOptions,
  type RsLookup,
  type RsWaybillInfo,
  type WaybillDraft,
} from './adapter.ts';

type Row = typeof rsWaybills.$inferSelect;
const TIN = /^\d{9}$|^\d{11}$/;
const PERSONAL = /^\d{11}$/;
/** Georgian car registration numbers: AA-123-BB (also without dashes) or the older ABC-123 */
const CAR = /^[A-Z]{2}-?\d{3}-?[A-Z]{2}$|^[A-Z]{3}-?\d{3}$/;

const info = (r: Row): RsWaybillInfo => ({ id: r.id, number: r.number ?? '', status: r.status });
const ok = <T>(value: T): RsAnswer<T> => ({ kind: 'ok', value });
const refuse = (code: number): RsAnswer<never> => ({
  kind: 'refused',
  code,
  message: formatMessage(rsErrorKey(code)),
});

/**
 * The built-in revenue service: waybills kept in `rs_waybills` with the real service's statuses and
 * rules (a driver's personal number must be known to the registry, a closed, deleted or cancelled
 * waybill cannot change, only a saved waybill is activated and only an active one closed). Records go
 * in the caller's transaction when one is given, so a waybill and our side of it commit together.
 */
export function builtinRs(db: Db): RsAdapter {
  const on = (opts?: RsCallOptions): DbOrTx => opts?.tx ?? db;

  async function load(x: DbOrTx, id: number): Promise<Row | undefined> {
    const [row] = await x.select().from(rsWaybills).where(eq(rsWaybills.id, id)).limit(1).for('update');
    return row;
  }

  async function change(
    opts: RsCallOptions | undefined,
    id: number,
    from: readonly number[],
    set: (r: Row) => Partial<typeof rsWaybills.$inferInsert>,
  ): Promise<RsAnswer<RsWaybillInfo>> {
    const x = on(opts);
    const row = await load(x, id);
    if (!row) return refuse(RsErrorCode.NotFound);
    if (!from.includes(row.status)) return refuse(RsErrorCode.WrongStatus);
    const [updated] = await x.update(rsWaybills).set(set(row)).where(eq(rsWaybills.id, id)).returning();
    return ok(info(updated));
  }

  return {
    mode: 'builtin',
    async nameFromTin(tin: string): Promise<RsLookup> {
      const t = tin.trim();
      if (!TIN.test(t)) return { kind: 'notFound' };
      try {
        const [row] = await db
          .select({ name: rsRegistry.name })
          .from(rsRegistry)
          .where(eq(rsRegistry.tin, t))
          .limit(1);
        return row ? { kind: 'found', name: row.name } : { kind: 'notFound' };
      } catch (e) {
        return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
      }
    },

    async saveWaybill(d: WaybillDraft, opts) {
      const x = on(opts);
      if (!TIN.test(d.sellerTin)) return refuse(RsErrorCode.SellerTin);
      if (d.buyerTin && !TIN.test(d.buyerTin)) return refuse(RsErrorCode.BuyerTin);
      if (!d.startAddress.trim() || !d.endAddress.trim()) return refuse(RsErrorCode.Address);
      const car = d.carNumber.trim().toUpperCase();
      if (!CAR.test(car)) return refuse(RsErrorCode.CarNumber);
      const driver = d.driverTin.trim();
      if (!PERSONAL.test(driver)) return refuse(RsErrorCode.DriverUnknown);
      const [known] = await x
        .select({ tin: rsRegistry.tin })
        .from(rsRegistry)
        .where(and(eq(rsRegistry.tin, driver), eq(rsRegistry.kind, 'person')))
        .limit(1);
      if (!known) return refuse(RsErrorCode.DriverUnknown);
      const [row] = await x
        .insert(rsWaybills)
        .values({
          ref: d.ref,
          status: S.Saved,
          sellerTin: d.sellerTin,
          buyerTin: d.buyerTin,
          driverTin: driver,
          carNumber: car,
          startAddress: d.startAddress.trim(),
          endAddress: d.endAddress.trim(),
          goods: d.goods,
        })
        .returning();
      return ok(info(row));
    },

    sendWaybill: (id, opts) =>
      change(opts, id, [S.Saved], (r) => ({
        status: S.Active,
        number: String(r.id).padStart(10, '0'),
        activatedAt: new Date(),
      })),

    closeWaybill: (id, opts) =>
      change(opts, id, [S.Active, S.SentToTransporter], () => ({ status: S.Closed, closedAt: new Date() })),

    delWaybill: (id, opts) =>
      change(opts, id, [S.Saved, S.Active, S.SentToTransporter], (r) => ({
        status: r.status === S.Saved ? S.Deleted : S.Cancelled,
        deletedAt: new Date(),
      })),

    async getWaybill(id, opts) {
      const [row] = await on(opts).select().from(rsWaybills).where(eq(rsWaybills.id, id)).limit(1);
      return ok(row ? info(row) : null);
    },

    async findWaybill(ref, opts) {
      const [row] = await on(opts)
        .select()
        .from(rsWaybills)
        .where(and(eq(rsWaybills.ref, ref), gte(rsWaybills.status, 0)))
        .orderBy(desc(rsWaybills.id))
        .limit(1);
      return ok(row ? info(row) : null);
    },
  };
}
