import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CheckDriver,
  PostDeleteMobiles,
  PostGetMobileUsers,
  PostGetMobiles,
  PostIsertMobiles,
  PostUpdateMobiles,
  type MobileRow,
} from '@po/contract/admin';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';
import { notifyConnecting } from '@/lib/notify';

export const mobileKeys = {
  all: ['admin', 'mobiles'] as const,
  couriers: ['admin', 'mobile-users'] as const,
};

export function useMobiles() {
  return useQuery({
    queryKey: mobileKeys.all,
    queryFn: async ({ signal }) => {
      notifyConnecting();
      return (await callApi(PostGetMobiles, {}, { signal })).Mobiles;
    },
  });
}

/** The couriers (role 106) for the courier drop-down. */
export function useMobileUsers() {
  return useQuery({
    queryKey: mobileKeys.couriers,
    queryFn: async ({ signal }) => (await callApi(PostGetMobileUsers, {}, { signal })).Users,
  });
}

export function mobileInput(row: Partial<MobileRow>) {
  return {
    Name: (row.Name ?? '').trim(),
    IsActive: row.IsActive ?? true,
    OfficeGUID: row.OfficeGUID ?? '',
    UserGUID: row.UserGUID ?? '',
    CarNumber: (row.CarNumber ?? '').trim(),
    DriverId: String(row.DriverId ?? '').trim(),
  };
}

/** Saves a device; `shared`: the administrator confirmed that the courier carries another device too. */
export async function saveMobile(
  guid: string | null,
  row: Partial<MobileRow>,
  shared = false,
): Promise<number> {
  const input = { ...mobileInput(row), SharedCourier: shared };
  const res = guid
    ? await callApi(PostUpdateMobiles, { ...input, Guid: guid })
    : await callApi(PostIsertMobiles, input);
  return retOrThrow(res.Ret);
}

export function useSaveMobile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { guid: string | null; row: Partial<MobileRow>; shared?: boolean }) =>
      saveMobile(a.guid, a.row, a.shared),
    onSuccess: () => qc.invalidateQueries({ queryKey: mobileKeys.all }),
  });
}

export function useDeleteMobile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (guid: string) => retOrThrow((await callApi(PostDeleteMobiles, { gui: guid })).Ret),
    onSuccess: () => qc.invalidateQueries({ queryKey: mobileKeys.all }),
  });
}

/** CheckDriver: the registered name, or '' when the registry does not know the number (throws on an RS failure). */
export function checkDriver(driverId: string): Promise<string> {
  return callApi(CheckDriver, { DriverId: driverId });
}
