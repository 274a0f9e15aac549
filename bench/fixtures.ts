import { courierJobBody, registrationBody } from '@po/contract/testing';

/**
 * What the bench scenarios send more than once: the shared registration body (`@po/contract/testing`:
 * generated barcode, demo sender and receiver), one package sent Tbilisi to Batumi with its size,
 * marked in field 1 with the scenario that made it.
 */
export function benchParcel(fild1: string) {
  return registrationBody({
    NumberOfPackages: 1,
    ReceiverCityID: 321,
    Weight: 1.5,
    Length: 30,
    Width: 20,
    Height: 10,
    Fild1: fild1,
  });
}

/**
 * A finder's first page (`body` POSTed to `url`): the last parcel's barcode and its receiver's surname,
 * so the barcode and surname searches of the finder scenarios find something. `none` says what was
 * searched when the page is empty.
 */
export async function finderSample(
  url: string,
  body: object,
  none: string,
): Promise<{ barcode: string; surname: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const first = (await res.json()) as {
    Status: boolean;
    Error?: string;
    Data?: { Parcels: Array<{ Barcode: string; Receiver: string }> };
  };
  const sample = first.Data?.Parcels.at(-1);
  if (!first.Status || !sample) throw new Error(`${none}: ${first.Error ?? ''}`);
  return { barcode: sample.Barcode, surname: sample.Receiver.split(' ').at(-1) ?? sample.Receiver };
}

/**
 * A courier's job (MobSendJob) as the bench's phone sends it: a new JobId, the status, the lines of
 * these barcodes; `comment` and `signature` (base64) for a delivery.
 */
export function courierJob(
  session: { Id: string; Ticket: string },
  status: number,
  barcodes: string[],
  { comment = '', signature = '' }: { comment?: string; signature?: string } = {},
) {
  return {
    ...session,
    ...courierJobBody(status, barcodes, { Comment: comment, ImageB64: signature, Mobile: 'bench' }),
  };
}
