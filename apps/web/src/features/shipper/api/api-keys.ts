import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreateApiKey, GetApiKeys, RevokeApiKey } from '@po/contract/generated/call-refs/shipper';
import { PostGetOffices } from '@po/contract/generated/call-refs/admin';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';

export const apiKeyKeys = { all: ['shipper', 'keys'] as const, offices: ['shipper', 'offices'] as const };

/** The shipper API keys, newest first. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async ({ signal }) => (await callApi(GetApiKeys, {}, { signal })).Keys,
  });
}

/** The corporate clients' offices: the ones a key may be made for. */
export function useCorporateOffices() {
  return useQuery({
    queryKey: apiKeyKeys.offices,
    queryFn: async ({ signal }) =>
      (await callApi(PostGetOffices, { Rid: 0 }, { signal })).Offices.filter((o) => o.IsCorporate),
  });
}

export interface NewApiKey {
  OfficeGUID: string;
  Name: string;
  Scopes: Array<'register' | 'read' | 'cancel'>;
  /** ISO day or '' */
  ExpiresAt: string;
}

/** Makes a key; answers the secret (shown once). */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (k: NewApiKey) => {
      const data = await callApi(CreateApiKey, { ...k, ExpiresAt: k.ExpiresAt || undefined });
      retOrThrow(data.Ret);
      return data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => retOrThrow((await callApi(RevokeApiKey, { KeyId: id })).Ret),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
