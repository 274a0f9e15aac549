import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListNotifications, ResendNotification } from '@po/contract/notifications';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';

export interface NotificationFilters {
  State: string;
  Channel: string;
  Barcode: string;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (f: NotificationFilters) => ['notifications', f] as const,
};

/** The recipients' notifications, newest first, by the server's filters. */
export function useNotifications(f: NotificationFilters) {
  return useQuery({
    queryKey: notificationKeys.list(f),
    queryFn: async ({ signal }) => callApi(ListNotifications, f, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useResendNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      retOrThrow((await callApi(ResendNotification, { NotificationId: id })).Ret),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
