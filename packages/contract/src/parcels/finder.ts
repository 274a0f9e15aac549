import { z } from 'zod';
import { defineCall } from '../call.ts';
import { endOfDayIfMidnight, guid, int, optGuid, optText, parseClientDate } from '../common.ts';
import { Guards } from '../guard.ts';
import { gridPageShape, gridQueryShape } from '../grid.ts';
import type { Message } from '../messages.ts';

/**
 * The parcel finder and its companions (spec 001 §2.4–§2.6, §3, §4, §7; DOMAIN.md "Parcels and their
 * events"): ParcelFinder, the last status and delivery entry of a parcel (one, and a batch of them),
 * its status history, the date range of the live store, the unconfirmed parcels and the bulk status.
 *
 * Decisions the specification leaves open:
 * - The finders answer every row with its derived delivery entry (DeliveryStatus, DeliveryDate, Lname,
 *   Ldate, Late) computed in SQL, and `Stats` (the chart's six counts and the earliest date) over the
 *   whole match, so the chart does not wait for the per-parcel calls.
 * - A result is capped at GRID_MAX_ROWS: without `Skip`/`Take` the first GRID_MAX_ROWS rows (newest
 *   first) come back with `Capped` true; with them, `Total` stops counting at the cap.
 * - `ParcelsStatuses` of a finder answer: the last status of each row returned (history-row shape).
 */

/** A date of the search filter: US `MM/DD/YYYY` (with or without a time) or ISO; empty means none. */
const filterDate = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z
    .string({ error: 'v.date' })
    .trim()
    .refine((s) => parseClientDate(s) !== null, { error: 'v.date' })
    .optional(),
);

/** The search filter of spec 001 §3 (every field optional, as the form sends them). */
export const searchFilterShape = {
  StartRegDate: filterDate,
  EndRegDate: filterDate,
  Barcode: optText(40),
  SenderName: optText(200),
  ReceiverName: optText(200),
  /** sender city id (0 or empty: any) */
  SenderRegion: z.preprocess((v) => (v === '' || v == null ? 0 : v), int.min(0, { error: 'v.tooSmall' })),
  ReceiverRegion: z.preprocess((v) => (v === '' || v == null ? 0 : v), int.min(0, { error: 'v.tooSmall' })),
  Fild1: optText(200),
  Fild2: optText(200),
  Description: optText(500),
  RegistredUserGUID: optGuid,
  RegistredUserOfficeGUID: optGuid,
  RegistredUserLogin: optText(100),
};

export interface DateRange {
  from: Date | null;
  to: Date | null;
}

/** The filter's dates as instants: an end date without a time means the whole day. */
export function filterRange(f: { StartRegDate?: string; EndRegDate?: string }): DateRange {
  const from = f.StartRegDate ? parseClientDate(f.StartRegDate) : null;
  const rawTo = f.EndRegDate;
  const to0 = rawTo ? parseClientDate(rawTo) : null;
  return { from, to: rawTo && to0 ? endOfDayIfMidnight(rawTo, to0) : null };
}

/** End before start is refused (naming EndRegDate). */
const dateOrder = (f: { StartRegDate?: string; EndRegDate?: string }, ctx: z.RefinementCtx) => {
  const { from, to } = filterRange(f);
  if (from && to && to < from)
    ctx.addIssue({ code: 'custom', path: ['EndRegDate'], message: 'finder.dateOrder' });
};

export const searchFilter = z.object(searchFilterShape).superRefine(dateOrder);
export type SearchFilter = z.output<typeof searchFilter>;

/** A parcel row of the finders (spec 001 §3 "Parcel"; StatusDate, addresses and post codes added). */
export const finderRow = z.object({
  GUID: z.string(),
  Barcode: z.string(),
  TypeName: z.string(),
  CreateDate: z.string(),
  CurStatusName: z.string(),
  LastStatusName: z.string(),
  StatusDate: z.string(),
  Receiver: z.string(),
  Sender: z.string(),
  ReceiverAddress: z.string(),
  /** the receiver's mobile and e-mail for notifications (issue 38); '' when not given */
  ReceiverPhone: z.string().optional(),
  ReceiverEmail: z.string().optional(),
  SenderAddress: z.string(),
  ReceiverPostCode: z.string(),
  SenderPostCode: z.string(),
  PID: z.string(),
  Login: z.string(),
  WhoDeleted: z.string(),
  /** the comment */
  Signature: z.string(),
  CollectionDate: z.string().nullable(),
  NumberOfPackages: z.number(),
  Weight: z.number(),
  Height: z.number(),
  Width: z.number(),
  Length: z.number(),
  /** price in lari */
  Value: z.number(),
  /** cash / non-cash (text) */
  PaymetType: z.string(),
  /** the payer's name */
  Whopays: z.string(),
  /** urgent or ordinary (text) */
  SendType: z.string(),
  Description: z.string(),
  Fild1: z.string(),
  Fild2: z.string(),
  DeliveryStatus: z.string(),
  DeliveryDate: z.string().nullable(),
  /** first visit: the first courier outcome's status name */
  Lname: z.string(),
  /** first visit's time */
  Ldate: z.string().nullable(),
  /** days late, never negative */
  Late: z.number(),
  /** sender city → receiver city */
  Direction: z.string(),
  /** the courier's login, when a courier holds or held the parcel */
  Courier: z.string(),
});
export type FinderRow = z.output<typeof finderRow>;

/** A status history row (spec 001 §3). */
export const statusRow = z.object({
  ParcelGUID: z.string(),
  CreatedDate: z.string(),
  StatusName: z.string(),
  Login: z.string(),
});
export type StatusRow = z.output<typeof statusRow>;

/** A delivery entry (spec 001 §3). */
export const deliveryRow = z.object({
  DeliveryStatus: z.string(),
  DeliveryDate: z.string().nullable(),
  Lname: z.string(),
  Ldate: z.string().nullable(),
  Late: z.number(),
});
export type DeliveryRow = z.output<typeof deliveryRow>;

/** The chart's six counts (spec 001 §2.6) and the earliest registration date of the match. */
export const finderStats = z.object({
  Total: z.number(),
  InProgress: z.number(),
  Delivered: z.number(),
  NotDelivered: z.number(),
  Confirmed: z.number(),
  NotConfirmed: z.number(),
  MinDate: z.string().nullable(),
});
export type FinderStats = z.output<typeof finderStats>;

export const finderAnswer = z.object({
  Parcels: z.array(finderRow),
  ParcelsStatuses: z.array(statusRow),
  Stats: finderStats,
  ...gridPageShape,
});
export type FinderAnswer = z.output<typeof finderAnswer>;

/** Grid fields every parcel finder (live and archives) sorts and filters by (the answer's row names). */
export const PARCEL_GRID_FIELDS = [
  'Barcode',
  'CreateDate',
  'CurStatusName',
  'StatusDate',
  'Receiver',
  'Sender',
  'PID',
  'Login',
  'Fild1',
  'Fild2',
  'Weight',
  'Value',
  'TypeName',
] as const;

/** Sortable and filterable fields of the live finder's server-side grid. */
export const FINDER_GRID_FIELDS = [...PARCEL_GRID_FIELDS, 'DeliveryStatus', 'Late'] as const;

export const ParcelFinder = defineCall(
  'POST',
  'ParcelFinder',
  z.object({ ...searchFilterShape, ...gridQueryShape }).superRefine(dateOrder),
  finderAnswer,
  {
    summary:
      'Parcel finder (spec 001 §2.6): the search filter, optional server-side paging (Skip, Take, Sort, Filter); ' +
      'rows with their delivery entry, the chart counts, Total and Capped (at GRID_MAX_ROWS)',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
  },
);

export const GetLastParcelStatus = defineCall(
  'GET',
  'GetLastParcelStatus',
  z.object({ gui: guid }),
  z.object({ ParcelsStatuses: z.array(statusRow), ParcelsDeliverys: z.array(deliveryRow) }),
  { summary: 'A parcel’s last status and delivery entry', guard: Guards.adminOrOffice, parcels: 'see' },
);

/** The batch most one GetLastParcelStatuses call takes. */
export const LAST_STATUS_BATCH_MAX = 100;
export const lastStatusItem = statusRow.extend(deliveryRow.shape);
export type LastStatusItem = z.output<typeof lastStatusItem>;
export const GetLastParcelStatuses = defineCall(
  'GET',
  'GetLastParcelStatuses',
  z.object({
    guis: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z
        .array(guid, { error: 'v.required' })
        .min(1, { error: 'v.required' })
        .max(LAST_STATUS_BATCH_MAX, { error: 'v.tooBig' }),
    ),
  }),
  z.object({ Items: z.array(lastStatusItem) }),
  {
    summary: `GetLastParcelStatus for up to ${LAST_STATUS_BATCH_MAX} parcels at once (beyond the spec, for speed)`,
    guard: Guards.adminOrOffice,
    parcels: 'see',
  },
);

export const GetParcelStatuses = defineCall(
  'GET',
  'GetParcelStatuses',
  z.object({ gui: guid }),
  z.object({ ParcelsStatuses: z.array(statusRow) }),
  {
    summary: 'A parcel’s status history, oldest first',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
  },
);

export const GetMinMaXDate = defineCall(
  'GET',
  'GetMinMaXDate',
  z.object({}),
  z.object({ Min: z.string().nullable(), Max: z.string().nullable() }),
  {
    summary: 'The earliest and latest registration date of the live parcels',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
  },
);

export const NotConfirmParcelFinder = defineCall(
  'POST',
  'NotConfirmParcelFinder',
  z.object({ ...searchFilterShape, ...gridQueryShape }).superRefine(dateOrder),
  finderAnswer,
  {
    summary: 'Unconfirmed parcels (current status not 8734) registered in the range (administrators)',
    guard: Guards.admin,
    parcels: 'see',
    reads: 'replica',
  },
);

/** The barcodes of PostUpStat: a list, or one text separated by commas. */
export const POST_UP_STAT_MAX = 500;
export const PostUpStat = defineCall(
  'GET',
  'PostUpStat',
  z.object({
    barcodes: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(/[,;\s]+/).filter(Boolean) : v),
      z
        .array(z.string().trim().toUpperCase().min(1).max(40), { error: 'finder.noParcels' })
        .min(1, { error: 'finder.noParcels' })
        .max(POST_UP_STAT_MAX, { error: 'v.tooBig' }),
    ),
    stat: int,
  }),
  z.object({
    Ret: z.number(),
    Done: z.array(z.string()),
    Failed: z.array(z.object({ Barcode: z.string(), Error: z.string() })),
  }),
  {
    summary:
      'Assigns a status to parcels, each in its own transaction (administrators); Ret = how many changed, -1 when none did',
    guard: Guards.admin,
    parcels: 'act',
  },
);

export const finderMessages = {
  'finder.dateOrder': {
    ka: 'ველი „{field}“: დასრულების თარიღი დაწყების თარიღზე ადრეა',
    en: 'Field "{field}": the end date is before the start date',
  },
  'finder.noParcels': { ka: 'ჯერ მონიშნეთ ამანათები', en: 'First select parcels' },
  'finder.unknownStatus': {
    ka: 'სტატუსი {stat} არ არსებობს ან გამორთულია',
    en: 'Status {stat} does not exist or is disabled',
  },
  'finder.badSort': { ka: 'ველით „{field}“ დალაგება შეუძლებელია', en: 'Cannot sort by "{field}"' },
  'finder.badFilter': { ka: 'ფილტრი „{field}“ არასწორია', en: 'Filter "{field}" is invalid' },
} satisfies Record<string, Message>;
