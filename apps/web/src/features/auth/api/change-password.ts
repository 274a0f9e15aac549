import { UserCh } from '@po/contract/generated/call-refs/auth';
import { callApi } from '@/api/client';
import { getSession } from '@/lib/session';

/** Changes the password: with a session Old and New (plus the recovery code if any); without one, code and New. */
export async function changePassword(input: {
  old: string;
  next: string;
  recoveryCode?: string;
}): Promise<number> {
  const s = getSession();
  const res = await callApi(UserCh, {
    Id: s?.Id ?? '',
    Ticket: s?.Ticket ?? '',
    Guid: input.recoveryCode ?? '',
    Old: input.old,
    New: input.next,
  });
  return res.Ret;
}
