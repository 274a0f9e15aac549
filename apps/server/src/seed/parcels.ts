/**
 * Demo parcels over six years with their whole history: registration, confirmation, receiving,
 * bags, couriers, deliveries with signatures, failures, deletions and fines; registries, companies,
 * attendance, courier jobs and journals, transport waybills. Deterministic: one seeded PRNG, and
 * every time counted back from `now`; each builder draws from it in turn, so their order is part of
 * the data. The archive mover runs at the end, so all three stores hold parcels. Inserts go in
 * batches inside one transaction (write.ts).
 */
import { describeCounts, moveToArchives } from '../modules/archive/mover.ts';
import type { Db } from '../db/client.ts';
import { buildAttendance } from './attendance.ts';
import { buildBags } from './bags.ts';
import { DAY, HOUR, MIN, seedContext, tbWeekday, type Built, type SeedContext } from './common.ts';
import { buildCompanies } from './companies.ts';
import { buildCourierJobs } from './courier-jobs.ts';
import { walkHistory, type Shared } from './history.ts';
import { chooseRoute, parcelRow } from './parcel.ts';
import { buildRegistries } from './registries.ts';
import { scribblePng } from './signature-png.ts';
import { buildWaybills } from './waybills.ts';
import { writeDemoRows, type DemoRows } from './write.ts';

export { isValidS10, makeBarcode, s10CheckDigit } from './common.ts';
export { PNG_MAGIC, scribblePng } from './signature-png.ts';

export interface SeedParcelsOptions {
  now?: Date;
  count?: number;
  seed?: number;
}

/** Registration moments, oldest first: a few today, most over the last five years, some older. */
function registrationMoments({ rng, now, today, latest }: SeedContext, count: number): number[] {
  const moments: number[] = [];
  const segment = (n: number, fromDay: number, toDay: number) => {
    for (let i = 0; i < n; i++) {
      let day = today - rng.int(fromDay, toDay) * DAY;
      if (tbWeekday(day) === 0 && rng.chance(0.8)) day -= DAY; // few Sundays
      moments.push(day + 9 * HOUR + rng.int(0, 10 * 60) * MIN + rng.int(0, 59) * 1000);
    }
  };
  const todayCount = Math.round(count * 0.008);
  for (let i = 0; i < todayCount; i++) {
    const from = Math.max(today, now - 10 * HOUR);
    moments.push(from + Math.floor(rng.next() * (latest - from) * 0.9));
  }
  segment(Math.round(count * 0.07), 1, 14);
  segment(Math.round(count * 0.1), 15, 60);
  segment(Math.round(count * 0.16), 61, 180);
  segment(Math.round(count * 0.47), 181, 1825);
  segment(count - moments.length, 1826, 2185);
  return moments.sort((a, b) => a - b);
}

/** Every row of the demo parcels, built in memory in the generator's order. */
export function buildDemoRows(ctx: SeedContext, count: number): DemoRows {
  const companyRows = buildCompanies(ctx);
  const moments = registrationMoments(ctx, count);
  const shared: Shared = {
    bags: new Map(),
    courierEvents: [],
    signatures: [],
    scribbles: Array.from({ length: 32 }, () => scribblePng(ctx.rng)),
  };
  const built: Built[] = moments.map((created, idx) => {
    const route = chooseRoute(ctx.rng);
    const row = parcelRow(ctx, companyRows, route, created, idx + 1);
    const events = walkHistory(ctx, shared, row, route);
    const last = events[events.length - 1];
    row.curStatusId = last.statusId;
    row.curStatusAt = last.createdAt as Date;
    row.modifiedAt = last.createdAt as Date;
    return { row, events };
  });
  const bagRows = buildBags(ctx, shared.bags, built);
  const registryRows = buildRegistries(ctx, built);
  const jobRows = buildCourierJobs(
    ctx,
    shared.courierEvents,
    shared.signatures,
    built,
    registryRows.registries,
  );
  const waybillRows = buildWaybills(ctx, built);
  return {
    companies: companyRows,
    parcels: built.map((b) => b.row),
    events: built.flatMap((b) => b.events),
    signatures: shared.signatures,
    ...bagRows,
    ...registryRows,
    ...jobRows,
    ...waybillRows,
    attendance: buildAttendance(ctx),
  };
}

/** Loads the demo parcels and everything around them. Needs seedAccounts first. */
export async function seedParcels(
  db: Db,
  log: (msg: string) => void = () => {},
  opts: SeedParcelsOptions = {},
): Promise<void> {
  const started = Date.now();
  const ctx = seedContext((opts.now ?? new Date()).getTime(), opts.seed ?? 20260101);
  const d = buildDemoRows(ctx, opts.count ?? 4000);
  const builtMs = Date.now() - started;
  await writeDemoRows(db, d);
  log(
    `demo parcels: ${d.parcels.length} parcels, ${d.events.length} events, ${d.bags.length} bags, ` +
      `${d.registries.length} registries, ${d.signatures.length} signatures, ${d.jobs.length} jobs, ` +
      `${d.waybills.length} waybills, ${d.attendance.length} attendance days in ${Date.now() - started} ms (${builtMs} ms to build)`,
  );
  const counts = await moveToArchives(db, { now: new Date(ctx.now) });
  log(describeCounts(counts));
}
