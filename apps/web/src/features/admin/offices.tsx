import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRules, type OfficeRow } from '@po/contract/admin';
import { FIELD_MAX } from '@po/contract/fields';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn, GridDraft } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCities } from './api/cities';
import { useOffices, useSaveOffice } from './api/offices';
import { useServerMessage } from './components/rules';

/** New office (spec 001 §4): not corporate, not a distribution centre. */
const newOffice = (): GridDraft<OfficeRow> => ({
  IsCorporate: false,
  IsDistrCenter: false,
  Sender: '',
  PID: '',
});

/**
 * /offices (spec 001 §2.1): the offices with inline form editing; add and update, no delete.
 * A distribution centre's distribution office is cleared and its field disabled.
 */
export function OfficesScreen() {
  const { t } = useTranslation('admin');
  const msg = useServerMessage();
  const offices = useOffices(true);
  const cities = useCities();
  const save = useSaveOffice();

  const columns = useMemo<GridColumn<OfficeRow>[]>(() => {
    const all = offices.data ?? [];
    const centers = all.filter((o) => o.IsDistrCenter);
    return [
      {
        field: 'Name',
        header: t('offices.name'),
        width: 220,
        required: true,
        maxLength: FIELD_MAX.officeName,
        validate: (v) => msg(adminRules.officeName(v)),
      },
      {
        field: 'CityID',
        header: t('offices.city'),
        width: 150,
        required: true,
        lookup: { data: cities.data ?? [], valueField: 'ID', displayField: 'Name' },
      },
      {
        field: 'DistributionCenter',
        header: t('offices.distributionCenter'),
        width: 200,
        lookup: { data: centers, valueField: 'GUID', displayField: 'Name' },
        disabled: (d) => Boolean(d.IsDistrCenter),
      },
      {
        field: 'DefaultDestinationDepotGUID',
        header: t('offices.destination'),
        width: 200,
        lookup: { data: all, valueField: 'GUID', displayField: 'Name' },
      },
      { field: 'Sender', header: t('offices.address'), width: 240, maxLength: FIELD_MAX.address },
      {
        field: 'PID',
        header: t('offices.pid'),
        width: 130,
        maxLength: FIELD_MAX.personalCode,
        validate: (v) => msg(adminRules.personalCode(v)),
      },
      { field: 'IsDistrCenter', header: t('offices.isDistrCenter'), type: 'boolean', width: 120 },
      { field: 'IsCorporate', header: t('offices.isCorporate'), type: 'boolean', width: 120 },
    ];
  }, [t, msg, offices.data, cities.data]);

  async function store(guid: string | null, row: GridDraft<OfficeRow>) {
    try {
      await save.mutateAsync({ guid, row });
      notifySuccess(t(guid ? 'common:toast.updated' : 'common:toast.inserted'));
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  return (
    <Stack gap="md">
      <Title order={2}>{t('titles.offices')}</Title>
      <DataGrid<OfficeRow>
        label={t('titles.offices')}
        columns={columns}
        data={offices.data}
        loading={offices.isFetching}
        rowKey="GUID"
        storageKey="po.grid.admin.offices"
        exportFileName={t('titles.offices')}
        onRefresh={() => {
          void offices.refetch();
          void cities.refetch();
        }}
        onEditorValueChange={(field, value) =>
          field === 'IsDistrCenter' && value ? { DistributionCenter: null } : undefined
        }
        editing={{
          mode: 'form',
          formTitle: t('offices.formTitle'),
          allowAdding: true,
          allowUpdating: true,
          allowDeleting: false,
          newRowDefaults: newOffice,
          onInsert: (values) => store(null, values),
          onUpdate: (key, values) => store(String(key), values),
        }}
      />
    </Stack>
  );
}
