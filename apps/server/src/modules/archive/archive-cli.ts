import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { migrate, openDatabase } from '../../db/client.ts';
import { describeCounts, moveToArchives } from './mover.ts';

/** `npm run archive`: moves old parcels of the configured database to the archive tiers once. */
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openDatabase({ url: config.DATABASE_URL })
  : await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrate(database);
  const counts = await moveToArchives(database.db);
  console.log(describeCounts(counts));
} catch (e) {
  console.error(`archive failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
