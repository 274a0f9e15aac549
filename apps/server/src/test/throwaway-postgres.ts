import { randomBytes } from 'node:crypto';

/**
 * A new database on the PostgreSQL server `adminUrl` names (server tests, the bench), empty or a copy
 * of the database `template` names: its URL, and `drop` to remove it with any connection left open.
 * `pg` is loaded only when one is made, so a run on PGlite never loads it.
 */
export async function throwawayPostgres(
  adminUrl: string,
  prefix = 'po_test',
  connectTimeoutMs?: number,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: connectTimeoutMs });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`not a database name: ${template}`);
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
