import { use } from 'react';
import { Handover } from '@/app/handover';
import { PublicLayout } from '@/app/public-layout';
import { loadedPublicScreen, loadPublicScreen, publicScreens, type PublicScreen } from '@/app/public-routes';
import type { StartedApp } from '@/app/root';
import { PublicRouter, Routes, type Route } from '@/lib/public-router';

/** A public screen: at once when its code is there (the root fetched it), else once it arrives. */
function Screen({ screen }: { screen: PublicScreen }) {
  const Component = loadedPublicScreen(screen) ?? use(loadPublicScreen(screen));
  return <Component />;
}

const routes: Route[] = publicScreens.map((s) => ({ path: s.path, element: <Screen screen={s} /> }));

/**
 * The public app: the login form and the password requests in their layout, on the small router of
 * `lib/public-router.tsx`. Any other address goes to the working app (`Handover`).
 */
export function PublicApp() {
  return (
    <PublicRouter>
      <PublicLayout>
        <Routes routes={routes} fallback={<Handover />} />
      </PublicLayout>
    </PublicRouter>
  );
}

export function startPublicApp(): StartedApp {
  return { view: <PublicApp />, stop() {} };
}
