/**
 * Server test harness: a real database per test file (in-memory PGlite, or a fresh database on
 * the PostgreSQL server named by DATABASE_URL), cleaned before each test, and the real app.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rows, type Database, type Db } from '../db/client.ts';
import { seedReference } from '../db/seed/reference.ts';
import { buildApp, type App } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import type { RsAdapter } from '../integrations/rs/adapter.ts';
import { pgliteTemplate, postgresCopy } from './template-database.ts';

export interface Harness {
  app: App;
  db: Db;
  database: Database;
  config: Config;
}

/**
 * The file's database: a copy of the run's template, migrated and with the reference data
 * (test/template-database.ts), in memory on PGlite or a new database on the PostgreSQL server.
 */
async function createDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
    return { database, drop: async () => {} };
  }
  const pg = await postgresCopy(url, 'po_test');
  return { database: await openDatabase({ url: pg.url }), drop: pg.drop };
}

/** The tables the reference data fills (db/seed/reference.ts): emptied and filled again only when changed. */
const REFERENCE_TABLES = ['ref_items', 'roles', 'tariffs'];

/**
 * Makes the reset run before each test of a file: it empties the tables the tests wrote into and loads
 * the reference data again where a test changed it, so every test starts on the reference data alone
 * with every sequence at its start.
 * - A table is emptied (`truncate … restart identity cascade`) when it has a row, or when its sequence
 *   moved on (an insert that rolled back leaves the table empty and the sequence moved).
 * - A reference table is emptied and filled again when its rows or its sequence differ from the seed's.
 * Emptying only those, rather than all 46 tables, is what keeps the reset cheap: a truncate gives each
 * table and index new files, and on PGlite and PostgreSQL that is most of a full reset's time.
 */
export async function databaseReset(db: Db): Promise<() => Promise<void>> {
  const tables = (
    await rows<{ t: string }>(
      db,
      sql`select tablename as t from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by 1`,
    )
  ).map((r) => r.t);
  const quoted = (t: string) => `"${t.replace(/"/g, '""')}"`;
  const written = tables.filter((t) => !REFERENCE_TABLES.includes(t));
  // the tables with a row, or whose own sequence (serial or identity) has been used since its start
  const dirtyQuery = `
    select t from (${written.map((t) => `select '${t}' as t where exists (select 1 from ${quoted(t)})`).join(' union all ')}) x
    union
    select c.relname from pg_depend d
      join pg_class c on c.oid = d.refobjid
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_sequences q on q.schemaname = 'public' and q.sequencename = s.relname
     where d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i') and q.last_value is not null
       and c.relname not in (${REFERENCE_TABLES.map((t) => `'${t}'`).join(', ')})`;
  // one line a reference table: its rows and its sequence's position
  const fingerprints = REFERENCE_TABLES.map(
    (t) =>
      `select '${t}' as t, md5(coalesce(string_agg(r::text, ',' order by r::text), '') ||
         coalesce((select string_agg(last_value::text, ',') from pg_sequences q
                    where q.schemaname = 'public' and q.sequencename like '${t}!_%' escape '!'), '')) as h
         from ${quoted(t)} r`,
  );
  const fingerprintQuery = sql.raw(fingerprints.join(' union all '));
  // both in one round trip: the written tables (no fingerprint), then the reference tables' lines
  const stateQuery = sql.raw(
    `select t, null as h from (${dirtyQuery}) w union all ${fingerprints.join(' union all ')}`,
  );
  const fingerprint = async () =>
    new Map((await rows<{ t: string; h: string }>(db, fingerprintQuery)).map((r) => [r.t, r.h]));
  let seeded = new Map<string, string>(); // nothing yet: the first reset empties and fills them all

  return async () => {
    const state = await rows<{ t: string; h: string | null }>(db, stateQuery);
    const dirty = state.filter((r) => r.h === null).map((r) => r.t);
    const now = new Map(state.filter((r) => r.h !== null).map((r) => [r.t, r.h]));
    const changed = REFERENCE_TABLES.filter((t) => now.get(t) !== seeded.get(t));
    const empty = [...dirty, ...changed];
    if (empty.length)
      await db.execute(sql.raw(`truncate ${empty.map(quoted).join(', ')} restart identity cascade`));
    if (changed.length) {
      await seedReference(db);
      seeded = await fingerprint();
    }
  };
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
  let reset: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const created = await createDatabase();
    drop = created.drop;
    const config = testConfig(opts.config);
    const app = await buildApp(config, created.database, opts.rs ? { rs: opts.rs(created.database.db) } : {});
    await app.ready();
    harness = { app, db: created.database.db, database: created.database, config };
    reset = await databaseReset(harness.db);
  });
  beforeEach(async () => {
    await reset();
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
