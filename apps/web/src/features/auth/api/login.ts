import type { CallData } from '@po/contract';
import { WORKING_ROLES } from '@po/contract/constants';
import { PostGetUserPost } from '@po/contract/generated/call-refs/auth';
import { ApiError, callApi } from '@/api/client';
import i18n from '@/i18n';
import { sessionFromLogin, type SessionState } from '@/lib/session';

export type LoginResult =
  | { kind: 'ok'; session: SessionState; data: CallData<typeof PostGetUserPost> }
  /** the password was reset: set a new one with this code */
  | { kind: 'recovery'; code: string };

/**
 * Logs in (POST, so the password stays out of URLs). Refuses roles that may not work in the system and
 * a note whose RoleId differs from the role. Errors are ApiError with the text to show (spec 000 §8).
 */
export async function login(Login: string, Password: string): Promise<LoginResult> {
  let data: CallData<typeof PostGetUserPost>;
  try {
    data = await callApi(PostGetUserPost, { Login, Password });
  } catch (err) {
    if (err instanceof ApiError && err.code === 403) {
      const code = (err.data as { RecoveryCode?: unknown } | null)?.RecoveryCode;
      if (typeof code === 'string' && code) return { kind: 'recovery', code };
      throw new ApiError(403, err.message || i18n.t('common:errors.forbiddenRole'), err.data);
    }
    throw err;
  }
  if (!WORKING_ROLES.includes(data.Role)) throw new ApiError(403, i18n.t('common:errors.forbiddenRole'));
  let session: SessionState;
  try {
    session = sessionFromLogin(data, Login);
  } catch {
    throw new ApiError(0, i18n.t('common:errors.noConnection'));
  }
  if (session.note.RoleId !== data.Role) throw new ApiError(403, i18n.t('common:errors.forbiddenRole'));
  return { kind: 'ok', session, data };
}
