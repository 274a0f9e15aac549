/**
 * The bulk proof of delivery (issue 40): 1,000 parcels delivered today for the demo corporate client,
 * then the client's export of today as one PDF and as a ZIP, timed from PodExport to GetPodExport
 * answering `ready` (polled every 250 ms), with the file's size. The parcels are made as the product
 * makes them: registered by the client (Registration, 4 at a time), picked up and delivered by the demo
 * courier in jobs of 200 lines, each delivery job carrying a signature image (MobSendJob).
 * The aim (issue 40) is 1,000 parcels within a minute on this machine.
 */
import { randomUUID } from 'node:crypto';
import { toBuffer } from 'bwip-js/node';
import { decodeNote } from '@po/contract/note';
import { registrationBody } from '@po/contract/testing';
import type { BenchContext, BenchRow } from '../run.ts';
import { courierJob } from '../fixtures.ts';

export const name = 'pod-export';

const PARCELS = 1000;
const JOB_LINES = 200;

type Env<T = unknown> = { Status: boolean; Error?: string; Data?: T };

async function call<T>(
  base: string,
  method: 'GET' | 'POST',
  name: string,
  body: Record<string, unknown>,
): Promise<Env<T>> {
  const url = new URL(`/api/${name}`, base);
  const init: RequestInit = { method, signal: AbortSignal.timeout(120_000) };
  if (method === 'GET') for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
  else {
    init.headers = { 'content-type': 'application/json', 'idempotency-key': randomUUID() };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  return (await res.json()) as Env<T>;
}

async function must<T>(
  base: string,
  method: 'GET' | 'POST',
  name: string,
  body: Record<string, unknown>,
): Promise<T> {
  const r = await call<T>(base, method, name, body);
  if (!r.Status) throw new Error(`${name}: ${r.Error ?? 'failed'}`);
  return r.Data as T;
}

/** Registers PARCELS parcels as the client, `parallel` requests at a time; answers their barcodes. */
async function register(ctx: BenchContext, session: Record<string, string>): Promise<string[]> {
  const out: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < PARCELS) {
      const i = next++;
      const data = await must<{ Parcels: Array<{ Barcode: string }> }>(ctx.baseUrl, 'POST', 'Registration', {
        ...registrationBody({ ReceiverName: `ბენჩ მიმღები ${i}`, Weight: 1 }),
        ...session,
      });
      out.push(data.Parcels[0].Barcode);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

/** Picks the parcels up and delivers them as the demo courier, a signature with each delivery job. */
async function deliver(ctx: BenchContext, barcodes: string[]): Promise<void> {
  const courier = await ctx.login('courier');
  // a signature-sized PNG (a few kilobytes), not a code any page check would read
  const signature = (await toBuffer({ bcid: 'pdf417', text: 'signature '.repeat(8), scale: 2 })).toString(
    'base64',
  );
  for (const status of [8711, 8712]) {
    for (let i = 0; i < barcodes.length; i += JOB_LINES) {
      const lines = barcodes.slice(i, i + JOB_LINES);
      const delivery = { comment: 'ჩაბარდა ადრესატს', signature };
      await must(
        ctx.baseUrl,
        'POST',
        'MobSendJob',
        courierJob(courier, status, lines, status === 8712 ? delivery : {}),
      );
    }
  }
}

/** One export of today, timed to ready. */
async function exportOnce(
  ctx: BenchContext,
  session: Record<string, string>,
  office: string,
  format: 'pdf' | 'zip',
): Promise<BenchRow> {
  const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  const t0 = performance.now();
  const { Id } = await must<{ Id: string }>(ctx.baseUrl, 'POST', 'PodExport', {
    ...session,
    StartDate: today,
    EndDate: today,
    OfficeGUID: office,
    Format: format,
  });
  let state: { State: string; Total: number; Bytes: number | null; Error: string };
  let polls = 0;
  let pollMs = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const p0 = performance.now();
    state = await must(ctx.baseUrl, 'GET', 'GetPodExport', { ...session, ID: Id });
    pollMs += performance.now() - p0;
    polls++;
    if (state.State !== 'running') break;
  }
  const ms = performance.now() - t0;
  if (state.State !== 'ready') throw new Error(`export ${format} ${state.State}: ${state.Error}`);
  return {
    scenario: `proof of delivery export: ${state.Total} parcels, ${format.toUpperCase()}`,
    rps: null,
    p50: Math.round(ms),
    p99: null,
    errors: 0,
    note:
      `${(ms / 1000).toFixed(1)} s to ready (aim: 1,000 within 60 s), ` +
      `${Math.round(state.Total / (ms / 1000))} parcels/s, file ${((state.Bytes ?? 0) / 1_048_576).toFixed(1)} MB, ` +
      `GetPodExport while it ran: ${Math.round(pollMs / polls)} ms mean over ${polls} polls`,
  };
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const client = await ctx.login('corporate');
  const office = await officeOf(ctx);
  const t0 = performance.now();
  const barcodes = await register(ctx, client);
  await deliver(ctx, barcodes);
  const madeIn = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`  pod-export: ${PARCELS} parcels registered and delivered in ${madeIn} s`);
  const session = await ctx.login('corporate');
  const pdf = await exportOnce(ctx, session, office, 'pdf');
  console.log(`  pod-export: ${pdf.scenario}: ${pdf.note}`);
  const zip = await exportOnce(ctx, session, office, 'zip');
  console.log(`  pod-export: ${zip.scenario}: ${zip.note}`);
  pdf.note = `${pdf.note}; the ${PARCELS} parcels made in ${madeIn} s (registration and two job rounds)`;
  return [pdf, zip];
}

/** The client's office, from its session note (PostGetUser's `Note`). */
async function officeOf(ctx: BenchContext): Promise<string> {
  const user = await must<{ Note: string }>(ctx.baseUrl, 'POST', 'PostGetUser', {
    Login: 'corporate',
    Password: 'Demo#2026',
  });
  const guid = decodeNote(user.Note).OfficeGUID;
  if (!guid) throw new Error('the demo corporate account has no office');
  return guid;
}
