import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/setup.ts';
import { buildApp } from './app.ts';
import { describeCounts, moveToArchives } from './modules/archive/mover.ts';

const started = Date.now();
let config;
try {
  config = loadConfig();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const database = await prepareDatabase(config, (m) => console.log(m));
const app = await buildApp(config, database);
await app.listen({ port: config.PORT, host: config.HOST });
console.log(
  `PostOffice ready on http://localhost:${config.PORT} (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

// The archive mover, every ARCHIVE_EVERY_MINUTES (0 = off). One run at a time; a failure is logged
// and the next run tries again: it never takes the server down.
let archiveRun: Promise<void> | null = null;
const archiveTimer =
  config.ARCHIVE_EVERY_MINUTES > 0
    ? setInterval(() => {
        if (archiveRun) return;
        archiveRun = moveToArchives(database.db)
          .then((c) => app.log.info(describeCounts(c)))
          .catch((e: unknown) => app.log.error({ err: e }, 'archive mover failed'))
          .finally(() => {
            archiveRun = null;
          });
      }, config.ARCHIVE_EVERY_MINUTES * 60_000)
    : null;
archiveTimer?.unref();

const stop = async () => {
  if (archiveTimer) clearInterval(archiveTimer);
  await archiveRun;
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
