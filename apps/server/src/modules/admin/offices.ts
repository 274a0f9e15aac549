import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { Code, Group, Role } from '@po/contract';
import type { OfficeRow, PostInsertOffice, PostUpdateOffice } from '@po/contract/admin';
import type { CallParsed } from '@po/contract';
import type { AuthedCtx } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { AppError, badInput, conflict, notFound } from '../../http/errors.ts';
import { rows, type DbOrTx } from '../../db/client.ts';
import { offices, refItems } from '../../db/schema.ts';
import { n, newGuid } from './common.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type OfficeInput = CallParsed<typeof PostInsertOffice>;
type OfficeUpdate = CallParsed<typeof PostUpdateOffice>;
type Office = typeof offices.$inferSelect;

export const toOfficeRow = (o: Office): OfficeRow => ({
  GUID: o.guid,
  Name: o.name,
  CityID: o.cityId,
  DistributionCenter: o.distributionCenter,
  DefaultDestinationDepotGUID: o.defaultDestinationDepotGuid,
  Sender: o.sender,
  PID: o.pid,
  IsDistrCenter: o.isDistrCenter,
  IsCorporate: o.isCorporate,
});

/**
 * Every office, with the fields the caller's screens use: administrators (office administration)
 * get everything; other roles (registration, bags, couriers' lookups) get no personal codes (PID '').
 */
export async function listOffices(ctx: AuthedCtx) {
  const list = await ctx.db.select().from(offices).orderBy(asc(offices.name));
  const admin = ctx.user.roleId === Role.Admin;
  return { Offices: list.map((o) => (admin ? toOfficeRow(o) : { ...toOfficeRow(o), PID: '' })) };
}

/** The rules of spec 001 §5 that need the database; answers the values to store. */
async function checkOffice(tx: DbOrTx, input: OfficeInput, selfGuid: string | null) {
  const [city] = await tx
    .select({ id: refItems.id })
    .from(refItems)
    .where(and(eq(refItems.id, input.CityID), eq(refItems.groupId, Group.Region)));
  if (!city) throw badInput('admin.cityUnknown');

  // A distribution centre has no distribution office.
  const distr = input.IsDistrCenter ? null : input.DistrGuid;
  if (distr) {
    const [d] = await tx.select().from(offices).where(eq(offices.guid, distr));
    if (!d || distr === selfGuid) throw badInput('admin.distrUnknown');
    if (!d.isDistrCenter) throw badInput('admin.distrNotCenter');
  }
  if (input.DestGuig && input.DestGuig !== selfGuid) {
    const [d] = await tx.select({ guid: offices.guid }).from(offices).where(eq(offices.guid, input.DestGuig));
    if (!d) throw badInput('admin.destUnknown');
  }
  const [same] = await tx
    .select({ guid: offices.guid })
    .from(offices)
    .where(
      and(
        sql`lower(${offices.name}) = ${input.Name.toLowerCase()}`,
        selfGuid ? ne(offices.guid, selfGuid) : undefined,
      ),
    );
  if (same) throw conflict('admin.officeNameTaken');
  return {
    name: input.Name,
    cityId: input.CityID,
    isCorporate: input.IsCorporate,
    distributionCenter: distr,
    defaultDestinationDepotGuid: input.DestGuig,
    sender: input.Sender,
    pid: input.Pid,
    isDistrCenter: input.IsDistrCenter,
  };
}

function uniqueName<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    if (isUniqueViolation(e)) throw conflict('admin.officeNameTaken');
    throw e;
  });
}

export function insertOffice(ctx: AuthedCtx, input: OfficeInput) {
  return uniqueName(
    ctx.db.transaction(async (tx) => {
      const values = { guid: newGuid(), ...(await checkOffice(tx, input, null)) };
      const [row] = await tx.insert(offices).values(values).returning();
      await audit(tx, ctx, { action: 'PostInsertOffice', entity: 'offices', entityId: row.guid, after: row });
      return { Ret: 1, Guid: row.guid };
    }),
  );
}

export function updateOffice(ctx: AuthedCtx, input: OfficeUpdate) {
  return uniqueName(
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(offices).where(eq(offices.guid, input.Guid)).for('update');
      if (!before) throw notFound();
      const values = await checkOffice(tx, input, input.Guid);
      if (before.isDistrCenter && !values.isDistrCenter) {
        // Offices that name this one as their centre would be left pointing at a plain office.
        const [{ c }] = await rows<{ c: number }>(
          tx,
          sql`select count(*)::int as c from offices where distribution_center = ${input.Guid} and guid <> ${input.Guid}`,
        );
        if (n(c) > 0) throw conflict('admin.centerInUse', { offices: n(c) });
      }
      const [after] = await tx
        .update(offices)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(offices.guid, input.Guid))
        .returning();
      await audit(tx, ctx, {
        action: 'PostUpdateOffice',
        entity: 'offices',
        entityId: input.Guid,
        before,
        after,
      });
      return { Ret: 1, Guid: input.Guid };
    }),
  );
}

/** Deletes an office nothing refers to; otherwise Code 409 saying what holds it. */
export function deleteOffice(ctx: AuthedCtx, guid: string) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(offices).where(eq(offices.guid, guid)).for('update');
    if (!before) throw notFound();
    const [used] = await rows<{ users: number; parcels: number; mobiles: number; offices: number }>(
      tx,
      sql`select
        (select count(*)::int from users where office_guid = ${guid}) as users,
        (select count(*)::int from mobiles where office_guid = ${guid}) as mobiles,
        (select count(*)::int from offices where guid <> ${guid}
           and (distribution_center = ${guid} or default_destination_depot_guid = ${guid})) as offices,
        ((select count(*)::int from parcels where registered_office = ${guid} or origin_depot_guid = ${guid} or destination_depot_guid = ${guid})
         + (select count(*)::int from parcels_archive where registered_office = ${guid} or origin_depot_guid = ${guid} or destination_depot_guid = ${guid})
         + (select count(*)::int from parcels_old_archive where registered_office = ${guid} or origin_depot_guid = ${guid} or destination_depot_guid = ${guid})
         + (select count(*)::int from parcel_events where office_guid = ${guid})
         + (select count(*)::int from bags where sender_office_guid = ${guid} or receiver_office_guid = ${guid})) as parcels`,
    );
    const counts = {
      users: n(used.users),
      parcels: n(used.parcels),
      mobiles: n(used.mobiles),
      offices: n(used.offices),
    };
    if (counts.users + counts.parcels + counts.mobiles + counts.offices > 0) {
      throw new AppError(Code.Conflict, 'admin.officeInUse', counts);
    }
    await tx.delete(offices).where(eq(offices.guid, guid));
    await audit(tx, ctx, { action: 'PostDeleteOffice', entity: 'offices', entityId: guid, before });
    return { Ret: 1 };
  });
}
