import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { theme } from '@/app/theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // a refused call (400/401/403 ...) is not retried; a lost connection is, once
      retry: (count, err) => !(err instanceof ApiError && err.code !== 0) && count < 1,
      refetchOnWindowFocus: false,
    },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'ka', firstDayOfWeek: 1 }}>
          <ModalsProvider>
            <Notifications position="top-right" limit={5} />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
