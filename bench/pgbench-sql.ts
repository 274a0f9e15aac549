/**
 * The SQL the server issues for the calls the bench sets beside pgbench (`npm run bench`, PostgreSQL):
 * the same statements with the same kind of parameters, in the same round trips (statements the server
 * sends in one batch go in one `\startpipeline` … `\endpipeline`), so pgbench's rate is what PostgreSQL
 * itself can do for the call on this machine. The parcel, audit and session statements and the scan's
 * answer are the server's own text (imported: they cannot drift); the rest are copied. Keep those in step with the
 * server: with `log_statement = all` on a database, one call of each shows what it sends
 * (apps/server/src/http/session.ts for the session; modules/registration and modules/parcels/core.ts
 * for a registration). pgbench cannot read a result inside a pipeline (`\gset`), so where the server
 * reads a value in a batch (the barcode number, the locked parcel), the next statement reads it again
 * in SQL (`currval`, a sub-select): a little more work for pgbench, never less.
 */
import { createHash } from 'node:crypto';
import type { BenchContext } from './run.ts';
import { EVENT_PARAMS, statementFor } from '../apps/server/src/modules/parcels/core.ts';
import { AUDIT_COLUMNS, AUDIT_INSERT } from '../apps/server/src/http/context.ts';
import { sessionStatementText } from '../apps/server/src/http/session.ts';
import { compileSql } from '../apps/server/src/db/statement.ts';
import { parcelRowsSql } from '../apps/server/src/modules/parcels/parcel-list.ts';
import { ParcelScope } from '../apps/server/src/modules/parcels/scope.ts';
import { sql } from 'drizzle-orm';

/** A statement's `$n` parameters replaced by SQL (pgbench variables, literals): `values[n - 1]`. */
function fill(text: string, values: readonly string[]): string {
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const v = values[Number(n) - 1];
    if (v === undefined) throw new Error(`pgbench script: no value for $${n}`);
    return `(${v})`;
  });
}
/** The parameters of a parcel statement by name: the status, parcel columns, the id, the event's own. */
function parcelParams(keys: readonly string[], byName: Record<string, string>, update: boolean): string[] {
  const names = ['status', ...keys, ...(update ? ['guid'] : []), ...EVENT_PARAMS.map((k) => `event.${k}`)];
  return names.map((n) => {
    const v = byName[n];
    if (v === undefined) throw new Error(`pgbench script: no value for ${n}`);
    return v;
  });
}
const sqlText = (v: string) => `'${v.replace(/'/g, "''")}'`;
/** The event's own columns as the office calls write them: the actor, everything else empty. */
const EVENT = (status: number): Record<string, string> => ({
  'event.statusId': String(status),
  'event.userGuid': ':user',
  'event.roleId': '105',
  'event.officeGuid': ':office',
  'event.comment': "''",
  'event.lat': 'null',
  'event.lng': 'null',
  'event.deviceTime': 'null',
  'event.mobile': 'null',
  'event.jobId': 'null',
  'event.bagGuid': 'null',
  'event.registryId': 'null',
  'event.waybillId': 'null',
});
/** The audit record's insert (its parameters in AUDIT_COLUMNS order) with these values. */
function auditSql(byKey: Record<string, string>): string {
  return fill(
    AUDIT_INSERT,
    AUDIT_COLUMNS.map((c) => {
      const v = byKey[c.key];
      if (v === undefined) throw new Error(`pgbench script: no audit value for ${c.key}`);
      return v;
    }),
  );
}

/**
 * Every call with a session: the session, its user and office, and the version of the cached lists.
 * The server reads the sessions of the requests that arrive together in one such statement (with 1, 2,
 * 4 … 64 tickets); pgbench reads one a transaction, in the one-ticket statement (what a lone call costs),
 * the server's own text (http/session.ts).
 */
export const SESSION_SQL = (() => {
  const { text, order } = sessionStatementText(1);
  return `${fill(
    text,
    order.map((n) => (n === 'now' ? ':now' : ':hash')),
  )};`;
})();

/** The pgbench variables of the session statement for a signed-in user. */
export function sessionVars(session: { Ticket: string }): Record<string, string> {
  return {
    hash: createHash('sha256').update(session.Ticket).digest('hex'),
    now: new Date().toISOString(),
  };
}

/** The parcel columns a registration writes, in the order the server sets them (modules/registration). */
const REGISTRATION_KEYS = [
  'createDate',
  'collectionDate',
  'registeredBy',
  'registeredOffice',
  'originDepotGuid',
  'destinationDepotGuid',
  'senderName',
  'senderPid',
  'senderCityId',
  'senderVillageId',
  'senderPostCode',
  'senderZone',
  'senderAddress',
  'receiverName',
  'receiverPid',
  'receiverCityId',
  'receiverVillageId',
  'receiverPostCode',
  'receiverZone',
  'receiverAddress',
  'payerId',
  'payType',
  'urgent',
  'doubling',
  'parcelTypeId',
  'numberOfPackages',
  'weight',
  'length',
  'width',
  'height',
  'value',
  'description',
  'fild1',
  'fild2',
  'companyId',
  'barcode',
];

/**
 * One registration with a generated barcode (no Idempotency-Key), as the server sends it, in its three
 * round trips: the session; `begin` with the parcel and its registration event (the statement takes the
 * barcode's number itself, `po_generated_barcode`; refused by the live-barcode index when taken); the
 * audit record with `commit`. pgbench's barcodes start with PG so they never meet the server's. pgbench
 * cannot read a result inside a pipeline (`\gset`), so the audit record names a new id rather than the
 * parcel's: the same insert for the database.
 */
export function registrationSql(audit: string): string {
  const parcel = fill(
    statementFor('insert', REGISTRATION_KEYS, true).text,
    parcelParams(
      REGISTRATION_KEYS,
      {
        status: '8744',
        createDate: 'now()',
        collectionDate: "now() + interval '4 days'",
        registeredBy: ':user',
        registeredOffice: ':office',
        originDepotGuid: ':office',
        destinationDepotGuid: ':office',
        senderName: sqlText('ნინო გელაშვილი'),
        senderPid: "'01001012345'",
        senderCityId: '320',
        senderVillageId: 'null',
        senderPostCode: "'0100'",
        senderZone: '1',
        senderAddress: sqlText('წერეთლის გამზ 116'),
        receiverName: sqlText('დავით მაისურაძე'),
        receiverPid: "''",
        receiverCityId: '321',
        receiverVillageId: 'null',
        receiverPostCode: "'6000'",
        receiverZone: '3',
        receiverAddress: sqlText('ჭავჭავაძის ქ 51'),
        payerId: '8700',
        payType: '1',
        urgent: 'false',
        doubling: 'false',
        parcelTypeId: '8698',
        numberOfPackages: '1',
        weight: '1.5',
        length: '30',
        width: '20',
        height: '10',
        value: '14.5',
        description: "''",
        fild1: "'bench'",
        fild2: "''",
        companyId: 'null',
        barcode: "'PG'",
        ...EVENT(8744),
      },
      false,
    ),
  );
  const auditRow = auditSql({
    userGuid: ':user',
    ip: "'127.0.0.1'",
    requestId: 'gen_random_uuid()::text',
    action: "'Registration'",
    entity: "'parcels'",
    entityId: 'gen_random_uuid()',
    before: 'null',
    after: sqlText(audit),
    apiKey: 'null', // a staff request: no shipper key (http/context.ts audit)
  });
  return [
    SESSION_SQL,
    '\\startpipeline',
    'begin;',
    `${parcel};`,
    '\\endpipeline',
    '\\startpipeline',
    `${auditRow};`,
    'commit;',
    '\\endpipeline',
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

/**
 * The scan answer's row: the server's own statement (modules/parcels/parcel-list.ts `parcelRowsSql`, as
 * the scan asks for it: one parcel by its id, in the scope of a user who sees every parcel, as the demo
 * operator does), its one parameter the pgbench variable `:u_guid`, sent without a type as the
 * server sends it.
 */
const SCAN_ANSWER = (() => {
  const { sql: text } = compileSql(
    parcelRowsSql(new ParcelScope('see', null), sql`p.guid = ${'guid'}`, { limit: 1 }),
  );
  return fill(text, [':u_guid']);
})();

/**
 * One counter scan (PostUpStatbyBarcode, modules/parcels/scans.ts) as the server sends it. How this was
 * obtained: `alter database <db> set log_statement = 'all'`, the compiled server on that database, one
 * registration and one scan of its barcode as the demo operator, and the scan's statements read from the
 * PostgreSQL log (/var/log/postgresql/postgresql-15-main.log, the lines of that database between the
 * request's start and end); the constant parameters are written in, the rest are pgbench variables. The
 * round trips:
 *   1. the session (http/session.ts, every call with a session; shared by the requests that arrive
 *      together)
 *   2. begin with lockLive: the live parcel by barcode, FOR UPDATE
 *   3. appendEvent: the parcel's current status and the event, one statement (parcels core)
 *   4. the audit record with commit
 *   5. the answer's parcel row, after the commit
 * (Until issue 13's tuning the scan made 10 round trips, then 8; issue 19's request path made it 5.)
 * Protocol: pgbench runs it prepared (-M prepared), as the server sends the session read, begin, the
 * parcels core's statement, the audit record and commit (named: prepared once per connection); lockLive's
 * select (2) and the answer's row (5) are drizzle SQL the server sends named too (db/statement.ts
 * `runSql`), so every statement of the scan is prepared on both sides.
 * pgbench's pipeline sends one Sync for the pair; the server's pipeline-mode client one a statement.
 * Barcodes: a random one of the bench's own parcels, `:prefix`, the 8-digit serial between `:lo` and
 * `:hi` and its S10 check digit (modules/registration/pricing.ts), computed by pgbench; the status is
 * confirm (8734) or receive (8736) at random.
 */
export function scanSql(): string {
  const barcode = `:prefix::text || lpad(:n::text, 8, '0') || :d::text`;
  const update = fill(
    statementFor('update', []).text,
    parcelParams(
      [],
      {
        status: ':st',
        // the server has the id from the locked row; pgbench cannot read a result inside its pipeline
        guid: `select "guid" from "parcels" where "barcode" = ${barcode} and "deleted_at" is null`,
        ...EVENT(0),
        'event.statusId': ':st',
      },
      true,
    ),
  );
  const auditRow = auditSql({
    userGuid: ':user',
    ip: "'127.0.0.1'",
    requestId: 'gen_random_uuid()::text',
    action: "'parcel.scan'",
    entity: "'parcel'",
    entityId: ':u_guid',
    before: `('{"status": ' || :u_cur_status_id || '}')`,
    after: `('{"status": ' || :st || ', "eventId": ' || :u_id || '}')`,
    apiKey: 'null', // a staff request: no shipper key (http/context.ts audit)
  });
  return [
    '\\set n random(:lo, :hi)',
    '\\set s 8 * ((:n / 10000000) % 10) + 6 * ((:n / 1000000) % 10) + 4 * ((:n / 100000) % 10) + 2 * ((:n / 10000) % 10) + 3 * ((:n / 1000) % 10) + 5 * ((:n / 100) % 10) + 9 * ((:n / 10) % 10) + 7 * (:n % 10)',
    '\\set c 11 - :s % 11',
    '\\set d case when :c = 10 then 0 when :c = 11 then 5 else :c end',
    '\\set st 8734 + 2 * random(0, 1)',
    SESSION_SQL,
    '\\startpipeline',
    'begin;',
    `select ${PARCEL_COLUMNS} from "parcels" where ("parcels"."barcode" = ${barcode} and "parcels"."deleted_at" is null) limit 1 for update;`,
    '\\endpipeline',
    `${update} \\gset u_`,
    '\\startpipeline',
    `${auditRow};`,
    'commit;',
    '\\endpipeline',
    `${SCAN_ANSWER};`,
  ].join('\n');
}
