/** Registries: a registrar's parcels of one day, printed or scanned together. */
import type { registries, registryParcels } from '../db/schema.ts';
import { MIN, tbDate, type Built, type SeedContext } from './common.ts';

export interface RegistryRows {
  registries: Array<typeof registries.$inferInsert>;
  registryParcels: Array<typeof registryParcels.$inferInsert>;
}

export function buildRegistries({ rng, latest }: SeedContext, built: Built[]): RegistryRows {
  const byDay = new Map<string, Built[]>();
  for (const b of built) {
    if (b.row.deletedAt) continue;
    const key = `${b.row.registeredBy}|${tbDate(+b.row.createDate!)}`;
    const list = byDay.get(key) ?? [];
    list.push(b);
    byDay.set(key, list);
  }
  const registryRows: RegistryRows['registries'] = [];
  const registryParcelRows: RegistryRows['registryParcels'] = [];
  const groups = [...byDay.values()]
    .filter((g) => g.length >= 2)
    .sort((a, b) => +a[a.length - 1].row.createDate! - +b[b.length - 1].row.createDate!);
  for (const g of groups) {
    if (!rng.chance(0.6)) continue;
    const lastReg = +g[g.length - 1].row.createDate!;
    const at = Math.min(lastReg + rng.int(5, 60) * MIN, latest);
    const id = registryRows.length + 1;
    const printed = rng.chance(0.7);
    registryRows.push({
      id,
      rgName: `RG-${String(id).padStart(6, '0')}`,
      kind: printed ? 'printed' : 'built',
      createdBy: g[0].row.registeredBy,
      officeGuid: g[0].row.registeredOffice,
      createdAt: new Date(at),
      printedAt: printed ? new Date(at) : null,
    });
    g.slice(0, 30).forEach((b, i) =>
      registryParcelRows.push({
        registryId: id,
        parcelGuid: b.row.guid!,
        barcode: b.row.barcode,
        position: i + 1,
        addedAt: new Date(printed ? at : Math.min(+b.row.createDate! + rng.int(1, 30) * MIN, at)),
        addedBy: g[0].row.registeredBy,
      }),
    );
  }
  return { registries: registryRows, registryParcels: registryParcelRows };
}
