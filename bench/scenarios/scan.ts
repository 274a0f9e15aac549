/**
 * The counter scan PostUpStatbyBarcode (issue 13): 32 connections for about 8 s on loopback, as the demo
 * operator, and beside it on PostgreSQL pgbench running the statements one scan issues (bench/pgbench-sql.ts,
 * `scanSql`) at 32 clients too.
 *
 * Every request is a real, successful scan: the scenario first registers PARCELS parcels of its own
 * (generated barcodes, status 8744 "registered"), then the load hands each request the next barcode in
 * turn. A scan of a barcode whose current status is the scanned one at the caller's office answers
 * "already processed" (Status false), so each pass over the list scans into the other of two statuses
 * (confirm 8734, receive 8736): a parcel is scanned again only after every other one was, and always into a
 * status it does not have. A Status false answer counts as an error.
 *
 * First a warm-up (parcels of its own, WARMUP_SECONDS of scans, not counted: the server prepares its
 * statements on each pooled connection and V8 compiles the path), then rounds of the server's load and
 * pgbench's alternating (BenchContext.beside: BENCH_ROUNDS, every round printed, the share the median of
 * the rounds' shares). Each round scans parcels registered for it, so that its passes start from parcels
 * in status 8744 rather than wherever the round before stopped (which would answer "already processed").
 */
import type { BenchContext, BenchRow } from '../run.ts';
import { measure } from '../load.ts';
import { benchParcel } from '../fixtures.ts';
import { scanSql, sessionVars, userVars } from '../pgbench-sql.ts';

export const name = 'scan';

const CONNECTIONS = 32;
const SECONDS = 8;
const WARMUP_SECONDS = 2;
/** Parcels registered for the run: far more than the connections, so a barcode is never in flight twice. */
export const PARCELS = 1000;
/** The two statuses the passes alternate between (confirm, receive): both allowed to the operator. */
const STATUSES = [8734, 8736] as const;

const parcel = benchParcel('bench-scan');

/** Registers `count` parcels through the Registration call (8 at a time) and answers their barcodes. */
export async function register(ctx: BenchContext, session: { Id: string; Ticket: string }, count: number) {
  const body = JSON.stringify({ ...session, ...parcel });
  const out: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await fetch(`${ctx.baseUrl}/api/Registration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await res.json()) as {
        Status: boolean;
        Error?: string;
        Data?: { Parcels: Array<{ Barcode: string }> };
      };
      const barcode = answer.Data?.Parcels[0]?.Barcode;
      if (!answer.Status || !barcode) throw new Error(`registration failed: ${answer.Error ?? ''}`);
      out.push(barcode);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

/**
 * The scan load: CONNECTIONS connections for `seconds`, each request the next of `barcodes` (parcels
 * registered for it), every barcode once into the first status, then every one into the other, round
 * and round. Also the scan at scale (scenarios/scale.ts).
 */
export function scanLoad(
  ctx: BenchContext,
  session: { Id: string; Ticket: string },
  scenario: string,
  barcodes: string[],
  seconds = SECONDS,
) {
  const base = `/api/PostUpStatbyBarcode?${new URLSearchParams(session)}`;
  const paths = STATUSES.flatMap((status) =>
    barcodes.map((barcode) => `${base}&Status=${status}&Barcode=${barcode}`),
  );
  return measure(scenario, { url: ctx.baseUrl, paths, connections: CONNECTIONS, seconds });
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const session = await ctx.login('operator');
  const scan = (scenario: string, barcodes: string[], seconds: number) =>
    scanLoad(ctx, session, scenario, barcodes, seconds);

  await scan('scan warm-up', await register(ctx, session, PARCELS / 4), WARMUP_SECONDS);

  /** the parcels of the round under way: the server's load scans them, then pgbench */
  let barcodes: string[] = [];
  const user = ctx.postgres ? await userVars(ctx, session) : {};
  const row = await ctx.beside(
    async () => {
      barcodes = await register(ctx, session, PARCELS);
      return scan(`scan (PostUpStatbyBarcode, ${CONNECTIONS} connections)`, barcodes, SECONDS);
    },
    () => {
      // pgbench at the same 32 clients scanning the same parcels: generated barcodes are the prefix, an
      // 8-digit serial from barcode_seq and a check digit, and these were registered one after another,
      // so their serials make one range pgbench picks from.
      const serials = barcodes.map((b) => Number(b.slice(2, 10)));
      const vars = {
        ...sessionVars(session),
        ...user,
        prefix: barcodes[0].slice(0, 2),
        lo: String(Math.min(...serials)),
        hi: String(Math.max(...serials)),
      };
      return ctx.pgbench(scanSql(), vars, CONNECTIONS);
    },
  );
  return [row];
}
