import { Box, Center, Group, Image, Text } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { AppFooter } from '@/app/footer';
import { LoadingBar, PageLoader } from '@/app/page-states';
import { PageTitle, useTitle } from '@/app/page-title';
import { findPublicScreen } from '@/app/public-routes';
import { useLocation, useNavigating } from '@/lib/public-router';
import logo from '@/assets/logo.svg';

/** The frame of the public screens (login, password requests): a centred card and the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const screen = findPublicScreen(useLocation().pathname);
  const title = useTitle(screen?.title);
  const navigating = useNavigating();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" style={{ display: 'flex', flexDirection: 'column' }}>
      {/* on the way to the working app the title stays until that app sets its own */}
      {screen && <PageTitle title={title} />}
      {navigating && <LoadingBar />}
      <Group justify="center" gap="xs" pt="xl">
        <Image src={logo} alt="" w={32} h={32} />
        <Text fw={700} size="xl">
          PostOffice
        </Text>
      </Group>
      <Center component="main" style={{ flex: 1 }} p="md">
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Center>
      <AppFooter />
    </Box>
  );
}
