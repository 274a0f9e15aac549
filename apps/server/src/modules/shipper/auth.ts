/**
 * The shipper API's authentication (issue 39): `Authorization: Bearer <key>` turns into the caller a
 * shipper request runs as. The key acts as its office's corporate client: a synthetic session user of
 * that office (role 107, corporate), so the parcels core's scope, the registration rules and the
 * deletion rules treat it exactly as they treat that client's own staff. The user's GUID is the key's,
 * so the events and the audit records name the key (the audit also keeps its name and prefix).
 *
 * Nothing is cached: every request reads the key's row (by the hash's unique index), so a revocation
 * holds at once in every process. The last use is written by the same statement, at most once a minute.
 * Used by the /api/v1 routes only: a staff call never reads the Authorization header, so a key sent
 * there has no session and answers 401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, Role, type ParcelAccess } from '@po/contract';
import type { ApiScope } from '@po/contract/shipper';
import { AppError } from '../../http/errors.ts';
import type { AuthedCtx, SessionUser } from '../../http/context.ts';
import { runStatement } from '../../db/statement.ts';
import type { Office } from '../../db/list-cache.ts';
import { ParcelScope } from '../parcels/scope.ts';
import { keyHash } from './keys.ts';

/** The key a request came with, as its row says. */
export interface ShipperKey {
  guid: string;
  officeGuid: string;
  name: string;
  prefix: string;
  scopes: readonly string[];
}

/**
 * One round trip: the key's row and the lists' version (db/list-cache.ts), and its last use written
 * when the one recorded is over a minute old (the touch is a statement of its own in the same query).
 */
const KEY_READ = {
  name: 'po_shipper_key',
  text:
    'with k as (select "guid", "office_guid", "name", "prefix", "scopes", "revoked_at" is not null as revoked, ' +
    '"expires_at" is not null and "expires_at" <= now() as expired, "last_used_at" from "api_keys" where "key_hash" = $1), ' +
    't as (update "api_keys" a set "last_used_at" = now() from k where a."guid" = k."guid" and not k.revoked and not k.expired ' +
    'and (k."last_used_at" is null or k."last_used_at" < now() - interval \'1 minute\') returning a."guid") ' +
    'select k."guid", k."office_guid", k."name", k."prefix", k."scopes", k.revoked, k.expired, ' +
    '(select "v"::float8 from "list_version" where "id" = 1) from k',
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;
export const keyRequired = () => new AppError(Code.Unauthorized, 'shipper.keyRequired');
const keyInvalid = () => new AppError(Code.Unauthorized, 'shipper.keyInvalid');

/** The key in the request's Authorization header, or '' when there is none. */
export function bearerOf(req: FastifyRequest): string {
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? BEARER.exec(header) : null;
  return m ? m[1] : '';
}

/** The session user a key acts as: its office's corporate client. */
function keyUser(key: ShipperKey, office: Office | undefined): SessionUser {
  return {
    guid: key.guid,
    login: `api:${key.prefix}`,
    name: key.name,
    roleId: Role.CorporateOperator,
    officeGuid: key.officeGuid,
    officeName: office?.name ?? '',
    isAnother: false,
    isCorporate: true,
    registrationDisable: false,
    distributionCenter: office?.distributionCenter ?? null,
    isDistrCenter: office?.isDistrCenter ?? false,
    pid: office?.pid ?? '',
    sessionId: '',
    mobileSession: false,
    passwordExpired: false,
    passwordTemporary: false,
  };
}

/**
 * The context a shipper request runs in: 401 without a key or with one that is unknown, revoked or
 * expired; 403 when the key lacks `need`. The parcel scope is the one its office's corporate client
 * has, of the kind `parcels` (what the route does to parcels).
 */
export async function shipperCtx(
  app: FastifyInstance,
  req: FastifyRequest,
  need: ApiScope,
  parcels: ParcelAccess,
): Promise<AuthedCtx & { key: ShipperKey }> {
  const secret = bearerOf(req);
  if (!secret) throw keyRequired();
  const [row] = await runStatement(app.deps.db, KEY_READ.name, KEY_READ.text, [keyHash(secret)]);
  if (!row || row[5] === true || row[6] === true) throw keyInvalid();
  const key: ShipperKey = {
    guid: String(row[0]),
    officeGuid: String(row[1]),
    name: String(row[2]),
    prefix: String(row[3]),
    scopes: row[4] as string[],
  };
  if (!key.scopes.includes(need)) throw new AppError(Code.Forbidden, 'shipper.scopeMissing', { scope: need });
  const version = row[7] == null ? null : Number(row[7]);
  const lists = app.deps.listCache.at(version);
  const office = (lists.officesNow() ?? (await lists.offices())).get(key.officeGuid);
  const user = keyUser(key, office);
  req.userGuid = user.guid;
  return {
    db: app.deps.db,
    config: app.deps.config,
    rs: app.deps.rs,
    lists,
    user,
    scope: new ParcelScope(parcels, user),
    ip: req.ip,
    requestId: String(req.id),
    idem: undefined,
    apiKey: `${key.name} (${key.prefix})`,
    key,
  };
}
