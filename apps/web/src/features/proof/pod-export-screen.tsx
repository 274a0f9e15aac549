import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { DateField } from '@/components/date-field/date-field';
import { useSession } from '@/lib/session';
import { downloadUrl, useExportOffices, usePodExport, useStartPodExport } from './api/pod-export';

/** A Tbilisi day (`YYYY-MM-DD`) of an instant (UTC+4 all year). */
const tbilisiDay = (at: number) => new Date(at + 240 * 60_000).toISOString().slice(0, 10);
const dotted = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** The export under way is remembered for the tab, so a reload keeps showing its progress. */
const KEPT = 'po.podExport.id';

/**
 * /pod-export (issue 40): the bulk proof of delivery. An administrator chooses the client's office, a
 * corporate client exports its own; the range, one PDF or a ZIP, then a progress bar while the server
 * makes it in the background, and the download link when it is ready.
 */
export function PodExportScreen() {
  const { t } = useTranslation('pod-export');
  const session = useSession();
  const corporate = !!session?.note.IsCorporate;
  const offices = useExportOffices(!corporate);
  const today = tbilisiDay(Date.now());
  const [office, setOffice] = useState<string | null>(corporate ? (session?.note.OfficeGUID ?? null) : null);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<'pdf' | 'zip'>('pdf');
  const [tried, setTried] = useState(false);
  const [id, setId] = useState<string | null>(() => sessionStorage.getItem(KEPT));
  const start = useStartPodExport();
  const state = usePodExport(id);

  const submit = () => {
    setTried(true);
    if (!office || !from || !to) return;
    start.mutate(
      { StartDate: from, EndDate: to, OfficeGUID: office, Format: format },
      {
        onSuccess: (newId) => {
          sessionStorage.setItem(KEPT, newId);
          setId(newId);
        },
      },
    );
  };
  const options = (offices.data ?? [])
    .slice()
    .sort((a, b) => Number(b.IsCorporate) - Number(a.IsCorporate) || a.Name.localeCompare(b.Name))
    .map((o) => ({ value: o.GUID, label: o.Name }));
  const s = state.data;
  const running = start.isPending || s?.State === 'running';

  return (
    <Stack gap="md" maw={900}>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h3" mb="xs">
          {t('layout:routes.podExport')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('intro')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {corporate ? (
            <Text data-testid="pod-office">
              {t('office')}: <b>{session?.note.OfficeName}</b>
            </Text>
          ) : (
            <Select
              label={t('office')}
              placeholder={t('officePlaceholder')}
              data={options}
              value={office}
              onChange={setOffice}
              searchable
              withAsterisk
              w={280}
              error={tried && !office ? t('officeRequired') : undefined}
              data-testid="pod-office"
            />
          )}
          <DateField
            label={t('from')}
            value={from}
            onChange={setFrom}
            required
            w={200}
            data-testid="pod-from"
            error={tried && !from ? t('dateRequired') : undefined}
          />
          <DateField
            label={t('to')}
            value={to}
            onChange={setTo}
            required
            w={200}
            data-testid="pod-to"
            error={tried && !to ? t('dateRequired') : undefined}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('format')}
            </Text>
            <SegmentedControl
              value={format}
              onChange={(v) => setFormat(v as 'pdf' | 'zip')}
              data={[
                { value: 'pdf', label: t('formatPdf') },
                { value: 'zip', label: t('formatZip') },
              ]}
            />
          </Stack>
          <Button
            leftSection={<IconFileTypePdf size={18} />}
            onClick={submit}
            loading={running}
            data-testid="pod-start"
          >
            {t('start')}
          </Button>
        </Group>
        {start.error && (
          <Alert color="red" mt="md">
            {start.error.message}
          </Alert>
        )}
      </Paper>
      {s && <PodExportProgress state={s} />}
    </Stack>
  );
}

type ExportState = NonNullable<ReturnType<typeof usePodExport>['data']>;

function PodExportProgress({ state: s }: { state: ExportState }) {
  const { t } = useTranslation('pod-export');
  const size =
    (s.Bytes ?? 0) >= 1_048_576
      ? t('mb', { n: ((s.Bytes ?? 0) / 1_048_576).toFixed(1) })
      : t('kb', { n: Math.max(1, Math.round((s.Bytes ?? 0) / 1024)) });
  const until = new Date(Date.parse(s.ExpiresAt) + 240 * 60_000).toISOString();
  return (
    <Paper withBorder p="md" radius="md" data-testid="pod-state" data-state={s.State}>
      <Text size="sm" mb={4}>
        {dotted(s.StartDate)} – {dotted(s.EndDate)}
      </Text>
      <Progress
        value={s.Progress}
        size="xl"
        animated={s.State === 'running'}
        color={s.State === 'failed' ? 'red' : s.State === 'ready' ? 'teal' : 'blue'}
        aria-label={t('running', { done: s.Done, total: s.Total })}
        data-testid="pod-progress"
      />
      <Text size="sm" mt="xs">
        {s.State === 'running' && (s.Total ? t('running', { done: s.Done, total: s.Total }) : t('counting'))}
        {s.State === 'ready' && (s.Total ? t('ready', { total: s.Total }) : t('empty'))}
      </Text>
      {s.State === 'ready' && s.Url && (
        <Group mt="sm" gap="md">
          <Anchor href={downloadUrl(s.Url)} download data-testid="pod-download">
            <Group gap={6}>
              <IconDownload size={18} />
              {t('download', { size })}
            </Group>
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('expires', { at: `${dotted(until.slice(0, 10))} ${until.slice(11, 16)}` })}
          </Text>
        </Group>
      )}
      {s.State === 'failed' && (
        <Alert color="red" mt="sm" title={t('failed')}>
          {s.Error}
        </Alert>
      )}
    </Paper>
  );
}
