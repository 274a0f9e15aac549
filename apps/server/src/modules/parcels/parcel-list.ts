/**
 * The parcel row of the counter lists and scan answers (spec 002 §3 "Parcel row"; DOMAIN.md): one SQL
 * projection of live parcels with their names, the delivery entry derived from the events, the
 * warning level and EnableDelete, for the rows a condition selects.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DeliveryStatus, FAILURE_STATUSES, Group, Role, Status } from '@po/contract';
import {
  LIST_MAX,
  WarningLevel,
  type ParcelListRow,
  type WarningLevelValue,
} from '@po/contract/parcels/scans';
import type { DbOrTx } from '../../db/client.ts';
import { intsSql, runSql } from '../../db/statement.ts';
import { objectMaker } from '../../lib/object-maker.ts';
import type { SessionUser } from '../../http/context.ts';
import type { ParcelScope } from './scope.ts';

export type ListViewer = Pick<SessionUser, 'guid' | 'roleId' | 'officeGuid'>;
/** The system's view of the rows: no office of its own, deletes nothing. */
const NOBODY: ListViewer = { guid: '', roleId: 0, officeGuid: null };

interface Raw {
  guid: string;
  barcode: string;
  create_date: Date | string;
  collection_date: Date | string | null;
  cur_status_id: number;
  status_name: string;
  login: string;
  office_name: string;
  receiver_name: string;
  sender_name: string;
  comment: string;
  fild1: string;
  fild2: string;
  number_of_packages: number;
  weight: number | string;
  height: number | string;
  width: number | string;
  value: number | string;
  description: string;
  pay_type: number;
  payer_id: number;
  type_name: string;
  is_payed: boolean;
  bag_name: string;
  bag_guid: string | null;
  modified_at: Date | string;
  registered_by: string | null;
  registered_office: string | null;
  origin_depot_guid: string | null;
  destination_depot_guid: string | null;
  delivered_at: Date | string | null;
  outcome_status: number | null;
  outcome_at: Date | string | null;
  first_name: string | null;
  first_at: Date | string | null;
  only_registered: boolean;
}

/** The select list's columns, in its order (the rows come as arrays: a named statement, db/statement.ts). */
const RAW_KEYS = [
  'guid',
  'barcode',
  'create_date',
  'collection_date',
  'cur_status_id',
  'status_name',
  'login',
  'office_name',
  'receiver_name',
  'sender_name',
  'comment',
  'fild1',
  'fild2',
  'number_of_packages',
  'weight',
  'height',
  'width',
  'value',
  'description',
  'pay_type',
  'payer_id',
  'type_name',
  'is_payed',
  'bag_name',
  'bag_guid',
  'modified_at',
  'registered_by',
  'registered_office',
  'origin_depot_guid',
  'destination_depot_guid',
  'delivered_at',
  'outcome_status',
  'outcome_at',
  'first_name',
  'first_at',
  'only_registered',
] as const satisfies ReadonlyArray<keyof Raw>;
const makeRaw = objectMaker<(typeof RAW_KEYS)[number], Raw>(RAW_KEYS);
/** RAW_KEYS names every column of Raw (a column added to Raw and not read here fails to compile). */
const _everyRawKey: [Exclude<keyof Raw, (typeof RAW_KEYS)[number]>] extends [never] ? true : false = true;

const OUTCOMES = [Status.Delivered, ...FAILURE_STATUSES];
const DAY = 86_400_000;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
/**
 * The statuses, reference groups and the limit are written into the text (`intsSql`): the scan's answer
 * row is a named statement whose only parameters are the parcel's id and the scope's ids, so PostgreSQL
 * plans it once. With those constants as parameters it judged the plan for unknown values dearer than
 * one for the values given, and planned the statement again on every scan.
 */
const outcomeList = intsSql(OUTCOMES);

/**
 * The live parcels (not deleted) matching `where` (on the alias `p`) that the scope sees, ordered by
 * `orderBy` (default newest first), at most `limit` rows. `prepared`: sent as a named prepared statement
 * (db/statement.ts `runSql`), for the answer row of a scan (`p.guid = …`, one text per scope circle);
 * the lists go unnamed, planned for their values, as their texts and ranges vary.
 */
export async function parcelRows(
  db: DbOrTx,
  scope: ParcelScope,
  where: SQL,
  opts: ParcelRowsOptions & { prepared?: boolean } = {},
): Promise<ParcelListRow[]> {
  const viewer: ListViewer = scope.user ?? NOBODY;
  const list = await runSql(db, parcelRowsSql(scope, where, opts), opts.prepared === true);
  const now = Date.now();
  return list.map((r) => toRow(makeRaw(r, 0), viewer, now));
}

export interface ParcelRowsOptions {
  limit?: number;
  orderBy?: SQL;
}

/** The statement `parcelRows` sends (the bench gives pgbench its text). */
export function parcelRowsSql(scope: ParcelScope, where: SQL, opts: ParcelRowsOptions = {}): SQL {
  const visible = scope.where('p');
  return sql`select p.guid, p.barcode, p.create_date, p.collection_date, p.cur_status_id,
          coalesce(s.name, '') as status_name, coalesce(u.login, '') as login, coalesce(o.name, '') as office_name,
          p.receiver_name, p.sender_name, p.comment, p.fild1, p.fild2, p.number_of_packages,
          p.weight, p.height, p.width, p.value, p.description, p.pay_type, p.payer_id,
          coalesce(t.name, '') as type_name, p.is_payed, coalesce(b.bag_name, '') as bag_name, p.bag_guid,
          p.modified_at, p.registered_by, p.registered_office, p.origin_depot_guid, p.destination_depot_guid,
          d.delivered_at, lo.status_id as outcome_status, lo.created_at as outcome_at,
          fs.name as first_name, fo.created_at as first_at,
          not exists (select 1 from parcel_events x where x.parcel_guid = p.guid and x.status_id <> ${intsSql(Status.Registered)})
            as only_registered
        from parcels p
        left join ref_items s on s.id = p.cur_status_id and s.group_id = ${intsSql(Group.Status)}
        left join users u on u.guid = p.registered_by
        left join offices o on o.guid = p.registered_office
        left join ref_items t on t.id = p.parcel_type_id and t.group_id = ${intsSql(Group.ParcelType)}
        left join bags b on b.guid = p.bag_guid
        left join lateral (select min(e.created_at) as delivered_at from parcel_events e
          where e.parcel_guid = p.guid and e.status_id = ${intsSql(Status.Delivered)}) d on true
        left join lateral (select e.status_id, e.created_at from parcel_events e
          where e.parcel_guid = p.guid and e.status_id in (${outcomeList})
          order by e.created_at desc, e.id desc limit 1) lo on true
        left join lateral (select e.status_id, e.created_at from parcel_events e
          where e.parcel_guid = p.guid and e.status_id in (${outcomeList})
          order by e.created_at, e.id limit 1) fo on true
        left join ref_items fs on fs.id = fo.status_id and fs.group_id = ${intsSql(Group.Status)}
        where p.deleted_at is null and (${where})${visible ? sql` and ${visible}` : sql``}
        order by ${opts.orderBy ?? sql`p.create_date desc, p.guid`}
        limit ${intsSql(opts.limit ?? LIST_MAX)}`;
}

function toRow(r: Raw, viewer: ListViewer, now: number): ParcelListRow {
  const delivered = r.delivered_at != null;
  const failed = !delivered && r.outcome_status != null && FAILURE_STATUSES.includes(r.outcome_status);
  const deadline = r.collection_date == null ? null : new Date(r.collection_date).getTime();
  const end = delivered ? new Date(r.delivered_at as Date | string).getTime() : now;
  const late = deadline == null ? 0 : Math.max(0, Math.ceil((end - deadline) / DAY));
  let level: WarningLevelValue = WarningLevel.OnTime;
  if (!delivered && deadline != null) {
    if (deadline < now) level = WarningLevel.Late;
    else if (deadline - now <= DAY) level = WarningLevel.Warning;
  }
  const office = viewer.officeGuid;
  const direction =
    office && r.destination_depot_guid === office
      ? 'in'
      : office && (r.origin_depot_guid === office || r.registered_office === office)
        ? 'out'
        : '';
  return {
    GUID: r.guid,
    Barcode: r.barcode,
    Prefix: level,
    CreateDate: iso(r.create_date) as string,
    CollectionDate: iso(r.collection_date),
    CurStatus: r.cur_status_id,
    CurStatusName: r.status_name,
    Login: r.login,
    LoginExt: r.office_name,
    Receiver: r.receiver_name,
    Sender: r.sender_name,
    Signature: r.comment,
    Fild1: r.fild1,
    Fild2: r.fild2,
    NumberOfPackages: Number(r.number_of_packages),
    Weight: Number(r.weight),
    Height: Number(r.height),
    Width: Number(r.width),
    Value: Number(r.value),
    Description: r.description,
    PaymetType: Number(r.pay_type),
    Whopays: Number(r.payer_id),
    SendType: r.type_name,
    DeliveryStatus: delivered
      ? DeliveryStatus.Delivered
      : failed
        ? DeliveryStatus.NotDelivered
        : DeliveryStatus.InProgress,
    DeliveryDate: delivered ? iso(r.delivered_at) : failed ? iso(r.outcome_at) : null,
    Direction: direction,
    Lname: r.first_name ?? '',
    Ldate: iso(r.first_at),
    Late: late,
    EnableDelete:
      !!r.only_registered &&
      (viewer.roleId === Role.Admin || (r.registered_by != null && r.registered_by === viewer.guid)),
    IsPayed: !!r.is_payed,
    BagName: r.bag_name,
    BagGuid: r.bag_guid,
    ModifiedDate: iso(r.modified_at) as string,
  };
}
