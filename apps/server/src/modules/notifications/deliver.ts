/**
 * The outbox's deliverer of the recipient's notifications: writes the text from the catalogue
 * (@po/contract tracking messages, in the parcel's language) with the tracking and stop links, and sends
 * it by the row's channel. A channel that is not configured, or a parcel whose recipient stopped the
 * messages, is recorded as not sent (skipped) and breaks nothing.
 */
import { sql } from 'drizzle-orm';
import { formatMessage } from '@po/contract';
import { rows, type Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { Deliverer, OutboxRow } from '../outbox/outbox.ts';
import { messageId, type Channels } from './channels.ts';
import type { NotifyPayload } from './events.ts';
import { notifySecret, stopLink, trackingLink } from './stop-link.ts';

/** The text of a notification: subject and body (the SMS is the body). */
export function notificationText(
  p: NotifyPayload,
  links: { track: string; stop: string },
  city: string,
): { subject: string; text: string } {
  const params = {
    barcode: p.barcode,
    city,
    link: links.track,
    stop: links.stop,
    reason: formatMessage(`notify.reason.${p.statusId}`, {}, p.lang),
  };
  const lines = [
    formatMessage(`notify.${p.notify}`, params, p.lang),
    formatMessage('notify.track', params, p.lang),
    formatMessage('notify.stop', params, p.lang),
  ];
  return { subject: formatMessage('notify.subject', params, p.lang), text: lines.join('\n') };
}

/** Whether the recipient stopped the messages of the parcel (any tier), and the office's city. */
async function parcelFacts(db: Db, row: OutboxRow, officeGuid: string | null) {
  const [r] = await rows<{ stopped: boolean; city: string | null }>(
    db,
    sql`select exists (
          select 1 from parcels where guid = ${row.parcelGuid} and notify_stopped_at is not null
          union all select 1 from parcels_archive where guid = ${row.parcelGuid} and notify_stopped_at is not null
          union all select 1 from parcels_old_archive where guid = ${row.parcelGuid} and notify_stopped_at is not null
        ) as stopped,
        (select c.name from offices o join ref_items c on c.id = o.city_id where o.guid = ${officeGuid}) as city`,
  );
  return { stopped: !!r?.stopped, city: r?.city ?? '' };
}

export function notificationDeliverer(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'NOTIFY_SECRET'>,
  channels: Channels,
): Deliverer {
  return async (row) => {
    const channel = row.channel === 'email' || row.channel === 'sms' ? channels[row.channel] : null;
    if (!channel) return { state: 'skipped', reason: formatMessage('notifications.channelOff', {}, 'en') };
    const p = row.payload as NotifyPayload;
    const facts = await parcelFacts(db, row, p.officeGuid ?? null);
    if (facts.stopped) return { state: 'skipped', reason: formatMessage('notifications.stopped', {}, 'en') };
    const secret = await notifySecret(db, config);
    const { subject, text } = notificationText(
      p,
      {
        track: trackingLink(config.PUBLIC_URL, p.barcode),
        stop: stopLink(config.PUBLIC_URL, p.barcode, secret),
      },
      facts.city,
    );
    await channel.send({ id: messageId(row.id), to: row.target, subject, text });
    return { state: 'sent' };
  };
}
