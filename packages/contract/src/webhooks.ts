/**
 * The shipper's webhooks (issue 39): a client office subscribes URLs to parcel event kinds; each event
 * of its parcels is POSTed to them, signed, through the outbox (apps/server/src/modules/webhooks).
 */
import { z } from 'zod';
import { defineCall, writeResult } from './call.ts';
import { guid, int, optText, text } from './common.ts';
import { Guards } from './guard.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';

/** The event kinds a subscription can ask for. */
export const WEBHOOK_EVENTS = [
  'registered',
  'received',
  'with_courier',
  'delivered',
  'not_delivered',
  'cancelled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The states of a webhook message (the outbox's, and `dead` after the retry window). */
export const WEBHOOK_STATES = ['pending', 'sending', 'sent', 'dead', 'skipped'] as const;

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-PostOffice-Signature';

export const webhookRow = z.object({
  Id: z.number(),
  OfficeGUID: z.string(),
  OfficeName: z.string(),
  Url: z.string(),
  Events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** ISO time */
  CreatedAt: z.string(),
});
export type WebhookRow = z.output<typeof webhookRow>;

export const webhookDeliveryRow = z.object({
  /** the attempt's id in the log */
  Id: z.number(),
  WebhookId: z.number(),
  /** the message (outbox row) it tried to deliver; null for a test */
  OutboxId: z.number().nullable(),
  /** the message's state now: pending, sending, sent, dead, skipped; '' for a test */
  State: z.string(),
  EventId: z.number().nullable(),
  /** the event kind, or `test` */
  Kind: z.string(),
  Barcode: z.string(),
  Url: z.string(),
  Attempt: z.number(),
  /** the receiver's HTTP status; null when it did not answer (time-out, refused) */
  StatusCode: z.number().nullable(),
  DurationMs: z.number(),
  Error: z.string(),
  /** ISO time of the attempt */
  At: z.string(),
});
export type WebhookDeliveryRow = z.output<typeof webhookDeliveryRow>;

/** At most this many delivery attempts are listed (the newest first). */
export const WEBHOOK_DELIVERIES_MAX = 500;

const labels = {
  WebhookId: label('ვებჰუკი', 'Webhook'),
  Url: label('მისამართი (URL)', 'URL'),
  Events: label('მოვლენები', 'Events'),
  OutboxId: label('შეტყობინება', 'Message'),
};

export const GetWebhooks = defineCall(
  'GET',
  'GetWebhooks',
  z.object({ OfficeGUID: optText(40) }),
  z.object({ Webhooks: z.array(webhookRow) }),
  {
    guard: Guards.admin,
    parcels: 'none',
    labels,
    summary:
      "The client offices' webhook subscriptions (one office's with OfficeGUID); secrets are never listed",
  },
);

export const SaveWebhook = defineCall(
  'POST',
  'SaveWebhook',
  z.object({
    /** 0 or absent: a new subscription */
    WebhookId: int.optional(),
    OfficeGUID: guid,
    Url: text(2000).min(1, { error: 'v.required' }),
    Events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: 'v.oneOf' }))
      .min(1, { error: 'webhooks.eventsRequired' }),
  }),
  writeResult.extend({
    WebhookId: z.number(),
    /** the signing secret, answered once when the subscription is made; '' on a change */
    Secret: z.string(),
  }),
  {
    guard: Guards.admin,
    parcels: 'none',
    labels,
    summary:
      'Subscribes a URL of a client office to event kinds, or changes a subscription; a new one answers its signing secret once',
  },
);

export const DeleteWebhook = defineCall('POST', 'DeleteWebhook', z.object({ WebhookId: int }), writeResult, {
  guard: Guards.admin,
  parcels: 'none',
  labels,
  summary: 'Ends a subscription (messages not yet sent are skipped)',
});

export const TestWebhook = defineCall(
  'POST',
  'TestWebhook',
  z.object({ WebhookId: int }),
  writeResult.extend({ StatusCode: z.number().nullable(), DurationMs: z.number(), Error: z.string() }),
  {
    guard: Guards.admin,
    parcels: 'none',
    labels,
    summary:
      'Sends a signed `test` event to the subscription now and answers what the receiver said (Ret 1 on 2xx)',
  },
);

export const GetWebhookDeliveries = defineCall(
  'GET',
  'GetWebhookDeliveries',
  z.object({ WebhookId: z.preprocess((v) => (v === '' ? undefined : v), int.optional()) }),
  z.object({ Deliveries: z.array(webhookDeliveryRow), Capped: z.boolean() }),
  {
    guard: Guards.admin,
    parcels: 'none',
    labels,
    summary: `The delivery log, newest first (at most ${WEBHOOK_DELIVERIES_MAX}): each attempt's time, status code, duration and error`,
  },
);

export const ResendWebhook = defineCall('POST', 'ResendWebhook', z.object({ OutboxId: int }), writeResult, {
  guard: Guards.admin,
  parcels: 'none',
  labels,
  summary: 'Sends a webhook message again: due now, its attempts counted from zero (Ret 1)',
});

export const webhooksMessages = {
  'webhooks.notFound': { ka: 'ვებჰუკი ვერ მოიძებნა', en: 'The webhook was not found' },
  'webhooks.officeNotFound': { ka: 'ოფისი ვერ მოიძებნა', en: 'The office was not found' },
  'webhooks.eventsRequired': {
    ka: 'აირჩიეთ ერთი მოვლენა მაინც',
    en: 'Choose at least one event',
  },
  'webhooks.urlInvalid': {
    ka: 'მისამართი უნდა იყოს http:// ან https:// ბმული, მომხმარებლისა და პაროლის გარეშე',
    en: 'The URL must be an http:// or https:// link without a user name or password',
  },
  'webhooks.unresolvable': {
    ka: 'მისამართის სერვერი ვერ მოიძებნა ({host})',
    en: "The URL's host could not be resolved ({host})",
  },
  'webhooks.privateAddress': {
    ka: 'ვებჰუკი არ იგზავნება შიდა ან ლოკალურ მისამართზე ({address})',
    en: 'Webhooks are not sent to internal or local addresses ({address})',
  },
  'webhooks.messageNotFound': { ka: 'შეტყობინება ვერ მოიძებნა', en: 'The message was not found' },
  'webhooks.sending': {
    ka: 'შეტყობინება ახლა იგზავნება, სცადეთ ცოტა ხანში',
    en: 'The message is being sent, try again shortly',
  },
} satisfies Record<string, Message>;
