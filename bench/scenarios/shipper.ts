/**
 * The shipper API (issue 39): batches of 100 registrations through `POST /api/v1/parcels` with a key of
 * the demo corporate client (made by the demo administrator through CreateApiKey), one batch at a time,
 * each with its own Idempotency-Key as a shop's system would send it. Answers p50 and p95 of a batch's
 * time (one warm-up batch first, not counted) and the parcels a second that p50 makes; every batch's
 * time is in the note, since one batch's time moves with what else the machine runs.
 */
import { randomUUID } from 'node:crypto';
import { registrationBody } from '@po/contract/testing';
import type { BenchContext, BenchRow } from '../run.ts';
import { percentile } from '../load.ts';

export const name = 'shipper';

const BATCH = 100;
const BATCHES = Number(process.env.BENCH_SHIPPER_BATCHES ?? 12);
const CORPORATE_OFFICE = '55555555-5555-4555-8555-555555555555';

async function makeKey(ctx: BenchContext): Promise<string> {
  const admin = await ctx.login('admin');
  const res = await fetch(new URL('/api/CreateApiKey', ctx.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...admin,
      OfficeGUID: CORPORATE_OFFICE,
      Name: `bench ${randomUUID().slice(0, 8)}`,
      Scopes: ['register', 'read'],
    }),
  });
  const body = (await res.json()) as { Status: boolean; Error?: string; Data?: { Key: string } };
  if (!body.Status || !body.Data) throw new Error(`CreateApiKey: ${body.Error ?? 'failed'}`);
  return body.Data.Key;
}

/** One batch of 100 lines as a shop sends them (the receiver; the sender is the key's office). */
function batch(n: number): unknown[] {
  return Array.from({ length: BATCH }, (_, i) => {
    const {
      SenderName: _s,
      SenderAddres: _a,
      ...line
    } = registrationBody({
      ReceiverName: `ბენჩ მიმღები ${n}-${i}`,
      Weight: 1,
      Fild1: `order-${n}-${i}`,
    });
    return line;
  });
}

async function send(ctx: BenchContext, key: string, n: number): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(new URL('/api/v1/parcels', ctx.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ Parcels: batch(n) }),
    signal: AbortSignal.timeout(120_000),
  });
  const body = (await res.json()) as { Registered?: number; Error?: string };
  const ms = performance.now() - t0;
  if (res.status !== 200 || body.Registered !== BATCH) {
    throw new Error(`batch ${n}: HTTP ${res.status}, ${body.Registered ?? 0} registered ${body.Error ?? ''}`);
  }
  return ms;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const key = await makeKey(ctx);
  await send(ctx, key, 0);
  const times: number[] = [];
  for (let n = 1; n <= BATCHES; n++) times.push(await send(ctx, key, n));
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  return [
    {
      scenario: `shipper API: a batch of ${BATCH} registrations (POST /api/v1/parcels)`,
      rps: null,
      p50: Math.round(p50),
      p95: Math.round(percentile(sorted, 95)),
      p99: null,
      errors: 0,
      note:
        `${BATCHES} batches one at a time after one warm-up, ${Math.round((BATCH * 1000) / p50)} parcels/s at p50; ` +
        `each batch (ms): ${times.map((t) => Math.round(t)).join(', ')}`,
    },
  ];
}
