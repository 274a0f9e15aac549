/**
 * Server test harness: a real database per test file (in-memory PGlite, or a fresh database on
 * the PostgreSQL server named by DATABASE_URL), cleaned before each test, and the real app.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase, rows, type Database, type Db } from '../db/client.ts';
import { seedReference } from '../db/seed/reference.ts';
import { buildApp, type App } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import type { RsAdapter } from '../integrations/rs/adapter.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

export interface Harness {
  app: App;
  db: Db;
  database: Database;
  config: Config;
}

async function createDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: async () => {} };
  }
  const pg = await throwawayPostgres(url);
  return { database: await openDatabase({ url: pg.url }), drop: pg.drop };
}

/** Empties every table and loads the reference data again. */
export async function resetDb(db: Db): Promise<void> {
  const tables = await rows<{ t: string }>(
    db,
    sql`select tablename as t from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'`,
  );
  if (tables.length) {
    await db.execute(
      sql.raw(`truncate ${tables.map((r) => `"${r.t}"`).join(', ')} restart identity cascade`),
    );
  }
  await seedReference(db);
}

/**
 * Sets up the harness for a test file. Use inside a describe or at the top level:
 *   const h = useHarness();  ...  h().app.inject(...)
 */
export function useHarness(
  opts: { config?: Partial<Config>; rs?: (db: Db) => RsAdapter } = {},
): () => Harness {
  let harness: Harness | null = null;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const created = await createDatabase();
    drop = created.drop;
    await migrate(created.database);
    const config = testConfig(opts.config);
    const app = await buildApp(config, created.database, opts.rs ? { rs: opts.rs(created.database.db) } : {});
    await app.ready();
    harness = { app, db: created.database.db, database: created.database, config };
  });
  beforeEach(async () => {
    await resetDb(harness!.db);
  });
  afterAll(async () => {
    if (harness) {
      await harness.app.close();
      await harness.database.close();
    }
    await drop();
  });
  return () => {
    if (!harness) throw new Error('harness not ready');
    return harness;
  };
}
