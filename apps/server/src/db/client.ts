import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A function that may run inside a transaction or on the database. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens the database: a PostgreSQL server when `url` is given, otherwise embedded PGlite
 * (files in `dataDir`, or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** told when the server ends an idle pooled connection */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // bigint (int8) as number: counts and ids stay within 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server ends (a restart, a dropped database) is an event, not a crash:
    // the pool replaces it on the next query, and the query that needs it fails in the envelope.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : dir);
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Applies the migrations that have not run yet (the same SQL serves PGlite and PostgreSQL 15). */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: m } = await import('drizzle-orm/node-postgres/migrator');
    await m(database.db as unknown as Parameters<typeof m>[0], { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate: m } = await import('drizzle-orm/pglite/migrator');
    await m(database.db as unknown as Parameters<typeof m>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

/** Rows of a raw query, whichever driver (both answer `{ rows }`). */
export async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
