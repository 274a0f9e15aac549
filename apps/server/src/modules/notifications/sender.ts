/**
 * The outbox's sender as the server runs it (scheduled.ts, in one process) and as `sender-cli.ts` runs it
 * alone: the configured channels and the deliverers of each kind of row.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { runOutboxOnce, type RunCounts } from '../outbox/outbox.ts';
import { channelsFrom } from './channels.ts';
import { notificationDeliverer } from './deliver.ts';
import { webhookDeliverer } from '../webhooks/deliver.ts';

export function outboxSender(
  db: Db,
  config: Config,
  opts: { retryBaseMs?: number } = {},
): { run(): Promise<RunCounts>; close(): void } {
  const channels = channelsFrom(config);
  const deliverers = {
    notification: notificationDeliverer(db, config, channels),
    webhook: webhookDeliverer(db, config),
  };
  return {
    run: () =>
      runOutboxOnce(db, deliverers, {
        leaseSeconds: config.OUTBOX_LEASE_SECONDS,
        maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
        retryBaseMs: opts.retryBaseMs,
        // a webhook is retried for WEBHOOK_RETRY_HOURS after its event, then dead
        windowMs: { webhook: config.WEBHOOK_RETRY_HOURS * 3600_000 },
        // in event order per parcel and subscription
        ordered: ['webhook'],
      }),
    close() {
      channels.email?.close?.();
      channels.sms?.close?.();
    },
  };
}
