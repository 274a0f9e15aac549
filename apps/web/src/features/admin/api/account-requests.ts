import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GetAccountRequests, PostHandleAccountRequest } from '@po/contract/auth';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';

const key = ['admin', 'account-requests'] as const;

/** The password-reset and new-account requests of the public screens. */
export function useAccountRequests() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await callApi(GetAccountRequests, {}, { signal })).Requests,
  });
}

export function useHandleAccountRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => retOrThrow((await callApi(PostHandleAccountRequest, { ID: id })).Ret),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
