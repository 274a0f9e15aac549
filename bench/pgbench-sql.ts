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

/** Every column of a parcel, as the server's ORM lists them (lockLive's select, appendEvent's returning). */
const PARCEL_COLUMNS = `"guid", "barcode", "create_date", "collection_date", "registered_by", "registered_office", "origin_depot_guid", "destination_depot_guid", "sender_name", "sender_pid", "sender_city_id", "sender_village_id", "sender_post_code", "sender_zone", "sender_address", "receiver_name", "receiver_pid", "receiver_city_id", "receiver_village_id", "receiver_post_code", "receiver_zone", "receiver_address", "payer_id", "pay_type", "urgent", "doubling", "parcel_type_id", "number_of_packages", "weight", "length", "width", "height", "value", "description", "fild1", "fild2", "comment", "company_id", "cur_status_id", "cur_status_at", "courier_guid", "bag_guid", "waybill_id", "is_payed", "payed_at", "deleted_at", "deleted_by", "deleted_ip", "modified_at"`;
const EVENT_COLUMNS = `"id", "parcel_guid", "status_id", "created_at", "user_guid", "role_id", "office_guid", "comment", "lat", "lng", "device_time", "mobile", "job_id", "bag_guid", "registry_id", "waybill_id"`;

/**
 * The scan answer's row (modules/parcels/parcel-list.ts `parcelRows` for one parcel), with the server's
 * constant parameters written in: statuses 8744 registered and 8712 delivered, the failure statuses,
 * reference groups 10 (statuses) and 25 (parcel types).
 */
const FAILURES = '8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743';
const SCAN_ANSWER = `select p.guid, p.barcode, p.create_date, p.collection_date, p.cur_status_id,
 coalesce(s.name, '') as status_name, coalesce(u.login, '') as login, coalesce(o.name, '') as office_name,
 p.receiver_name, p.sender_name, p.comment, p.fild1, p.fild2, p.number_of_packages,
 p.weight, p.height, p.width, p.value, p.description, p.pay_type, p.payer_id,
 coalesce(t.name, '') as type_name, p.is_payed, coalesce(b.bag_name, '') as bag_name, p.bag_guid,
 p.modified_at, p.registered_by, p.registered_office, p.origin_depot_guid, p.destination_depot_guid,
 d.delivered_at, lo.status_id as outcome_status, lo.created_at as outcome_at,
 fs.name as first_name, fo.created_at as first_at,
 not exists (select 1 from parcel_events x where x.parcel_guid = p.guid and x.status_id <> 8744) as only_registered
 from parcels p
 left join ref_items s on s.id = p.cur_status_id and s.group_id = 10
 left join users u on u.guid = p.registered_by
 left join offices o on o.guid = p.registered_office
 left join ref_items t on t.id = p.parcel_type_id and t.group_id = 25
 left join bags b on b.guid = p.bag_guid
 left join lateral (select min(e.created_at) as delivered_at from parcel_events e where e.parcel_guid = p.guid and e.status_id = 8712) d on true
 left join lateral (select e.status_id, e.created_at from parcel_events e where e.parcel_guid = p.guid and e.status_id in (${FAILURES}) order by e.created_at desc, e.id desc limit 1) lo on true
 left join lateral (select e.status_id, e.created_at from parcel_events e where e.parcel_guid = p.guid and e.status_id in (${FAILURES}) order by e.created_at, e.id limit 1) fo on true
 left join ref_items fs on fs.id = fo.status_id and fs.group_id = 10
 where p.deleted_at is null and (p.guid = :p_guid::uuid)
 order by p.create_date desc, p.guid
 limit 2000`;

/**
 * One counter scan (PostUpStatbyBarcode, modules/parcels/scans.ts) as the server sends it. How this was
 * obtained: `alter database <db> set log_statement = 'all'`, the compiled server on that database, one
 * registration and one scan of its barcode as the demo operator, and the scan's statements read from the
 * PostgreSQL log (/var/log/postgresql/postgresql-15-main.log, the lines of that database between the
 * request's start and end); the constant parameters are written in, the rest are pgbench variables. The
 * statements, one round trip each:
 *   1. the session (http/session.ts, every call with a session)
 *   2. begin
 *   3. lockLive: the live parcel by barcode, FOR UPDATE
 *   4. appendEvent: the parcel's current status, returning the row
 *   5. appendEvent: the event, at the parcel's new status time
 *   6. the audit record
 *   7. commit
 *   8. the answer's parcel row, after the commit
 * (Until issue 13's tuning the scan also read the status from ref_items, now from the cached lists, and
 * the parcel's latest event, now only when the parcel already has the scanned status: 10 statements.)
 * Barcodes: a random one of the bench's own parcels, `:prefix`, the 8-digit serial between `:lo` and
 * `:hi` and its S10 check digit (modules/registration/pricing.ts), computed by pgbench; the status is
 * confirm (8734) or receive (8736) at random.
 */
export function scanSql(): string {
  return [
    '\\set n random(:lo, :hi)',
    '\\set s 8 * ((:n / 10000000) % 10) + 6 * ((:n / 1000000) % 10) + 4 * ((:n / 100000) % 10) + 2 * ((:n / 10000) % 10) + 3 * ((:n / 1000) % 10) + 5 * ((:n / 100) % 10) + 9 * ((:n / 10) % 10) + 7 * (:n % 10)',
    '\\set c 11 - :s % 11',
    '\\set d case when :c = 10 then 0 when :c = 11 then 5 else :c end',
    '\\set st 8734 + 2 * random(0, 1)',
    SESSION_SQL,
    'begin;',
    `select ${PARCEL_COLUMNS} from "parcels" where ("parcels"."barcode" = :prefix::text || lpad(:n::text, 8, '0') || :d::text and "parcels"."deleted_at" is null) limit 1 for update \\gset p_`,
    `update "parcels" set "cur_status_id" = :st, "cur_status_at" = clock_timestamp(), "modified_at" = clock_timestamp() where "parcels"."guid" = :p_guid::uuid returning ${PARCEL_COLUMNS} \\gset u_`,
    `insert into "parcel_events" (${EVENT_COLUMNS}) values (default, :p_guid::uuid, :st, :u_cur_status_at::timestamptz, :user::uuid, 105, :office::uuid, '', null, null, null, null, null, null, null, null) returning ${EVENT_COLUMNS} \\gset e_`,
    `insert into "audit_log" ("id", "at", "user_guid", "ip", "request_id", "action", "entity", "entity_id", "before", "after") values (default, default, :user::uuid, '127.0.0.1', gen_random_uuid()::text, 'parcel.scan', 'parcel', :p_guid, ('{"status": ' || :p_cur_status_id || '}')::jsonb, ('{"status": ' || :st || ', "eventId": ' || :e_id || '}')::jsonb);`,
    'commit;',
    `${SCAN_ANSWER};`,
  ].join('\n');
}
