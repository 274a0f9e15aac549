import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@po/contract';
import type { GridQuery } from '@po/contract/grid';
import type {
  NotConfirmParcelFinder as NotConfirmDef,
  ParcelFinder as FinderDef,
  FinderAnswer,
  LastStatusItem,
  SearchFilter,
} from '@po/contract/parcels/finder';
import type { ReferenceRow } from '@po/contract/reference';
import { Group } from '@po/contract/constants';
import { PostGetAllUsers } from '@po/contract/generated/call-refs/admin';
import {
  GetLastParcelStatuses,
  GetMinMaXDate,
  GetParcelStatuses,
  NotConfirmParcelFinder,
  ParcelFinder,
  PostUpStat,
} from '@po/contract/generated/call-refs/parcels/finder';
import { PostGetRegion } from '@po/contract/generated/call-refs/reference';
import { callApi } from '@/api/client';
import type { FinderFilter, FinderLookups } from '@/components/finder/finder-form';
import type { HistorySource } from '@/components/finder/history-detail';

/** The call's input: every field of the filter, empty when not given (the schema's preprocessors read ''). */
const finderInput = (f: FinderFilter, q: GridQuery = {}) => ({ ...f, ...q }) as CallInput<typeof FinderDef>;
export type { FinderFilter, SearchFilter };

export const parcelKeys = {
  finder: (f: FinderFilter) => ['parcels', 'finder', f] as const,
  notConfirmed: (f: FinderFilter) => ['parcels', 'notConfirmed', f] as const,
  minMax: ['parcels', 'minMax'] as const,
  region: (rid: number) => ['parcels', 'region', rid] as const,
};

/** ParcelFinder: one page (Skip, Take, Sort, Filter) or, without them, the whole capped result. */
export function findParcels(
  filter: FinderFilter,
  q: GridQuery = {},
  signal?: AbortSignal,
): Promise<FinderAnswer> {
  return callApi(ParcelFinder, finderInput(filter, q), { signal });
}

/** NotConfirmParcelFinder: the unconfirmed parcels of the range. */
export function findNotConfirmed(filter: FinderFilter, signal?: AbortSignal): Promise<FinderAnswer> {
  return callApi(NotConfirmParcelFinder, finderInput(filter) as CallInput<typeof NotConfirmDef>, { signal });
}

/** The batch size of the progressive last-status fill (one call per batch, one tick apart). */
export const LAST_STATUS_BATCH = 5;

/** GetLastParcelStatuses: the last status and delivery entry of several parcels at once. */
export async function lastStatuses(guis: readonly string[], signal?: AbortSignal): Promise<LastStatusItem[]> {
  return (await callApi(GetLastParcelStatuses, { guis: guis.join(',') }, { signal })).Items;
}

/** GetParcelStatuses: a parcel's status history, oldest first (the master-detail rows). */
export const liveHistory: HistorySource = {
  key: ['parcels', 'history'],
  load: async (gui, signal) => (await callApi(GetParcelStatuses, { gui }, { signal })).ParcelsStatuses,
};

export const useMinMaxDate = () =>
  useQuery({
    queryKey: parcelKeys.minMax,
    queryFn: ({ signal }) => callApi(GetMinMaXDate, {}, { signal }),
    staleTime: 60_000,
  });

const regionQuery = (rid: number) =>
  queryOptions({
    queryKey: parcelKeys.region(rid),
    queryFn: async ({ signal }): Promise<ReferenceRow[]> =>
      (await callApi(PostGetRegion, { Rid: rid }, { signal })).Regions.filter((r) => r.Enabled),
    staleTime: 10 * 60_000,
  });
export const useStatuses = (enabled = true) => useQuery({ ...regionQuery(Group.Status), enabled });

/**
 * The finder form's lists: the enabled cities, and the operators as the user may see them
 * (PostGetAllUsers mode=1, spec 001 §4).
 */
export const finderLookups: FinderLookups = {
  key: ['parcels'],
  cities: async (signal) =>
    (await callApi(PostGetRegion, { Rid: Group.Region }, { signal })).Regions.filter((r) => r.Enabled),
  operators: async (signal) => (await callApi(PostGetAllUsers, { mode: 1 }, { signal })).AllUsers,
};

/** PostUpStat for some barcodes. */
export const useUpStat = () =>
  useMutation({
    mutationFn: (v: { barcodes: string[]; stat: number }) =>
      callApi(PostUpStat, { barcodes: v.barcodes.join(','), stat: v.stat }),
  });

/** PostUpStat for one parcel (the bulk assignment sends them one at a time). */
export const upStat = (barcode: string, stat: number) => callApi(PostUpStat, { barcodes: barcode, stat });
