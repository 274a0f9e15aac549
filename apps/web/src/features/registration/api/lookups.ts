import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferenceRow } from '@po/contract/reference';
import type { OfficeRow } from '@po/contract/admin';
import { Group } from '@po/contract/constants';
import { PostGetOffices } from '@po/contract/generated/call-refs/admin';
import { PostGetRegion } from '@po/contract/generated/call-refs/reference';
import { callApi } from '@/api/client';

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
