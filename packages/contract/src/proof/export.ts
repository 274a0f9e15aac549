/**
 * The bulk proof of delivery (issue 40): for a client's office and a range of days, one file with a
 * page per parcel delivered in the range (CODE128 barcode, recipient, date and time, place, courier,
 * the signature and the photos): a PDF, or a ZIP of one PDF per parcel.
 *
 * - `PodExport` (`StartDate`, `EndDate`, `OfficeGUID`, `Format`) starts it and answers `Data.Id`. It is
 *   made in the background (state in the table `pod_exports`, so any process answers the poll).
 * - `GetPodExport?ID=` answers `Data.State`: `running` with `Done` of `Total` and `Progress` (0-100),
 *   `ready` with `Data.Url`, or `failed`. The parameter is `ID` because `Id` is the session's user.
 * - `GetPodExportFile?ID=` is the file itself (application/pdf or application/zip, not the JSON
 *   envelope); `Data.Url` is its address without the session: add `&Id=…&Ticket=…`.
 * - Who: an administrator for any client's office, or the corporate client itself for its own office
 *   (an office under it too); another client's office, or another user's export, answers as a missing
 *   one (404). A file is kept for a day (POD_KEEP_HOURS), then the housekeeping removes it.
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { clientDate, guid } from '../common.ts';
import { Guards, type Guard } from '../guard.ts';
import { label } from '../labels.ts';
import type { Message } from '../messages.ts';
import { reportDays, daysBetween } from '../reports.ts';

/** The longest range one export covers. */
export const POD_MAX_DAYS = 92;
/** How long a made file is kept. */
export const POD_KEEP_HOURS = 24;
/** The most parcels one export takes. */
export const POD_MAX_PARCELS = 20_000;
export const POD_FORMATS = ['pdf', 'zip'] as const;
export const POD_STATES = ['running', 'ready', 'failed'] as const;
export type PodState = (typeof POD_STATES)[number];

/** An administrator, or a user of a corporate client's office. */
export const podGuard: Guard = Guards.podExport;

const day = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  z.string({ error: 'v.required' }).pipe(clientDate),
);

export const podExportLabels = {
  StartDate: label('პერიოდის დასაწყისი', 'From'),
  EndDate: label('პერიოდის დასასრული', 'To'),
  OfficeGUID: label('ოფისი', 'Office'),
  Format: label('ფორმატი', 'Format'),
  ID: label('ექსპორტი', 'Export'),
};

export const PodExport = defineCall(
  'POST',
  'PodExport',
  z
    .object({
      StartDate: day,
      EndDate: day,
      OfficeGUID: guid,
      Format: z.preprocess(
        (v) => (v === '' || v == null ? 'pdf' : v),
        z.enum(POD_FORMATS, { error: 'v.oneOf' }),
      ),
    })
    .superRefine((v, ctx) => {
      if (!(v.StartDate instanceof Date) || !(v.EndDate instanceof Date)) return;
      const { from, to } = reportDays(v.StartDate, v.EndDate);
      if (to < from) ctx.addIssue({ code: 'custom', message: 'reports.rangeOrder', path: ['EndDate'] });
      else if (daysBetween(from, to) > POD_MAX_DAYS)
        ctx.addIssue({ code: 'custom', message: 'proof.exportRangeTooLong', path: ['EndDate'] });
    }),
  z.object({ Id: z.string() }),
  {
    summary:
      'Starts the bulk proof of delivery of an office’s parcels delivered in a range of days (issue 40)',
    guard: podGuard,
    parcels: 'see',
    labels: podExportLabels,
  },
);

export const podExportState = z.object({
  Id: z.string(),
  State: z.enum(POD_STATES),
  Format: z.enum(POD_FORMATS),
  OfficeGUID: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  /** parcels drawn so far, of `Total` */
  Done: z.number(),
  Total: z.number(),
  /** 0-100 */
  Progress: z.number(),
  /** the download address when ready (add `&Id=…&Ticket=…`), else null */
  Url: z.string().nullable(),
  /** the file's size in bytes when ready */
  Bytes: z.number().nullable(),
  /** why it failed ('' otherwise), in Georgian */
  Error: z.string(),
  CreatedAt: z.string(),
  /** when the file is removed (ISO) */
  ExpiresAt: z.string(),
});
export type PodExportState = z.output<typeof podExportState>;

export const GetPodExport = defineCall('GET', 'GetPodExport', z.object({ ID: guid }), podExportState, {
  summary: 'The state of a bulk proof of delivery: running (with progress), ready (with Url) or failed',
  guard: podGuard,
  parcels: 'see',
  labels: podExportLabels,
});

export const GetPodExportFile = defineCall(
  'GET',
  'GetPodExportFile',
  z.object({ ID: guid }),
  z.string().describe('the file (application/pdf or application/zip), not the JSON envelope'),
  {
    summary: 'The file of a ready bulk proof of delivery (PDF or ZIP)',
    guard: podGuard,
    parcels: 'see',
    labels: podExportLabels,
  },
);

export const podExportMessages = {
  'proof.exportNotAllowed': {
    ka: 'ჩაბარების დადასტურების ექსპორტი ხელმისაწვდომია ადმინისტრატორისა და კორპორატიული კლიენტისთვის',
    en: 'The proof of delivery export is for administrators and corporate clients',
  },
  'proof.exportRangeTooLong': {
    ka: 'პერიოდი არ უნდა აღემატებოდეს 92 დღეს',
    en: 'The range may not exceed 92 days',
  },
  'proof.exportOfficeNotFound': { ka: 'ოფისი ვერ მოიძებნა', en: 'Office not found' },
  'proof.exportNotFound': { ka: 'ექსპორტი ვერ მოიძებნა', en: 'Export not found' },
  'proof.exportNotReady': { ka: 'ფაილი ჯერ არ არის მზად', en: 'The file is not ready yet' },
  'proof.exportExpired': {
    ka: 'ფაილის შენახვის ვადა (24 საათი) ამოიწურა: დაიწყეთ ექსპორტი თავიდან',
    en: 'The file was kept for 24 hours and removed: start the export again',
  },
  'proof.exportTooMany': {
    ka: 'პერიოდში ძალიან ბევრი ამანათია (მაქსიმუმ 20 000): შეამცირეთ პერიოდი',
    en: 'Too many parcels in the range (at most 20,000): narrow the range',
  },
  'proof.exportFailed': {
    ka: 'ფაილის შექმნა ვერ მოხერხდა: სცადეთ თავიდან',
    en: 'The file could not be made: try again',
  },
  'proof.exportInterrupted': {
    ka: 'ექსპორტი შეწყდა (სერვერი გადაიტვირთა): დაიწყეთ თავიდან',
    en: 'The export was interrupted (the server restarted): start it again',
  },
} satisfies Record<string, Message>;
