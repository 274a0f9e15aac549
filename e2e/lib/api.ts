import { registrationBody, type RegistrationBody } from '@po/contract/testing';
import type { RegisteredParcel } from '@po/contract/registration';
import { DEMO_PASSWORD } from './browser.ts';

/** The answer envelope of every call (spec 000 §7). */
export interface Envelope<T = unknown> {
  Status: boolean;
  Data: T;
  Code: number;
  Error: string;
}

export interface ApiSession {
  Id: string;
  Ticket: string;
}

/** Calls the API from Node, as another client would (the session adds Id and Ticket). */
export async function apiCall<T = unknown>(
  baseURL: string,
  method: 'GET' | 'POST',
  name: string,
  params: Record<string, unknown> = {},
  session?: ApiSession,
): Promise<{ status: number; env: Envelope<T> | null }> {
  const all: Record<string, unknown> = { ...params, ...(session ?? {}) };
  const url = new URL(`/api/${name}`, baseURL);
  const init: RequestInit = { method, headers: { Accept: 'application/json' } };
  if (method === 'GET') {
    for (const [k, v] of Object.entries(all)) url.searchParams.set(k, String(v));
  } else {
    init.headers = {
      ...init.headers,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    };
    init.body = JSON.stringify(all);
  }
  const res = await fetch(url, init);
  const env = (await res.json().catch(() => null)) as Envelope<T> | null;
  return { status: res.status, env };
}

/** Logs in through the API; fails the test when the server refuses. */
export async function apiLogin(
  baseURL: string,
  login: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession & { Role: number }> {
  const { env } = await apiCall<{ UserId: string; Ticket: string; Role: number }>(
    baseURL,
    'POST',
    'PostGetUser',
    { Login: login, Password: password },
  );
  if (!env?.Status) throw new Error(`login of ${login} refused: ${env?.Error ?? 'no answer'}`);
  return { Id: env.Data.UserId, Ticket: env.Data.Ticket, Role: env.Data.Role };
}

/**
 * Makes a call that must succeed, as `as` (a session, or a login name: logged in first); fails the
 * test with the server's message unless the answer's Status is true; answers its Data.
 */
export async function api<T = unknown>(
  baseURL: string,
  method: 'GET' | 'POST',
  name: string,
  params: Record<string, unknown>,
  as: ApiSession | string,
): Promise<T> {
  const session = typeof as === 'string' ? await apiLogin(baseURL, as) : as;
  const { status, env } = await apiCall<T>(baseURL, method, name, params, session);
  if (!env?.Status) throw new Error(`${name} failed (HTTP ${status}): ${env?.Error ?? 'no answer'}`);
  return env.Data;
}

/**
 * Registers `n` parcels through the API, one call each, as `as` (default the demo operator): the
 * counter's body (`registrationBody`, shared with the server's tests) with `body(i)` over it for the
 * i-th. Each gets a barcode of its own from the server. Answers the parcels as Registration does.
 */
export async function registerParcels(
  baseURL: string,
  n: number,
  { as = 'operator', body = () => ({}) }: { as?: string; body?: (i: number) => RegistrationBody } = {},
): Promise<RegisteredParcel[]> {
  const session = await apiLogin(baseURL, as);
  const out: RegisteredParcel[] = [];
  for (let i = 0; i < n; i++) {
    const data = await api<{ Parcels: RegisteredParcel[] }>(
      baseURL,
      'POST',
      'Registration',
      registrationBody(body(i)),
      session,
    );
    out.push(data.Parcels[0]!);
  }
  return out;
}
