import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
// all of Mantine's styles (the public screens load only theirs: `public-styles.css`), then the dates'
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.css';
import '@/lib/dayjs';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // a refused call (400/401/403 ...) is not retried; a lost connection is, once
      retry: (count, err) => !(err instanceof ApiError && err.code !== 0) && count < 1,
      refetchOnWindowFocus: false,
    },
  },
});

/** The providers of the working screens (not needed by the login form): queries, dates, modals. */
export function GuardedProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'ka', firstDayOfWeek: 1 }}>
        <ModalsProvider>{children}</ModalsProvider>
      </DatesProvider>
    </QueryClientProvider>
  );
}
