import type { Config } from '../config.ts';
import { migrate, openDatabase, type Database } from './client.ts';
import { seedReference } from './seed/reference.ts';
import { isEmpty, seedDemo } from '../seed/demo.ts';
import path from 'node:path';

/** Opens the configured database, migrates it, loads reference data and, where the rules say, demo data. */
export async function prepareDatabase(
  config: Config,
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
  const embedded = !config.DATABASE_URL;
  if ((embedded || config.SEED_DEMO) && (await isEmpty(database.db))) {
    log('empty database: loading demo data');
    await seedDemo(database.db, log);
  }
  return database;
}
