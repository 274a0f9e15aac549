/**
 * A real streaming replica of the PostgreSQL server the tests use (DATABASE_URL), for the read-replica
 * tests (db/replicas.test.ts): a second cluster copied from the first with `pg_basebackup -R` into a
 * temporary folder, started as a hot standby on a free loopback port, and removed after. The same steps
 * as docs/ops/replica.md. The primary must accept replication connections from 127.0.0.1
 * (`host replication all 127.0.0.1/32 trust` in its pg_hba.conf: .ci/run adds it).
 *
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user (runuser).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

export interface StreamingReplica {
  port: number;
  /** the URL of the same database as `primaryDbUrl` (a database of the primary), on the replica */
  urlOf(primaryDbUrl: string): string;
  /** one query on the replica's database `db` */
  query<T>(db: string, text: string): Promise<T[]>;
  /** waits until the replica has replayed everything the primary has written so far */
  catchUp(timeoutMs?: number): Promise<void>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** stops the replica's server (a crash as far as the application can tell) */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops it and removes its folder */
  remove(): Promise<void>;
}

/** The settings a hot standby must have at least as high as its primary, or it refuses to start. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

async function query<T>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Runs a PostgreSQL program, as `postgres` when this process is root; its output in the error. */
async function pgProgram(bin: string, args: string[], asPostgres: boolean): Promise<void> {
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    await run(file, argv, { timeout: 120_000 });
  } catch (e) {
    const err = e as Error & { stderr?: string };
    throw new Error(`${path.basename(bin)} failed: ${err.stderr?.trim() || err.message}`, { cause: e });
  }
}

/** Makes, starts and answers a streaming replica of the server `adminUrl` names (a loopback address). */
export async function startStreamingReplica(adminUrl: string): Promise<StreamingReplica> {
  const primary = new URL(adminUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(primary.hostname))
    throw new Error(`the replica is made on this machine: DATABASE_URL must be a loopback address`);
  const settings = await query<{ name: string; setting: string }>(
    adminUrl,
    `select name, setting from pg_settings where name in (${[...AT_LEAST_PRIMARY, 'server_version_num']
      .map((n) => `'${n}'`)
      .join(', ')})`,
  );
  const setting = (n: string) => settings.find((s) => s.name === n)!.setting;
  const major = Math.floor(Number(setting('server_version_num')) / 10_000);
  const bindir = process.env.PG_BINDIR ?? `/usr/lib/postgresql/${major}/bin`;
  const asPostgres = process.getuid?.() === 0;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-replica-'));
  const data = path.join(dir, 'data');
  if (asPostgres) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  try {
    await pgProgram(
      path.join(bindir, 'pg_basebackup'),
      [
        ...['-h', primary.hostname.replace(/^\[|\]$/g, ''), '-p', primary.port || '5432'],
        ...['-U', decodeURIComponent(primary.username || 'postgres')],
        ...['-D', data, '-R', '-X', 'stream', '-c', 'fast'],
      ],
      asPostgres,
    );
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `${(e as Error).message}\n(the primary must allow replication from 127.0.0.1: ` +
        `"host replication all 127.0.0.1/32 trust" in its pg_hba.conf, then reload)`,
      { cause: e },
    );
  }
  // the copied cluster's own settings (a Debian cluster keeps its files in /etc: none were copied)
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'hot_standby = on',
    'hot_standby_feedback = on',
    'shared_buffers = 32MB',
    ...AT_LEAST_PRIMARY.map((n) => `${n} = ${setting(n)}`),
  ];
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(data, name), text);
    if (asPostgres) fs.chownSync(path.join(data, name), fs.statSync(data).uid, fs.statSync(data).gid);
  };
  write('postgresql.conf', `${conf.join('\n')}\n`);
  write('pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  write('pg_ident.conf', '');

  const user = decodeURIComponent(primary.username || 'postgres');
  const adminOnReplica = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/postgres`;
  const pgCtl = (...args: string[]) =>
    pgProgram(path.join(bindir, 'pg_ctl'), ['-D', data, ...args], asPostgres);
  const start = () => pgCtl('-l', path.join(dir, 'log'), '-w', '-t', '60', 'start');
  const stop = () => pgCtl('-m', 'fast', '-w', 'stop');
  await start();

  const lsnNumber = (lsn: string) => {
    const [hi, lo] = lsn.split('/');
    return parseInt(hi, 16) * 2 ** 32 + parseInt(lo, 16);
  };
  return {
    port,
    urlOf(primaryDbUrl) {
      const u = new URL(primaryDbUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    query: (db, text) => {
      const u = new URL(adminOnReplica);
      u.pathname = `/${db}`;
      return query(u.toString(), text);
    },
    async catchUp(timeoutMs = 30_000) {
      const [p] = await query<{ lsn: string }>(adminUrl, 'select pg_current_wal_lsn()::text as lsn');
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [r] = await query<{ lsn: string | null }>(
          adminOnReplica,
          'select pg_last_wal_replay_lsn()::text as lsn',
        );
        if (r.lsn && lsnNumber(r.lsn) >= lsnNumber(p.lsn)) return;
        if (Date.now() > until) throw new Error(`the replica did not reach ${p.lsn} (at ${r.lsn})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    pauseReplay: async () => {
      await query(adminOnReplica, 'select pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await query(adminOnReplica, 'select pg_wal_replay_resume()');
    },
    stop,
    start,
    async remove() {
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
