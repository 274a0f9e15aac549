/**
 * Issue 9, security hardening: each hole has a test here that failed before its fix.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Envelope } from '@po/contract';
import { useHarness } from '../test/harness.ts';
import { get, login, makeOffice, makeUser, post, signIn, PASSWORD } from '../test/factories.ts';
import { buildApp, type App } from '../app.ts';
import { loadConfig, testConfig } from '../config.ts';
import { rows } from '../db/client.ts';
import { idempotencyKeys, loginAttempts, sessions, users } from '../db/schema.ts';
import { purgeExpired } from './session.ts';
import { delayMs } from '../modules/auth/throttle.ts';

const h = useHarness({ config: { LOGIN_MAX_FAILURES: 3, LOGIN_LOCK_MINUTES: 10 } });

async function from(app: App, ip: string, method: 'GET' | 'POST', name: string, body: object = {}) {
  const res = await app.inject({
    method,
    url: `/api/${name}`,
    remoteAddress: ip,
    headers: { 'x-forwarded-for': '6.6.6.6' },
    ...(method === 'POST' ? { payload: body } : { query: body as Record<string, string> }),
  });
  return res.json() as Envelope<Record<string, unknown>>;
}

describe('1. the client address', () => {
  it('ignores X-Forwarded-For unless the connection comes from a proxy named in TRUST_PROXY', async () => {
    const { app, database, db } = h();
    await from(app, '10.1.1.1', 'POST', 'PostAccountRequest', { Kind: 'create', Login: 'direct' });
    const trusting = await buildApp(testConfig({ TRUST_PROXY: ['10.9.0.0/16'] }), database);
    await from(trusting, '10.9.0.5', 'POST', 'PostAccountRequest', { Kind: 'create', Login: 'proxied' });
    await from(trusting, '10.1.1.2', 'POST', 'PostAccountRequest', { Kind: 'create', Login: 'forged' });
    await trusting.close();
    const got = await rows<{ login: string; ip: string }>(db, sql`select login, ip from account_requests`);
    expect(Object.fromEntries(got.map((r) => [r.login, r.ip]))).toEqual({
      direct: '10.1.1.1',
      proxied: '6.6.6.6',
      forged: '10.1.1.2',
    });
  });

  it('reads TRUST_PROXY as addresses and CIDR ranges, refusing anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('1b. the budget of calls without a session', () => {
  it('answers 429 in the envelope once one address spends PUBLIC_CALLS_PER_MINUTE, not another address', async () => {
    const { database } = h();
    const small = await buildApp(testConfig({ PUBLIC_CALLS_PER_MINUTE: 3 }), database);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await from(small, '10.3.0.1', 'POST', 'PostGetUser', { Login: 'x', Password: 'y' })).Code);
    const other = await from(small, '10.3.0.2', 'POST', 'PostGetUser', { Login: 'x', Password: 'y' });
    await small.close();
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
    expect(other.Code).not.toBe(429);
  });
});

describe('2. password reset', () => {
  it('answers a one-time code to the administrator only; no login yields one, the code works once', async () => {
    const { app, db } = h();
    const admin = await signIn(app, db, { roleId: 100 });
    const user = await makeUser(db);
    const other = await login(app, user);
    const reset = await get<{ Ret: number; RecoveryCode: string }>(app, 'PostUserChangePaswword', {
      ...admin.session,
      User: user.guid,
      pass: '',
    });
    expect(reset.Data!.Ret).toBe(1);
    const code = reset.Data!.RecoveryCode;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const [row] = await db.select().from(users).where(eq(users.guid, user.guid));
    expect(row.recoveryHash).not.toBe(code);
    // the reset ended the user's sessions
    expect((await get(app, 'UpdateTicket', other)).Code).toBe(401);
    // an empty (or the old) password opens nothing and yields no code
    for (const Password of ['', PASSWORD]) {
      const res = await post(app, 'PostGetUser', { Login: user.login, Password });
      expect(res).toMatchObject({ Status: false, Code: 401, Data: null });
      expect(JSON.stringify(res)).not.toMatch(/[0-9a-f]{32}/);
    }
    expect((await post(app, 'UserCh', { Guid: 'f'.repeat(32), New: 'Brand#New1' })).Code).toBe(401);
    expect((await post(app, 'UserCh', { Guid: code, New: 'Brand#New1' })).Data).toEqual({ Ret: 1 });
    await expect(login(app, { login: user.login, password: 'Brand#New1' })).resolves.toBeTruthy();
    expect((await post(app, 'UserCh', { Guid: code, New: 'Other#New2' })).Code).toBe(401);
  });

  it('refuses an expired code', async () => {
    const { app, db } = h();
    const admin = await signIn(app, db, { roleId: 100 });
    const user = await makeUser(db);
    const reset = await get<{ RecoveryCode: string }>(app, 'PostUserChangePaswword', {
      ...admin.session,
      User: user.guid,
      pass: '',
    });
    await db
      .update(users)
      .set({ recoveryExpires: new Date(Date.now() - 1000) })
      .where(eq(users.guid, user.guid));
    const res = await post(app, 'UserCh', { Guid: reset.Data!.RecoveryCode, New: 'Brand#New1' });
    expect(res).toMatchObject({ Code: 401, Key: 'auth.badRecovery' });
  });
});

describe('3. throttling, not lock-out', () => {
  it('slows the address that guesses with growing waits, not the owner elsewhere', async () => {
    const { app, db } = h();
    const user = await makeUser(db);
    for (let i = 0; i < 3; i++)
      await from(app, '10.2.0.66', 'POST', 'PostGetUser', { Login: user.login, Password: 'nope' });
    const attacker = await from(app, '10.2.0.66', 'POST', 'PostGetUser', {
      Login: user.login,
      Password: PASSWORD,
    });
    expect(attacker).toMatchObject({ Status: false, Code: 429, Key: 'auth.throttled' });
    const owner = await from(app, '10.2.0.7', 'POST', 'PostGetUser', {
      Login: user.login,
      Password: PASSWORD,
    });
    expect(owner.Status).toBe(true);
    // each further failure doubles the wait, up to LOGIN_LOCK_MINUTES
    await db.update(loginAttempts).set({ lockedUntil: null });
    await from(app, '10.2.0.66', 'POST', 'PostGetUser', { Login: user.login, Password: 'nope' });
    const [pair] = await db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `login:${user.login.toLowerCase()}|10.2.0.66`));
    expect(pair.failures).toBe(4);
    const wait = pair.lockedUntil!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(2000);
    expect(wait).toBeLessThanOrEqual(4000);
    expect([3, 4, 5, 6, 30].map((n) => delayMs(n, 3, 10))).toEqual([2000, 4000, 8000, 16000, 600_000]);
  });
});

describe('4. strict input', () => {
  it('answers 400 naming the field for NUL bytes, integers beyond int32 and non-decimal number text', async () => {
    const { app, db } = h();
    const nul = await app.inject({ url: '/api/PostGetUser?Login=a%00b&Password=x' });
    expect(nul.json()).toMatchObject({
      Code: 400,
      Key: 'v.nul',
      Error: expect.stringContaining('„მომხმარებელი“'),
    });
    const admin = await signIn(app, db, { roleId: 100 });
    expect(await get(app, 'PostGetOffices', { ...admin.session, Rid: '2147483648' })).toMatchObject({
      Code: 400,
      Key: 'v.tooBig',
    });
    for (const Rid of ['0x10', '1e3', ' 12', 'Infinity', '12abc'])
      expect(await get(app, 'PostGetOffices', { ...admin.session, Rid })).toMatchObject({
        Code: 400,
        Key: 'v.number',
        Error: expect.stringContaining('„ID“'),
      });
    const clerk = await signIn(app, db, { roleId: 105 });
    const big = await post(app, 'CalcPrice', { ...clerk.session, SenderCityID: 2147483648, Weight: 1 });
    expect(big).toMatchObject({ Code: 400, Error: expect.stringContaining('„გამგზავნის ქალაქი / რაიონი“') });
    const zone = await post(app, 'CalcPrice', { ...clerk.session, SenderZone: 100, ReceiveZone: 1 });
    expect(zone).toMatchObject({ Code: 400, Error: expect.stringContaining('„გამგზავნის ზონა“') });
    const hex = await post(app, 'PostUpdateTariff', {
      ...admin.session,
      SenderZone: '0x1',
      ReceiverZone: 1,
      BasePrice: 5,
      IncludedWeight: 1,
      PricePerKg: 1,
    });
    expect(hex).toMatchObject({
      Code: 400,
      Key: 'v.number',
      Error: expect.stringContaining('„გამგზავნის ზონა“'),
    });
    const nulBody = await post(app, 'PostAccountRequest', { Kind: 'create', Login: 'abc', Name: 'x\u0000y' });
    // the call names its fields by their Georgian labels
    expect(nulBody).toMatchObject({
      Code: 400,
      Key: 'v.nul',
      Error: expect.stringContaining('სახელი და გვარი'),
    });
    expect(await rows(db, sql`select * from account_requests`)).toHaveLength(0);
  });

  it('names the field by its screen’s Georgian label in every call, not only the administration’s', async () => {
    const { app, db } = h();
    const clerk = await signIn(app, db, { roleId: 105 });
    const finder = await post(app, 'ParcelFinder', { ...clerk.session, StartRegDate: '13/45/2026' });
    expect(finder).toMatchObject({ Code: 400, Key: 'v.date' });
    expect(finder.Error).toMatch(/^ველი „რეგისტრაცია: დან“/);
    expect(finder.Error).not.toContain('StartRegDate');
    const scan = await get(app, 'PostUpStatbyBarcode', { ...clerk.session, Barcode: 'A'.repeat(60) });
    expect(scan.Code).toBe(400);
    expect(scan.Error).toMatch(/^ველი „შტრიხკოდი“/);
    // the same name in another call, in that screen's words
    const archive = await post(app, 'ArchParcelFinder', { ...clerk.session, StartRegDate: 'yesterday' });
    expect(archive.Error).toMatch(/^ველი „რეგისტრაცია \(დან\)“/);
    const caseNo = await post(app, 'CalcPrice', { ...clerk.session, Weight: 1, Fild1: 'x'.repeat(201) });
    expect(caseNo).toMatchObject({ Code: 400, Key: 'v.tooLong' });
    expect(caseNo.Error).toMatch(/^ველი „საქმის ნომერი“/);
    // a row of an array is named by the row's field
    const courier = await signIn(app, db, { roleId: 106 });
    const job = await post(app, 'MobSendJob', {
      ...courier.session,
      JobId: randomUUID(),
      Status: 0,
      Ji: [{ Barcode: 'B'.repeat(60) }],
    });
    expect(job.Code).toBe(400);
    expect(job.Error).toContain('„შტრიხკოდი“');
    expect(job.Error).not.toContain('Ji.0');
  });

  it('requires the Id with the ticket, and the ticket’s own user', async () => {
    const { app, db } = h();
    const a = await signIn(app, db);
    const b = await signIn(app, db);
    expect((await get(app, 'UpdateTicket', { Ticket: a.session.Ticket })).Code).toBe(401);
    expect((await get(app, 'UpdateTicket', { Id: b.session.Id, Ticket: a.session.Ticket })).Code).toBe(401);
    expect((await get(app, 'UpdateTicket', a.session)).Code).toBe(200);
    const ch = await post(app, 'UserCh', { Ticket: b.session.Ticket, Old: PASSWORD, New: 'Fresh#2026x' });
    expect(ch.Code).toBe(401);
  });
});

describe('6. the whole session ends', () => {
  it('a logout with either ticket ends the predecessor and the successor of a renewal', async () => {
    const { app, db } = h();
    for (const logoutWith of ['old', 'new'] as const) {
      const { session } = await signIn(app, db);
      const renewed = await get<{ Ticket: string }>(app, 'UpdateTicket', session);
      const next = { Id: session.Id, Ticket: renewed.Data!.Ticket };
      const third = await get<{ Ticket: string }>(app, 'UpdateTicket', next);
      const last = { Id: session.Id, Ticket: third.Data!.Ticket };
      const other = await login(app, {
        login: (await db.select().from(users).where(eq(users.guid, session.Id)))[0].login,
        password: PASSWORD,
      });
      expect((await post(app, 'Logout', logoutWith === 'old' ? session : last)).Data).toEqual({ Ret: 1 });
      for (const t of [session, next, last]) expect((await get(app, 'UpdateTicket', t)).Code).toBe(401);
      // another session of the same user stays
      expect((await get(app, 'UpdateTicket', other)).Code).toBe(200);
    }
  });

  it('a password change ends the user’s other sessions but the current one', async () => {
    const { app, db } = h();
    const { user, session } = await signIn(app, db);
    const other = await login(app, user);
    const renewed = await get<{ Ticket: string }>(app, 'UpdateTicket', session);
    const current = { Id: session.Id, Ticket: renewed.Data!.Ticket };
    expect((await post(app, 'UserCh', { ...current, Old: PASSWORD, New: 'Fresh#2026x' })).Data).toEqual({
      Ret: 1,
    });
    expect((await get(app, 'UpdateTicket', other)).Code).toBe(401);
    expect((await get(app, 'UpdateTicket', current)).Code).toBe(200);
  });

  it('purges expired sessions, old login counters, old idempotency keys and expired recovery codes', async () => {
    const { db } = h();
    const u = await makeUser(db);
    const old = new Date(Date.now() - 3 * 86_400_000);
    const id = crypto.randomUUID();
    await db.insert(sessions).values({
      id,
      family: id,
      userGuid: u.guid,
      ticketHash: 'x',
      expiresAt: old,
      maxExpiresAt: old,
    });
    await db.insert(loginAttempts).values({ key: 'ip:1.1.1.1', failures: 3, firstFailureAt: old });
    await db.insert(loginAttempts).values({ key: 'ip:2.2.2.2', failures: 3 });
    await db
      .insert(idempotencyKeys)
      .values({ key: 'k', call: 'X', requestHash: 'h', response: {}, createdAt: old });
    await db.update(users).set({ recoveryHash: 'h', recoveryExpires: old }).where(eq(users.guid, u.guid));
    expect(await purgeExpired(db)).toEqual({
      sessions: 1,
      loginAttempts: 1,
      idempotencyKeys: 1,
      recoveryCodes: 1,
    });
    expect(await db.select().from(loginAttempts)).toHaveLength(1);
  });
});

describe('7. idempotency in the write’s own transaction', () => {
  const body = { Kind: 'create', Login: 'nino' };
  const count = async () =>
    (await rows<{ n: number }>(h().db, sql`select count(*)::int as n from account_requests`))[0].n;

  it('leaves no key when the write fails before its commit, so the retry applies once', async () => {
    const { app, db } = h();
    // The write dies inside its transaction (as in a crash): nothing is applied, no key is left.
    await db.execute(sql`create table po_test_arm (x int)`);
    await db.execute(
      sql.raw(`create function po_fail() returns trigger language plpgsql as $$
        begin if exists (select 1 from po_test_arm) then raise exception 'crash'; end if; return new; end $$`),
    );
    await db.execute(
      sql`create trigger po_fail before insert on account_requests for each row execute function po_fail()`,
    );
    try {
      await db.execute(sql`insert into po_test_arm values (1)`);
      const first = await post(app, 'PostAccountRequest', body, { 'idempotency-key': 'k-crash' });
      expect(first.Code).toBe(500);
      expect(await db.select().from(idempotencyKeys)).toHaveLength(0);
      expect(await count()).toBe(0);
      await db.execute(sql`delete from po_test_arm`);
      const retry = await post<{ Ret: number }>(app, 'PostAccountRequest', body, {
        'idempotency-key': 'k-crash',
      });
      expect(retry.Data!.Ret).toBeGreaterThan(0);
      expect(await count()).toBe(1);
      const again = await post(app, 'PostAccountRequest', body, { 'idempotency-key': 'k-crash' });
      expect(again.Data).toEqual(retry.Data);
      expect(await count()).toBe(1);
    } finally {
      await db.execute(sql`drop trigger if exists po_fail on account_requests`);
      await db.execute(sql`drop function if exists po_fail()`);
      await db.execute(sql`drop table if exists po_test_arm`);
    }
  });

  it('answers the first answer to a retry after the write committed (the answer was lost)', async () => {
    const { app, db } = h();
    const first = await post<{ Ret: number }>(app, 'PostAccountRequest', body, { 'idempotency-key': 'k-2' });
    // the key and the write committed together: the key holds the answer, no "pending" state exists
    const [key] = await db.select().from(idempotencyKeys);
    expect(key.response).toEqual({ data: first.Data });
    const again = await post(app, 'PostAccountRequest', body, { 'idempotency-key': 'k-2' });
    expect(again.Data).toEqual(first.Data);
    expect(await count()).toBe(1);
    const changed = await post(
      app,
      'PostAccountRequest',
      { ...body, Login: 'other' },
      { 'idempotency-key': 'k-2' },
    );
    expect(changed).toMatchObject({ Code: 409, Key: 'common.idempotencyMismatch' });
  });

  it('applies two copies sent at once only once', async () => {
    const { app } = h();
    const copies = await Promise.all(
      [1, 2, 3].map(() =>
        post<{ Ret: number }>(app, 'PostAccountRequest', body, { 'idempotency-key': 'k-3' }),
      ),
    );
    expect(new Set(copies.map((c) => JSON.stringify(c.Data))).size).toBe(1);
    expect(await count()).toBe(1);
  });
});

describe('8. HTTP hygiene', () => {
  it('sends security headers, and no-store on answers carrying tickets', async () => {
    const { app, db } = h();
    const u = await makeUser(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/PostGetUser',
      payload: { Login: u.login, Password: PASSWORD },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('takes writes as application/json only (415 in the envelope), even with an empty body', async () => {
    const { app, db } = h();
    for (const [type, payload] of [
      ['text/plain', '{"Kind":"create","Login":"csrf"}'],
      ['application/x-www-form-urlencoded', 'Kind=create&Login=csrf'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/PostAccountRequest',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Status: false, Code: 415, Key: 'http.jsonOnly' });
    }
    const query = await app.inject({ method: 'POST', url: '/api/PostAccountRequest?Kind=create&Login=csrf' });
    expect(query.json()).toMatchObject({ Code: 415 });
    expect(await rows(db, sql`select * from account_requests`)).toHaveLength(0);
  });

  it('closes a request dribbled byte by byte and answers an oversized URL in the envelope', async () => {
    const { database } = h();
    const app = await buildApp(testConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: 1 }), database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const net = await import('node:net');
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write(
          'POST /api/PostAccountRequest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        );
      });
      let got = '';
      s.on('data', (d) => (got += String(d)));
      s.on('close', () => resolve(got));
      s.on('error', () => resolve(got));
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer).toMatch(/"Code":400/);
    const long = await fetch(`http://127.0.0.1:${port}/api/PostGetUser?Login=${'a'.repeat(20_000)}`);
    expect(await long.json()).toMatchObject({ Status: false, Code: 400, Key: 'http.urlTooLong' });
    await app.close();
  });

  it('closes a connection whose headers keep dribbling past the time-out (issue 35, point 7)', async () => {
    const { database } = h();
    const app = await buildApp(testConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: 1 }), database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const net = await import('node:net');
    const started = Date.now();
    // a header line every 200 ms, for at most 8 s: each line keeps the socket from going idle, and the
    // client never reads, so only the server closing the connection ends it
    const closedAfter = await new Promise<number>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'));
      let n = 0;
      const timer = setInterval(() => {
        if (++n > 40) {
          clearInterval(timer);
          s.destroy();
          resolve(Infinity);
        } else if (!s.destroyed) s.write(`X-Dribble-${n}: ${n}\r\n`);
      }, 200);
      const done = () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      };
      s.on('close', done);
      s.on('error', done);
    });
    expect(closedAfter).toBeLessThan(5_000);
    await app.close();
  });

  it('closes a connection opened ahead of need and left unused, rather than answer its request "too long"', async () => {
    const { database } = h();
    const app = await buildApp(testConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: 2 }), database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const net = await import('node:net');
    // as a browser's preconnect: connect, send nothing; Node would count a request sent later from the
    // moment of connecting and answer it http.timeout
    const started = Date.now();
    const unused = await new Promise<{ after: number; got: string }>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      let got = '';
      s.on('data', (d) => (got += String(d)));
      s.on('close', () => resolve({ after: Date.now() - started, got }));
    });
    expect(unused.got).toBe('');
    expect(unused.after).toBeLessThan(2_000);
    // a connection in use is not closed by it
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    await app.close();
  });
});

describe('9. less to see', () => {
  it('gives offices’ personal codes to administrators only', async () => {
    const { app, db } = h();
    await makeOffice(db, { pid: '204000002' });
    for (const roleId of [100, 104, 105, 107]) {
      const { session } = await signIn(app, db, { roleId });
      const res = await get<{ Offices: Array<{ PID: string }> }>(app, 'PostGetOffices', {
        ...session,
        Rid: 0,
      });
      const pids = res.Data!.Offices.map((o) => o.PID).filter(Boolean);
      if (roleId === 100) expect(pids).toContain('204000002');
      else expect(pids).toEqual([]);
    }
  });
});
