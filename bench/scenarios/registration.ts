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
import { alternate } from '../rounds.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { outboxSender } from '../../apps/server/src/modules/notifications/sender.ts';

export const name = 'registration';

const CONNECTIONS = 10;
const SECONDS = 8;

const parcel = benchParcel('bench');

/**
 * `keyed`: every request carries its own Idempotency-Key, as the web app's registrations do (the key is
 * looked up first, claimed in the write's transaction and stored with its answer).
 */
export const post = (scenario: string, url: string, body: string, keyed = false): Promise<BenchRow> =>
  measure(scenario, { url, method: 'POST', body, keyed, connections: CONNECTIONS, seconds: SECONDS });

/** Rounds of the comparison with and without the recipient's e-mail (each side once a round, in turn). */
const EMAIL_ROUNDS = Math.max(2, Number(process.env.BENCH_EMAIL_ROUNDS ?? 4));

/**
 * Registration without and with a recipient e-mail (issue 38: within 10%), in alternating rounds
 * (bench/rounds.ts); the medians and their ratios (rate and CPU time a request) in the table.
 */
async function withAndWithoutEmail(
  ctx: BenchContext,
  without: string,
  withEmail: string,
): Promise<BenchRow[]> {
  const url = `${ctx.baseUrl}/api/Registration`;
  const side = (scenario: string, body: string) => ({ scenario, once: () => post(scenario, url, body) });
  const rows = await alternate(
    ctx,
    [
      side('registration without a recipient e-mail', without),
      side('registration with a recipient e-mail (notification in the outbox)', withEmail),
    ],
    EMAIL_ROUNDS,
  );
  const [a, b] = rows;
  const rate = a.rps && b.rps ? b.rps / a.rps : null;
  const cpu = a.cpuUs && b.cpuUs ? b.cpuUs / a.cpuUs : null;
  const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
  const note =
    rate === null
      ? 'n/a'
      : `${pct(rate)} of the rate (within 10%: ${rate >= 0.9 ? 'yes' : 'no'})` +
        (cpu === null ? '' : `; ${pct(cpu)} of the CPU a request (within 10%: ${cpu <= 1.1 ? 'yes' : 'no'})`);
  return [
    ...rows,
    { scenario: '  with e-mail / without', rps: null, p50: null, p99: null, errors: null, note },
  ];
}

/**
 * The outbox sender's cost a message (PostgreSQL only): the bench's server runs no sender
 * (OUTBOX_EVERY_SECONDS=0, bench/run.ts), so the e-mail rounds' notifications wait in the outbox; here
 * the sender takes them all once, in the bench's process, as `sender-cli --once` would. No channel is
 * configured, so each is recorded as skipped: the outbox's own work (claim and record), not an SMTP send.
 */
async function senderCost(ctx: BenchContext): Promise<BenchRow> {
  const scenario = '  outbox sender alone: the e-mail rounds’ notifications';
  if (!ctx.databaseUrl)
    return { scenario, rps: null, p50: null, p99: null, errors: null, note: 'PostgreSQL only' };
  const database = await openDatabase({ url: ctx.databaseUrl });
  const config = loadConfig({ ...process.env, DATABASE_URL: ctx.databaseUrl, SMTP_URL: '', SMS_URL: '' });
  const sender = outboxSender(database.db, config);
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const counts = await sender.run();
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    const n = counts.sent + counts.skipped + counts.failed + counts.retry;
    return {
      scenario,
      rps: n / seconds,
      p50: null,
      p99: null,
      errors: counts.failed,
      cpuUs: n ? (used.user + used.system) / n : null,
      note: `${n} messages in ${seconds.toFixed(1)} s (${counts.skipped} skipped: no channel configured); CPU is the sender's process`,
    };
  } finally {
    sender.close();
    await database.close();
  }
}

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
  // in the same transaction, at the commit; within 10% of the one without, in alternating rounds
  const email = await withAndWithoutEmail(
    ctx,
    body,
    JSON.stringify({ ...session, ...parcel, ReceiverEmail: 'nino@example.ge' }),
  );
  return [price, ...(floor ? [floor] : []), reg, keyed, ...email, await senderCost(ctx)];
}
