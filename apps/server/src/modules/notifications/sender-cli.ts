import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { migrate, openDatabase } from '../../db/client.ts';
import { outboxSender } from './sender.ts';

/**
 * The outbox sender on its own (the kill -9 test runs it as a child): sends what is due, then looks
 * again every OUTBOX_EVERY_SECONDS until stopped; `--once` sends what is due and ends.
 */
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openDatabase({ url: config.DATABASE_URL })
  : await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
await migrate(database);
const sender = outboxSender(database.db, config);
const once = process.argv.includes('--once');
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
try {
  do {
    const counts = await sender.run();
    console.log(`outbox: ${JSON.stringify(counts)}`);
    if (!once) await new Promise((r) => setTimeout(r, Math.max(100, config.OUTBOX_EVERY_SECONDS * 1000)));
  } while (!once && !stopping);
} finally {
  sender.close();
  await database.close();
}
