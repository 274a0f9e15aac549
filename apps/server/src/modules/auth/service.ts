import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code, Role, WORKING_ROLES, encodeNote, isStrongPassword } from '@po/contract';
import type { loginData, userCheckData } from '@po/contract/auth';
import type { Ctx, AuthedCtx, SessionUser } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { AppError, badInput } from '../../http/errors.ts';
import {
  createSession,
  recordAttendance,
  resolveSession,
  revokeSession,
  revokeUserSessions,
  rotateTicket,
} from '../../http/session.ts';
import { mobiles, offices, users, accountRequests } from '../../db/schema.ts';
import { newCode, sha256 } from '../../lib/crypto.ts';
import { burnVerify, hashPassword, verifyPassword } from './passwords.ts';
import { assertBudget, assertNotLocked, clearFailures, recordFailure } from './throttle.ts';

type LoginData = z.output<typeof loginData>;
type UserCheck = z.output<typeof userCheckData>;

const RECOVERY_MINUTES = 30;

async function issueRecoveryCode(ctx: Ctx, userGuid: string): Promise<string> {
  const code = newCode();
  await ctx.db
    .update(users)
    .set({ recoveryHash: sha256(code), recoveryExpires: new Date(Date.now() + RECOVERY_MINUTES * 60_000) })
    .where(eq(users.guid, userGuid));
  return code;
}

/** The note of a user as the client decodes it. */
export function noteFor(u: {
  registrationDisable: boolean;
  isAnother: boolean;
  isCorporate: boolean;
  officeGuid: string | null;
  roleId: number;
  distributionCenter: string | null;
  pid: string;
  officeName: string;
}): string {
  return encodeNote({
    RegistrationDisable: u.registrationDisable,
    IsAnother: u.isAnother,
    IsCorporate: u.isCorporate,
    OfficeGUID: u.officeGuid ?? '',
    RoleId: u.roleId,
    DistributionCenter: u.distributionCenter ?? '',
    Pid: u.pid,
    OfficeName: u.officeName,
  });
}

export async function login(
  ctx: Ctx,
  input: { Login: string; Password: string },
  userAgent: string,
): Promise<LoginData> {
  const { db, config } = ctx;
  await assertNotLocked(db, input.Login, ctx.ip);
  const [u] = await db
    .select({
      guid: users.guid,
      login: users.login,
      name: users.name,
      passwordHash: users.passwordHash,
      passwordValid: users.passwordValid,
      passwordTemporary: users.passwordTemporary,
      roleId: users.roleId,
      enabled: users.enabled,
      isAnother: users.isAnother,
      registrationDisable: users.registrationDisable,
      avatarUrl: users.avatarUrl,
      phone: users.phone,
      officeGuid: users.officeGuid,
      officeName: offices.name,
      isCorporate: offices.isCorporate,
      isDistrCenter: offices.isDistrCenter,
      distributionCenter: offices.distributionCenter,
      pid: offices.pid,
    })
    .from(users)
    .leftJoin(offices, eq(offices.guid, users.officeGuid))
    .where(and(sql`lower(${users.login}) = ${input.Login.trim().toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);

  if (!u) {
    await burnVerify(input.Password);
    await recordFailure(db, config, input.Login, ctx.ip);
    throw new AppError(Code.Unauthorized, 'auth.badCredentials');
  }

  // No password (an administrator's reset, or a new user): no password opens the account, the empty one
  // included. The user sets one at /change-password/{code} with the code only the administrator saw.
  if (u.passwordHash === null) {
    await burnVerify(input.Password);
    await recordFailure(db, config, input.Login, ctx.ip);
    throw new AppError(Code.Unauthorized, 'auth.badCredentials');
  }

  if (!(await verifyPassword(u.passwordHash, input.Password))) {
    await recordFailure(db, config, input.Login, ctx.ip);
    throw new AppError(Code.Unauthorized, 'auth.badCredentials');
  }
  if (!WORKING_ROLES.includes(u.roleId)) throw new AppError(Code.Forbidden, 'auth.role');
  if (!u.enabled) throw new AppError(Code.Forbidden, 'auth.disabled');

  await clearFailures(db, input.Login, ctx.ip);
  const isCourier = u.roleId === Role.Courier;
  const ticket = await createSession(db, config, u.guid, { mobile: isCourier, ip: ctx.ip, userAgent });
  const now = new Date();
  await recordAttendance(db, u.guid, now);

  const [mobile] = await db
    .select()
    .from(mobiles)
    .where(and(eq(mobiles.userGuid, u.guid), eq(mobiles.isActive, true)))
    .orderBy(desc(mobiles.createdAt))
    .limit(1);

  const expired = u.passwordValid < now;
  const recovery = expired && !isCourier ? await issueRecoveryCode(ctx, u.guid) : null;
  await audit(
    db,
    { ...ctx, user: { guid: u.guid } as SessionUser },
    { action: 'login', entity: 'users', entityId: u.guid },
  );

  return {
    Name: u.name || u.login,
    Ticket: ticket,
    Note: noteFor({
      registrationDisable: u.registrationDisable,
      isAnother: u.isAnother,
      isCorporate: u.isCorporate ?? false,
      officeGuid: u.officeGuid,
      roleId: u.roleId,
      // a corporate client's head office is its own office (DOMAIN.md "Parcel scope")
      distributionCenter: u.isDistrCenter || u.isCorporate ? u.officeGuid : (u.distributionCenter ?? null),
      pid: u.pid ?? '',
      officeName: u.officeName ?? '',
    }),
    Role: u.roleId,
    UserId: u.guid,
    PasswordExp: expired,
    Mobile: mobile?.phone || u.phone || '',
    CarNumber: mobile?.carNumber ?? '',
    DriverId: mobile?.driverId ?? '',
    RecoveryCode: recovery,
    AvatarUrl: u.avatarUrl,
    PasswordTemporary: u.passwordTemporary,
  };
}

/** Renews the ticket and answers the user check (spec: ticket, id, role, name, Exp, avatarUrl). */
export async function renew(ctx: AuthedCtx, oldTicket: string): Promise<UserCheck> {
  const ticket = await rotateTicket(ctx.db, ctx.config, ctx.user, oldTicket);
  const [u] = await ctx.db
    .select({ avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.guid, ctx.user.guid));
  const expired = ctx.user.passwordExpired;
  const recovery =
    expired && ctx.user.roleId !== Role.Courier ? await issueRecoveryCode(ctx, ctx.user.guid) : null;
  return {
    Ticket: ticket,
    ticket,
    id: ctx.user.guid,
    role: ctx.user.roleId,
    name: ctx.user.name,
    Exp: expired,
    avatarUrl: u?.avatarUrl ?? null,
    Note: noteFor(ctx.user),
    RecoveryCode: recovery,
    PasswordTemporary: ctx.user.passwordTemporary,
  };
}

export async function changePassword(
  ctx: Ctx,
  input: { Id: string; Ticket: string; Guid: string; Old: string; New: string },
): Promise<{ Ret: number }> {
  const { db, config } = ctx;
  let userGuid: string;
  let needOld = true;

  const sessionUser = input.Ticket ? await resolveSession(db, config, input.Ticket) : null;
  if (input.Ticket && !sessionUser) throw new AppError(Code.Unauthorized, 'auth.required');
  if (sessionUser) {
    // Id and Ticket together, as for every session call: the Id is required and must be the ticket's user.
    if (input.Id.toLowerCase() !== sessionUser.guid) throw new AppError(Code.Unauthorized, 'auth.required');
    if (sessionUser.roleId === Role.Courier) throw new AppError(Code.Forbidden, 'auth.forbidden');
    userGuid = sessionUser.guid;
  } else if (input.Guid) {
    const [u] = await db
      .select({ guid: users.guid })
      .from(users)
      .where(and(eq(users.recoveryHash, sha256(input.Guid)), gt(users.recoveryExpires, new Date())))
      .limit(1);
    if (!u) throw new AppError(Code.Unauthorized, 'auth.badRecovery');
    userGuid = u.guid;
    needOld = false;
  } else {
    throw new AppError(Code.Unauthorized, 'auth.required');
  }

  const [u] = await db.select().from(users).where(eq(users.guid, userGuid));
  if (!u) throw new AppError(Code.Unauthorized, 'auth.required');
  await assertNotLocked(db, u.login, ctx.ip);
  if (needOld && u.passwordHash !== null && !(await verifyPassword(u.passwordHash, input.Old))) {
    await recordFailure(db, config, u.login, ctx.ip);
    throw badInput('auth.oldPassword');
  }
  if (!isStrongPassword(input.New)) throw badInput('auth.weakPassword');
  if (u.passwordHash !== null && (await verifyPassword(u.passwordHash, input.New)))
    throw badInput('auth.samePassword');

  const hashed = await hashPassword(input.New);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash: hashed,
        passwordValid: new Date(Date.now() + config.PASSWORD_VALID_DAYS * 86_400_000),
        // the user's own password: the session is no longer limited to changing it
        passwordTemporary: false,
        recoveryHash: null,
        recoveryExpires: null,
        updatedAt: new Date(),
      })
      .where(eq(users.guid, u.guid));
    // The old password is of no further use: every other session of the user ends (all of them when
    // the change came through a recovery code).
    await revokeUserSessions(tx, u.guid, sessionUser?.sessionId);
    await audit(
      tx,
      { ...ctx, user: sessionUser ?? ({ guid: u.guid } as SessionUser) },
      {
        action: 'UserCh',
        entity: 'users',
        entityId: u.guid,
      },
    );
  });
  return { Ret: 1 };
}

/** Ends the whole session: the ticket used, its predecessors and the tickets renewed from it. */
export async function logout(ctx: AuthedCtx): Promise<{ Ret: number }> {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, ctx.user.sessionId);
    await audit(tx, ctx, { action: 'Logout', entity: 'sessions', entityId: ctx.user.sessionId });
  });
  return { Ret: 1 };
}

export async function saveAccountRequest(
  ctx: Ctx,
  input: {
    Kind: 'reset' | 'create';
    Login: string;
    Name: string;
    Phone: string;
    Email: string;
    Office: string;
    Message: string;
  },
): Promise<{ Ret: number }> {
  await assertBudget(ctx.db, `req:${ctx.ip}`, 10, 60);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountRequests)
      .values({
        kind: input.Kind,
        login: input.Login,
        name: input.Name,
        phone: input.Phone,
        email: input.Email,
        office: input.Office,
        message: input.Message,
        ip: ctx.ip,
      })
      .returning({ id: accountRequests.id });
    await audit(tx, ctx, {
      action: 'PostAccountRequest',
      entity: 'account_requests',
      entityId: String(row.id),
      after: input,
    });
    return { Ret: row.id };
  });
}

export async function listAccountRequests(ctx: AuthedCtx) {
  const rows = await ctx.db
    .select({ r: accountRequests, handledBy: users.login })
    .from(accountRequests)
    .leftJoin(users, eq(users.guid, accountRequests.handledBy))
    .orderBy(desc(accountRequests.createdAt))
    .limit(500);
  return {
    Requests: rows.map(({ r, handledBy }) => ({
      ID: r.id,
      Kind: r.kind,
      Login: r.login,
      Name: r.name,
      Phone: r.phone,
      Email: r.email,
      Office: r.office,
      Message: r.message,
      CreateDate: r.createdAt.toISOString(),
      Handled: r.handledAt !== null,
      HandledBy: handledBy ?? null,
    })),
  };
}

export async function handleAccountRequest(ctx: AuthedCtx, id: number): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountRequests)
      .set({ handledAt: new Date(), handledBy: ctx.user.guid })
      .where(and(eq(accountRequests.id, id), isNull(accountRequests.handledAt)))
      .returning({ id: accountRequests.id });
    if (!row) throw new AppError(Code.NotFound, 'common.notFound');
    await audit(tx, ctx, {
      action: 'PostHandleAccountRequest',
      entity: 'account_requests',
      entityId: String(id),
    });
    return { Ret: 1 };
  });
}
