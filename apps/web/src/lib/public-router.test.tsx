import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { navigateTo } from '@/lib/navigation';
import {
  Link,
  matchPath,
  Navigate,
  PublicRouter,
  Routes,
  useNavigate,
  useParams,
  useSearchParams,
  type Route,
} from '@/lib/public-router';
import { publicScreens } from '@/app/public-routes';

function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <p>login, back to {params.get('redirect') ?? 'nowhere'}</p>
      <Link to="/reset-password?x=1">forgot</Link>
      <button onClick={() => navigate('/home', { replace: true })}>log in</button>
    </>
  );
}

function Change() {
  const { recoveryCode } = useParams();
  return <p>change with {recoveryCode ?? 'no code'}</p>;
}

const routes: Route[] = [
  { path: '/login-form', element: <Login /> },
  { path: '/reset-password', element: <p>reset</p> },
  { path: '/change-password/:recoveryCode?', element: <Change /> },
  { path: '/to-login', element: <Navigate to="/login-form" replace /> },
];

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <PublicRouter>
      <Routes routes={routes} fallback={<p>other app</p>} />
    </PublicRouter>,
  );
}

const here = () => `${window.location.pathname}${window.location.search}`;

/** Moves through the history as the back button does (jsdom fires popstate asynchronously). */
async function back() {
  const popped = new Promise((r) => window.addEventListener('popstate', r, { once: true }));
  window.history.back();
  await act(() => popped);
}

describe('the public screens router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the search params and follows a link click as a new history entry; back returns', async () => {
    const user = userEvent.setup();
    renderAt('/login-form?redirect=%2Fregions');
    expect(screen.getByText('login, back to /regions')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'forgot' });
    expect(link.getAttribute('href')).toBe('/reset-password?x=1');
    const entries = window.history.length;

    await user.click(link);
    expect(await screen.findByText('reset')).toBeTruthy();
    expect(here()).toBe('/reset-password?x=1');
    expect(window.history.length).toBe(entries + 1);

    await back();
    expect(await screen.findByText('login, back to /regions')).toBeTruthy();
  });

  it('replaces the entry on navigate(…, { replace }) and shows the fallback for an address it does not serve', async () => {
    const user = userEvent.setup();
    renderAt('/login-form');
    const entries = window.history.length;
    await user.click(screen.getByRole('button', { name: 'log in' }));
    expect(await screen.findByText('other app')).toBeTruthy();
    expect(here()).toBe('/home');
    expect(window.history.length).toBe(entries);
  });

  it('gives the params decoded, and none for an optional one left out', async () => {
    renderAt('/change-password/a%20b');
    expect(screen.getByText('change with a b')).toBeTruthy();
    await act(async () => navigateTo('/change-password'));
    expect(await screen.findByText('change with no code')).toBeTruthy();
  });

  it('matches as React Router does: any case, trailing slashes', () => {
    renderAt('/LOGIN-FORM/');
    expect(screen.getByText('login, back to nowhere')).toBeTruthy();
  });

  it('navigates with <Navigate replace>', async () => {
    renderAt('/to-login');
    expect(await screen.findByText('login, back to nowhere')).toBeTruthy();
    expect(here()).toBe('/login-form');
  });

  it('is what navigateTo uses, already in the first effects of its screens', async () => {
    function LeavesAtOnce() {
      useEffect(() => navigateTo('/login-form?redirect=%2Fhome', { replace: true }), []);
      return null;
    }
    window.history.replaceState(null, '', '/reset-password');
    render(
      <PublicRouter>
        <Routes
          routes={[{ path: '/reset-password', element: <LeavesAtOnce /> }, ...routes]}
          fallback={null}
        />
      </PublicRouter>,
    );
    expect(await screen.findByText('login, back to /home')).toBeTruthy();
  });

  it('agrees with React Router on which addresses are public screens, and on their params', () => {
    const addresses = [
      '/login-form',
      '/Login-Form/',
      '/login-form/x',
      '/login-formx',
      '/reset-password',
      '/create-account//',
      '/change-password',
      '/change-password/',
      '/change-password/abc-123',
      '/change-password/a%20b',
      '/change-password/a/b',
      '/home',
      '/',
    ];
    for (const pattern of publicScreens.map((s) => s.path))
      for (const pathname of addresses)
        expect(matchPath(pattern, pathname), `${pattern} ${pathname}`).toEqual(
          matchRoutes([{ path: pattern }], pathname)?.[0].params ?? null,
        );
  });
});
