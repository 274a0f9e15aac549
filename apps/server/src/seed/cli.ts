import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../db/setup.ts';
import { seedDemoIfEmpty } from './demo.ts';

/** `npm run db:seed`: loads the demo data into the configured database if it has no users yet. */
const config = loadConfig();
const say = (m: string) => console.log(m);
const database = await prepareDatabase(
  { ...config, SEED_DEMO: true },
  async (db, log) => {
    const loaded = await seedDemoIfEmpty(db, log);
    say(loaded ? 'demo data loaded' : 'the database already has users: demo data not loaded');
  },
  say,
);
await database.close();
