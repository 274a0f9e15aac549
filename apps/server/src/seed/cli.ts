import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/client.ts';
import { seedReference } from '../db/seed/reference.ts';
import { isEmpty, seedDemo } from './demo.ts';
import path from 'node:path';

/** `npm run db:seed`: loads the demo data into the configured database if it has no users yet. */
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openDatabase({ url: config.DATABASE_URL })
  : await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
await migrate(database);
await seedReference(database.db);
if (await isEmpty(database.db)) {
  await seedDemo(database.db, (m) => console.log(m));
  console.log('demo data loaded');
} else {
  console.log('the database already has users: demo data not loaded');
}
await database.close();
