import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowsExchange,
  IconFileCheck,
  IconHandFinger,
  IconPackageExport,
  IconPackageImport,
  IconTruck,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deviceTimeZone, timeZoneOk } from '@/lib/mobile-env';
import { hasMobileWork, MOBILE_FLOWS, mobileWorkKey, type MobileFlow } from '@/lib/mobile-work';
import { toastError } from './lib/toast';
import { useSession } from '@/lib/session';
import { flushOutbox } from './api/mobile-api';
import { heldPhotoFlows } from './lib/held-photos';
import { listenToOtherTabs, listJobs, OUTBOX_EVENT, type OutboxEntry } from './lib/outbox';
import { useOutboxSync } from './lib/use-mobile-screen';

const ICONS: Record<MobileFlow, Icon> = {
  parsexport: IconPackageImport,
  pargive: IconHandFinger,
  statuschange: IconArrowsExchange,
  delivercurrier: IconPackageExport,
  startwaybill: IconTruck,
  closewaybill: IconFileCheck,
};

function pendingFlows(): Record<MobileFlow, boolean> {
  return Object.fromEntries(MOBILE_FLOWS.map((f) => [f, hasMobileWork(f)])) as Record<MobileFlow, boolean>;
}

/** The jobs waiting in the outbox (IndexedDB), kept up to date (also when another tab changes it). */
function useOutbox(): OutboxEntry[] {
  const [jobs, setJobs] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    listenToOtherTabs();
    let alive = true;
    const load = () =>
      void listJobs().then(
        (l) => alive && setJobs(l),
        () => undefined,
      );
    load();
    window.addEventListener(OUTBOX_EVENT, load);
    return () => {
      alive = false;
      window.removeEventListener(OUTBOX_EVENT, load);
    };
  }, []);
  return jobs;
}

/** /mobilehome: the courier's data and six large buttons, highlighted when a flow has unsent work. */
export function MobileHomeScreen() {
  const { t } = useTranslation('mobile');
  const session = useSession();
  const [pending, setPending] = useState(pendingFlows);
  const outbox = useOutbox();
  // a job may hold photos before its first parcel is scanned
  const [withPhotos, setWithPhotos] = useState<Set<MobileFlow>>(() => new Set());
  useEffect(() => {
    let alive = true;
    void heldPhotoFlows().then((flows) => alive && setWithPhotos(flows));
    return () => {
      alive = false;
    };
  }, []);
  useOutboxSync();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(navigator.onLine);
    window.addEventListener('online', on);
    window.addEventListener('offline', on);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', on);
    };
  }, []);

  useEffect(() => {
    const keys = new Set<string>(MOBILE_FLOWS.map(mobileWorkKey));
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || keys.has(e.key)) setPending(pendingFlows());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (!timeZoneOk()) toastError(`error. timezone:${deviceTimeZone()}`);
  }, []);

  if (!session) return null;
  return (
    <Stack gap="md" maw={640} mx="auto">
      <Paper withBorder p="md">
        <Title order={2} size="h3">
          {session.Name}
        </Title>
        <Text size="sm">
          {t('home.driverId')}: <b>{session.DriverId || '—'}</b>
        </Text>
        <Text size="sm">
          {t('home.phone')}: <b>{session.Mobile || '—'}</b>
        </Text>
        <Text size="sm">
          {t('home.car')}: <b>{session.CarNumber || '—'}</b>
        </Text>
      </Paper>
      {outbox.length > 0 && (
        <Alert color="orange" variant="filled" data-testid="outbox">
          <Group justify="space-between">
            <Text fw={600}>{t('home.outbox', { n: outbox.length })}</Text>
            {online && (
              <Button size="xs" color="white" c="orange.8" onClick={() => void flushOutbox()}>
                {t('home.sendNow')}
              </Button>
            )}
          </Group>
          {!online && <Text size="sm">{t('home.offline')}</Text>}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {MOBILE_FLOWS.map((flow) => {
          const FlowIcon = ICONS[flow];
          const busy = pending[flow] || withPhotos.has(flow) || outbox.some((j) => j.flow === flow);
          return (
            <Button
              key={flow}
              component={Link}
              to={`/${flow}`}
              size="xl"
              h={96}
              variant={busy ? 'filled' : 'light'}
              color={busy ? 'orange' : 'indigo'}
              leftSection={<FlowIcon size={30} />}
              data-pending={busy || undefined}
              styles={{
                inner: { justifyContent: 'flex-start' },
                label: { whiteSpace: 'normal', textAlign: 'left' },
              }}
            >
              <Stack gap={2} align="flex-start">
                <span>{t(`flows.${flow}`)}</span>
                {busy && (
                  <Badge color="white" c="orange.8" size="sm">
                    {t('home.pending')}
                  </Badge>
                )}
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
