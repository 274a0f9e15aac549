/**
 * Whether the caller sees one parcel (modules/parcels/scope.ts says which parcels a user sees).
 */
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client.ts';
import { tierTables, type Tier } from './core.ts';
import type { ParcelScope } from './scope.ts';

/** Whether the scope sees the parcel with this id in the tier. */
export async function canSee(
  db: DbOrTx,
  scope: ParcelScope,
  guid: string,
  tier: Tier = 'live',
): Promise<boolean> {
  const visible = scope.where('p', tier);
  const t = tierTables[tier].parcels;
  const [r] = await rows<{ ok: boolean }>(
    db,
    sql`select exists(select 1 from ${t} p where p.guid = ${guid}${visible ? sql` and ${visible}` : sql``}) as ok`,
  );
  return !!r?.ok;
}

/** The ids among these live parcels that the scope sees, in the given order. */
export async function visibleIds(db: DbOrTx, scope: ParcelScope, ids: readonly string[]): Promise<string[]> {
  const visible = scope.where('p');
  if (!visible || ids.length === 0) return [...ids];
  const ok = await rows<{ guid: string }>(
    db,
    sql`select p.guid from parcels p where p.guid = any(string_to_array(${ids.join(',')}, ',')::uuid[]) and ${visible}`,
  );
  const set = new Set(ok.map((r) => r.guid));
  return ids.filter((id) => set.has(id));
}
