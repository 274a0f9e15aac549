import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgTransaction } from 'drizzle-orm/pg-core';

/**
 * The database, whichever driver is behind it (PGlite or node-postgres). Without drizzle's relational
 * query API (`db.query.<table>`, unused here): given the schema, drizzle builds a query builder for each
 * of its tables on every transaction it opens.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** A function that may run inside a transaction or on the database. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Runs SQL text (one or several statements, no parameters) on one connection; answers the last rows. */
export type Exec = (text: string) => Promise<Array<Record<string, unknown>>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Runs `fn` on one connection held for its whole length (session locks, migrations). */
  session<T>(fn: (exec: Exec) => Promise<T>): Promise<T>;
  /** The connection pool's state (PostgreSQL; the embedded database is one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded database's files as a gzipped tar (PGlite's own dump), for a backup. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * PostgreSQL settings of the embedded database, sized for one process on a modest office computer.
 * PGlite runs PostgreSQL inside a WebAssembly heap that only grows, and everything PostgreSQL touches
 * in it stays resident: shared buffers are touched at start (the default 128 MB is 128 MB of resident
 * memory from the first second), and the memory a big sort or index build takes is never given back.
 * The data files are real files, so the operating system's page cache (not counted against the
 * process) serves what the smaller buffer pool misses.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=32MB',
  // one session: the lock table and per-connection arrays need not be sized for 100 of them
  'max_connections=20',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=4MB',
  // a spent write-ahead log segment (16 MB) is removed, not renamed for reuse: PostgreSQL keeps up to
  // min_wal_size (80 MB) of them otherwise, in the data folder and in every backup, which would make an
  // office's backup about twice the size of its data
  'wal_recycle=off',
];

/**
 * Opens the database: a PostgreSQL server when `url` is given, otherwise embedded PGlite
 * (files in `dataDir`, or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** embedded: make the database from this dump (db/backup.ts), into an empty dataDir */
  loadDataDir?: Blob;
  /** told when the server ends an idle pooled connection */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    // bigint (int8) as number: counts and ids stay within 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    const { openPostgres } = await import('./pg-driver.ts');
    return openPostgres(opts.url, opts.onIdleError);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : dir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  });
  const { openPglite } = await import('./pglite-driver.ts');
  const db = openPglite(client);
  // PGlite is one connection: a session is the client itself, one session at a time in this process.
  let queue: Promise<unknown> = Promise.resolve();
  const exec: Exec = async (text) =>
    ((await client.exec(text)).at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    session: <T>(fn: (e: Exec) => Promise<T>) => {
      const run = queue.then(() => fn(exec));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/** Any number, the same in every process: the key of the advisory lock migrations run under. */
const MIGRATION_LOCK = 7_412_001;

/**
 * Applies the migrations that have not run yet: every `drizzle/NNNN_name.sql`, in name order, recorded
 * in `schema_migrations`. The same SQL serves PGlite and PostgreSQL 15.
 * - Runs under a session advisory lock, so two processes starting at once migrate once (the second
 *   polls for the lock rather than blocking, see below).
 * - Each file is one transaction, unless its first line is `-- migrate: no-transaction`: such a file's
 *   statements (split at `--> statement-breakpoint`) run one by one, so `create index concurrently`
 *   can build an index on a big table without locking writes. They must be safe to run again
 *   (`if not exists`), because a crash midway runs the file again. PGlite, one connection with nobody
 *   to lock out, builds the same indexes without `concurrently`.
 * A database migrated before this runner (by drizzle's migrator) counts `0000_init` as applied.
 */
/** The migration files, in the order they run. */
function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** The migrations this server has and the database has not applied (another process may be migrating). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const wanted = migrationFiles().map((f) => f.replace(/\.sql$/, ''));
  const done = await rows<{ name: string }>(
    db,
    sql`select name from schema_migrations where name in ${wanted}`,
  ).catch(() => []);
  const applied = new Set(done.map((r) => r.name));
  return wanted.filter((n) => !applied.has(n));
}

export async function migrate(database: Database): Promise<string[]> {
  const files = migrationFiles();
  return database.session(async (exec) => {
    // Wait by polling, never with a blocking pg_advisory_lock: a blocked waiter's statement holds a
    // snapshot, and `create index concurrently` in the holder waits for every snapshot to end, which
    // PostgreSQL reports as a deadlock.
    for (;;) {
      const [got] = await exec(`select pg_try_advisory_lock(${MIGRATION_LOCK}) as ok`);
      if (got?.ok === true) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    try {
      await exec(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const applied = new Set((await exec('select name from schema_migrations')).map((r) => String(r.name)));
      if (applied.size === 0) {
        const [old] = await exec(
          "select to_regclass('drizzle.__drizzle_migrations') is not null and to_regclass('public.users') is not null as adopted",
        );
        if (old?.adopted) {
          await exec("insert into schema_migrations (name) values ('0000_init') on conflict do nothing");
          applied.add('0000_init');
        }
      }
      const done: string[] = [];
      for (const file of files) {
        const name = file.replace(/\.sql$/, '');
        if (applied.has(name)) continue;
        const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        const statements = text
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter((s) => s.replace(/--.*$/gm, '').trim() !== '');
        const record = `insert into schema_migrations (name) values ('${name}')`;
        if (/^--\s*migrate:\s*no-transaction/.test(text)) {
          for (const s of statements)
            await exec(database.kind === 'pglite' ? s.replace(/\bconcurrently\b/gi, '') : s);
          await exec(record);
        } else {
          await exec('begin');
          try {
            for (const s of statements) await exec(s);
            await exec(record);
            await exec('commit');
          } catch (e) {
            await exec('rollback');
            throw e;
          }
        }
        done.push(name);
      }
      return done;
    } finally {
      await exec(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

/** Rows of a raw query, whichever driver (both answer `{ rows }`). */
export async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as { rows: T[] };
  return res.rows;
}
