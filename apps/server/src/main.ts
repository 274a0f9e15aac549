import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/setup.ts';
import { buildApp } from './app.ts';
import { describeCounts, runArchiveMove } from './modules/archive/mover.ts';

const started = Date.now();
/** Set for the child process that prepares a new embedded database. */
const PREPARE_ONLY = 'PO_PREPARE_ONLY';

/** Runs this same program (same Node flags, minus watching) with PREPARE_ONLY set, and waits for it. */
function prepareInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1], process.argv.slice(2), {
      execArgv: process.execArgv.filter((a) => !a.startsWith('--watch')),
      env: { ...process.env, [PREPARE_ONLY]: '1' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`preparing the database failed (${code ?? signal})`)),
    );
  });
}
let config;
try {
  config = loadConfig();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
if (process.env[PREPARE_ONLY] === '1') {
  // the child of a first start (below): create, migrate and seed the embedded database, then end;
  // it ends too if the server that started it goes away
  process.once('disconnect', () => process.exit(1));
  const database = await prepareDatabase(config, (m) => console.log(m));
  await database.close();
  process.exit(0);
}
if (!config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION'))) {
  // A first start on the embedded database creates it and loads the demo data in a child process:
  // creating a PGlite database peaks near 750 MB, and a process never gives all of that back, so the
  // serving process only ever opens a database that exists (about 250 MB).
  await prepareInChild();
}
const database = await prepareDatabase(config, (m) => console.log(m));
const app = await buildApp(config, database);
await app.listen({ port: config.PORT, host: config.HOST });
console.log(
  `PostOffice ready on http://localhost:${config.PORT} (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

// The archive mover, every ARCHIVE_EVERY_MINUTES (0 = off). One run at a time, in this process and
// (a database lock) across processes; a failure is logged
// and the next run tries again: it never takes the server down.
let archiveRun: Promise<void> | null = null;
const archiveTimer =
  config.ARCHIVE_EVERY_MINUTES > 0
    ? setInterval(() => {
        if (archiveRun) return;
        archiveRun = runArchiveMove(database)
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
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
