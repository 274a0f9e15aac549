/**
 * The archive finders (ArchParcelFinder, OldArchParcelFinder; issue 12) as the demo operator on the demo
 * data the archive mover has spread over the stores: per store, one grid page (Take 20) of the screen's
 * default 14-day range, a barcode, and a receiver's surname over the whole store. 10 connections for
 * about 5 s each, loopback only. The barcode and the surname come from the store's newest page, so
 * every search finds something.
 */
import type { BenchContext, BenchRow } from '../run.ts';
import { measure } from '../load.ts';
import { finderSample } from '../fixtures.ts';

export const name = 'archive';

const CONNECTIONS = 10;
const SECONDS = 5;
const DAY = 86_400_000;
const us = (t: number) => {
  const d = new Date(t);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

const post = (scenario: string, url: string, body: string): Promise<BenchRow> =>
  measure(scenario, { url, method: 'POST', body, connections: CONNECTIONS, seconds: SECONDS });

async function store(
  ctx: BenchContext,
  session: { Id: string; Ticket: string },
  call: 'ArchParcelFinder' | 'OldArchParcelFinder',
  endDaysAgo: number,
  label: string,
): Promise<BenchRow[]> {
  const url = `${ctx.baseUrl}/api/${call}`;
  const end = Date.now() - endDaysAgo * DAY;
  const range = { StartRegDate: us(end - 14 * DAY), EndRegDate: us(end) };
  const page = { ...session, ...range, Skip: 0, Take: 20 };
  const newest = { ...session, Skip: 0, Take: 20, Sort: 'CreateDate desc' };
  const { barcode, surname } = await finderSample(url, newest, `${call}: no parcels in the store`);
  return [
    await post(`${label}: default 14-day range, page of 20`, url, JSON.stringify(page)),
    await post(`${label}: barcode`, url, JSON.stringify({ ...session, Barcode: barcode })),
    await post(
      `${label}: receiver surname, page of 20`,
      url,
      JSON.stringify({ ...session, ReceiverName: surname, Skip: 0, Take: 20 }),
    ),
  ];
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const session = await ctx.login('operator');
  return [
    ...(await store(ctx, session, 'ArchParcelFinder', 180, 'archive')),
    ...(await store(ctx, session, 'OldArchParcelFinder', 1825, 'old archive')),
  ];
}
