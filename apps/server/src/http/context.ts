import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import type { RsAdapter } from '../integrations/rs/adapter.ts';
import type { Lists } from '../db/list-cache.ts';
import { auditLog } from '../db/schema.ts';
import { columnsOf, ident, paramOf, tableName, toDriver, writeAtCommit } from '../db/statement.ts';
import type { ListCache } from '../db/list-cache.ts';
import type { ReadReplicas } from '../db/replicas.ts';
import type { ParcelScope } from '../modules/parcels/scope.ts';

/** What the server is made of: the database, the settings, the revenue service and the cached lists. */
export interface Deps {
  db: Db;
  config: Config;
  rs: RsAdapter;
  /** the lists that change rarely, kept in this process (db/list-cache.ts) */
  listCache: ListCache;
  /** the read replicas (DATABASE_READ_URL), or null: every call reads the primary (db/replicas.ts) */
  replicas: ReadReplicas | null;
}

/** The signed-in user of a request, with the flags of the session note. */
export interface SessionUser {
  guid: string;
  login: string;
  name: string;
  roleId: number;
  officeGuid: string | null;
  officeName: string;
  isAnother: boolean;
  isCorporate: boolean;
  registrationDisable: boolean;
  /** the user's office's distribution centre (or the office itself when it is one) */
  distributionCenter: string | null;
  isDistrCenter: boolean;
  pid: string;
  sessionId: string;
  mobileSession: boolean;
  passwordExpired: boolean;
  /** an administrator set the password: the session may only change it (or renew, or end) */
  passwordTemporary: boolean;
}

/** Everything a service needs about the request it serves. */
export interface Ctx {
  db: Db;
  config: Config;
  rs: RsAdapter;
  /** the lists that change rarely, as of the version the call read with its session (db/list-cache.ts) */
  lists: Lists;
  /** null only for the calls that work without a session */
  user: SessionUser | null;
  /** the parcels this call may see or touch (the contract's declaration, for this user) */
  scope: ParcelScope;
  ip: string;
  requestId: string;
  /** set for a write sent with an Idempotency-Key: `audit` claims the key in the write's transaction */
  idem?: IdempotencyClaim;
  /** the shipper API key the request came with (its name and prefix), named by every audit record */
  apiKey?: string;
}
/** An idempotency key waiting to be claimed by the first audited write of the request. */
export interface IdempotencyClaim {
  claim(tx: DbOrTx): Promise<void>;
}
export interface AuthedCtx extends Ctx {
  user: SessionUser;
}

/** The audit record's columns but its id and time (db/statement.ts: every write makes one). */
export const AUDIT_COLUMNS = columnsOf(auditLog).filter((c) => c.key !== 'id' && c.key !== 'at');
export const AUDIT_INSERT = `insert into ${tableName(auditLog)} (${AUDIT_COLUMNS.map((c) => ident(c.name)).join(', ')}) values (${AUDIT_COLUMNS.map((c, i) => paramOf(c.col, i + 1)).join(', ')})`;

/**
 * Records a write in the audit log (call it inside the write's transaction): the record is written with
 * the transaction's commit (db/statement.ts `writeAtCommit`).
 */
export async function audit(
  tx: DbOrTx,
  ctx: Pick<Ctx, 'user' | 'ip' | 'requestId' | 'idem' | 'apiKey'>,
  entry: { action: string; entity: string; entityId?: string; before?: unknown; after?: unknown },
): Promise<void> {
  // Every write records itself here, inside its transaction: the request's idempotency key is stored
  // in the same transaction, so the key and the write commit together or not at all.
  if (ctx.idem) await ctx.idem.claim(tx);
  const v: Partial<Record<keyof typeof auditLog.$inferSelect, unknown>> = {
    userGuid: ctx.user?.guid ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? '',
    before: redact(entry.before ?? null),
    after: redact(entry.after ?? null),
    apiKey: ctx.apiKey ?? null,
  };
  await writeAtCommit(tx, {
    name: 'po_audit',
    text: AUDIT_INSERT,
    values: AUDIT_COLUMNS.map((c) => toDriver(c.col, v[c.key])),
  });
}

const SECRET = /password|ticket|hash|recovery/i;
/** Whether a key names a secret, remembered per key (the audited records' keys are the schema's). */
const secretKeys = new Map<string, boolean>();
function isSecret(k: string): boolean {
  let secret = secretKeys.get(k);
  if (secret === undefined) {
    secret = SECRET.test(k);
    if (secretKeys.size < 10_000) secretKeys.set(k, secret);
  }
  return secret;
}
function redact(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(redact);
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `<${v.length} bytes>`;
  const out: Record<string, unknown> = {};
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    out[k] = isSecret(k) ? '***' : redact((v as Record<string, unknown>)[k]);
  }
  return out;
}
