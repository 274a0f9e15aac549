/**
 * The counter's parcel lists (spec 002 §2.6, §2.7, §2.13, §6; DOMAIN.md "Incoming", "Outgoing"): my
 * parcels, sub-organisation parcels, incoming and outgoing. Read-only.
 */
import { eq, sql } from 'drizzle-orm';
import { Role, Status, fieldLabels } from '@po/contract';
import { MY_PARCELS_DAYS, type ParcelListRow } from '@po/contract/parcels/scans';
import type { AuthedCtx } from '../../http/context.ts';
import { badInput, conflict, forbidden } from '../../http/errors.ts';
import { offices } from '../../db/schema.ts';
import { parcelRows } from './parcel-list.ts';

type Answer = { Parcels: ParcelListRow[] };

const since = () => new Date(Date.now() - MY_PARCELS_DAYS * 86_400_000);

/** My parcels: the live parcels the caller registered in the last MY_PARCELS_DAYS days, newest first. */
export async function myParcels(ctx: AuthedCtx): Promise<Answer> {
  const where = sql`p.registered_by = ${ctx.user.guid} and p.create_date >= ${since()}`;
  return { Parcels: await parcelRows(ctx.db, ctx.scope, where) };
}

/**
 * Sub-organisation parcels: those registered at the office, or, when it is a distribution centre, at it
 * and its offices. Corporate users only their own distribution centre (403 otherwise). Others: role
 * 100 and role 105 without IsAnother any office; the rest their own office, their distribution centre
 * and the offices under either.
 */
export async function subOrgParcels(ctx: AuthedCtx, input: { Office: string }): Promise<Answer> {
  const me = ctx.user;
  const [office] = await ctx.db
    .select({ guid: offices.guid, center: offices.distributionCenter })
    .from(offices)
    .where(eq(offices.guid, input.Office))
    .limit(1);
  if (me.isCorporate) {
    if (!me.distributionCenter || input.Office !== me.distributionCenter)
      throw forbidden('scan.corporateOffice');
  } else if (!(me.roleId === Role.Admin || (me.roleId === Role.Operator && !me.isAnother))) {
    const mine = [me.officeGuid, me.distributionCenter].filter((g): g is string => !!g);
    const ok = !!office && (mine.includes(office.guid) || (!!office.center && mine.includes(office.center)));
    if (!ok) throw forbidden('scan.officeForbidden');
  }
  if (!office) throw badInput('scan.officeUnknown', { field: fieldLabels.Office });
  const where = sql`(p.registered_office = ${office.guid}
      or p.registered_office in (select o.guid from offices o where o.distribution_center = ${office.guid}))
    and p.create_date >= ${since()}`;
  return { Parcels: await parcelRows(ctx.db, ctx.scope, where) };
}

function myOffice(ctx: AuthedCtx): string {
  if (!ctx.user.officeGuid) throw conflict('scan.noOffice');
  return ctx.user.officeGuid;
}

/** Incoming: live parcels bound for the caller's office, not delivered, not yet received (8736) there. */
export async function incoming(ctx: AuthedCtx): Promise<Answer> {
  const office = myOffice(ctx);
  const where = sql`p.destination_depot_guid = ${office}
    and p.cur_status_id <> ${Status.Delivered}
    and not exists (select 1 from parcel_events e
      where e.office_guid = ${office} and e.status_id = ${Status.Received} and e.parcel_guid = p.guid)`;
  return { Parcels: await parcelRows(ctx.db, ctx.scope, where) };
}

/** Outgoing: parcels received (8736) at the caller's office, bound for another office, not in a bag, not delivered. */
export async function outgoing(ctx: AuthedCtx): Promise<Answer> {
  const office = myOffice(ctx);
  const where = sql`p.guid in (select e.parcel_guid from parcel_events e
      where e.office_guid = ${office} and e.status_id = ${Status.Received})
    and p.destination_depot_guid is not null and p.destination_depot_guid <> ${office}
    and p.bag_guid is null
    and p.cur_status_id <> ${Status.Delivered}`;
  return { Parcels: await parcelRows(ctx.db, ctx.scope, where) };
}
