/**
 * A password an administrator sets is temporary (issue 37, OWASP's authentication guidance): the login
 * says so, the session may only change it, renew and log out, and the user's own password ends that.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@po/contract';
import { useHarness } from '../../test/harness.ts';
import { get, makeOffice, post, signIn, type Session } from '../../test/factories.ts';
import { auditLog, users } from '../../db/schema.ts';
import { signInAdmin } from '../admin/test-helpers.ts';

const h = useHarness();
const REFUSED = 'ადმინისტრატორის მიერ მინიჭებული პაროლი დროებითია: ჯერ შეცვალეთ ის საკუთარი პაროლით';

interface LoginAnswer {
  UserId: string;
  Ticket: string;
  Note: string;
  PasswordTemporary: boolean;
  PasswordExp: boolean;
}

/** An operator whose password the administrator has just set to `pass`. */
async function withSetPassword(pass: string, roleId: number = Role.Operator) {
  const { app, db } = h();
  const admin = await signInAdmin(app, db);
  const office = await makeOffice(db);
  const target = await signIn(app, db, { roleId, officeGuid: office.guid });
  const set = await get(app, 'PostUserChangePaswword', { ...admin.session, User: target.user.guid, pass });
  expect(set).toMatchObject({ Status: true, Data: { Ret: 1 } });
  return { app, db, admin, target };
}

async function loginWith(app: ReturnType<typeof h>['app'], login: string, password: string) {
  const res = await post<LoginAnswer>(app, 'PostGetUser', { Login: login, Password: password });
  expect(res).toMatchObject({ Status: true, Code: 200 });
  const d = res.Data!;
  return { answer: d, session: { Id: d.UserId, Ticket: d.Ticket, Note: d.Note } as Session };
}

describe('a password set by an administrator is temporary', () => {
  it('the login says so; every call but change, renew and logout is refused with a Georgian message', async () => {
    const { app, db, target } = await withSetPassword('Temp#Pass1');
    const { answer, session } = await loginWith(app, target.user.login, 'Temp#Pass1');
    expect(answer).toMatchObject({ PasswordTemporary: true, PasswordExp: false });
    expect((await db.select().from(users).where(eq(users.guid, target.user.guid)))[0]).toMatchObject({
      passwordTemporary: true,
    });

    for (const [name, params] of [
      ['PostGetOffices', {}],
      ['PostGetRegion', { Rid: 20 }],
    ] as const) {
      expect(await get(app, name, { ...session, ...params })).toMatchObject({
        Status: false,
        Code: 403,
        Data: null,
        Error: REFUSED,
      });
    }
    // a write is refused the same way, and writes nothing
    const audits = (await db.select().from(auditLog)).length;
    expect(await post(app, 'PostHandleAccountRequest', { ...session, ID: 1 })).toMatchObject({
      Code: 403,
      Error: REFUSED,
    });
    expect((await db.select().from(auditLog)).length).toBe(audits);

    // renewing the ticket answers the flag, so the home check sends the user on
    const renew = await get<{ PasswordTemporary: boolean; Ticket: string }>(app, 'UpdateTicket', session);
    expect(renew).toMatchObject({ Status: true, Data: { PasswordTemporary: true } });
  });

  it('the user chooses their own password with the session: the flag clears and the session works', async () => {
    const { app, db, target } = await withSetPassword('Temp#Pass1');
    const { session } = await loginWith(app, target.user.login, 'Temp#Pass1');
    // the old password must be the temporary one
    expect(await post(app, 'UserCh', { ...session, Old: 'wrong', New: 'Mine#Pass2' })).toMatchObject({
      Code: 400,
      Error: 'ოპერაციის შეცდომა, ძველი პაროლი',
    });
    expect(await post(app, 'UserCh', { ...session, Old: 'Temp#Pass1', New: 'Mine#Pass2' })).toMatchObject({
      Status: true,
      Data: { Ret: 1 },
    });
    expect((await db.select().from(users).where(eq(users.guid, target.user.guid)))[0]).toMatchObject({
      passwordTemporary: false,
    });
    // the same session now works, and the next login is an ordinary one
    expect(await get(app, 'PostGetOffices', session)).toMatchObject({ Status: true, Code: 200 });
    const again = await loginWith(app, target.user.login, 'Mine#Pass2');
    expect(again.answer.PasswordTemporary).toBe(false);
  });

  it('logging out is allowed; a reset (recovery code) and a courier’s password are not temporary', async () => {
    const { app, db, admin, target } = await withSetPassword('Temp#Pass1');
    const { session } = await loginWith(app, target.user.login, 'Temp#Pass1');
    expect(await post(app, 'Logout', session)).toMatchObject({ Status: true, Data: { Ret: 1 } });

    // a reset: the user chooses the password with the code, so it is their own
    const reset = await get<{ RecoveryCode: string }>(app, 'PostUserChangePaswword', {
      ...admin.session,
      User: target.user.guid,
      pass: '',
    });
    expect(await post(app, 'UserCh', { Guid: reset.Data!.RecoveryCode, New: 'Own#Pass3' })).toMatchObject({
      Status: true,
    });
    expect((await loginWith(app, target.user.login, 'Own#Pass3')).answer.PasswordTemporary).toBe(false);

    // a courier may not change a password (spec 000 §2.8): the administrator's stays the working one
    const courier = await signIn(app, db, { roleId: Role.Courier });
    expect(
      await get(app, 'PostUserChangePaswword', {
        ...admin.session,
        User: courier.user.guid,
        pass: 'Car#Pass4',
      }),
    ).toMatchObject({ Status: true });
    const c = await loginWith(app, courier.user.login, 'Car#Pass4');
    expect(c.answer.PasswordTemporary).toBe(false);
    expect(await get(app, 'UpdateTicketMobile', c.session)).toMatchObject({ Status: true });
  });
});
