import type { Config } from '../config.ts';
import { migrate, openDatabase, type Database, type Db } from './client.ts';
import { seedReference } from './seed/reference.ts';
import path from 'node:path';

/**
 * Loads demo data into a database that has none (`seedDemoIfEmpty` of seed/demo.ts). The seed stands
 * on this layer, not the other way round: the caller (main, the seed CLI) passes it in.
 */
export type DemoSeeder = (db: Db, log: (msg: string) => void) => Promise<unknown>;

/**
 * Opens the configured database, migrates it, loads reference data and, where the rules say (the
 * embedded database, or SEED_DEMO), lets `seedDemo` load demo data.
 */
export async function prepareDatabase(
  config: Config,
  seedDemo?: DemoSeeder,
  log: (msg: string) => void = () => {},
): Promise<Database> {
  const database = config.DATABASE_URL
    ? await openDatabase({
        url: config.DATABASE_URL,
        onIdleError: (err) => log(`database connection closed by the server: ${err.message}`),
      })
    : await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
  await migrate(database);
  await seedReference(database.db);
  if (seedDemo && (!config.DATABASE_URL || config.SEED_DEMO)) await seedDemo(database.db, log);
  return database;
}
