/**
 * The recipient's "stop the messages" link: the tracking page's address with an HMAC of the barcode
 * (a server secret), so only someone who got a message can stop them. The secret is NOTIFY_SECRET, or
 * one made once and kept in the database (`app_secrets`), the same for every process.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';

const secrets = new WeakMap<Db, string>();

export async function notifySecret(db: Db, config: Pick<Config, 'NOTIFY_SECRET'>): Promise<string> {
  if (config.NOTIFY_SECRET) return config.NOTIFY_SECRET;
  const known = secrets.get(db);
  if (known) return known;
  await db.execute(
    sql`insert into app_secrets (name, value) values ('notify', ${randomBytes(32).toString('hex')})
        on conflict (name) do nothing`,
  );
  const [r] = await rows<{ value: string }>(db, sql`select value from app_secrets where name = 'notify'`);
  secrets.set(db, r.value);
  return r.value;
}

export function stopSignature(secret: string, barcode: string): string {
  return createHmac('sha256', secret).update(`stop:${barcode}`).digest('base64url').slice(0, 32);
}

export function verifyStop(secret: string, barcode: string, sig: string): boolean {
  const want = Buffer.from(stopSignature(secret, barcode));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The tracking page of a parcel. */
export const trackingLink = (publicUrl: string, barcode: string) =>
  `${publicUrl}/track/${encodeURIComponent(barcode)}`;
/** The tracking page with the stop link's signature. */
export const stopLink = (publicUrl: string, barcode: string, secret: string) =>
  `${trackingLink(publicUrl, barcode)}?stop=${stopSignature(secret, barcode)}`;
