import type { CallInput } from '@po/contract';
import type { PostAccountRequest as RequestDef } from '@po/contract/auth';
import { callApi, callRef } from '@/api/client';

const PostAccountRequest = callRef<typeof RequestDef>('POST', 'PostAccountRequest', false);

export type AccountRequest = CallInput<typeof RequestDef>;

/** Sends a password-reset or new-account request to the administrators (public call). */
export function sendAccountRequest(input: AccountRequest) {
  return callApi(PostAccountRequest, input);
}
