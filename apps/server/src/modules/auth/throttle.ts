import { eq, sql } from 'drizzle-orm';
import { Code } from '@po/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

const keysFor = (login: string, ip: string) => ({
  login: `login:${login.trim().toLowerCase()}`,
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

/** Refuses (429) while a login name or an address is locked after repeated failures. */
export async function assertNotLocked(db: Db, login: string, ip: string): Promise<void> {
  const k = keysFor(login, ip);
  const now = new Date();
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(sql`${loginAttempts.key} in (${k.login}, ${k.ip})`);
  const until = rows
    .map((r) => r.lockedUntil)
    .filter((d): d is Date => !!d && d > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (until) throw new AppError(Code.TooMany, 'auth.throttled', { until: tbilisiTime(until) });
}

async function bump(db: Db, key: string, max: number, config: Config): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const lockUntil = new Date(now.getTime() + config.LOGIN_LOCK_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ key, failures: 0, firstFailureAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(loginAttempts).where(eq(loginAttempts.key, key)).for('update');
    const fresh =
      !row || row.firstFailureAt < windowStart || (row.lockedUntil !== null && row.lockedUntil <= now);
    const failures = fresh ? 1 : row.failures + 1;
    await tx
      .update(loginAttempts)
      .set({
        failures,
        firstFailureAt: fresh ? now : row.firstFailureAt,
        lockedUntil: failures >= max ? lockUntil : null,
      })
      .where(eq(loginAttempts.key, key));
  });
}

export async function recordFailure(db: Db, config: Config, login: string, ip: string): Promise<void> {
  const k = keysFor(login, ip);
  await bump(db, k.login, config.LOGIN_MAX_FAILURES, config);
  await bump(db, k.ip, config.LOGIN_MAX_FAILURES_PER_IP, config);
}

export async function clearFailures(db: Db, login: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keysFor(login, '').login));
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
