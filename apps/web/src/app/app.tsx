import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { BootLoader } from '@/app/page-states';
import { createAppRouter } from '@/app/router';
import { registerNavigate } from '@/lib/navigation';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => registerNavigate((to, opts) => void router.navigate(to, opts)), [router]);
  return (
    <AppProviders>
      {/* while the first catalogues of a stored English choice load */}
      <Suspense fallback={<BootLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
