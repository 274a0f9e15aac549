import type { CallData, CallDef, CallInput } from '@po/contract';
import { Toast } from '@po/contract/constants';
import i18n from '@/i18n';
import { ApiError, callApi } from '@/api/client';
import { notifyError } from '@/lib/notify';
import { updateTicket } from '@/lib/session';

/**
 * A report call (spec 000 §4, §8): the answer's `Data.Ticket` renews the session's ticket; a 401 shows
 * 'authorization needed' for 5 s (and the session ends); any other refusal shows the server's text for
 * 5 s and the result is treated as empty (null).
 */
export async function reportCall<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  signal?: AbortSignal,
): Promise<CallData<C> | null> {
  try {
    const data = await callApi(def, input, { signal, quiet: true });
    const ticket = (data as { Ticket?: unknown } | null)?.Ticket;
    if (typeof ticket === 'string') updateTicket(ticket);
    return data;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (err instanceof ApiError && err.code === 401) notifyError(i18n.t('reports:authNeeded'), Toast.auth);
    else notifyError(err, Toast.auth);
    return null;
  }
}
