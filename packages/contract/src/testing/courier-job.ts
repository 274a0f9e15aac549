import type { CallInput } from '../call.ts';
import type { MobSendJob } from '../mobile.ts';

/** A job's line as the phone sends it. */
export interface CourierJobLine {
  Gui: string;
  Barcode: string;
  Stack?: boolean;
  Number?: number;
}
/** A MobSendJob request body: the call's input fields by their names (a misspelt field does not compile). */
export type CourierJobBody = Omit<Partial<CallInput<typeof MobSendJob>>, 'Ji'> & { Ji?: CourierJobLine[] };

/**
 * A courier's job the way the phone sends one: a new JobId, the status, one line for each barcode,
 * the demo car and driver, a position in Tbilisi and the time now; `over` changes or adds any field
 * (the signature `ImageB64`, `Photos`, `Comment` …).
 */
export const courierJobBody = (
  status: number,
  barcodes: string[],
  over: CourierJobBody = {},
): CourierJobBody => ({
  JobId: crypto.randomUUID(),
  Status: status,
  Comment: '',
  ImageB64: '',
  Mobile: 'Samsung A52',
  CarNumber: 'AA-001-AA',
  DriverId: '01001012345',
  Dt: new Date().toISOString(),
  lat: 41.7,
  lng: 44.7,
  Ji: barcodes.map((Barcode) => ({
    Gui: crypto.randomUUID(),
    Barcode,
    Stack: false,
    Number: 1,
    EnableDelete: true,
  })),
  ...over,
});
