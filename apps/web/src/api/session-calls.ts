import type { CallData } from '@po/contract';
import { Role } from '@po/contract/constants';
import { Logout, UpdateTicket, UpdateTicketMobile } from '@po/contract/generated/call-refs/auth';
import { ApiError, callApi, type CallOptions } from '@/api/client';
import { clearSession, getSession, updateTicket } from '@/lib/session';

export type UserCheck = CallData<typeof UpdateTicket>;

/**
 * Renews the ticket (UpdateTicket, or UpdateTicketMobile for role 106) and stores the new one.
 * Throws ApiError 401 when there is no session or the server's role differs from the note's RoleId.
 */
export async function renewTicket(opts: CallOptions = {}): Promise<UserCheck> {
  const s = getSession();
  if (!s) throw new ApiError(401, 'no session');
  const def = s.Role === Role.Courier ? UpdateTicketMobile : UpdateTicket;
  const data = await callApi(def, {}, opts);
  if (data.role !== s.note.RoleId || data.role !== s.Role) throw new ApiError(401, 'role changed');
  const now = getSession();
  if (now && now.Id === s.Id) updateTicket(data.Ticket || data.ticket);
  return data;
}

/** Ends the session on the server (best effort) and locally. */
export async function logout(): Promise<void> {
  try {
    if (getSession()) await callApi(Logout, {}, { quiet: true });
  } catch {
    /* the local session ends anyway */
  } finally {
    clearSession({ logout: true });
  }
}
