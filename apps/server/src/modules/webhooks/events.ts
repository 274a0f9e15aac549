/**
 * Which parcel events a shipper's webhook hears (issue 39), and the outbox rows they write: called by the
 * parcels core beside the recipient's notifications, for every event it writes, in the event's
 * transaction (a rolled-back event sends nothing). One row per event and subscription of the parcel's
 * sender office (the office that registered it: the client), channel `hook:<subscription id>`, so the
 * outbox keeps each parcel's messages to one subscription in event order.
 *
 * The subscriptions are kept in the process with the cached lists (db/list-cache.ts; the `webhooks`
 * table moves `list_version` on, migration 0019): with none for the office, an event costs a map look-up
 * and no statement.
 */
import { sql } from 'drizzle-orm';
import { FAILURE_STATUSES, formatMessage, Status } from '@po/contract';
import type { WebhookEvent } from '@po/contract/webhooks';
import { rows, type DbOrTx } from '../../db/client.ts';
import type { Lists } from '../../db/list-cache.ts';
import { enqueue } from '../outbox/outbox.ts';

/** The parcel columns a webhook's message reads. */
export interface HookParcel {
  guid: string;
  barcode: string;
  registeredOffice: string | null;
  fild1: string | null;
  fild2: string | null;
}
/** The event columns it reads. */
export interface HookEvent {
  id: number;
  statusId: number;
  officeGuid: string | null;
  createdAt: Date;
}

interface Subscription {
  id: number;
  url: string;
  events: ReadonlySet<string>;
}
/** The subscriptions by office. */
export type HookIndex = ReadonlyMap<string, readonly Subscription[]>;

const FAILED = new Set(FAILURE_STATUSES);

/** The webhook event kind of a parcel status, or null (the steps a shipper is not told of). */
export function hookKindOf(statusId: number): WebhookEvent | null {
  switch (statusId) {
    case Status.Registered:
      return 'registered';
    case Status.Received:
      return 'received';
    case Status.HandToCourier:
    case Status.Pickup:
      return 'with_courier';
    case Status.Delivered:
      return 'delivered';
    case Status.Deleted:
      return 'cancelled';
    default:
      return FAILED.has(statusId) ? 'not_delivered' : null;
  }
}

async function loadIndex(db: DbOrTx): Promise<HookIndex> {
  const list = await rows<{ id: number; office_guid: string; url: string; events: string[] }>(
    db,
    sql`select id::int as id, office_guid, url, events from webhooks order by id`,
  );
  const index = new Map<string, Subscription[]>();
  for (const r of list) {
    const subs = index.get(r.office_guid) ?? [];
    subs.push({ id: r.id, url: r.url, events: new Set(r.events) });
    index.set(r.office_guid, subs);
  }
  return index;
}

const KEY = 'webhooks';

/**
 * The subscriptions as the call sees them (its lists' version), read in the transaction when they are
 * not in memory (so the embedded database's one connection is not asked twice at once).
 */
function indexOf(tx: DbOrTx, lists: Lists | null): HookIndex | Promise<HookIndex> {
  if (!lists) return loadIndex(tx);
  return lists.derivedNow<HookIndex>(KEY) ?? lists.derived(KEY, () => loadIndex(tx));
}

/** The message a webhook carries: what the receiver is told (signed and sent as it is). */
export function hookPayload(kind: WebhookEvent, p: HookParcel, e: HookEvent): Record<string, unknown> {
  return {
    id: e.id,
    kind,
    time: e.createdAt.toISOString(),
    parcel: {
      barcode: p.barcode,
      guid: p.guid,
      statusId: e.statusId,
      officeGuid: e.officeGuid,
      fild1: p.fild1 ?? '',
      fild2: p.fild2 ?? '',
      ...(kind === 'not_delivered'
        ? {
            reason: {
              ka: formatMessage(`notify.reason.${e.statusId}`, {}, 'ka'),
              en: formatMessage(`notify.reason.${e.statusId}`, {}, 'en'),
            },
          }
        : {}),
    },
  };
}

async function enqueueFor(
  tx: DbOrTx,
  subs: readonly Subscription[],
  kind: WebhookEvent,
  p: HookParcel,
  e: HookEvent,
): Promise<void> {
  const payload = hookPayload(kind, p, e);
  for (const s of subs) {
    if (!s.events.has(kind)) continue;
    await enqueue(tx, {
      kind: 'webhook',
      channel: `hook:${s.id}`,
      target: s.url,
      payload,
      eventId: e.id,
      parcelGuid: p.guid,
    });
  }
}

/**
 * Enqueues the event's webhook messages in the event's transaction; answers undefined (nothing to wait
 * for) when the event is not one a shipper hears or the parcel's office has no subscription in memory.
 */
export function enqueueWebhooks(
  tx: DbOrTx,
  lists: Lists | null,
  p: HookParcel,
  e: HookEvent,
): Promise<void> | undefined {
  const kind = hookKindOf(e.statusId);
  if (!kind || !p.registeredOffice) return undefined;
  const office = p.registeredOffice;
  const index = indexOf(tx, lists);
  if (!(index instanceof Promise)) {
    const subs = index.get(office);
    return subs ? enqueueFor(tx, subs, kind, p, e) : undefined;
  }
  return index.then((i) => {
    const subs = i.get(office);
    return subs ? enqueueFor(tx, subs, kind, p, e) : undefined;
  });
}
