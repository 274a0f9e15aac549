/**
 * Whose parcel is it (DOMAIN.md "Parcel scope"). Roles say which calls a user may make; the scope says
 * which parcels. Every call declares in the contract what it does to parcels (`parcels: 'none' | 'see' |
 * 'act' | 'create'`); the registrar (http/route.ts) gives its handler a `ParcelScope` of that kind, and
 * the parcels core (core.ts, parcel-list.ts) takes the scope on every way to a parcel: by barcode, by id,
 * in a list, through its history. A parcel outside the scope answers exactly as one that does not
 * exist.
 *
 * Who sees what:
 * - company staff (role 100 of a non-corporate office, role 105 without IsAnother) and the system
 *   (the archive mover, the seed): every parcel;
 * - corporate users (any role of a corporate office): the parcels registered at their office or at the
 *   offices under it (their client's), and no other;
 * - couriers (106): the parcels they hold, those waiting to be picked up (live, not delivered, held by
 *   no courier), and those they handled;
 * - everyone else: the parcels of their distribution centre (registered at their office, its centre or
 *   an office under either; IsAnother users: only their own registrations), plus the parcels whose
 *   origin or destination office is theirs, that were received at it, or that are in a bag addressed
 *   to it.
 * Who acts on what: what they see, except that corporate users set no courier or office status (only
 * CORPORATE_STATUSES), and couriers take (pick up 8711, or are handed 8707) what is waiting and do
 * anything else (hand over, the failures, waybills) only with a parcel they hold.
 */
import { sql, type SQL } from 'drizzle-orm';
import { Code, CORPORATE_STATUSES, Role, Status, type ParcelAccess } from '@po/contract';
import type { SessionUser } from '../../http/context.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import type { Tier } from './core.ts';
import type { Lists } from '../../db/list-cache.ts';

export type ScopeUser = Pick<
  SessionUser,
  'guid' | 'roleId' | 'officeGuid' | 'isAnother' | 'isCorporate' | 'isDistrCenter' | 'distributionCenter'
>;

/** The statuses that end a delivery: a parcel with one of them is no longer waiting for a courier. */
const DELIVERED: readonly number[] = [Status.Delivered, 8713, 8714];

const EVENTS: Record<Tier, string> = {
  live: 'parcel_events',
  archive: 'parcel_events_archive',
  oldArchive: 'parcel_events_old_archive',
};

/** Which circle of parcels a user is in. */
type Circle = 'all' | 'corporate' | 'courier' | 'office';

function circleOf(u: ScopeUser | null): Circle {
  if (!u) return 'all';
  if (u.isCorporate) return 'corporate';
  if (u.roleId === Role.Courier) return 'courier';
  if (u.roleId === Role.Admin || (u.roleId === Role.Operator && !u.isAnother)) return 'all';
  return 'office';
}

const uuids = (list: readonly string[]) =>
  sql.join(
    list.map((g) => sql`${g}::uuid`),
    sql`, `,
  );

/** The parcel scope of one request: the caller, and what the call declared it does to parcels. */
export class ParcelScope {
  private readonly circle: Circle;

  constructor(
    readonly access: ParcelAccess,
    /** null: the system itself (scheduled work, the seed), which sees every parcel */
    readonly user: ScopeUser | null,
    /** the call's cached lists (the events' webhook subscriptions are read from them); null: read them */
    readonly lists: Lists | null = null,
  ) {
    this.circle = circleOf(user);
  }

  /** Whether the caller sees every parcel (no condition to add). */
  get seesAll(): boolean {
    return this.circle === 'all';
  }

  /** Fails (a defect, Code 500) when the call declared less than it uses. */
  require(need: 'see' | 'act'): void {
    const ok = need === 'see' ? this.access === 'see' || this.access === 'act' : this.access === 'act';
    if (!ok) throw new Error(`parcel scope: a call declared '${this.access}' and asked to ${need} a parcel`);
  }

  /**
   * The condition on a parcel table aliased `alias` (of `tier`) that the caller may see it; null when
   * every parcel is visible.
   */
  where(alias = 'p', tier: Tier = 'live'): SQL | null {
    this.require('see');
    const u = this.user;
    if (this.circle === 'all' || !u) return null;
    const p = sql.raw(alias);
    const events = sql.raw(EVENTS[tier]);
    if (this.circle === 'corporate') {
      if (!u.officeGuid) return sql`${p}.registered_by = ${u.guid}::uuid`;
      return sql`(${p}.registered_office = ${u.officeGuid}::uuid or ${p}.registered_office in
        (select o.guid from offices o where o.distribution_center = ${u.officeGuid}::uuid))`;
    }
    if (this.circle === 'courier') {
      const handled = sql`exists (select 1 from ${events} se where se.parcel_guid = ${p}.guid and se.user_guid = ${u.guid}::uuid)`;
      if (tier !== 'live') return handled;
      return sql`(${p}.courier_guid = ${u.guid}::uuid or ${this.waiting(p)} or ${handled})`;
    }
    const own = u.isAnother ? sql`${p}.registered_by = ${u.guid}::uuid` : this.centre(p);
    if (!u.officeGuid) return own;
    const office = sql`${u.officeGuid}::uuid`;
    const bag =
      tier === 'live'
        ? sql` or exists (select 1 from bags sb where sb.guid = ${p}.bag_guid and sb.receiver_office_guid = ${office})`
        : sql``;
    return sql`(${own} or ${p}.origin_depot_guid = ${office} or ${p}.destination_depot_guid = ${office}
      or exists (select 1 from ${events} se where se.parcel_guid = ${p}.guid and se.office_guid = ${office}
        and se.status_id = ${Status.Received})${bag})`;
  }

  /** A live parcel waiting for a courier: not delivered, held by no courier. */
  private waiting(p: SQL): SQL {
    return sql`(${p}.courier_guid is null and ${p}.deleted_at is null
      and ${p}.cur_status_id not in (${sql.join(
        DELIVERED.map((s) => sql`${s}::integer`),
        sql`, `,
      )}))`;
  }

  /** Registered at the user's office, its distribution centre or an office under either. */
  private centre(p: SQL): SQL {
    const u = this.user!;
    const mine = [u.officeGuid, u.distributionCenter].filter((g): g is string => !!g);
    if (mine.length === 0) return sql`${p}.registered_by = ${u.guid}::uuid`;
    const list = uuids([...new Set(mine)]);
    return sql`(${p}.registered_office in (${list})
      or ${p}.registered_office in (select o.guid from offices o where o.distribution_center in (${list})))`;
  }

  /**
   * Checks that the caller may give the (visible, locked) parcel this status; throws the 403 the client
   * sees otherwise. Called by the parcels core before it writes an event.
   */
  checkAct(parcel: { courierGuid: string | null; curStatusId: number }, statusId: number): void {
    this.require('act');
    const refusal = this.actRefusal(parcel, statusId);
    if (refusal) throw refusal;
  }

  /**
   * Why the caller could not give the (visible) parcel this status, or null: the question `checkAct`
   * asks, for a call that only looks before an act (a courier's scan before the job is sent).
   */
  actRefusal(parcel: { courierGuid: string | null; curStatusId: number }, statusId: number): AppError | null {
    this.require('see');
    const u = this.user;
    if (!u) return null;
    if (this.circle === 'corporate' && !CORPORATE_STATUSES.includes(statusId)) {
      return forbidden('scope.corporateStatus');
    }
    if (this.circle === 'courier') {
      const held = parcel.courierGuid === u.guid;
      if (statusId === Status.Pickup || statusId === Status.HandToCourier) {
        if (DELIVERED.includes(parcel.curStatusId)) return forbidden('scope.courierDelivered');
        if (parcel.courierGuid && !held) return new AppError(Code.NotFound, 'parcels.notFound', {});
        return null;
      }
      if (!held) return forbidden('scope.courierNotHeld');
    }
    return null;
  }

  /** Checks that a courier holds the parcel they work with (a waybill); anyone else may act as they see. */
  checkHeld(parcel: { courierGuid: string | null }): void {
    this.require('act');
    if (this.circle === 'courier' && parcel.courierGuid !== this.user?.guid) {
      throw forbidden('scope.courierNotHeld');
    }
  }
}

/** The system's own scope (scheduled work, the seed, tests' set-up): every parcel. */
export const SYSTEM_SCOPE = new ParcelScope('act', null);
