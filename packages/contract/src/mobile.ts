import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  booleanish,
  clientDate,
  guid,
  int,
  num,
  optClientDate,
  optText,
  plainText,
  scannedCode,
} from './common.ts';
import { FAILURE_STATUSES, Status } from './constants.ts';
import { Guards } from './guard.ts';
import type { Message } from './messages.ts';
import { jobPhotos, photoLabels } from './proof/photos.ts';

/**
 * The courier's mobile mode on the server (spec 003 §3, §5, §7; DOMAIN.md "Couriers and their jobs"):
 * the job (`MobSendJob`), the scan checks and the three journals. Courier flows are role 106 only.
 *
 * Decisions the specification leaves open:
 * - `MobSendJob` answers `Ret` 1 once the server holds the job (the lines that could not apply are
 *   counted in `Failed` and listed in `Errors`, and land in the error journal). The same JobId again
 *   answers the stored answer and changes nothing, whatever the second copy holds.
 * - A line cannot apply when its parcel is unknown, deleted, archived or already delivered, when its
 *   latest status is already the job's status set by this courier, or when a registry code is unknown.
 *   A parcel named twice in one job (or also inside a scanned registry) is applied once.
 * - Handover (8712) and the status change (a failure reason) need a comment of at least 5 characters;
 *   handover also a PNG or JPEG signature (a data: URL or bare base64). Apostrophes and semicolons are
 *   removed from the comment, as the phone does.
 * - `CheckBarcode` answers 2 for a live, not deleted parcel and 1 otherwise (0 is the phone's own
 *   "no answer"). `CheckJobParcel` (beyond the spec) adds why a job of a status would refuse it, so the
 *   phone refuses at the scan what the server would refuse at the send. `CheckRegitry` answers the registry's parcel count (0 unknown).
 * - Journals are per courier and per Tbilisi day (`Dt`). The status journal lists the events the
 *   courier recorded that day.
 */

/** Operation types of spec 003 §4. */
export const OperType = {
  Pickup: Status.Pickup,
  Handover: Status.Delivered,
  HandToCourier: Status.HandToCourier,
  /** status change before a status is chosen */
  None: 0,
} as const;

/** The nine reasons of the status-change lookup (spec 003 §3), in the spec's order. */
export const STATUS_REASONS: readonly number[] = [8722, 8717, 8718, 8731, 8732, 8738, 8739, 8742, 8743];
/** Every status a job may set. */
export const JOB_STATUSES: readonly number[] = [
  Status.Pickup,
  Status.Delivered,
  Status.HandToCourier,
  ...FAILURE_STATUSES,
];

export const MobileLimits = {
  codeMin: 9,
  codeMax: 11,
  commentMin: 5,
  commentMax: 100,
  signatureMin: 10,
  /** lines in one job */
  linesMax: 1000,
  /** the signature image as base64 text */
  signatureMaxChars: 2_000_000,
} as const;
export const REGISTRY_PREFIX = 'RG-';

/** Removes what the phone removes from a comment: apostrophes and semicolons. */
export const cleanComment = (s: string) => s.replace(/['’;]/g, '').trim();

const jobLine = z.object({
  Gui: optText(64),
  Barcode: scannedCode.pipe(z.string().max(40, { error: 'v.tooLong' })),
  Stack: booleanish.optional().default(false),
  Number: int.optional().default(1),
  /** how the code was entered: scanner, camera, typed (beyond the spec; kept for the error journal) */
  Source: optText(30),
});
export type JobLine = z.input<typeof jobLine>;

export const MobSendJob = defineCall(
  'POST',
  'MobSendJob',
  z.object({
    JobId: guid,
    Status: int.refine((v) => v === 0 || JOB_STATUSES.includes(v), { error: 'v.oneOf' }),
    Comment: optText(300)
      .transform(cleanComment)
      .pipe(z.string().max(MobileLimits.commentMax, { error: 'v.tooLong' })),
    ImageB64: z.preprocess(
      (v) => (v == null ? '' : v),
      plainText().max(MobileLimits.signatureMaxChars, { error: 'mobile.signatureTooBig' }),
    ),
    /** proof photos (issue 40; proof/photos.ts): at most 3 base64 JPEG or PNG images */
    Photos: jobPhotos,
    Mobile: optText(100),
    CarNumber: optText(50),
    DriverId: optText(50),
    /** the phone's time, ISO text */
    Dt: optClientDate,
    Ji: z
      .array(jobLine, { error: 'v.invalid' })
      .min(1, { error: 'mobile.emptyJob' })
      .max(MobileLimits.linesMax, { error: 'mobile.tooManyLines' }),
    lat: z.preprocess(
      (v) => (v === '' ? null : v),
      num.min(-90, { error: 'v.tooSmall' }).max(90, { error: 'v.tooBig' }).nullish(),
    ),
    lng: z.preprocess(
      (v) => (v === '' ? null : v),
      num.min(-180, { error: 'v.tooSmall' }).max(180, { error: 'v.tooBig' }).nullish(),
    ),
  }),
  z.object({
    Ret: z.number(),
    JobId: z.string(),
    Applied: z.number(),
    Failed: z.number(),
    /** true when this answer is the stored answer of an earlier copy of the job */
    Repeated: z.boolean(),
    Errors: z.array(z.object({ Barcode: z.string(), Registry: z.string(), Error: z.string() })),
  }),
  {
    summary:
      'Applies a courier job (pickup 8711, handover 8712 with signature, hand to courier 8707, a failure reason) in one transaction; a JobId applies once',
    guard: Guards.courier,
    parcels: 'act',
    labels: photoLabels,
  },
);

export const CheckBarcode = defineCall(
  'GET',
  'CheckBarcode',
  z.object({ Barcode: scannedCode }),
  z.number(),
  {
    summary: 'Parcel check for the phone: 2 a live parcel with this barcode exists, 1 unknown',
    guard: Guards.courier,
    parcels: 'see',
  },
);

/**
 * What the server would do with a parcel in a job of `Status` (0: a status change before a reason is
 * chosen): `Ret` 2 a parcel the courier may see, 1 unknown (a parcel the courier may not see answers
 * exactly so); `Refusal` the message key of the reason the job would refuse it (`mobile.alreadyDelivered`,
 * `mobile.alreadyDone`, `scope.courierNotHeld` …, its only parameter the barcode), '' when it would apply.
 */
export const CheckJobParcel = defineCall(
  'GET',
  'CheckJobParcel',
  z.object({
    Barcode: scannedCode,
    Status: int.refine((v) => v === 0 || JOB_STATUSES.includes(v), { error: 'v.oneOf' }),
  }),
  z.object({ Ret: z.number(), Refusal: z.string() }),
  {
    summary:
      "A parcel checked for a courier job before it is listed: whether it exists for the courier and why the job's status would be refused",
    guard: Guards.courier,
    parcels: 'see',
  },
);

export const CheckRegitry = defineCall('GET', 'CheckRegitry', z.object({ Qrode: scannedCode }), z.number(), {
  summary: 'Registry check for the phone: the number of parcels in the registry, 0 when unknown',
  guard: Guards.courier,
  parcels: 'see',
});

export const GetRegList = defineCall(
  'GET',
  'GetRegList',
  z.object({ RegName: scannedCode }),
  z.array(z.object({ Registry: z.string(), Barcode: z.string() })),
  {
    summary: 'The barcodes of a registry, in its order (empty when unknown)',
    guard: Guards.courier,
    parcels: 'see',
  },
);

const journalRow = z.object({ Id: z.number(), Barcode: z.string(), Comment: z.string(), Time: z.string() });

export const ERRMessageList = defineCall(
  'GET',
  'ERRMessageList',
  z.object({ Dt: clientDate }),
  z.array(journalRow.extend({ Source: z.string(), Registry: z.string() })),
  {
    summary: "The courier's error journal of a Tbilisi day, newest first",
    guard: Guards.courier,
    parcels: 'see',
  },
);

export const RsMessageList = defineCall(
  'GET',
  'RsMessageList',
  z.object({ Type: int.optional().default(1), Dt: clientDate }),
  z.array(journalRow.extend({ Registry: z.string() })),
  {
    summary: "The courier's transport (waybill) journal of a Tbilisi day, newest first",
    guard: Guards.courier,
    parcels: 'see',
  },
);

export const GetStatusMessages = defineCall(
  'GET',
  'GetStatusMessages',
  z.object({ Dt: clientDate }),
  z.array(journalRow.extend({ Status: z.string() })),
  {
    summary: 'The statuses the courier set on a Tbilisi day, newest first',
    guard: Guards.courier,
    parcels: 'see',
  },
);

export const mobileMessages = {
  'mobile.emptyJob': { ka: 'ჯერ შეიყვანეთ ამანათი', en: 'First enter a parcel' },
  'mobile.tooManyLines': {
    ka: 'ერთ ოპერაციაში მაქსიმუმ 1000 ხაზია დასაშვები',
    en: 'One operation may hold at most 1000 lines',
  },
  'mobile.chooseStatus': { ka: 'აირჩიეთ ამანათის სტატუსი', en: 'Choose the parcel status' },
  'mobile.commentMin': {
    ka: 'კომენტარი უნდა შეიცავდეს 5 ან მეტ სიმბოლოს',
    en: 'The comment must contain 5 or more characters',
  },
  'mobile.signatureRequired': { ka: 'შეიყვანეთ ხელმოწერა', en: 'Enter the signature' },
  'mobile.signatureBad': {
    ka: 'ხელმოწერის სურათი არასწორია (საჭიროა PNG ან JPEG)',
    en: 'The signature image is invalid (PNG or JPEG needed)',
  },
  'mobile.signatureTooBig': { ka: 'ხელმოწერის სურათი ძალიან დიდია', en: 'The signature image is too large' },
  'mobile.jobForeign': {
    ka: 'ეს ოპერაცია სხვა მომხმარებელს ეკუთვნის',
    en: 'This operation belongs to another user',
  },
  'mobile.alreadyDelivered': {
    ka: 'ამანათი {barcode} უკვე ჩაბარებულია',
    en: 'Parcel {barcode} has already been delivered',
  },
  'mobile.alreadyDone': {
    ka: 'ამანათს {barcode} ეს სტატუსი უკვე აქვს',
    en: 'Parcel {barcode} already has this status',
  },
  'mobile.registryUnknown': {
    ka: 'რეესტრი {registry} ბაზაში არ არის რეგისტრირებული',
    en: 'Registry {registry} is not registered in the database',
  },
  'mobile.registryEmpty': { ka: 'რეესტრი {registry} ცარიელია', en: 'Registry {registry} is empty' },
  'mobile.badLength': {
    ka: 'ამანათი {barcode} არ არის სტანდარტული სიგრძის',
    en: 'Parcel {barcode} is not of standard length',
  },
} satisfies Record<string, Message>;
