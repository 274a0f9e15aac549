/**
 * What several server processes on one PostgreSQL database share (PostgreSQL only: the embedded
 * database is one process): the public-call budget (http/rate-store.ts), one per client address and
 * not one per process; and the metrics, gathered from every worker by the primary (http/metrics.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client.ts';
import { purgeRateWindows } from './rate-store.ts';
import { databasePlace, startServerProcess, type ServerProcess } from '../test/server-process.ts';

const BUDGET = 6;

let tries = 0;
/** A wrong login (another login name each time, so the per-login throttle never steps in). */
async function login(server: ServerProcess): Promise<{ status: number; code: number }> {
  const res = await fetch(`${server.base}/api/PostGetUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Login: `nobody-${++tries}`, Password: 'wrong-password-1' }),
  });
  const body = (await res.json()) as { Code: number };
  return { status: res.status, code: body.Code };
}

describe.skipIf(!process.env.DATABASE_URL)('public-call budget with several processes', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('is one budget per address for two server processes, and forgotten when its window ends', async () => {
    const place = await databasePlace();
    cleanups.push(() => place.drop());
    const env = { ...place.env, PUBLIC_CALLS_PER_MINUTE: String(BUDGET) };
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const s of servers) cleanups.push(async () => s.child.kill('SIGKILL'));

    // the budget's requests, spread over both processes: every one is taken (refused as a bad login)
    const codes: number[] = [];
    for (let i = 0; i < BUDGET; i++) codes.push((await login(servers[i % 2])).code);
    expect(codes).not.toContain(429);
    // one more, to either process, is over the one budget
    expect(await login(servers[0])).toMatchObject({ code: 429 });
    expect(await login(servers[1])).toMatchObject({ code: 429 });

    // the window, once over, is forgotten by the housekeeping
    const database = await place.open();
    await database.db.execute(sql`update rate_windows set ends_at = clock_timestamp() - interval '1 second'`);
    expect(await purgeRateWindows(database.db)).toBeGreaterThanOrEqual(1);
    const [left] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from rate_windows`);
    expect(left.n).toBe(0);
    await database.close();
    expect((await login(servers[1])).code).not.toBe(429);
  }, 120_000);

  it('gathers the counts of every worker process into the metrics a scrape reads', async () => {
    const place = await databasePlace();
    cleanups.push(() => place.drop());
    const server = await startServerProcess({ ...place.env, WORKERS: '2', METRICS_ALLOW: 'loopback' });
    cleanups.push(async () => server.child.kill('SIGKILL'));
    // new connections each: node:cluster hands them to both workers in turn
    const CALLS = 12;
    for (let i = 0; i < CALLS; i++)
      await fetch(`${server.base}/api/PostGetRegion`, { headers: { connection: 'close' } });
    const text = await (await fetch(`${server.base}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('http_requests_total{call="/api/PostGetRegion"'));
    expect(line, text.slice(0, 2000)).toBeDefined();
    expect(Number(line!.split(' ').at(-1))).toBe(CALLS);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
