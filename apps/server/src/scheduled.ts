/**
 * The work the server does on a timer, not for a request: housekeeping (expired sessions, old login
 * counters, old idempotency keys, expired recovery codes) every HOUSEKEEPING_EVERY_MINUTES, and the
 * archive mover every ARCHIVE_EVERY_MINUTES (0 = never, for either). It runs in one process only: the
 * server itself with one process, the primary process that supervises the workers with several
 * (main.ts). Each job runs one at a time; a failure is logged and the next run tries again. The outbox
 * sender (the recipients' notifications) runs every OUTBOX_EVERY_SECONDS the same way.
 */
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { purgeExpired } from './http/session.ts';
import { describeCounts, runArchiveMove } from './modules/archive/mover.ts';
import { outboxSender } from './modules/notifications/sender.ts';

export interface JobLog {
  info(obj: object | string, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Starts the timers; `stop` ends them and waits for a run under way. */
export function startScheduledWork(
  database: Database,
  config: Config,
  log: JobLog,
): { stop(): Promise<void> } {
  const runs = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  const every = (minutes: number, name: string, job: () => Promise<void>) => {
    if (minutes <= 0) return;
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      const run = job()
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => {
          running = null;
          runs.delete(run);
        });
      running = run;
      runs.add(run);
    }, minutes * 60_000);
    timer.unref();
    timers.push(timer);
  };
  every(config.HOUSEKEEPING_EVERY_MINUTES, 'housekeeping', async () => {
    log.info({ purged: await purgeExpired(database.db) }, 'housekeeping');
  });
  // one run at a time in this process, and (a database lock) across processes and `npm run archive`
  every(config.ARCHIVE_EVERY_MINUTES, 'archive mover', async () => {
    log.info(describeCounts(await runArchiveMove(database)));
  });
  // the outbox's one sender (notifications): retries with growing delays; a crash mid-send is sent again
  // after its lease (modules/outbox/outbox.ts)
  const outbox = outboxSender(database.db, config);
  every(config.OUTBOX_EVERY_SECONDS / 60, 'outbox sender', async () => {
    const counts = await outbox.run();
    if (counts.sent + counts.skipped + counts.failed + counts.retry > 0) log.info(counts, 'outbox');
  });
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(runs);
      outbox.close();
    },
  };
}
