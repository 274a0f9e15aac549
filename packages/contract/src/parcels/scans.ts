import { z } from 'zod';
import { defineCall } from '../call.ts';
import { barcode, guid, int, optText } from '../common.ts';
import { Status } from '../constants.ts';
import { Guards } from '../guard.ts';
import type { Message } from '../messages.ts';

/**
 * Counter scanning and the parcel lists of spec 002 §2.6–§2.13, §2.18, §7: receive (8736), confirm
 * (8734), any status, fines received and paid, the comment, my parcels, sub-organisation parcels,
 * incoming and outgoing (DOMAIN.md "Parcels and their events").
 *
 * Decisions the specification leaves open:
 * - A scan is one short transaction: the parcel row is locked, and a parcel whose latest event already
 *   has the scanned status at the caller's office is refused ("already received" / "already
 *   processed"), so the same barcode scanned twice at the same moment records one event.
 * - The scan statuses are the enabled statuses of reference group 10, except the steps that have
 *   their own flow (registered, put in a bag, returned, deleted, restored, comment: 8744 to 8749) and
 *   delivery (8712, which needs the receiver's signature).
 * - Fines are parcels of type 8696 (a traffic-fine notice; the description is the fine number).
 *   Paying one records a "paid" event (8725) and sets IsPayed; a fine is paid once.
 * - Corporate users may confirm and set other statuses, not receive (8736), nor handle fines, the
 *   comment or the outgoing list (§6).
 * - My parcels: the live parcels the caller registered in the last MY_PARCELS_DAYS days, newest first,
 *   at most LIST_MAX rows. Sub-organisation parcels: those registered at the office or, for a
 *   distribution centre, at it and its offices, in the same window.
 */

/** Scan statuses of the specification (§4, §9). */
export const ScanStatus = {
  Receive: Status.Received,
  Confirm: Status.Confirmed,
  /** the data's default for the generic status change (§2.12) */
  Default: Status.Pickup,
  /** the lookup's preselected status on /addstatus */
  Preselected: Status.Confirmed,
  /** a fine's payment (reference status "paid") */
  Paid: 8725,
} as const;
/** The parcel type of a traffic-fine notice. */
export const FINE_PARCEL_TYPE = 8696;
/** Statuses a scan may not set: they have their own flow. */
export const NOT_SCANNABLE: readonly number[] = [
  Status.Delivered,
  Status.Registered,
  Status.PutInBag,
  Status.ReturnedToSender,
  Status.Deleted,
  Status.Restored,
  Status.CommentChanged,
];
export const MY_PARCELS_DAYS = 30;
export const LIST_MAX = 2000;
export const COMMENT_MAX = 500;

/** Warning level of a parcel on my parcels (Prefix): late red, warning yellow, on time green. */
export const WarningLevel = { Late: 'late', Warning: 'warning', OnTime: 'ontime' } as const;
export type WarningLevelValue = (typeof WarningLevel)[keyof typeof WarningLevel];

/** A parcel row of the lists and scan answers (spec 002 §3 "Parcel row"). */
export const parcelRow = z.object({
  GUID: z.string(),
  Barcode: z.string(),
  /** the warning level: late, warning, ontime */
  Prefix: z.enum(['late', 'warning', 'ontime']),
  CreateDate: z.string(),
  /** the collection deadline */
  CollectionDate: z.string().nullable(),
  CurStatus: z.number(),
  CurStatusName: z.string(),
  /** registered by */
  Login: z.string(),
  /** the registering office */
  LoginExt: z.string(),
  Receiver: z.string(),
  Sender: z.string(),
  /** the comment */
  Signature: z.string(),
  Fild1: z.string(),
  Fild2: z.string(),
  NumberOfPackages: z.number(),
  Weight: z.number(),
  Height: z.number(),
  Width: z.number(),
  Value: z.number(),
  /** for fines: the fine number */
  Description: z.string(),
  PaymetType: z.number(),
  Whopays: z.number(),
  /** the parcel type's name */
  SendType: z.string(),
  DeliveryStatus: z.string(),
  DeliveryDate: z.string().nullable(),
  /** 'in' when it is bound for the caller's office, 'out' when it left from it, else '' */
  Direction: z.string(),
  /** the first courier attempt: status name and time */
  Lname: z.string(),
  Ldate: z.string().nullable(),
  /** days past the deadline (never negative) */
  Late: z.number(),
  EnableDelete: z.boolean(),
  IsPayed: z.boolean(),
  BagName: z.string(),
  BagGuid: z.string().nullable(),
  ModifiedDate: z.string(),
});
export type ParcelListRow = z.output<typeof parcelRow>;
const parcelsAnswer = z.object({ Parcels: z.array(parcelRow) });

const statusInput = z.preprocess((v) => (v === '' || v == null ? ScanStatus.Default : v), int);

export const PostUpStatbyBarcode = defineCall(
  'GET',
  'PostUpStatbyBarcode',
  z.object({ Status: statusInput, Barcode: barcode }),
  parcelsAnswer,
  {
    summary:
      'Scan a parcel into a status at the counter (8736 receive, 8734 confirm, or the chosen one; default 8711); answers the parcel',
    guard: Guards.office,
    parcels: 'act',
  },
);
export const PostUpStatbyPayedBarcode = defineCall(
  'GET',
  'PostUpStatbyPayedBarcode',
  z.object({ Status: statusInput, Barcode: barcode }),
  parcelsAnswer,
  {
    summary: 'Receive a fine (a parcel of type 8696) into a status, normally 8736',
    guard: Guards.fines,
    parcels: 'act',
  },
);
export const PosParcelPayed = defineCall(
  'GET',
  'PosParcelPayed',
  z.object({ Barcode: barcode }),
  parcelsAnswer,
  { summary: 'Mark a fine as paid (IsPayed, a "paid" event 8725)', guard: Guards.fines, parcels: 'act' },
);
export const PostUpCommentByBarcode = defineCall(
  'GET',
  'PostUpCommentByBarcode',
  z.object({ Comment: optText(COMMENT_MAX), Barcode: barcode }),
  parcelsAnswer,
  {
    summary:
      'Change the comment of a parcel (event 8749); an unknown barcode answers an empty list, a deleted or archived one its message',
    guard: Guards.officeNotCorporate,
    parcels: 'act',
  },
);
export const GetMyParcels = defineCall('GET', 'GetMyParcels', z.object({}), parcelsAnswer, {
  summary: `The caller's parcels of the last ${MY_PARCELS_DAYS} days, newest first (at most ${LIST_MAX})`,
  guard: Guards.office,
  parcels: 'see',
});
export const GetSubOrgParcels = defineCall(
  'GET',
  'GetSubOrgParcels',
  z.object({ Office: guid }),
  parcelsAnswer,
  {
    summary: `Parcels registered at an office (and, for a distribution centre, its offices) in the last ${MY_PARCELS_DAYS} days; corporate users only their distribution centre`,
    guard: Guards.office,
    parcels: 'see',
  },
);
export const ReceivingParcels = defineCall('GET', 'ReceivingParcels', z.object({}), parcelsAnswer, {
  summary: "Incoming: live parcels bound for the caller's office that have not been received (8736) there",
  guard: Guards.office,
  parcels: 'see',
});
export const SendingParcels = defineCall('GET', 'SendingParcels', z.object({}), parcelsAnswer, {
  summary: "Outgoing: parcels received at the caller's office, bound for another office, not yet in a bag",
  guard: Guards.officeNotCorporate,
  parcels: 'see',
});

export const scansMessages = {
  'scan.alreadyReceived': {
    ka: 'ამანათი {barcode} უკვე მიღებულია',
    en: 'Parcel {barcode} has already been received',
  },
  'scan.alreadyProcessed': {
    ka: 'ამანათი {barcode} უკვე დამუშავებულია',
    en: 'Parcel {barcode} has already been processed',
  },
  'scan.notFine': {
    ka: 'ამანათი {barcode} ჯარიმა არ არის',
    en: 'Parcel {barcode} is not a fine',
  },
  'scan.alreadyPaid': {
    ka: 'ჯარიმა {barcode} უკვე გადახდილია',
    en: 'Fine {barcode} has already been paid',
  },
  'scan.statusNotAllowed': {
    ka: 'ველი „{field}“: სტატუსი {status} სკანირებით ვერ დაისმება',
    en: 'Field "{field}": status {status} cannot be set by a scan',
  },
  'scan.corporateReceive': {
    ka: 'კორპორატიულ მომხმარებელს ამანათის მიღების უფლება არ აქვს',
    en: 'Corporate users may not receive parcels',
  },
  'scan.corporateOffice': {
    ka: 'კორპორატიულ მომხმარებელს მხოლოდ თავისი სადისტრიბუციო ცენტრის ამანათების ნახვა შეუძლია',
    en: 'Corporate users may only see the parcels of their distribution centre',
  },
  'scan.officeForbidden': {
    ka: 'ამ ოფისის ამანათების ნახვის უფლება არ გაქვთ',
    en: 'You may not see the parcels of this office',
  },
  'scan.officeUnknown': {
    ka: 'ველი „{field}“: ოფისი ვერ მოიძებნა',
    en: 'Field "{field}": the office is not found',
  },
  'scan.noOffice': {
    ka: 'თქვენს ანგარიშს ოფისი არ აქვს მინიჭებული',
    en: 'Your account has no office',
  },
} satisfies Record<string, Message>;
