import { registrationBody } from '@po/contract/testing';

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
