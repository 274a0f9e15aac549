import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PublicRouter, Routes, type Route } from '@/lib/public-router';

/**
 * Renders UI inside the same providers the app uses (Mantine, notifications, a fresh query client).
 * Mantine runs in its test mode (`env="test"`): in jsdom nothing has a size, so a menu's or popover's
 * target counts as scrolled out of view and Mantine hides the open drop-down (`display: none`) as soon
 * as floating-ui has placed it, a few milliseconds after it opens; a test finding a menu item then
 * passed only when it looked inside that window, and failed under load (the grid's menu tests in
 * whole-project runs). Test mode also skips the transitions, so what opens is there at once.
 */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <Notifications />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}

/**
 * Renders public screens on their router (`lib/public-router.tsx`) with the page's address at `url`;
 * an address none of `routes` serves shows `fallback`.
 */
export function renderPublicRoutes(url: string, routes: Route[], fallback: ReactNode = null) {
  window.history.replaceState(null, '', url);
  return renderWithProviders(
    <PublicRouter>
      <Routes routes={routes} fallback={fallback} />
    </PublicRouter>,
  );
}
