import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Root } from '@/app/root';
import { clearSession } from '@/lib/session';
import { loginData } from '@/test/login-data';

/** The working app stands in for React Router's (its own tests are the screens'): a screen and a logout. */
const working = vi.hoisted(() => ({ started: 0, stopped: 0 }));
vi.mock('@/app/app', async () => {
  const { useState } = await import('react');
  const { Handover } = await import('@/app/handover');
  const { notifyInfo } = await import('@/lib/notify');
  const { clearSession } = await import('@/lib/session');
  function WorkingApp() {
    const [left, setLeft] = useState(false);
    if (left) return <Handover />;
    const logout = () => {
      clearSession({ logout: true });
      notifyInfo('session ended');
      window.history.pushState(null, '', '/login-form');
      setLeft(true);
    };
    return (
      <>
        <p>working app at {window.location.pathname}</p>
        <button onClick={logout}>log out</button>
      </>
    );
  }
  return {
    startApp: async () => {
      working.started++;
      return { view: <WorkingApp />, stop: () => void working.stopped++ };
    },
  };
});

const loginAnswer = { Status: true, Code: 200, Error: '', Data: loginData(105) };

async function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  await act(async () => render(<Root />));
}

describe('the root: the public app and the working app on one page', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    working.started = working.stopped = 0;
  });

  it('opens the login form without the working app, swaps to it after login and back on logout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(loginAnswer))),
    );
    const user = userEvent.setup();
    await renderAt('/login-form?redirect=%2Fregions');
    await user.type(await screen.findByLabelText(/^მომხმარებელი/), 'operator');
    expect(document.title).toBe('სისტემაში შესვლა · PostOffice');
    expect(working.started).toBe(0);

    await user.type(screen.getByLabelText(/^პაროლი$/), 'Demo#2026{Enter}');
    expect(await screen.findByText('working app at /regions')).toBeTruthy();
    expect(screen.queryByLabelText(/^მომხმარებელი/)).toBeNull();
    expect(working.started).toBe(1);

    await user.click(screen.getByRole('button', { name: 'log out' }));
    expect(await screen.findByLabelText(/^მომხმარებელი/)).toBeTruthy();
    expect(screen.queryByText(/working app/)).toBeNull();
    expect(working.stopped).toBe(1);
    // the toast shown just before the swap stays on screen
    expect(await screen.findByText('session ended')).toBeTruthy();
  });

  it('starts the working app at once for its own addresses', async () => {
    await renderAt('/');
    expect(await screen.findByText('working app at /')).toBeTruthy();
    expect(working.started).toBe(1);
  });
});
