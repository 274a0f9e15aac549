/**
 * The real server as a process of its own (`node --import tsx src/main.ts`), for the tests of what only a
 * process shows: a graceful stop, several processes sharing a database. The database is made first by
 * the test (`databasePlace`: a fresh PostgreSQL database when DATABASE_URL is set, else embedded files),
 * so a server started on it loads no demo data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../db/client.ts';
import { freePort } from './free-port.ts';
import { pgliteTemplate, postgresCopy } from './template-database.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DatabasePlace {
  /** the settings that point a server at it */
  env: Record<string, string>;
  /** opens it (migrated, with the reference data) in this process */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A fresh database for server processes: a copy of the run's template, migrated and with the reference
 * data (test/template-database.ts); `empty`: nothing at all.
 */
export async function databasePlace(opts: { empty?: boolean } = {}): Promise<DatabasePlace> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = opts.empty ? await throwawayPostgres(url, 'po_proc') : await postgresCopy(url, 'po_proc');
    return {
      env: { DATABASE_URL: db.url, WORKERS: '1' },
      open: () => openDatabase({ url: db.url }),
      drop: db.drop,
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'po-proc-'));
  const dataDir = path.join(dir, 'pglite');
  if (!opts.empty) {
    await (await openDatabase({ dataDir, loadDataDir: await pgliteTemplate() })).close();
  }
  return {
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir }),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** what the process printed */
  output(): string;
  /** resolves with the exit code */
  exited: Promise<number | null>;
}

/** Starts the server on `env` (a DatabasePlace's and more) on a free port; resolves once it answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ARCHIVE_EVERY_MINUTES: '0',
      HOUSEKEEPING_EVERY_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server ended: ${out}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in a minute: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, base, output: () => out, exited };
}
