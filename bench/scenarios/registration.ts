/**
 * Registration and CalcPrice throughput (issue #6), beside pgbench running their statements on
 * PostgreSQL (issue 19), with, beside CalcPrice, Fastify alone answering the same request (bench/floor.ts):
 * 10 connections for about 8 s each on loopback,
 * as the demo operator. Every registration asks for a generated barcode, so each request writes a
 * new parcel, its first event and an audit row.
 */
import type { BenchContext, BenchRow } from '../run.ts';
import { measure } from '../load.ts';
import { benchParcel } from '../fixtures.ts';
import { registrationSql, SESSION_SQL, sessionVars, userVars } from '../pgbench-sql.ts';
import { besideFloor } from '../floor.ts';

export const name = 'registration';

const CONNECTIONS = 10;
const SECONDS = 8;

const parcel = benchParcel('bench');

/**
 * `keyed`: every request carries its own Idempotency-Key, as the web app's registrations do (the key is
 * looked up first, claimed in the write's transaction and stored with its answer).
 */
const post = (scenario: string, url: string, body: string, keyed = false): Promise<BenchRow> =>
  measure(scenario, { url, method: 'POST', body, keyed, connections: CONNECTIONS, seconds: SECONDS });

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const session = await ctx.login('operator');
  // No Idempotency-Key: every request is a new registration with a generated barcode.
  const body = JSON.stringify({ ...session, ...parcel });
  // Beside each, on PostgreSQL, pgbench running the statements the call issues (bench/pgbench-sql.ts).
  const price = await ctx.beside(
    () => post('price (CalcPrice)', `${ctx.baseUrl}/api/CalcPrice`, body),
    () => ctx.pgbench(SESSION_SQL, sessionVars(session)),
  );
  // On PostgreSQL, the same request answered by Fastify alone (bench/floor.ts), beside the same pgbench:
  // the share that Node and Fastify leave a call on this machine, before any of its own work.
  const floor = await besideFloor(
    ctx,
    `${ctx.baseUrl}/api/CalcPrice`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    (scenario, url) => post(scenario, url, body),
    () => ctx.pgbench(SESSION_SQL, sessionVars(session)),
  );
  const regVars = { ...sessionVars(session), ...(await userVars(ctx, session)) };
  const reg = await ctx.beside(
    () => post('registration (Registration, generated barcode)', `${ctx.baseUrl}/api/Registration`, body),
    async () => {
      // the audit record of the server's last registration, as the script writes it
      const audit = await ctx.query<{ after: string }>(
        "select after::text as after from audit_log where action = 'Registration' order by id desc limit 1",
      );
      return audit ? ctx.pgbench(registrationSql(audit[0]?.after ?? '{}'), regVars) : null;
    },
  );
  // from a checkpoint, as the rounds above (BenchContext.beside)
  await ctx.query('checkpoint');
  const keyed = await post(
    'registration with an Idempotency-Key (as the web app sends it)',
    `${ctx.baseUrl}/api/Registration`,
    body,
    true,
  );
  // the same registration with the recipient's e-mail (issue 38): its notification goes into the outbox
  // in the same transaction, at the commit; within 10% of the one without
  await ctx.query('checkpoint');
  const withEmail = await post(
    'registration with a recipient e-mail (notification in the outbox)',
    `${ctx.baseUrl}/api/Registration`,
    JSON.stringify({ ...session, ...parcel, ReceiverEmail: 'nino@example.ge' }),
  );
  const ratio = reg.rps && withEmail.rps ? withEmail.rps / reg.rps : null;
  const compare: BenchRow = {
    scenario: '  with e-mail / without',
    rps: null,
    p50: null,
    p99: null,
    errors: null,
    note:
      ratio === null
        ? 'n/a'
        : `${(ratio * 100).toFixed(0)}% of the rate (within 10%: ${ratio >= 0.9 ? 'yes' : 'no'})`,
  };
  return [price, ...(floor ? [floor] : []), reg, keyed, withEmail, compare];
}
