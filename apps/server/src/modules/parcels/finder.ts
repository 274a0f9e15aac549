/**
 * The parcel finder (spec 001 §2.4, §2.6, §3, §4, §7; DOMAIN.md "Delivery status"): the search filter,
 * the server-side grid (Skip, Take, Sort, Filter), the cap, the chart counts, and the derived delivery
 * entry of each row computed in SQL from the parcel's events.
 *
 * How a search runs (three statements; the last two at once):
 * 1. the match, in the database: the parcels that pass the filter, the grid filter and the user's
 *    visibility, newest first, at most GRID_MAX_ROWS + 1 (one more tells that the result was capped);
 *    the chart's counts over it (total, confirmed, delivered, not delivered and the earliest date, from
 *    its rows: the range index holds what they need) and the page's ids (or, without
 *    Skip/Take, the whole capped match) in the order asked; only the counts and the ids come back;
 * 2. the page's rows, with names and the delivery entry;
 * 3. the page's last statuses.
 * Text filters use `ILIKE` on the bare column with `containsPattern` (the trigram indexes of core.ts); a
 * search by one name alone finds its match by the name-word index instead (name-words.ts), one more
 * statement before the match (the dictionary's words).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  Code,
  cleanBarcode,
  CONFIRMED_STATUS_NAME,
  DeliveryStatus,
  FAILURE_STATUSES,
  fieldLabels,
  Group,
  Status,
  tbilisiDayStart,
} from '@po/contract';
import { GRID_MAX_ROWS, type GridQuery } from '@po/contract/grid';
import {
  filterRange,
  type FinderAnswer,
  type FinderRow,
  type FinderStats,
  type SearchFilter,
  type StatusRow,
} from '@po/contract/parcels/finder';
import { rows, type DbOrTx } from '../../db/client.ts';
import { intsSql } from '../../db/statement.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthedCtx } from '../../http/context.ts';
import { containsPattern, DeliveryState, tierTables, type Tier } from './core.ts';
import { nameWordMatch } from './name-words.ts';
import type { ParcelScope } from './scope.ts';

void CONFIRMED_STATUS_NAME; // the confirmed count uses its status id (8734), whose name this is

/** Courier outcomes: the delivery and the failure reasons. */
const OUTCOMES = [Status.Delivered as number, ...FAILURE_STATUSES];

/**
 * The delivery entry of parcel `p` from the tier's events (a lateral subquery aliased `d`):
 * delivered_at, last_outcome, outcome_at, first_outcome, first_at. It reads only the courier outcomes,
 * from the partial index that holds them with the columns it needs (0012_finder_scale: an index-only
 * scan, about one entry a parcel, however many other events it has).
 */
export function deliveryLateral(tier: Tier = 'live'): SQL {
  const e = tierTables[tier].events;
  const out = intsSql(OUTCOMES);
  return sql`left join lateral (
    select
      max(e.created_at) filter (where e.status_id = ${intsSql(Status.Delivered)}) as delivered_at,
      (array_agg(e.status_id order by e.created_at desc, e.id desc) filter (where e.status_id in (${out})))[1] as last_outcome,
      max(e.created_at) filter (where e.status_id in (${out})) as outcome_at,
      (array_agg(e.status_id order by e.created_at, e.id) filter (where e.status_id in (${out})))[1] as first_outcome,
      min(e.created_at) filter (where e.status_id in (${out})) as first_at
    from ${e} e where e.parcel_guid = p.guid and e.status_id in (${out})
  ) d on true`;
}

const FAIL = intsSql(FAILURE_STATUSES);
/** SQL of the derived fields over `p` and `d` (deliveryLateral). */
export const derived = {
  status: sql`case when d.delivered_at is not null then ${DeliveryStatus.Delivered}
    when d.last_outcome in (${FAIL}) then ${DeliveryStatus.NotDelivered} else ${DeliveryStatus.InProgress} end`,
  date: sql`case when d.delivered_at is not null then d.delivered_at
    when d.last_outcome in (${FAIL}) then d.outcome_at end`,
  late: sql`coalesce(greatest(0, floor(extract(epoch from (coalesce(d.delivered_at, now()) - p.collection_date)) / 86400)), 0)::int`,
};

/* ------------------------------------------------------------------ the filter */

export interface MatchOptions {
  tier?: Tier;
  /** extra condition on `p` (the unconfirmed screen) */
  extra?: SQL;
}

/** The WHERE conditions of the search filter and the visibility (on `p`). */
export function filterConditions(scope: ParcelScope, f: SearchFilter, opts: MatchOptions = {}): SQL[] {
  const where: SQL[] = [sql`p.deleted_at is null`];
  const { from, to } = filterRange(f);
  if (from) where.push(sql`p.create_date >= ${from.toISOString()}::timestamptz`);
  if (to) where.push(sql`p.create_date <= ${to.toISOString()}::timestamptz`);
  const code = cleanBarcode(f.Barcode);
  if (code) where.push(sql`p.barcode = ${code}`);
  if (f.SenderName) where.push(sql`p.sender_name ilike ${containsPattern(f.SenderName)}`);
  if (f.ReceiverName) where.push(sql`p.receiver_name ilike ${containsPattern(f.ReceiverName)}`);
  if (f.Fild1) where.push(sql`p.fild1 ilike ${containsPattern(f.Fild1)}`);
  if (f.Fild2) where.push(sql`p.fild2 ilike ${containsPattern(f.Fild2)}`);
  if (f.Description) where.push(sql`p.description ilike ${containsPattern(f.Description)}`);
  if (f.SenderRegion > 0) where.push(sql`p.sender_city_id = ${f.SenderRegion}`);
  if (f.ReceiverRegion > 0) where.push(sql`p.receiver_city_id = ${f.ReceiverRegion}`);
  if (f.RegistredUserGUID) where.push(sql`p.registered_by = ${f.RegistredUserGUID}`);
  if (f.RegistredUserOfficeGUID) where.push(sql`p.registered_office = ${f.RegistredUserOfficeGUID}`);
  if (f.RegistredUserLogin) {
    where.push(
      sql`p.registered_by in (select x.guid from users x where lower(x.login) = lower(${f.RegistredUserLogin}))`,
    );
  }
  const visible = scope.where('p', opts.tier ?? 'live');
  if (visible) where.push(visible);
  if (opts.extra) where.push(opts.extra);
  return where;
}

/* ------------------------------------------------------------------ the server-side grid */

type Kind = 'text' | 'number' | 'date';
interface GridField {
  expr: SQL;
  kind: Kind;
  /** the joins it needs: u users, s status, ty parcel type */
  join?: 'u' | 's' | 'ty';
  /** only in the archive stores (their own column) */
  archived?: true;
}
const GRID: Record<string, GridField> = {
  Barcode: { expr: sql`p.barcode`, kind: 'text' },
  CreateDate: { expr: sql`p.create_date`, kind: 'date' },
  StatusDate: { expr: sql`p.cur_status_at`, kind: 'date' },
  CurStatusName: { expr: sql`s.name`, kind: 'text', join: 's' },
  LastStatusName: { expr: sql`s.name`, kind: 'text', join: 's' },
  Receiver: { expr: sql`p.receiver_name`, kind: 'text' },
  Sender: { expr: sql`p.sender_name`, kind: 'text' },
  PID: { expr: sql`p.sender_pid`, kind: 'text' },
  Login: { expr: sql`u.login`, kind: 'text', join: 'u' },
  Fild1: { expr: sql`p.fild1`, kind: 'text' },
  Fild2: { expr: sql`p.fild2`, kind: 'text' },
  Description: { expr: sql`p.description`, kind: 'text' },
  Weight: { expr: sql`p.weight`, kind: 'number' },
  Value: { expr: sql`p.value`, kind: 'number' },
  NumberOfPackages: { expr: sql`p.number_of_packages`, kind: 'number' },
  TypeName: { expr: sql`ty.name`, kind: 'text', join: 'ty' },
  ArchiveDate: { expr: sql`p.archived_at`, kind: 'date', archived: true },
};

/** The grid field by the answer's name, if the tier has it. */
function gridField(field: string, tier: Tier): GridField | undefined {
  const g = Object.hasOwn(GRID, field) ? GRID[field] : undefined;
  return g && (!g.archived || tier !== 'live') ? g : undefined;
}
export const GRID_FIELDS = Object.keys(GRID).filter((k) => !GRID[k].archived);

const JOINS: Record<'u' | 's' | 'ty', SQL> = {
  u: sql`left join users u on u.guid = p.registered_by`,
  s: sql`left join ref_items s on s.id = p.cur_status_id and s.group_id = ${Group.Status}`,
  ty: sql`left join ref_items ty on ty.id = p.parcel_type_id and ty.group_id = ${Group.ParcelType}`,
};

function joinsFor(needed: Set<'u' | 's' | 'ty'>): SQL {
  return sql.join(
    [...needed].map((k) => JOINS[k]),
    sql` `,
  );
}

function literal(kind: Kind, v: unknown, field: string, upper = false): string | number {
  const bad = () => new AppError(Code.BadInput, 'finder.badFilter', { field });
  if (kind === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) throw bad();
    return n;
  }
  if (kind === 'date') {
    // a grid day (YYYY-MM-DD) is a Tbilisi day; an upper bound takes the whole day
    if (typeof v !== 'string') throw bad();
    const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
    const d = day ? tbilisiDayStart(v) : new Date(v);
    if (Number.isNaN(d.getTime())) throw bad();
    return (day && upper ? new Date(d.getTime() + 86_400_000 - 1) : d).toISOString();
  }
  if (typeof v !== 'string' && typeof v !== 'number') throw bad();
  return String(v);
}

/** The grid's filter row (`Filter` JSON) as conditions, and the joins they need. */
export function gridFilter(
  raw: string | undefined,
  joins: Set<'u' | 's' | 'ty'>,
  tier: Tier = 'live',
): SQL[] {
  if (!raw) return [];
  let obj: unknown;
  try {
    obj = JSON.parse(raw);
  } catch {
    throw new AppError(Code.BadInput, 'finder.badFilter', { field: fieldLabels.Filter });
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new AppError(Code.BadInput, 'finder.badFilter', { field: fieldLabels.Filter });
  }
  const out: SQL[] = [];
  for (const [field, v] of Object.entries(obj as Record<string, unknown>)) {
    const g = gridField(field, tier);
    if (!g) throw new AppError(Code.BadInput, 'finder.badFilter', { field });
    if (v === null || v === undefined || v === '') continue;
    if (g.join) joins.add(g.join);
    const cast = g.kind === 'date' ? sql`::timestamptz` : sql``;
    if (Array.isArray(v)) {
      if (v.length !== 2) throw new AppError(Code.BadInput, 'finder.badFilter', { field });
      const [a, b] = v as unknown[];
      if (a !== null && a !== '') out.push(sql`${g.expr} >= ${literal(g.kind, a, field)}${cast}`);
      if (b !== null && b !== '') out.push(sql`${g.expr} <= ${literal(g.kind, b, field, true)}${cast}`);
    } else if (g.kind === 'text' && typeof v === 'string') {
      out.push(sql`${g.expr} ilike ${containsPattern(v)}`);
    } else {
      out.push(sql`${g.expr} = ${literal(g.kind, v, field)}${cast}`);
    }
  }
  return out;
}

/** One key of the grid's `Sort`: its expression and the direction with where nulls go. */
export interface SortKey {
  expr: SQL;
  dir: SQL;
}

/** `Sort` ("Field" or "Field desc", comma separated) as sort keys, and the joins they need. */
export function gridSort(
  raw: string | undefined,
  joins: Set<'u' | 's' | 'ty'>,
  tier: Tier = 'live',
): SortKey[] {
  const out: SortKey[] = [];
  for (const part of (raw ?? '').split(',')) {
    const [field, dir = 'asc', ...rest] = part.trim().split(/\s+/);
    if (!field) continue;
    const g = gridField(field, tier);
    const d = dir.toLowerCase();
    if (!g || rest.length || (d !== 'asc' && d !== 'desc')) {
      throw new AppError(Code.BadInput, 'finder.badSort', { field });
    }
    if (g.join) joins.add(g.join);
    out.push({ expr: g.expr, dir: sql.raw(d === 'desc' ? 'desc nulls last' : 'asc nulls first') });
  }
  return out;
}

/* ------------------------------------------------------------------ the search */

const guidArray = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());
const num = (v: unknown) => (v == null ? 0 : Number(v));

interface RawRow {
  guid: string;
  barcode: string;
  type_name: string | null;
  create_date: Date | string;
  status_name: string | null;
  status_at: Date | string;
  receiver: string;
  sender: string;
  receiver_address: string;
  sender_address: string;
  receiver_post_code: string;
  receiver_phone: string;
  receiver_email: string;
  sender_post_code: string;
  pid: string;
  login: string | null;
  who_deleted: string | null;
  comment: string;
  collection_date: Date | string | null;
  number_of_packages: number;
  weight: number | string;
  height: number | string;
  width: number | string;
  length: number | string;
  value: number | string;
  pay_type: number;
  payer_name: string | null;
  urgent: boolean;
  description: string;
  fild1: string;
  fild2: string;
  delivery_status: string;
  delivery_date: Date | string | null;
  lname: string | null;
  ldate: Date | string | null;
  late: number;
  sender_city: string | null;
  receiver_city: string | null;
  courier: string | null;
}

/** Cash / non-cash and urgent / ordinary as the finder shows them (Georgian, like the delivery status). */
export const PAY_TYPE_NAMES: Record<number, string> = { 0: 'ნაღდი', 1: 'უნაღდო' };
export const SEND_TYPE_NAMES = { urgent: 'სასწრაფო', ordinary: 'ჩვეულებრივი' } as const;

function toRow(r: RawRow): FinderRow {
  const status = r.status_name ?? '';
  return {
    GUID: r.guid,
    Barcode: r.barcode,
    TypeName: r.type_name ?? '',
    CreateDate: iso(r.create_date)!,
    CurStatusName: status,
    LastStatusName: status,
    StatusDate: iso(r.status_at)!,
    Receiver: r.receiver,
    Sender: r.sender,
    ReceiverAddress: r.receiver_address,
    ReceiverPhone: r.receiver_phone,
    ReceiverEmail: r.receiver_email,
    SenderAddress: r.sender_address,
    ReceiverPostCode: r.receiver_post_code,
    SenderPostCode: r.sender_post_code,
    PID: r.pid,
    Login: r.login ?? '',
    WhoDeleted: r.who_deleted ?? '',
    Signature: r.comment,
    CollectionDate: iso(r.collection_date),
    NumberOfPackages: num(r.number_of_packages),
    Weight: num(r.weight),
    Height: num(r.height),
    Width: num(r.width),
    Length: num(r.length),
    Value: num(r.value),
    PaymetType: PAY_TYPE_NAMES[r.pay_type] ?? String(r.pay_type),
    Whopays: r.payer_name ?? '',
    SendType: r.urgent ? SEND_TYPE_NAMES.urgent : SEND_TYPE_NAMES.ordinary,
    Description: r.description,
    Fild1: r.fild1,
    Fild2: r.fild2,
    DeliveryStatus: r.delivery_status,
    DeliveryDate: iso(r.delivery_date),
    Lname: r.lname ?? '',
    Ldate: iso(r.ldate),
    Late: num(r.late),
    Direction: [r.sender_city ?? '', r.receiver_city ?? ''].filter(Boolean).join(' → '),
    Courier: r.courier ?? '',
  };
}

/** A reference item's name, and a user's login, as a scalar subquery (a page of rows: a few probes). */
const name = (id: SQL, group: number) =>
  sql`(select r.name from ref_items r where r.id = ${id} and r.group_id = ${group})`;
const login = (guid: SQL) => sql`(select x.login from users x where x.guid = ${guid})`;

/**
 * The full rows of the parcels with these ids (in this order), with names and the delivery entry. The
 * names are scalar subqueries rather than nine joins: with joins the planner spent more time choosing
 * their order than the query took to run.
 */
export async function loadRows(
  db: DbOrTx,
  ids: readonly string[],
  tier: Tier = 'live',
): Promise<FinderRow[]> {
  if (ids.length === 0) return [];
  const t = tierTables[tier].parcels;
  const list = await rows<RawRow & { ord: number }>(
    db,
    sql`select p.guid, p.barcode, ${name(sql`p.parcel_type_id`, Group.ParcelType)} as type_name, p.create_date,
          ${name(sql`p.cur_status_id`, Group.Status)} as status_name,
          p.cur_status_at as status_at, p.receiver_name as receiver, p.sender_name as sender,
          p.receiver_address, p.sender_address, p.receiver_post_code, p.sender_post_code,
          p.receiver_phone, p.receiver_email,
          p.sender_pid as pid, ${login(sql`p.registered_by`)} as login, ${login(sql`p.deleted_by`)} as who_deleted,
          p.comment, p.collection_date, p.number_of_packages, p.weight, p.height, p.width, p.length, p.value,
          p.pay_type, ${name(sql`p.payer_id`, Group.Payer)} as payer_name, p.urgent, p.description, p.fild1, p.fild2,
          ${derived.status} as delivery_status, ${derived.date} as delivery_date,
          ${name(sql`d.first_outcome`, Group.Status)} as lname, d.first_at as ldate, ${derived.late} as late,
          ${name(sql`p.sender_city_id`, Group.Region)} as sender_city,
          ${name(sql`p.receiver_city_id`, Group.Region)} as receiver_city, ${login(sql`p.courier_guid`)} as courier, ids.ord
        from unnest(${guidArray(ids)}) with ordinality as ids(guid, ord)
        join ${t} p on p.guid = ids.guid
        ${deliveryLateral(tier)}
        order by ids.ord`,
  );
  return list.map(toRow);
}

/** The last status of each row (history-row shape). */
export async function lastStatuses(
  db: DbOrTx,
  ids: readonly string[],
  tier: Tier = 'live',
): Promise<StatusRow[]> {
  if (ids.length === 0) return [];
  const e = tierTables[tier].events;
  const list = await rows<{ guid: string; at: Date | string; status: string | null; login: string | null }>(
    db,
    sql`select ids.guid, l.created_at as at, s.name as status, u.login
        from unnest(${guidArray(ids)}) with ordinality as ids(guid, ord)
        join lateral (select e.created_at, e.status_id, e.user_guid from ${e} e
          where e.parcel_guid = ids.guid order by e.created_at desc, e.id desc limit 1) l on true
        left join ref_items s on s.id = l.status_id and s.group_id = ${Group.Status}
        left join users u on u.guid = l.user_guid
        order by ids.ord`,
  );
  return list.map((r) => ({
    ParcelGUID: r.guid,
    CreatedDate: iso(r.at)!,
    StatusName: r.status ?? '',
    Login: r.login ?? '',
  }));
}

/** What the match statement answers: the chart's counts over the capped match and the page's ids. */
interface MatchAnswer {
  matched: number;
  confirmed: number;
  min_date: Date | string | null;
  delivered: number;
  failed: number;
  page: string[] | null;
}

/**
 * The match read from the store's table: the parcels that pass the filter, the grid filter and the
 * visibility, newest first, at most GRID_MAX_ROWS + 1, with the sort keys the page needs (k0, k1, …).
 */
function storeMatch(
  t: (typeof tierTables)[Tier]['parcels'],
  joins: SQL,
  where: SQL[],
  order: SortKey[],
): SQL {
  const keys = order.map((k, i) => sql`, ${k.expr} as ${sql.raw(`k${i}`)}`);
  return sql`select p.guid, p.cur_status_id, p.delivery_state, p.create_date${sql.join(keys, sql``)}
      from ${t} p ${joins}
      where ${sql.join(where, sql` and `)}
      order by p.create_date desc, p.guid limit ${GRID_MAX_ROWS + 1}`;
}

/**
 * The match statement: the match (storeMatch, or nameWordMatch for a name search): the parcels that
 * pass the filter, the grid filter and the visibility, newest first, at most GRID_MAX_ROWS + 1 (one more
 * tells that the result was capped), with the sort keys the page needs; from it, in the database, the
 * chart's counts over the first GRID_MAX_ROWS and the ids of the page (`skip`, `take`; the whole capped
 * match without them). One round trip, and nothing of the match but its counts and the page's ids comes
 * back.
 */
function matchStatement(match: SQL, order: SortKey[], page: { skip: number; take: number }): SQL {
  const pageOrder = [
    ...order.map((k, i) => sql`${sql.raw(`k${i}`)} ${k.dir}`),
    sql`create_date desc`,
    sql`guid`,
  ];
  return sql`with m as materialized (${match}), c as materialized (
      select * from m order by create_date desc, guid limit ${GRID_MAX_ROWS}
    )
    select (select count(*) from m)::int as matched, count(*) filter (where cur_status_id = ${Status.Confirmed})::int as confirmed,
      min(create_date) as min_date,
      count(*) filter (where delivery_state = ${DeliveryState.Delivered})::int as delivered,
      count(*) filter (where delivery_state = ${DeliveryState.NotDelivered})::int as failed,
      array(select guid from c order by ${sql.join(pageOrder, sql`, `)} offset ${page.skip} limit ${page.take}) as page
    from c`;
}

/**
 * A search: the capped match, its chart counts, and the page asked for (without Skip/Take the whole
 * capped match, as the specification's client expects).
 */
export async function search(
  ctx: Pick<AuthedCtx, 'db' | 'scope'>,
  input: SearchFilter & GridQuery,
  opts: MatchOptions = {},
): Promise<FinderAnswer> {
  const tier = opts.tier ?? 'live';
  const joins = new Set<'u' | 's' | 'ty'>();
  const where = [...filterConditions(ctx.scope, input, opts), ...gridFilter(input.Filter, joins, tier)];
  const order = gridSort(input.Sort, joins, tier);
  const page = { skip: input.Skip ?? 0, take: input.Take ?? GRID_MAX_ROWS };
  const match =
    (await nameWordMatch(ctx.db, ctx.scope, input, {
      tier,
      hasExtra: !!opts.extra,
      conditions: where.length,
    })) ?? storeMatch(tierTables[tier].parcels, joinsFor(joins), where, order);
  const [r] = await rows<MatchAnswer>(ctx.db, matchStatement(match, order, page));
  const total = Math.min(num(r?.matched), GRID_MAX_ROWS);
  const delivered = num(r?.delivered);
  const failed = num(r?.failed);
  const confirmed = num(r?.confirmed);
  const pageIds = r?.page ?? [];
  const [Parcels, ParcelsStatuses] = await Promise.all([
    loadRows(ctx.db, pageIds, tier),
    lastStatuses(ctx.db, pageIds, tier),
  ]);
  const Stats: FinderStats = {
    Total: total,
    Delivered: delivered,
    NotDelivered: failed,
    InProgress: total - delivered - failed,
    Confirmed: confirmed,
    NotConfirmed: total - confirmed,
    MinDate: iso(r?.min_date),
  };
  return { Parcels, ParcelsStatuses, Stats, Total: total, Capped: num(r?.matched) > GRID_MAX_ROWS };
}

/** ParcelFinder (spec 001 §2.6, §7). */
export function parcelFinder(ctx: AuthedCtx, input: SearchFilter & GridQuery): Promise<FinderAnswer> {
  return search(ctx, input);
}

/** NotConfirmParcelFinder (spec 001 §2.4): the range's parcels whose current status is not 8734. */
export function notConfirmParcelFinder(
  ctx: AuthedCtx,
  input: SearchFilter & GridQuery,
): Promise<FinderAnswer> {
  return search(ctx, input, { extra: sql`p.cur_status_id <> ${Status.Confirmed}` });
}
