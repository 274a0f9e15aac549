import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { registerNavigate } from '@/lib/navigation';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => registerNavigate((to, opts) => void router.navigate(to, opts)), [router]);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
