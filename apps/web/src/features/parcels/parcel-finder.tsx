import { useTranslation } from 'react-i18next';
import type { FinderRow } from '@po/contract/parcels/finder';
import { defaultFinderForm } from '@/components/finder/finder-form';
import { FinderScreen } from '@/components/finder/finder-screen';
import type { FinderSource } from '@/components/finder/finder-source';
import { useDeleteParcel } from './api/deleted';
import { parcelFiles } from './api/files';
import { findParcels, finderLookups, lastStatuses, liveHistory, LAST_STATUS_BATCH } from './api/finder';

/** The live store's calls: ParcelFinder, GetLastParcelStatuses (batched), GetParcelStatuses. */
const live: FinderSource<FinderRow> = {
  key: ['parcels', 'finder'],
  find: findParcels,
  fill: { load: lastStatuses, batch: LAST_STATUS_BATCH },
  history: liveHistory,
  lookups: finderLookups,
  files: parcelFiles,
};

/** The live finder's form: the last 14 days up to today. */
const defaultForm = () => defaultFinderForm();

/** /parfinder (spec 001 §2.6). */
export function ParcelFinderScreen() {
  const { t } = useTranslation('finder');
  const del = useDeleteParcel();
  return (
    <FinderScreen
      source={live}
      ns="finder"
      title={t('finder.title')}
      defaultForm={defaultForm}
      toggleLabel={t('finder.toggle')}
      scanHint={t('finder.scanHint')}
      profileColumns
      storageKey="po.grid.parfinder"
      onDelete={del.mutateAsync}
    />
  );
}
