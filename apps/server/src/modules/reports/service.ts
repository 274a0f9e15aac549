import type { ParcelScope } from '../parcels/scope.ts';
import { sql, type SQL } from 'drizzle-orm';
import {
  ALL_USERS,
  TASK_ERROR_DAYS,
  dayRangeInstants,
  reportDays,
  type AttendanceRow,
  type CompanyRow,
  type CourierPosition,
  type CourierTask,
  type FinanceDay,
  type UserItem,
} from '@po/contract/reports';
import { Code, Role, Status, WORKING_ROLES, fieldLabels, tbilisiDay, tbilisiDayStart } from '@po/contract';
import { rows, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Manager reports (spec 000 §2.4, §2.5, §7; DOMAIN.md "Reports") and the couriers' map and open work.
 * A parcel belongs to a company through `parcels.company_id` (set at registration from the sender's or
 * payer's code); the finance figures count parcels of every tier (live, archive, old archive) that are
 * not deleted.
 */

const iso = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
const num = (v: unknown): number => (v == null ? 0 : Number(v));
/** SQL text array literal of numbers. */
const intArray = (xs: readonly number[]) =>
  sql.raw(`array[${xs.map((x) => Math.trunc(x)).join(',')}]::int[]`);

/** Every parcel tier, not deleted, with the columns the finance reports read, restricted by `where`. */
function allParcels(where: SQL): SQL {
  const part = (table: string) =>
    sql`select company_id, weight, value, cur_status_id, create_date from ${sql.raw(table)} p
        where p.deleted_at is null and p.company_id is not null and ${where}`;
  return sql`(${part('parcels')} union all ${part('parcels_archive')} union all ${part('parcels_old_archive')})`;
}

/** The Tbilisi day of a timestamp column, as `YYYY-MM-DD` (Tbilisi is UTC+4 all year). */
const tbilisiDaySql = (col: SQL) =>
  sql`to_char((${col} at time zone 'UTC') + interval '4 hours', 'YYYY-MM-DD')`;

interface CompanySqlRow {
  manager: string | null;
  note: string;
  name: string;
  created_at: Date | string;
  pid: string;
  quantity: number;
  weight: number | string;
  summ: number | string;
}
const companyRow = (r: CompanySqlRow): CompanyRow => ({
  User: r.manager ?? '',
  Note: r.note,
  CompaniName: r.name,
  CreateDate: iso(r.created_at)!,
  Pid: r.pid,
  Quantity: num(r.quantity),
  Weight: num(r.weight),
  Summ: num(r.summ),
});

interface DaySqlRow {
  day: string;
  quantity: number;
  delivered: number;
}
/** Parcels per day over the whole range (days without parcels count 0), for the chart. */
function fillDays(from: string, to: string, found: DaySqlRow[]): FinanceDay[] {
  const by = new Map(found.map((d) => [d.day, d]));
  const out: FinanceDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const d = by.get(day);
    out.push({ Day: day, Quantity: num(d?.quantity), Delivered: num(d?.delivered) });
  }
  return out;
}

/** CalcCompanyParcelSumm: per company, the parcels registered in the range (count, kg, GEL). */
export async function companyParcelSumm(db: DbOrTx, start: Date, end: Date) {
  const { from, to } = reportDays(start, end);
  const range = dayRangeInstants(from, to);
  const inRange = sql`p.create_date >= ${range.from} and p.create_date < ${range.until}`;
  const companies = await rows<CompanySqlRow>(
    db,
    sql`select coalesce(nullif(u.name, ''), u.login) as manager, c.note, c.name, c.created_at, c.pid,
          count(*)::int as quantity, round(sum(p.weight), 2)::float8 as weight, round(sum(p.value), 2)::float8 as summ
        from ${allParcels(inRange)} p
        join companies c on c.id = p.company_id
        left join users u on u.guid = c.manager_guid
        group by c.id, u.guid
        order by summ desc, c.name`,
  );
  const days = await rows<DaySqlRow>(
    db,
    sql`select ${tbilisiDaySql(sql`p.create_date`)} as day, count(*)::int as quantity,
          (count(*) filter (where p.cur_status_id = ${Status.Delivered}))::int as delivered
        from ${allParcels(inRange)} p group by 1`,
  );
  return { Companies: companies.map(companyRow), Days: fillDays(from, to, days) };
}

/** The manager a CalcCompanySumm filter names: null for all; a GUID or a name (or login) otherwise. */
async function managerOf(db: DbOrTx, user: string): Promise<string | null> {
  const u = user.trim();
  if (!u || u === ALL_USERS) return null;
  const isGuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(u);
  const found = await rows<{ guid: string }>(
    db,
    isGuid
      ? sql`select guid from users where guid = ${u.toLowerCase()}::uuid`
      : sql`select guid from users where lower(name) = lower(${u}) or lower(login) = lower(${u})
            order by (deleted_at is null) desc limit 1`,
  );
  if (!found[0]) throw new AppError(Code.BadInput, 'reports.unknownUser', { field: fieldLabels.User });
  return found[0].guid;
}

/**
 * CalcCompanySumm: the companies registered in the range (of one manager, whose note contains the text),
 * with the figures of their parcels registered up to the end of the range; Days: those parcels per day of
 * the range.
 */
export async function companySumm(
  db: DbOrTx,
  input: { Startdate: Date; Enddate: Date; User: string; Note: string },
) {
  const { from, to } = reportDays(input.Startdate, input.Enddate);
  const range = dayRangeInstants(from, to);
  const manager = await managerOf(db, input.User);
  const note = input.Note.trim().toLowerCase();
  const chosen = sql`c.created_at >= ${range.from} and c.created_at < ${range.until}
    ${manager ? sql`and c.manager_guid = ${manager}::uuid` : sql``}
    ${note ? sql`and position(${note} in lower(c.note)) > 0` : sql``}`;
  const companies = await rows<CompanySqlRow>(
    db,
    sql`select coalesce(nullif(u.name, ''), u.login) as manager, c.note, c.name, c.created_at, c.pid,
          count(p.company_id)::int as quantity,
          coalesce(round(sum(p.weight), 2), 0)::float8 as weight, coalesce(round(sum(p.value), 2), 0)::float8 as summ
        from companies c
        left join users u on u.guid = c.manager_guid
        left join ${allParcels(sql`p.create_date < ${range.until}`)} p on p.company_id = c.id
        where ${chosen}
        group by c.id, u.guid
        order by c.created_at desc, c.name`,
  );
  const days = await rows<DaySqlRow>(
    db,
    sql`select ${tbilisiDaySql(sql`p.create_date`)} as day, count(*)::int as quantity,
          (count(*) filter (where p.cur_status_id = ${Status.Delivered}))::int as delivered
        from ${allParcels(sql`p.create_date >= ${range.from} and p.create_date < ${range.until}`)} p
        join companies c on c.id = p.company_id
        where ${chosen}
        group by 1`,
  );
  return { Companies: companies.map(companyRow), Days: fillDays(from, to, days) };
}

/* ------------------------------------------------------------------ user lists */

interface UserSqlRow {
  guid: string;
  name: string;
  office: string | null;
}
const userItem = (r: UserSqlRow): UserItem => ({ Name: r.name, Note: r.office ?? '', ID: r.guid });

/** FGetUserList: the employees of the attendance reports (working roles, enabled, not deleted). */
export async function employees(db: DbOrTx): Promise<UserItem[]> {
  const found = await rows<UserSqlRow>(
    db,
    sql`select u.guid, coalesce(nullif(u.name, ''), u.login) as name, o.name as office
        from users u left join offices o on o.guid = u.office_guid
        where u.deleted_at is null and u.enabled and u.role_id = any(${intArray(WORKING_ROLES)})
        order by 2, u.login`,
  );
  return found.map(userItem);
}

/** GetUserList: the managers of companies (the finance page's user select). */
export async function managers(db: DbOrTx): Promise<UserItem[]> {
  const found = await rows<UserSqlRow>(
    db,
    sql`select u.guid, coalesce(nullif(u.name, ''), u.login) as name, o.name as office
        from users u left join offices o on o.guid = u.office_guid
        where exists (select 1 from companies c where c.manager_guid = u.guid)
        order by 2, u.login`,
  );
  return found.map(userItem);
}

/* ------------------------------------------------------------------ attendance */

interface AttendanceSqlRow {
  guid: string;
  name: string;
  day: string | null;
  first_at: Date | string | null;
  last_at: Date | string | null;
}
/** An attendance row; without a record the arrival and departure are null and the duration 0. */
export function attendanceRow(
  guid: string,
  name: string,
  day: string,
  first: unknown,
  last: unknown,
): AttendanceRow {
  const a = iso(first);
  const b = iso(last);
  const minutes = a && b ? Math.max(0, Math.floor((Date.parse(b) - Date.parse(a)) / 60_000)) : 0;
  return {
    Name: name,
    CheckDate: day,
    InComDate: a,
    OutComDate: b,
    Dlt: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`,
    Delta: minutes,
    DeltaH: Math.round((minutes / 60) * 100) / 100,
    ID: guid,
  };
}

/** FGetUserStatByDate: one employee, one row per day of the range (days without a record: not recorded). */
export async function userStatByDate(db: DbOrTx, input: { UserID: string; StartDate: Date; EndDate: Date }) {
  const { from, to } = reportDays(input.StartDate, input.EndDate);
  const [u] = await rows<{ guid: string; name: string }>(
    db,
    sql`select guid, coalesce(nullif(name, ''), login) as name from users where guid = ${input.UserID}::uuid`,
  );
  if (!u) throw new AppError(Code.BadInput, 'reports.unknownUser', { field: fieldLabels.UserID });
  const found = await rows<{ day: string; first_at: Date | string; last_at: Date | string }>(
    db,
    sql`select day::text as day, first_at, last_at from attendance
        where user_guid = ${u.guid}::uuid and day >= ${from}::date and day <= ${to}::date`,
  );
  const by = new Map(found.map((r) => [r.day, r]));
  const out: AttendanceRow[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const r = by.get(day);
    out.push(attendanceRow(u.guid, u.name, day, r?.first_at, r?.last_at));
  }
  return out;
}

/** FGetOneDayStat: every employee (and anyone with a record that day) on one day. */
export async function oneDayStat(db: DbOrTx, date: Date) {
  const day = tbilisiDay(date);
  const found = await rows<AttendanceSqlRow>(
    db,
    sql`select u.guid, coalesce(nullif(u.name, ''), u.login) as name, a.day::text as day, a.first_at, a.last_at
        from users u
        left join attendance a on a.user_guid = u.guid and a.day = ${day}::date
        where (u.deleted_at is null and u.enabled and u.role_id = any(${intArray(WORKING_ROLES)}))
           or a.user_guid is not null
        order by 2, u.guid`,
  );
  return found.map((r) => attendanceRow(r.guid, r.name, day, r.first_at, r.last_at));
}

/* ------------------------------------------------------------------ couriers */

interface CourierSqlRow {
  guid: string;
  name: string;
  office: string | null;
  mobile: string | null;
}
async function couriers(db: DbOrTx): Promise<CourierSqlRow[]> {
  return rows<CourierSqlRow>(
    db,
    sql`select u.guid, coalesce(nullif(u.name, ''), u.login) as name, o.name as office,
          (select m.name from mobiles m where m.user_guid = u.guid order by m.is_active desc, m.created_at limit 1) as mobile
        from users u left join offices o on o.guid = u.office_guid
        where u.role_id = ${Role.Courier} and u.deleted_at is null and u.enabled
        order by 2, u.guid`,
  );
}

/** CourierPositions: each courier's last known position (events or jobs) and today's track (events). */
export async function courierPositions(db: DbOrTx, now = new Date()): Promise<CourierPosition[]> {
  const list = await couriers(db);
  if (list.length === 0) return [];
  const guids = sql.join(
    list.map((c) => sql`${c.guid}::uuid`),
    sql`, `,
  );
  const last = await rows<{ guid: string; lat: number; lng: number; at: Date | string }>(
    db,
    sql`select g.guid, x.lat, x.lng, x.at from unnest(array[${guids}]) as g(guid)
        join lateral (
          select * from (
            (select e.lat, e.lng, e.created_at as at from parcel_events e
              where e.user_guid = g.guid and e.lat is not null and e.lng is not null
              order by e.created_at desc limit 1)
            union all
            (select j.lat, j.lng, j.received_at as at from jobs j
              where j.user_guid = g.guid and j.lat is not null and j.lng is not null
              order by j.received_at desc limit 1)
          ) y order by y.at desc limit 1
        ) x on true`,
  );
  const todayStart = tbilisiDayStart(tbilisiDay(now));
  const track = await rows<{ guid: string; lat: number; lng: number; at: Date | string; status_id: number }>(
    db,
    sql`select e.user_guid as guid, e.lat, e.lng, e.created_at as at, e.status_id from parcel_events e
        where e.user_guid in (${guids}) and e.created_at >= ${todayStart}
          and e.lat is not null and e.lng is not null
        order by e.created_at, e.id`,
  );
  const lastBy = new Map(last.map((r) => [r.guid, r]));
  return list.map((c) => {
    const l = lastBy.get(c.guid);
    return {
      UserGUID: c.guid,
      Name: c.name,
      OfficeName: c.office ?? '',
      Mobile: c.mobile ?? '',
      Lat: l ? Number(l.lat) : null,
      Lng: l ? Number(l.lng) : null,
      At: l ? iso(l.at) : null,
      Track: track
        .filter((t) => t.guid === c.guid)
        .map((t) => ({
          Lat: Number(t.lat),
          Lng: Number(t.lng),
          At: iso(t.at)!,
          StatusID: Number(t.status_id),
        })),
    };
  });
}

/** CourierTasks: each courier's open work. */
export async function courierTasks(db: DbOrTx, scope: ParcelScope, now = new Date()): Promise<CourierTask[]> {
  const list = await couriers(db);
  if (list.length === 0) return [];
  // the held parcels the caller may see (DOMAIN.md "Parcel scope")
  const visible = scope.where('p');
  const mine = visible ? sql` and ${visible}` : sql``;
  const since = new Date(now.getTime() - TASK_ERROR_DAYS * 86_400_000);
  const held = intArray([Status.HandToCourier, Status.Pickup]);
  const found = await rows<{
    guid: string;
    held: number;
    oldest: Date | string | null;
    barcodes: string[] | null;
    jobs_err: number;
    lines: number;
    last_job: Date | string | null;
  }>(
    db,
    sql`select g.guid,
          (select count(*)::int from parcels p
            where p.courier_guid = g.guid and p.deleted_at is null and p.cur_status_id = any(${held})${mine}) as held,
          (select min(p.cur_status_at) from parcels p
            where p.courier_guid = g.guid and p.deleted_at is null and p.cur_status_id = any(${held})${mine}) as oldest,
          (select array_agg(b.barcode order by b.cur_status_at, b.barcode) from (
             select p.barcode, p.cur_status_at from parcels p
             where p.courier_guid = g.guid and p.deleted_at is null and p.cur_status_id = any(${held})${mine}
             order by p.cur_status_at, p.barcode limit 50) b) as barcodes,
          (select count(*)::int from jobs j
            where j.user_guid = g.guid and j.received_at >= ${since} and j.failed > 0) as jobs_err,
          (select count(*)::int from job_lines l join jobs j on j.job_id = l.job_id
            where j.user_guid = g.guid and j.received_at >= ${since} and not l.applied) as lines,
          (select max(j.received_at) from jobs j where j.user_guid = g.guid) as last_job
        from unnest(array[${sql.join(
          list.map((c) => sql`${c.guid}::uuid`),
          sql`, `,
        )}]) as g(guid)`,
  );
  const by = new Map(found.map((r) => [r.guid, r]));
  return list.map((c) => {
    const r = by.get(c.guid);
    return {
      UserGUID: c.guid,
      Name: c.name,
      OfficeName: c.office ?? '',
      Held: num(r?.held),
      OldestHeldAt: iso(r?.oldest),
      JobsWithErrors: num(r?.jobs_err),
      LinesNotApplied: num(r?.lines),
      LastJobAt: iso(r?.last_job),
      HeldBarcodes: r?.barcodes ?? [],
    };
  });
}
