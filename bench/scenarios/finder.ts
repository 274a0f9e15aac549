/**
 * The parcel finder (ParcelFinder) as the demo operator on the demo data: one grid page (Take 50) of a
 * 14-day range, a barcode, and a receiver's surname over the whole live store. 10 connections for
 * about 5 s each, loopback only. The barcode and the surname are taken from the range's first page,
 * so every search finds something.
 */
import type { BenchContext, BenchRow } from '../run.ts';
import { measure } from '../load.ts';
import { finderSample } from '../fixtures.ts';

export const name = 'finder';

const CONNECTIONS = 10;
const SECONDS = 5;
const DAY = 86_400_000;

const post = (scenario: string, url: string, body: string): Promise<BenchRow> =>
  measure(scenario, { url, method: 'POST', body, connections: CONNECTIONS, seconds: SECONDS });

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const session = await ctx.login('operator');
  const url = `${ctx.baseUrl}/api/ParcelFinder`;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const range = { StartRegDate: day(Date.now() - 14 * DAY), EndRegDate: day(Date.now()) };
  const page = { ...session, ...range, Skip: 0, Take: 50 };
  const { barcode, surname } = await finderSample(url, page, 'no parcels in the last 14 days');
  return [
    await post('finder: 14-day range, page of 50', url, JSON.stringify(page)),
    await post('finder: barcode', url, JSON.stringify({ ...session, Barcode: barcode })),
    await post(
      'finder: receiver surname, page of 50',
      url,
      JSON.stringify({ ...session, ReceiverName: surname, Skip: 0, Take: 50 }),
    ),
  ];
}
