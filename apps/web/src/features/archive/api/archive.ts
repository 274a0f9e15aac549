import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '@po/contract';
import type { GridQuery } from '@po/contract/grid';
import type {
  ArchParcelFinder as ArchFinderDef,
  ArchiveAnswer,
  OldArchParcelFinder as OldFinderDef,
} from '@po/contract/archive';
import type { LastStatusItem } from '@po/contract/parcels/finder';
import { Group } from '@po/contract/constants';
import { PostGetAllUsers } from '@po/contract/generated/call-refs/admin';
import {
  ArchGetLastParcelStatus,
  ArchGetMinMaXDate,
  ArchGetParcelStatuses,
  ArchParcelFinder,
  OldArchGetMinMaXDate,
  OldArchGetParcelStatuses,
  OldArchParcelFinder,
} from '@po/contract/generated/call-refs/archive';
import {
  GetBillJpgToBase64,
  GetParcelHandover,
  GetSignatureToBase64,
} from '@po/contract/generated/call-refs/files';
import { PostGetRegion } from '@po/contract/generated/call-refs/reference';
import { GetParcelPhotos } from '@po/contract/generated/call-refs/proof/photos';
import { callApi } from '@/api/client';
import type { FinderFilter, FinderLookups } from '@/components/finder/finder-form';
import type { ParcelFiles } from '@/components/finder/finder-source';
import type { HistorySource } from '@/components/finder/history-detail';

export type Store = 'archive' | 'oldArchive';

export const archiveKeys = {
  find: (store: Store) => ['archive', store, 'find'] as const,
  history: (store: Store) => ['archive', store, 'history'] as const,
  minMax: (store: Store) => ['archive', store, 'minMax'] as const,
};

/** ArchParcelFinder / OldArchParcelFinder: one page of the store (the old one without operator, description). */
export function findArchived(
  store: Store,
  filter: FinderFilter,
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
export const archiveHistory = (store: Store): HistorySource => ({
  key: archiveKeys.history(store),
  load: async (gui, signal) =>
    (
      await callApi(
        store === 'archive' ? ArchGetParcelStatuses : OldArchGetParcelStatuses,
        { gui },
        { signal },
      )
    ).ParcelsStatuses,
});

/**
 * ArchGetLastParcelStatus, one call per parcel: the last status and delivery entry of each archived
 * parcel that has both.
 */
export async function lastStatuses(guis: readonly string[], signal?: AbortSignal): Promise<LastStatusItem[]> {
  const items: LastStatusItem[] = [];
  for (const gui of guis) {
    const r = await callApi(ArchGetLastParcelStatus, { gui }, { signal });
    const status = r.ParcelsStatuses[0];
    const delivery = r.ParcelsDeliverys[0];
    if (status && delivery) items.push({ ...status, ...delivery, ParcelGUID: gui });
  }
  return items;
}

/** ArchGetMinMaXDate / OldArchGetMinMaXDate: the store's registration range. */
export const useMinMax = (store: Store) =>
  useQuery({
    queryKey: archiveKeys.minMax(store),
    queryFn: ({ signal }) =>
      callApi(store === 'archive' ? ArchGetMinMaXDate : OldArchGetMinMaXDate, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** The focused parcel's files: GetSignatureToBase64 (deliver 0 delivered, 1 not) and GetBillJpgToBase64. */
export const archiveFiles: ParcelFiles = {
  key: ['archive'],
  signature: (barcode, deliver, signal) => callApi(GetSignatureToBase64, { barcode, deliver }, { signal }),
  bill: (barcode, signal) => callApi(GetBillJpgToBase64, { barcode }, { signal }),
  handover: (barcode, signal) => callApi(GetParcelHandover, { barcode }, { signal }),
  photos: (gui, signal) => callApi(GetParcelPhotos, { gui }, { signal }),
};

/**
 * The filter form's lists: the enabled cities, and the operators as the user may see them
 * (PostGetAllUsers mode=1, spec 001 §4).
 */
export const archiveLookups: FinderLookups = {
  key: ['archive'],
  cities: async (signal) =>
    (await callApi(PostGetRegion, { Rid: Group.Region }, { signal })).Regions.filter((r) => r.Enabled),
  operators: async (signal) => (await callApi(PostGetAllUsers, { mode: 1 }, { signal })).AllUsers,
};
