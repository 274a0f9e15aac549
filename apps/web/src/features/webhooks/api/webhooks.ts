import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PostGetOffices } from '@po/contract/generated/call-refs/admin';
import {
  DeleteWebhook,
  GetWebhookDeliveries,
  GetWebhooks,
  ResendWebhook,
  SaveWebhook,
  TestWebhook,
} from '@po/contract/generated/call-refs/webhooks';
import type { WebhookEvent } from '@po/contract/webhooks';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: number | null) => ['webhooks', 'deliveries', id] as const,
  offices: ['webhooks', 'offices'] as const,
};

/** Every subscription (no secrets). */
export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: async ({ signal }) => (await callApi(GetWebhooks, { OfficeGUID: '' }, { signal })).Webhooks,
  });
}

/** The offices a subscription can be made for, by name. */
export function useWebhookOffices() {
  return useQuery({
    queryKey: webhookKeys.offices,
    queryFn: async ({ signal }) => {
      const { Offices } = await callApi(PostGetOffices, { Rid: 0 }, { signal });
      return Offices.map((o) => ({ value: o.GUID, label: o.Name, corporate: o.IsCorporate }));
    },
    staleTime: 60_000,
  });
}

/** The delivery log, newest first: of one subscription, or of all (null). */
export function useWebhookDeliveries(webhookId: number | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: async ({ signal }) =>
      callApi(GetWebhookDeliveries, webhookId ? { WebhookId: webhookId } : {}, { signal }),
    placeholderData: (previous) => previous,
  });
}

export interface WebhookDraft {
  WebhookId?: number;
  OfficeGUID: string;
  Url: string;
  Events: WebhookEvent[];
}

export function useSaveWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (draft: WebhookDraft) => {
      const data = await callApi(SaveWebhook, draft);
      retOrThrow(data.Ret);
      return data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => retOrThrow((await callApi(DeleteWebhook, { WebhookId: id })).Ret),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useTestWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(TestWebhook, { WebhookId: id }),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useResendWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (outboxId: number) =>
      retOrThrow((await callApi(ResendWebhook, { OutboxId: outboxId })).Ret),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
