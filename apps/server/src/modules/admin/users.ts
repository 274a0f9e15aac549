import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { OFFICE_ROLES, Role, isStrongPassword, type CallParsed } from '@po/contract';
import {
  RESET_WINDOW_HOURS,
  adminRules,
  courierCode,
  type PostInsertUser,
  type PostUpdateUser,
  type UserRow,
} from '@po/contract/admin';
import type { AuthedCtx, SessionUser } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { badInput, conflict, forbidden, notFound } from '../../http/errors.ts';
import { revokeUserSessions } from '../../http/session.ts';
import { rows, type DbOrTx } from '../../db/client.ts';
import { offices, roles, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newCode, sha256 } from '../../lib/crypto.ts';
import { n, newGuid } from './common.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type UserInsert = CallParsed<typeof PostInsertUser>;
type UserUpdate = CallParsed<typeof PostUpdateUser>;

const userColumns = {
  guid: users.guid,
  login: users.login,
  officeGuid: users.officeGuid,
  roleId: users.roleId,
  statisticDefDay: users.statisticDefDay,
  statisticParcelsNumber: users.statisticParcelsNumber,
  passwordValid: users.passwordValid,
  isAnother: users.isAnother,
  enabled: users.enabled,
  registrationDisable: users.registrationDisable,
  info: users.info,
  officeIsCenter: offices.isDistrCenter,
  officeCenter: offices.distributionCenter,
};
type UserSel = { [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'] | null };

const toUserRow = (u: UserSel): UserRow => ({
  GUID: u.guid!,
  Login: u.login!,
  OfficeGUID: u.officeGuid,
  RoleId: u.roleId!,
  StatisticDefDay: u.statisticDefDay!,
  StatisticParcelsNumber: u.statisticParcelsNumber!,
  PasswordValid: u.passwordValid!.toISOString(),
  IsAnother: u.isAnother!,
  Enabled: u.enabled!,
  RegistrationDisable: u.registrationDisable!,
  Info: u.info!,
  DistributionCenter: u.officeIsCenter ? u.officeGuid : (u.officeCenter ?? null),
});

/**
 * Which operators a finder user may pick (spec 001 §4, 002 §6): role 100, or 105 not IsAnother → all;
 * another user at a distribution centre → that centre's operators (its own and its offices');
 * IsAnother at a plain office → only themselves; anyone else → their own office's operators.
 */
function operatorScope(me: SessionUser): SQL | undefined {
  if (me.roleId === Role.Admin || (me.roleId === Role.Operator && !me.isAnother)) return undefined;
  if (me.isDistrCenter && me.officeGuid) {
    return or(eq(users.officeGuid, me.officeGuid), eq(offices.distributionCenter, me.officeGuid));
  }
  if (me.isAnother || !me.officeGuid) return eq(users.guid, me.guid);
  return eq(users.officeGuid, me.officeGuid);
}

export async function listUsers(ctx: AuthedCtx, mode: number | undefined) {
  const finder = mode === 1;
  if (!finder && (ctx.user.roleId !== Role.Admin || ctx.user.isCorporate)) {
    throw forbidden(
      ctx.user.isCorporate && ctx.user.roleId === Role.Admin ? 'auth.corporate' : 'auth.forbidden',
    );
  }
  const where = finder
    ? and(
        isNull(users.deletedAt),
        or(inArray(users.roleId, [...OFFICE_ROLES]), eq(users.guid, ctx.user.guid)),
        operatorScope(ctx.user),
      )
    : isNull(users.deletedAt);
  const list = await ctx.db
    .select(userColumns)
    .from(users)
    .leftJoin(offices, eq(offices.guid, users.officeGuid))
    .where(where)
    .orderBy(asc(users.login));
  return { AllUsers: list.map(toUserRow) };
}

export async function listRoles(ctx: AuthedCtx) {
  const list = await ctx.db.select().from(roles).orderBy(asc(roles.roleId));
  return { Roles: list.map((r) => ({ RoleId: r.roleId, RoleName: r.roleName })) };
}

interface UserValues {
  login: string;
  roleId: number;
  officeGuid: string;
  enabled: boolean;
  isAnother: boolean;
  registrationDisable: boolean;
  statisticDefDay: number;
  statisticParcelsNumber: number;
  info: string;
}

/** The rules of spec 001 §5 that need the database or several fields. */
async function checkUser(tx: DbOrTx, v: UserValues, selfGuid: string | null): Promise<UserValues> {
  const [role] = await tx.select({ id: roles.roleId }).from(roles).where(eq(roles.roleId, v.roleId));
  if (!role) throw badInput('admin.roleUnknown');
  const [office] = await tx
    .select({ guid: offices.guid })
    .from(offices)
    .where(eq(offices.guid, v.officeGuid));
  if (!office) throw badInput('admin.officeUnknown');
  const commentKey = adminRules.courierComment(v.info, v.roleId);
  if (commentKey) throw badInput(commentKey);
  // Only couriers have a comment (their code).
  const info = v.roleId === Role.Courier ? v.info : '';
  const [same] = await tx
    .select({ guid: users.guid })
    .from(users)
    .where(
      and(
        sql`lower(${users.login}) = ${v.login.toLowerCase()}`,
        selfGuid ? ne(users.guid, selfGuid) : undefined,
      ),
    );
  if (same) throw conflict('admin.loginNotUnique');
  return { ...v, info };
}

function uniqueLogin<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    if (isUniqueViolation(e)) throw conflict('admin.loginNotUnique');
    throw e;
  });
}

/** One calendar month from now (the new-user password validity). */
function oneMonthFromNow(): Date {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export function insertUser(ctx: AuthedCtx, input: UserInsert) {
  return uniqueLogin(
    ctx.db.transaction(async (tx) => {
      const guid = input.Guid ?? newGuid();
      const [taken] = await tx.select({ guid: users.guid }).from(users).where(eq(users.guid, guid));
      if (taken) throw conflict();
      const values = await checkUser(
        tx,
        {
          login: input.Name,
          roleId: input.RoleId,
          officeGuid: input.OfficeGUID,
          enabled: input.Enabled,
          isAnother: input.IsAnother,
          registrationDisable: input.RegistrationDisable,
          statisticDefDay: input.StatisticDefDay,
          statisticParcelsNumber: input.StatisticParcelsNumber,
          info: input.Info,
        },
        null,
      );
      // No password yet: the administrator sets one, or resets it (PostUserChangePaswword) and gives the
      // user the one-time recovery code for /change-password/{code}.
      const [row] = await tx
        .insert(users)
        .values({
          guid,
          ...values,
          passwordHash: null,
          passwordValid: oneMonthFromNow(),
          recoveryExpires: new Date(Date.now() + RESET_WINDOW_HOURS * 3_600_000),
        })
        .returning();
      await audit(tx, ctx, { action: 'PostInsertUser', entity: 'users', entityId: guid, after: row });
      return { Ret: 1, Guid: guid };
    }),
  );
}

export function updateUser(ctx: AuthedCtx, input: UserUpdate) {
  return uniqueLogin(
    ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(users)
        .where(and(eq(users.guid, input.Guid), isNull(users.deletedAt)))
        .for('update');
      if (!before) throw notFound();
      const merged: UserValues = {
        login: input.Name,
        roleId: input.RoleId ?? before.roleId,
        officeGuid: input.OfficeGUID ?? before.officeGuid ?? '',
        enabled: input.Enabled ?? before.enabled,
        isAnother: input.IsAnother ?? before.isAnother,
        registrationDisable: input.RegistrationDisable ?? before.registrationDisable,
        statisticDefDay: input.StatisticDefDay ?? before.statisticDefDay,
        statisticParcelsNumber: input.StatisticParcelsNumber ?? before.statisticParcelsNumber,
        info: input.Info ?? before.info,
      };
      if (!merged.officeGuid) throw badInput('admin.officeRequired');
      if (before.guid === ctx.user.guid) {
        if (!merged.enabled) throw badInput('admin.selfDisable');
        if (merged.roleId !== before.roleId) throw badInput('admin.selfRole');
      }
      const values = await checkUser(tx, merged, before.guid);
      // Spec 001 §4: a courier edited without a comment gets a random 6-digit code and is disabled.
      if (values.roleId === Role.Courier && values.info === '') {
        values.info = courierCode();
        values.enabled = false;
      }
      const [after] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.guid, before.guid))
        .returning();
      if (before.enabled && !after.enabled) await revokeUserSessions(tx, before.guid);
      await audit(tx, ctx, {
        action: 'PostUpdateUser',
        entity: 'users',
        entityId: before.guid,
        before,
        after,
      });
      return { Ret: 1, Guid: before.guid };
    }),
  );
}

/**
 * Deletes a user: one with parcels or events is only disabled (Ret 2, so the history keeps its
 * author); otherwise the user is marked deleted (Ret 1). Either way the user's sessions end.
 */
export function deleteUser(ctx: AuthedCtx, guid: string) {
  if (guid === ctx.user.guid) throw badInput('admin.selfDelete');
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.guid, guid), isNull(users.deletedAt)))
      .for('update');
    if (!before) throw notFound();
    const [used] = await rows<{ c: number }>(
      tx,
      sql`select (
          (select count(*)::int from parcels where registered_by = ${guid} or deleted_by = ${guid} or courier_guid = ${guid})
        + (select count(*)::int from parcels_archive where registered_by = ${guid})
        + (select count(*)::int from parcels_old_archive where registered_by = ${guid})
        + (select count(*)::int from parcel_events where user_guid = ${guid})
        + (select count(*)::int from parcel_events_archive where user_guid = ${guid})
        + (select count(*)::int from parcel_events_old_archive where user_guid = ${guid})
      ) as c`,
    );
    await revokeUserSessions(tx, guid);
    if (n(used.c) > 0) {
      const [after] = await tx
        .update(users)
        .set({ enabled: false, updatedAt: new Date() })
        .where(eq(users.guid, guid))
        .returning();
      await audit(tx, ctx, {
        action: 'PostDeleteUser.disable',
        entity: 'users',
        entityId: guid,
        before,
        after,
      });
      return { Ret: 2, MessageKey: 'admin.userDisabledNotDeleted' };
    }
    const [after] = await tx
      .update(users)
      .set({ deletedAt: new Date(), enabled: false, updatedAt: new Date() })
      .where(eq(users.guid, guid))
      .returning();
    await audit(tx, ctx, { action: 'PostDeleteUser', entity: 'users', entityId: guid, before, after });
    return { Ret: 1 };
  });
}

/**
 * An administrator resets (empty `pass`) or sets a user's password. A reset removes the password and
 * answers a one-time recovery code, shown once to the administrator, valid for RESET_WINDOW_HOURS and
 * single use: the user sets a new password at /change-password/{code} (no login, not even an empty
 * password, opens a reset account). Only the code's hash is stored. A set password must pass the
 * strength rule, starts a new validity period and is temporary: until the user chooses their own, a
 * session may only change it (http/route.ts). Either way all the user's sessions end.
 */
export async function setUserPassword(
  ctx: AuthedCtx,
  userGuid: string,
  pass: string,
): Promise<{ Ret: number; RecoveryCode?: string }> {
  if (userGuid === ctx.user.guid) throw badInput('admin.selfPassword');
  if (pass !== '' && !isStrongPassword(pass)) throw badInput('auth.weakPassword');
  const hashed = pass === '' ? null : await hashPassword(pass);
  const code = hashed === null ? newCode() : null;
  return ctx.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ guid: users.guid, roleId: users.roleId })
      .from(users)
      .where(and(eq(users.guid, userGuid), isNull(users.deletedAt)))
      .for('update');
    if (!u) throw notFound();
    const now = Date.now();
    await tx
      .update(users)
      .set(
        code !== null
          ? {
              passwordHash: null,
              passwordTemporary: false,
              recoveryHash: sha256(code),
              recoveryExpires: new Date(now + RESET_WINDOW_HOURS * 3_600_000),
              updatedAt: new Date(now),
            }
          : {
              passwordHash: hashed,
              passwordValid: new Date(now + ctx.config.PASSWORD_VALID_DAYS * 86_400_000),
              // temporary: the user chooses their own at the next login (a courier, who may not
              // change a password (spec 000 §2.8), keeps the one the administrator gave)
              passwordTemporary: u.roleId !== Role.Courier,
              recoveryHash: null,
              recoveryExpires: null,
              updatedAt: new Date(now),
            },
      )
      .where(eq(users.guid, userGuid));
    await revokeUserSessions(tx, userGuid);
    await audit(tx, ctx, {
      action: code !== null ? 'PostUserChangePaswword.reset' : 'PostUserChangePaswword.set',
      entity: 'users',
      entityId: userGuid,
    });
    return code !== null ? { Ret: 1, RecoveryCode: code } : { Ret: 1 };
  });
}
