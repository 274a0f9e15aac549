import { z } from 'zod';
import { defineCall } from './call.ts';
import { clientDate, guid, optText, tbilisiDay, tbilisiDayStart } from './common.ts';
import { DEFAULT_REPORT_DAYS } from './constants.ts';
import { Guards } from './guard.ts';
import type { Message } from './messages.ts';

/**
 * Manager reports (spec 000 §2.4, §2.5, §3, §7; 003 "Finance analysis page"): the finance reports by
 * parcel registration date and by company registration date, the attendance reports, the user lists;
 * and, beyond the specification's demo map pages, the couriers' positions, tracks and open work
 * (003 "Map demo pages", /tasks). Every report answer carries a renewed `Ticket` (000 §4).
 */

/** The longest range an attendance report covers (one row per day). */
export const ATTENDANCE_MAX_DAYS = 366;
/** "All users" in the finance page's user select (003 §2: the select includes '.All'). */
export const ALL_USERS = '.All';

/* ------------------------------------------------------------------ dates */

/** A report date: required (000 §5), any accepted client form. */
const reportDate = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z.string({ error: 'v.required' }).pipe(clientDate),
);

/** The Tbilisi days `[from, to]` of a report range (a time of day in the input is ignored). */
export function reportDays(start: Date, end: Date): { from: string; to: string } {
  return { from: tbilisiDay(start), to: tbilisiDay(end) };
}
/** The instants `[from, until)` that a range of Tbilisi days covers. */
export function dayRangeInstants(from: string, to: string): { from: Date; until: Date } {
  return { from: tbilisiDayStart(from), until: new Date(tbilisiDayStart(to).getTime() + 86_400_000) };
}
/** Days from `from` to `to` inclusive (`YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
/** The default report period (000 §9): the last 14 days up to today, as Tbilisi days. */
export function defaultReportRange(now: Date = new Date()): { from: string; to: string } {
  const to = tbilisiDay(now);
  const from = tbilisiDay(new Date(tbilisiDayStart(to).getTime() - (DEFAULT_REPORT_DAYS - 1) * 86_400_000));
  return { from, to };
}

/** The end of a range must not come before its start; attendance ranges are limited in length. */
function checkRange(
  startKey: string,
  endKey: string,
  maxDays?: number,
): (v: Record<string, unknown>, ctx: z.RefinementCtx) => void {
  return (v, ctx) => {
    const s = v[startKey];
    const e = v[endKey];
    if (!(s instanceof Date) || !(e instanceof Date)) return;
    const { from, to } = reportDays(s, e);
    if (to < from) ctx.addIssue({ code: 'custom', message: 'reports.rangeOrder', path: [endKey] });
    else if (maxDays && daysBetween(from, to) > maxDays)
      ctx.addIssue({ code: 'custom', message: 'reports.rangeTooLong', path: [endKey] });
  };
}

/* ------------------------------------------------------------------ rows */

/** Company summary row (000 §3): a company with its manager and the figures of its parcels. */
export const companyRow = z.object({
  /** the manager's name */
  User: z.string(),
  Note: z.string(),
  CompaniName: z.string(),
  /** the company's registration date (ISO) */
  CreateDate: z.string(),
  Pid: z.string(),
  /** parcels registered in the range */
  Quantity: z.number(),
  /** their total weight, kg */
  Weight: z.number(),
  /** their total price, GEL */
  Summ: z.number(),
});
export type CompanyRow = z.output<typeof companyRow>;

/** One parcel day of the finance chart (beyond the spec): parcels registered and how many are delivered. */
export const financeDay = z.object({
  /** Tbilisi day `YYYY-MM-DD` */
  Day: z.string(),
  Quantity: z.number(),
  Delivered: z.number(),
});
export type FinanceDay = z.output<typeof financeDay>;

/** Attendance row (000 §3); a day without a record has no arrival (InComDate null: 'not recorded'). */
export const attendanceRow = z.object({
  Name: z.string(),
  /** the Tbilisi day `YYYY-MM-DD` */
  CheckDate: z.string(),
  /** first activity of the day (ISO), null when not recorded */
  InComDate: z.string().nullable(),
  /** last activity of the day (ISO), null when not recorded */
  OutComDate: z.string().nullable(),
  /** duration as h:mm */
  Dlt: z.string(),
  /** duration in minutes */
  Delta: z.number(),
  /** duration in hours (two decimals) */
  DeltaH: z.number(),
  /** the employee's GUID */
  ID: z.string(),
});
export type AttendanceRow = z.output<typeof attendanceRow>;

/** User list item (000 §3): Name and Note; `ID` (the GUID) lets a client ask for one employee. */
export const userItem = z.object({
  Name: z.string(),
  /** the employee's office */
  Note: z.string(),
  ID: z.string(),
});
export type UserItem = z.output<typeof userItem>;

const withTicket = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, Ticket: z.string() });

/* ------------------------------------------------------------------ finance */

export const CalcCompanyParcelSumm = defineCall(
  'POST',
  'CalcCompanyParcelSumm',
  z.object({ Startdate: reportDate, Enddate: reportDate }).superRefine(checkRange('Startdate', 'Enddate')),
  withTicket({ Companies: z.array(companyRow), Days: z.array(financeDay) }),
  {
    summary:
      'Financial analysis by parcel registration date: per company the parcels registered in the range (count, kg, GEL); Days: parcels per day and how many are delivered',
    guard: Guards.admin,
    parcels: 'see',
    reads: 'replica',
  },
);

export const CalcCompanySumm = defineCall(
  'POST',
  'CalcCompanySumm',
  z
    .object({
      Startdate: reportDate,
      Enddate: reportDate,
      /** the manager: a GUID, a name, or empty / '.All' for every manager */
      User: optText(200),
      /** text the company's note contains */
      Note: optText(200),
    })
    .superRefine(checkRange('Startdate', 'Enddate')),
  withTicket({ Companies: z.array(companyRow), Days: z.array(financeDay) }),
  {
    summary:
      'Financial analysis by organisation registration date: companies registered in the range (by manager and note text) with their parcels’ figures; Days: those parcels per day',
    guard: Guards.admin,
    parcels: 'see',
    reads: 'replica',
  },
);

/* ------------------------------------------------------------------ user lists */

export const FGetUserList = defineCall(
  'GET',
  'FGetUserList',
  z.object({}),
  withTicket({ Users: z.array(userItem) }),
  {
    summary: 'Employees for the attendance reports (every working user)',
    guard: Guards.admin,
    parcels: 'none',
  },
);

export const GetUserList = defineCall(
  'GET',
  'GetUserList',
  z.object({}),
  withTicket({ Users: z.array(userItem) }),
  {
    summary: 'Managers of companies, for the finance analysis page',
    guard: Guards.admin,
    parcels: 'none',
  },
);

/* ------------------------------------------------------------------ attendance */

export const FGetUserStatByDate = defineCall(
  'GET',
  'FGetUserStatByDate',
  z
    .object({
      UserID: z.preprocess(
        (v) => (v === '' || v == null ? undefined : v),
        z.string({ error: 'reports.employeeRequired' }).pipe(guid),
      ),
      StartDate: reportDate,
      EndDate: reportDate,
    })
    .superRefine(checkRange('StartDate', 'EndDate', ATTENDANCE_MAX_DAYS)),
  withTicket({ Users: z.array(attendanceRow) }),
  {
    summary: 'Periodic employee report: one row per day of the range',
    guard: Guards.admin,
    parcels: 'see',
    reads: 'replica',
  },
);

export const FGetOneDayStat = defineCall(
  'GET',
  'FGetOneDayStat',
  z.object({ ControlDate: reportDate }),
  withTicket({ Users: z.array(attendanceRow) }),
  {
    summary: 'Daily report: every employee on one day',
    guard: Guards.admin,
    parcels: 'see',
    reads: 'replica',
  },
);

/* ------------------------------------------------------------------ couriers: map and tasks */

export const trackPoint = z.object({
  Lat: z.number(),
  Lng: z.number(),
  At: z.string(),
  StatusID: z.number(),
});
export const courierPosition = z.object({
  UserGUID: z.string(),
  Name: z.string(),
  OfficeName: z.string(),
  /** the courier's device */
  Mobile: z.string(),
  /** the last known position (null when the courier has none yet) */
  Lat: z.number().nullable(),
  Lng: z.number().nullable(),
  /** when it was recorded (ISO) */
  At: z.string().nullable(),
  /** today's positions, oldest first */
  Track: z.array(trackPoint),
});
export type CourierPosition = z.output<typeof courierPosition>;

export const CourierPositions = defineCall(
  'GET',
  'CourierPositions',
  z.object({}),
  z.object({ Couriers: z.array(courierPosition) }),
  {
    summary: 'Couriers’ last known positions and today’s track, from the events and jobs they sent',
    guard: Guards.dispatch,
    parcels: 'none',
  },
);

export const MapTiles = defineCall(
  'GET',
  'MapTiles',
  z.object({}),
  z.object({
    /** the tile address for the map (`{z}`, `{x}`, `{y}`); '' when the server is set up without tiles */
    Url: z.string(),
    /** the server reached the tiles lately: without them the map pages request none and say so */
    Reachable: z.boolean(),
  }),
  {
    summary: 'Where the map pages get their tiles, and whether they answered the server lately',
    guard: Guards.dispatch,
    parcels: 'none',
  },
);

export const courierTask = z.object({
  UserGUID: z.string(),
  Name: z.string(),
  OfficeName: z.string(),
  /** parcels the courier holds (handed to them or picked up, not yet delivered or failed) */
  Held: z.number(),
  /** since when the oldest of them is held (ISO) */
  OldestHeldAt: z.string().nullable(),
  /** the courier's jobs of the last 7 days with lines that could not apply */
  JobsWithErrors: z.number(),
  /** those lines */
  LinesNotApplied: z.number(),
  /** the last job the server received (ISO) */
  LastJobAt: z.string().nullable(),
  /** the barcodes held, oldest first (at most 50) */
  HeldBarcodes: z.array(z.string()),
});
export type CourierTask = z.output<typeof courierTask>;

export const CourierTasks = defineCall(
  'GET',
  'CourierTasks',
  z.object({}),
  z.object({ Couriers: z.array(courierTask) }),
  {
    summary: 'Each courier’s open work: parcels held and jobs with lines not applied',
    guard: Guards.dispatch,
    parcels: 'see',
  },
);

/** How far back the tasks look for jobs with errors. */
export const TASK_ERROR_DAYS = 7;

/* ------------------------------------------------------------------ messages */

export const reportsMessages = {
  'reports.rangeOrder': {
    ka: 'ველი „{field}“: დასრულების თარიღი დაწყების თარიღზე ადრეა',
    en: 'Field "{field}": the end date is before the start date',
  },
  'reports.rangeTooLong': {
    ka: 'ველი „{field}“: პერიოდი არ უნდა აღემატებოდეს 366 დღეს',
    en: 'Field "{field}": the period may not exceed 366 days',
  },
  'reports.employeeRequired': {
    ka: 'ველი „{field}“: აუცილებელია თანამშრომლის არჩევა',
    en: 'Field "{field}": employee selection required',
  },
  'reports.unknownUser': {
    ka: 'ველი „{field}“: ასეთი მომხმარებელი არ არსებობს',
    en: 'Field "{field}": no such user',
  },
} satisfies Record<string, Message>;
