import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Group } from '@po/contract';
import { PostInsertStatus, PostUpdateStatus } from '@po/contract/reference';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';
import { referenceKeys } from './get-reference';

export interface StatusValues {
  Name: string;
  Enabled: boolean;
  /** statuses only; the lists have none */
  Zone?: number | string | null;
}

/** PostInsertStatus: `group` is 10 (statuses) or 24-28 (the lists). */
export async function insertStatus(group: number, v: StatusValues): Promise<number> {
  const res = await callApi(PostInsertStatus, {
    Rid: group,
    Name: v.Name,
    Enabled: v.Enabled,
    Zone: v.Zone ?? '',
  });
  return retOrThrow(res.Ret);
}

/** PostUpdateStatus: `id` is the status's or item's id. */
export async function updateStatus(id: number, v: StatusValues): Promise<number> {
  const res = await callApi(PostUpdateStatus, {
    Rid: id,
    Name: v.Name,
    Enabled: v.Enabled,
    Zone: v.Zone ?? '',
  });
  return retOrThrow(res.Ret);
}

/** Adds or changes a status or list item, then reloads the group's list (and the status lookup list). */
export function useSaveStatus(group: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: number | null; values: StatusValues }) =>
      a.id === null ? insertStatus(group, a.values) : updateStatus(a.id, a.values),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: referenceKeys.list(group) });
      if (group === Group.Status)
        await qc.invalidateQueries({ queryKey: referenceKeys.list(Group.StatusList) });
    },
  });
}
