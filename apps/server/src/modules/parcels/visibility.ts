/**
 * Which parcels a user may see in the finders, the histories and the files (spec 001 §4 "Operator list
 * of the finders", §6; DOMAIN.md): the same circles as the finders' operator list.
 * - a corporate client's user: the parcels registered at their own office;
 * - role 100, or role 105 not IsAnother: every parcel;
 * - a user at a distribution centre: the parcels registered at the centre or at its offices;
 * - IsAnother at a plain office (or no office): only the parcels they registered themselves;
 * - anyone else: the parcels registered at their office.
 */
import { sql, type SQL } from 'drizzle-orm';
import { Role } from '@po/contract';
import { rows, type DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../http/context.ts';
import { tierTables, type Tier } from './core.ts';

export type Viewer = Pick<
  SessionUser,
  'guid' | 'roleId' | 'officeGuid' | 'isAnother' | 'isCorporate' | 'isDistrCenter'
>;

/** The visibility predicate on a parcel table aliased `alias` (null: everything is visible). */
export function scopeSql(me: Viewer, alias = 'p'): SQL | null {
  const p = sql.raw(alias);
  if (me.isCorporate) {
    return me.officeGuid
      ? sql`${p}.registered_office = ${me.officeGuid}`
      : sql`${p}.registered_by = ${me.guid}`;
  }
  if (me.roleId === Role.Admin || (me.roleId === Role.Operator && !me.isAnother)) return null;
  if (me.isDistrCenter && me.officeGuid) {
    return sql`(${p}.registered_office = ${me.officeGuid} or ${p}.registered_office in
      (select o.guid from offices o where o.distribution_center = ${me.officeGuid}))`;
  }
  if (me.isAnother || !me.officeGuid) return sql`${p}.registered_by = ${me.guid}`;
  return sql`${p}.registered_office = ${me.officeGuid}`;
}

/** Whether the user may see the parcel with this id in the tier. */
export async function canSee(db: DbOrTx, me: Viewer, guid: string, tier: Tier = 'live'): Promise<boolean> {
  const scope = scopeSql(me);
  if (!scope) return true;
  const t = tierTables[tier].parcels;
  const [r] = await rows<{ ok: boolean }>(
    db,
    sql`select exists(select 1 from ${t} p where p.guid = ${guid} and ${scope}) as ok`,
  );
  return !!r?.ok;
}
