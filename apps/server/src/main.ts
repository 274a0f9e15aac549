import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { prepareDatabase } from './db/setup.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { buildApp } from './app.ts';
import { startScheduledWork, type JobLog } from './scheduled.ts';
import { openDatabase } from './db/client.ts';
import { startIdleGc } from './lib/idle-gc.ts';
import { serveClusterMetrics } from './http/metrics.ts';
import { pidFile } from './db/backup.ts';

const started = Date.now();
/** Set for the child process that prepares a new embedded database. */
const PREPARE_ONLY = 'PO_PREPARE_ONLY';
/** A server process quiet this long after serving requests collects its garbage (lib/idle-gc.ts). */
const IDLE_GC_MS = 2000;

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
  const database = await prepareDatabase(config, seedDemoIfEmpty, (m) => console.log(m));
  await database.close();
  process.exit(0);
}
if (
  cluster.isPrimary &&
  !config.DATABASE_URL &&
  !fs.existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION'))
) {
  // A first start on the embedded database creates it and loads the demo data in a child process:
  // creating a PGlite database peaks near 750 MB, and a process never gives all of that back, so the
  // serving process only ever opens a database that exists (about 250 MB).
  await prepareInChild();
}
if (cluster.isPrimary && config.WORKERS > 1) await supervise(config);
else await serve(config);

/**
 * Where the server listens, as the start message says it: the address and port it is bound to (HOST,
 * and the port the system gave for PORT=0); on a wildcard address (0.0.0.0, ::) every address of the
 * machine answers, localhost among them.
 */
function listenAddress(bound: { address: string | null; port: number } | string | null): string {
  if (bound === null || typeof bound === 'string') return String(bound);
  const { address, port } = bound;
  if (address === null || address === '0.0.0.0' || address === '::')
    return `http://localhost:${port} and every other address of this machine`;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/**
 * One server process: with WORKERS=1 the only one (it prepares the database and runs the scheduled
 * work), else a worker the primary started (the database is ready; the primary runs the scheduled
 * work). Workers share the port (node:cluster hands each new connection to one of them).
 */
async function serve(cfg: Config) {
  const worker = cluster.isWorker;
  const database = worker
    ? await openDatabase({
        url: cfg.DATABASE_URL,
        onIdleError: (err) => console.error(`database connection closed by the server: ${err.message}`),
      })
    : await prepareDatabase(cfg, seedDemoIfEmpty, (m) => console.log(m));
  const app = await buildApp(cfg, database);
  let served = 0;
  app.server.on('request', () => served++);
  const stopIdleGc = startIdleGc({ quietMs: IDLE_GC_MS, served: () => served });
  await app.listen({ port: cfg.PORT, host: cfg.HOST });
  if (!worker)
    console.log(
      `PostOffice ready on ${listenAddress(app.server.address())} (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  const jobs = worker ? null : startScheduledWork(database, cfg, app.log);
  // the embedded database: `npm run backup` finds this process by its pid file and asks for a backup
  if (database.kind === 'pglite' && jobs) {
    fs.writeFileSync(pidFile(cfg), String(process.pid));
    process.on('SIGUSR2', () => jobs.now('backup'));
  }

  // A graceful stop: no new connections (Fastify's close: idle kept-alive connections are closed, a
  // request arriving on a busy one is answered 503 and its connection closed), /api/ready says 503, the
  // requests under way are answered (for up to SHUTDOWN_SECONDS, then their connections are cut), the
  // scheduled work stops between two of its runs or batches, and the pool closes last.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.stopping = true;
    stopIdleGc();
    const cut = setTimeout(() => {
      app.log.warn(`requests still under way after ${cfg.SHUTDOWN_SECONDS} s: their connections are closed`);
      app.server.closeAllConnections();
    }, cfg.SHUTDOWN_SECONDS * 1000);
    cut.unref();
    await Promise.all([jobs?.stop(), app.close()]);
    clearTimeout(cut);
    if (database.kind === 'pglite') fs.rmSync(pidFile(cfg), { force: true });
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // a worker whose primary went away ends too
  if (worker) process.once('disconnect', () => void stop());
}

/**
 * The primary of several processes: prepares the database once (migrations, demo data), starts
 * WORKERS server processes and starts again one that ends, and runs the scheduled work itself, so
 * the archive mover and housekeeping run in one process only. It serves no request.
 */
async function supervise(cfg: Config) {
  const database = await prepareDatabase(cfg, seedDemoIfEmpty, (m) => console.log(m));
  const log = jsonLog(cfg.LOG_LEVEL);
  let stopping = false;
  let listening = 0;
  cluster.on('listening', (_w, address) => {
    if (++listening === cfg.WORKERS)
      console.log(
        `PostOffice ready on ${listenAddress(address)} (${database.kind}, ${cfg.WORKERS} processes) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
  });
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    // a worker that never listened (a port in use, a bad setting) would only fail again: stop
    if (listening < cfg.WORKERS) {
      console.error(`a server process ended before it listened (${code ?? signal}); stopping`);
      void stop(1);
      return;
    }
    log.error({ pid: w.process.pid, code, signal }, 'a server process ended; starting another');
    cluster.fork();
  });
  serveClusterMetrics();
  for (let i = 0; i < cfg.WORKERS; i++) cluster.fork();
  const jobs = startScheduledWork(database, cfg, log);

  const stop = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    await jobs.stop();
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await database.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/** JSON lines like the server's own log (pino's fields), for the primary process that has no app. */
function jsonLog(level: Config['LOG_LEVEL']): JobLog {
  const order = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
  const numbers: Record<string, number> = { info: 30, error: 50 };
  const at = level === 'silent' ? Infinity : order.indexOf(level);
  const write = (name: 'info' | 'error', obj: object | string, msg?: string) => {
    if (order.indexOf(name) < at) return;
    const fields = typeof obj === 'string' ? { msg: obj } : { ...obj, ...(msg ? { msg } : {}) };
    if ('err' in fields && fields.err instanceof Error)
      (fields as Record<string, unknown>).err = { message: fields.err.message, stack: fields.err.stack };
    console.log(JSON.stringify({ level: numbers[name], time: Date.now(), pid: process.pid, ...fields }));
  };
  return { info: (o, m) => write('info', o, m), error: (o, m) => write('error', o, m) };
}
