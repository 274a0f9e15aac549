import { useQuery } from '@tanstack/react-query';
import { CheckDriver, PostGetOffices } from '@po/contract/admin';
import { CloseBag, GetBagParcels, GetBags, ReceiveBag, SetParcelsNewTransport } from '@po/contract/bags';
import type { CallInput } from '@po/contract';
import { callApi } from '@/api/client';

/** SetParcelsNewTransport: the scanned parcel into the bag (a new one without Bag); answers its row. */
export const putInBag = (input: CallInput<typeof SetParcelsNewTransport>) =>
  callApi(SetParcelsNewTransport, input).then((d) => d.Parcels);
/** GetBags: the bags of the range. */
export const getBags = (StartDate: string, endDate: string) =>
  callApi(GetBags, { StartDate, endDate }).then((d) => d.Bags);
/** GetBagParcels: a bag's parcels. */
export const getBagParcels = (bagguid: string) => callApi(GetBagParcels, { bagguid }).then((d) => d.Parcels);
/** CloseBag: seal a bag with its seal number and declared weight. */
export const closeBag = (input: CallInput<typeof CloseBag>) => callApi(CloseBag, input);
/** ReceiveBag: receive a whole bag by its label. */
export const receiveBag = (Label: string) => callApi(ReceiveBag, { Label });
/** CheckDriver: the driver's name at the revenue service ('' when unknown). */
export const checkDriver = (DriverId: string) => callApi(CheckDriver, { DriverId });

/** The receiving office lookup. */
export function useOffices() {
  return useQuery({
    queryKey: ['bags', 'offices'],
    queryFn: ({ signal }) => callApi(PostGetOffices, { Rid: 0 }, { signal }).then((d) => d.Offices),
    staleTime: 5 * 60_000,
  });
}
