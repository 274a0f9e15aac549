/**
 * A courier job (MobSendJob) of 200 lines, as the demo courier on the demo data: 40 jobs one after
 * another, each with a new JobId, alternating pickup (8711) and hand to courier (8707) over the same
 * 200 live barcodes so every line is applied through the parcels core (delivered ones land in the
 * error journal, which is part of the work). p50 and p95 (in the p99 column's note) of the whole job.
 * The barcodes are the newest page of the operator's finder.
 */
import { randomUUID } from 'node:crypto';
import type { BenchContext, BenchRow } from '../run.ts';
import { courierJob } from '../fixtures.ts';

export const name = 'mobile';

const LINES = 200;
const JOBS = 40;
const DAY = 86_400_000;

async function post(
  url: string,
  body: unknown,
): Promise<{ Status: boolean; Error?: string; Data?: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return (await res.json()) as { Status: boolean; Error?: string; Data?: unknown };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const operator = await ctx.login('operator');
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const found = await post(`${ctx.baseUrl}/api/ParcelFinder`, {
    ...operator,
    StartRegDate: day(Date.now() - 120 * DAY),
    EndRegDate: day(Date.now()),
    Skip: 0,
    Take: LINES,
  });
  const barcodes = ((found.Data as { Parcels?: Array<{ Barcode: string }> } | undefined)?.Parcels ?? []).map(
    (p) => p.Barcode,
  );
  if (!found.Status || barcodes.length < LINES)
    throw new Error(`not enough parcels: ${found.Error ?? barcodes.length}`);

  const courier = await ctx.login('courier');
  const url = `${ctx.baseUrl}/api/MobSendJob`;
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < JOBS; i++) {
    const t0 = performance.now();
    const res = await post(url, courierJob(courier, i % 2 === 0 ? 8711 : 8707, barcodes));
    times.push(performance.now() - t0);
    if (!res.Status) errors++;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  return [
    {
      scenario: `MobSendJob: ${LINES} lines, one job at a time`,
      rps: JOBS / seconds,
      p50: Math.round(pct(sorted, 50)),
      p99: Math.round(pct(sorted, 99)),
      errors,
      note: `p95 ${Math.round(pct(sorted, 95))} ms`,
    },
  ];
}
