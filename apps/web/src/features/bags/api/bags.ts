import { useQuery } from '@tanstack/react-query';
import { CheckDriver, PostGetOffices } from '@po/contract/admin';
import {
  CancelBag,
  CloseBag,
  GetBagParcels,
  GetBags,
  GetOpenBags,
  ReceiveBag,
  ResumeBag,
  SetParcelsNewTransport,
} from '@po/contract/bags';
import type { CallInput } from '@po/contract';
import { callApi } from '@/api/client';

/** The query keys of the bag screens: the journal's range, the office's open bags. */
export const bagKeys = {
  all: ['bags'] as const,
  journal: (from: string, to: string) => ['bags', 'journal', from, to] as const,
  open: ['bags', 'open'] as const,
};

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
/** ResumeBag: an open bag of my office and its parcels, to scan on into it. */
export const resumeBag = (Bag: string) => callApi(ResumeBag, { Bag });
/** CancelBag: cancel an open bag, releasing its parcels. */
export const cancelBag = (Bag: string) => callApi(CancelBag, { Bag, Comment: '' });
/** ReceiveBag: receive a whole bag by its label. */
export const receiveBag = (Label: string) => callApi(ReceiveBag, { Label });
/** CheckDriver: the driver's name at the revenue service ('' when unknown). */
export const checkDriver = (DriverId: string) => callApi(CheckDriver, { DriverId });

/** The bags of the journal's range, searched as soon as the screen opens. */
export function useBagJournal(range: { from: string; to: string }) {
  return useQuery({
    queryKey: bagKeys.journal(range.from, range.to),
    queryFn: () => getBags(range.from, range.to),
  });
}

/** The open bags (neither sealed nor cancelled) sent from my office. */
export function useOpenBags() {
  return useQuery({
    queryKey: bagKeys.open,
    queryFn: ({ signal }) => callApi(GetOpenBags, {}, { signal }).then((d) => d.Bags),
  });
}

/** The receiving office lookup. */
export function useOffices() {
  return useQuery({
    queryKey: ['bags', 'offices'],
    queryFn: ({ signal }) => callApi(PostGetOffices, { Rid: 0 }, { signal }).then((d) => d.Offices),
    staleTime: 5 * 60_000,
  });
}
