import { z } from 'zod';
import { defineCall, writeResult } from './call.ts';
import { int, optText } from './common.ts';
import { Guards } from './guard.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';

/** The outbox's states (apps/server/src/modules/outbox): what became of a message. */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const NOTIFY_CHANNELS = ['email', 'sms'] as const;

export const notificationRow = z.object({
  Id: z.number(),
  Barcode: z.string(),
  /** 'email' or 'sms' */
  Channel: z.string(),
  /** what it tells: registered, arrived, withCourier, delivered, notDelivered */
  Kind: z.string(),
  /** the address it goes to */
  Target: z.string(),
  State: z.enum(OUTBOX_STATES),
  Attempts: z.number(),
  LastError: z.string(),
  /** ISO times */
  CreatedAt: z.string(),
  NextAttemptAt: z.string(),
  SentAt: z.string().nullable(),
});
export type NotificationRow = z.output<typeof notificationRow>;

/** At most this many notifications are listed (the newest first); a filter narrows them. */
export const NOTIFICATIONS_MAX = 500;

const labels = {
  State: label('მდგომარეობა', 'State'),
  Channel: label('არხი', 'Channel'),
  Barcode: label('შტრიხკოდი', 'Barcode'),
  NotificationId: label('შეტყობინება', 'Notification'),
};

export const ListNotifications = defineCall(
  'GET',
  'ListNotifications',
  z.object({ State: optText(20), Channel: optText(20), Barcode: optText(40) }),
  z.object({ Notifications: z.array(notificationRow), Capped: z.boolean() }),
  {
    guard: Guards.admin,
    parcels: 'see',
    labels,
    summary: `The recipients' notifications, newest first (at most ${NOTIFICATIONS_MAX}), by state, channel and barcode`,
  },
);

export const ResendNotification = defineCall(
  'POST',
  'ResendNotification',
  z.object({ NotificationId: int }),
  writeResult,
  {
    guard: Guards.admin,
    parcels: 'none',
    labels,
    summary: 'Sends a notification again: due now, its attempts counted from zero (Ret 1)',
  },
);

export const notificationsMessages = {
  'notifications.notFound': { ka: 'შეტყობინება ვერ მოიძებნა', en: 'The notification was not found' },
  'notifications.channelOff': {
    ka: 'არ გაიგზავნა: არხი არ არის გამართული',
    en: 'not sent: channel not configured',
  },
  'notifications.sending': {
    ka: 'შეტყობინება ახლა იგზავნება, სცადეთ ცოტა ხანში',
    en: 'The notification is being sent, try again shortly',
  },
  'notifications.stopped': {
    ka: 'არ გაიგზავნა: მიმღებმა შეწყვიტა შეტყობინებები',
    en: 'not sent: the recipient stopped the messages',
  },
} satisfies Record<string, Message>;
