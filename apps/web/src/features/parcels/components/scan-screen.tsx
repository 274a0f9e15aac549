import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, ScanStatus, type ParcelListRow } from '@po/contract/parcels/scans';
import { DataGrid } from '@/components/data-grid/data-grid';
import { ScanBox, type ScanPopup } from '@/components/scan-box/scan-box';
import { useScanList } from '@/components/scan-box/use-scan-list';
import { formatDate } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useScanStatuses } from '../api/scans';
import { parcelColumns, type ParcelColumnId } from './parcel-columns';
import classes from './scan-screen.module.css';

/** What a scan screen sends with each code. */
export interface ScanContext {
  /** the chosen status (the status lookup), null on screens without one */
  status: number | null;
  /** the comment field (the comment screen) */
  comment: string;
}

/**
 * One scan screen of spec 002 §2.8–§2.12, §2.18: the route's description. Every scan screen is this
 * description on the one `ScanScreen`.
 */
export interface ScanScreenConfig {
  /** key under `scan:titles` and `scan:hints`; also the grid's storage key */
  key: string;
  columns: readonly ParcelColumnId[];
  /** the call a scan makes; answers the parcel rows */
  send: (code: string, ctx: ScanContext) => Promise<ParcelListRow[]>;
  /** a status lookup (display Name, value ID) preselected with 8734 */
  statusLookup?: boolean;
  /** a comment field in the toolbar */
  comment?: boolean;
  /** the duplicate popup's text: 'already received' or 'already processed' (§5) */
  duplicate: 'received' | 'processed';
  /** an empty answer means the barcode is unknown, without a service message (§8, the comment screen) */
  emptyIsNotFound?: boolean;
  /** paid rows shaded green (fines) */
  paidRows?: boolean;
}

/**
 * The scan screen (spec 002 §1, §2.8–§2.12, §2.18): the scan box, the grid of the parcels processed in
 * this operation (the newest on top) and a "new operation" button that starts over. Refusals show in
 * the scan box's red popup and as a toast; a code already in the grid shows the blue popup.
 */
export function ScanScreen({ config }: { config: ScanScreenConfig }) {
  const { t } = useTranslation('scan');
  const list = useScanList<ParcelListRow>((r) => r.Barcode);
  const statuses = useScanStatuses();
  const [status, setStatus] = useState<string | null>(String(ScanStatus.Preselected));
  const [comment, setComment] = useState('');
  const commentRef = useRef('');
  commentRef.current = comment;
  const statusRef = useRef<number | null>(null);
  statusRef.current = config.statusLookup ? (status ? Number(status) : null) : null;

  const columns = useMemo(() => parcelColumns(t, config.columns), [t, config.columns]);

  async function onScan(code: string): Promise<ScanPopup | null> {
    const found = await config.send(code, { status: statusRef.current, comment: commentRef.current });
    if (found.length === 0) {
      const message = config.emptyIsNotFound
        ? t('messages.commentNotFound')
        : t('messages.notFound', { code });
      notifyError(message);
      return { kind: 'error', message };
    }
    list.add(code, found);
    return null;
  }

  const exportName = () => `${t('exportName')} ${formatDate(new Date())}`;
  const title = t(`titles.${config.key}`);
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Group className={classes.toolbar} gap="md" wrap="wrap">
        {config.statusLookup && (
          <Select
            label={t('fields.status')}
            data={(statuses.data ?? []).map((s) => ({ value: String(s.ID), label: s.Name }))}
            value={status}
            onChange={setStatus}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('fields.nothingFound')}
            w={280}
          />
        )}
        <div style={{ flex: '1 1 320px', maxWidth: 420 }}>
          <ScanBox
            ref={list.scanRef}
            label={t('fields.barcode')}
            placeholder={t(`hints.${config.key}`)}
            onScan={onScan}
            isDuplicate={list.isDuplicate}
            duplicateMessage={(code) =>
              t(config.duplicate === 'received' ? 'messages.alreadyReceived' : 'messages.alreadyProcessed', {
                code,
              })
            }
            blocked={config.statusLookup ? !status : false}
          />
        </div>
        {config.comment && (
          <TextInput
            label={t('fields.comment')}
            value={comment}
            maxLength={COMMENT_MAX}
            onChange={(e) => setComment(e.currentTarget.value)}
            w={300}
          />
        )}
        <Button variant="default" onClick={list.reset}>
          {t('actions.newOperation')}
        </Button>
      </Group>
      <DataGrid<ParcelListRow>
        label={title}
        columns={columns}
        data={list.rows}
        rowKey="GUID"
        storageKey={`po.grid.scan.${config.key}`}
        grouping
        exportFileName={exportName}
        printTitle={title}
        emptyText={t('empty')}
        rowClassName={config.paidRows ? (r) => (r.IsPayed ? classes.paid : undefined) : undefined}
      />
    </Stack>
  );
}
