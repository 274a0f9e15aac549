import { ActionIcon, Affix, Group, Stack, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import dayjs from '@/lib/dayjs';
import { toastError, toastInfo } from './lib/toast';
import { errJournal, rsJournal, statusJournal, type ErrRow, type StatusRow } from './api/mobile-api';
import { useMobileScreen } from './lib/use-mobile-screen';

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

  const columns = useMemo<GridColumn<Row>[]>(() => {
    const barcode: GridColumn<Row> = {
      field: 'Barcode',
      header: t('grid.barcode'),
      summary: 'count',
      width: 150,
    };
    const time: GridColumn<Row> = { field: 'Time', header: t('journal.time'), format: when, minWidth: 200 };
    // the comment says what happened: wrapped, so a phone shows it whole beside the barcode
    const comment: GridColumn<Row> = {
      field: 'Comment',
      header: t('journal.comment'),
      minWidth: 200,
      cell: (row) => <span style={{ whiteSpace: 'normal' }}>{row.Comment}</span>,
    };
    const registry: GridColumn<Row> = { field: 'Registry', header: t('journal.registry') };
    const source: GridColumn<Row> = { field: 'Source', header: t('journal.source') };
    const status: GridColumn<Row> = { field: 'Status', header: t('journal.status') };
    if (kind === 'oktransportlist') return [barcode, comment, time, registry];
    if (kind === 'errtransportlist') return [barcode, source, time, comment, registry];
    return [barcode, status, time, comment];
  }, [kind, t]);

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
    <Stack gap="sm" maw={900} mx="auto" pb={96}>
      <Group wrap="nowrap">
        <ActionIcon size="xl" variant="light" aria-label={t('job.back')} onClick={back}>
          <IconArrowLeft />
        </ActionIcon>
        <Title order={2} size="h4">
          {t(`title.${kind}`)}
        </Title>
      </Group>
      <TextInput
        type="date"
        size="md"
        label={t('journal.date')}
        description={dayjs(day).format('dddd, D MMMM YYYY')}
        value={day}
        onChange={(e) => {
          setDay(e.currentTarget.value);
          setRows(null);
        }}
        data-testid="journal-date"
      />
      <DataGrid<Row>
        columns={columns}
        data={rows ?? []}
        rowKey="Id"
        loading={loading}
        filterRow={kind === 'errtransportlist'}
        columnChooser={false}
        emptyText={rows === null ? t('journal.pressSearch') : t('journal.empty')}
      />
      <Affix position={{ bottom: 24, right: 24 }}>
        <ActionIcon
          size={64}
          radius="xl"
          variant="filled"
          loading={loading}
          aria-label={t('journal.search')}
          onClick={search}
          data-testid="journal-search"
        >
          <IconSearch size={30} />
        </ActionIcon>
      </Affix>
    </Stack>
  );
}

export const TransportJournalScreen = () => <Journal kind="oktransportlist" />;
export const ErrorJournalScreen = () => <Journal kind="errtransportlist" />;
export const StatusJournalScreen = () => <Journal kind="setstatuses" />;
