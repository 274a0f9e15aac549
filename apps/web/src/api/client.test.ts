import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from '@/api/client';
import { registerNavigate } from '@/lib/navigation';
import { encodeNote } from '@po/contract/note';
import { Logout, PostGetUserPost as Login, UpdateTicket } from '@po/contract/generated/call-refs/auth';
import { clearSession, getSession, setSession, type SessionState } from '@/lib/session';

const note = {
  RegistrationDisable: false,
  IsAnother: false,
  IsCorporate: false,
  OfficeGUID: 'o1',
  RoleId: 105,
  DistributionCenter: '',
  Pid: '',
  OfficeName: 'Office',
};
const session: SessionState = {
  Id: 'user-1',
  Ticket: 'ticket-1',
  Name: 'Operator',
  Role: 105,
  Note: encodeNote(note),
  note,
  PasswordExp: false,
  Mobile: '',
  CarNumber: '',
  DriverId: '',
  AvatarUrl: null,
  Login: 'operator',
};

function answer(env: object) {
  return vi.fn(
    async () => new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('callApi', () => {
  const navigations: string[] = [];
  let unregister: () => void;
  beforeEach(() => {
    navigations.length = 0;
    unregister = registerNavigate((to) => void navigations.push(to));
    setSession(session);
    window.history.replaceState(null, '', '/regions?x=1');
  });
  afterEach(() => {
    unregister();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('sends a GET with the session Id and Ticket in the query and unwraps Data', async () => {
    const fetch = answer({ Status: true, Code: 200, Data: { Ticket: 't2' }, Error: null });
    vi.stubGlobal('fetch', fetch);
    const data = await callApi(UpdateTicket, {});
    expect(data).toEqual({ Ticket: 't2' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/UpdateTicket?Id=user-1&Ticket=ticket-1');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends a POST as a JSON body with a new Idempotency-Key per call, or the one given', async () => {
    const fetch = answer({ Status: true, Code: 200, Data: { Ret: 1 }, Error: null });
    vi.stubGlobal('fetch', fetch);
    await callApi(Logout, {});
    await callApi(Logout, {});
    await callApi(Logout, {}, { idempotencyKey: 'fixed-key' });
    const keys = fetch.mock.calls.map(
      (c) =>
        ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('fixed-key');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ Id: 'user-1', Ticket: 'ticket-1' });
  });

  it('sends a write again with the same key after a lost connection, so the action applies once', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const fetch = vi.fn(async () => {
        if (n++ < 2) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ Status: true, Code: 200, Data: { Ret: 7 }, Error: null }));
      });
      vi.stubGlobal('fetch', fetch);
      const done = callApi(Logout, {});
      await vi.runAllTimersAsync();
      expect(await done).toEqual({ Ret: 7 });
      const keys = fetch.mock.calls.map(
        (c) =>
          ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'],
      );
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after its retries with the no-connection error; GET calls are not retried here', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
      vi.stubGlobal('fetch', fetch);
      const write = callApi(Logout, {}, { retries: 1 }).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(((await write) as ApiError).code).toBe(0);
      expect(fetch).toHaveBeenCalledTimes(2);
      fetch.mockClear();
      const read = callApi(UpdateTicket, {}).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect(((await read) as ApiError).code).toBe(0);
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('exposes the message key of a refusal beside its text', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ Status: false, Code: 400, Data: null, Error: 'ველი „Login“ სავალდებულოა', Key: 'v.required' }),
    );
    const err = (await callApi(Logout, {}).catch((e: unknown) => e)) as ApiError;
    expect([err.code, err.key]).toEqual([400, 'v.required']);
  });

  it('on Code 401 clears the session, opens the login form with the way back and throws', async () => {
    vi.stubGlobal('fetch', answer({ Status: false, Code: 401, Data: null, Error: 'საჭიროა ავტორიზაცია' }));
    const err = await callApi(UpdateTicket, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(401);
    expect(getSession()).toBeNull();
    expect(navigations).toEqual([`/login-form?redirect=${encodeURIComponent('/regions?x=1')}`]);
  });

  it('leaves a 401 to a caller that handles it itself (the home check): session kept, nothing opened', async () => {
    vi.stubGlobal('fetch', answer({ Status: false, Code: 401, Data: null, Error: 'საჭიროა ავტორიზაცია' }));
    const err = (await callApi(UpdateTicket, {}, { ownUnauthorized: true }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.code).toBe(401);
    expect(getSession()).not.toBeNull();
    expect(navigations).toEqual([]);
  });

  it('a refused login (401 of a call without session) keeps the page and only throws the server text', async () => {
    clearSession();
    vi.stubGlobal('fetch', answer({ Status: false, Code: 401, Data: null, Error: 'პაროლი არასწორია' }));
    const err = (await callApi(Login, { Login: 'x', Password: 'y' }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(401);
    expect(err.message).toBe('პაროლი არასწორია');
    expect(navigations).toEqual([]);
  });

  it('a network failure is ApiError code 0 with the no-connection text; the session stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = (await callApi(UpdateTicket, {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(0);
    expect(err.message).toBe('სერვერთან კავშირი არ არის');
    expect(getSession()).not.toBeNull();
  });

  it.each([413, 414, 431])(
    'a request the server refuses as too large (HTTP %i) says so instead of "no connection", and is not sent again',
    async (status) => {
      const fetchMock = vi.fn(
        async () => new Response('<html>Request Header Fields Too Large</html>', { status }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const err = await callApi(Logout, {}).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        code: status,
        message: 'მოთხოვნა ძალიან დიდია: შეამოკლეთ შეყვანილი ტექსტი',
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(getSession()).not.toBeNull();
    },
  );

  it('other refusals throw the server Error with its code and Data', async () => {
    vi.stubGlobal('fetch', answer({ Status: false, Code: 409, Data: { Ret: -1 }, Error: 'კონფლიქტი' }));
    const err = (await callApi(Logout, {}).catch((e: unknown) => e)) as ApiError;
    expect([err.code, err.message, err.data]).toEqual([409, 'კონფლიქტი', { Ret: -1 }]);
    expect(getSession()).not.toBeNull();
    expect(navigations).toEqual([]);
  });
});
