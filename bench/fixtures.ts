import { parcelBody } from '../apps/server/src/test/factories.ts';

/**
 * What the bench scenarios send more than once: the tests' registration body (generated barcode, demo
 * sender and receiver) sent Tbilisi to Batumi with its size, marked in field 1 with the scenario that
 * made it.
 */
export function benchParcel(fild1: string) {
  return parcelBody({
    ReceiverCityID: 321,
    Weight: 1.5,
    Length: 30,
    Width: 20,
    Height: 10,
    Fild1: fild1,
  });
}
