import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, getSession } from '@/lib/session';
import { loginData } from '@/test/login-data';
import { renderPublicRoutes } from '@/test/render';
import { ChangePasswordScreen } from './change-password';
import { LoginScreen as LoginForm } from './login-form';

const json = (env: object) =>
  new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } });

function renderLogin(url = '/login-form') {
  renderPublicRoutes(url, [
    { path: '/login-form', element: <LoginForm /> },
    { path: '/home', element: <p>home screen</p> },
    { path: '/mobilehome', element: <p>courier screen</p> },
    { path: '/regions', element: <p>regions screen</p> },
    { path: '/change-password/:recoveryCode?', element: <ChangePasswordScreen /> },
  ]);
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>, login: string, password: string) {
  await user.type(screen.getByLabelText(/^მომხმარებელი/), login);
  await user.type(screen.getByLabelText(/^პაროლი/), password);
}

describe('login form', () => {
  beforeEach(() => clearSession());
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('logs in with Enter (a POST with the credentials) and opens home', async () => {
    const fetchMock = vi.fn(async () => json({ Status: true, Code: 200, Error: '', Data: loginData(105) }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderLogin();

    await fillIn(user, ' operator ', 'Demo#2026');
    await user.keyboard('{Enter}');

    await screen.findByText('home screen');
    expect(window.location.pathname).toBe('/home');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/PostGetUser');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ Login: 'operator', Password: 'Demo#2026' });
    expect(getSession()).toMatchObject({ Id: 'user-1', Ticket: 'ticket-1', Role: 105, Login: 'operator' });
  });

  it('sends a user whose password an administrator set to choose their own, even with ?redirect=', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ Status: true, Code: 200, Error: '', Data: { ...loginData(105), PasswordTemporary: true } }),
      ),
    );
    const user = userEvent.setup();
    renderLogin(`/login-form?redirect=${encodeURIComponent('/regions')}`);

    await fillIn(user, 'operator', 'Temp#2026');
    await user.keyboard('{Enter}');

    expect((await screen.findByTestId('temporary-password')).textContent).toContain(
      'თქვენი პაროლი ადმინისტრატორმა დააყენა და ის დროებითია',
    );
    expect(window.location.pathname).toBe('/change-password');
    expect(input(/^ძველი პაროლი/).value).toBe('');
    expect(getSession()).toMatchObject({ PasswordTemporary: true });
  });

  it('goes back to the screen of ?redirect= after login, and the redirect leaves no history entry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ Status: true, Code: 200, Error: '', Data: loginData(105) })),
    );
    const user = userEvent.setup();
    renderLogin(`/login-form?redirect=${encodeURIComponent('/regions?x=1')}`);
    const entries = window.history.length;

    await fillIn(user, 'operator', 'Demo#2026');
    await user.keyboard('{Enter}');

    await screen.findByText('regions screen');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/regions?x=1');
    expect(window.history.length).toBe(entries);
  });

  it('is busy while the server answers: fields and button wait, a second Enter sends nothing', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderLogin();

    await fillIn(user, 'operator', 'Demo#2026');
    await user.keyboard('{Enter}');

    const button = screen.getByRole('button', { name: 'შესვლა' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(true));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(input(/^მომხმარებელი/).disabled).toBe(true);
    expect(input(/^პაროლი/).disabled).toBe(true);
    await user.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(json({ Status: true, Code: 200, Error: '', Data: loginData(105) }));
    await screen.findByText('home screen');
  });

  it("shows the server's Georgian message when the password is wrong and stays on the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ Status: false, Code: 401, Error: 'მომხმარებლის სახელი ან პაროლი არასწორია', Data: null }),
      ),
    );
    const user = userEvent.setup();
    renderLogin();

    await fillIn(user, 'operator', 'wrong');
    await user.keyboard('{Enter}');

    expect((await screen.findByRole('alert')).textContent).toContain(
      'მომხმარებლის სახელი ან პაროლი არასწორია',
    );
    expect(getSession()).toBeNull();
    expect(window.location.pathname).toBe('/login-form');
    expect((screen.getByRole('button', { name: 'შესვლა' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a role that may not work in the system', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ Status: true, Code: 200, Error: '', Data: loginData(102) })),
    );
    const user = userEvent.setup();
    renderLogin();

    await fillIn(user, 'supervisor', 'Demo#2026');
    await user.keyboard('{Enter}');

    expect((await screen.findByRole('alert')).textContent).toContain(
      'ამ როლით სისტემაში მუშაობა შეუძლებელია',
    );
    expect(getSession()).toBeNull();
    expect(window.location.pathname).toBe('/login-form');
  });

  it('says there is no connection when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderLogin();

    await fillIn(user, 'operator', 'Demo#2026');
    await user.keyboard('{Enter}');

    // a write lost on the way is sent twice more (RETRY_DELAYS_MS) before the message
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'სერვერთან კავშირი არ არის',
    );
  });

  it('asks for the user name before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText(/^პაროლი/), 'Demo#2026{Enter}');

    expect(await screen.findByText('შეავსეთ ველი')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
