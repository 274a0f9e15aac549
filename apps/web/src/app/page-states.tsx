import { Button, Center, Loader, Progress, Stack, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A spinner while the first screen module (or its texts) loads. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <div className="po-page-loader" role="status" aria-label={t('loading')}>
      <Loader />
    </div>
  );
}

/** The spinner while the first texts load (it needs none itself). */
export function BootLoader() {
  return (
    <div className="po-page-loader" role="status" aria-busy="true">
      <Loader />
    </div>
  );
}

/** A thin bar at the top while the next screen loads. */
export function LoadingBar() {
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
    />
  );
}

/** Shown when a screen fails (for example its module could not be loaded after a deployment). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm">
        <Text fw={600}>{t('routeError.title')}</Text>
        {error instanceof Error && (
          <Text size="sm" c="dimmed">
            {error.message}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}

interface Failure {
  failed: { error: unknown } | null;
}
/** The error screen in place of what failed to render (React Router has its own: `RouteError`). */
export class ErrorBoundary extends Component<{ children: ReactNode }, Failure> {
  override state: Failure = { failed: null };
  static getDerivedStateFromError(error: unknown): Failure {
    return { failed: { error } };
  }
  override render() {
    const { failed } = this.state;
    return failed ? <ErrorScreen error={failed.error} /> : this.props.children;
  }
}
