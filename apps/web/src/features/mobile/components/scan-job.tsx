import { Button, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconSearch, IconSend, IconSignature } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cleanBarcode } from '@po/contract/barcode';
import { formatMessage } from '@po/contract';
import { cleanComment, MobileLimits, STATUS_REASONS } from '@po/contract/mobile';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';
import type { MobileFlow } from '@/lib/mobile-work';
import { toastInfo } from '../lib/toast';
import { useSession } from '@/lib/session';
import { checkRegistry, sendJob } from '../api/mobile-api';
import {
  emptyWork,
  forgetSignature,
  forgetWork,
  loadSignature,
  loadWork,
  newGuid,
  REFUSED_EVENT,
  saveWork,
  type HeldWork,
  type RefusedDetail,
  type ScanLine,
} from '../lib/held';
import { failScan as fail, useHeldWork } from '../lib/use-held-work';
import { useMobileScreen } from '../lib/use-mobile-screen';
import {
  checkParcelForJob,
  hasStandardLength,
  isOffline,
  isRegistryCode,
  registryBarcodes,
} from '../lib/scan-rules';
import { useJobProof, type JobProof } from '../lib/job-proof';
import { forgetPhotos } from '../lib/held-photos';
import { FloatingButton } from './floating-button';
import { ProofPhotos } from './proof-photos';
import { JobHeader } from './job-header';
import { RefusedLines } from './refused-lines';
import { ScanInput, type ScanInputHandle, type ScanVia } from './scan-input';

/** Default device position (spec 003 §3), replaced by the device location when available. */
const DEFAULT_POS = { lat: 41.726, lng: 44.766 };
const SOURCE = { typed: 'სკანერი', camera: 'კამერა', unchecked: 'შეუმოწმებელი' } as const;

function readPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(DEFAULT_POS);
    const done = setTimeout(() => resolve(DEFAULT_POS), 3000);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(done);
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude });
      },
      () => {
        clearTimeout(done);
        resolve(DEFAULT_POS);
      },
      { maximumAge: 60_000, timeout: 2500 },
    );
  });
}

export interface ScanJobProps {
  flow: Extract<MobileFlow, 'parsexport' | 'pargive' | 'delivercurrier' | 'statuschange'>;
  /** the operation type (8711, 8712, 8707; 0 for the status change until a status is chosen) */
  operType: number;
}

/**
 * The shared courier job screen (spec 003 §2 "Shared mobile screen elements", §5): back, new operation,
 * the scan input with the camera buttons, the grid, the floating send button; the handover's comment
 * and signature, the status change's comment and status lookup. Unsent work is held per flow on the
 * device; a sent job goes through the outbox (kept until the server has it).
 */
export function ScanJob({ flow, operType }: ScanJobProps) {
  const { t } = useTranslation('mobile');
  const session = useSession();
  useMobileScreen();
  const { work, workRef, update, restart } = useHeldWork<HeldWork>({
    load: () => loadWork(flow, operType),
    save: (w) => saveWork(flow, w),
    forget: () => forgetWork(flow),
  });
  const [signature, setSignature] = useState(() => loadSignature(flow));
  const proof = useJobProof(flow, work.jobId, flow === 'statuschange' ? work.status : operType);
  const [busy, setBusy] = useState(false);
  const [lookupOpen, setLookupOpen] = useState(false);
  const scanRef = useRef<ScanInputHandle>(null);
  const withComment = flow === 'pargive' || flow === 'statuschange';

  const focusScan = () => scanRef.current?.focusSoon();
  const scan = useJobScan(workRef, update);
  useKeptRefusals(flow, update);

  const forgetProof = () => {
    forgetSignature(flow);
    void forgetPhotos(flow);
    setSignature('');
  };
  const reset = () => {
    restart(emptyWork(operType));
    forgetProof();
  };
  /** after a send: a new job; the refused lines of the sent one stay listed */
  const afterSend = () => {
    update((w) => emptyWork(operType, w.refused));
    forgetProof();
  };

  const comment = cleanComment(work.comment);
  const validate = (): string | null => {
    if (work.items.length === 0) return t('send.empty');
    if (flow === 'statuschange' && !work.status) return t('send.chooseStatus');
    if (withComment && comment.length < MobileLimits.commentMin) return t('send.commentMin');
    if (flow === 'pargive' && signature.length < MobileLimits.signatureMin)
      return t('send.signatureRequired');
    return proof.problem(signature);
  };

  const send = () =>
    sendHeldJob({ flow, operType, work: workRef.current, comment, signature, proof, session }).then((res) => {
      // Sent or waiting in the outbox: either way this job is no longer the screen's.
      if (res.kind !== 'refused') afterSend();
    });

  const askSend = () => {
    const problem = validate();
    if (problem) {
      fail(problem);
      return;
    }
    modals.openConfirmModal({
      title: t(`title.${flow}`),
      children: <Text size="sm">{t('send.confirm')}</Text>,
      labels: { confirm: t('job.yes'), cancel: t('job.no') },
      onConfirm: () => {
        setBusy(true);
        void send().finally(() => {
          setBusy(false);
          focusScan();
        });
      },
    });
  };

  const columns = useMemo<GridColumn<ScanLine>[]>(
    () => [
      // widths that fit a 390 px phone beside the delete button, the header in one piece
      { field: 'Barcode', header: t('grid.barcode'), summary: 'count', width: 130 },
      { field: 'Number', header: t('grid.number'), type: 'number', width: 110, summary: 'sum' },
    ],
    [t],
  );

  return (
    <Stack gap="sm" maw={640} mx="auto" data-flow={flow}>
      <JobHeader
        onNewOperation={() => {
          reset();
          focusScan();
        }}
      />

      <JobFields
        flow={flow}
        work={work}
        update={update}
        withComment={withComment}
        signature={signature}
        proof={proof}
        busy={busy}
        onChooseStatus={() => setLookupOpen(true)}
        onCommentEnter={() => scanRef.current?.focus()}
      />

      <ScanInput ref={scanRef} onScan={scan} toSend={work.items.length} disabled={busy} />

      <DataGrid<ScanLine>
        columns={columns}
        data={work.items}
        rowKey="Gui"
        filterRow={false}
        paging={false}
        sorting={false}
        columnChooser={false}
        emptyText={t('grid.empty')}
        editing={{
          mode: 'row',
          allowDeleting: (row) => row.EnableDelete,
          confirmDelete: false,
          onDelete: (key) => update((w) => ({ ...w, items: w.items.filter((i) => i.Gui !== key) })),
        }}
      />

      <RefusedLines
        lines={work.refused}
        onRemove={(i) => update((w) => ({ ...w, refused: w.refused.filter((_, k) => k !== i) }))}
        onRemoveAll={() => update((w) => ({ ...w, refused: [] }))}
      />

      {work.items.length > 0 && (
        <FloatingButton
          label={t('send.button')}
          icon={<IconSend size={30} />}
          color="green"
          loading={busy}
          onClick={askSend}
          testId="send-job"
        />
      )}

      <StatusLookup
        opened={lookupOpen}
        onClose={() => setLookupOpen(false)}
        onPick={(s) => {
          update((w) => ({ ...w, status: s }));
          setLookupOpen(false);
          focusScan();
        }}
      />
    </Stack>
  );
}

/** The status change's full-screen searchable lookup of the nine reasons (spec 003 §2, §3). */
function StatusLookup({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (status: number) => void;
}) {
  const { t } = useTranslation('mobile');
  const [q, setQ] = useState('');
  const list = STATUS_REASONS.map((id) => ({ id, name: t(`reasons.${id}`) })).filter((r) =>
    r.name.toLowerCase().includes(q.trim().toLowerCase()),
  );
  return (
    <Modal opened={opened} onClose={onClose} fullScreen title={t('status.choose')}>
      <Stack gap="xs">
        <TextInput
          size="md"
          leftSection={<IconSearch size={18} />}
          placeholder={t('status.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-autofocus
        />
        {list.map((r) => (
          <UnstyledButton
            key={r.id}
            p="md"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            onClick={() => onPick(r.id)}
          >
            <Text size="lg">{r.name}</Text>
          </UnstyledButton>
        ))}
        {list.length === 0 && <Text c="dimmed">{t('status.none')}</Text>}
      </Stack>
    </Modal>
  );
}

/** The server's reason for refusing a parcel, in the screen's language, naming the parcel. */
function refusalText(key: string, code: string, language: string): string {
  const text = formatMessage(key, { barcode: code }, language.startsWith('en') ? 'en' : 'ka');
  return text.includes(code) ? text : `${code}: ${text}`;
}

/** Lists on this screen the refused lines of the flow's jobs as their answers arrive (see keepRefused). */
function useKeptRefusals(flow: ScanJobProps['flow'], update: (change: (work: HeldWork) => HeldWork) => void) {
  useEffect(() => {
    const take = (e: Event) => {
      const { detail } = e as CustomEvent<RefusedDetail>;
      if (detail.flow !== flow) return;
      e.preventDefault();
      update((w) => ({ ...w, refused: [...detail.lines, ...w.refused] }));
    };
    window.addEventListener(REFUSED_EVENT, take);
    return () => window.removeEventListener(REFUSED_EVENT, take);
  }, [flow, update]);
}

/** One scanned or typed code through the rules of spec 003 §5 "Scan entry". */
function useJobScan(workRef: RefObject<HeldWork>, update: (change: (work: HeldWork) => HeldWork) => void) {
  const { t, i18n } = useTranslation('mobile');
  return useCallback(
    async (raw: string, via: ScanVia): Promise<boolean> => {
      const c = cleanBarcode(raw);
      if (!c) return false;
      const items = workRef.current.items;
      const add = (line: Omit<ScanLine, 'Gui' | 'EnableDelete'>) =>
        update((w) => ({ ...w, items: [{ Gui: newGuid(), EnableDelete: true, ...line }, ...w.items] }));
      if (isRegistryCode(c)) {
        if (items.some((i) => i.Stack && i.Barcode === c)) {
          fail(t('scan.qrRepeated'));
          return false;
        }
        try {
          const n = await checkRegistry(c);
          if (n <= 0) {
            fail(t('scan.registryUnknown', { code: c }));
            return false;
          }
          const members = await registryBarcodes(c).catch(() => undefined);
          add({ Barcode: c, Stack: true, Number: n, Source: 'QR', Members: members });
          toastInfo(t('scan.registryReceived', { code: c, n }));
          return true;
        } catch (err) {
          if (isOffline(err)) {
            add({ Barcode: c, Stack: true, Number: 0, Source: 'QR' });
            toastInfo(t('scan.addedUnchecked', { code: c }));
            return true;
          }
          fail(err instanceof Error ? err.message : String(err));
          return false;
        }
      }
      if (items.some((i) => !i.Stack && i.Barcode === c)) {
        fail(t('scan.repeated', { code: c }));
        return false;
      }
      if (!hasStandardLength(c)) {
        fail(t('scan.badLength', { code: c }));
        return false;
      }
      if (items.some((i) => i.Members?.includes(c))) {
        fail(t('scan.alreadyReceived', { code: c }));
        return false;
      }
      try {
        const r = await checkParcelForJob(c, workRef.current.status);
        if (r.kind === 'unknown') {
          fail(t('scan.notRegistered', { code: c }));
          return false;
        }
        if (r.kind === 'refused') {
          // what the server would refuse at the send is refused now, while the parcel is in hand
          fail(refusalText(r.key, c, i18n.language));
          return false;
        }
        if (r.kind === 'offline') {
          // No connection: the parcel is listed unchecked; the server checks it when the job arrives.
          add({ Barcode: c, Stack: false, Number: 1, Source: SOURCE.unchecked });
          toastInfo(t('scan.addedUnchecked', { code: c }));
          return true;
        }
        add({ Barcode: c, Stack: false, Number: 1, Source: SOURCE[via] });
        toastInfo(t('scan.received', { code: c }));
        return true;
      } catch (err) {
        fail(err instanceof Error ? err.message : String(err));
        return false;
      }
    },
    [t, i18n, update, workRef],
  );
}

/** Sends a job with the device's position; the outbox keeps it until the server has it. */
async function sendHeldJob({
  flow,
  operType,
  work: w,
  comment,
  signature,
  proof,
  session,
}: {
  flow: ScanJobProps['flow'];
  operType: number;
  work: HeldWork;
  comment: string;
  signature: string;
  proof: JobProof;
  session: ReturnType<typeof useSession>;
}) {
  const pos = await readPosition();
  return sendJob(flow, {
    JobId: w.jobId,
    Status: flow === 'statuschange' ? w.status : operType,
    Comment: comment,
    ImageB64: flow === 'pargive' || proof.need.signature ? signature : '',
    Photos: proof.withPhotos ? proof.photos.map((p) => p.data) : [],
    Mobile: session?.Mobile ?? '',
    CarNumber: session?.CarNumber ?? '',
    DriverId: session?.DriverId ?? '',
    Dt: new Date().toISOString(),
    lat: pos.lat,
    lng: pos.lng,
    Ji: w.items.map((i) => ({
      Gui: i.Gui,
      Barcode: i.Barcode,
      Stack: i.Stack,
      Number: i.Number,
      Source: i.Source,
    })),
  });
}

/**
 * The flow's own fields: the status change's status lookup button, the comment, the signature (the
 * handover's, or one a proof rule asks for) and the proof photos.
 */
function JobFields({
  flow,
  work,
  update,
  withComment,
  signature,
  proof,
  busy,
  onChooseStatus,
  onCommentEnter,
}: {
  flow: ScanJobProps['flow'];
  work: HeldWork;
  update: (change: (work: HeldWork) => HeldWork) => void;
  withComment: boolean;
  signature: string;
  proof: JobProof;
  busy: boolean;
  onChooseStatus: () => void;
  onCommentEnter: () => void;
}) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const statusName = work.status ? t(`reasons.${work.status}`) : t('status.choose');
  // the handover, or a job whose rule asks for a signature
  const signable = flow === 'pargive' || proof.need.signature;
  return (
    <>
      {flow === 'statuschange' && (
        <Button
          size="lg"
          variant={work.status ? 'filled' : 'outline'}
          color={work.status ? 'indigo' : 'gray'}
          onClick={onChooseStatus}
          data-testid="status-lookup"
        >
          {statusName}
        </Button>
      )}
      {withComment && (
        <TextInput
          size="md"
          label={t('job.comment')}
          value={work.comment}
          maxLength={MobileLimits.commentMax}
          onChange={(e) => {
            const v = e.currentTarget.value;
            update((w) => ({ ...w, comment: v }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onCommentEnter();
            }
          }}
        />
      )}
      {signable && (
        <Button
          size="md"
          variant={signature ? 'light' : 'outline'}
          color={signature ? 'green' : 'indigo'}
          leftSection={signature ? <IconCheck size={18} /> : <IconSignature size={18} />}
          onClick={() => void navigate(flow === 'pargive' ? '/signature' : `/signature?for=${flow}`)}
        >
          {signature ? t('job.signed') : t('job.sign')}
        </Button>
      )}
      {proof.withPhotos && (
        <ProofPhotos
          photos={proof.photos}
          onAdd={proof.add}
          onRemove={proof.remove}
          required={proof.need.photo}
          disabled={busy}
        />
      )}
    </>
  );
}
