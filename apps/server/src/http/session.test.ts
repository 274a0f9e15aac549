/**
 * Session reads (http/session.ts): the requests that arrive together share one statement, and each
 * still gets its own session, as it is when its request arrives.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readSession, revokeSession, sessionReadStats } from './session.ts';
import { signIn } from '../test/factories.ts';
import { sessions, users } from '../db/schema.ts';
import { useHarness } from '../test/harness.ts';

const h = useHarness();

describe('session reads', () => {
  it('reads the sessions of requests that arrive together in one statement, each its own', async () => {
    const { app, db, config } = h();
    const people = await Promise.all([1, 2, 3].map(() => signIn(app, db)));
    const ended = await signIn(app, db);
    const endedSession = await readSession(db, config, ended.session.Ticket);
    await revokeSession(db, endedSession!.user.sessionId);
    const tickets = [...people.map((p) => p.session.Ticket), ended.session.Ticket, 'no-such-ticket'];

    const before = { ...sessionReadStats };
    const asked = Array.from({ length: 40 }, (_, i) => tickets[i % tickets.length]);
    const answers = await Promise.all(asked.map((t) => readSession(db, config, t)));
    const statements = sessionReadStats.statements - before.statements;

    expect(sessionReadStats.reads - before.reads).toBe(40);
    // 40 reads at once: the first statement carries what arrived in its turn, the next ones the rest
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(3);
    answers.forEach((answer, i) => {
      const k = i % tickets.length;
      if (k < people.length) expect(answer?.user.guid).toBe(people[k].user.guid);
      else expect(answer).toBeNull();
    });
  });

  it('costs a lone request no wait: one read, one statement', async () => {
    const { app, db, config } = h();
    const { user, session } = await signIn(app, db);
    const before = { ...sessionReadStats };
    expect((await readSession(db, config, session.Ticket))?.user.guid).toBe(user.guid);
    expect(sessionReadStats.statements - before.statements).toBe(1);
  });

  it('sees a sign-out made before the request at once, also while other reads are under way', async () => {
    const { app, db, config } = h();
    const a = await signIn(app, db);
    const b = await signIn(app, db);
    const first = await readSession(db, config, a.session.Ticket);
    expect(first).not.toBeNull();
    await revokeSession(db, first!.user.sessionId);
    const [afterA, stillB] = await Promise.all([
      readSession(db, config, a.session.Ticket),
      readSession(db, config, b.session.Ticket),
    ]);
    expect(afterA).toBeNull();
    expect(stillB?.user.guid).toBe(b.user.guid);
  });

  it('reads the times of the session and its user as they are: password expiry, a deleted user, the activity', async () => {
    const { app, db, config } = h();
    const expired = await signIn(app, db, { passwordValid: new Date(Date.now() - 1000) });
    const valid = await signIn(app, db, { passwordValid: new Date(Date.now() + 60_000) });
    expect((await readSession(db, config, expired.session.Ticket))?.user.passwordExpired).toBe(true);
    expect((await readSession(db, config, valid.session.Ticket))?.user.passwordExpired).toBe(false);

    // seen two minutes ago: the read records the activity and moves the idle expiry on, never past the
    // session's longest life
    const s = (await readSession(db, config, valid.session.Ticket))!.user;
    const maxExpiresAt = new Date(Date.now() + 5 * 60_000);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 120_000), maxExpiresAt })
      .where(eq(sessions.id, s.sessionId));
    const before = Date.now();
    expect(await readSession(db, config, valid.session.Ticket)).not.toBeNull();
    const [row] = await db.select().from(sessions).where(eq(sessions.id, s.sessionId));
    expect(row.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(row.expiresAt.getTime()).toBe(maxExpiresAt.getTime());

    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.guid, valid.user.guid));
    expect(await readSession(db, config, valid.session.Ticket)).toBeNull();
  });
});
