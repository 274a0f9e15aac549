import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Handover } from '@/app/handover';
import { PageLoader } from '@/app/page-states';
import { publicScreens } from '@/app/public-routes';
import { loadPublicApp } from '@/app/root';
import { RouteError } from '@/app/route-states';
import { screens, type ScreenModule } from '@/app/routes';
import { loadNamespaces } from '@/i18n';

/** A route's code together with the texts it needs (both in parallel). */
function withTexts<M>(load: () => Promise<M>, ns: readonly string[] = []): () => Promise<M> {
  return () => Promise.all([load(), ns.length ? loadNamespaces(...ns) : null]).then(([m]) => m);
}

const screenRoute = (s: { path: string; title: string; lazy: ScreenModule; ns?: string[] }): RouteObject => ({
  path: s.path,
  handle: { title: s.title },
  lazy: withTexts(() => s.lazy().then((Component) => ({ Component })), s.ns),
});

export function buildRoutes(): RouteObject[] {
  return [
    {
      HydrateFallback: PageLoader,
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <Navigate to="/home" replace /> },
        { path: '/recovery', element: <Navigate to="/home" replace /> },
        // the public screens run in the public app (`root.tsx`): hand their addresses over once its code is here
        ...publicScreens.map((p) => ({
          path: p.path,
          lazy: () => loadPublicApp(p).then(() => ({ Component: Handover })),
        })),
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
