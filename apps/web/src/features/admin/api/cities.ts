import { useQuery } from '@tanstack/react-query';
import { Group } from '@po/contract';
import { PostGetRegion, type ReferenceRow } from '@po/contract/reference';
import { callApi } from '@/api/client';

/** PostGetRegion Rid 20: the cities for the office location lookup. */
export async function getCities(signal?: AbortSignal): Promise<ReferenceRow[]> {
  const data = await callApi(PostGetRegion, { Rid: Group.Region }, { signal });
  return data.Regions;
}
export function useCities() {
  return useQuery({
    queryKey: ['admin', 'cities'],
    queryFn: ({ signal }) => getCities(signal),
    staleTime: 300_000,
  });
}
