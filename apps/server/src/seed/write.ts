/** Writes the demo parcels and everything around them in one transaction, in batches. */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  attendance,
  bagParcels,
  bags,
  companies,
  courierErrors,
  jobLines,
  jobs,
  parcelEvents,
  parcels,
  registries,
  registryParcels,
  rsMessages,
  rsWaybills,
  signatures,
  waybills,
} from '../db/schema.ts';
import type { BagRows } from './bags.ts';
import type { EventRow, ParcelRow } from './common.ts';
import type { CompanyRow } from './companies.ts';
import type { JobRows, SignatureRow } from './courier-jobs.ts';
import type { RegistryRows } from './registries.ts';
import type { WaybillRows } from './waybills.ts';

export interface DemoRows extends BagRows, RegistryRows, JobRows, WaybillRows {
  companies: CompanyRow[];
  parcels: ParcelRow[];
  events: EventRow[];
  signatures: SignatureRow[];
  attendance: Array<typeof attendance.$inferInsert>;
}

async function insertBatched<T extends Parameters<Tx['insert']>[0]>(
  tx: Tx,
  table: T,
  values: Array<T['$inferInsert']>,
  size = 500,
): Promise<void> {
  for (let i = 0; i < values.length; i += size) {
    await tx.insert(table).values(values.slice(i, i + size));
  }
}

export async function writeDemoRows(db: Db, d: DemoRows): Promise<void> {
  await db.transaction(async (tx) => {
    await insertBatched(tx, companies, d.companies);
    await insertBatched(tx, parcels, d.parcels, 400);
    await insertBatched(tx, parcelEvents, d.events);
    await insertBatched(tx, bags, d.bags);
    await insertBatched(tx, bagParcels, d.bagParcels);
    await insertBatched(tx, registries, d.registries);
    await insertBatched(tx, registryParcels, d.registryParcels);
    await insertBatched(tx, signatures, d.signatures, 200);
    await insertBatched(tx, jobs, d.jobs);
    await insertBatched(tx, jobLines, d.jobLines);
    await insertBatched(tx, courierErrors, d.courierErrors);
    await insertBatched(tx, rsWaybills, d.rsWaybills);
    await insertBatched(tx, waybills, d.waybills);
    await insertBatched(tx, rsMessages, d.rsMessages);
    await insertBatched(tx, attendance, d.attendance);
    // sequences and identities past the rows given explicit numbers
    const registryCount = d.registries.length;
    await tx.execute(sql`select setval('registry_seq', ${Math.max(1, registryCount)}, ${registryCount > 0})`);
    await tx.execute(sql`select setval('bag_seq', ${Math.max(1, d.bags.length)}, ${d.bags.length > 0})`);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('registries', 'id'), greatest((select max(id) from registries), 1))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('waybills', 'id'), greatest((select max(id) from waybills), 500000))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('rs_waybills', 'id'), greatest((select max(id) from rs_waybills), 700000001))`,
    );
  });
}
