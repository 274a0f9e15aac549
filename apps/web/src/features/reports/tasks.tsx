import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourierTask } from '@po/contract/reports';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import { useCourierTasks } from './api/couriers';
import { dottedDay, tbilisiDateTime, today } from './api/dates';

/**
 * /tasks: each courier's open work: the parcels the courier holds (handed over or picked up, not yet
 * delivered or failed) and the jobs of the last 7 days with lines the server could not apply.
 */
export function TasksScreen() {
  const { t } = useTranslation('reports');
  const tasks = useCourierTasks();
  const columns = useMemo<GridColumn<CourierTask>[]>(
    () => [
      { field: 'Name', header: t('tasks.courier'), width: 200 },
      { field: 'OfficeName', header: t('tasks.office'), width: 200 },
      { field: 'Held', header: t('tasks.held'), type: 'number', width: 150, summary: 'sum' },
      {
        field: 'OldestHeldAt',
        header: t('tasks.oldestHeld'),
        width: 170,
        format: (v) => (v ? tbilisiDateTime(String(v)) : ''),
      },
      {
        field: 'JobsWithErrors',
        header: t('tasks.jobsWithErrors'),
        type: 'number',
        width: 190,
        summary: 'sum',
        cell: (r) => (r.JobsWithErrors > 0 ? <Badge color="red">{r.JobsWithErrors}</Badge> : '0'),
      },
      {
        field: 'LinesNotApplied',
        header: t('tasks.linesNotApplied'),
        type: 'number',
        width: 180,
        summary: 'sum',
      },
      {
        field: 'LastJobAt',
        header: t('tasks.lastJob'),
        width: 170,
        format: (v) => (v ? tbilisiDateTime(String(v)) : ''),
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <Title order={2}>{t('layout:routes.tasks')}</Title>
      <DataGrid
        label={t('layout:routes.tasks')}
        columns={columns}
        data={tasks.data}
        rowKey="UserGUID"
        loading={tasks.isFetching}
        emptyText={t('noData')}
        onRefresh={() => void tasks.refetch()}
        exportFileName={() => t('tasks.export', { date: dottedDay(today()) })}
        renderDetail={(r) => (
          <Stack gap={4} p="xs">
            <Text size="sm" fw={600}>
              {t('tasks.heldBarcodes')}
            </Text>
            {r.HeldBarcodes.length ? (
              <Group gap={6}>
                {r.HeldBarcodes.map((b) => (
                  <Badge key={b} variant="light" style={{ fontFamily: 'monospace' }}>
                    {b}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('tasks.none')}
              </Text>
            )}
          </Stack>
        )}
      />
    </Stack>
  );
}
