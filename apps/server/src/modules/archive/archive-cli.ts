import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { migrate, openDatabase } from '../../db/client.ts';
import { describeCounts, runArchiveMove } from './mover.ts';

/**
 * `npm run archive`: moves old parcels of the configured database to the archive tiers once, under the
 * archive lock (a second mover at the same time does nothing). `--batch-size N`: parcels per transaction;
 * `--progress`: a line per committed batch.
 */
const at = process.argv.indexOf('--batch-size');
const batchSize = at > 0 ? Number(process.argv[at + 1]) : undefined;
if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) {
  console.error('archive: --batch-size takes a whole number above 0');
  process.exit(2);
}
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openDatabase({ url: config.DATABASE_URL })
  : await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrate(database);
  const onBatch = process.argv.includes('--progress')
    ? (batch: number, parcels: number) =>
        console.log(`archive: batch ${batch} committed (${parcels} parcels)`)
    : undefined;
  const counts = await runArchiveMove(database, { batchSize, onBatch });
  console.log(describeCounts(counts));
} catch (e) {
  console.error(`archive failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
