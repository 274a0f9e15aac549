import type { CallData } from '@po/contract';
import type {
  ERRMessageList as ERRMessageListDef,
  GetStatusMessages as GetStatusMessagesDef,
  MobSendJob as MobSendJobDef,
  RsMessageList as RsMessageListDef,
} from '@po/contract/mobile';
import { RsJournalType } from '@po/contract/waybills';
import { notifications } from '@mantine/notifications';
import { UpdateTicketMobile } from '@po/contract/generated/call-refs/auth';
import { GetProofRules } from '@po/contract/generated/call-refs/proof/rules';
import {
  CheckBarcode,
  CheckJobParcel,
  CheckRegitry,
  ERRMessageList,
  GetRegList,
  GetStatusMessages,
  MobSendJob,
  RsMessageList,
} from '@po/contract/generated/call-refs/mobile';
import { ApiError, callApi } from '@/api/client';
import i18n from '@/i18n';
import { toastError, toastInfo, toastOk, toastWarn } from '../lib/toast';
import { keepRefused } from '../lib/held';
import { updateTicket } from '@/lib/session';
import {
  listJobs,
  putJob,
  removeJob,
  withOutboxLock,
  type JobPayload,
  type OutboxEntry,
} from '../lib/outbox';
import { vibrateError, vibrateOk } from '../lib/feedback';

export type JobAnswer = CallData<typeof MobSendJobDef>;
export type ErrRow = CallData<typeof ERRMessageListDef>[number];
export type RsRow = CallData<typeof RsMessageListDef>[number];
export type StatusRow = CallData<typeof GetStatusMessagesDef>[number];

export const checkBarcode = (Barcode: string) => callApi(CheckBarcode, { Barcode });
export const checkJobParcel = (Barcode: string, Status: number) =>
  callApi(CheckJobParcel, { Barcode, Status });
export const checkRegistry = (Qrode: string) => callApi(CheckRegitry, { Qrode });
export const regList = (RegName: string) => callApi(GetRegList, { RegName });
export const errJournal = (Dt: string) => callApi(ERRMessageList, { Dt });
/** The transport journal of a day: the waybill starts (type 1) and closes (type 2) together, newest first. */
export async function rsJournal(Dt: string): Promise<RsRow[]> {
  const lists = await Promise.all(
    [RsJournalType.Start, RsJournalType.Close].map((Type) => callApi(RsMessageList, { Type, Dt })),
  );
  return lists.flat().sort((a, b) => b.Time.localeCompare(a.Time) || b.Id - a.Id);
}
export const statusJournal = (Dt: string) => callApi(GetStatusMessages, { Dt });

/** The mobile session check before each screen (spec 003 §5): renews the ticket; a 401 logs out. */
export async function checkMobileSession(): Promise<boolean> {
  try {
    const r = await callApi(UpdateTicketMobile, {});
    if (r.Ticket) updateTicket(r.Ticket);
    return true;
  } catch (err) {
    // no connection: the courier keeps working offline
    return !(err instanceof ApiError) || err.code === 0;
  }
}

export type SendResult =
  { kind: 'sent'; answer: JobAnswer } | { kind: 'offline' } | { kind: 'refused'; error: ApiError };

/** Sends one waiting job (its JobId is its idempotency key too); removes it once the server has it. */
async function sendEntry(entry: OutboxEntry): Promise<SendResult> {
  try {
    const answer = await callApi(MobSendJob, entry.job, {
      idempotencyKey: entry.JobId,
      retries: 0,
      quiet: true,
    });
    await removeJob(entry.JobId).catch(() => undefined);
    return { kind: 'sent', answer };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === 0) {
      await putJob({ ...entry, lastError: err.message }).catch(() => undefined);
      return { kind: 'offline' };
    }
    if (err.code === 401) return { kind: 'refused', error: err };
    // The server refused the job itself (bad input): it will never apply; the screen says why.
    await removeJob(entry.JobId).catch(() => undefined);
    return { kind: 'refused', error: err };
  }
}

/**
 * One result for a sent job: how many lines were applied; the refused ones stay on the flow's screen
 * with their reasons (`keepRefused`) until the courier removes them.
 */
function reportAnswer(flow: OutboxEntry['flow'], answer: JobAnswer): void {
  // the scans' toasts are answered by this one: they would lie over the refused lines
  notifications.clean();
  if (answer.Failed === 0) {
    vibrateOk();
    toastOk(i18n.t('mobile:send.done'), 5000);
    return;
  }
  vibrateError();
  keepRefused(
    flow,
    answer.Errors.map((e) => ({ Barcode: e.Barcode, Registry: e.Registry, Error: e.Error })),
  );
  toastWarn(i18n.t('mobile:send.partly', { applied: answer.Applied, failed: answer.Failed }), 8000);
}

/**
 * Keeps a job in the outbox, then tries to send it at once. Offline it stays there and goes when the
 * network returns (`flushOutbox`).
 */
export async function sendJob(
  flow: OutboxEntry['flow'],
  job: JobPayload & { JobId: string },
): Promise<SendResult> {
  const entry: OutboxEntry = {
    JobId: job.JobId,
    flow,
    job,
    createdAt: new Date().toISOString(),
    lastError: '',
  };
  // Without IndexedDB the job is still sent now; only the offline keeping is lost.
  await putJob(entry).catch(() => undefined);
  // under the outbox's lock: a flush in another tab never sends it at the same time
  const res = await withOutboxLock(() => sendEntry(entry));
  if (res.kind === 'sent') reportAnswer(flow, res.answer);
  else if (res.kind === 'offline') {
    // a normal state of a courier's day, not a mistake: the job waits and goes when the signal returns
    toastInfo(i18n.t('mobile:send.queued'), 5000);
  } else {
    vibrateError();
    toastError(res.error.message, 5000);
  }
  return res;
}

let flushing: Promise<number> | null = null;
/**
 * Sends every waiting job, oldest first; stops at the first lost connection. Answers how many went.
 * One tab at a time (the outbox's lock): a tab that waited finds the jobs the other tab sent gone.
 */
export function flushOutbox(): Promise<number> {
  flushing ??= withOutboxLock(async () => {
    let sent = 0;
    // no IndexedDB (a private window of an old browser): nothing can be waiting
    const waiting = await listJobs().catch(() => [] as OutboxEntry[]);
    for (const entry of waiting) {
      const res = await sendEntry(entry);
      if (res.kind === 'offline') break;
      if (res.kind === 'sent') {
        sent++;
        reportAnswer(entry.flow, res.answer);
      } else {
        if (res.error.code === 401) break;
        toastError(res.error.message, 5000);
      }
    }
    return sent;
  }).finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The proof rules per operation and reason (issue 40). */
export const proofRules = () => callApi(GetProofRules, {}, { quiet: true });
