/**
 * The outbox's sender as the server runs it (scheduled.ts, in one process) and as `sender-cli.ts` runs it
 * alone: the configured channels and the deliverers of each kind of row.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { runOutboxOnce, type RunCounts } from '../outbox/outbox.ts';
import { channelsFrom } from './channels.ts';
import { notificationDeliverer } from './deliver.ts';

export function outboxSender(
  db: Db,
  config: Config,
  opts: { retryBaseMs?: number } = {},
): { run(): Promise<RunCounts>; close(): void } {
  const channels = channelsFrom(config);
  const deliverers = { notification: notificationDeliverer(db, config, channels) };
  return {
    run: () =>
      runOutboxOnce(db, deliverers, {
        leaseSeconds: config.OUTBOX_LEASE_SECONDS,
        maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
        retryBaseMs: opts.retryBaseMs,
      }),
    close() {
      channels.email?.close?.();
      channels.sms?.close?.();
    },
  };
}
