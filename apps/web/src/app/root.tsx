import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onHandover } from '@/app/handover';
import { BootLoader, ErrorBoundary, ErrorScreen } from '@/app/page-states';
import { AppProviders } from '@/app/providers';
import { findPublicScreen, loadPublicScreen, type PublicScreen } from '@/app/public-routes';
import { loadNamespaces } from '@/i18n';

/** An app on the page: what to render, and what to do when another replaces it. */
export interface StartedApp {
  view: ReactNode;
  stop(): void;
}

type Side = 'public' | 'working';

const sideOf = (pathname: string): Side => (findPublicScreen(pathname) ? 'public' : 'working');

/**
 * The public app's code with its layout texts and the code of a screen, fetched together. The working
 * app's router waits for them before it hands a public address over, so its page stays in view meanwhile.
 */
export function loadPublicApp(screen: PublicScreen | undefined) {
  return Promise.all([
    import('@/app/public-app'),
    loadNamespaces('layout'),
    screen && loadPublicScreen(screen),
  ]).then(([m]) => m);
}

/** Fetches an app's code and starts it. */
function start(side: Side): Promise<StartedApp> {
  if (side === 'working') return import('@/app/app').then((m) => m.startApp());
  return loadPublicApp(findPublicScreen(window.location.pathname)).then((m) => m.startPublicApp());
}

/**
 * The page's root. Two apps share the one page: the public screens (login, password requests:
 * `public-routes.ts`) run on the small router of `lib/public-router.tsx`, so the login page loads
 * without React Router; every other address runs the working app (`app.tsx`, React Router). The root
 * starts the app of the address. When a router comes to an address of the other app (after login;
 * logout or a 401 into the login form) it renders `<Handover />`: the root starts the other app, keeps
 * the page in view until that one is ready, then swaps them. The providers (Mantine, the toasts) stay,
 * so a toast shown just before a swap stays on screen.
 */
export function Root() {
  const [app, setApp] = useState<StartedApp | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  // an app runs while it is in view
  useEffect(() => (app ? () => app.stop() : undefined), [app]);

  useEffect(() => {
    let live = true;
    let side: Side | null = null;
    const follow = () => {
      const next = sideOf(window.location.pathname);
      if (next === side) return;
      side = next;
      start(next).then(
        (started) => {
          if (live && side === next) startTransition(() => setApp(started));
          else started.stop();
        },
        (error: unknown) => {
          if (live) setFailure({ error });
        },
      );
    };
    follow();
    const unsubscribe = onHandover(follow);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);

  return (
    <AppProviders>
      <ErrorBoundary>
        {/* also while the first catalogues of a stored English choice load */}
        <Suspense fallback={<BootLoader />}>
          {failure ? <ErrorScreen error={failure.error} /> : (app?.view ?? <BootLoader />)}
        </Suspense>
      </ErrorBoundary>
    </AppProviders>
  );
}
