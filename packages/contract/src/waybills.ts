import { z } from 'zod';
import { defineCall } from './call.ts';
import { booleanish, optText, scannedCode } from './common.ts';
import { Guards } from './guard.ts';
import type { Message } from './messages.ts';

/**
 * Transport waybills with the revenue service (spec 003 "Start waybill", "Close waybill", §4 "Waybill
 * start and close run", §7; DOMAIN.md "Transport waybills"). One parcel per call; the answer is the
 * waybill id (> 0), -1 when the service or our own checks refused (the reason is in the error journal),
 * -2 when the service could not be reached (the phone stops its run and resumes later).
 *
 * Decisions the specification leaves open:
 * - The session decides who the courier is; `UserId` is accepted and ignored.
 * - A parcel has at most one waybill that is not deleted or cancelled. Starting a parcel whose waybill is
 *   already active (or closed) answers that waybill's id and changes nothing, whether or not `IsRepied`
 *   is set; closing a closed waybill likewise answers its id.
 * - When our side holds no service id (the save's answer was lost), the service is asked for a waybill
 *   with our reference first; only when it has none is a new one saved. A retried close asks the
 *   service for the waybill's status before closing it; a refused close is checked against the service
 *   too (a copy without `IsRepied` after a lost answer finds the waybill already closed).
 * - Every outcome lands in the transport journal (`RsMessageList`, type 1 start, type 2 close); refusals
 *   and lost connections also land in the error journal (`ERRMessageList`) with the service as source.
 */

/** The answers of the waybill calls besides a waybill id. */
export const WaybillAnswer = { Refused: -1, NoConnection: -2 } as const;
/** Transport journal types. */
export const RsJournalType = { Start: 1, Close: 2 } as const;

/** The built-in service's refusal codes (negative, as rs.ge answers), each with its message key. */
export const RsErrorCode = {
  SellerTin: -1001,
  BuyerTin: -1002,
  Address: -1003,
  DriverUnknown: -1009,
  CarNumber: -1010,
  NotFound: -1020,
  WrongStatus: -1021,
} as const;
export const rsErrorKey = (code: number) => `waybills.rs${-code}`;

const lineInput = {
  IsRepied: booleanish.optional().default(false),
  UserId: optText(64),
  Registry: optText(40),
  BarCode: scannedCode,
};

export const ActivateWaybillforSender = defineCall(
  'GET',
  'ActivateWaybillforSender',
  z.object({ ...lineInput, CarNumber: optText(20), DriverId: optText(20) }),
  z.number(),
  {
    summary:
      'Starts (saves and activates) the transport waybill of one parcel: its id, -1 refused, -2 no connection; a parcel never gets a second waybill',
    guard: Guards.courier,
    parcels: 'act',
  },
);

export const CloseWaybill = defineCall('GET', 'CloseWaybill', z.object(lineInput), z.number(), {
  summary: "Closes one parcel's transport waybill: its id, -1 refused, -2 no connection",
  guard: Guards.courier,
  parcels: 'act',
});

/**
 * The alternate close form `GET /api/CloseWayBill` (UserId, BarCode): paths are case-insensitive, so it
 * is the same call as `CloseWaybill` with `IsRepied` false and no registry, and answers the same.
 */
export const CloseWayBill = CloseWaybill;

export const waybillsMessages = {
  'waybills.source': { ka: 'შემოსავლების სამსახური', en: 'Revenue service' },
  'waybills.started': { ka: 'ზედნადები {id} გააქტიურდა', en: 'Waybill {id} activated' },
  'waybills.alreadyStarted': {
    ka: 'ზედნადები {id} უკვე გააქტიურებულია',
    en: 'Waybill {id} is already active',
  },
  'waybills.closed': { ka: 'ზედნადები {id} დაიხურა', en: 'Waybill {id} closed' },
  'waybills.alreadyClosed': { ka: 'ზედნადები {id} უკვე დახურულია', en: 'Waybill {id} is already closed' },
  'waybills.refused': { ka: 'შეცდომა {code}: {text}', en: 'Error {code}: {text}' },
  'waybills.noConnection': {
    ka: 'შემოსავლების სამსახურთან კავშირის პრობლემა',
    en: 'Problem connecting to the revenue service',
  },
  'waybills.parcelUnknown': {
    ka: 'ამანათი {barcode} ბაზაში არ არის რეგისტრირებული',
    en: 'Parcel {barcode} is not registered in the database',
  },
  'waybills.parcelDeleted': { ka: 'ამანათი {barcode} წაშლილია', en: 'Parcel {barcode} has been deleted' },
  'waybills.parcelArchived': {
    ka: 'ამანათი {barcode} არქივშია',
    en: 'Parcel {barcode} is in the archive',
  },
  'waybills.noWaybill': {
    ka: 'ამანათს {barcode} გააქტიურებული ზედნადები არ აქვს',
    en: 'Parcel {barcode} has no active waybill',
  },
  'waybills.rsUnknown': {
    ka: 'შემოსავლების სამსახურმა მოთხოვნა არ მიიღო',
    en: 'The revenue service refused the request',
  },
  'waybills.rs1001': {
    ka: 'გამგზავნის საიდენტიფიკაციო კოდი არასწორია',
    en: "The sender's identification code is invalid",
  },
  'waybills.rs1002': {
    ka: 'მიმღების საიდენტიფიკაციო კოდი არასწორია',
    en: "The receiver's identification code is invalid",
  },
  'waybills.rs1003': {
    ka: 'ტრანსპორტირების დაწყების ან დასრულების ადგილი არ არის მითითებული',
    en: 'The start or end address of the transport is missing',
  },
  'waybills.rs1009': { ka: 'მძღოლის პირადი ნომერი უცნობია', en: "The driver's personal number is unknown" },
  'waybills.rs1010': {
    ka: 'ავტომობილის სახელმწიფო ნომერი არასწორია',
    en: "The car's registration number is invalid",
  },
  'waybills.rs1020': { ka: 'ზედნადები ვერ მოიძებნა', en: 'The waybill was not found' },
  'waybills.rs1021': {
    ka: 'ზედნადების ამ სტატუსში ეს მოქმედება დაუშვებელია',
    en: "This action is not allowed in the waybill's status",
  },
} satisfies Record<string, Message>;
