import { Box, Center, Group, Image, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from '@/app/footer';
import { PageLoader } from '@/app/page-states';
import { PageTitle } from '@/app/page-title';
import { NavigationProgress } from '@/app/route-states';
import { useScreenTitle } from '@/app/screen-title';
import logo from '@/assets/logo.svg';

/** The frame of the public screens (login, password requests): a centred card and the footer. */
export function PublicLayout() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" style={{ display: 'flex', flexDirection: 'column' }}>
      <PageTitle title={useScreenTitle()} />
      <NavigationProgress />
      <Group justify="center" gap="xs" pt="xl">
        <Image src={logo} alt="" w={32} h={32} />
        <Text fw={700} size="xl">
          PostOffice
        </Text>
      </Group>
      <Center component="main" style={{ flex: 1 }} p="md">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Center>
      <AppFooter />
    </Box>
  );
}
