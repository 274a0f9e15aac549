import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Group } from '@po/contract';
import type { ReferenceRow } from '@po/contract/reference';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useReference } from '../api/get-reference';
import { useSaveStatus } from '../api/save-status';
import { langOf, newListRow, newStatusRow, statusRowIssues } from '../validation';
import { numberOrNull, referenceColumns } from './columns';

/**
 * One reference list (spec 000 §2.6): statuses (ID, Name, Zone, Enabled) or a simple list
 * (ID, Name, Enabled). The minimum name length comes with the group from the contract's rules.
 */
export interface ListScreenConfig {
  /** the group id (10, 24-28): what PostGetRegion reads and PostInsertStatus adds to */
  group: number;
  /** key of the title under `reference:titles` */
  title: string;
}

export function ListScreen({ config }: { config: ListScreenConfig }) {
  const { t, i18n } = useTranslation('reference');
  const lang = langOf(i18n.language);
  const { group } = config;
  const isStatus = group === Group.Status;
  const list = useReference(group);
  const save = useSaveStatus(group);

  const columns = useMemo(() => {
    const c = referenceColumns(t, lang, (draft) => statusRowIssues(group, draft));
    return (
      isStatus ? [c.id, c.name, c.zone, c.enabled] : [c.id, c.name, c.enabled]
    ) as GridColumn<ReferenceRow>[];
  }, [t, lang, group, isStatus]);

  async function store(id: number | null, row: Partial<ReferenceRow>) {
    try {
      await save.mutateAsync({
        id,
        values: {
          Name: (row.Name ?? '').trim(),
          Enabled: row.Enabled ?? true,
          Zone: isStatus ? numberOrNull(row.Zone) : undefined,
        },
      });
      notifySuccess(t(id === null ? 'common:toast.inserted' : 'common:toast.updated'));
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }

  const title = t(`titles.${config.title}`);
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <DataGrid<ReferenceRow>
        label={title}
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        rowKey="ID"
        storageKey={`po.grid.reference.${group}`}
        pageSizes={[10, 20, 50]}
        defaultPageSize={10}
        exportFileName={title}
        onRefresh={() => void list.refetch()}
        editing={{
          mode: 'row',
          allowAdding: true,
          allowUpdating: true,
          allowDeleting: false,
          newRowDefaults: isStatus ? newStatusRow : newListRow,
          onInsert: (values) => store(null, values),
          onUpdate: (key, values) => store(Number(key), values),
        }}
      />
    </Stack>
  );
}
