import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides, PasswordInput } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { theme } from '@/app/theme';

/** The toast container: its code loads with the first toast (or when the guarded layout asks for it). */
const loadToasts = () => import('@/app/toasts');
const Toasts = lazy(loadToasts);

/** Fetches the toast container's code ahead of the first toast. */
export function preloadToasts(): void {
  void loadToasts();
}

function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * What every screen needs, kept small for the login form: Mantine and the toasts. The guarded
 * layout adds the query client, dates and modals (see `guarded-providers.tsx`).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  // Mantine's own labels (the password show/hide button) in the screen's language
  const { t } = useTranslation('common', { useSuspense: false });
  const toggle = t('passwordToggle');
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: PasswordInput.extend({
            defaultProps: { visibilityToggleButtonProps: { 'aria-label': toggle } },
          }),
        },
      }),
    [toggle],
  );
  return (
    <MantineProvider theme={localized}>
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
