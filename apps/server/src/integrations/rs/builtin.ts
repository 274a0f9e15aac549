import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rsRegistry } from '../../db/schema.ts';
import type { RsAdapter, RsLookup } from './adapter.ts';

/** The built-in registry: a table of personal numbers and company codes kept in our database. */
export function builtinRs(db: Db): RsAdapter {
  return {
    mode: 'builtin',
    async nameFromTin(tin: string): Promise<RsLookup> {
      const t = tin.trim();
      if (!/^\d{9}$|^\d{11}$/.test(t)) return { kind: 'notFound' };
      try {
        const [row] = await db
          .select({ name: rsRegistry.name })
          .from(rsRegistry)
          .where(eq(rsRegistry.tin, t))
          .limit(1);
        return row ? { kind: 'found', name: row.name } : { kind: 'notFound' };
      } catch (e) {
        return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
