import { Grid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Group } from '@po/contract';
import type { ReferenceRow } from '@po/contract/reference';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn, GridRowKey } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useReference } from './api/get-reference';
import { useSaveRegion } from './api/save-region';
import { numberOrNull, referenceColumns } from './components/columns';
import { langOf, newRegionRow, newVillageRow, regionRowIssues, villageRowIssues } from './validation';

const NO_ROWS: ReferenceRow[] = [];

/**
 * /regions (spec 000 §2.6): regions on the left; choosing one loads its villages on the right.
 * Both grids add and update (no delete) with the rules of spec 000 §5, the server's rules too.
 */
export function RegionsScreen() {
  const { t, i18n } = useTranslation('reference');
  const lang = langOf(i18n.language);
  const regions = useReference(Group.Region);
  const [regionId, setRegionId] = useState<number | null>(null);
  const region = regions.data?.find((r) => r.ID === regionId) ?? null;
  const villages = useReference(region ? region.ID : null);
  const saveRegion = useSaveRegion(Group.Region);
  const saveVillage = useSaveRegion(region?.ID ?? Group.Region);

  const regionRows = regions.data;
  const villageRows = region ? villages.data : NO_ROWS;

  const regionColumns = useMemo(() => {
    const c = referenceColumns(t, lang, (draft) => regionRowIssues(draft, regionRows ?? []));
    return [c.id, c.name, c.index, c.zone] as GridColumn<ReferenceRow>[];
  }, [t, lang, regionRows]);

  const villageColumns = useMemo(() => {
    const c = referenceColumns(t, lang, (draft) => villageRowIssues(draft, region, villageRows ?? []));
    return [c.id, c.name, c.index, c.zone] as GridColumn<ReferenceRow>[];
  }, [t, lang, region, villageRows]);

  async function store(
    mutation: typeof saveRegion,
    id: number | null,
    row: Partial<ReferenceRow>,
  ): Promise<void> {
    try {
      await mutation.mutateAsync({
        id,
        values: {
          Name: (row.Name ?? '').trim(),
          PostCode: (row.Index ?? '').trim(),
          Zone: numberOrNull(row.Zone),
        },
      });
      notifySuccess(t(id === null ? 'common:toast.inserted' : 'common:toast.updated'));
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  const onFocus = (row: ReferenceRow | null, _key: GridRowKey | null) => setRegionId(row ? row.ID : null);

  return (
    <Stack gap="md">
      <Title order={2}>{t('titles.regions')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Title order={3} size="h4" mb="xs">
            {t('regions.cities')}
          </Title>
          <DataGrid<ReferenceRow>
            label={t('regions.cities')}
            columns={regionColumns}
            data={regionRows}
            loading={regions.isFetching}
            rowKey="ID"
            storageKey="po.grid.reference.regions"
            grouping
            pageSizes={[10, 20, 50]}
            defaultPageSize={10}
            exportFileName={t('titles.regions')}
            onRefresh={() => void regions.refetch()}
            focusedRowKey={regionId}
            onFocusedRowChange={onFocus}
            onRowClick={(row) => setRegionId(row.ID)}
            editing={{
              mode: 'row',
              allowAdding: true,
              allowUpdating: true,
              allowDeleting: false,
              newRowDefaults: newRegionRow,
              onInsert: (values) => store(saveRegion, null, values),
              onUpdate: (key, values) => store(saveRegion, Number(key), values),
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Title order={3} size="h4" mb="xs">
            {region ? t('regions.villagesOf', { region: region.Name }) : t('regions.villages')}
          </Title>
          {region ? (
            <DataGrid<ReferenceRow>
              key={region.ID}
              label={t('regions.villagesOf', { region: region.Name })}
              columns={villageColumns}
              data={villageRows}
              loading={villages.isFetching}
              rowKey="ID"
              storageKey="po.grid.reference.villages"
              grouping
              pageSizes={[10, 20, 50]}
              defaultPageSize={10}
              exportFileName={`${t('regions.villages')} ${region.Name}`}
              onRefresh={() => void villages.refetch()}
              editing={{
                mode: 'row',
                allowAdding: true,
                allowUpdating: true,
                allowDeleting: false,
                newRowDefaults: () => newVillageRow(region),
                onInsert: (values) => store(saveVillage, null, values),
                onUpdate: (key, values) => store(saveVillage, Number(key), values),
              }}
            />
          ) : (
            <Text c="dimmed">{t('regions.choose')}</Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
