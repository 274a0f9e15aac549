import { useQuery } from '@tanstack/react-query';
import { GetParcelStatuses } from '@po/contract/finder';
import { callApi } from '@/api/client';

/** GetParcelStatuses: a parcel's status history, oldest first (the master-detail of my parcels). */
export function useParcelHistory(guid: string) {
  return useQuery({
    queryKey: ['parcels', 'history', guid],
    queryFn: async ({ signal }) =>
      (await callApi(GetParcelStatuses, { gui: guid }, { signal })).ParcelsStatuses,
  });
}
