/**
 * The SQL the server issues for the calls the bench sets beside pgbench (`npm run bench`, PostgreSQL):
 * the same statements with the same kind of parameters, so pgbench's rate is what PostgreSQL itself
 * can do for the call on this machine. Keep them in step with the server: with `log_statement = all`
 * on a database, one call of each shows what it sends (apps/server/src/http/session.ts for the
 * session; modules/registration and modules/parcels/core.ts for a registration).
 */
import { createHash } from 'node:crypto';
import type { BenchContext } from './run.ts';

/** Every call with a session: the session, its user and office, and the version of the cached lists. */
export const SESSION_SQL = `select "sessions"."id", "sessions"."mobile", "sessions"."last_seen_at", "sessions"."max_expires_at", "users"."guid", "users"."login", "users"."name", "users"."role_id", "users"."enabled", "users"."deleted_at", "users"."is_another", "users"."registration_disable", "users"."password_valid", "users"."office_guid", "offices"."name", "offices"."is_corporate", "offices"."is_distr_center", "offices"."distribution_center", "offices"."pid", (select "list_version"."v"::float8 from "list_version" where "list_version"."id" = 1) from "sessions" inner join "users" on "users"."guid" = "sessions"."user_guid" left join "offices" on "offices"."guid" = "users"."office_guid" where ("sessions"."ticket_hash" = :hash and "sessions"."revoked_at" is null and "sessions"."expires_at" > :now::timestamptz and "sessions"."max_expires_at" > :now::timestamptz) limit 1;`;

/** The pgbench variables of the session statement for a signed-in user. */
export function sessionVars(session: { Ticket: string }): Record<string, string> {
  return {
    hash: createHash('sha256').update(session.Ticket).digest('hex'),
    now: new Date().toISOString(),
  };
}

/**
 * One registration with a generated barcode (no Idempotency-Key), as the server writes it: the session,
 * then in one transaction the barcode number, the parcel (refused by the live-barcode index when taken),
 * its registration event and the audit record. pgbench's barcodes start with PG so they never meet the
 * server's.
 */
export function registrationSql(audit: string): string {
  const parcel = `insert into "parcels" ("guid", "barcode", "create_date", "collection_date", "registered_by", "registered_office", "origin_depot_guid", "destination_depot_guid", "sender_name", "sender_pid", "sender_city_id", "sender_village_id", "sender_post_code", "sender_zone", "sender_address", "receiver_name", "receiver_pid", "receiver_city_id", "receiver_village_id", "receiver_post_code", "receiver_zone", "receiver_address", "payer_id", "pay_type", "urgent", "doubling", "parcel_type_id", "number_of_packages", "weight", "length", "width", "height", "value", "description", "fild1", "fild2", "comment", "company_id", "cur_status_id", "cur_status_at", "courier_guid", "bag_guid", "waybill_id", "is_payed", "payed_at", "deleted_at", "deleted_by", "deleted_ip", "modified_at") values (default, 'PG' || lpad(:n::text, 9, '0'), now(), now() + interval '4 days', :user::uuid, :office::uuid, :office::uuid, :office::uuid, 'ნინო გელაშვილი', '01001012345', 320, null, '0100', 1, 'წერეთლის გამზ 116', 'დავით მაისურაძე', '', 321, null, '6000', 3, 'ჭავჭავაძის ქ 51', 8700, 1, false, false, 8698, 1, 1.5, 30, 20, 10, 14.5, '', 'bench', '', default, null, 8744, clock_timestamp(), default, default, default, default, default, default, default, default, clock_timestamp()) on conflict ("barcode") where "parcels"."deleted_at" is null do nothing returning *`;
  const event = `insert into "parcel_events" ("id", "parcel_guid", "status_id", "created_at", "user_guid", "role_id", "office_guid", "comment", "lat", "lng", "device_time", "mobile", "job_id", "bag_guid", "registry_id", "waybill_id") values (default, :p_guid::uuid, 8744, now(), :user::uuid, 105, :office::uuid, '', null, null, null, null, null, null, null, null) returning *`;
  const auditRow = `insert into "audit_log" ("id", "at", "user_guid", "ip", "request_id", "action", "entity", "entity_id", "before", "after") values (default, default, :user::uuid, '127.0.0.1', gen_random_uuid()::text, 'Registration', 'parcels', :p_guid, null, '${audit.replace(/'/g, "''")}'::jsonb)`;
  return [
    SESSION_SQL,
    'begin;',
    `select nextval('barcode_seq')::bigint as n \\gset`,
    `${parcel} \\gset p_`,
    `${event};`,
    `${auditRow};`,
    'commit;',
  ].join('\n');
}

/** The signed-in user's id and office, for the statements that name them. */
export async function userVars(ctx: BenchContext, session: { Id: string }): Promise<Record<string, string>> {
  const found = await ctx.query<{ office: string }>(
    'select office_guid::text as office from users where guid = $1',
    [session.Id],
  );
  return { user: session.Id, office: found?.[0]?.office ?? '' };
}
