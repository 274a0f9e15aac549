import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { Code, Role, type CallParsed } from '@po/contract';
import type { MobileRow, PostIsertMobiles, PostUpdateMobiles } from '@po/contract/admin';
import type { AuthedCtx, Ctx } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { AppError, badInput, notFound } from '../../http/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { mobiles, offices, users } from '../../db/schema.ts';
import { assertBudget } from '../auth/throttle.ts';
import { newGuid } from './common.ts';
import { CHECK_DRIVER_PER_MINUTE } from '@po/contract/admin';

type MobileInput = CallParsed<typeof PostIsertMobiles>;
type MobileUpdate = CallParsed<typeof PostUpdateMobiles>;
type Mobile = typeof mobiles.$inferSelect;

const toMobileRow = (m: Mobile): MobileRow => ({
  GUID: m.guid,
  Name: m.name,
  OfficeGUID: m.officeGuid,
  UserGUID: m.userGuid,
  CarNumber: m.carNumber,
  DriverId: m.driverId,
  IsActive: m.isActive,
});

export async function listMobiles(ctx: AuthedCtx) {
  const list = await ctx.db.select().from(mobiles).orderBy(asc(mobiles.name));
  return { Mobiles: list.map(toMobileRow) };
}

/** Couriers (role 106, not deleted) for the device grid's drop-down. */
export async function listMobileUsers(ctx: AuthedCtx) {
  const list = await ctx.db
    .select({
      guid: users.guid,
      login: users.login,
      name: users.name,
      officeGuid: users.officeGuid,
      officeName: offices.name,
    })
    .from(users)
    .leftJoin(offices, eq(offices.guid, users.officeGuid))
    .where(and(eq(users.roleId, Role.Courier), isNull(users.deletedAt)))
    .orderBy(asc(users.login));
  return {
    Users: list.map((u) => ({
      UserGUID: u.guid,
      Name: u.login,
      OfficeGUID: u.officeGuid,
      OfficeName: u.officeName ?? '',
    })),
  };
}

async function checkMobile(tx: DbOrTx, input: MobileInput, self: string | null = null) {
  const [office] = await tx
    .select({ guid: offices.guid })
    .from(offices)
    .where(eq(offices.guid, input.OfficeGUID));
  if (!office) throw badInput('admin.officeUnknown');
  if (input.UserGUID) {
    const [courier] = await tx
      .select({ guid: users.guid })
      .from(users)
      .where(and(eq(users.guid, input.UserGUID), eq(users.roleId, Role.Courier), isNull(users.deletedAt)));
    if (!courier) throw badInput('admin.courierUnknown');
    // one courier on two devices only when the administrator confirmed it
    if (!input.SharedCourier) {
      const [other] = await tx
        .select({ name: mobiles.name })
        .from(mobiles)
        .where(
          self
            ? and(eq(mobiles.userGuid, input.UserGUID), ne(mobiles.guid, self))
            : eq(mobiles.userGuid, input.UserGUID),
        )
        .limit(1);
      if (other) throw new AppError(Code.Conflict, 'admin.courierShared', { device: other.name });
    }
  }
  return {
    name: input.Name,
    isActive: input.IsActive,
    officeGuid: input.OfficeGUID,
    userGuid: input.UserGUID,
    carNumber: input.CarNumber,
    driverId: input.DriverId,
  };
}

export function insertMobile(ctx: AuthedCtx, input: MobileInput) {
  return ctx.db.transaction(async (tx) => {
    const values = { guid: newGuid(), ...(await checkMobile(tx, input)) };
    const [row] = await tx.insert(mobiles).values(values).returning();
    await audit(tx, ctx, { action: 'PostIsertMobiles', entity: 'mobiles', entityId: row.guid, after: row });
    return { Ret: 1, Guid: row.guid };
  });
}

export function updateMobile(ctx: AuthedCtx, input: MobileUpdate) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(mobiles).where(eq(mobiles.guid, input.Guid)).for('update');
    if (!before) throw notFound();
    const values = await checkMobile(tx, input, input.Guid);
    const [after] = await tx
      .update(mobiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mobiles.guid, input.Guid))
      .returning();
    await audit(tx, ctx, {
      action: 'PostUpdateMobiles',
      entity: 'mobiles',
      entityId: input.Guid,
      before,
      after,
    });
    return { Ret: 1, Guid: input.Guid };
  });
}

export function deleteMobile(ctx: AuthedCtx, guid: string) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(mobiles).where(eq(mobiles.guid, guid)).returning();
    if (!before) throw notFound();
    await audit(tx, ctx, { action: 'PostDeleteMobiles', entity: 'mobiles', entityId: guid, before });
    return { Ret: 1 };
  });
}

/**
 * The registered name of a personal number or company code: '' when the registry does not know it,
 * Code 500 with "error on RS" when the service failed. Public (registration and archive screens), so
 * each address has a budget per minute.
 */
export async function checkDriver(ctx: Ctx, driverId: string): Promise<string> {
  await assertBudget(ctx.db, `rs:${ctx.ip}`, CHECK_DRIVER_PER_MINUTE, 1);
  const found = await ctx.rs.nameFromTin(driverId);
  if (found.kind === 'found') return found.name;
  if (found.kind === 'notFound') return '';
  throw new AppError(Code.Internal, 'admin.rsError');
}
