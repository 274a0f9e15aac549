import { and, Column, eq, inArray, is, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { runRead } from '../db/statement.ts';
import { objectMaker } from '../lib/object-maker.ts';
import {
  attendance,
  idempotencyKeys,
  listVersion,
  loginAttempts,
  offices,
  sessions,
  users,
} from '../db/schema.ts';
import type { ListVersion } from '../db/list-cache.ts';
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
  const id = randomUUID();
  await db.insert(sessions).values({
    id,
    family: id,
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

/**
 * A time as milliseconds since the epoch: the session's times are only compared with the clock, and a
 * number costs less to read than a timestamp's text made into a Date (four a row, every call).
 */
const epochMs = (col: Column) => sql<number>`(extract(epoch from ${col}) * 1000)::float8`;

const sessionFields = {
  sessionId: sessions.id,
  mobile: sessions.mobile,
  lastSeenAt: epochMs(sessions.lastSeenAt),
  maxExpiresAt: epochMs(sessions.maxExpiresAt),
  guid: users.guid,
  login: users.login,
  name: users.name,
  roleId: users.roleId,
  enabled: users.enabled,
  deleted: sql<boolean>`${users.deletedAt} is not null`,
  isAnother: users.isAnother,
  registrationDisable: users.registrationDisable,
  passwordValid: epochMs(users.passwordValid),
  passwordTemporary: users.passwordTemporary,
  officeGuid: users.officeGuid,
  officeName: offices.name,
  isCorporate: offices.isCorporate,
  isDistrCenter: offices.isDistrCenter,
  distributionCenter: offices.distributionCenter,
  pid: offices.pid,
  // with read replicas: the WAL position of the session's last write (db/replicas.ts)
  writeLsn: sessions.writeLsn,
  // the version of the cached lists (db/list-cache.ts), read with the session: no round trip of its own
  listVersion: sql<
    number | null
  >`(select ${listVersion.v}::float8 from ${listVersion} where ${listVersion.id} = 1)`,
};
/** The session statement's columns: each row carries its ticket's hash. */
const SESSION_FIELDS = { ticketHash: sessions.ticketHash, ...sessionFields };

/**
 * How many tickets a session statement takes: one statement per size, each prepared (built once, and
 * on PostgreSQL planned once per connection). A batch goes in the smallest that holds it, the last
 * ticket repeated in the free places. Fixed lists of plain parameters, not one array parameter:
 * PostgreSQL re-planned `= any($1::text[])` on every execution (its custom plan for a one-element array
 * always looked cheaper than the generic plan for ten), which made the statement three times dearer
 * once the sessions table held a few thousand rows.
 */
const SIZES = [1, 2, 4, 8, 16, 32, 64] as const;
/** Session reads one statement may carry (the tickets of the requests that arrived together). */
const READS_PER_STATEMENT = SIZES[SIZES.length - 1];

/** The session query for `size` tickets, as drizzle builds it (its text and its row type). */
function sessionSelect(size: number) {
  const now = sql.placeholder('now');
  return new QueryBuilder({ casing: 'snake_case' })
    .select(SESSION_FIELDS)
    .from(sessions)
    .innerJoin(users, eq(users.guid, sessions.userGuid))
    .leftJoin(offices, eq(offices.guid, users.officeGuid))
    .where(
      and(
        inArray(
          sessions.ticketHash,
          Array.from({ length: size }, (_, i) => sql.placeholder(`h${i}`)),
        ),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now}::timestamptz`,
        sql`${sessions.maxExpiresAt} > ${now}::timestamptz`,
      ),
    );
}
type SessionRow = ReturnType<typeof sessionSelect>['_']['result'][number];

/**
 * The text of the session statement for `size` tickets and its parameters' names in the order of its
 * `$n` (`h0` … for the tickets' hashes, `now`): the server's, and the bench's pgbench script's.
 */
export function sessionStatementText(size: number): { text: string; order: string[] } {
  const built = sessionSelect(size).toSQL();
  return { text: built.sql, order: built.params.map((p) => (p as { name: string }).name) };
}

/**
 * The session statement for `size` tickets (each row carries its ticket's hash): drizzle writes its
 * text once; it runs as a written statement (db/statement.ts: named and prepared on PostgreSQL, rows
 * as arrays read by position with each column's mapping), which costs a third of a drizzle query's
 * time on the path every call takes.
 */
function sessionStatement(db: Db, size: number) {
  const { text: sqlText, order } = sessionStatementText(size);
  const readers = Object.entries(SESSION_FIELDS).map(([key, f]) => {
    const col = is(f, Column) ? f : null;
    return {
      key,
      map: (v: unknown) => (v === null || v === undefined || !col ? v : col.mapFromDriverValue(v)),
    };
  });
  const name = `po_sessions_${size}`;
  const make = objectMaker(readers.map((r) => r.key));
  return {
    async run(params: Record<string, string>): Promise<SessionRow[]> {
      // on PostgreSQL, on the connection kept for it (db/pg-driver.ts)
      const rows = await runRead(
        db,
        name,
        sqlText,
        order.map((n) => params[n]),
      );
      return rows.map(
        (r) =>
          make(
            r.map((v, i) => readers[i].map(v)),
            0,
          ) as SessionRow,
      );
    },
  };
}
type SessionQuery = ReturnType<typeof sessionStatement>;

/**
 * Session statements under way at once, per database; further reads wait and go together in the next.
 * One: under load the reads that arrive while a statement is out go together when it answers, in fewer
 * and larger statements (each a socket write and a wake-up of PostgreSQL's backend, which on a 2-core
 * machine takes from the server's own core). Measured with the bench's load (wrk, 10 connections,
 * PostgreSQL 15, 3 rounds): CalcPrice 25.7k/s against 24.0k/s with two, PostGetRegion +2-3%,
 * registration the same; a lone request still pays no wait.
 */
const STATEMENTS_IN_FLIGHT = 1;

/** How many session reads this process made, and in how many statements (for tests and the bench). */
export const sessionReadStats = { reads: 0, statements: 0 };

/**
 * Every call with a session reads it first, so under load the session statement is the most frequent
 * one by far. Reads that arrive together share one statement: a read is sent at the end of the event
 * loop's current turn together with every other read that came in that turn, and while a statement is
 * under way further reads wait and go together in the next (the way PostgreSQL groups commits). A
 * lone request pays no wait; ten at once pay one round trip instead of ten. Each read still sees every
 * session change committed before its request arrived, since its statement starts after that: a
 * sign-out or a disabled user takes effect at once, as before.
 */
class SessionReads {
  private waiting: Array<{
    hash: string;
    done: (row: SessionRow | undefined) => void;
    fail: (e: unknown) => void;
  }> = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly queries: ReadonlyMap<number, SessionQuery>;
  constructor(db: Db) {
    this.queries = new Map(SIZES.map((n) => [n, sessionStatement(db, n)]));
  }
  read(hash: string): Promise<SessionRow | undefined> {
    sessionReadStats.reads++;
    return new Promise((done, fail) => {
      this.waiting.push({ hash, done, fail });
      this.schedule();
    });
  }
  private schedule() {
    if (this.scheduled || this.inFlight >= STATEMENTS_IN_FLIGHT || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }
  private send() {
    const batch = this.waiting.splice(0, READS_PER_STATEMENT);
    if (batch.length === 0) return;
    this.inFlight++;
    sessionReadStats.statements++;
    const hashes = [...new Set(batch.map((w) => w.hash))];
    const size = SIZES.find((n) => n >= hashes.length) ?? READS_PER_STATEMENT;
    const params: Record<string, string> = { now: new Date().toISOString() };
    for (let i = 0; i < size; i++) params[`h${i}`] = hashes[Math.min(i, hashes.length - 1)];
    this.queries
      .get(size)!
      .run(params)
      .then(
        (found) => {
          const byHash = new Map(found.map((r) => [r.ticketHash, r]));
          for (const w of batch) w.done(byHash.get(w.hash));
        },
        (e: unknown) => {
          for (const w of batch) w.fail(e);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.schedule();
      });
  }
}
const sessionReads = new WeakMap<Db, SessionReads>();
function readsOf(db: Db): SessionReads {
  let r = sessionReads.get(db);
  if (!r) sessionReads.set(db, (r = new SessionReads(db)));
  return r;
}

/**
 * The hashes of the tickets seen lately: a client sends its ticket with every call, and a map lookup
 * costs a small part of hashing it again. Dropped whole when full (half a megabyte at most).
 */
const ticketHashes = new Map<string, string>();
const TICKET_HASHES_KEPT = 5_000;
function ticketHash(ticket: string): string {
  // a real ticket is 43 characters: nothing longer is kept
  if (ticket.length > 64) return sha256(ticket);
  let h = ticketHashes.get(ticket);
  if (h === undefined) {
    if (ticketHashes.size >= TICKET_HASHES_KEPT) ticketHashes.clear();
    h = sha256(ticket);
    ticketHashes.set(ticket, h);
  }
  return h;
}

/** The user behind a ticket, or null when the ticket is missing, unknown, expired or revoked. */
export async function resolveSession(db: Db, config: Config, ticket: string): Promise<SessionUser | null> {
  return (await readSession(db, config, ticket))?.user ?? null;
}

/**
 * The user behind a ticket and the version of the cached lists, in one statement; null when the ticket
 * is missing, unknown, expired or revoked. Once a minute per session it also records the activity.
 */
export async function readSession(
  db: Db,
  config: Config,
  ticket: string,
): Promise<{ user: SessionUser; listVersion: ListVersion; writeLsn: number | null } | null> {
  if (!ticket) return null;
  const now = new Date();
  const s = await readsOf(db).read(ticketHash(ticket));
  if (!s || !s.enabled || s.deleted || !WORKING_ROLES.includes(s.roleId)) return null;

  if (now.getTime() - s.lastSeenAt > TOUCH_EVERY_MS) {
    const idle = (s.mobile ? config.SESSION_MOBILE_IDLE_MINUTES : config.SESSION_IDLE_MINUTES) * 60_000;
    const expires = new Date(Math.min(now.getTime() + idle, s.maxExpiresAt));
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: expires })
      .where(eq(sessions.id, s.sessionId));
    await recordAttendance(db, s.guid, now);
  }

  const user: SessionUser = {
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
    // a corporate client's head office is its own office (DOMAIN.md "Parcel scope")
    distributionCenter: s.isDistrCenter || s.isCorporate ? s.officeGuid : (s.distributionCenter ?? null),
    pid: s.pid ?? '',
    sessionId: s.sessionId,
    mobileSession: s.mobile,
    passwordExpired: s.passwordValid < now.getTime(),
    passwordTemporary: s.passwordTemporary,
  };
  return {
    user,
    listVersion: s.listVersion === null ? null : Number(s.listVersion),
    writeLsn: s.writeLsn,
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
      family: old.family,
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

/** Ends every ticket of the session the given session row belongs to (its renewals and their predecessors). */
export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(sessions.revokedAt),
        sql`${sessions.family} = (select s.family from sessions s where s.id = ${sessionId})`,
      ),
    );
}

/** Ends all of a user's sessions, but the one the given session row belongs to when one is given. */
export async function revokeUserSessions(
  db: DbOrTx,
  userGuid: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userGuid, userGuid),
        isNull(sessions.revokedAt),
        keepSessionId
          ? ne(sessions.family, sql`(select s.family from sessions s where s.id = ${keepSessionId})`)
          : undefined,
      ),
    );
}

/** How long the housekeeping job keeps what it purges. */
export const KEEP = {
  /** idempotency keys: a client's retries come within minutes; a day is plenty */
  idempotencyHours: 24,
  /** ended sessions stay a day for the record of who was signed in */
  sessionDays: 1,
  /** login counters: a day past their last failure */
  attemptsHours: 24,
} as const;

/**
 * The scheduled purge: expired and revoked sessions, old login-attempt counters, old idempotency keys
 * and expired recovery codes. Each delete uses an index on age, so a run costs little.
 */
export async function purgeExpired(db: DbOrTx, now = new Date()): Promise<Record<string, number>> {
  const day = 86_400_000;
  const sessionCut = new Date(now.getTime() - KEEP.sessionDays * day);
  const s = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.maxExpiresAt, sessionCut),
        lt(sessions.expiresAt, sessionCut),
        lt(sessions.revokedAt, sessionCut),
      ),
    )
    .returning({ id: sessions.id });
  const a = await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.firstFailureAt, new Date(now.getTime() - KEEP.attemptsHours * 3_600_000)),
        or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, now)),
      ),
    )
    .returning({ key: loginAttempts.key });
  const k = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP.idempotencyHours * 3_600_000)))
    .returning({ key: idempotencyKeys.key });
  const r = await db
    .update(users)
    .set({ recoveryHash: null })
    .where(and(sql`${users.recoveryHash} is not null`, lt(users.recoveryExpires, now)))
    .returning({ guid: users.guid });
  return { sessions: s.length, loginAttempts: a.length, idempotencyKeys: k.length, recoveryCodes: r.length };
}
