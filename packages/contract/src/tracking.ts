import { z } from 'zod';
import { defineCall } from './call.ts';
import { Guards } from './guard.ts';
import { text } from './common.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';

/**
 * The recipient's side (issue 38): the public tracking page's call and the stop link. Both work without
 * a session; what they answer is the page's fields and nothing else: no name, address, phone, personal
 * code, signature, price or staff member (at most the recipient's initials).
 */

/** A step of the journey, in the page's plain words (tracking.json `step.*`). */
export const TRACK_STEPS = [
  'registered',
  'onTheWay',
  'atOffice',
  'arrived',
  'withCourier',
  'delivered',
  'notDelivered',
  'returned',
] as const;
export type TrackStep = (typeof TRACK_STEPS)[number];

export const trackStep = z.object({
  Step: z.enum(TRACK_STEPS),
  /** ISO time */
  At: z.string(),
  /** the city (or office) it happened in / is bound for; '' when unknown */
  Place: z.string(),
  /** a failed delivery's status id (the page names the reason) */
  Reason: z.number().nullable(),
});
export type TrackStepRow = z.output<typeof trackStep>;

export const trackAnswer = z.object({
  Barcode: z.string(),
  /** where the parcel is now: in progress, delivered, not delivered */
  State: z.enum(['inProgress', 'delivered', 'notDelivered']),
  OriginCity: z.string(),
  DestinationCity: z.string(),
  /** the expected delivery date (the collection deadline), ISO; null when unknown */
  ExpectedDate: z.string().nullable(),
  /** the recipient's initials ("ნ. ბ."), nothing more */
  Initials: z.string(),
  /** oldest first */
  Steps: z.array(trackStep),
  /** the recipient stopped the messages for this parcel */
  NotificationsStopped: z.boolean(),
});
export type TrackAnswer = z.output<typeof trackAnswer>;

/** A barcode as the visitor types it: any text (a wrong one answers "not found", like an unknown one). */
const typedBarcode = text(40);

export const TrackParcel = defineCall(
  'GET',
  'TrackParcel',
  z.object({ Barcode: typedBarcode }),
  trackAnswer,
  {
    auth: false,
    // Public by design: it finds any parcel by its barcode (live or archived, never a deleted one) and
    // answers only the fields above, which name no person; limited per client address against harvesting.
    parcels: 'see',
    labels: { Barcode: label('შტრიხკოდი', 'Barcode') },
    summary:
      "The public tracking page's view of a parcel: its journey, cities and expected date, no personal data (no session; rate limited per address)",
  },
);

export const StopNotifications = defineCall(
  'POST',
  'StopNotifications',
  z.object({ Barcode: typedBarcode, Sig: text(128) }),
  z.object({ Ret: z.number() }),
  {
    auth: false,
    parcels: 'act',
    labels: { Barcode: label('შტრიხკოდი', 'Barcode'), Sig: label('ხელმოწერა', 'Signature') },
    summary:
      "Stops the recipient's messages for a parcel: the signed link of every message (HMAC of the barcode)",
  },
);

/**
 * Where the tracking page lives (the server's PUBLIC_URL, without a trailing slash): the notification
 * card's QR code carries `<Url>/track/<barcode>`, the same link the messages send.
 */
export const TrackingAddress = defineCall(
  'GET',
  'TrackingAddress',
  z.object({}),
  z.object({ Url: z.string() }),
  {
    summary: "The tracking page's address (PUBLIC_URL), for the link the notification card's QR code carries",
    guard: Guards.working,
    parcels: 'none',
  },
);

/** The notifications a recipient gets, by what happened (one per event and channel). */
export const NOTIFY_KINDS = ['registered', 'arrived', 'withCourier', 'delivered', 'notDelivered'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/**
 * The messages' texts (e-mail subject and body, SMS), Georgian and English; `{barcode}`, `{link}`,
 * `{reason}`, `{city}`, `{stop}` are filled in by the sender.
 */
export const trackingMessages = {
  'tracking.notFound': { ka: 'ამანათი ვერ მოიძებნა', en: 'Parcel not found' },
  'tracking.badSignature': {
    ka: 'ბმული არასწორია ან მოძველებულია',
    en: 'The link is not valid',
  },
  'notify.subject': { ka: 'ამანათი {barcode}', en: 'Parcel {barcode}' },
  'notify.registered': {
    ka: 'თქვენი ამანათი {barcode} რეგისტრირებულია და მალე გამოგიგზავნით.',
    en: 'Your parcel {barcode} is registered and will be on its way soon.',
  },
  'notify.arrived': {
    ka: 'თქვენი ამანათი {barcode} ჩამოვიდა დანიშნულების ფილიალში ({city}).',
    en: 'Your parcel {barcode} has arrived at the destination office ({city}).',
  },
  'notify.withCourier': {
    ka: 'თქვენი ამანათი {barcode} კურიერთანაა და დღეს მოგიტანთ.',
    en: 'Your parcel {barcode} is out with the courier.',
  },
  'notify.delivered': {
    ka: 'თქვენი ამანათი {barcode} ჩაბარებულია. გმადლობთ!',
    en: 'Your parcel {barcode} has been delivered. Thank you!',
  },
  'notify.notDelivered': {
    ka: 'თქვენი ამანათი {barcode} ვერ ჩაბარდა: {reason}.',
    en: 'Your parcel {barcode} could not be delivered: {reason}.',
  },
  'notify.track': { ka: 'თვალყური ადევნეთ: {link}', en: 'Track it: {link}' },
  'notify.stop': {
    ka: 'შეტყობინებების შესაწყვეტად: {stop}',
    en: 'To stop these messages: {stop}',
  },
  // a failed delivery's reason, by status id
  'notify.reason.8717': { ka: 'მიმღებმა უარი თქვა მიღებაზე', en: 'the recipient refused it' },
  'notify.reason.8718': { ka: 'მისამართზე არავინ დაგვხვდა', en: 'nobody was at the address' },
  'notify.reason.8722': { ka: 'ამანათი ხელახლა გაიტანეს', en: 'it was taken out again' },
  'notify.reason.8731': { ka: 'მისამართი არასრულია', en: 'the address is incomplete' },
  'notify.reason.8732': { ka: 'მისამართი არასწორია', en: 'the address is wrong' },
  'notify.reason.8738': { ka: 'მიმღებმა უარი თქვა', en: 'the recipient refused it' },
  'notify.reason.8739': { ka: 'ოჯახის წევრმა უარი თქვა', en: 'a family member refused it' },
  'notify.reason.8742': { ka: 'კომპანიამ უარი თქვა', en: 'the company refused it' },
  'notify.reason.8743': { ka: 'უარი გაურკვეველი მიზეზით', en: 'it was refused for an unclear reason' },
} satisfies Record<string, Message>;
