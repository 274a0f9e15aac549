import { useMutation, useQuery } from '@tanstack/react-query';
import { PostGetOffices } from '@po/contract/generated/call-refs/admin';
import { GetPodExport, PodExport } from '@po/contract/generated/call-refs/proof/export';
import type { CallInput } from '@po/contract';
import { callApi } from '@/api/client';
import { getSession } from '@/lib/session';

/** PodExport: starts the bulk proof of delivery; answers its id. */
export const startPodExport = (input: CallInput<typeof PodExport>) =>
  callApi(PodExport, input).then((d) => d.Id);

export function useStartPodExport() {
  return useMutation({ mutationFn: startPodExport });
}

/** GetPodExport, asked again every second while the export runs. */
export function usePodExport(id: string | null) {
  return useQuery({
    queryKey: ['proof', 'podExport', id],
    queryFn: () => callApi(GetPodExport, { ID: id! }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.State === 'running' || !q.state.data ? 1000 : false),
  });
}

/** The offices an administrator may export (every office; the corporate clients' first). */
export function useExportOffices(enabled: boolean) {
  return useQuery({
    queryKey: ['proof', 'offices'],
    queryFn: () => callApi(PostGetOffices, {}).then((d) => d.Offices),
    enabled,
    staleTime: 60_000,
  });
}

/** The download address of a ready export with this session (the file call takes Id and Ticket). */
export function downloadUrl(url: string): string {
  const s = getSession();
  return s ? `${url}&Id=${encodeURIComponent(s.Id)}&Ticket=${encodeURIComponent(s.Ticket)}` : url;
}
