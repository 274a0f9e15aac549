import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '@po/contract';
import type { GridQuery } from '@po/contract/grid';
import type {
  ArchGetLastParcelStatus as LastDef,
  ArchGetMinMaXDate as ArchMinMaxDef,
  ArchGetParcelStatuses as ArchHistoryDef,
  ArchParcelFinder as ArchFinderDef,
  ArchiveAnswer,
  OldArchGetMinMaXDate as OldMinMaxDef,
  OldArchGetParcelStatuses as OldHistoryDef,
  OldArchParcelFinder as OldFinderDef,
} from '@po/contract/archive';
import type { DeliveryRow, StatusRow } from '@po/contract/finder';
import type { GetBillJpgToBase64 as BillDef, GetSignatureToBase64 as SignatureDef } from '@po/contract/files';
import type { PostGetAllUsers as UsersDef } from '@po/contract/admin';
import type { PostGetRegion as RegionDef } from '@po/contract/reference';
import { Group } from '@po/contract/constants';
import { callApi, callRef } from '@/api/client';

/** The archive calls, typed from the contract without its schemas (see callRef). */
const ArchParcelFinder = callRef<typeof ArchFinderDef>('POST', 'ArchParcelFinder', true);
const OldArchParcelFinder = callRef<typeof OldFinderDef>('POST', 'OldArchParcelFinder', true);
const ArchGetLastParcelStatus = callRef<typeof LastDef>('GET', 'ArchGetLastParcelStatus', true);
const ArchGetParcelStatuses = callRef<typeof ArchHistoryDef>('GET', 'ArchGetParcelStatuses', true);
const OldArchGetParcelStatuses = callRef<typeof OldHistoryDef>('GET', 'OldArchGetParcelStatuses', true);
const ArchGetMinMaXDate = callRef<typeof ArchMinMaxDef>('GET', 'ArchGetMinMaXDate', true);
const OldArchGetMinMaXDate = callRef<typeof OldMinMaxDef>('GET', 'OldArchGetMinMaXDate', true);
const GetSignatureToBase64 = callRef<typeof SignatureDef>('GET', 'GetSignatureToBase64', true);
const GetBillJpgToBase64 = callRef<typeof BillDef>('GET', 'GetBillJpgToBase64', true);
const PostGetAllUsers = callRef<typeof UsersDef>('GET', 'PostGetAllUsers', true);
const PostGetRegion = callRef<typeof RegionDef>('GET', 'PostGetRegion', true);

export type Store = 'archive' | 'oldArchive';

/** The search filter as the form sends it (dates MM/DD/YYYY, empty fields empty). */
export interface ArchiveFilter {
  StartRegDate: string;
  EndRegDate: string;
  Barcode: string;
  SenderName: string;
  ReceiverName: string;
  SenderRegion: number;
  ReceiverRegion: number;
  Fild1: string;
  Fild2: string;
  /** the archive only */
  Description?: string;
  RegistredUserGUID?: string;
}

export const archiveKeys = {
  find: (store: Store) => ['archive', store, 'find'] as const,
  history: (store: Store) => ['archive', store, 'history'] as const,
  minMax: (store: Store) => ['archive', store, 'minMax'] as const,
};

/** ArchParcelFinder / OldArchParcelFinder: one page of the store. */
export function findArchived(
  store: Store,
  filter: ArchiveFilter,
  q: GridQuery,
  signal?: AbortSignal,
): Promise<ArchiveAnswer> {
  if (store === 'archive') {
    return callApi(ArchParcelFinder, { ...filter, ...q } as CallInput<typeof ArchFinderDef>, { signal });
  }
  const { Description: _d, RegistredUserGUID: _o, ...rest } = filter;
  return callApi(OldArchParcelFinder, { ...rest, ...q } as CallInput<typeof OldFinderDef>, { signal });
}

/** ArchGetParcelStatuses / OldArchGetParcelStatuses: the history, oldest first. */
export async function loadHistory(store: Store, gui: string, signal?: AbortSignal): Promise<StatusRow[]> {
  const def = store === 'archive' ? ArchGetParcelStatuses : OldArchGetParcelStatuses;
  return (await callApi(def, { gui }, { signal })).ParcelsStatuses;
}

/** ArchGetLastParcelStatus: the last status and delivery entry of one archived parcel. */
export async function lastStatus(
  gui: string,
  signal?: AbortSignal,
): Promise<{ status: StatusRow | undefined; delivery: DeliveryRow | undefined }> {
  const r = await callApi(ArchGetLastParcelStatus, { gui }, { signal });
  return { status: r.ParcelsStatuses[0], delivery: r.ParcelsDeliverys[0] };
}

/** ArchGetMinMaXDate / OldArchGetMinMaXDate: the store's registration range. */
export const useMinMax = (store: Store) =>
  useQuery({
    queryKey: archiveKeys.minMax(store),
    queryFn: ({ signal }) =>
      callApi(store === 'archive' ? ArchGetMinMaXDate : OldArchGetMinMaXDate, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** GetSignatureToBase64 (deliver 0 delivered, 1 not delivered); null deliver: no call (in progress). */
export function useSignature(barcode: string | null, deliver: 0 | 1 | null) {
  return useQuery({
    queryKey: ['archive', 'signature', barcode, deliver],
    enabled: !!barcode && deliver !== null,
    queryFn: ({ signal }) =>
      callApi(GetSignatureToBase64, { barcode: barcode!, deliver: deliver! }, { signal }),
    staleTime: 60_000,
  });
}
export const fetchSignature = (barcode: string, deliver: 0 | 1) =>
  callApi(GetSignatureToBase64, { barcode, deliver });

/** GetBillJpgToBase64: the scanned bill as base64, or empty. */
export const fetchBill = (barcode: string) => callApi(GetBillJpgToBase64, { barcode });
export function useBill(barcode: string | null) {
  return useQuery({
    queryKey: ['archive', 'bill', barcode],
    enabled: !!barcode,
    queryFn: ({ signal }) => callApi(GetBillJpgToBase64, { barcode: barcode! }, { signal }),
    staleTime: 60_000,
  });
}

/** The operator list (PostGetAllUsers mode=1: as the user may see them, spec 001 §4). */
export const useOperators = (enabled: boolean) =>
  useQuery({
    queryKey: ['archive', 'operators'],
    enabled,
    queryFn: async ({ signal }) => (await callApi(PostGetAllUsers, { mode: 1 }, { signal })).AllUsers,
    staleTime: 5 * 60_000,
  });

/** The cities of the sender and receiver city lists. */
export const useCities = () =>
  useQuery({
    queryKey: ['archive', 'cities'],
    queryFn: async ({ signal }) =>
      (await callApi(PostGetRegion, { Rid: Group.Region }, { signal })).Regions.filter((r) => r.Enabled),
    staleTime: 10 * 60_000,
  });
