import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { decodeNote, type Envelope } from '@po/contract';
import { useHarness } from '../../test/harness.ts';
import { get, login, makeOffice, makeUser, post, signIn, PASSWORD } from '../../test/factories.ts';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { rows } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';

const h = useHarness({ config: { LOGIN_MAX_FAILURES: 3, LOGIN_LOCK_MINUTES: 10 } });

type LoginData = {
  Ticket: string;
  Note: string;
  Role: number;
  UserId: string;
  PasswordExp: boolean;
  Name: string;
};

describe('login (PostGetUser)', () => {
  it('answers a ticket and a note the client decodes to the user’s office and flags', async () => {
    const { app, db } = h();
    const office = await makeOffice(db, { name: 'ბათუმის ოფისი', pid: '204000002', isCorporate: true });
    const user = await makeUser(db, { roleId: 107, officeGuid: office.guid, isAnother: true });
    const res = await get<LoginData>(app, 'PostGetUser', { Login: user.login, Password: PASSWORD });
    expect(res.Status).toBe(true);
    expect(res.Data!.Role).toBe(107);
    expect(res.Data!.UserId).toBe(user.guid);
    expect(res.Data!.Ticket.length).toBeGreaterThan(30);
    expect(decodeNote(res.Data!.Note)).toEqual({
      RegistrationDisable: false,
      IsAnother: true,
      IsCorporate: true,
      OfficeGUID: office.guid,
      RoleId: 107,
      // a corporate client's head office is its own office (docs/domain.md "Whose parcel is it")
      DistributionCenter: office.guid,
      Pid: '204000002',
      OfficeName: 'ბათუმის ოფისი',
    });
  });

  it('matches the login name case-insensitively and accepts parameter names in any case', async () => {
    const { app, db } = h();
    const user = await makeUser(db);
    const res = await get<LoginData>(app, 'PostGetUser', {
      login: user.login.toUpperCase(),
      PASSWORD: PASSWORD,
    });
    expect(res.Status).toBe(true);
  });

  it('refuses a wrong password with a Georgian message and stores no session', async () => {
    const { app, db } = h();
    const user = await makeUser(db);
    const res = await post(app, 'PostGetUser', { Login: user.login, Password: 'Wrong#123' });
    expect(res).toMatchObject({ Status: false, Code: 401, Data: null });
    expect(res.Error).toBe('მომხმარებლის სახელი ან პაროლი არასწორია');
    expect(await db.select().from(sessions)).toHaveLength(0);
  });

  it('refuses roles that may not work in the system even with the right password', async () => {
    const { app, db } = h();
    const user = await makeUser(db, { roleId: 102 });
    const res = await post(app, 'PostGetUser', { Login: user.login, Password: PASSWORD });
    expect(res).toMatchObject({ Status: false, Code: 403, Error: 'ამ როლით სისტემაში მუშაობა შეუძლებელია' });
  });

  it('refuses a disabled user', async () => {
    const { app, db } = h();
    const user = await makeUser(db, { enabled: false });
    const res = await post(app, 'PostGetUser', { Login: user.login, Password: PASSWORD });
    expect(res).toMatchObject({ Status: false, Code: 403, Error: 'მომხმარებელი გათიშულია' });
  });

  it('reports an expired password and gives a recovery code for the change-password screen', async () => {
    const { app, db } = h();
    const user = await makeUser(db, { passwordValid: new Date(Date.now() - 1000) });
    const res = await post<LoginData & { RecoveryCode: string }>(app, 'PostGetUser', {
      Login: user.login,
      Password: PASSWORD,
    });
    expect(res.Data!.PasswordExp).toBe(true);
    expect(res.Data!.RecoveryCode).toMatch(/^[0-9a-f]{32}$/);
  });

  it('locks a login after repeated failures, refusing even the right password with 429', async () => {
    const { app, db } = h();
    const user = await makeUser(db);
    for (let i = 0; i < 3; i++) await post(app, 'PostGetUser', { Login: user.login, Password: 'nope' });
    const res = await post(app, 'PostGetUser', { Login: user.login, Password: PASSWORD });
    expect(res.Status).toBe(false);
    expect(res.Code).toBe(429);
    expect(res.Error).toMatch(/^ძალიან ბევრი წარუმატებელი მცდელობა\. სცადეთ ხელახლა \d\d:\d\d-ზე$/);
  });

  it('answers a Georgian 400 naming the field when the login is missing', async () => {
    const { app } = h();
    const res = await post(app, 'PostGetUser', { Password: 'x' });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: 'ველი „მომხმარებელი“ სავალდებულოა' });
  });
});

describe('tickets', () => {
  it('renews a ticket: the new one works, the old one only for the grace period', async () => {
    const { app, db } = h();
    const { session } = await signIn(app, db);
    const res = await get<{ Ticket: string; id: string; Exp: boolean }>(app, 'UpdateTicket', session);
    expect(res.Status).toBe(true);
    expect(res.Data!.Ticket).not.toBe(session.Ticket);
    expect(res.Data!.id).toBe(session.Id);
    expect((await get(app, 'UpdateTicket', { Id: session.Id, Ticket: res.Data!.Ticket })).Status).toBe(true);
    // End the grace period and the old ticket is refused.
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where expires_at < now() + interval '5 minutes'`,
    );
    expect((await get(app, 'UpdateTicket', session)).Code).toBe(401);
  });

  it('refuses an expired, unknown or foreign ticket with 401', async () => {
    const { app, db } = h();
    const a = await signIn(app, db);
    const b = await signIn(app, db);
    expect((await get(app, 'UpdateTicket', { Id: a.session.Id, Ticket: 'garbage' })).Code).toBe(401);
    expect((await get(app, 'UpdateTicket', { Id: a.session.Id, Ticket: b.session.Ticket })).Code).toBe(401);
    expect((await get(app, 'UpdateTicket', {})).Code).toBe(401);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userGuid, a.user.guid));
    const res = await get(app, 'UpdateTicket', a.session);
    expect(res).toMatchObject({ Status: false, Code: 401, Error: 'საჭიროა ავტორიზაცია' });
  });

  it('keeps the mobile renewal for couriers (403 for office staff)', async () => {
    const { app, db } = h();
    const staff = await signIn(app, db, { roleId: 105 });
    expect((await get(app, 'UpdateTicketMobile', staff.session)).Code).toBe(403);
    const courier = await signIn(app, db, { roleId: 106 });
    expect((await get(app, 'UpdateTicketMobile', courier.session)).Status).toBe(true);
  });

  it('ends the session on the server at logout', async () => {
    const { app, db } = h();
    const { session } = await signIn(app, db);
    expect((await post(app, 'Logout', session)).Data).toEqual({ Ret: 1 });
    expect((await get(app, 'UpdateTicket', session)).Code).toBe(401);
  });
});

describe('password change (UserCh)', () => {
  it('changes the password when the old one is right and restarts its validity', async () => {
    const { app, db } = h();
    const { user, session } = await signIn(app, db, { passwordValid: new Date(Date.now() + 1000) });
    const res = await post(app, 'UserCh', { ...session, Old: PASSWORD, New: 'Fresh#2026x' });
    expect(res.Data).toEqual({ Ret: 1 });
    const [u] = await db.select().from(users).where(eq(users.guid, user.guid));
    expect(u.passwordValid.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    await expect(login(app, { login: user.login, password: 'Fresh#2026x' })).resolves.toBeTruthy();
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'UserCh'));
    expect(audited).toHaveLength(1);
  });

  it('refuses a wrong old password and a weak new one, changing nothing', async () => {
    const { app, db } = h();
    const { user, session } = await signIn(app, db);
    const wrong = await post(app, 'UserCh', { ...session, Old: 'Bad#12345', New: 'Fresh#2026x' });
    expect(wrong).toMatchObject({ Status: false, Code: 400, Error: 'ოპერაციის შეცდომა, ძველი პაროლი' });
    for (const weak of ['short', 'alllower#1', 'NoDigits#x', 'NoSpecial1a']) {
      const res = await post(app, 'UserCh', { ...session, Old: PASSWORD, New: weak });
      expect(res.Code).toBe(400);
    }
    await expect(login(app, user)).resolves.toBeTruthy();
  });

  it('lets a reset user set a new password through the recovery code, never through an empty password', async () => {
    const { app, db } = h();
    const user = await makeUser(db);
    const code = 'c0ffee'.padEnd(32, '0');
    await db
      .update(users)
      .set({
        passwordHash: null,
        recoveryHash: sha256(code),
        recoveryExpires: new Date(Date.now() + 3_600_000),
      })
      .where(eq(users.guid, user.guid));
    expect((await post(app, 'PostGetUser', { Login: user.login, Password: PASSWORD })).Code).toBe(401);
    const empty = await post(app, 'PostGetUser', { Login: user.login, Password: '' });
    expect(empty).toMatchObject({ Status: false, Code: 401, Data: null });
    expect((await post(app, 'UserCh', { Guid: code, New: 'Brand#New1' })).Data).toEqual({ Ret: 1 });
    await expect(login(app, { login: user.login, password: 'Brand#New1' })).resolves.toBeTruthy();
    // The code is single-use.
    expect((await post(app, 'UserCh', { Guid: code, New: 'Other#New2' })).Code).toBe(401);
  });
});

describe('the envelope', () => {
  it('answers malformed JSON, an unknown call and a wrong type in the envelope with HTTP 200', async () => {
    const { app, db } = h();
    const bad = await app.inject({
      method: 'POST',
      url: '/api/UserCh',
      headers: { 'content-type': 'application/json' },
      payload: '{"Old": ',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ Status: false, Code: 400 });
    const unknown = await get(app, 'NoSuchCall');
    expect(unknown).toMatchObject({ Status: false, Code: 404 });
    const { session } = await signIn(app, db, { roleId: 100 });
    const wrongType = await post(app, 'PostHandleAccountRequest', { ...session, ID: 'abc' });
    expect(wrongType).toMatchObject({ Status: false, Code: 400, Error: 'ველი „მოთხოვნა“ უნდა იყოს რიცხვი' });
  });

  it('refuses an oversized body with a Georgian 400', async () => {
    const { app } = h();
    const res = await app.inject({
      method: 'POST',
      url: '/api/PostGetUser',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ Login: 'x', Password: 'y'.repeat(6 * 1024 * 1024) }),
    });
    expect(res.json()).toMatchObject({ Status: false, Code: 400, Error: 'მოთხოვნა ძალიან დიდია' });
  });

  it('answers 403 to a role the call does not allow, before looking at the input', async () => {
    const { app, db } = h();
    const { session } = await signIn(app, db, { roleId: 105 });
    const res = await get(app, 'GetAccountRequests', session);
    expect(res).toMatchObject({ Status: false, Code: 403, Error: 'ამ ოპერაციის შესრულების უფლება არ გაქვთ' });
    const corp = await makeOffice(db, { isCorporate: true });
    const admin = await signIn(app, db, { roleId: 100, officeGuid: corp.guid });
    expect((await get(app, 'GetAccountRequests', admin.session)).Code).toBe(403);
  });
});

describe('account requests', () => {
  it('stores a public request that administrators list and mark handled; a retry does not apply twice', async () => {
    const { app, db } = h();
    const body = {
      Kind: 'reset',
      Login: 'nino',
      Name: 'ნინო',
      Phone: '599000000',
      Message: 'დამავიწყდა პაროლი',
    };
    const first = await post<{ Ret: number }>(app, 'PostAccountRequest', body, { 'idempotency-key': 'k-1' });
    const again = await post<{ Ret: number }>(app, 'PostAccountRequest', body, { 'idempotency-key': 'k-1' });
    expect(first.Data!.Ret).toBeGreaterThan(0);
    expect(again.Data).toEqual(first.Data);
    const { session } = await signIn(app, db, { roleId: 100 });
    const list = await get<{ Requests: Array<{ ID: number; Login: string; Handled: boolean }> }>(
      app,
      'GetAccountRequests',
      session,
    );
    expect(list.Data!.Requests).toHaveLength(1);
    expect(list.Data!.Requests[0]).toMatchObject({ Login: 'nino', Handled: false });
    expect((await post(app, 'PostHandleAccountRequest', { ...session, ID: first.Data!.Ret })).Data).toEqual({
      Ret: 1,
    });
    const count = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from account_requests where handled_at is not null`,
    );
    expect(count[0].n).toBe(1);
  });

  it('keeps a call field named ID apart from the session Id in the same request', async () => {
    const { app, db } = h();
    const sent = await post<{ Ret: number }>(app, 'PostAccountRequest', { Kind: 'create', Login: 'giorgi' });
    const { session } = await signIn(app, db, { roleId: 100 });
    // The web client sends the session fields after the call's own: Id must not overwrite ID.
    const res = await post(app, 'PostHandleAccountRequest', { ID: sent.Data!.Ret, ...session });
    expect(res).toMatchObject({ Status: true, Data: { Ret: 1 } });
  });

  it.each([
    [
      'phone abc',
      { Phone: 'abc' },
      'ველი „ტელეფონი“: შეიყვანეთ ტელეფონის ნომერი ციფრებით (მაგ. 599 12 34 56)',
    ],
    [
      'e-mail not-an-email',
      { Email: 'not-an-email' },
      'ველი „ელ. ფოსტა“: შეიყვანეთ ელ. ფოსტის მისამართი (მაგ. name@example.ge)',
    ],
    [
      'a 5000-character name',
      { Name: 'ა'.repeat(5000) },
      'ველი „სახელი და გვარი“ ძალიან გრძელია (მაქსიმუმ 200 სიმბოლო)',
    ],
  ])('refuses a request with %s by the field’s Georgian label, writing nothing', async (_, over, message) => {
    const { app, db } = h();
    const res = await post(app, 'PostAccountRequest', { Kind: 'create', Login: 'giorgi', ...over });
    expect(res).toMatchObject({ Status: false, Code: 400, Error: message });
    expect(await rows(db, sql`select * from account_requests`)).toHaveLength(0);
    const fine = { Phone: '+995 599 12-34-56', Email: 'nino@example.ge' };
    expect(await post(app, 'PostAccountRequest', { Kind: 'create', Login: 'giorgi', ...fine })).toMatchObject(
      {
        Status: true,
      },
    );
  });

  it('refuses a request without a login, writing nothing', async () => {
    const { app, db } = h();
    const res = await post<Envelope<unknown>>(app, 'PostAccountRequest', { Kind: 'create' });
    expect(res).toMatchObject({ Status: false, Code: 400 });
    expect(await rows(db, sql`select * from account_requests`)).toHaveLength(0);
  });
});
