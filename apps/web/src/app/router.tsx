import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from '@/app/public-layout';
import { PageLoader, RouteError } from '@/app/route-states';
import { publicScreens, screens } from '@/app/routes';

export function buildRoutes(): RouteObject[] {
  return [
    {
      HydrateFallback: PageLoader,
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <Navigate to="/home" replace /> },
        { path: '/recovery', element: <Navigate to="/home" replace /> },
        {
          element: <PublicLayout />,
          children: publicScreens.map((s) => ({ path: s.path, handle: { title: s.title }, lazy: s.lazy })),
        },
        {
          lazy: () => import('@/app/layout').then((m) => ({ Component: m.GuardedLayout })),
          children: screens.map((s) => ({ path: s.path, handle: { title: s.title }, lazy: s.lazy })),
        },
        { path: '*', element: <Navigate to="/home" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
