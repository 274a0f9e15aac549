import { queryOptions, useQuery } from '@tanstack/react-query';
import { PostGetRegion, type ReferenceRow } from '@po/contract/reference';
import { callApi } from '@/api/client';
import { notifyConnecting } from '@/lib/notify';

/** Query keys of the reference lists: one per Rid (a group id, or a region id for its villages). */
export const referenceKeys = {
  all: ['reference'] as const,
  list: (rid: number) => ['reference', rid] as const,
};

/** PostGetRegion: the rows of a group, or a region's villages. */
export async function getReference(rid: number, signal?: AbortSignal): Promise<ReferenceRow[]> {
  notifyConnecting();
  const data = await callApi(PostGetRegion, { Rid: rid }, { signal });
  return data.Regions;
}

export const referenceQuery = (rid: number) =>
  queryOptions({ queryKey: referenceKeys.list(rid), queryFn: ({ signal }) => getReference(rid, signal) });

/** The rows of a list; `rid` null waits (e.g. no region chosen yet). */
export function useReference(rid: number | null) {
  return useQuery({ ...referenceQuery(rid ?? 0), enabled: rid !== null });
}
