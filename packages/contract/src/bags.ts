import { z } from 'zod';
import { defineCall } from './call.ts';
import { barcode, clientDate, guid, num, optGuid, optText, scannedCode, text } from './common.ts';
import { Guards } from './guard.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';
import { parcelRow } from './parcels/scans.ts';

/**
 * Bags (spec 002 §2.14, §2.15, §4, §5, §7; DOMAIN.md "Bags"): putting parcels in a bag with car, driver
 * and receiving office, the bag journal and its parcels; beyond the specification, closing a bag with
 * its seal number and declared weight, and receiving a whole bag at the destination by its label.
 *
 * Decisions the specification leaves open:
 * - The first scan without `Bag` creates the bag: name `BG-YYYYMMDD-NNNN` (Tbilisi date, a sequence),
 *   sending office the caller's, receiving office, car number and driver from the request; the driver
 *   is checked with the revenue service first (unknown: "driver {id} not found"; a failure: "error on
 *   RS"). Later scans send the bag's GUID back and the bag's own office, car and driver apply.
 * - Each scan is one transaction: the bag (when new), the parcel's "put in a bag" event (8745) and its
 *   bag. A refused scan (unknown office, a parcel already in an open bag, an archived, deleted or
 *   delivered parcel, a closed bag) writes nothing, not even a new bag.
 * - A bag is open until it is received. A closed (sealed) bag takes no more parcels. Closing needs at
 *   least one parcel and records seal number, declared weight, the parcel count and the time.
 * - Receiving (`ReceiveBag`) at the bag's receiving office: the label is the bag name (or its GUID); the
 *   bag must be closed and not yet received. Every parcel still in the bag is received (8736) in one
 *   transaction and leaves the bag; the answer compares the declared count and weight with the parcels
 *   counted, listing the missing barcodes.
 * - Who sees which bags: role 105 without IsAnother every bag; the others the bags sent from or to their
 *   office, its distribution centre and the offices under it.
 * - An open bag (neither sealed nor cancelled) outlives the screen that made it (issue 37): the sending
 *   office lists its open bags with who opened them and when (`GetOpenBags`), and any bag maker of that
 *   office resumes one (`ResumeBag`: the bag and its parcels, later scans send its GUID), seals it
 *   (`CloseBag`) or cancels it (`CancelBag`). Cancelling releases every parcel still in the bag in one
 *   transaction: each goes back to the status it had before it was put in, with an event naming the
 *   cancelled bag, and the audit log records the bag and its barcodes. A cancelled bag takes no parcels
 *   and cannot be sealed or received. A bag outside the caller's circle answers "not found".
 */

/** Bag journal row (spec 002 §3 "Bag"), with the close and receipt beyond the specification. */
export const bagRow = z.object({
  GUID: z.string(),
  BagName: z.string(),
  CreateDate: z.string(),
  /** who opened the bag (the user's name, else login) */
  CreatedBy: z.string(),
  /** the sending office */
  Sender: z.string(),
  /** the receiving office */
  Receiver: z.string(),
  ReceiverGUID: z.string().nullable(),
  CarNumber: z.string(),
  Driver: z.string(),
  Count: z.number(),
  SealNumber: z.string().nullable(),
  DeclaredWeight: z.number().nullable(),
  DeclaredCount: z.number().nullable(),
  CloseDate: z.string().nullable(),
  ReceiveDate: z.string().nullable(),
  ReceivedCount: z.number().nullable(),
  CancelDate: z.string().nullable(),
});
export type BagRow = z.output<typeof bagRow>;

/** Bag parcel row (spec 002 §3). */
export const bagParcelRow = z.object({
  ID: z.string(),
  CreateDate: z.string(),
  Barcode: z.string(),
  Status: z.string(),
});

const carNumber = z
  .string({ error: 'bags.carRequired' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'bags.carRequired' })
  .max(20, { error: 'v.tooLong' });
const driver = z
  .string({ error: 'bags.driverRequired' })
  .trim()
  .min(1, { error: 'bags.driverRequired' })
  .max(20, { error: 'v.tooLong' });

export const SetParcelsNewTransport = defineCall(
  'GET',
  'SetParcelsNewTransport',
  z.object({
    Receiver: z.preprocess(
      (v) => (v == null ? '' : v),
      z.string().trim().min(1, { error: 'bags.officeRequired' }).pipe(guid),
    ),
    Bag: optGuid,
    Barcode: barcode,
    Carnumber: carNumber,
    Driver: driver,
  }),
  z.object({ Parcels: z.array(parcelRow) }),
  {
    summary:
      'Put a scanned parcel in a bag (event 8745); without Bag a new bag is made for the car, driver and receiving office; answers the parcel with BagGuid',
    guard: Guards.officeNotCorporate,
    parcels: 'act',
  },
);

export const GetBags = defineCall(
  'GET',
  'GetBags',
  z.object({ StartDate: clientDate, endDate: clientDate }),
  z.object({ Bags: z.array(bagRow) }),
  {
    summary: 'Bags created in the date-time range, sent from or to the caller’s offices',
    guard: Guards.officeNotCorporate,
    parcels: 'see',
    labels: { StartDate: label('საწყისი დრო', 'Start time'), endDate: label('საბოლოო დრო', 'End time') },
  },
);

export const GetBagParcels = defineCall(
  'GET',
  'GetBagParcels',
  z.object({ bagguid: guid }),
  z.object({ Parcels: z.array(bagParcelRow) }),
  {
    summary: 'The parcels put in a bag, in the order they were added',
    guard: Guards.officeNotCorporate,
    parcels: 'see',
  },
);

export const CloseBag = defineCall(
  'POST',
  'CloseBag',
  z.object({
    Bag: guid,
    SealNumber: text(40).pipe(z.string().min(1, { error: 'bags.sealRequired' })),
    DeclaredWeight: num.positive({ error: 'bags.weightPositive' }),
    Comment: optText(200),
  }),
  z.object({ Ret: z.number(), Bags: z.array(bagRow) }),
  {
    summary:
      'Close (seal) a bag: seal number, declared weight and its parcel count; it takes no more parcels',
    guard: Guards.officeNotCorporate,
    parcels: 'act',
  },
);

export const GetOpenBags = defineCall(
  'GET',
  'GetOpenBags',
  z.object({}),
  z.object({ Bags: z.array(bagRow) }),
  {
    summary:
      'The open bags (neither sealed nor cancelled) sent from the caller’s office, newest first, with who opened them and when',
    guard: Guards.officeNotCorporate,
    parcels: 'see',
  },
);

export const ResumeBag = defineCall(
  'GET',
  'ResumeBag',
  z.object({ Bag: guid }),
  z.object({ Bags: z.array(bagRow), Parcels: z.array(parcelRow) }),
  {
    summary:
      'An open bag of the caller’s office to go on scanning into: the bag and the parcels in it; nothing changes',
    guard: Guards.officeNotCorporate,
    parcels: 'see',
  },
);

export const CancelBag = defineCall(
  'POST',
  'CancelBag',
  z.object({ Bag: guid, Comment: optText(200) }),
  z.object({ Ret: z.number(), Bags: z.array(bagRow), Released: z.array(z.string()) }),
  {
    summary:
      'Cancel an open bag of the caller’s office: every parcel still in it is released (back to its status before the bag, an event naming the bag) in one transaction',
    guard: Guards.officeNotCorporate,
    parcels: 'act',
  },
);

export const ReceiveBag = defineCall(
  'GET',
  'ReceiveBag',
  z.object({ Label: scannedCode.max(60, { error: 'v.tooLong' }) }),
  z.object({
    Bags: z.array(bagRow),
    Declared: z.number(),
    Counted: z.number(),
    DeclaredWeight: z.number().nullable(),
    CountedWeight: z.number(),
    /** barcodes declared in the bag that could not be received (deleted, archived, taken out) */
    Missing: z.array(z.string()),
    Parcels: z.array(parcelRow),
  }),
  {
    summary:
      'Receive a closed bag at its receiving office by scanning its label: every parcel in it received (8736) in one transaction; declared against counted',
    guard: Guards.officeNotCorporate,
    parcels: 'act',
  },
);

export const bagsMessages = {
  'bags.officeRequired': { ka: 'აირჩიეთ მიმღები ოფისი', en: 'Choose the receiving office' },
  'bags.officeUnknown': { ka: 'მიმღები ოფისი ვერ მოიძებნა', en: 'The receiving office is not found' },
  'bags.sameOffice': {
    ka: 'მიმღები ოფისი თქვენივე ოფისია; აირჩიეთ სხვა ოფისი',
    en: 'The receiving office is your own office; choose another office',
  },
  'bags.carRequired': { ka: 'შეიყვანეთ მანქანის ნომერი', en: 'Enter the car number' },
  'bags.driverRequired': { ka: 'შეიყვანეთ მძღოლის პირადი ნომერი', en: "Enter the driver's personal number" },
  'bags.driverNotFound': { ka: 'მძღოლი {driver} ვერ მოიძებნა', en: 'Driver {driver} not found' },
  'bags.rsError': { ka: 'შეცდომა RS-ზე: {error}', en: 'Error on RS: {error}' },
  'bags.noOffice': { ka: 'თქვენს ანგარიშს ოფისი არ აქვს მინიჭებული', en: 'Your account has no office' },
  'bags.notFound': { ka: 'ტომარა ვერ მოიძებნა', en: 'The bag is not found' },
  'bags.labelNotFound': { ka: 'ტომარა {label} ვერ მოიძებნა', en: 'Bag {label} is not found' },
  'bags.notYourBag': {
    ka: 'ტომარა {bag} თქვენი ოფისიდან არ იგზავნება',
    en: 'Bag {bag} is not sent from your office',
  },
  'bags.notForYou': {
    ka: 'ტომარა {bag} სხვა ოფისისთვისაა განკუთვნილი',
    en: 'Bag {bag} is addressed to another office',
  },
  'bags.closed': {
    ka: 'ტომარა {bag} დალუქულია; დაიწყეთ ახალი ოპერაცია',
    en: 'Bag {bag} is sealed; start a new operation',
  },
  'bags.cancelled': {
    ka: 'ტომარა {bag} გაუქმებულია',
    en: 'Bag {bag} has been cancelled',
  },
  'bags.cancelledNote': {
    ka: 'ტომარა {bag} გაუქმდა, ამანათი ტომრიდან ამოღებულია',
    en: 'Bag {bag} was cancelled, the parcel was taken out of it',
  },
  'bags.alreadyClosed': { ka: 'ტომარა {bag} უკვე დალუქულია', en: 'Bag {bag} is already sealed' },
  'bags.notClosed': {
    ka: 'ტომარა {bag} ჯერ არ არის დალუქული',
    en: 'Bag {bag} has not been sealed yet',
  },
  'bags.emptyBag': { ka: 'ტომარა {bag} ცარიელია', en: 'Bag {bag} is empty' },
  'bags.alreadyReceived': { ka: 'ტომარა {bag} უკვე მიღებულია', en: 'Bag {bag} has already been received' },
  'bags.inOpenBag': {
    ka: 'ამანათი {barcode} უკვე ღია ტომარაშია ({bag})',
    en: 'Parcel {barcode} is already in an open bag ({bag})',
  },
  'bags.inThisBag': {
    ka: 'ამანათი {barcode} უკვე ამ ტომარაშია',
    en: 'Parcel {barcode} is already in this bag',
  },
  'bags.delivered': {
    ka: 'ამანათი {barcode} უკვე ჩაბარებულია',
    en: 'Parcel {barcode} has already been delivered',
  },
  'bags.sealRequired': { ka: 'შეიყვანეთ ლუქის ნომერი', en: 'Enter the seal number' },
  'bags.weightPositive': {
    ka: 'დეკლარირებული წონა ნულზე მეტი უნდა იყოს',
    en: 'The declared weight must be greater than zero',
  },
} satisfies Record<string, Message>;
