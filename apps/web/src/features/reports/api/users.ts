import { useQuery } from '@tanstack/react-query';
import { FGetUserList, GetUserList, type UserItem } from '@po/contract/reports';
import { reportCall } from './report-call';

/** FGetUserList: the employees of the attendance reports. */
export const useEmployees = () =>
  useQuery({
    queryKey: ['reports', 'employees'],
    queryFn: async ({ signal }): Promise<UserItem[]> =>
      (await reportCall(FGetUserList, {}, signal))?.Users ?? [],
    staleTime: 60_000,
  });

/** GetUserList: the managers of companies (the finance page's user select). */
export const useManagers = () =>
  useQuery({
    queryKey: ['reports', 'managers'],
    queryFn: async ({ signal }): Promise<UserItem[]> =>
      (await reportCall(GetUserList, {}, signal))?.Users ?? [],
    staleTime: 60_000,
  });
