import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { attendance, offices, sessions, users } from '../db/schema.ts';
import { newTicket, sha256 } from '../lib/crypto.ts';
import { tbilisiDay, WORKING_ROLES } from '@po/contract';
import type { SessionUser } from './context.ts';

const TOUCH_EVERY_MS = 60_000;

/** Creates a session for a user and answers its ticket (only the hash is stored). */
export async function createSession(
  db: DbOrTx,
  config: Config,
  userGuid: string,
  opts: { mobile: boolean; ip: string; userAgent: string },
): Promise<string> {
  const ticket = newTicket();
  const now = Date.now();
  const idle = (opts.mobile ? config.SESSION_MOBILE_IDLE_MINUTES : config.SESSION_IDLE_MINUTES) * 60_000;
  const max = config.SESSION_MAX_HOURS * 3_600_000;
  await db.insert(sessions).values({
    userGuid,
    ticketHash: sha256(ticket),
    mobile: opts.mobile,
    expiresAt: new Date(now + Math.min(idle, max)),
    maxExpiresAt: new Date(now + max),
    ip: opts.ip,
    userAgent: opts.userAgent.slice(0, 300),
  });
  return ticket;
}

/** The user behind a ticket, or null when the ticket is missing, unknown, expired or revoked. */
export async function resolveSession(db: Db, config: Config, ticket: string): Promise<SessionUser | null> {
  if (!ticket) return null;
  const now = new Date();
  const found = await db
    .select({
      sessionId: sessions.id,
      mobile: sessions.mobile,
      lastSeenAt: sessions.lastSeenAt,
      maxExpiresAt: sessions.maxExpiresAt,
      guid: users.guid,
      login: users.login,
      name: users.name,
      roleId: users.roleId,
      enabled: users.enabled,
      deletedAt: users.deletedAt,
      isAnother: users.isAnother,
      registrationDisable: users.registrationDisable,
      passwordValid: users.passwordValid,
      officeGuid: users.officeGuid,
      officeName: offices.name,
      isCorporate: offices.isCorporate,
      isDistrCenter: offices.isDistrCenter,
      distributionCenter: offices.distributionCenter,
      pid: offices.pid,
    })
    .from(sessions)
    .innerJoin(users, eq(users.guid, sessions.userGuid))
    .leftJoin(offices, eq(offices.guid, users.officeGuid))
    .where(
      and(
        eq(sessions.ticketHash, sha256(ticket)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.maxExpiresAt, now),
      ),
    )
    .limit(1);
  const s = found[0];
  if (!s || !s.enabled || s.deletedAt || !WORKING_ROLES.includes(s.roleId)) return null;

  if (now.getTime() - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const idle = (s.mobile ? config.SESSION_MOBILE_IDLE_MINUTES : config.SESSION_IDLE_MINUTES) * 60_000;
    const expires = new Date(Math.min(now.getTime() + idle, s.maxExpiresAt.getTime()));
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: expires })
      .where(eq(sessions.id, s.sessionId));
    await recordAttendance(db, s.guid, now);
  }

  return {
    guid: s.guid,
    login: s.login,
    name: s.name || s.login,
    roleId: s.roleId,
    officeGuid: s.officeGuid,
    officeName: s.officeName ?? '',
    isAnother: s.isAnother,
    isCorporate: s.isCorporate ?? false,
    registrationDisable: s.registrationDisable,
    isDistrCenter: s.isDistrCenter ?? false,
    distributionCenter: s.isDistrCenter ? s.officeGuid : (s.distributionCenter ?? null),
    pid: s.pid ?? '',
    sessionId: s.sessionId,
    mobileSession: s.mobile,
    passwordExpired: s.passwordValid.getTime() < now.getTime(),
  };
}

/** An employee's day runs from the first login or action to the last (in Tbilisi days). */
export async function recordAttendance(db: DbOrTx, userGuid: string, at: Date): Promise<void> {
  await db
    .insert(attendance)
    .values({ userGuid, day: tbilisiDay(at), firstAt: at, lastAt: at })
    .onConflictDoUpdate({
      target: [attendance.userGuid, attendance.day],
      set: { lastAt: sql`greatest(${attendance.lastAt}, excluded.last_at)` },
    });
}

/** Issues a new ticket for the session and lets the old one live only for the grace period. */
export async function rotateTicket(
  db: Db,
  config: Config,
  user: SessionUser,
  oldTicket: string,
): Promise<string> {
  const ticket = newTicket();
  const now = Date.now();
  const idle =
    (user.mobileSession ? config.SESSION_MOBILE_IDLE_MINUTES : config.SESSION_IDLE_MINUTES) * 60_000;
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(sessions).where(eq(sessions.id, user.sessionId)).limit(1);
    if (!old) return;
    await tx.insert(sessions).values({
      userGuid: user.guid,
      ticketHash: sha256(ticket),
      mobile: old.mobile,
      expiresAt: new Date(Math.min(now + idle, old.maxExpiresAt.getTime())),
      maxExpiresAt: old.maxExpiresAt,
      ip: old.ip,
      userAgent: old.userAgent,
    });
    const grace = new Date(now + config.TICKET_GRACE_SECONDS * 1000);
    await tx
      .update(sessions)
      .set({ expiresAt: sql`least(${sessions.expiresAt}, ${grace})` })
      .where(and(eq(sessions.ticketHash, sha256(oldTicket)), eq(sessions.id, user.sessionId)));
  });
  return ticket;
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: DbOrTx, userGuid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userGuid, userGuid), isNull(sessions.revokedAt)));
}
