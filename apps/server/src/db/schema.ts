/**
 * The whole data model, designed for all four specification documents. TypeScript names are
 * camelCase; the database uses snake_case (Drizzle `casing`). The specification's PascalCase field
 * names appear only in the contract and the mapping functions of each module.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  type ExtraConfigColumn,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const tstz = (name?: string) =>
  name
    ? timestamp(name, { withTimezone: true, mode: 'date' })
    : timestamp({ withTimezone: true, mode: 'date' });
const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });
const createdAt = () => tstz().notNull().defaultNow();

/* ------------------------------------------------------------------ sequences */
export const barcodeSeq = pgSequence('barcode_seq', { startWith: 10000001 });
export const registrySeq = pgSequence('registry_seq', { startWith: 1 });
export const bagSeq = pgSequence('bag_seq', { startWith: 1 });

/* ------------------------------------------------------------------ reference data */
/** Regions (group 20), villages (group 21, parent = region), statuses (10), clients (24), parcel types (25),
 * payers (26), currency (27), bag types (28). The specification's ids are kept. */
export const refItems = pgTable(
  'ref_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 20000 }),
    groupId: smallint().notNull(),
    parentId: integer(),
    name: text().notNull(),
    postCode: text(),
    zone: smallint(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tstz(),
  },
  (t) => [index().on(t.groupId, t.parentId), index().on(t.parentId)],
);

/**
 * The version of the lists the server processes keep in memory (db/list-cache.ts): triggers on
 * ref_items, roles, offices, companies and tariffs move it on with every statement that writes them
 * (migration 0011_list_cache). One row.
 */
export const listVersion = pgTable('list_version', {
  id: smallint().primaryKey().default(1),
  v: bigint({ mode: 'number' }).notNull(),
});

export const roles = pgTable('roles', {
  roleId: integer().primaryKey(),
  roleName: text().notNull(),
});

export const offices = pgTable(
  'offices',
  {
    guid: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    cityId: integer(),
    distributionCenter: uuid(),
    defaultDestinationDepotGuid: uuid(),
    sender: text().notNull().default(''),
    pid: text().notNull().default(''),
    isDistrCenter: boolean().notNull().default(false),
    isCorporate: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tstz(),
  },
  (t) => [uniqueIndex('offices_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    guid: uuid().primaryKey().defaultRandom(),
    login: text().notNull(),
    name: text().notNull().default(''),
    /** argon2id; null after an administrator's reset */
    passwordHash: text(),
    passwordValid: tstz().notNull(),
    /**
     * the password was set by an administrator: the user's sessions may only change it (OWASP's
     * temporary password); cleared when the user sets their own
     */
    passwordTemporary: boolean().notNull().default(false),
    roleId: integer().notNull(),
    officeGuid: uuid(),
    isAnother: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    registrationDisable: boolean().notNull().default(false),
    statisticDefDay: smallint().notNull().default(4),
    statisticParcelsNumber: smallint().notNull().default(5),
    /** the comment; for couriers (106) a numeric code of up to 9 digits */
    info: text().notNull().default(''),
    phone: text().notNull().default(''),
    avatarUrl: text(),
    /** one-time code for /change-password/{code}, stored hashed, with its expiry */
    recoveryHash: text(),
    recoveryExpires: tstz(),
    deletedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: tstz(),
  },
  (t) => [
    uniqueIndex('users_login_lower_idx').on(sql`lower(${t.login})`),
    index().on(t.officeGuid),
    index().on(t.roleId),
    index()
      .on(t.recoveryHash)
      .where(sql`${t.recoveryHash} is not null`),
  ],
);

export const mobiles = pgTable(
  'mobiles',
  {
    guid: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    officeGuid: uuid(),
    userGuid: uuid(),
    carNumber: text().notNull().default(''),
    driverId: text().notNull().default(''),
    phone: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tstz(),
  },
  (t) => [index().on(t.userGuid)],
);

/* ------------------------------------------------------------------ sessions and security */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userGuid: uuid().notNull(),
    /** sha256 of the ticket; the ticket itself is never stored */
    ticketHash: text().notNull(),
    mobile: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    /** absolute end, whatever the activity */
    maxExpiresAt: tstz().notNull(),
    revokedAt: tstz(),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    /** the first session row's id, shared by every ticket renewed from it (logout ends them all) */
    family: uuid().notNull(),
    /**
     * with read replicas (DATABASE_READ_URL): the primary's WAL position, in bytes, just after the
     * session's last write; its reads go to a replica that has replayed that far (db/replicas.ts)
     */
    writeLsn: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex().on(t.ticketHash),
    index().on(t.userGuid),
    index().on(t.family),
    index().on(t.maxExpiresAt),
  ],
);

/** Failed-login counters for a login name or an address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text().primaryKey(),
    failures: integer().notNull().default(0),
    firstFailureAt: tstz().notNull().defaultNow(),
    lockedUntil: tstz(),
  },
  (t) => [index().on(t.firstFailureAt)],
);

/** Password-reset and new-account requests from the public screens. */
export const accountRequests = pgTable('account_requests', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  kind: text().notNull(),
  login: text().notNull(),
  name: text().notNull().default(''),
  phone: text().notNull().default(''),
  email: text().notNull().default(''),
  office: text().notNull().default(''),
  message: text().notNull().default(''),
  ip: text().notNull().default(''),
  createdAt: createdAt(),
  handledAt: tstz(),
  handledBy: uuid(),
});

/**
 * The public-call budget's windows (http/rate-store.ts), shared by every server process: the requests a
 * client address made to a call in the window that ends at `ends_at`.
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    endsAt: tstz().notNull(),
  },
  (t) => [index().on(t.endsAt)],
);

/** Answers of writes sent with an Idempotency-Key, so a retried request does not apply twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text().primaryKey(),
    userGuid: uuid(),
    call: text().notNull(),
    requestHash: text().notNull(),
    response: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: createdAt(),
    userGuid: uuid(),
    ip: text().notNull().default(''),
    requestId: text().notNull().default(''),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull().default(''),
    before: jsonb(),
    after: jsonb(),
    /** the shipper API key the write was made with (its name and prefix); null for a session's write */
    apiKey: text(),
  },
  (t) => [index().on(t.at), index().on(t.entity, t.entityId)],
);

/* ------------------------------------------------------------------ companies and prices */
export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    pid: text().notNull(),
    name: text().notNull(),
    managerGuid: uuid(),
    note: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.pid)],
);

/** The price model: a row per sender zone and receiver zone (optionally per company). */
export const tariffs = pgTable(
  'tariffs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    senderZone: smallint().notNull(),
    receiverZone: smallint().notNull(),
    companyId: integer(),
    basePrice: money().notNull(),
    includedWeight: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull(),
    pricePerKg: money().notNull(),
    volumetricDivisor: integer().notNull().default(5000),
    urgentMultiplier: numeric({ precision: 6, scale: 3, mode: 'number' }).notNull().default(1.5),
    doubledMultiplier: numeric({ precision: 6, scale: 3, mode: 'number' }).notNull().default(2),
    deliveryDays: smallint().notNull().default(2),
    urgentDays: smallint().notNull().default(1),
    enabled: boolean().notNull().default(true),
    updatedAt: tstz(),
  },
  (t) => [
    index().on(t.senderZone, t.receiverZone),
    // one enabled tariff per zone pair and company (migration 0003)
    uniqueIndex('tariffs_enabled_zones_idx')
      .on(t.senderZone, t.receiverZone, sql`coalesce(${t.companyId}, 0)`)
      .where(sql`${t.enabled}`),
  ],
);

/* ------------------------------------------------------------------ parcels */
function parcelColumns() {
  return {
    guid: uuid().primaryKey().defaultRandom(),
    barcode: text().notNull(),
    createDate: createdAt(),
    /** collection deadline */
    collectionDate: tstz(),
    registeredBy: uuid(),
    registeredOffice: uuid(),
    originDepotGuid: uuid(),
    destinationDepotGuid: uuid(),
    senderName: text().notNull().default(''),
    senderPid: text().notNull().default(''),
    senderCityId: integer(),
    senderVillageId: integer(),
    senderPostCode: text().notNull().default(''),
    senderZone: smallint(),
    senderAddress: text().notNull().default(''),
    receiverName: text().notNull().default(''),
    receiverPid: text().notNull().default(''),
    receiverCityId: integer(),
    receiverVillageId: integer(),
    receiverPostCode: text().notNull().default(''),
    receiverZone: smallint(),
    receiverAddress: text().notNull().default(''),
    /** 8700 sender, 8701 receiver (Whopays) */
    payerId: integer().notNull().default(8700),
    /** 1 non-cash, 0 cash (PaymetType) */
    payType: smallint().notNull().default(1),
    urgent: boolean().notNull().default(false),
    doubling: boolean().notNull().default(false),
    parcelTypeId: integer().notNull().default(8698),
    numberOfPackages: integer().notNull().default(1),
    weight: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0.2),
    length: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    width: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    height: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** price in GEL (Value) */
    value: money().notNull().default(0),
    description: text().notNull().default(''),
    fild1: text().notNull().default(''),
    fild2: text().notNull().default(''),
    /** the comment (shown as Signature on lists) */
    comment: text().notNull().default(''),
    companyId: integer(),
    curStatusId: integer().notNull(),
    curStatusAt: tstz().notNull().defaultNow(),
    /** the courier holding the parcel, when one does */
    courierGuid: uuid(),
    bagGuid: uuid(),
    waybillId: integer(),
    isPayed: boolean().notNull().default(false),
    payedAt: tstz(),
    deletedAt: tstz(),
    deletedBy: uuid(),
    deletedIp: text(),
    modifiedAt: tstz().notNull().defaultNow(),
    /** the recipient's Georgian mobile (9 digits, 5…) and e-mail for notifications (issue 38); '' = none */
    receiverPhone: text().notNull().default(''),
    receiverEmail: text().notNull().default(''),
    /** the language of the recipient's messages: 'ka' or 'en' */
    notifyLang: text().notNull().default('ka'),
    /** the recipient stopped the messages for this parcel (the tracking page's signed link) */
    notifyStoppedAt: tstz(),
    /**
     * 0 in progress, 1 delivered, 2 not delivered (DeliveryState; DOMAIN.md "Delivery status"), from the
     * parcel's courier outcomes: set by the statement that writes the event, and by a trigger on the
     * events tables for an outcome written any other way (migration 0024_delivery_state)
     */
    deliveryState: smallint().notNull().default(0),
  };
}

/**
 * The finders' indexes every parcel tier has (built by migration 0003_x_trgm_indexes without locking
 * writes): pg_trgm GIN indexes for the "contains" filters (`column ILIKE '%text%'`, modules/parcels/core.ts)
 * and the company's parcels by date. Their five text columns keep 1,000 statistics entries
 * (0026_contains_statistics), so that the planner estimates a contains pattern closely enough to use them.
 */
function searchIndexes(
  table: string,
  t: Record<
    'senderName' | 'receiverName' | 'fild1' | 'fild2' | 'description' | 'companyId' | 'createDate',
    ExtraConfigColumn
  >,
) {
  const text = { senderName: 'sender_name', receiverName: 'receiver_name', fild1: 'fild1', fild2: 'fild2' };
  return [
    ...Object.entries({ ...text, description: 'description' }).map(([k, col]) =>
      index(`${table}_${col}_trgm_idx`).using('gin', t[k as keyof typeof text].op('gin_trgm_ops')),
    ),
    index(`${table}_company_idx`).on(t.companyId, t.createDate),
  ];
}

/**
 * A store's not-deleted parcels by registration date, newest first, with cur_status_id and
 * delivery_state as included columns in the migrations (0012_finder_scale, 0025_finder_covering_indexes;
 * drizzle's index builder does not express them): the finders' range match and chart read it without
 * the table.
 */
const rangeIndex = (name: string, t: { createDate: ExtraConfigColumn; guid: ExtraConfigColumn }) =>
  index(name)
    .on(t.createDate.desc(), t.guid)
    .where(sql`deleted_at is null`);

/**
 * A store's parcels by a whole-store filter of the finders (the registering operator or office, a city),
 * newest first with the id as the match reads them; the migration (0025_finder_covering_indexes) includes
 * cur_status_id, delivery_state and deleted_at, so the match and its chart read the index alone.
 */
const filterIndex = (
  name: string,
  column: ExtraConfigColumn,
  t: { createDate: ExtraConfigColumn; guid: ExtraConfigColumn },
) => index(name).on(column, t.createDate.desc(), t.guid);

export const parcels = pgTable('parcels', parcelColumns(), (t) => [
  ...searchIndexes('parcels', t),
  uniqueIndex('parcels_live_barcode_idx')
    .on(t.barcode)
    .where(sql`${t.deletedAt} is null`),
  index('parcels_barcode_idx').on(t.barcode),
  index('parcels_create_date_idx').on(t.createDate),
  index('parcels_sender_name_idx').on(sql`lower(${t.senderName})`),
  index('parcels_receiver_name_idx').on(sql`lower(${t.receiverName})`),
  index('parcels_status_idx').on(t.curStatusId),
  filterIndex('parcels_registered_by_idx', t.registeredBy, t),
  filterIndex('parcels_office_idx', t.registeredOffice, t),
  index('parcels_destination_idx').on(t.destinationDepotGuid),
  filterIndex('parcels_sender_city_idx', t.senderCityId, t),
  filterIndex('parcels_receiver_city_idx', t.receiverCityId, t),
  rangeIndex('parcels_live_range_idx', t),
  index('parcels_courier_idx').on(t.courierGuid),
  index('parcels_deleted_idx').on(t.deletedAt),
]);

const archivedAt = () => tstz().notNull().defaultNow();
export const parcelsArchive = pgTable(
  'parcels_archive',
  { ...parcelColumns(), archivedAt: archivedAt() },
  (t) => [
    index('parcels_archive_barcode_idx').on(t.barcode),
    index('parcels_archive_create_date_idx').on(t.createDate),
    filterIndex('parcels_archive_registered_by_idx', t.registeredBy, t),
    filterIndex('parcels_archive_office_idx', t.registeredOffice, t),
    index('parcels_archive_archived_at_idx').on(t.archivedAt),
    filterIndex('parcels_archive_sender_city_idx', t.senderCityId, t),
    filterIndex('parcels_archive_receiver_city_idx', t.receiverCityId, t),
    rangeIndex('parcels_archive_range_idx', t),
    ...searchIndexes('parcels_archive', t),
  ],
);
export const parcelsOldArchive = pgTable(
  'parcels_old_archive',
  { ...parcelColumns(), archivedAt: archivedAt() },
  (t) => [
    index('parcels_old_archive_barcode_idx').on(t.barcode),
    index('parcels_old_archive_create_date_idx').on(t.createDate),
    filterIndex('parcels_old_archive_registered_by_idx', t.registeredBy, t),
    filterIndex('parcels_old_archive_office_idx', t.registeredOffice, t),
    index('parcels_old_archive_archived_at_idx').on(t.archivedAt),
    filterIndex('parcels_old_archive_sender_city_idx', t.senderCityId, t),
    filterIndex('parcels_old_archive_receiver_city_idx', t.receiverCityId, t),
    rangeIndex('parcels_old_archive_range_idx', t),
    ...searchIndexes('parcels_old_archive', t),
  ],
);

function eventColumns() {
  return {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    parcelGuid: uuid().notNull(),
    statusId: integer().notNull(),
    createdAt: createdAt(),
    userGuid: uuid(),
    roleId: integer(),
    officeGuid: uuid(),
    comment: text().notNull().default(''),
    lat: doublePrecision(),
    lng: doublePrecision(),
    deviceTime: tstz(),
    mobile: text(),
    jobId: uuid(),
    bagGuid: uuid(),
    registryId: integer(),
    waybillId: integer(),
  };
}
// Events belong to their parcel in the same tier (migration 0003); the archive mover copies the parcel
// before its events and deletes the events before the parcel.
/**
 * The courier outcomes of a tier's events (delivered and the failures), which the finders' delivery entry
 * reads: partial, with status_id as an included column in the migration (0012_finder_scale), which
 * drizzle's index builder does not express.
 */
const outcomeIndex = (
  name: string,
  t: { parcelGuid: ExtraConfigColumn; createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
) =>
  index(name)
    .on(t.parcelGuid, t.createdAt, t.id)
    .where(sql`status_id in (8712, 8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743)`);

export const parcelEvents = pgTable('parcel_events', eventColumns(), (t) => [
  foreignKey({ columns: [t.parcelGuid], foreignColumns: [parcels.guid] }),
  index('parcel_events_parcel_idx').on(t.parcelGuid, t.createdAt),
  index('parcel_events_user_idx').on(t.userGuid, t.createdAt),
  index('parcel_events_created_idx').on(t.createdAt),
  index('parcel_events_office_status_idx').on(t.officeGuid, t.statusId, t.parcelGuid),
  outcomeIndex('parcel_events_outcome_idx', t),
]);
export const parcelEventsArchive = pgTable('parcel_events_archive', eventColumns(), (t) => [
  foreignKey({ columns: [t.parcelGuid], foreignColumns: [parcelsArchive.guid] }),
  index('parcel_events_archive_parcel_idx').on(t.parcelGuid, t.createdAt),
  outcomeIndex('parcel_events_archive_outcome_idx', t),
]);
export const parcelEventsOldArchive = pgTable('parcel_events_old_archive', eventColumns(), (t) => [
  foreignKey({ columns: [t.parcelGuid], foreignColumns: [parcelsOldArchive.guid] }),
  index('parcel_events_old_archive_parcel_idx').on(t.parcelGuid, t.createdAt),
  outcomeIndex('parcel_events_old_archive_outcome_idx', t),
]);

/* ------------------------------------------------------------------ registries and bags */
export const registries = pgTable(
  'registries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    rgName: text().notNull(),
    kind: text().notNull().default('printed'),
    createdBy: uuid(),
    officeGuid: uuid(),
    createdAt: createdAt(),
    printedAt: tstz(),
  },
  (t) => [
    uniqueIndex().on(t.rgName),
    index().on(t.createdAt),
    index('registries_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);
export const registryParcels = pgTable(
  'registry_parcels',
  {
    registryId: integer()
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    parcelGuid: uuid().notNull(),
    barcode: text().notNull(),
    position: integer().notNull().default(0),
    addedAt: createdAt(),
    addedBy: uuid(),
  },
  (t) => [primaryKey({ columns: [t.registryId, t.parcelGuid] }), index().on(t.parcelGuid)],
);

/** Registry names handed out by GetNextRegName (migration 0008): a name is saved only by whoever reserved it. */
export const registryReservations = pgTable('registry_reservations', {
  rgName: text().primaryKey(),
  reservedBy: uuid().notNull(),
  reservedAt: createdAt(),
});

export const bags = pgTable(
  'bags',
  {
    guid: uuid().primaryKey().defaultRandom(),
    bagName: text().notNull(),
    bagTypeId: integer(),
    createdAt: createdAt(),
    createdBy: uuid(),
    senderOfficeGuid: uuid(),
    receiverOfficeGuid: uuid(),
    carNumber: text().notNull().default(''),
    driverId: text().notNull().default(''),
    sealNumber: text(),
    declaredWeight: numeric({ precision: 10, scale: 2, mode: 'number' }),
    closedAt: tstz(),
    // closing and receiving (migration 0008)
    declaredCount: integer(),
    closedBy: uuid(),
    receivedAt: tstz(),
    receivedBy: uuid(),
    receivedCount: integer(),
    // cancelling an open bag (migration 0014)
    cancelledAt: tstz(),
    cancelledBy: uuid(),
  },
  (t) => [
    uniqueIndex().on(t.bagName),
    index().on(t.createdAt),
    index('bags_sender_office_idx').on(t.senderOfficeGuid, t.createdAt),
    index('bags_receiver_office_idx').on(t.receiverOfficeGuid, t.createdAt),
    index('bags_open_idx')
      .on(t.senderOfficeGuid, t.createdAt)
      .where(sql`${t.closedAt} is null and ${t.cancelledAt} is null`),
  ],
);
export const bagParcels = pgTable(
  'bag_parcels',
  {
    bagGuid: uuid()
      .notNull()
      .references(() => bags.guid, { onDelete: 'cascade' }),
    parcelGuid: uuid().notNull(),
    addedAt: createdAt(),
    addedBy: uuid(),
  },
  (t) => [primaryKey({ columns: [t.bagGuid, t.parcelGuid] }), index().on(t.parcelGuid)],
);

/* ------------------------------------------------------------------ courier jobs and journals */
export const jobs = pgTable(
  'jobs',
  {
    jobId: uuid().primaryKey(),
    userGuid: uuid().notNull(),
    operType: integer().notNull(),
    comment: text().notNull().default(''),
    mobile: text().notNull().default(''),
    carNumber: text().notNull().default(''),
    driverId: text().notNull().default(''),
    lat: doublePrecision(),
    lng: doublePrecision(),
    deviceTime: tstz(),
    receivedAt: createdAt(),
    applied: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** the stored answer, returned again when the same JobId comes back */
    response: jsonb(),
  },
  (t) => [index().on(t.userGuid, t.receivedAt)],
);
export const jobLines = pgTable(
  'job_lines',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.jobId, { onDelete: 'cascade' }),
    gui: text().notNull().default(''),
    barcode: text().notNull(),
    stack: boolean().notNull().default(false),
    number: integer().notNull().default(1),
    applied: boolean().notNull().default(false),
    error: text(),
    /** how the code was entered (scanner, camera, typed; QR for a registry), migration 0009 */
    source: text().notNull().default(''),
    /** the registry code the parcel came in with, for a registry line's parcels */
    registry: text().notNull().default(''),
  },
  (t) => [index().on(t.jobId)],
);

/** The courier's error journal (ERRMessageList). */
export const courierErrors = pgTable(
  'courier_errors',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userGuid: uuid().notNull(),
    barcode: text().notNull().default(''),
    source: text().notNull().default(''),
    comment: text().notNull().default(''),
    registry: text().notNull().default(''),
    jobId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userGuid, t.createdAt)],
);

/** Transport waybills kept by the built-in revenue-service adapter, and the ids of real ones. */
export const waybills = pgTable(
  'waybills',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 500000 }),
    parcelGuid: uuid().notNull(),
    barcode: text().notNull(),
    registry: text().notNull().default(''),
    userGuid: uuid(),
    carNumber: text().notNull().default(''),
    driverId: text().notNull().default(''),
    sellerTin: text().notNull().default(''),
    buyerTin: text().notNull().default(''),
    startAddress: text().notNull().default(''),
    endAddress: text().notNull().default(''),
    /** 0 saved, 1 active, 2 closed, -1 deleted, -2 cancelled */
    status: smallint().notNull().default(0),
    rsId: text(),
    createdAt: createdAt(),
    activatedAt: tstz(),
    closedAt: tstz(),
  },
  (t) => [
    index().on(t.parcelGuid),
    index().on(t.barcode),
    // one waybill per parcel that is not deleted or cancelled (migration 0010)
    uniqueIndex('waybills_parcel_live_idx')
      .on(t.parcelGuid)
      .where(sql`${t.status} >= 0`),
  ],
);

/**
 * The built-in revenue service's own waybills (migration 0010): what rs.ge would keep, with its
 * statuses (0 saved, 1 active, 8 sent to the transporter, 2 closed, -1 deleted, -2 cancelled).
 */
export const rsWaybills = pgTable(
  'rs_waybills',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 700000001 }),
    /** the waybill number handed out on activation */
    number: text(),
    /** the caller's reference (the waybill's comment), to find a waybill whose answer was lost */
    ref: text().notNull(),
    status: smallint().notNull().default(0),
    sellerTin: text().notNull(),
    buyerTin: text().notNull().default(''),
    driverTin: text().notNull(),
    carNumber: text().notNull(),
    startAddress: text().notNull(),
    endAddress: text().notNull(),
    goods: jsonb().notNull(),
    createdAt: createdAt(),
    activatedAt: tstz(),
    closedAt: tstz(),
    deletedAt: tstz(),
  },
  (t) => [index().on(t.ref)],
);

/** The transport journal (RsMessageList). */
export const rsMessages = pgTable(
  'rs_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userGuid: uuid(),
    type: smallint().notNull().default(1),
    barcode: text().notNull().default(''),
    comment: text().notNull().default(''),
    registry: text().notNull().default(''),
    waybillId: integer(),
    ok: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userGuid, t.createdAt)],
);

/** The built-in revenue-service registry: personal numbers (11 digits) and company codes (9 digits). */
export const rsRegistry = pgTable('rs_registry', {
  tin: text().primaryKey(),
  name: text().notNull(),
  kind: text().notNull().default('person'),
  createdAt: createdAt(),
});

/* ------------------------------------------------------------------ files */
export const signatures = pgTable(
  'signatures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parcelGuid: uuid().notNull(),
    barcode: text().notNull(),
    mime: text().notNull().default('image/png'),
    image: bytea().notNull(),
    jobId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.barcode), index().on(t.parcelGuid), index().on(t.jobId)],
);
export const scannedBills = pgTable(
  'scanned_bills',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parcelGuid: uuid(),
    barcode: text().notNull(),
    mime: text().notNull(),
    image: bytea().notNull(),
    uploadedBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.barcode)],
);

/* ------------------------------------------------------------------ attendance */
export const attendance = pgTable(
  'attendance',
  {
    userGuid: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    firstAt: tstz().notNull(),
    lastAt: tstz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userGuid, t.day] }), index().on(t.day)],
);

/* ------------------------------------------------------------------ outbox */
/**
 * Messages to the outside world written in the same transaction as what causes them (modules/outbox):
 * the recipient's notifications now, the shipper's webhooks later: one table, one sender, one retry
 * policy. `state`: pending (due at `nextAttemptAt`), sending (claimed; `nextAttemptAt` is the lease's
 * end, after which a crashed send is tried again), sent, failed (given up), skipped (not sent: the
 * channel is not configured, or the recipient stopped the messages). One message per event and channel.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** what the message is: 'notification' (the recipient), 'webhook' (the shipper) */
    kind: text().notNull(),
    /** how it goes: 'email', 'sms', 'http' */
    channel: text().notNull(),
    /** the address: an e-mail, a phone, a URL */
    target: text().notNull(),
    payload: jsonb().notNull(),
    state: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz().notNull().defaultNow(),
    lastError: text().notNull().default(''),
    /** the parcel event it came from */
    eventId: bigint({ mode: 'number' }),
    parcelGuid: uuid(),
    createdAt: createdAt(),
    sentAt: tstz(),
  },
  (t) => [
    uniqueIndex('outbox_event_channel_idx').on(t.eventId, t.kind, t.channel),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
    index('outbox_order_idx')
      .on(t.parcelGuid, t.kind, t.channel, t.id)
      .where(sql`${t.state} in ('pending', 'sending')`),
  ],
);

/** The shipper's webhook subscriptions (issue 39): a client office's URL and the event kinds it wants. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    officeGuid: uuid().notNull(),
    url: text().notNull(),
    events: text().array().notNull(),
    /** the signing key (HMAC-SHA256); shown to the administrator once */
    secret: text().notNull(),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: tstz(),
  },
  (t) => [index('webhooks_office_idx').on(t.officeGuid)],
);

/** Every attempt to deliver a webhook (and every test): when, the answer's status, how long, the error. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    webhookId: bigint({ mode: 'number' }).notNull(),
    /** the outbox row (null for a test) */
    outboxId: bigint({ mode: 'number' }),
    eventId: bigint({ mode: 'number' }),
    kind: text().notNull(),
    barcode: text().notNull().default(''),
    url: text().notNull(),
    attempt: integer().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    error: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** Server secrets made once and kept in the database (so every process signs alike): name → value. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
});

/* ------------------------------------------------------------------ proof of delivery (issue 40) */

/**
 * A proof photo's file, once per content: the sha256 of its bytes names it in the photo store
 * (lib/photo-store.ts: files under DATA_DIR or an S3-compatible bucket), never in the database.
 */
export const proofPhotos = pgTable('proof_photos', {
  hash: text().primaryKey(),
  mime: text().notNull(),
  bytes: integer().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  createdAt: createdAt(),
});

/** The photos a courier's job gave a parcel: one table per parcel tier (the archive mover moves them). */
const parcelPhotoColumns = () => ({
  parcelGuid: uuid().notNull(),
  jobId: uuid().notNull(),
  hash: text().notNull(),
  /** the photo's place in the job (0, 1, 2) */
  position: smallint().notNull().default(0),
  statusId: integer().notNull(),
  userGuid: uuid(),
  createdAt: createdAt(),
});
export const parcelPhotos = pgTable('parcel_photos', parcelPhotoColumns(), (t) => [
  primaryKey({ columns: [t.parcelGuid, t.jobId, t.hash] }),
  index('parcel_photos_hash_idx').on(t.hash),
]);
export const parcelPhotosArchive = pgTable('parcel_photos_archive', parcelPhotoColumns(), (t) => [
  primaryKey({ columns: [t.parcelGuid, t.jobId, t.hash] }),
  index('parcel_photos_archive_hash_idx').on(t.hash),
]);
export const parcelPhotosOldArchive = pgTable('parcel_photos_old_archive', parcelPhotoColumns(), (t) => [
  primaryKey({ columns: [t.parcelGuid, t.jobId, t.hash] }),
  index('parcel_photos_old_archive_hash_idx').on(t.hash),
]);

/** What a courier's job of an operation (and reason) must carry: contract proof/rules.ts. */
export const proofRules = pgTable(
  'proof_rules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 'handover', 'statusChange', 'handToCourier' */
    operation: text().notNull(),
    /** a failure status of a statusChange rule; null: any reason */
    reasonId: integer(),
    signature: boolean().notNull().default(false),
    photo: boolean().notNull().default(false),
    message: text().notNull(),
    messageEn: text().notNull().default(''),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('proof_rules_operation_reason_idx').on(t.operation, sql`coalesce(${t.reasonId}, 0)`)],
);

/**
 * The bulk proofs of delivery (issue 40, modules/proof): one row per export with its state and
 * progress; the file is under DATA_DIR/pod-exports and is removed with the row after a day.
 */
export const podExports = pgTable(
  'pod_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    officeGuid: uuid().notNull(),
    requestedBy: uuid().notNull(),
    /** the Tbilisi days covered, YYYY-MM-DD, both included */
    startDay: text().notNull(),
    endDay: text().notNull(),
    /** 'pdf' or 'zip' */
    format: text().notNull().default('pdf'),
    /** 'running', 'ready' or 'failed' */
    state: text().notNull().default('running'),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    fileName: text(),
    bytes: integer(),
    error: text().notNull().default(''),
    createdAt: createdAt(),
    /** the worker's last sign of life (a running export not updated for minutes was interrupted) */
    updatedAt: tstz().notNull().defaultNow(),
    finishedAt: tstz(),
  },
  (t) => [index('pod_exports_created_idx').on(t.createdAt)],
);

/**
 * The shipper's API keys (issue 39): kept as the SHA-256 of the secret, with its first characters in
 * clear to list it; scopes 'register', 'read', 'cancel'.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    guid: uuid().primaryKey().defaultRandom(),
    officeGuid: uuid().notNull(),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    scopes: text().array().notNull(),
    createdAt: createdAt(),
    createdBy: uuid(),
    expiresAt: tstz(),
    revokedAt: tstz(),
    revokedBy: uuid(),
    lastUsedAt: tstz(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index().on(t.officeGuid)],
);
