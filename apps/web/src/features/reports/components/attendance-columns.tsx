import { Box, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { AttendanceRow } from '@po/contract/reports';
import type { GridColumn } from '@/components/data-grid/types';
import { dottedDay, tbilisiTime } from '../api/dates';

/** Arrival equals departure: one activity only that day (shown yellow, spec 000 §2.4). */
export const sameTimes = (r: AttendanceRow) => r.InComDate !== null && r.InComDate === r.OutComDate;

/** Minutes as 'h სთ m წთ' (the periodic report's sum of minutes, 000 §2.4). */
export const hoursMinutes = (t: TFunction, minutes: number) =>
  t('hoursMinutes', { h: Math.floor(minutes / 60), m: Math.round(minutes % 60) });

/** A time cell: red 'not recorded' without an arrival, yellow when arrival equals departure. */
function timeCell(t: TFunction, value: string | null, row: AttendanceRow) {
  if (row.InComDate === null) {
    return (
      <Text c="red" fw={600} size="sm" data-attendance="not-recorded">
        {t('notRecorded')}
      </Text>
    );
  }
  const text = value ? tbilisiTime(value) : '';
  return sameTimes(row) ? (
    <Box
      px={6}
      style={{ background: 'var(--mantine-color-yellow-3)', borderRadius: 4 }}
      data-attendance="same"
    >
      {text}
    </Box>
  ) : (
    text
  );
}

/** The attendance columns (000 §3): employee, date, arrived, left, duration h:min and, optionally, minutes. */
export function attendanceColumns(t: TFunction, opts: { minutes: boolean }): GridColumn<AttendanceRow>[] {
  const cols: GridColumn<AttendanceRow>[] = [
    { field: 'Name', header: t('columns.employee'), width: 220 },
    { field: 'CheckDate', header: t('columns.date'), width: 120, format: (v) => dottedDay(String(v)) },
    {
      field: 'InComDate',
      header: t('columns.arrived'),
      width: 140,
      format: (v) => (v ? tbilisiTime(String(v)) : t('notRecorded')),
      cell: (r) => timeCell(t, r.InComDate, r),
    },
    {
      field: 'OutComDate',
      header: t('columns.left'),
      width: 140,
      format: (v, r) => (r.InComDate === null ? t('notRecorded') : v ? tbilisiTime(String(v)) : ''),
      cell: (r) => timeCell(t, r.OutComDate, r),
    },
    { field: 'Dlt', header: t('columns.duration'), width: 130 },
  ];
  if (opts.minutes) {
    cols.push({
      field: 'Delta',
      header: t('columns.minutes'),
      type: 'number',
      width: 150,
      summary: 'sum',
      summaryFormat: (v) => hoursMinutes(t, v),
    });
  }
  return cols;
}
