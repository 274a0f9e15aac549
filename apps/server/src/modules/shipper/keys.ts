/**
 * The shipper's API keys (issue 39): made by an administrator for a corporate client's office, shown
 * once, kept as their SHA-256 with only their first characters in clear, revoked at once.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { CallParsed } from '@po/contract';
import type { ApiKeyRow, ApiScope, CreateApiKey, RevokeApiKey } from '@po/contract/shipper';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { badInput, notFound } from '../../http/errors.ts';
import { apiKeys } from '../../db/schema.ts';
import type { Office } from '../../db/list-cache.ts';
import { sha256 } from '../../lib/crypto.ts';

/** What every key begins with, so a leaked one is recognised (secret scanners, logs). */
export const KEY_START = 'po_';
/** The characters of a key kept in clear: its start and eight more. */
export const PREFIX_LENGTH = KEY_START.length + 8;

/** A new key: `po_` and 32 random bytes (base64url). */
export const newApiKey = () => `${KEY_START}${randomBytes(32).toString('base64url')}`;
export const keyHash = (key: string) => sha256(key);

type KeyRecord = typeof apiKeys.$inferSelect;

export function keyState(
  k: Pick<KeyRecord, 'revokedAt' | 'expiresAt'>,
  now = Date.now(),
): ApiKeyRow['State'] {
  if (k.revokedAt) return 'revoked';
  if (k.expiresAt && k.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

function toRow(k: KeyRecord, offices: ReadonlyMap<string, Office>): ApiKeyRow {
  return {
    Id: k.guid,
    OfficeGUID: k.officeGuid,
    OfficeName: offices.get(k.officeGuid)?.name ?? '',
    Name: k.name,
    Prefix: k.prefix,
    Scopes: k.scopes as ApiScope[],
    CreatedAt: k.createdAt.toISOString(),
    ExpiresAt: k.expiresAt?.toISOString() ?? null,
    LastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    RevokedAt: k.revokedAt?.toISOString() ?? null,
    State: keyState(k),
  };
}

/** What an audit record keeps of a key: never its hash. */
const audited = (k: KeyRecord) => ({
  guid: k.guid,
  officeGuid: k.officeGuid,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  expiresAt: k.expiresAt,
  revokedAt: k.revokedAt,
});

export async function listKeys(ctx: AuthedCtx): Promise<{ Keys: ApiKeyRow[] }> {
  const list = await ctx.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
  const offices = await ctx.lists.offices();
  return { Keys: list.map((k) => toRow(k, offices)) };
}

export async function createKey(
  ctx: AuthedCtx,
  input: CallParsed<typeof CreateApiKey>,
): Promise<{ Ret: number; Key: string; Row: ApiKeyRow }> {
  const offices = await ctx.lists.offices();
  const office = offices.get(input.OfficeGUID);
  if (!office) throw badInput('admin.officeUnknown');
  if (!office.isCorporate) throw badInput('shipper.officeNotCorporate');
  if (input.ExpiresAt && input.ExpiresAt.getTime() <= Date.now()) throw badInput('shipper.expiryPast');
  const key = newApiKey();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        officeGuid: office.guid,
        name: input.Name,
        prefix: key.slice(0, PREFIX_LENGTH),
        keyHash: keyHash(key),
        scopes: [...new Set(input.Scopes)],
        createdBy: ctx.user.guid,
        expiresAt: input.ExpiresAt ?? null,
      })
      .returning();
    await audit(tx, ctx, {
      action: 'CreateApiKey',
      entity: 'api_keys',
      entityId: row.guid,
      after: audited(row),
    });
    return { Ret: 1, Key: key, Row: toRow(row, offices) };
  });
}

export async function revokeKey(
  ctx: AuthedCtx,
  input: CallParsed<typeof RevokeApiKey>,
): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.guid, input.KeyId)).for('update');
    if (!before) throw notFound('shipper.keyNotFound');
    if (before.revokedAt) return { Ret: 1 };
    const [after] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: ctx.user.guid })
      .where(eq(apiKeys.guid, input.KeyId))
      .returning();
    await audit(tx, ctx, {
      action: 'RevokeApiKey',
      entity: 'api_keys',
      entityId: after.guid,
      before: audited(before),
      after: audited(after),
    });
    return { Ret: 1 };
  });
}
