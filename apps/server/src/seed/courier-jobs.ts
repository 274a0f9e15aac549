/**
 * Courier jobs: a courier's scans of one status on one day form a batch sent from the phone, with now and
 * then a line it could not apply; and the registry QR scans the courier could not use.
 */
import { Status } from '@po/contract';
import type { courierErrors, jobLines, jobs, signatures } from '../db/schema.ts';
import { USER } from './accounts.ts';
import {
  DAY,
  HOUR,
  MOBILE,
  makeBarcode,
  tbDate,
  type Built,
  type EventRow,
  type ParcelRow,
  type SeedContext,
} from './common.ts';
import type { RegistryRows } from './registries.ts';

/** A courier's event on the road, with the parcel it moved. */
export interface CourierEvent {
  parcel: ParcelRow;
  ev: EventRow;
}
export type SignatureRow = typeof signatures.$inferInsert;
type ErrorRow = typeof courierErrors.$inferInsert;

export interface JobRows {
  jobs: Array<typeof jobs.$inferInsert>;
  jobLines: Array<typeof jobLines.$inferInsert>;
  courierErrors: ErrorRow[];
}

/** The jobs (their ids set on the events and signatures they made), then the errors, oldest first. */
export function buildCourierJobs(
  ctx: SeedContext,
  courierEvents: CourierEvent[],
  signatureRows: SignatureRow[],
  built: Built[],
  registryRows: RegistryRows['registries'],
): JobRows {
  const { rng } = ctx;
  const jobGroups = new Map<string, CourierEvent[]>();
  for (const ce of courierEvents) {
    const key = `${ce.ev.userGuid}|${ce.ev.statusId}|${tbDate(+ce.ev.createdAt!)}`;
    const list = jobGroups.get(key) ?? [];
    list.push(ce);
    jobGroups.set(key, list);
  }
  const out: JobRows = { jobs: [], jobLines: [], courierErrors: [] };
  const sigByParcel = new Map(signatureRows.map((s) => [s.parcelGuid, s]));
  const deletedBarcodes = built.filter((b) => b.row.deletedAt).map((b) => b.row.barcode);
  let unknownSerial = 90_000_000;
  for (const list of [...jobGroups.values()].sort((a, b) => +a[0].ev.createdAt! - +b[0].ev.createdAt!)) {
    const jobId = rng.uuid();
    const first = list[0].ev;
    const lastAt = +list[list.length - 1].ev.createdAt!;
    const mob = MOBILE[first.userGuid!];
    let failed = 0;
    for (const { parcel, ev } of list) {
      ev.jobId = jobId;
      out.jobLines.push({ jobId, gui: parcel.guid!, barcode: parcel.barcode, applied: true });
      const sig = ev.statusId === Status.Delivered ? sigByParcel.get(parcel.guid!) : undefined;
      if (sig) sig.jobId = jobId;
    }
    if (rng.chance(0.12)) {
      const kind = rng.int(0, 2);
      const unknown = kind === 0 || deletedBarcodes.length === 0;
      const barcode = unknown
        ? makeBarcode('PO', unknownSerial++)
        : kind === 1
          ? rng.pick(deletedBarcodes)
          : list[0].parcel.barcode;
      const error = unknown
        ? 'შტრიხკოდი ბაზაში არ არის'
        : kind === 1
          ? 'ამანათი წაშლილია'
          : 'ამანათი უკვე დამუშავებულია';
      out.jobLines.push({ jobId, gui: '', barcode, applied: false, error });
      out.courierErrors.push({
        userGuid: first.userGuid!,
        barcode,
        source: rng.pick(['სკანერი', 'კამერა', 'ხელით']),
        comment: error,
        registry: '',
        jobId,
        createdAt: new Date(lastAt + 1000),
      });
      failed++;
    }
    out.jobs.push({
      jobId,
      userGuid: first.userGuid!,
      operType: first.statusId,
      comment: first.comment ?? '',
      mobile: mob.name,
      carNumber: mob.car,
      driverId: mob.driver,
      lat: first.lat,
      lng: first.lng,
      deviceTime: first.deviceTime,
      receivedAt: new Date(lastAt),
      applied: list.length,
      failed,
      response: { Ret: list.length },
    });
  }
  out.courierErrors.push(...registryScanErrors(ctx, registryRows));
  out.courierErrors.sort((a, b) => +a.createdAt! - +b.createdAt!);
  return out;
}

/** Registry scans the courier could not use: an unknown registry, or one already taken in. */
function registryScanErrors({ rng, now, latest }: SeedContext, registryRows: RegistryRows['registries']) {
  const errorRows: ErrorRow[] = [];
  for (let i = 0; i < 25 && registryRows.length; i++) {
    const at = now - rng.int(0, 170) * DAY - rng.int(1, 8) * HOUR;
    if (at > latest) continue;
    const courier = rng.chance(0.6) ? USER.courier : USER.courier2;
    const reg = rng.chance(0.5) ? `RG-${String(900000 + rng.int(1, 99999))}` : rng.pick(registryRows).rgName;
    errorRows.push({
      userGuid: courier,
      barcode: '',
      source: 'QR',
      comment: reg.startsWith('RG-9') ? `რეესტრი ${reg} ბაზაში არ არის` : 'ეს QR პაკეტი უკვე შეყვანილია',
      registry: reg,
      createdAt: new Date(at),
    });
  }
  return errorRows;
}
