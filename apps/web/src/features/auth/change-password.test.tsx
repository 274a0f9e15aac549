import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanNotifications } from '@mantine/notifications';
import { clearSession } from '@/lib/session';
import { renderPublicRoutes } from '@/test/render';
import { ChangePasswordScreen as ChangePassword } from './change-password';

const json = (env: object) =>
  new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } });

/** The change-password screen reached with a recovery code (no session: new password only). */
function renderScreen() {
  renderPublicRoutes('/change-password/code-123', [
    { path: '/change-password/:recoveryCode?', element: <ChangePassword /> },
    { path: '/login-form', element: <p>login screen</p> },
  ]);
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** Which rules the live checklist shows as met, in its order: length, lower, upper, digit, special. */
function ticks(): boolean[] {
  const list = screen.getByRole('list', { name: 'პაროლი უნდა შეიცავდეს:' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-ok') === 'true');
}

describe('change password', () => {
  beforeEach(() => clearSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    cleanNotifications();
  });

  it('ticks the strength rules one by one as the new password is typed', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(ticks()).toEqual([false, false, false, false, false]);

    const input = field(/^ახალი პაროლი/);
    await user.type(input, 'a');
    expect(ticks()).toEqual([false, true, false, false, false]);
    await user.type(input, 'B');
    expect(ticks()).toEqual([false, true, true, false, false]);
    await user.type(input, '7');
    expect(ticks()).toEqual([false, true, true, true, false]);
    await user.type(input, '#');
    expect(ticks()).toEqual([false, true, true, true, true]);
    await user.type(input, 'xy');
    expect(ticks()).toEqual([true, true, true, true, true]);
    await user.clear(input);
    expect(ticks()).toEqual([false, false, false, false, false]);
  });

  it('does not send a new password whose repetition differs; sends it with the code once they match', async () => {
    const fetchMock = vi.fn(async () => json({ Status: true, Code: 200, Error: '', Data: { Ret: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderScreen();

    await user.type(field(/^ახალი პაროლი/), 'Nova#2027');
    await user.type(field(/^გაიმეორეთ ახალი პაროლი/), 'Nova#2028');
    await user.click(screen.getByRole('button', { name: 'შეცვლა' }));

    expect(await screen.findByText('პაროლები არ ემთხვევა')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(field(/^გაიმეორეთ ახალი პაროლი/));
    await user.type(field(/^გაიმეორეთ ახალი პაროლი/), 'Nova#2027');
    expect(screen.queryByText('პაროლები არ ემთხვევა')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'შეცვლა' }));

    await screen.findByText('login screen');
    expect(window.location.pathname).toBe('/login-form');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/UserCh');
    expect(JSON.parse(String(init.body))).toMatchObject({ Guid: 'code-123', Old: '', New: 'Nova#2027' });
  });

  it('refuses a weak password before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderScreen();

    await user.type(field(/^ახალი პაროლი/), 'abc123');
    await user.type(field(/^გაიმეორეთ ახალი პაროლი/), 'abc123');
    await user.click(screen.getByRole('button', { name: 'შეცვლა' }));

    expect(await screen.findByText('პაროლი არ აკმაყოფილებს მოთხოვნებს')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'error in operation, old password' when the server answers Ret 0", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ Status: true, Code: 200, Error: '', Data: { Ret: 0 } })),
    );
    const user = userEvent.setup();
    renderScreen();

    await user.type(field(/^ახალი პაროლი/), 'Nova#2027');
    await user.type(field(/^გაიმეორეთ ახალი პაროლი/), 'Nova#2027');
    await user.click(screen.getByRole('button', { name: 'შეცვლა' }));

    expect(await screen.findByText('ოპერაციის შეცდომა, ძველი პაროლი')).toBeTruthy();
  });
});
