import { useTranslation } from 'react-i18next';
import type { FinderRow } from '@po/contract/finder';
import { findParcels, lastStatuses, LAST_STATUS_BATCH } from './api/finder';
import { defaultFinderForm } from './components/finder-form';
import { FinderScreen, type FinderSource } from './components/finder-screen';

/** The live store's calls: ParcelFinder, GetLastParcelStatuses (batched), GetParcelStatuses. */
const live: FinderSource<FinderRow> = {
  key: ['parcels', 'finder'],
  find: findParcels,
  lastStatuses,
  batch: LAST_STATUS_BATCH,
};

/** /parfinder (spec 001 §2.6). */
export function Component() {
  const { t } = useTranslation('finder');
  return (
    <FinderScreen
      source={live}
      title={t('finder.title')}
      defaultForm={defaultFinderForm}
      storageKey="po.grid.parfinder"
      canDelete
    />
  );
}
