/**
 * The work the server does on a timer, not for a request: housekeeping (expired sessions, old login
 * counters, old idempotency keys, expired recovery codes, proof photos no parcel refers to) every HOUSEKEEPING_EVERY_MINUTES, and the
 * archive mover every ARCHIVE_EVERY_MINUTES (0 = never, for either). It runs in one process only: the
 * server itself with one process, the primary process that supervises the workers with several
 * (main.ts). Each job runs one at a time; a failure is logged and the next run tries again. The outbox
 * sender (the recipients' notifications) runs every OUTBOX_EVERY_SECONDS the same way.
 */
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { purgeExpired } from './http/session.ts';
import { describeCounts, runArchiveMove } from './modules/archive/mover.ts';
import { jobMetrics } from './http/metrics.ts';
import { purgeRateWindows } from './http/rate-store.ts';
import { makeBackup, pruneBackups } from './db/backup.ts';
import { outboxSender } from './modules/notifications/sender.ts';
import { sweepPhotos } from './modules/proof/service.ts';
import { purgePodExports } from './modules/proof/pod-export.ts';

export interface JobLog {
  info(obj: object | string, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Starts the timers; `stop` ends them and waits for a run under way; `now(name)` starts a job at once
 * (the backup on SIGUSR2), unless a run of it is under way.
 */
export function startScheduledWork(
  database: Database,
  config: Config,
  log: JobLog,
): { stop(): Promise<void>; now(name: string): void } {
  const runs = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  const starters = new Map<string, () => void>();
  let stopped = false;
  const every = (minutes: number, name: string, job: () => Promise<void>) => {
    let running: Promise<unknown> | null = null;
    const start = () => {
      if (running || stopped) return;
      const run = job()
        .then(
          () => {
            jobMetrics.runs().inc({ job: name, outcome: 'ok' });
            jobMetrics.lastSuccess().set({ job: name }, Date.now() / 1000);
          },
          (err: unknown) => {
            jobMetrics.runs().inc({ job: name, outcome: 'failed' });
            log.error({ err }, `${name} failed`);
          },
        )
        .finally(() => {
          running = null;
          runs.delete(run);
        });
      running = run;
      runs.add(run);
    };
    starters.set(name, start);
    if (minutes <= 0) return;
    const timer = setInterval(start, minutes * 60_000);
    timer.unref();
    timers.push(timer);
  };
  every(config.HOUSEKEEPING_EVERY_MINUTES, 'housekeeping', async () => {
    const purged = await purgeExpired(database.db);
    const rateWindows = await purgeRateWindows(database.db);
    // the proof photos no parcel refers to any more (issue 40), their files too
    const photos = await sweepPhotos(database.db, config);
    // the bulk proofs of delivery are kept for a day (modules/proof)
    const podExports = await purgePodExports(database.db, config);
    log.info({ purged: { ...purged, rateWindows, photos, podExports } }, 'housekeeping');
  });
  // one run at a time in this process, and (a database lock) across processes and `npm run archive`
  every(config.ARCHIVE_EVERY_MINUTES, 'archive mover', async () => {
    const moved = await runArchiveMove(database);
    jobMetrics.archived().inc({ to: 'archive' }, moved.toArchive);
    jobMetrics.archived().inc({ to: 'old_archive' }, moved.archiveToOld + moved.liveToOld);
    log.info(describeCounts(moved));
  });
  // the embedded database's backup (PostgreSQL's are pg_dump's and the WAL archive's: docs/ops)
  if (database.kind === 'pglite')
    every(config.BACKUP_EVERY_HOURS * 60, 'backup', async () => {
      const file = await makeBackup(config, database);
      log.info({ file, removed: pruneBackups(config) }, 'backup');
    });
  // the outbox's one sender (notifications): retries with growing delays; a crash mid-send is sent again
  // after its lease (modules/outbox/outbox.ts)
  const outbox = outboxSender(database.db, config);
  every(config.OUTBOX_EVERY_SECONDS / 60, 'outbox sender', async () => {
    const counts = await outbox.run();
    if (counts.sent + counts.skipped + counts.failed + counts.dead + counts.retry > 0)
      log.info(counts, 'outbox');
  });
  return {
    now: (name) => starters.get(name)?.(),
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(runs);
      outbox.close();
    },
  };
}
