import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostGetRegion as RegionDef, ReferenceRow } from '@po/contract/reference';
import type { PostGetOffices as OfficesDef, OfficeRow } from '@po/contract/admin';
import { Group } from '@po/contract/constants';
import { callApi, callRef } from '@/api/client';

const PostGetRegion = callRef<typeof RegionDef>('GET', 'PostGetRegion', true);
const PostGetOffices = callRef<typeof OfficesDef>('GET', 'PostGetOffices', true);

/** Reference lists the registration screen reads (cities 20, a city's villages, parcel types 25) and the offices. */
export const lookupKeys = {
  region: (rid: number) => ['registration', 'region', rid] as const,
  offices: ['registration', 'offices'] as const,
};

export const regionQuery = (rid: number) =>
  queryOptions({
    queryKey: lookupKeys.region(rid),
    queryFn: async ({ signal }): Promise<ReferenceRow[]> =>
      (await callApi(PostGetRegion, { Rid: rid }, { signal })).Regions.filter((r) => r.Enabled),
    staleTime: 10 * 60_000,
  });

export const useCities = () => useQuery(regionQuery(Group.Region));
export const useParcelTypes = () => useQuery(regionQuery(Group.ParcelType));
/** A city's villages; waits while no city is chosen. */
export const useVillages = (cityId: number | null) =>
  useQuery({ ...regionQuery(cityId ?? 0), enabled: cityId != null });

export function useOffices() {
  return useQuery({
    queryKey: lookupKeys.offices,
    queryFn: async ({ signal }): Promise<OfficeRow[]> =>
      (await callApi(PostGetOffices, { Rid: 0 }, { signal })).Offices,
    staleTime: 10 * 60_000,
  });
}
