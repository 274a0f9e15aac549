import { eq, sql } from 'drizzle-orm';
import { Code } from '@po/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Wrong passwords are counted per login *and address* and per address, never per login alone: an
 * attacker elsewhere slows only themselves, and the owner, at their own address, is never locked out
 * (OWASP authentication cheat sheet: throttling rather than account lock-out).
 */
const keysFor = (login: string, ip: string) => ({
  pair: `login:${login.trim().toLowerCase()}|${ip}`,
  ip: `ip:${ip}`,
});

function tbilisiTime(d: Date): string {
  return new Intl.DateTimeFormat('ka-GE', {
    timeZone: 'Asia/Tbilisi',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
}

/** The wait after `failures` wrong passwords once `max` is reached: 2 s, 4 s, 8 s … up to `capMinutes`. */
export function delayMs(failures: number, max: number, capMinutes: number): number {
  if (failures < max) return 0;
  const steps = Math.min(failures - max + 1, 30);
  return Math.min(1000 * 2 ** steps, capMinutes * 60_000);
}

/** Refuses (429) while this login from this address, or this address, must wait after failures. */
export async function assertNotLocked(db: Db, login: string, ip: string): Promise<void> {
  const k = keysFor(login, ip);
  const now = new Date();
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(sql`${loginAttempts.key} in (${k.pair}, ${k.ip})`);
  const until = rows
    .map((r) => r.lockedUntil)
    .filter((d): d is Date => !!d && d > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (until) throw new AppError(Code.TooMany, 'auth.throttled', { until: tbilisiTime(until) });
}

async function bump(db: Db, key: string, max: number, config: Config): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - config.LOGIN_WINDOW_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ key, failures: 0, firstFailureAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(loginAttempts).where(eq(loginAttempts.key, key)).for('update');
    // Failures are forgotten a window after the last wait ended (or after the first failure).
    const since =
      row.lockedUntil && row.lockedUntil > row.firstFailureAt ? row.lockedUntil : row.firstFailureAt;
    const fresh = since < windowStart;
    const failures = fresh ? 1 : row.failures + 1;
    const wait = delayMs(failures, max, config.LOGIN_LOCK_MINUTES);
    await tx
      .update(loginAttempts)
      .set({
        failures,
        firstFailureAt: fresh ? now : row.firstFailureAt,
        lockedUntil: wait > 0 ? new Date(now.getTime() + wait) : null,
      })
      .where(eq(loginAttempts.key, key));
  });
}

export async function recordFailure(db: Db, config: Config, login: string, ip: string): Promise<void> {
  const k = keysFor(login, ip);
  await bump(db, k.pair, config.LOGIN_MAX_FAILURES, config);
  await bump(db, k.ip, config.LOGIN_MAX_FAILURES_PER_IP, config);
}

/** A right password forgets this login's failures from this address. */
export async function clearFailures(db: Db, login: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keysFor(login, ip).pair));
}

/** A simple per-key budget for public requests (e.g. account requests from one address). */
export async function assertBudget(db: Db, key: string, max: number, windowMinutes: number): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ key, failures: 0, firstFailureAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(loginAttempts).where(eq(loginAttempts.key, key)).for('update');
    const fresh = row.firstFailureAt < windowStart;
    const count = fresh ? 1 : row.failures + 1;
    if (count > max) {
      const until = new Date(row.firstFailureAt.getTime() + windowMinutes * 60_000);
      throw new AppError(Code.TooMany, 'auth.throttled', { until: tbilisiTime(until) });
    }
    await tx
      .update(loginAttempts)
      .set({ failures: count, firstFailureAt: fresh ? now : row.firstFailureAt })
      .where(eq(loginAttempts.key, key));
  });
}
