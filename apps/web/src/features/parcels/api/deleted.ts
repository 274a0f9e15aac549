import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeleteParcel,
  GetDeletedParcels,
  undeleteParcel,
} from '@po/contract/generated/call-refs/parcels/deletion';
import { callApi } from '@/api/client';
import { notifyConnecting } from '@/lib/notify';

export const deletedKeys = { list: (from: string, to: string) => ['parcels', 'deleted', from, to] as const };

/** GetDeletedParcels for a range (MM/DD/YYYY); waits until the user presses Find. */
export function useDeletedParcels(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: deletedKeys.list(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    queryFn: async ({ signal }) => {
      notifyConnecting();
      return (await callApi(GetDeletedParcels, { StartDate: range!.from, EndDate: range!.to }, { signal }))
        .Parcels;
    },
  });
}

/** undeleteParcel: Ret 2 restored, -6 registered again since. */
export function useRestore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (gui: string) => (await callApi(undeleteParcel, { gui })).Ret,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['parcels'] }),
  });
}

/** DeleteParcel: Ret 1 deleted (while EnableDelete holds). */
export function useDeleteParcel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (gui: string) => (await callApi(DeleteParcel, { gui })).Ret,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['parcels'] }),
  });
}
