import type { CallInput } from '@po/contract';
import type { PostAccountRequest as RequestDef } from '@po/contract/auth';
import { PostAccountRequest } from '@po/contract/generated/call-refs/auth';
import { callApi } from '@/api/client';

export type AccountRequest = CallInput<typeof RequestDef>;

/** Sends a password-reset or new-account request to the administrators (public call). */
export function sendAccountRequest(input: AccountRequest) {
  return callApi(PostAccountRequest, input);
}
