/**
 * Who sees whose work (spec 002 §6): role 100, and role 105 without IsAnother, see every operator;
 * IsAnother users only themselves; the others their office, its distribution centre and the offices
 * under either. Used by the registries, the bag journal and the operator filter.
 */
import { sql, type SQL } from 'drizzle-orm';
import { Role } from '@po/contract';
import type { SessionUser } from '../../http/context.ts';

export type ScopeUser = Pick<
  SessionUser,
  'guid' | 'roleId' | 'isAnother' | 'officeGuid' | 'distributionCenter'
>;

/** True when the user sees every operator's work. */
export const seesAll = (u: ScopeUser) =>
  u.roleId === Role.Admin || (u.roleId === Role.Operator && !u.isAnother);

/** The offices a user's work covers: their office, their distribution centre and the offices under either. */
export function officeScope(u: ScopeUser, officeCol: SQL): SQL {
  const mine = [u.officeGuid, u.distributionCenter].filter((g): g is string => !!g);
  if (mine.length === 0) return sql`false`;
  const list = sql.join(
    mine.map((g) => sql`${g}::uuid`),
    sql`, `,
  );
  return sql`(${officeCol} in (${list})
    or ${officeCol} in (select o.guid from offices o where o.distribution_center in (${list})))`;
}

/**
 * A condition on rows made by a user (`userCol`) at an office (`officeCol`) that the viewer may see.
 */
export function workScope(u: ScopeUser, userCol: SQL, officeCol: SQL): SQL {
  if (seesAll(u)) return sql`true`;
  if (u.isAnother) return sql`${userCol} = ${u.guid}::uuid`;
  return officeScope(u, officeCol);
}
