import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Group } from '@po/contract/constants';
import type { ProofOperationName } from '@po/contract/proof/rules';
import { PostGetRegion } from '@po/contract/generated/call-refs/reference';
import { DeleteProofRule, GetProofRules, SaveProofRule } from '@po/contract/generated/call-refs/proof/rules';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';

export const proofKeys = { rules: ['proof', 'rules'] as const, statuses: ['proof', 'statuses'] as const };

/** GetProofRules: every rule. */
export const useProofRules = () =>
  useQuery({ queryKey: proofKeys.rules, queryFn: ({ signal }) => callApi(GetProofRules, {}, { signal }) });

/** The status names (PostGetRegion of the status group), for the reasons' names. */
export const useStatusNames = () =>
  useQuery({
    queryKey: proofKeys.statuses,
    queryFn: async ({ signal }) => (await callApi(PostGetRegion, { Rid: Group.Status }, { signal })).Regions,
    staleTime: 5 * 60_000,
  });

export interface RuleValues {
  Operation: ProofOperationName;
  ReasonId: number | null;
  Signature: boolean;
  Photo: boolean;
  Message: string;
  MessageEn: string;
}

/** SaveProofRule: `id` null adds a rule; then the list is read again. */
export function useSaveRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number | null; values: RuleValues }) =>
      retOrThrow((await callApi(SaveProofRule, { RuleId: v.id ?? 0, ...v.values })).Ret),
    onSettled: () => qc.invalidateQueries({ queryKey: proofKeys.rules }),
  });
}

/** DeleteProofRule. */
export function useDeleteRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => retOrThrow((await callApi(DeleteProofRule, { RuleId: id })).Ret),
    onSettled: () => qc.invalidateQueries({ queryKey: proofKeys.rules }),
  });
}
