import { useQuery } from '@tanstack/react-query';
import { PostGetAllUsers } from '@po/contract/admin';
import {
  BuildRegistry,
  GetNextRegName,
  NFAddPrintedReg,
  NFGetRegistryByNumber,
  NFRegistryJournal,
  NFRegistryList,
} from '@po/contract/registries';
import type { CallInput } from '@po/contract';
import { callApi } from '@/api/client';

/** NFRegistryList: the parcels to print for the filter. */
export const findRegistryParcels = (input: CallInput<typeof NFRegistryList>) =>
  callApi(NFRegistryList, input);
/** GetNextRegName: reserves the next registry name for this operator. */
export const nextRegistryName = () => callApi(GetNextRegName, {});
/** NFAddPrintedReg: saves the registry before it is printed. */
export const savePrintedRegistry = (Name: string, BarCodes: string[]) =>
  callApi(NFAddPrintedReg, { Name, BarCodes });
/** BuildRegistry: a scanned parcel (null when unknown), added to the registry being built. */
export const buildRegistryScan = (Barcode: string, RgName: string) =>
  callApi(BuildRegistry, { Barcode, RgName });
/** The registry journal search. */
export const searchJournal = (input: CallInput<typeof NFRegistryJournal>) =>
  callApi(NFRegistryJournal, input);
/** A registry's parcels. */
export const registryParcels = (RgNumber: string) => callApi(NFGetRegistryByNumber, { RgNumber });

/** The operators the caller may see (the filter's operator lookup). */
export function useOperators() {
  return useQuery({
    queryKey: ['registries', 'operators'],
    queryFn: () => callApi(PostGetAllUsers, { mode: 1 }).then((d) => d.AllUsers),
    staleTime: 5 * 60_000,
  });
}
