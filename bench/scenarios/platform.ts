/**
 * Platform calls: login (argon2 verification and a new session), ticket renewal, and a reference
 * list (beside pgbench running its statement, on PostgreSQL, with Fastify alone answering the same request:
 * bench/floor.ts). 10 connections for about 8 s each,
 * loopback only.
 */
import type { BenchContext, BenchRow } from '../run.ts';
import { measure } from '../load.ts';
import { SESSION_SQL, sessionVars } from '../pgbench-sql.ts';
import { besideFloor } from '../floor.ts';

export const name = 'platform';

const CONNECTIONS = 10;
const SECONDS = 8;

const measureCall = (
  scenario: string,
  opts: { url: string; method: 'GET' | 'POST'; body?: string },
): Promise<BenchRow> => measure(scenario, { ...opts, connections: CONNECTIONS, seconds: SECONDS });

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  rows.push(
    await measureCall('login (PostGetUser)', {
      url: `${ctx.baseUrl}/api/PostGetUser`,
      method: 'POST',
      body: JSON.stringify({ Login: 'operator', Password: 'Demo#2026' }),
    }),
  );

  // A renewed ticket's predecessor stays valid for 60 s: one ticket serves the whole 8 s run.
  const s = await ctx.login('operator');
  const q = new URLSearchParams({ Id: s.Id, Ticket: s.Ticket });
  rows.push(
    await measureCall('UpdateTicket', { url: `${ctx.baseUrl}/api/UpdateTicket?${q}`, method: 'GET' }),
  );

  const s2 = await ctx.login('operator');
  const region = `${ctx.baseUrl}/api/PostGetRegion?${new URLSearchParams({ Id: s2.Id, Ticket: s2.Ticket, Rid: '20' })}`;
  const probe = (await (await fetch(region, { signal: AbortSignal.timeout(10_000) })).json()) as {
    Code?: number;
  };
  if (probe.Code === 404) {
    rows.push({
      scenario: 'PostGetRegion Rid=20',
      rps: null,
      p50: null,
      p99: null,
      errors: null,
      note: 'not built yet (404)',
    });
  } else {
    // beside the call's one statement (the list itself is kept in the server between writes)
    rows.push(
      await ctx.beside(
        () => measureCall('PostGetRegion Rid=20', { url: region, method: 'GET' }),
        () => ctx.pgbench(SESSION_SQL, sessionVars(s2)),
      ),
    );
    // On PostgreSQL, the same request answered by Fastify alone (bench/floor.ts), beside the same pgbench.
    const floor = await besideFloor(
      ctx,
      region,
      { method: 'GET' },
      (scenario, url) => measureCall(scenario, { url, method: 'GET' }),
      () => ctx.pgbench(SESSION_SQL, sessionVars(s2)),
    );
    if (floor) rows.push(floor);
  }
  return rows;
}
