import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';
import type { StartedApp } from '@/app/root';
import { createAppRouter } from '@/app/router';
import { registerNavigate } from '@/lib/navigation';

type AppRouter = ReturnType<typeof createAppRouter>;

/** The working app: every screen but the public ones, on React Router. */
export function App({ router }: { router: AppRouter }) {
  // a layout effect: registered before the screens' first effects run (a 401 there navigates with it)
  useLayoutEffect(() => registerNavigate((to, opts) => void router.navigate(to, opts)), [router]);
  return <RouterProvider router={router} />;
}

/** Creates the router and answers the app once its first screen (code and texts) is there. */
export async function startApp(): Promise<StartedApp> {
  const router = createAppRouter();
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  return { view: <App router={router} />, stop: () => router.dispose() };
}
