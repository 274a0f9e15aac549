import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { seedAccounts } from './accounts.ts';
import { seedParcels } from './parcels.ts';

/** Loads the demo data: offices, accounts, devices, and parcels over six years (see parcels.ts). */
export async function seedDemo(db: Db, log: (msg: string) => void = () => {}): Promise<void> {
  await seedAccounts(db);
  log('demo accounts ready');
  await seedParcels(db, log);
}

/** True when the database has no users yet (a fresh embedded database). */
async function isEmpty(db: Db): Promise<boolean> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return r.n === 0;
}

/** Loads the demo data when the database has no users yet; true when it did (db/setup.ts DemoSeeder). */
export async function seedDemoIfEmpty(db: Db, log: (msg: string) => void = () => {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log('empty database: loading demo data');
  await seedDemo(db, log);
  return true;
}
