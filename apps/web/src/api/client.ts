import type { CallData, CallDef, CallInput, Envelope } from '@po/contract';
import { Code } from '@po/contract/envelope';
import i18n from '@/i18n';
import { clearSession, getSession } from '@/lib/session';
import { loginUrl, navigateTo } from '@/lib/navigation';
import { notifyAuthRequired } from '@/lib/notify';

/**
 * A refused call: `code` is the envelope Code (0 when the server could not be reached), `message` the
 * server's text, `key` its message key (`registration.doubledPayer`, `v.required` …; '' when none):
 * recognise an error by its key, never by comparing sentences.
 */
export class ApiError extends Error {
  code: number;
  data: unknown;
  key: string;
  constructor(code: number, message: string, data: unknown = null, key = '') {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.key = key;
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The user action's Idempotency-Key (POST calls): one key per user action. Without it each callApi
   * is one action with a new key; callApi's own retries after a lost connection reuse it. A screen
   * that retries an action itself (a "try again" button) creates the key once with `actionKey()` and
   * passes it to every attempt, so the server applies the action once.
   */
  idempotencyKey?: string;
  /** how many times a POST is sent again, with the same key, when the connection fails (default 2) */
  retries?: number;
  /** no toast on 401 (the session is still cleared and the login form opened) */
  quiet?: boolean;
  /** the caller handles a 401 itself: no toast, the session is kept and nothing navigates */
  ownUnauthorized?: boolean;
}

/** A new key for one user action (see CallOptions.idempotencyKey). */
export const actionKey = (): string => newKey();

/** The waits before callApi's own retries of a write after a lost connection. */
export const RETRY_DELAYS_MS = [300, 1500];
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else if (v instanceof Date) params.append(k, v.toISOString());
    else params.append(k, String(v));
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** Ends the local session and opens the login form that leads back here. */
export function handleUnauthorized(quiet = false): void {
  if (!quiet) notifyAuthRequired();
  clearSession();
  const here = `${window.location.pathname}${window.location.search}`;
  if (!window.location.pathname.startsWith('/login-form')) navigateTo(loginUrl(here), { replace: true });
}

/**
 * Calls one API call of the contract: GET sends the input as a query string, POST as a JSON body.
 * Adds Id and Ticket of the session for authenticated calls and unwraps the envelope.
 */
export async function callApi<C extends CallDef>(
  def: C,
  input: CallInput<C>,
  opts: CallOptions = {},
): Promise<CallData<C>> {
  const payload: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  if (def.auth) {
    const s = getSession();
    if (s) {
      payload.Id = s.Id;
      payload.Ticket = s.Ticket;
    }
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  let url: string = def.path;
  let body: string | undefined;
  if (def.method === 'GET') {
    url += toQuery(payload);
  } else {
    headers['Content-Type'] = 'application/json';
    headers['Idempotency-Key'] = opts.idempotencyKey ?? newKey();
    body = JSON.stringify(payload);
  }

  // A write lost on the way (no answer) is sent again with the same key: the server applies it once
  // and answers the first answer if it had applied it.
  const retries = def.method === 'GET' ? 0 : Math.min(opts.retries ?? RETRY_DELAYS_MS.length, 5);
  let env: Envelope<unknown> | null = null;
  for (let attempt = 0; env === null; attempt++) {
    try {
      const res = await fetch(url, { method: def.method, headers, body, signal: opts.signal });
      // refused before reaching the call (headers, address or body too large): no envelope, no retry
      if (res.status === 413 || res.status === 431 || res.status === 414)
        throw new ApiError(res.status, i18n.t('common:errors.tooLarge'));
      const got = (await res.json()) as Envelope<unknown>;
      if (!got || typeof got !== 'object' || typeof got.Status !== 'boolean') throw new Error('bad envelope');
      env = got;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      if (err instanceof ApiError) throw err;
      if (attempt >= retries) throw new ApiError(0, i18n.t('common:errors.noConnection'));
      await sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)], opts.signal);
    }
  }

  if (env.Status) return env.Data as CallData<C>;
  const message = env.Error || i18n.t('common:errors.operation');
  if (env.Code === Code.Unauthorized && def.auth && !opts.ownUnauthorized) handleUnauthorized(opts.quiet);
  throw new ApiError(env.Code, message, env.Data, typeof env.Key === 'string' ? env.Key : '');
}
