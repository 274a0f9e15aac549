import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_DAYS, OLD_ARCHIVE_DAYS, PageSizes } from '@po/contract/constants';
import type { ArchiveRow } from '@po/contract/archive';
import type { GridColumn } from '@/components/data-grid/types';
import { defaultFinderForm } from '@/components/finder/finder-form';
import { FinderScreen } from '@/components/finder/finder-screen';
import type { FinderSource } from '@/components/finder/finder-source';
import { optionalDateTime, type PropertyListOptions } from '@/components/finder/property-list';
import { formatDate } from '@/lib/format';
import {
  archiveFiles,
  archiveHistory,
  archiveKeys,
  archiveLookups,
  findArchived,
  lastStatuses,
  useMinMax,
  type Store,
} from './api/archive';

/** The archive's calls: ArchParcelFinder, ArchGetLastParcelStatus (a parcel a call), ArchGetParcelStatuses. */
const archive: FinderSource<ArchiveRow> = {
  key: archiveKeys.find('archive'),
  find: (filter, q, signal) => findArchived('archive', filter, q, signal),
  fill: { load: lastStatuses, batch: 1, skipEmpty: true },
  history: archiveHistory('archive'),
  lookups: archiveLookups,
  files: archiveFiles,
};
/** The old archive's: OldArchParcelFinder and OldArchGetParcelStatuses; no last-status fill. */
const oldArchive: FinderSource<ArchiveRow> = {
  key: archiveKeys.find('oldArchive'),
  find: (filter, q, signal) => findArchived('oldArchive', filter, q, signal),
  history: archiveHistory('oldArchive'),
  lookups: archiveLookups,
  files: archiveFiles,
};

const archiveDate = (t: (key: string) => string): GridColumn<ArchiveRow> => ({
  id: 'ArchiveDate',
  field: 'ArchiveDate',
  header: t('cols.archiveDate'),
  type: 'datetime',
  width: 150,
});
/** The archive (spec 001 §2.7): the finder's columns and the archive date. */
const archiveColumns = (finder: GridColumn<ArchiveRow>[], t: (key: string) => string) => [
  ...finder,
  archiveDate(t),
];
/**
 * The old archive (spec 001 §2.8): registration date, barcode, receiver, sender, field 1, field 2,
 * signature, archive date.
 */
const OLD_ARCHIVE_COLUMNS = ['CreateDate', 'Barcode', 'Receiver', 'Sender', 'Fild1', 'Fild2'];
const oldArchiveColumns = (finder: GridColumn<ArchiveRow>[], t: (key: string) => string) => [
  ...OLD_ARCHIVE_COLUMNS.map((id) => finder.find((c) => c.id === id)!),
  {
    id: 'Signature',
    field: 'Signature',
    header: t('cols.signature'),
    width: 140,
    filter: false,
    sortable: false,
  } satisfies GridColumn<ArchiveRow>,
  archiveDate(t),
];

/** The property list: 13, 15 or 20 a page, the archive date last (pages 13, 15, 20 of spec 001 §2.7). */
const properties: PropertyListOptions<ArchiveRow> = {
  pageSizes: [13, 15, 20],
  extra: (p) => [['archiveDate', optionalDateTime(p.ArchiveDate)]],
};

const defaults = {
  archive: () => defaultFinderForm(ARCHIVE_DAYS),
  oldArchive: () => defaultFinderForm(OLD_ARCHIVE_DAYS),
};

/** The store's registration range beside the title (ArchGetMinMaXDate / OldArchGetMinMaXDate). */
function StoreRange({ store }: { store: Store }) {
  const { t } = useTranslation('archive');
  const range = useMinMax(store).data;
  return (
    <Text data-testid="archive-range" c="dimmed">
      {range?.Min && range.Max
        ? t('title.range', { min: formatDate(range.Min), max: formatDate(range.Max) })
        : range
          ? t('title.empty')
          : ''}
    </Text>
  );
}

/**
 * An archive finder (spec 001 §2.7 the archive, §2.8 the old archive): the parcel finder's screen on the
 * store's calls, with the store's date range beside the title, the chart above one result (archive
 * only), 20 rows a page (10/15/20), the archive date column, the grid's refresh button, the print-mode
 * selector and the scanned bill's print. The old archive: fewer filters and columns, no chart, no
 * last-status fill, and the draggable 'scanned bill' popup.
 */
export function ArchiveScreen({ store }: { store: Store }) {
  const { t } = useTranslation('archive');
  const full = store === 'archive';
  return (
    <FinderScreen
      source={full ? archive : oldArchive}
      ns="archive"
      title={full ? t('title.archive') : t('title.oldArchive')}
      defaultForm={defaults[store]}
      withOperator={full}
      submitRight
      chartAbove={full ? 1 : false}
      columns={full ? archiveColumns : oldArchiveColumns}
      pageSizes={PageSizes.archive}
      defaultPageSize={20}
      storageKey={full ? 'po.grid.arcparfinder' : 'po.grid.oldarcparfinder'}
      headerNote={<StoreRange store={store} />}
      refreshable
      printControls="selector"
      billPopup={!full}
      properties={properties}
    />
  );
}
