import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, rows, type Database } from './client.ts';
import { sql } from 'drizzle-orm';
import { throwawayPostgres } from '../test/throwaway-postgres.ts';

/** A fresh database: in-memory PGlite, or a new database on the server DATABASE_URL names. */
async function fresh(): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { open: async () => database, drop: () => database.close() };
  }
  const pg = await throwawayPostgres(url, 'po_mig');
  const opened: Database[] = [];
  return {
    open: async () => {
      const d = await openDatabase({ url: pg.url });
      opened.push(d);
      return d;
    },
    drop: async () => {
      for (const d of opened) await d.close();
      await pg.drop();
    },
  };
}

describe('migrations', () => {
  it('two processes starting at once migrate once, and a second run applies nothing', async () => {
    const f = await fresh();
    try {
      const a = await f.open();
      const b = await f.open();
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      // One of them applied every file; the other waited for the lock and found nothing left to do.
      expect([ra.length, rb.length].sort()).toEqual([0, Math.max(ra.length, rb.length)]);
      expect(Math.max(ra.length, rb.length)).toBeGreaterThan(0);
      expect(await migrate(a)).toEqual([]);
      const [{ n }] = await rows<{ n: number }>(a.db, sql`select count(*)::int as n from schema_migrations`);
      expect(n).toBe(Math.max(ra.length, rb.length));
      // pg_trgm is there for the text searches.
      const [{ ok }] = await rows<{ ok: number }>(a.db, sql`select similarity('abc', 'abd') > 0 as ok`);
      expect(ok).toBe(true);
    } finally {
      await f.drop();
    }
  });
});
