import { asc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rsRegistry } from '../../db/schema.ts';

/** The built-in registry's rows (the names the builtin adapter answers), optionally filtered by number or name. */
export async function listRegistry(db: DbOrTx, q = '', limit = 5000) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(rsRegistry)
    .where(q ? or(ilike(rsRegistry.tin, like), ilike(rsRegistry.name, like)) : undefined)
    .orderBy(asc(rsRegistry.name))
    .limit(limit);
}

/** Adds or replaces a name; answers the row as it was before (null when new). */
export async function saveRegistryName(
  db: DbOrTx,
  entry: { tin: string; name: string; kind: 'person' | 'company' },
) {
  const [before] = await db.select().from(rsRegistry).where(eq(rsRegistry.tin, entry.tin));
  await db
    .insert(rsRegistry)
    .values(entry)
    .onConflictDoUpdate({ target: rsRegistry.tin, set: { name: entry.name, kind: entry.kind } });
  return before ?? null;
}

/** Removes a name; answers the removed row, or null when there was none. */
export async function deleteRegistryName(db: DbOrTx, tin: string) {
  const [before] = await db.delete(rsRegistry).where(eq(rsRegistry.tin, tin)).returning();
  return before ?? null;
}
