import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '@/app/page-states';
import { RouteError } from '@/app/route-states';
import { publicScreens, screens, type ScreenModule } from '@/app/routes';
import { loadNamespaces } from '@/i18n';

/** A route's code together with the texts it needs (both in parallel). */
function withTexts<M>(load: () => Promise<M>, ns: readonly string[] = []): () => Promise<M> {
  return () => Promise.all([load(), ns.length ? loadNamespaces(...ns) : null]).then(([m]) => m);
}

const screenRoute = (s: { path: string; title: string; lazy: ScreenModule; ns?: string[] }): RouteObject => ({
  path: s.path,
  handle: { title: s.title },
  lazy: withTexts(s.lazy, s.ns),
});

export function buildRoutes(): RouteObject[] {
  return [
    {
      HydrateFallback: PageLoader,
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <Navigate to="/home" replace /> },
        { path: '/recovery', element: <Navigate to="/home" replace /> },
        {
          lazy: withTexts(
            () => import('@/app/public-layout').then((m) => ({ Component: m.PublicLayout })),
            ['layout'],
          ),
          children: publicScreens.map(screenRoute),
        },
        {
          // the guarded shell (menu, header, query client, dates, modals) loads only after login
          lazy: withTexts(
            () => import('@/app/layout').then((m) => ({ Component: m.GuardedLayout })),
            ['layout'],
          ),
          children: screens.map(screenRoute),
        },
        { path: '*', element: <Navigate to="/home" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
