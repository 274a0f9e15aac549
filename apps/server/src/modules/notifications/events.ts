/**
 * Which parcel events tell the recipient something (issue 38), and the outbox rows they write: called
 * by the parcels core for every event it writes, in the event's transaction, so a rolled-back event
 * sends nothing and a committed one cannot be forgotten. A parcel without a recipient phone or e-mail,
 * or whose recipient stopped the messages, costs nothing here.
 */
import { FAILURE_STATUSES, Status } from '@po/contract';
import type { NotifyKind } from '@po/contract/tracking';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../outbox/outbox.ts';

/** The parcel columns the decision reads. */
export interface NotifyParcel {
  guid: string;
  barcode: string;
  destinationDepotGuid: string | null;
  receiverPhone: string;
  receiverEmail: string;
  notifyLang: string;
  notifyStoppedAt: Date | null;
}
/** The event columns it reads. */
export interface NotifyEvent {
  id: number;
  statusId: number;
  officeGuid: string | null;
}

const FAILED = new Set(FAILURE_STATUSES);

/** What an event tells the recipient, or null. */
export function notifyKindOf(
  p: Pick<NotifyParcel, 'destinationDepotGuid'>,
  e: NotifyEvent,
): NotifyKind | null {
  switch (e.statusId) {
    case Status.Registered:
      return 'registered';
    case Status.Received:
      // received at the destination office, not at a sorting centre on the way
      return p.destinationDepotGuid && e.officeGuid === p.destinationDepotGuid ? 'arrived' : null;
    case Status.HandToCourier:
    case Status.Pickup:
      return 'withCourier';
    case Status.Delivered:
      return 'delivered';
    default:
      return FAILED.has(e.statusId) ? 'notDelivered' : null;
  }
}

/** The payload a notification row carries: what the sender needs to write the text. */
export interface NotifyPayload extends Record<string, unknown> {
  notify: NotifyKind;
  barcode: string;
  lang: 'ka' | 'en';
  statusId: number;
  officeGuid: string | null;
}

/** Enqueues the event's notifications (one per channel with an address) in the event's transaction. */
export async function enqueueNotifications(tx: DbOrTx, p: NotifyParcel, e: NotifyEvent): Promise<void> {
  if ((!p.receiverEmail && !p.receiverPhone) || p.notifyStoppedAt) return;
  const notify = notifyKindOf(p, e);
  if (!notify) return;
  const payload: NotifyPayload = {
    notify,
    barcode: p.barcode,
    lang: p.notifyLang === 'en' ? 'en' : 'ka',
    statusId: e.statusId,
    officeGuid: e.officeGuid,
  };
  const base = { kind: 'notification', payload, eventId: e.id, parcelGuid: p.guid };
  if (p.receiverEmail) await enqueue(tx, { ...base, channel: 'email', target: p.receiverEmail });
  if (p.receiverPhone) await enqueue(tx, { ...base, channel: 'sms', target: p.receiverPhone });
}
