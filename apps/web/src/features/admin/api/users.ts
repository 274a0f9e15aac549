import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PostDeleteUser,
  PostGetAllUsers,
  PostGetRoles,
  PostInsertUser,
  PostUpdateUser,
  PostUserChangePaswword,
  type UserRow,
} from '@po/contract/admin';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';
import { notifyConnecting } from '@/lib/notify';

export const userKeys = { all: ['admin', 'users'] as const, roles: ['admin', 'roles'] as const };

export function useAllUsers() {
  return useQuery({
    queryKey: userKeys.all,
    queryFn: async ({ signal }) => {
      notifyConnecting();
      return (await callApi(PostGetAllUsers, {}, { signal })).AllUsers;
    },
  });
}

export function useRoles() {
  return useQuery({
    queryKey: userKeys.roles,
    queryFn: async ({ signal }) => (await callApi(PostGetRoles, {}, { signal })).Roles,
    staleTime: 300_000,
  });
}

export function userInput(row: Partial<UserRow>) {
  return {
    Name: (row.Login ?? '').trim(),
    RoleId: row.RoleId ?? '',
    OfficeGUID: row.OfficeGUID ?? '',
    Enabled: Boolean(row.Enabled),
    IsAnother: Boolean(row.IsAnother),
    RegistrationDisable: Boolean(row.RegistrationDisable),
    StatisticDefDay: row.StatisticDefDay ?? '',
    StatisticParcelsNumber: row.StatisticParcelsNumber ?? '',
    Info: String(row.Info ?? '').trim(),
  };
}

export async function saveUser(mode: 'insert' | 'update', row: Partial<UserRow>): Promise<number> {
  const input = userInput(row);
  const res =
    mode === 'update'
      ? await callApi(PostUpdateUser, { ...input, Guid: row.GUID ?? '' })
      : await callApi(PostInsertUser, { ...input, Guid: row.GUID ?? '' });
  return retOrThrow(res.Ret);
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { mode: 'insert' | 'update'; row: Partial<UserRow> }) => saveUser(a.mode, a.row),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PostDeleteUser: Ret 1 deleted, Ret 2 disabled instead (the answer's MessageKey says why). */
export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (guid: string) => {
      const res = await callApi(PostDeleteUser, { gui: guid });
      retOrThrow(res.Ret);
      return res;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/**
 * PostUserChangePaswword: an empty `pass` resets the password and answers the one-time recovery code
 * (shown once to the administrator); any other sets it.
 */
export function useChangeUserPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: { user: string; pass: string }) => {
      const data = await callApi(PostUserChangePaswword, { User: a.user, pass: a.pass });
      retOrThrow(data.Ret);
      return data.RecoveryCode ?? null;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
