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
  params: Record<string, string | number | boolean> = {},
  session?: ApiSession,
): Promise<{ status: number; env: Envelope<T> | null }> {
  const all: Record<string, string | number | boolean> = { ...params, ...(session ?? {}) };
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

/** Registers `n` parcels as the demo operator through the API (a sender with a personal number); answers their barcodes. */
export async function registerParcels(baseURL: string, n: number): Promise<string[]> {
  const s = await apiLogin(baseURL, 'operator');
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const { env } = await apiCall<{ Parcels: Array<{ Barcode: string }> }>(
      baseURL,
      'POST',
      'Registration',
      {
        BarCodeGeneration: true,
        TermsOfPaymentID: 8700,
        PayType: 1,
        Pid: '01001012345',
        SenderName: 'ნინო გელაშვილი',
        SenderAddres: 'წერეთლის გამზ 116',
        SenderPostCode: '0100',
        SenderCityID: 320,
        ReceiverName: 'დავით მაისურაძე',
        ReceiverAddres: 'ჭავჭავაძის ქ 51',
        ReceiverPostCode: '6000',
        ReceiverCityID: 321,
        Weight: 0.5,
        ParcelType: 8698,
      },
      s,
    );
    if (!env?.Status) throw new Error(`Registration refused: ${env?.Error ?? 'no answer'}`);
    out.push(env.Data.Parcels[0].Barcode);
  }
  return out;
}
