import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import dayjs from '@/lib/dayjs';
import { DateField } from '@/components/date-field/date-field';
import { toastError, toastInfo } from './lib/toast';
import { errJournal, rsJournal, statusJournal, type ErrRow, type StatusRow } from './api/mobile-api';
import { useMobileScreen } from './lib/use-mobile-screen';
import { FloatingButton } from './components/floating-button';

type Kind = 'oktransportlist' | 'errtransportlist' | 'setstatuses';
/** A row of any of the three journals (each fills its own columns). */
type Row = Pick<ErrRow, 'Id' | 'Barcode' | 'Comment' | 'Time'> &
  Partial<Pick<ErrRow, 'Source' | 'Registry'> & Pick<StatusRow, 'Status'>>;

const FETCH: Record<Kind, (dt: string) => Promise<Row[]>> = {
  // the transport journal takes a US-format date (spec 003 §7)
  oktransportlist: (d) => rsJournal(dayjs(d).format('MM/DD/YYYY')),
  errtransportlist: (d) => errJournal(d),
  setstatuses: (d) => statusJournal(d),
};

/** A time with its weekday, day, month and year (spec 003 §1). */
const when = (v: unknown) => dayjs(String(v)).format('dddd, D MMMM YYYY HH:mm');

/**
 * A journal's columns on a phone: two that fit 390 px and wrap, never scrolling sideways: the barcode
 * with its time under it, and what happened (status, source, registry, then the comment). The single
 * columns stay, hidden, for the column-by-column view of a wider screen's export.
 */
function useJournalColumns(kind: Kind): GridColumn<Row>[] {
  const { t } = useTranslation('mobile');
  return useMemo<GridColumn<Row>[]>(() => {
    const facts = (row: Row): Array<[string, string | undefined]> =>
      kind === 'oktransportlist'
        ? [[t('journal.registry'), row.Registry]]
        : kind === 'errtransportlist'
          ? [
              [t('journal.source'), row.Source],
              [t('journal.registry'), row.Registry],
            ]
          : [[t('journal.status'), row.Status]];
    const wrap = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;
    const barcode: GridColumn<Row> = {
      field: 'Barcode',
      header: t('grid.barcode'),
      summary: 'count',
      width: 150,
      cell: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} style={wrap}>
            {row.Barcode || row.Registry}
          </Text>
          <Text size="xs" c="dimmed" style={wrap}>
            {when(row.Time)}
          </Text>
        </Stack>
      ),
    };
    const what: GridColumn<Row> = {
      field: 'Comment',
      header: t('journal.comment'),
      width: 190,
      cell: (row) => (
        <Stack gap={2}>
          {facts(row)
            .filter(([, v]) => v)
            .map(([label, v]) => (
              <Text key={label} size="xs" style={wrap}>
                {label}: <b>{v}</b>
              </Text>
            ))}
          <Text size="sm" style={wrap}>
            {row.Comment}
          </Text>
        </Stack>
      ),
    };
    const hidden = { hidden: true, filter: false } as const;
    const time: GridColumn<Row> = { field: 'Time', header: t('journal.time'), format: when, ...hidden };
    const registry: GridColumn<Row> = { field: 'Registry', header: t('journal.registry'), ...hidden };
    const source: GridColumn<Row> = { field: 'Source', header: t('journal.source'), ...hidden };
    const status: GridColumn<Row> = { field: 'Status', header: t('journal.status'), ...hidden };
    if (kind === 'oktransportlist') return [barcode, what, time, registry];
    if (kind === 'errtransportlist') return [barcode, what, source, time, registry];
    return [barcode, what, status, time];
  }, [kind, t]);
}

/**
 * The courier's journals (spec 003 §2 "Journals"): a date (changing it clears the list), a floating
 * search button that fetches that day, back with a confirmation.
 */
function Journal({ kind }: { kind: Kind }) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  useMobileScreen();
  const [day, setDay] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [rows, setRows] = useState<Row[] | null>(null);
  const [loading, setLoading] = useState(false);

  const columns = useJournalColumns(kind);

  const search = () => {
    setLoading(true);
    FETCH[kind](day)
      .then((list) => {
        setRows(list);
        if (list.length === 0) toastInfo(t('journal.empty'));
      })
      .catch((err: unknown) => {
        setRows([]);
        toastError(err instanceof Error ? err.message : t('journal.noConnection'));
      })
      .finally(() => setLoading(false));
  };

  const back = () =>
    modals.openConfirmModal({
      title: t(`title.${kind}`),
      children: t('journal.leave'),
      labels: { confirm: t('job.yes'), cancel: t('job.no') },
      onConfirm: () => void navigate('/mobilehome'),
    });

  return (
    <Stack gap="sm" maw={900} mx="auto">
      <Group wrap="nowrap">
        <ActionIcon size="xl" variant="light" aria-label={t('job.back')} onClick={back}>
          <IconArrowLeft />
        </ActionIcon>
        <Title order={2} size="h4">
          {t(`title.${kind}`)}
        </Title>
      </Group>
      <DateField
        label={t('journal.date')}
        value={day}
        onChange={(next) => {
          if (!next) return;
          setDay(next);
          setRows(null);
        }}
        data-testid="journal-date"
      />
      <Text size="sm" c="dimmed" mt={-6}>
        {dayjs(day).format('dddd, D MMMM YYYY')}
      </Text>
      <DataGrid<Row>
        columns={columns}
        data={rows ?? []}
        rowKey="Id"
        loading={loading}
        filterRow={kind === 'errtransportlist'}
        columnChooser={false}
        emptyText={rows === null ? t('journal.pressSearch') : t('journal.empty')}
      />
      <FloatingButton
        label={t('journal.search')}
        icon={<IconSearch size={30} />}
        loading={loading}
        onClick={search}
        testId="journal-search"
      />
    </Stack>
  );
}

export const TransportJournalScreen = () => <Journal kind="oktransportlist" />;
export const ErrorJournalScreen = () => <Journal kind="errtransportlist" />;
export const StatusJournalScreen = () => <Journal kind="setstatuses" />;
