import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { migrate, openDatabase, rows, type Database } from './client.ts';
import { sql } from 'drizzle-orm';

/** A fresh database: in-memory PGlite, or a new database on the server DATABASE_URL names. */
async function fresh(): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { open: async () => database, drop: () => database.close() };
  }
  const { default: pg } = await import('pg');
  const name = `po_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const opened: Database[] = [];
  return {
    open: async () => {
      const d = await openDatabase({ url: u.toString() });
      opened.push(d);
      return d;
    },
    drop: async () => {
      for (const d of opened) await d.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
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
