import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostInsertRegion, PostUpdateRegion } from '@po/contract/reference';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';
import { referenceKeys } from './get-reference';

export interface RegionValues {
  Name: string;
  PostCode: string;
  Zone: number | string | null;
}

/** PostInsertRegion: `parent` is Group.Region (20) for a new region or the region's id for a village. */
export async function insertRegion(parent: number, v: RegionValues): Promise<number> {
  const res = await callApi(PostInsertRegion, {
    Rid: parent,
    Name: v.Name,
    PostCode: v.PostCode,
    Zone: v.Zone ?? '',
  });
  return retOrThrow(res.Ret);
}

/** PostUpdateRegion: `id` is the region's or village's id. */
export async function updateRegion(id: number, v: RegionValues): Promise<number> {
  const res = await callApi(PostUpdateRegion, {
    Rid: id,
    Name: v.Name,
    PostCode: v.PostCode,
    Zone: v.Zone ?? '',
  });
  return retOrThrow(res.Ret);
}

/** Adds or changes a region or village, then reloads its list (`list`: 20, or the region id). */
export function useSaveRegion(list: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: number | null; values: RegionValues }) =>
      a.id === null ? insertRegion(list, a.values) : updateRegion(a.id, a.values),
    onSuccess: () => qc.invalidateQueries({ queryKey: referenceKeys.list(list) }),
  });
}
